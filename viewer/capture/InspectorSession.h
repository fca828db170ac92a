// InspectorSession: one Chrome DevTools Protocol session with a V8 inspector (Node,
// workerd) over Qt's WebSocket: commands with their answers matched by id, events as
// they come. Every command has an answer or an error; a closed socket fails what is
// still waiting.
#pragma once

#include <QJsonObject>
#include <QObject>
#include <QString>
#include <QUrl>
#include <QWebSocket>

#include <functional>
#include <map>

namespace embers {

class InspectorSession : public QObject
{
    Q_OBJECT
public:
    // The answer's `result`, or the error's message (ok false).
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
    void eventReceived(const QString &method, const QJsonObject &params);

private:
    void receive(const QString &message);
    void failWaiting(const QString &why);

    QWebSocket m_socket;
    int m_nextId = 1;
    std::map<int, Reply> m_waiting;
    bool m_closing = false;
};

} // namespace embers
