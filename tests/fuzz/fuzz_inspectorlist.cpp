// libFuzzer target over an inspector's /json/list, which the target writes: the list
// read, and each target's WebSocket address checked against a named host on this
// machine and one elsewhere. Checked: a refusal names no control character, and an
// address that is accepted is a ws:// or wss:// URL on the named host.
#include "InspectorInvariants.h"
#include "InspectorTargets.h"
#include "TargetHost.h"
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
    fuzz::check("fuzz_inspectorlist", ok, what, text);
}

using fuzz::printable;

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    QList<InspectorTarget> targets;
    QString error;
    if (!parseInspectorTargets(bytes, &targets, &error)) {
        check(!error.isEmpty() && printable(error), "a refused list's message", error);
        return 0;
    }
    for (const QUrl &named :
         {QUrl(QStringLiteral("http://127.0.0.1:9229")),
          QUrl(QStringLiteral("http://localhost:9229")), QUrl(QStringLiteral("http://[::1]:9229")),
          QUrl(QStringLiteral("http://staging.example:9229"))}) {
        for (const InspectorTarget &t : std::as_const(targets)) {
            const QString problem = webSocketUrlProblem(named, t.webSocketUrl);
            if (!problem.isEmpty()) {
                check(printable(problem), "a refusal with a control character", problem);
                continue;
            }
            const QUrl url(t.webSocketUrl, QUrl::StrictMode);
            const QString scheme = url.scheme().toLower();
            check(scheme == QLatin1String("ws") || scheme == QLatin1String("wss"),
                  "accepted a URL that is not ws://", t.webSocketUrl);
            check(isNamedHost(named, url), "accepted a URL on another host", t.webSocketUrl);
            g_sink = printableTargetText(t.title, 120).size() + printableTargetText(t.id).size();
        }
    }
    return 0;
}
