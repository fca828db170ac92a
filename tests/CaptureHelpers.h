// Helpers for tests that open real captures and compare them: a failure to open is the
// test data's fault, not the code's, and stops the suite with the reason.
#pragma once

#include "Capture.h"
#include "Comparison.h"

#include <QtGlobal>

#include <memory>
#include <vector>

namespace embers::test {

inline std::shared_ptr<const Capture> openOne(const QString &path)
{
    OpenResult r = openCapture({path});
    if (!r.capture)
        qFatal("%s", qPrintable(r.error));
    return r.capture;
}

inline std::shared_ptr<const Comparison>
compareOrStop(const std::vector<std::shared_ptr<const Capture>> &captures)
{
    ComparisonResult r = compareCaptures(captures);
    if (!r.comparison)
        qFatal("%s", qPrintable(r.error));
    return r.comparison;
}

} // namespace embers::test
