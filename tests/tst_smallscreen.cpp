// A small laptop screen (1366x768, less a title bar and a panel) holds every window and
// dialog at its smallest, in each language the window speaks: longer Japanese or Chinese
// labels must not push a window's minimum size past the screen.
#include "AboutDialog.h"
#include "AppTranslator.h"
#include "CapturePage.h"
#include "CompareDialog.h"
#include "ComparisonWindow.h"
#include "MainWindow.h"

#include <QFile>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <memory>

using namespace embers;

namespace {

// 1366x768 less a window title bar and a desktop panel.
const QSize kScreen(1366, 768 - 80);

QString example(const char *name)
{
    return qEnvironmentVariable("EMBERS_EXAMPLES") + QLatin1Char('/') + QLatin1String(name);
}

bool fits(const QSize &size)
{
    return size.width() <= kScreen.width() && size.height() <= kScreen.height();
}

QByteArray describe(const char *what, const QSize &size)
{
    return QByteArray(what) + ' ' + QByteArray::number(size.width()) + 'x' +
           QByteArray::number(size.height());
}

} // namespace

class TestSmallScreen : public QObject
{
    Q_OBJECT

    test::AppTranslator m_translator;

    void install(const QString &language)
    {
        m_translator.uninstall();
        if (language != QLatin1String("en"))
            QVERIFY(m_translator.install(QLocale(language)));
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("EmbersTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_smallscreen"));
        QSettings().clear();
    }
    void cleanup() { m_translator.uninstall(); }

    void windowsFit_data()
    {
        QTest::addColumn<QString>("language");
        QTest::newRow("en") << QStringLiteral("en");
        QTest::newRow("ja") << QStringLiteral("ja");
        QTest::newRow("zh_TW") << QStringLiteral("zh_TW");
    }

    void windowsFit()
    {
        QFETCH(QString, language);
        install(language);

        MainWindow window;
        QVERIFY2(fits(window.minimumSizeHint()), describe("start page", window.minimumSizeHint()));
        // The Node example shows the most controls (its idle/program toggle).
        // A long file name, as continuous profilers write them, in the titles.
        QTemporaryDir dir;
        const QString longName =
            dir.filePath(QStringLiteral("checkout-service-production-eu-west-1-cpu-profile-"
                                        "2026-11-30T07-53-00Z.pb.gz"));
        QVERIFY(QFile::copy(example("cpu-parser.pb.gz"), longName));
        window.openFiles({example("cpu-parser.pb.gz"), example("kvworker-time.pb.gz"),
                          example("heap-cache.pb.gz"), longName});
        QTRY_COMPARE(window.captureCount(), 4);
        for (int row = 0; row < 4; ++row) {
            CapturePage *page = window.capturePage(row);
            QVERIFY(page);
            QTRY_VERIFY_WITH_TIMEOUT(page->state() == CapturePage::State::Loaded, 60000);
        }
        window.setCurrentCapture(1);
        QVERIFY2(fits(window.minimumSizeHint()),
                 describe("window with captures", window.minimumSizeHint()));

        AboutDialog about;
        QVERIFY2(fits(about.minimumSizeHint()), describe("about", about.minimumSizeHint()));
        QVERIFY2(fits(about.sizeHint()), describe("about", about.sizeHint()));

        CompareDialog compare({QStringLiteral("cpu-parser.pb.gz \u2014 examples"),
                               QStringLiteral("cpu-parser.pb.gz \u2014 go")});
        QVERIFY2(fits(compare.sizeHint()), describe("compare dialog", compare.sizeHint()));

        for (auto mode : {ComparisonWindow::Mode::Diff, ComparisonWindow::Mode::SideBySide,
                          ComparisonWindow::Mode::Table}) {
            ComparisonWindow comparison(
                {window.capturePage(0)->capture(), window.capturePage(3)->capture()}, mode);
            QTRY_VERIFY_WITH_TIMEOUT(comparison.isReady(), 60000);
            QVERIFY2(comparison.errorText().isEmpty(), qPrintable(comparison.errorText()));
            QVERIFY2(fits(comparison.minimumSizeHint()),
                     describe("comparison", comparison.minimumSizeHint()));
        }
    }
};

QTEST_MAIN(TestSmallScreen)
#include "tst_smallscreen.moc"
