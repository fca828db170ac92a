#include "GoFolders.h"

#include <QProcess>
#include <QStandardPaths>

#include <mutex>

namespace embers {

namespace {

// `go env` answers at once; a Go that hangs (a network file system) must not hold the search.
constexpr int kGoEnvTimeoutMs = 5000;

} // namespace

GoFolders goFoldersFrom(const QProcessEnvironment &environment)
{
    GoFolders folders;
    // Go reads an empty variable as an unset one.
    folders.root = environment.value(QStringLiteral("GOROOT")).toStdString();
    folders.modCache = environment.value(QStringLiteral("GOMODCACHE")).toStdString();
    QStringList asked;
    if (folders.root.empty())
        asked << QStringLiteral("GOROOT");
    if (folders.modCache.empty())
        asked << QStringLiteral("GOMODCACHE");
    if (asked.isEmpty())
        return folders;
    // The environment's own PATH: an empty list would make findExecutable search ours.
    const QStringList path =
        environment.value(QStringLiteral("PATH")).split(QLatin1Char(':'), Qt::SkipEmptyParts);
    const QString go =
        path.isEmpty() ? QString() : QStandardPaths::findExecutable(QStringLiteral("go"), path);
    if (go.isEmpty())
        return folders;
    QProcess process;
    process.setProcessEnvironment(environment);
    process.start(go, QStringList{QStringLiteral("env")} + asked);
    if (!process.waitForFinished(kGoEnvTimeoutMs)) {
        process.kill();
        process.waitForFinished(1000);
        return folders;
    }
    if (process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0)
        return folders;
    // One line per variable asked, in the order asked.
    const QStringList lines =
        QString::fromLocal8Bit(process.readAllStandardOutput()).split(QLatin1Char('\n'));
    if (lines.size() < asked.size())
        return folders;
    for (qsizetype i = 0; i < asked.size(); ++i) {
        std::string &folder = asked[i] == QLatin1String("GOROOT") ? folders.root : folders.modCache;
        folder = lines[i].trimmed().toStdString();
    }
    return folders;
}

GoFolders goFolders()
{
    static std::once_flag once;
    static GoFolders folders;
    std::call_once(once, [] { folders = goFoldersFrom(QProcessEnvironment::systemEnvironment()); });
    return folders;
}

} // namespace embers
