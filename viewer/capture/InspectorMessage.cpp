#include "InspectorMessage.h"

#include "TargetText.h"

#include <QCoreApplication>
#include <QJsonDocument>

#include <limits>

namespace embers {

namespace {

// Enough of a bad message to recognise it, escaped.
QString excerpt(const QByteArray &text)
{
    return printableTargetText(QString::fromUtf8(text.left(200)), 80);
}

} // namespace

InspectorMessage InspectorMessage::read(const QByteArray &text)
{
    InspectorMessage m;
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(text, &parseError);
    if (doc.isNull()) {
        m.problem =
            QCoreApplication::translate("embers::InspectorCapture",
                                        "a message that is not JSON (%1 at byte %2): \"%3\"")
                .arg(parseError.errorString())
                .arg(parseError.offset)
                .arg(excerpt(text));
        return m;
    }
    if (!doc.isObject()) {
        m.problem = QCoreApplication::translate("embers::InspectorCapture",
                                                "a message that is not a JSON object: \"%1\"")
                        .arg(excerpt(text));
        return m;
    }
    const QJsonObject object = doc.object();
    const QJsonValue id = object.value(QLatin1String("id"));
    if (!id.isUndefined()) {
        const double number = id.toDouble(-1);
        if (!id.isDouble() || number < 0 || number > std::numeric_limits<int>::max() ||
            number != double(int(number))) {
            m.problem =
                QCoreApplication::translate("embers::InspectorCapture",
                                            "an answer whose id is not a command's number: \"%1\"")
                    .arg(excerpt(text));
            return m;
        }
        m.kind = Kind::Answer;
        m.id = int(number);
        const QJsonValue error = object.value(QLatin1String("error"));
        if (!error.isUndefined()) {
            m.ok = false;
            m.error = error.toObject().value(QLatin1String("message")).toString();
            if (m.error.isEmpty())
                m.error = QCoreApplication::translate("embers::InspectorCapture",
                                                      "an error without a message");
        } else {
            m.result = object.value(QLatin1String("result")).toObject();
        }
        return m;
    }
    const QJsonValue method = object.value(QLatin1String("method"));
    if (!method.isString() || method.toString().isEmpty()) {
        m.problem =
            QCoreApplication::translate("embers::InspectorCapture",
                                        "a message that is neither an answer nor an event: \"%1\"")
                .arg(excerpt(text));
        return m;
    }
    m.kind = Kind::Event;
    m.method = method.toString();
    m.params = object.value(QLatin1String("params")).toObject();
    return m;
}

} // namespace embers
