#include "InspectorSession.h"

#include "InspectorMessage.h"
#include "TargetText.h"

#include <QElapsedTimer>
#include <QJsonDocument>

namespace embers {

namespace {

// One slice of message handling: the event loop gets its turn (timers, Stop) in between.
constexpr int kSliceMessages = 512;
constexpr qint64 kSliceMs = 10;

} // namespace

InspectorSession::InspectorSession(QObject *parent) : QObject(parent)
{
    // A 10 s CPU profile at 1 ms is a few MiB of JSON; a heap profile of a big heap more.
    m_socket.setMaxAllowedIncomingMessageSize(qint64(1) << 30);
    m_socket.setMaxAllowedIncomingFrameSize(qint64(1) << 30);
    m_handler.setSingleShot(true);
    m_handler.setInterval(0);
    connect(&m_handler, &QTimer::timeout, this, &InspectorSession::handleSome);
    connect(&m_socket, &QWebSocket::connected, this, [this] {
        m_opened = true;
        emit opened();
    });
    connect(&m_socket, &QWebSocket::textMessageReceived, this, &InspectorSession::receive);
    connect(&m_socket, qOverload<QAbstractSocket::SocketError>(&QWebSocket::error), this,
            [this](QAbstractSocket::SocketError) {
                // Before the session is open (refused, a bad handshake) nothing else says why.
                if (!m_opened && !m_closing)
                    end(tr("no WebSocket connection: %1")
                            .arg(printableTargetText(m_socket.errorString(), 300)),
                        true);
            });
    connect(&m_socket, &QWebSocket::disconnected, this, [this] {
        if (m_closing)
            return;
        // What arrived before the end is still the target's answer: it is handled first,
        // in slices as ever.
        m_disconnected = true;
        if (m_queue.empty())
            endOfConnection();
        else if (!m_handler.isActive())
            m_handler.start();
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
    m_opened = false;
    m_disconnected = false;
    m_socket.open(webSocketUrl);
}

void InspectorSession::close()
{
    m_closing = true;
    m_waiting.clear();
    m_queue.clear();
    m_handler.stop();
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
    if (m_closing)
        return;
    m_queue.push_back(message);
    if (!m_handler.isActive())
        m_handler.start();
}

void InspectorSession::handleSome()
{
    QElapsedTimer slice;
    slice.start();
    for (int n = 0; n < kSliceMessages && !m_queue.empty() && !m_closing; ++n) {
        const QString message = std::move(m_queue.front());
        m_queue.pop_front();
        handle(message);
        if (slice.elapsed() >= kSliceMs)
            break;
    }
    if (m_closing)
        return;
    if (!m_queue.empty())
        m_handler.start();
    else if (m_disconnected)
        endOfConnection();
}

void InspectorSession::endOfConnection()
{
    QString why = printableTargetText(m_socket.closeReason(), 300);
    if (why.isEmpty())
        why = m_socket.error() == QAbstractSocket::UnknownSocketError
                  ? tr("the target closed the connection")
                  : printableTargetText(m_socket.errorString(), 300);
    end(why, false);
}

void InspectorSession::handle(const QString &text)
{
    const InspectorMessage message = InspectorMessage::read(text.toUtf8());
    switch (message.kind) {
    case InspectorMessage::Kind::Invalid:
        end(tr("the target sent %1").arg(message.problem), true);
        return;
    case InspectorMessage::Kind::Answer: {
        const auto it = m_waiting.find(message.id);
        if (it == m_waiting.end())
            return;
        Reply reply = std::move(it->second);
        m_waiting.erase(it);
        reply(message.ok, message.result, message.error);
        return;
    }
    case InspectorMessage::Kind::Event:
        emit eventReceived(message.method, message.params);
        return;
    }
}

void InspectorSession::end(const QString &why, bool failure)
{
    // Whatever comes after the first problem is not looked at.
    m_closing = true;
    m_queue.clear();
    m_handler.stop();
    m_socket.abort();
    if (failure) {
        // The owner hears the problem itself, not a command failing of it.
        emit failed(why);
        failWaiting(why);
    } else {
        failWaiting(why);
        emit closed(why);
    }
}

void InspectorSession::failWaiting(const QString &why)
{
    std::map<int, Reply> waiting;
    waiting.swap(m_waiting);
    for (auto &[id, reply] : waiting)
        reply(false, {}, why);
}

} // namespace embers
