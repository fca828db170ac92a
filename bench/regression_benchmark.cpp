// embers_regression_benchmark: `embers --check` and `embers --trend` as CI runs them (a
// child process each, opening included), against opening the same files in the same run.
//
//   embers_regression_benchmark [--rounds=N] [--embers=PATH] --check BASE NEW
//       --check --diff-base=BASE NEW against `embers --top --nodecount=1` on BASE and on
//       NEW (the open, the function table and a one-line report: "opening them")
//   embers_regression_benchmark [--rounds=N] [--embers=PATH] --trend FILE...
//       --trend FILE... against `embers --top --nodecount=1 FILE...` (all of them opened
//       and merged in one process)
//
// Each figure is the median of N rounds (default 3) of wall-clock time. The series of the
// README's figure: 50 captures of one program, 20k samples each:
//   for i in $(seq 1 50); do embers_generate_profile --samples=20000 --functions=5000
//       --paths=2000 --sample-seed=$i --out=/tmp/series-$(printf %02d $i).pb.gz; done
// (one command line).
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QProcess>
#include <QStringList>

#include <algorithm>
#include <cstdio>
#include <vector>

namespace {

// Seconds `embers arguments` took; exits when it failed (status 3 is --check's verdict).
double run(const QString &embers, const QStringList &arguments)
{
    QProcess p;
    p.setStandardOutputFile(QProcess::nullDevice());
    QElapsedTimer timer;
    timer.start();
    p.start(embers, arguments);
    if (!p.waitForFinished(-1) || p.exitStatus() != QProcess::NormalExit ||
        (p.exitCode() != 0 && p.exitCode() != 3)) {
        std::fprintf(stderr, "embers %s failed: %s\n", qPrintable(arguments.join(u' ')),
                     p.readAllStandardError().constData());
        std::exit(1);
    }
    return double(timer.nsecsElapsed()) * 1e-9;
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QStringList args = app.arguments().mid(1);
    int rounds = 3;
    QString embers = QCoreApplication::applicationDirPath() + QStringLiteral("/../app/embers");
    QString mode;
    QStringList files;
    for (const QString &a : args) {
        if (a.startsWith(QLatin1String("--rounds=")))
            rounds = std::max(1, a.mid(9).toInt());
        else if (a.startsWith(QLatin1String("--embers=")))
            embers = a.mid(9);
        else if (a == QLatin1String("--check") || a == QLatin1String("--trend"))
            mode = a;
        else
            files << a;
    }
    if (mode.isEmpty() || (mode == QLatin1String("--check") && files.size() != 2) ||
        files.size() < 2) {
        std::fprintf(stderr, "usage: embers_regression_benchmark [--rounds=N] [--embers=PATH] "
                             "--check BASE NEW | --trend FILE...\n");
        return 2;
    }
    const QStringList top{QStringLiteral("--top"), QStringLiteral("--nodecount=1")};
    std::vector<double> measured, baseline;
    for (int round = 0; round < rounds; ++round) {
        if (mode == QLatin1String("--check")) {
            baseline.push_back(run(embers, top + QStringList{files[0]}) +
                               run(embers, top + QStringList{files[1]}));
            measured.push_back(run(embers, {QStringLiteral("--check"),
                                            QStringLiteral("--diff-base=") + files[0], files[1]}));
        } else {
            baseline.push_back(run(embers, top + files));
            measured.push_back(run(embers, QStringList{QStringLiteral("--trend")} + files));
        }
    }
    const double m = median(measured), b = median(baseline);
    std::printf("embers %s on %lld files: %.3f s; opening them (embers --top): %.3f s; "
                "ratio %.2f (median of %d rounds)\n",
                qPrintable(mode), static_cast<long long>(files.size()), m, b, m / b, rounds);
    return 0;
}
