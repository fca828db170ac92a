// The CJK font follows the window's language, not the system's: Traditional Chinese
// text in a zh_TW window is drawn with a Traditional Chinese font even on a desktop
// whose locale would pick Japanese glyphs. Family choices worked out by hand.
#include "CjkFont.h"
#include "RequiredTool.h"

#include <QApplication>
#include <QFontDatabase>
#include <QFontInfo>
#include <QGlyphRun>
#include <QRawFont>
#include <QTextLayout>
#include <QtTest>

using namespace embers;

class TestCjkFont : public QObject
{
    Q_OBJECT

private slots:
    void familyFor_data()
    {
        QTest::addColumn<QString>("locale");
        QTest::addColumn<QStringList>("families");
        QTest::addColumn<QString>("expected");
        const QStringList noto{"DejaVu Sans",           "Noto Sans CJK JP",  "Noto Sans CJK SC",
                               "Noto Sans Mono CJK TC", "Noto Serif CJK TC", "Noto Sans CJK TC",
                               "Noto Sans CJK HK",      "Noto Sans CJK KR"};
        QTest::newRow("zh_TW: sans TC, not mono or serif") << "zh_TW" << noto << "Noto Sans CJK TC";
        QTest::newRow("ja") << "ja_JP" << noto << "Noto Sans CJK JP";
        QTest::newRow("zh_HK prefers HK") << "zh_HK" << noto << "Noto Sans CJK HK";
        QTest::newRow("zh_CN") << "zh_CN" << noto << "Noto Sans CJK SC";
        QTest::newRow("ko") << "ko_KR" << noto << "Noto Sans CJK KR";
        QTest::newRow("English: none") << "en_US" << noto << "";
        QTest::newRow("zh_TW, Arphic only")
            << "zh_TW" << QStringList{"AR PL UMing CN", "AR PL UMing TW"} << "AR PL UMing TW";
        QTest::newRow("ja, IPA only")
            << "ja_JP" << QStringList{"DejaVu Sans", "IPAGothic"} << "IPAGothic";
        QTest::newRow("zh_TW, only a Japanese font")
            << "zh_TW" << QStringList{"Noto Sans CJK JP"} << "";
    }

    void familyFor()
    {
        QFETCH(QString, locale);
        QFETCH(QStringList, families);
        QFETCH(QString, expected);
        QCOMPARE(cjkFamilyFor(QLocale(locale), families), expected);
    }

    // On this machine: a zh_TW window draws Han text with the Traditional Chinese font.
    void traditionalGlyphsInATaiwanWindow()
    {
        const QString tc =
            cjkFamilyFor(QLocale(QStringLiteral("zh_TW")), QFontDatabase::families());
        EMBERS_REQUIRE_TOOL(!tc.isEmpty(), "a Traditional Chinese font (fonts-noto-cjk)");
        const QFont before = QApplication::font();
        preferCjkFont(QLocale(QStringLiteral("zh_TW")));
        const QString latin = QFontInfo(before).family();
        QTextLayout layout(QStringLiteral("檔案 說明 main.go"), QApplication::font());
        layout.beginLayout();
        layout.createLine();
        layout.endLayout();
        QStringList used;
        for (const QGlyphRun &run : layout.glyphRuns())
            used << run.rawFont().familyName();
        QApplication::setFont(before);
        QVERIFY2(used.contains(tc), qPrintable(used.join(QStringLiteral(", "))));
        // Latin text keeps the desktop's font.
        QVERIFY2(used.contains(latin), qPrintable(used.join(QStringLiteral(", "))));
        // English windows are left to the desktop's choice.
        preferCjkFont(QLocale(QStringLiteral("en_US")));
        QCOMPARE(QApplication::font(), before);
    }
};

QTEST_MAIN(TestCjkFont)
#include "tst_cjkfont.moc"
