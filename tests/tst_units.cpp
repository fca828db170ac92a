// Value formatting: pprof's text-report rules (checked against its printed outputs)
// and Embers' own friendlier window formatting.
#include "Units.h"

#include <QtTest>

using namespace embers;

class TestUnits : public QObject
{
    Q_OBJECT

private slots:
    void scaledLabel_data()
    {
        QTest::addColumn<qint64>("value");
        QTest::addColumn<QString>("from");
        QTest::addColumn<QString>("to");
        QTest::addColumn<QString>("expected");
        // From pprof outputs in shared/profiles (sample.cpu, heap-cache, kvworker).
        QTest::newRow("seconds") << qint64(1760000000) << "nanoseconds"
                                 << "s"
                                 << "1.76s";
        QTest::newRow("whole seconds") << qint64(2000000000) << "nanoseconds"
                                       << "s"
                                       << "2s";
        QTest::newRow("ms") << qint64(1631090000) << "nanoseconds"
                            << "ms"
                            << "1631.09ms";
        QTest::newRow("negative") << qint64(-110000000) << "nanoseconds"
                                  << "ms"
                                  << "-110ms";
        QTest::newRow("zero") << qint64(0) << "nanoseconds"
                              << "s"
                              << "0";
        QTest::newRow("kB") << qint64(4720968) << "bytes"
                            << "kB"
                            << "4610.32kB";
        QTest::newRow("MB auto") << qint64(1761607) << "bytes"
                                 << "auto"
                                 << "1.68MB";
        QTest::newRow("count") << qint64(173) << "count"
                               << "count"
                               << "173";
        QTest::newRow("unknown unit") << qint64(17) << "requests"
                                      << "requests"
                                      << "17requests";
        QTest::newRow("microseconds") << qint64(1500) << "microseconds"
                                      << "ms"
                                      << "1.50ms";
        QTest::newRow("auto us") << qint64(15290) << "nanoseconds"
                                 << "auto"
                                 << "15.29us";
    }
    void scaledLabel()
    {
        QFETCH(qint64, value);
        QFETCH(QString, from);
        QFETCH(QString, to);
        QFETCH(QString, expected);
        QCOMPARE(
            QString::fromStdString(units::scaledLabel(value, from.toStdString(), to.toStdString())),
            expected);
    }

    void percentage()
    {
        QCOMPARE(QString::fromStdString(units::percentage(1280, 1760)), QStringLiteral("72.73%"));
        QCOMPARE(QString::fromStdString(units::percentage(1, 1760)), QStringLiteral("0.057%"));
        QCOMPARE(QString::fromStdString(units::percentage(-110, 1760)), QStringLiteral(" 6.25%"));
        QCOMPARE(QString::fromStdString(units::percentage(1760, 1760)), QStringLiteral("  100%"));
        QCOMPARE(QString::fromStdString(units::percentage(1, 160000000)),
                 QStringLiteral("6.2e-07%"));
        QCOMPARE(QString::fromStdString(units::percentage(5, 0)), QStringLiteral("    0%"));
    }

    void reportUnit()
    {
        // pprof picks seconds for 10 ms .. 1.76 s, ms when the smallest is 20 ms of 1.78 s.
        QCOMPARE(QString::fromStdString(units::reportUnit(10000000, 1760000000, "nanoseconds")),
                 QStringLiteral("s"));
        QCOMPARE(QString::fromStdString(units::reportUnit(20000000, 1780000000, "nanoseconds")),
                 QStringLiteral("ms"));
        QCOMPARE(QString::fromStdString(units::reportUnit(5, 176, "count")),
                 QStringLiteral("count"));
        // 100 x the smallest value decides: 800 B stays in bytes, 6 MB moves to MB.
        QCOMPARE(QString::fromStdString(units::reportUnit(8, 23668720, "bytes")),
                 QStringLiteral("B"));
        QCOMPARE(QString::fromStdString(units::reportUnit(61200, 23668720, "bytes")),
                 QStringLiteral("MB"));
    }

    void compatibleUnits()
    {
        double ratio = 0;
        QVERIFY(units::compatibleUnits("milliseconds", "nanoseconds", &ratio));
        QCOMPARE(ratio, 1e6);
        QVERIFY(units::compatibleUnits("kilobytes", "bytes", &ratio));
        QCOMPARE(ratio, 1024.0);
        QVERIFY(!units::compatibleUnits("bytes", "nanoseconds", &ratio));
        QVERIFY(units::compatibleUnits("count", "count", &ratio));
    }

    void humanValue()
    {
        QCOMPARE(QString::fromStdString(units::humanValue(1536, "bytes")),
                 QStringLiteral("1.5 KiB"));
        QCOMPARE(QString::fromStdString(units::humanValue(1760000000, "nanoseconds")),
                 QStringLiteral("1.76 s"));
        QCOMPARE(QString::fromStdString(units::humanValue(4000000, "nanoseconds")),
                 QStringLiteral("4 ms"));
        QCOMPARE(QString::fromStdString(units::humanValue(-20000000, "nanoseconds")),
                 QStringLiteral("-20 ms"));
        QCOMPARE(QString::fromStdString(units::humanValue(1234567, "count")),
                 QStringLiteral("1,234,567"));
        QCOMPARE(QString::fromStdString(units::humanValue(-1234, "count")),
                 QStringLiteral("-1,234"));
        QCOMPARE(QString::fromStdString(units::humanValue(INT64_MIN, "count")),
                 QStringLiteral("-9,223,372,036,854,775,808"));
        QCOMPARE(QString::fromStdString(units::humanValue(12, "requests")),
                 QStringLiteral("12 requests"));
    }
};

QTEST_GUILESS_MAIN(TestUnits)
#include "tst_units.moc"
