// Replays inputs through one of the fuzz targets (transforms, comparisons, exports, the
// source map decoder, the inspector's messages and its /json/list), built into this suite
// with its tests/fuzz/fuzz_<target>.cpp; the target's name comes as EMBERS_FUZZ_TARGET.
// Inputs: the target's findings, kept in tests/data/fuzz-regressions/<target>/, its own
// seeds, and every small profile of the shared set and of tests/data/formats behind a few
// recipes (FuzzRecipe.h). So each target's invariants are checked in the normal and the
// sanitizer suites without a fuzzing run; one that breaks aborts the suite, naming itself
// and the input.
#include "FuzzRecipe.h"
#include "TestData.h"

#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QtTest>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

using namespace embers;

namespace {

const QString kTarget = QStringLiteral(EMBERS_FUZZ_TARGET);

QStringList profilesToReplay()
{
    QStringList files;
    for (const QString &root :
         QStringList{test::sharedProfiles(), test::testData() + QStringLiteral("/formats")}) {
        QDirIterator it(root, QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QFileInfo info(it.next());
            const QString name = info.fileName();
            if (info.size() < 256 * 1024 && !name.endsWith(QLatin1String(".txt")) &&
                !name.endsWith(QLatin1String(".txt.gz")) && !name.endsWith(QLatin1String(".md")) &&
                !name.endsWith(QLatin1String(".sh")) && !name.endsWith(QLatin1String(".tsv")))
                files << info.absoluteFilePath();
        }
    }
    files.sort();
    return files;
}

// The source map target's seeds, as scripts/fuzz.sh gathers them: the test data's maps and
// tests/fuzz/sourcemap-seeds (maps and generated code).
QStringList sourceMapsToReplay()
{
    QStringList files;
    const QString seeds = test::testData() + QStringLiteral("/../fuzz/sourcemap-seeds");
    for (const QString &root :
         QStringList{test::testData() + QStringLiteral("/sourcemap"), seeds}) {
        QDirIterator it(root, QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QFileInfo info(it.next());
            if (info.size() < 256 * 1024 &&
                (info.suffix() == QLatin1String("map") || root == seeds))
                files << QDir::cleanPath(info.absoluteFilePath());
        }
    }
    files.sort();
    return files;
}

int replay(const QByteArray &input)
{
    return LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t *>(input.constData()),
                                  size_t(input.size()));
}

} // namespace

class TestFuzzReplay : public QObject
{
    Q_OBJECT

private slots:
    void findings_data()
    {
        QTest::addColumn<QString>("path");
        QDir dir(test::testData() + QStringLiteral("/fuzz-regressions/") + kTarget);
        for (const QFileInfo &info : dir.entryInfoList(QDir::Files, QDir::Name))
            QTest::newRow(qPrintable(info.fileName())) << info.absoluteFilePath();
        if (dir.isEmpty())
            QTest::newRow("none yet") << QString();
    }
    void findings()
    {
        QFETCH(QString, path);
        if (!path.isEmpty())
            QCOMPARE(replay(test::fileContent(path)), 0);
    }

    // The target's own seeds. The source map decoder's: the maps scripts/fuzz.sh seeds it
    // with, each whole and cut short (at a quarter, a half and one byte from its end), as a
    // truncated download leaves it. The inspector's: tests/fuzz/<target>-seeds (its
    // messages, its /json/list).
    void seeds_data()
    {
        QTest::addColumn<QString>("path");
        if (kTarget == QLatin1String("sourcemap")) {
            const QStringList files = sourceMapsToReplay();
            QVERIFY2(files.size() >= 6, qPrintable(test::testData()));
            for (const QString &path : files)
                QTest::newRow(qPrintable(QDir(test::testData()).relativeFilePath(path))) << path;
            return;
        }
        QDir dir(test::testData() + QStringLiteral("/../fuzz/") + kTarget +
                 QStringLiteral("-seeds"));
        for (const QFileInfo &info : dir.entryInfoList(QDir::Files, QDir::Name))
            QTest::newRow(qPrintable(info.fileName())) << info.absoluteFilePath();
        if (dir.isEmpty())
            QTest::newRow("none") << QString();
    }
    void seeds()
    {
        QFETCH(QString, path);
        if (path.isEmpty())
            return;
        const QByteArray input = test::fileContent(path);
        if (kTarget != QLatin1String("sourcemap")) {
            QCOMPARE(replay(input), 0);
            return;
        }
        for (const qsizetype length :
             {input.size(), input.size() / 4, input.size() / 2, input.size() - 1})
            QCOMPARE(replay(input.left(std::max<qsizetype>(length, 0))), 0);
    }

    // Every target but the source map decoder: three recipes per profile, all zeros (the
    // first choice of everything), all ones, and one from the file's name, so that every
    // profile meets a different transform.
    void profiles_data()
    {
        QTest::addColumn<QString>("path");
        if (kTarget == QLatin1String("sourcemap")) {
            QTest::newRow("not for maps") << QString();
            return;
        }
        const QStringList files = profilesToReplay();
        QVERIFY2(files.size() >= 40, qPrintable(test::sharedProfiles()));
        for (const QString &path : files)
            QTest::newRow(qPrintable(QDir(test::sharedProfiles()).relativeFilePath(path))) << path;
    }
    void profiles()
    {
        QFETCH(QString, path);
        if (path.isEmpty())
            return;
        const QByteArray profile = test::fileContent(path);
        const QByteArray named = QCryptographicHash::hash(path.toUtf8(), QCryptographicHash::Sha256)
                                     .left(int(fuzz::kRecipeBytes));
        for (const QByteArray &recipe :
             {QByteArray(fuzz::kRecipeBytes, '\0'), QByteArray(fuzz::kRecipeBytes, '\xff'), named})
            QCOMPARE(replay(recipe + profile), 0);
    }
};

// The export target's pictures need the QApplication (its LLVMFuzzerInitialize makes one
// only when fuzzing).
QTEST_MAIN(TestFuzzReplay)
#include "tst_fuzz_replay.moc"
