// Replays inputs through the fuzz target's own code (tests/fuzz/fuzz_open.cpp is built
// into this test): every file in tests/data/fuzz-regressions (inputs the fuzzer once
// broke Embers with, and notable ones it found) and the negative corpus. In the normal
// and the ASan + UBSan suites, so a regression shows up without a fuzzing run. Each
// file must also open as the window and the command line open it: a capture, or an
// error naming the file.
#include "Capture.h"
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

    // The negative corpus through the fuzz target's whole path.
    void negativeCorpus()
    {
        for (const BadInput &in : rejectedInputs())
            LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t *>(in.bytes.constData()),
                                   size_t(in.bytes.size()));
        for (const DamagedInput &in : damagedInputs())
            LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t *>(in.bytes.constData()),
                                   size_t(in.bytes.size()));
        const QByteArray deep = deepStackProfile(100000);
        LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t *>(deep.constData()),
                               size_t(deep.size()));
    }
};

QTEST_GUILESS_MAIN(TestFuzzRegressions)
#include "tst_fuzz_regressions.moc"
