// libFuzzer target over what a V8 inspector target sends during a capture: each line of
// the input is one DevTools protocol message, read as InspectorSession reads it; the
// Debugger.scriptParsed events go through the source map intake (for a target on this
// machine and for one elsewhere), and the maps they name inline or over HTTP (the line
// itself as the fetched body) are decoded and parsed as the capture's worker does. Files
// are never read here. Checked: no message or problem line carries a control character,
// the intake keeps its limits.
#include "InspectorInvariants.h"
#include "InspectorMessage.h"
#include "SourceMapIntake.h"
#include "TargetText.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QUrl>

#include <cstddef>
#include <cstdint>

namespace {

using namespace embers;

volatile int64_t g_sink;

void check(bool ok, const char *what, const QString &text)
{
    fuzz::check("fuzz_inspector", ok, what, text);
}

using fuzz::printable;

void intake(SourceMapIntake *maps, qint64 *reserved, const QJsonObject &params,
            const QByteArray &line)
{
    const auto source = maps->scriptParsed(params.value(QLatin1String("url")).toString(),
                                           params.value(QLatin1String("sourceMapURL")).toString());
    if (!source)
        return;
    check(printable(source->shown()), "a map shown with a control character", source->shown());
    const qint64 allowed = maps->reserve(*source);
    check(allowed >= 0 && allowed <= kMaxMapBytes, "a reservation past the cap",
          QString::number(allowed));
    if (allowed == 0)
        return;
    *reserved += allowed;
    check(*reserved <= kMaxMapTotalBytes, "reservations past the total",
          QString::number(*reserved));
    qint64 used = 0;
    if (source->kind != SourceMapSource::Kind::File) {
        const LoadedSourceMap loaded = loadSourceMap(*source, line, allowed);
        check(loaded.file.has_value() != !loaded.problem.isEmpty(), "a map both read and not",
              loaded.problem);
        check(printable(loaded.problem), "a problem with a control character", loaded.problem);
        check(loaded.bytes <= allowed, "a map past its allowance", QString::number(loaded.bytes));
        used = loaded.bytes;
    }
    // Half the maps stay in memory, half are let go: both ways the books must balance.
    maps->settle(allowed, (line.size() & 1) ? used : 0);
    *reserved -= allowed;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    SourceMapIntake local(QUrl(QStringLiteral("http://127.0.0.1:9229")));
    SourceMapIntake remote(QUrl(QStringLiteral("http://staging.example:9229")));
    qint64 localReserved = 0;
    qint64 remoteReserved = 0;
    for (const QByteArray &line : bytes.split('\n')) {
        const InspectorMessage m = InspectorMessage::read(line);
        switch (m.kind) {
        case InspectorMessage::Kind::Invalid:
            check(!m.problem.isEmpty() && printable(m.problem), "a bad message's problem",
                  m.problem);
            break;
        case InspectorMessage::Kind::Answer:
            check(m.id >= 0 && (m.ok || !m.error.isEmpty()), "an answer", m.error);
            g_sink = m.result.size() + printableTargetText(m.error, 300).size();
            break;
        case InspectorMessage::Kind::Event:
            check(!m.method.isEmpty(), "an event without a method", m.method);
            if (m.method == QLatin1String("Debugger.scriptParsed")) {
                intake(&local, &localReserved, m.params, line);
                intake(&remote, &remoteReserved, m.params, line);
            }
            break;
        }
    }
    for (const SourceMapIntake *maps : {&local, &remote}) {
        const QStringList problems = maps->problems();
        check(problems.size() <= kMaxProblemLines + 2, "too many problem lines",
              QString::number(problems.size()));
        for (const QString &p : problems)
            check(printable(p), "a problem line with a control character", p);
    }
    return 0;
}
