#include "StandardInput.h"

#include "CaptureStore.h"
#include "ProfileCapture.h"

#include <QCoreApplication>
#include <QDateTime>

#include <cstdio>
#include <unistd.h>

namespace embers {

namespace {

// More than any profile a pipe brings, and less than a machine can hold twice.
constexpr qint64 kMaxInputBytes = qint64(4) << 30;

void say(const QString &line)
{
    std::fprintf(stderr, "%s\n", line.toLocal8Bit().constData());
}

QString standardInputName()
{
    return QCoreApplication::translate("embers::StandardInput", "standard input");
}

} // namespace

std::optional<int> readStandardInput(CommandLine *c)
{
    const auto dash = QStringLiteral("-");
    const qsizetype named = c->files.count(dash) + c->basePaths.count(dash);
    if (named == 0)
        return std::nullopt;
    if (named > 1) {
        say(QStringLiteral("embers: '-' (standard input) can be named once only"));
        return 2;
    }
    if (isatty(STDIN_FILENO))
        say(QStringLiteral("Reading a profile from standard input (Ctrl+D ends it)"));
    CapturedProfile input;
    input.target = standardInputName();
    input.label = QStringLiteral("stdin");
    input.started = QDateTime::currentDateTimeUtc();
    char chunk[1 << 16];
    size_t n;
    while ((n = std::fread(chunk, 1, sizeof chunk, stdin)) > 0) {
        if (input.bytes.size() + qint64(n) > kMaxInputBytes) {
            say(QStringLiteral("embers: %1: more than %2 GiB; save it to a file and open that")
                    .arg(input.target)
                    .arg(kMaxInputBytes >> 30));
            return 1;
        }
        input.bytes.append(chunk, qsizetype(n));
    }
    if (std::ferror(stdin)) {
        say(QStringLiteral("embers: %1: cannot be read").arg(input.target));
        return 1;
    }
    const QString folder =
        c->capturesFolder.isEmpty() ? defaultCapturesFolder() : c->capturesFolder;
    QString error;
    const QString path = saveCapture(input, folder, &error);
    if (path.isEmpty()) {
        say(QStringLiteral("embers: %1").arg(error));
        return 1;
    }
    say(QStringLiteral("Saved profile in %1").arg(path));
    for (QStringList *list : {&c->files, &c->basePaths}) {
        for (QString &file : *list) {
            if (file == dash)
                file = path;
        }
    }
    return std::nullopt;
}

} // namespace embers
