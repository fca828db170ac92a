// NodeInspectorTarget: a Node process for the capture suites, started with its inspector
// on a port the kernel picks (node --inspect=127.0.0.1:0), which it names on stderr.
#pragma once

#include <QProcess>
#include <QRegularExpression>
#include <QString>

namespace embers::test {

// A Node process with its inspector on a port the kernel picked, read from its stderr
// ("Debugger listening on ws://127.0.0.1:PORT/ID"); killed with the object.
class NodeInspectorTarget
{
public:
    ~NodeInspectorTarget()
    {
        if (m_node.state() != QProcess::NotRunning) {
            m_node.kill();
            m_node.waitForFinished(10000);
        }
    }
    // Empty when it did not start; *error says why.
    QString start(const QString &node, const QString &script, QString *error)
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("SECONDS"), QStringLiteral("300")); // it ends by itself
        m_node.setProcessEnvironment(env);
        m_node.setReadChannel(QProcess::StandardError);
        // Not inlined: the heap profiler names only the outermost function of optimised code.
        m_node.start(node, {QStringLiteral("--inspect=127.0.0.1:0"),
                            QStringLiteral("--no-turbo-inlining"), script});
        static const QRegularExpression listening(QStringLiteral(R"(ws://(127\.0\.0\.1:\d+)/)"));
        QByteArray seen;
        // Only a guard against a Node that never says where it listens.
        while (m_node.waitForReadyRead(60000) || m_node.bytesAvailable() > 0) {
            seen += m_node.readAllStandardError();
            const QRegularExpressionMatch m = listening.match(QString::fromUtf8(seen));
            if (m.hasMatch())
                return QStringLiteral("inspect://") + m.captured(1);
        }
        *error = QStringLiteral("node did not start its inspector: ") + QString::fromUtf8(seen);
        return {};
    }

private:
    QProcess m_node;
};

} // namespace embers::test
