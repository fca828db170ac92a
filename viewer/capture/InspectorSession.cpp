#include "InspectorSession.h"

#include <QJsonDocument>

namespace embers {

InspectorSession::InspectorSession(QObject *parent) : QObject(parent)
{
    // A 10 s CPU profile at 1 ms is a few MiB of JSON; a heap profile of a big heap more.
    m_socket.setMaxAllowedIncomingMessageSize(qint64(1) << 30);
    m_socket.setMaxAllowedIncomingFrameSize(qint64(1) << 30);
    connect(&m_socket, &QWebSocket::connected, this, &InspectorSession::opened);
    connect(&m_socket, &QWebSocket::textMessageReceived, this, &InspectorSession::receive);
    connect(&m_socket, &QWebSocket::disconnected, this, [this] {
        if (m_closing)
            return;
        QString why = m_socket.closeReason();
        if (why.isEmpty())
            why = m_socket.error() == QAbstractSocket::UnknownSocketError
                      ? tr("the target closed the connection")
                      : m_socket.errorString();
        failWaiting(why);
        emit closed(why);
    });
}

InspectorSession::~InspectorSession()
{
    m_closing = true;
    m_socket.abort();
}

void InspectorSession::open(const QUrl &webSocketUrl)
{
    m_closing = false;
    m_socket.open(webSocketUrl);
}

void InspectorSession::close()
{
    m_closing = true;
    m_waiting.clear();
    m_socket.close();
}

bool InspectorSession::isOpen() const
{
    return m_socket.state() == QAbstractSocket::ConnectedState;
}

void InspectorSession::send(const QString &method, const QJsonObject &params, Reply reply)
{
    const int id = m_nextId++;
    QJsonObject message{{QStringLiteral("id"), id}, {QStringLiteral("method"), method}};
    if (!params.isEmpty())
        message.insert(QStringLiteral("params"), params);
    m_waiting.emplace(id, std::move(reply));
    m_socket.sendTextMessage(
        QString::fromUtf8(QJsonDocument(message).toJson(QJsonDocument::Compact)));
}

void InspectorSession::receive(const QString &message)
{
    const QJsonObject object = QJsonDocument::fromJson(message.toUtf8()).object();
    if (object.contains(QLatin1String("id"))) {
        const auto it = m_waiting.find(object.value(QLatin1String("id")).toInt());
        if (it == m_waiting.end())
            return;
        Reply reply = std::move(it->second);
        m_waiting.erase(it);
        if (object.contains(QLatin1String("error"))) {
            const QJsonObject error = object.value(QLatin1String("error")).toObject();
            reply(false, {}, error.value(QLatin1String("message")).toString());
        } else {
            reply(true, object.value(QLatin1String("result")).toObject(), {});
        }
        return;
    }
    const QString method = object.value(QLatin1String("method")).toString();
    if (!method.isEmpty())
        emit eventReceived(method, object.value(QLatin1String("params")).toObject());
}

void InspectorSession::failWaiting(const QString &why)
{
    std::map<int, Reply> waiting;
    waiting.swap(m_waiting);
    for (auto &[id, reply] : waiting)
        reply(false, {}, why);
}

} // namespace embers
