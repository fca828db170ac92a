#include "InspectorTargets.h"

#include "TargetHost.h"
#include "TargetText.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace embers {

bool parseInspectorTargets(const QByteArray &json, QList<InspectorTarget> *targets, QString *error)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (!doc.isArray()) {
        *error =
            QCoreApplication::translate("embers::InspectorCapture",
                                        "/json/list did not answer with a list of targets (%1)")
                .arg(doc.isNull()
                         ? parseError.errorString()
                         : printableTargetText(QString::fromUtf8(json.left(200)).simplified(), 80));
        return false;
    }
    targets->clear();
    for (const QJsonValue &value : doc.array()) {
        const QJsonObject o = value.toObject();
        InspectorTarget t;
        t.id = o.value(QLatin1String("id")).toString();
        t.type = o.value(QLatin1String("type")).toString();
        t.title = o.value(QLatin1String("title")).toString();
        t.url = o.value(QLatin1String("url")).toString();
        t.webSocketUrl = o.value(QLatin1String("webSocketDebuggerUrl")).toString();
        if (!t.id.isEmpty() || !t.webSocketUrl.isEmpty())
            targets->push_back(t);
    }
    return true;
}

QString webSocketUrlProblem(const QUrl &inspector, const QString &webSocketUrl)
{
    const QUrl url(webSocketUrl, QUrl::StrictMode);
    const QString shown = printableTargetText(webSocketUrl, 200);
    if (!url.isValid() || url.host().isEmpty())
        return QCoreApplication::translate("embers::InspectorCapture",
                                           "the target's WebSocket address \"%1\" is not a "
                                           "valid URL")
            .arg(shown);
    const QString scheme = url.scheme().toLower();
    if (scheme != QLatin1String("ws") && scheme != QLatin1String("wss"))
        return QCoreApplication::translate("embers::InspectorCapture",
                                           "the target's WebSocket address \"%1\" is not a "
                                           "ws:// or wss:// URL")
            .arg(shown);
    if (!isNamedHost(inspector, url))
        return QCoreApplication::translate("embers::InspectorCapture",
                                           "the target's WebSocket address \"%1\" is on another "
                                           "host than %2: refused")
            .arg(shown, printableTargetText(inspector.host()));
    return {};
}

} // namespace embers
