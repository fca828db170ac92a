#include "CommandLineCapture.h"

#include "CaptureStore.h"
#include "ProfileCapture.h"
#include "TargetText.h"

#include <QCoreApplication>
#include <QEventLoop>

#include <cstdio>
#include <memory>

namespace embers {

namespace {

void say(const QString &line)
{
    std::fprintf(stderr, "%s\n", line.toLocal8Bit().constData());
}

// A message that may quote the target: its control characters escaped, so that it
// neither steers the terminal nor forges a line of its own.
void complain(const QString &message, const char *kind = "")
{
    std::fprintf(stderr, "embers: %s%s\n", kind,
                 printableTargetText(message).toLocal8Bit().constData());
}

// One target, waited for on a local event loop. Empty with the message printed when it
// fails; *listed gets what a service offers instead.
QString captureOne(const CommandLine &c, const QString &target, QStringList *listed)
{
    CaptureRequest request = c.capture;
    request.target = target;
    if (targetKind(target) == TargetKind::Inspector && request.seconds <= 0)
        request.seconds = 30;
    std::unique_ptr<ProfileCapture> capture(ProfileCapture::create(request));
    QEventLoop loop;
    QObject::connect(capture.get(), &ProfileCapture::done, &loop, &QEventLoop::quit);
    if (request.kind == RecordKind::Snapshot && targetKind(target) == TargetKind::Inspector)
        say(QStringLiteral("Taking a heap snapshot of %1").arg(displayTarget(target)));
    else if (targetKind(target) == TargetKind::Inspector)
        say(QStringLiteral("Recording %1 from %2 for %3 s")
                .arg(recordKindName(request.kind), displayTarget(target))
                .arg(request.seconds));
    else
        say(QStringLiteral("Fetching profile over HTTP from %1")
                .arg(profileUrl(request).isValid()
                         ? displayUrl(profileUrl(request).adjusted(QUrl::RemoveUserInfo))
                         : displayTarget(target)));
    capture->start();
    if (!capture->isDone())
        loop.exec();
    switch (capture->phase()) {
    case ProfileCapture::Phase::Listed:
        *listed = capture->offered();
        return {};
    case ProfileCapture::Phase::Finished:
        break;
    default:
        complain(capture->errorText());
        return {};
    }
    for (const QString &error : capture->result().sourceMapErrors)
        complain(error, "warning: ");
    const QString folder = c.capturesFolder.isEmpty() ? defaultCapturesFolder() : c.capturesFolder;
    QString error;
    const QString path = saveCapture(capture->result(), folder, &error);
    if (path.isEmpty()) {
        complain(error);
        return {};
    }
    say(QStringLiteral("Saved profile in %1").arg(path));
    return path;
}

} // namespace

std::optional<int> captureCommandLineTargets(CommandLine *c)
{
    const bool any = std::any_of(c->files.begin(), c->files.end(), isRemoteTarget) ||
                     std::any_of(c->basePaths.begin(), c->basePaths.end(), isRemoteTarget);
    if (!any)
        return std::nullopt;
    // The network and the inspector's socket need an event loop, not a display.
    std::unique_ptr<QCoreApplication> app;
    if (!QCoreApplication::instance()) {
        static int argc = 1;
        static char name[] = "embers";
        static char *argv[] = {name, nullptr};
        app = std::make_unique<QCoreApplication>(argc, argv);
    }
    for (QStringList *list : {&c->files, &c->basePaths}) {
        for (QString &target : *list) {
            if (!isRemoteTarget(target))
                continue;
            QStringList offered;
            const QString path = captureOne(*c, target, &offered);
            if (!offered.isEmpty()) {
                QUrl base(target);
                std::printf("%s offers these profiles:\n",
                            displayTarget(target).toLocal8Bit().constData());
                for (const QString &name : std::as_const(offered)) {
                    base.setPath(QStringLiteral("/debug/pprof/") + name);
                    std::printf("  %-14s %s\n", printableTargetText(name).toLocal8Bit().constData(),
                                displayUrl(base).toLocal8Bit().constData());
                }
                return 0;
            }
            if (path.isEmpty())
                return 1;
            target = path;
        }
    }
    return std::nullopt;
}

} // namespace embers
