// The command line as parseCommandLine() reads it (QCommandLineParser): the spellings an
// option accepts, what counts as a file, Qt's own options left to QApplication, and the
// usage errors' messages. tst_cli runs the binary itself.
#include "CommandLine.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace embers;

namespace {

CommandLine parse(const QStringList &arguments)
{
    return parseCommandLine(QStringList{QStringLiteral("embers")} + arguments);
}

} // namespace

class TestCommandLine : public QObject
{
    Q_OBJECT

private slots:
    // `--name=value`, `--name value`, and the same with one dash, as pprof and Qt spell
    // their options; pprof's underscores; the last of a repeated option wins.
    void optionSpellings_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::newRow("--name=value") << QStringList{QStringLiteral("--focus=parse")};
        QTest::newRow("--name value")
            << QStringList{QStringLiteral("--focus"), QStringLiteral("parse")};
        QTest::newRow("-name=value") << QStringList{QStringLiteral("-focus=parse")};
        QTest::newRow("-name value")
            << QStringList{QStringLiteral("-focus"), QStringLiteral("parse")};
        QTest::newRow("the last wins")
            << QStringList{QStringLiteral("--focus=lex"), QStringLiteral("--focus=parse")};
    }

    void optionSpellings()
    {
        QFETCH(QStringList, arguments);
        const CommandLine c = parse(QStringList{QStringLiteral("-top")} + arguments +
                                    QStringList{QStringLiteral("a.pb.gz")});
        QCOMPARE(c.usageError, QString());
        QCOMPARE(c.mode, CommandLine::Mode::Top);
        QCOMPARE(c.filters.focus, std::string("parse"));
        QCOMPARE(c.files, QStringList{QStringLiteral("a.pb.gz")});
    }

    void pprofSpellings()
    {
        const CommandLine c =
            parse({QStringLiteral("--top"), QStringLiteral("--show_from=main"),
                   QStringLiteral("--prune_from=Abs"), QStringLiteral("a.pb.gz")});
        QCOMPARE(c.usageError, QString());
        QCOMPARE(c.filters.showFrom, std::string("main"));
        QCOMPARE(c.filters.pruneFrom, std::string("Abs"));
    }

    // Files: every argument that is not an option or an option's value, "-", and all after
    // "--". Qt's options (and their values) are the window's, not files.
    void files()
    {
        CommandLine c = parse({QStringLiteral("a.pb.gz"), QStringLiteral("-"), QStringLiteral("--"),
                               QStringLiteral("--top"), QStringLiteral("-b.pb.gz")});
        QCOMPARE(c.usageError, QString());
        QCOMPARE(c.mode, CommandLine::Mode::Window);
        QCOMPARE(c.files, (QStringList{QStringLiteral("a.pb.gz"), QStringLiteral("-"),
                                       QStringLiteral("--top"), QStringLiteral("-b.pb.gz")}));

        c = parse({QStringLiteral("-platform"), QStringLiteral("offscreen"),
                   QStringLiteral("-style"), QStringLiteral("fusion"), QStringLiteral("-reverse"),
                   QStringLiteral("--diff"), QStringLiteral("base.pb.gz"),
                   QStringLiteral("new.pb.gz")});
        QCOMPARE(c.usageError, QString());
        QCOMPARE(c.mode, CommandLine::Mode::Window);
        QVERIFY(c.diff);
        QCOMPARE(c.files, (QStringList{QStringLiteral("base.pb.gz"), QStringLiteral("new.pb.gz")}));

        // A headless run ignores them.
        c = parse({QStringLiteral("-platform"), QStringLiteral("offscreen"),
                   QStringLiteral("--top"), QStringLiteral("a.pb.gz")});
        QCOMPARE(c.mode, CommandLine::Mode::Top);
        QCOMPARE(c.files, QStringList{QStringLiteral("a.pb.gz")});
    }

    void windowOptions()
    {
        QTemporaryDir dir;
        const CommandLine c = parse({QStringLiteral("--lang"), QStringLiteral("ja"),
                                     QStringLiteral("--watch=") + dir.path()});
        QCOMPARE(c.usageError, QString());
        QCOMPARE(c.mode, CommandLine::Mode::Window);
        QCOMPARE(c.language, QStringLiteral("ja"));
        QCOMPARE(c.watchFolder, dir.path());
        QVERIFY(c.files.isEmpty());
    }

    void helpAndVersion()
    {
        for (const char *help : {"--help", "-h", "-help"})
            QCOMPARE(parse({QLatin1String(help)}).mode, CommandLine::Mode::Help);
        const CommandLine c = parse(
            {QStringLiteral("--top"), QStringLiteral("--help"), QStringLiteral("--lang=zh_TW")});
        QCOMPARE(c.mode, CommandLine::Mode::Help); // whatever else the line asks for
        QCOMPARE(c.language, QStringLiteral("zh_TW"));
        QCOMPARE(parse({QStringLiteral("--version")}).mode, CommandLine::Mode::Version);
    }

    void reportValues()
    {
        CommandLine c = parse({QStringLiteral("--top"), QStringLiteral("a.pb.gz")});
        QCOMPARE(c.top.nodeFraction, 0.005); // pprof's
        QCOMPARE(c.granularity, Granularity::Functions);
        c = parse({QStringLiteral("--top"), QStringLiteral("--tsv"), QStringLiteral("a.pb.gz")});
        QCOMPARE(c.top.nodeFraction, 0.0);
        c = parse({QStringLiteral("--top"), QStringLiteral("--tsv"),
                   QStringLiteral("--nodefraction=0.1"), QStringLiteral("--nodecount=7"),
                   QStringLiteral("--cum"), QStringLiteral("--granularity=addresses"),
                   QStringLiteral("--base=b.pb.gz"), QStringLiteral("--base=c.pb.gz"),
                   QStringLiteral("a.pb.gz")});
        QCOMPARE(c.usageError, QString());
        QCOMPARE(c.top.nodeFraction, 0.1);
        QCOMPARE(c.top.nodeCount, 7);
        QVERIFY(c.top.sortByCum && c.top.tsv);
        QCOMPARE(c.granularity, Granularity::Addresses);
        QCOMPARE(c.basePaths, (QStringList{QStringLiteral("b.pb.gz"), QStringLiteral("c.pb.gz")}));
        QCOMPARE(c.baseRole, ProfileRole::Base);

        QTemporaryDir dir;
        c = parse({QStringLiteral("--export"), dir.filePath(QStringLiteral("out.svg")),
                   QStringLiteral("--width=900"), QStringLiteral("a.pb.gz")});
        QCOMPARE(c.usageError, QString());
        QCOMPARE(c.mode, CommandLine::Mode::Export);
        QCOMPARE(c.exportFormat, ExportFormat::Image);
        QCOMPARE(c.width, 900);
        c = parse({QStringLiteral("--export=") + dir.filePath(QStringLiteral("out")),
                   QStringLiteral("--format=folded"), QStringLiteral("a.pb.gz")});
        QCOMPARE(c.exportFormat, ExportFormat::Folded);
    }

    // Usage errors, with their messages (printed after "embers: ").
    void usageErrors_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("message");
        const QString file = QStringLiteral("a.pb.gz");
        QTest::newRow("unknown") << QStringList{QStringLiteral("--bogus"), file}
                                 << QStringLiteral("unknown option '--bogus'");
        QTest::newRow("unknown, one dash, value")
            << QStringList{QStringLiteral("--top"), QStringLiteral("-bogus=3"), file}
            << QStringLiteral("unknown option '-bogus=3'");
        QTest::newRow("flag with a value") << QStringList{QStringLiteral("--top=1"), file}
                                           << QStringLiteral("unexpected value after '--top'");
        QTest::newRow("no value") << QStringList{QStringLiteral("--top"), file,
                                                 QStringLiteral("--focus")}
                                  << QStringLiteral("missing value after '--focus'");
        QTest::newRow("granularity")
            << QStringList{QStringLiteral("--top"), QStringLiteral("--granularity=atoms"), file}
            << QStringLiteral(
                   "unknown granularity 'atoms' (functions, filefunctions, lines or addresses)");
        // A bad value is an error in every mode (the window's and an image's ignore it).
        QTest::newRow("granularity, window")
            << QStringList{QStringLiteral("--granularity=atoms"), file}
            << QStringLiteral(
                   "unknown granularity 'atoms' (functions, filefunctions, lines or addresses)");
        QTest::newRow("nodecount")
            << QStringList{QStringLiteral("--top"), QStringLiteral("--nodecount=x"), file}
            << QStringLiteral("--nodecount needs a whole number, not 'x'");
        QTest::newRow("top without a file") << QStringList{QStringLiteral("--top")}
                                            << QStringLiteral("--top needs at least one FILE");
        QTest::newRow("base and diff-base")
            << QStringList{QStringLiteral("--top"), QStringLiteral("--base=b"),
                           QStringLiteral("--diff-base=c"), file}
            << QStringLiteral("--base and --diff-base cannot be combined");
        // --prune-from is a filter as the others: the window does not take it.
        QTest::newRow("prune-from, window")
            << QStringList{QStringLiteral("--prune-from=x"), file}
            << QStringLiteral("--focus, --ignore and the other filters go with --top or --export");
        QTest::newRow("regex") << QStringList{QStringLiteral("--top"), QStringLiteral("--hide=("),
                                              file}
                               << QStringLiteral("--hide: bad regular expression '(': missing "
                                                 "closing parenthesis");
        QTest::newRow("diff") << QStringList{QStringLiteral("--diff"), file}
                              << QStringLiteral("--diff needs two files: BASE NEW");
        QTest::newRow("format") << QStringList{QStringLiteral("--format=pprof"),
                                               QStringLiteral("--top"), file}
                                << QStringLiteral("--format goes with --export");
        QTest::newRow("export names an input")
            << QStringList{QStringLiteral("--export=") + file, file}
            << QStringLiteral("--export=a.pb.gz names an input file; Embers never writes over "
                              "its inputs");
    }

    void usageErrors()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, message);
        QCOMPARE(parse(arguments).usageError, message);
    }
};

QTEST_GUILESS_MAIN(TestCommandLine)
#include "tst_commandline.moc"
