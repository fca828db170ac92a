// A tool a test case needs from the machine (Go, Node, workerd, a font, ...). Where it is
// missing the case skips on a developer's machine, but fails under CI (CI=true in the
// environment): the test command installs every such tool there, so a skip would only
// hide a case that never ran.
#pragma once

#include <QByteArray>
#include <QTest>
#include <QtGlobal>

namespace embers::test {

inline bool runningUnderCi()
{
    const QByteArray ci = qgetenv("CI").toLower();
    return ci == "true" || ci == "1";
}

// What the skip or the failure says: the tool, and where it comes from.
inline QByteArray missingToolMessage(const char *tool)
{
    return QByteArray("needs ") + tool + ", which is missing here" +
           (runningUnderCi() ? " (CI=true: a missing tool fails the suite)"
                             : " (scripts/dev.sh test installs it)");
}

} // namespace embers::test

// Skips (outside CI) or fails (under CI) the current test function unless `available`.
#define EMBERS_REQUIRE_TOOL(available, tool)                                                       \
    do {                                                                                           \
        if (!(available)) {                                                                        \
            const QByteArray embersMissingTool = embers::test::missingToolMessage(tool);           \
            if (embers::test::runningUnderCi())                                                    \
                QFAIL(embersMissingTool.constData());                                              \
            QSKIP(embersMissingTool.constData());                                                  \
        }                                                                                          \
    } while (false)
