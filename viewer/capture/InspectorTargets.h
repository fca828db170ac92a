// InspectorTargets: an inspector's /json/list (the targets it offers) read without
// trusting it, and the checks on the WebSocket URL a target names before Embers opens
// a session there.
#pragma once

#include <QList>
#include <QString>
#include <QUrl>

namespace embers {

struct InspectorTarget
{
    // As the target wrote them: show them through printableTargetText().
    QString id;
    QString type;  // "node", "page", "worker"...
    QString title; // the script or worker
    QString url;
    QString webSocketUrl; // empty when another debugger holds it
};

// /json/list's answer; false and *error when it is not such a list.
bool parseInspectorTargets(const QByteArray &json, QList<InspectorTarget> *targets, QString *error);

// Why the session may not go to `webSocketUrl`, which a target at `inspector` (the
// inspector's HTTP address the user named) offered; empty when it may: a valid ws:// or
// wss:// URL on the named host.
QString webSocketUrlProblem(const QUrl &inspector, const QString &webSocketUrl);

} // namespace embers
