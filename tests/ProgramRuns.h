// ProgramRuns: the test suites' child processes — the `embers` binary run as a user runs
// it (headless: no display in its environment) and Go programs built from tests/data.
#pragma once

#include <QProcess>
#include <QStandardPaths>
#include <QString>
#include <QStringList>

namespace embers::test {

struct EmbersRun
{
    int status; // -1 when it crashed
    QString out, err;
};

// Runs EMBERS_BINARY with `arguments`, without a display (headless commands must not
// need one), and waits for it.
inline EmbersRun runEmbers(const QStringList &arguments, const QString &workingDirectory = {})
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("DISPLAY"));
    env.remove(QStringLiteral("WAYLAND_DISPLAY"));
    env.remove(QStringLiteral("QT_QPA_PLATFORM"));
    env.insert(QStringLiteral("TZ"), QStringLiteral("UTC"));
    p.setProcessEnvironment(env);
    p.setWorkingDirectory(workingDirectory);
    p.start(QString::fromLocal8Bit(qgetenv("EMBERS_BINARY")), arguments);
    if (!p.waitForFinished(120000))
        qFatal("embers did not finish");
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
            QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}

// Builds the Go program in `sourceDir` into scratch/NAME with caches of its own under
// `scratch` (nothing written to the user's home). Empty when there is no Go; *error says
// why the build failed.
inline QString buildGoProgram(const QString &sourceDir, const QString &scratch, const QString &name,
                              QString *error)
{
    const QString go = QStandardPaths::findExecutable(QStringLiteral("go"));
    if (go.isEmpty())
        return {};
    QProcess build;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("GOCACHE"), scratch + QStringLiteral("/gocache"));
    env.insert(QStringLiteral("GOPATH"), scratch + QStringLiteral("/gopath"));
    env.insert(QStringLiteral("GOFLAGS"), QStringLiteral("-mod=mod"));
    build.setProcessEnvironment(env);
    build.setWorkingDirectory(sourceDir);
    const QString out = scratch + QLatin1Char('/') + name;
    build.start(go, {QStringLiteral("build"), QStringLiteral("-o"), out, QStringLiteral(".")});
    if (!build.waitForFinished(300000) || build.exitCode() != 0) {
        *error = QStringLiteral("go build in %1: %2")
                     .arg(sourceDir, QString::fromLocal8Bit(build.readAllStandardError()));
        return {};
    }
    return out;
}

} // namespace embers::test
