// Replays inputs through the fuzz target's own code (tests/fuzz/fuzz_open.cpp is built
// into this test): every file in tests/data/fuzz-regressions (inputs the fuzzer once
// broke Embers with, and notable ones it found) and the negative corpus. In the normal
// and the ASan + UBSan suites, so a regression shows up without a fuzzing run. Each
// file must also open as the window and the command line open it: a capture, or an
// error naming the file.
#include "Capture.h"
#include "FuzzOpen.h"
#include "NegativeCorpus.h"
#include "TestData.h"

#include <QDir>
#include <QTemporaryDir>
#include <QtTest>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

using namespace embers;
using namespace embers::test;

namespace {

QStringList regressionFiles()
{
    QDir dir(testData() + QStringLiteral("/fuzz-regressions"));
    QStringList files;
    for (const QFileInfo &info : dir.entryInfoList(QDir::Files, QDir::Name)) {
        if (info.suffix() != QLatin1String("md"))
            files << info.absoluteFilePath();
    }
    return files;
}

} // namespace

class TestFuzzRegressions : public QObject
{
    Q_OBJECT

private slots:
    void regressions_data()
    {
        QTest::addColumn<QString>("path");
        const QStringList files = regressionFiles();
        QVERIFY2(!files.isEmpty(), qPrintable(testData()));
        for (const QString &path : files)
            QTest::newRow(qPrintable(QFileInfo(path).fileName())) << path;
    }

    void regressions()
    {
        QFETCH(QString, path);
        const QByteArray bytes = fileContent(path);
        QCOMPARE(LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t *>(bytes.constData()),
                                        size_t(bytes.size())),
                 0);
        for (Granularity g : {Granularity::FileFunctions, Granularity::Functions}) {
            OpenOptions o;
            o.model.granularity = g;
            o.model.pprofNames = g == Granularity::Functions;
            o.keepSamples = false;
            OpenResult opened = openCapture({path}, o);
            if (!opened.capture) {
                QVERIFY2(opened.error.startsWith(path + QStringLiteral(": ")) &&
                             opened.error.size() > path.size() + 10,
                         qPrintable(opened.error));
            }
            // Folded stacks whose counts add up past 2^63-1 are refused, not wrapped.
            if (QFileInfo(path).fileName().startsWith(QLatin1String("folded-sum-past-int64-")))
                QVERIFY2(opened.error.contains(
                             QLatin1String("that takes the total beyond what a profile can hold")),
                         qPrintable(opened.error));
        }
    }

    // The negative corpus through the fuzz target's whole path, each input giving what it
    // must where the target loads it: refused with an error naming what is wrong, or loaded
    // with a warning naming the damage (a refused input that starts loading fails here).
    void negativeCorpus_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<bool>("refused");
        QTest::addColumn<QString>("message");
        QTest::addColumn<QString>("message2");
        const std::vector<BadInput> rejected = rejectedInputs();
        QVERIFY(rejected.size() >= 25);
        for (const BadInput &in : rejected)
            QTest::newRow(qPrintable(QStringLiteral("refused ") + in.file))
                << in.bytes << true << in.message << in.message2;
        for (const DamagedInput &in : damagedInputs())
            QTest::newRow(qPrintable(QStringLiteral("damaged ") + in.file))
                << in.bytes << false << in.warning << QString();
        // 100,000 frames deep: a profile like any other, with nothing to warn about.
        QTest::newRow("deep stack") << deepStackProfile(100000) << false << QString() << QString();
    }
    void negativeCorpus()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(bool, refused);
        QFETCH(QString, message);
        QFETCH(QString, message2);
        const auto *data = reinterpret_cast<const uint8_t *>(bytes.constData());
        const LoadResult r = fuzz::loadInput(data, size_t(bytes.size()));
        if (refused) {
            QVERIFY2(!r.profile, "loaded, but must be refused");
            QVERIFY2(r.error.startsWith(QStringLiteral("fuzz: ")), qPrintable(r.error));
            QVERIFY2(r.error.contains(message), qPrintable(r.error));
            QVERIFY2(r.error.contains(message2), qPrintable(r.error));
        } else {
            QVERIFY2(r.profile, qPrintable(r.error));
            QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
            QStringList warnings;
            for (const std::string &w : r.profile->warnings)
                warnings << QString::fromStdString(w);
            if (message.isEmpty()) {
                QVERIFY2(warnings.isEmpty(), qPrintable(warnings.join(u'\n')));
            } else {
                QVERIFY2(!warnings.filter(message).isEmpty(), qPrintable(warnings.join(u'\n')));
                for (const QString &w : warnings)
                    QVERIFY2(w.startsWith(QStringLiteral("fuzz: ")), qPrintable(w));
            }
        }
        // And the rest of the target's path takes it.
        QCOMPARE(LLVMFuzzerTestOneInput(data, size_t(bytes.size())), 0);
    }
};

QTEST_GUILESS_MAIN(TestFuzzRegressions)
#include "tst_fuzz_regressions.moc"
