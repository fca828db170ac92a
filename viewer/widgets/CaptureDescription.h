// CaptureDescription: the words the window uses about a capture (its name, sample
// types, duration, time, totals), shared by the capture list and the summary.
#pragma once

#include "Capture.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <memory>
#include <vector>

namespace embers {

class CaptureDescription
{
    Q_DECLARE_TR_FUNCTIONS(CaptureDescription)
public:
    // "cpu.pb.gz", or "a.pb.gz + b.pb.gz" for a merged capture.
    static QString displayName(const QStringList &paths);
    // The names of captures shown together, with parent folders where two would read the
    // same: "cpu.pb.gz — examples", "cpu.pb.gz — go" (distinctCaptureNames).
    static QStringList displayNames(const QList<QStringList> &captures);
    static QStringList displayNames(const std::vector<std::shared_ptr<const Capture>> &captures);
    // "samples, cpu"
    static QString sampleTypes(const StackTable &stacks);
    // "cpu (nanoseconds)"
    static QString sampleType(const SampleColumn &column);
    // "7.52 s"; empty when the profile does not say.
    static QString duration(const CaptureHeader &header);
    // When the profile was taken, in the user's locale; empty when it does not say.
    static QString captureTime(const CaptureHeader &header);
    // "7.39 s cpu": the total of a sample type.
    static QString total(const StackTable &stacks, int column);
    // Two short lines for the capture list: totals and duration, then types and time.
    static QStringList overview(const Capture &capture);
};

} // namespace embers
