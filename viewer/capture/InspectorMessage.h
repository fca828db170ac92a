// InspectorMessage: one message of the Chrome DevTools Protocol as an inspector sends it,
// read without trusting it: an answer to a command (its id, a result or an error's
// message), an event (a method and its params), or what is wrong with it.
#pragma once

#include <QJsonObject>
#include <QString>

namespace embers {

struct InspectorMessage
{
    enum class Kind { Answer, Event, Invalid };
    Kind kind = Kind::Invalid;
    int id = 0;         // Answer
    bool ok = true;     // Answer: false when the command failed
    QJsonObject result; // Answer
    QString error;      // Answer: the error's message, as the target wrote it
    QString method;     // Event
    QJsonObject params; // Event
    QString problem;    // Invalid: what is wrong, for a message naming the target

    // The message's text (UTF-8 JSON).
    static InspectorMessage read(const QByteArray &text);
};

} // namespace embers
