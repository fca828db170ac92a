// embers_snapshot_benchmark: opening a V8 heap snapshot to its dominator tree and class
// table, against `node`'s JSON.parse of the same file and against memlab (npm @memlab/core)
// loading it and computing retained sizes, each in a child process of its own, in the same
// run: wall time and peak memory (the children's maximum resident set).
//
//   embers_snapshot_benchmark [--rounds=N] [--embers=PATH] [--memlab=NODE_MODULES] FILE
//
// FILE: bench/make_snapshot.js writes one (5,000,000 objects make about 500 MB). Embers'
// figure is `embers --top --nodecount=1 FILE`: read, dominators, the profile, the function
// table and a one-line report. Each figure is the median of N rounds (default 3).
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QProcess>
#include <QStringList>

#include <algorithm>
#include <cstdio>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace {

struct Run
{
    double seconds = 0;
    double peakMiB = 0;
};

// Runs program with arguments (environment as given), standard output discarded; exits
// when it fails.
Run run(const QString &program, const QStringList &arguments, const QStringList &environment)
{
    std::vector<QByteArray> args{program.toLocal8Bit()};
    for (const QString &a : arguments)
        args.push_back(a.toLocal8Bit());
    std::vector<char *> argv;
    for (QByteArray &a : args)
        argv.push_back(a.data());
    argv.push_back(nullptr);
    QElapsedTimer timer;
    timer.start();
    const pid_t pid = fork();
    if (pid == 0) {
        for (const QString &e : environment)
            putenv(strdup(e.toLocal8Bit().constData()));
        if (!freopen("/dev/null", "w", stdout) || !freopen("/dev/null", "w", stderr))
            _exit(127);
        execvp(argv[0], argv.data());
        _exit(127);
    }
    int status = 0;
    rusage usage{};
    wait4(pid, &status, 0, &usage);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        std::fprintf(stderr, "%s %s failed\n", qPrintable(program),
                     qPrintable(arguments.join(u' ')));
        std::exit(1);
    }
    return {double(timer.nsecsElapsed()) * 1e-9, double(usage.ru_maxrss) / 1024.0};
}

Run median(const std::vector<Run> &runs)
{
    std::vector<double> s, m;
    for (const Run &r : runs) {
        s.push_back(r.seconds);
        m.push_back(r.peakMiB);
    }
    std::sort(s.begin(), s.end());
    std::sort(m.begin(), m.end());
    return {s[s.size() / 2], m[m.size() / 2]};
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    int rounds = 3;
    QString embers = QCoreApplication::applicationDirPath() + QStringLiteral("/../app/embers");
    QString memlab = qEnvironmentVariable("EMBERS_MEMLAB");
    QString file;
    for (const QString &a : app.arguments().mid(1)) {
        if (a.startsWith(QLatin1String("--rounds=")))
            rounds = std::max(1, a.mid(9).toInt());
        else if (a.startsWith(QLatin1String("--embers=")))
            embers = a.mid(9);
        else if (a.startsWith(QLatin1String("--memlab=")))
            memlab = a.mid(9);
        else
            file = a;
    }
    if (file.isEmpty()) {
        std::fprintf(stderr, "usage: embers_snapshot_benchmark [--rounds=N] [--embers=PATH] "
                             "[--memlab=NODE_MODULES] FILE.heapsnapshot\n");
        return 2;
    }
    const double fileMiB = double(QFileInfo(file).size()) / (1 << 20);
    const QString script = QCoreApplication::applicationDirPath() +
                           QStringLiteral("/../../../tests/data/heapsnapshot/memlab-classes.js");
    std::vector<Run> ours, parse, reference;
    for (int r = 0; r < rounds; ++r) {
        ours.push_back(
            run(embers, {QStringLiteral("--top"), QStringLiteral("--nodecount=1"), file}, {}));
        parse.push_back(run(QStringLiteral("node"),
                            {QStringLiteral("--max-old-space-size=16384"), QStringLiteral("-e"),
                             QStringLiteral("JSON.parse(require('fs').readFileSync(process.argv[1],"
                                            "'utf8'))"),
                             file},
                            {}));
        if (!memlab.isEmpty())
            reference.push_back(run(QStringLiteral("node"),
                                    {QStringLiteral("--max-old-space-size=16384"), script, file,
                                     QStringLiteral("--retained-only")},
                                    {QStringLiteral("NODE_PATH=") + memlab}));
    }
    const Run e = median(ours), p = median(parse);
    std::printf("snapshot %s: %.0f MiB, %d round(s), medians\n", qPrintable(file), fileMiB, rounds);
    std::printf("  embers --top        %7.2f s  %7.0f MiB peak (%.2fx the file)\n", e.seconds,
                e.peakMiB, e.peakMiB / fileMiB);
    std::printf("  node JSON.parse     %7.2f s  %7.0f MiB peak   embers = %.2fx its time\n",
                p.seconds, p.peakMiB, e.seconds / p.seconds);
    if (!reference.empty()) {
        const Run m = median(reference);
        std::printf("  memlab (retained)   %7.2f s  %7.0f MiB peak   embers = 1/%.1f of its time\n",
                    m.seconds, m.peakMiB, m.seconds / e.seconds);
    }
    return 0;
}
