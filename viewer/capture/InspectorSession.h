// InspectorSession: one Chrome DevTools Protocol session with a V8 inspector (Node,
// workerd) over Qt's WebSocket: commands with their answers matched by id, events as
// they come. Every command has an answer or an error; a closed socket fails what is
// still waiting. The target is not trusted: messages are handled a slice at a time from
// the event loop, so that a flood cannot starve the caller's timers, and a message that
// cannot be read ends the session at once (failed()).
#pragma once

#include <QJsonObject>
#include <QObject>
#include <QString>
#include <QTimer>
#include <QUrl>
#include <QWebSocket>

#include <deque>
#include <functional>
#include <map>

namespace embers {

class InspectorSession : public QObject
{
    Q_OBJECT
public:
    // The answer's `result`, or the error's message (ok false), as the target wrote it.
    using Reply = std::function<void(bool ok, const QJsonObject &result, const QString &error)>;

    explicit InspectorSession(QObject *parent = nullptr);
    ~InspectorSession() override;

    void open(const QUrl &webSocketUrl);
    void close();
    bool isOpen() const;
    void send(const QString &method, const QJsonObject &params, Reply reply);

signals:
    void opened();
    // The connection ended (the target exited, the socket failed); `why` says how.
    void closed(const QString &why);
    // The connection could not be made (`why`: the handshake's problem), or the target
    // sent what is not a protocol message (`why`: what it was); the session is over.
    void failed(const QString &why);
    void eventReceived(const QString &method, const QJsonObject &params);

private:
    void receive(const QString &message);
    // Handles queued messages until the queue is empty or the slice is used up.
    void handleSome();
    void handle(const QString &message);
    void failWaiting(const QString &why);
    // The socket is closed and every message before that handled: closed() or failed().
    void endOfConnection();
    void end(const QString &why, bool failure);

    QWebSocket m_socket;
    int m_nextId = 1;
    std::map<int, Reply> m_waiting;
    std::deque<QString> m_queue;
    QTimer m_handler;
    bool m_opened = false;
    bool m_disconnected = false;
    bool m_closing = false;
};

} // namespace embers
