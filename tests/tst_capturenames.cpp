// Names of open captures: the file name, and parent folders only where two captures
// would otherwise read the same. Expected names worked out by hand.
#include "CaptureNames.h"

#include <QtTest>

using namespace embers;

class TestCaptureNames : public QObject
{
    Q_OBJECT

private slots:
    void names_data()
    {
        QTest::addColumn<QList<QStringList>>("captures");
        QTest::addColumn<QStringList>("expected");
        QTest::newRow("unique names keep no folder")
            << QList<QStringList>{{"/p/examples/cpu.pb.gz"}, {"/p/go/heap.pb.gz"}}
            << QStringList{"cpu.pb.gz", "heap.pb.gz"};
        QTest::newRow("same name, different folder")
            << QList<QStringList>{{"/w/resources/examples/cpu-parser.pb.gz"},
                                  {"/w/shared/profiles/real/go/cpu-parser.pb.gz"}}
            << QStringList{"cpu-parser.pb.gz \u2014 examples", "cpu-parser.pb.gz \u2014 go"};
        QTest::newRow("same innermost folder: go one level up")
            << QList<QStringList>{{"/a/x/go/cpu.pb"}, {"/b/y/go/cpu.pb"}, {"/c/cpu.pb"}}
            << QStringList{"cpu.pb \u2014 x/go", "cpu.pb \u2014 y/go", "cpu.pb \u2014 c"};
        QTest::newRow("only the clashing captures get folders")
            << QList<QStringList>{{"/a/cpu.pb"}, {"/a/heap.pb"}, {"/b/cpu.pb"}}
            << QStringList{"cpu.pb \u2014 a", "heap.pb", "cpu.pb \u2014 b"};
        QTest::newRow("one folder deeper than the other")
            << QList<QStringList>{{"/x/go/cpu.pb"}, {"/go/cpu.pb"}}
            << QStringList{"cpu.pb \u2014 x/go", "cpu.pb \u2014 /go"};
        QTest::newRow("same file twice keeps its innermost folder")
            << QList<QStringList>{{"/a/b/cpu.pb"}, {"/a/b/cpu.pb"}}
            << QStringList{"cpu.pb \u2014 b", "cpu.pb \u2014 b"};
        QTest::newRow("merged captures")
            << QList<QStringList>{{"/r1/a.pb", "/r1/b.pb"}, {"/r2/a.pb", "/r2/b.pb"}}
            << QStringList{"a.pb + b.pb \u2014 r1, r1", "a.pb + b.pb \u2014 r2, r2"};
        QTest::newRow("merged and single do not clash")
            << QList<QStringList>{{"/r1/a.pb", "/r1/b.pb"}, {"/r2/a.pb"}}
            << QStringList{"a.pb + b.pb", "a.pb"};
        QTest::newRow("file at the root") << QList<QStringList>{{"/cpu.pb"}, {"/a/cpu.pb"}}
                                          << QStringList{"cpu.pb \u2014 /", "cpu.pb \u2014 a"};
        QTest::newRow("no captures") << QList<QStringList>{} << QStringList{};
    }

    void names()
    {
        QFETCH(QList<QStringList>, captures);
        QFETCH(QStringList, expected);
        QStringList texts;
        for (const CaptureName &n : distinctCaptureNames(captures))
            texts << n.text();
        QCOMPARE(texts, expected);
    }

    void fileName()
    {
        QCOMPARE(captureFileName({"/a/cpu.pb.gz"}), QStringLiteral("cpu.pb.gz"));
        QCOMPARE(captureFileName({"/a/x.pb", "/b/y.pb"}), QStringLiteral("x.pb + y.pb"));
    }
};

QTEST_GUILESS_MAIN(TestCaptureNames)
#include "tst_capturenames.moc"
