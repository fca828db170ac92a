// The desktop application, offscreen: the packaging files agree on one application id
// and the MIME type recognises real profiles; the window restores its layout, sample
// type and colours; themes; the About and Keyboard Shortcuts dialogs.
#include "AboutDialog.h"
#include "AppIcon.h"
#include "CapturePage.h"
#include "FlameGraphExport.h"
#include "FlameGraphView.h"
#include "FlamePanel.h"
#include "MainWindow.h"
#include "RequiredTool.h"
#include "ShortcutsDialog.h"
#include "Theme.h"
#include "ViewSettings.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QKeyEvent>
#include <QLabel>
#include <QMimeDatabase>
#include <QRegularExpression>
#include <QSettings>
#include <QSplitter>
#include <QStandardPaths>
#include <QStyle>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QTreeWidget>
#include <QXmlStreamReader>
#include <QtTest>

#include <cmath>

using namespace embers;

namespace {

constexpr int kLoadTimeoutMs = 60000;

QString profile(const QString &relative)
{
    return QDir::cleanPath(qEnvironmentVariable("EMBERS_PROFILES") + QLatin1Char('/') + relative);
}

QString sourceFile(const QString &relative)
{
    return QStringLiteral(EMBERS_SOURCE_DIR) + QLatin1Char('/') + relative;
}

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// The [Desktop Entry] keys of a desktop file (no localised keys).
QHash<QString, QString> desktopEntry(const QString &path)
{
    QHash<QString, QString> keys;
    const QList<QByteArray> lines = readAll(path).split('\n');
    for (const QByteArray &line : lines) {
        const int eq = line.indexOf('=');
        if (eq > 0 && !line.startsWith('#') && !line.contains('['))
            keys.insert(QString::fromUtf8(line.left(eq)), QString::fromUtf8(line.mid(eq + 1)));
    }
    return keys;
}

// The text of every element with this name, in document order.
QStringList xmlTexts(const QString &path, const QString &element)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QXmlStreamReader xml(&file);
    QStringList texts;
    while (!xml.atEnd()) {
        if (xml.readNext() == QXmlStreamReader::StartElement && xml.name() == element)
            texts << xml.readElementText(QXmlStreamReader::IncludeChildElements);
    }
    return texts;
}

// The values of an attribute on every element with this name.
QStringList xmlAttributes(const QString &path, const QString &element, const QString &attribute)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QXmlStreamReader xml(&file);
    QStringList values;
    while (!xml.atEnd()) {
        if (xml.readNext() == QXmlStreamReader::StartElement && xml.name() == element)
            values << xml.attributes().value(attribute).toString();
    }
    return values;
}

// WCAG 2 contrast ratio of two opaque colours.
double contrast(const QColor &a, const QColor &b)
{
    const auto channel = [](double c) {
        return c <= 0.03928 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
    };
    const auto luminance = [&](const QColor &c) {
        return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) +
               0.0722 * channel(c.blueF());
    };
    const double la = luminance(a), lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

void waitUntilLoaded(CapturePage *page)
{
    QVERIFY(page);
    QTRY_VERIFY_WITH_TIMEOUT(page->state() != CapturePage::State::Loading, kLoadTimeoutMs);
    QCOMPARE(page->state(), CapturePage::State::Loaded);
}

QAction *action(const MainWindow &window, const QString &name)
{
    return window.findChild<QAction *>(name);
}

// The MIME database of this test: shared-mime-info's freedesktop.org types and ours,
// nothing else from the machine (see main()).
QTemporaryDir *mimeDataDir()
{
    static QTemporaryDir dir;
    return &dir;
}

const char kFreedesktopTypes[] = "/usr/share/mime/packages/freedesktop.org.xml";

bool hasFreedesktopTypes()
{
    return QFile::exists(
        mimeDataDir()->filePath(QStringLiteral("mime/packages/freedesktop.org.xml")));
}

} // namespace

class TestDesktop : public QObject
{
    Q_OBJECT

    QTemporaryDir m_files;
    QPalette m_systemPalette;
    QString m_systemStyle;

private slots:
    void initTestCase()
    {
        QVERIFY2(!qEnvironmentVariableIsEmpty("EMBERS_PROFILES"), "run through ctest");
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("EmbersTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_desktop"));
        qRegisterMetaType<std::shared_ptr<const embers::Capture>>();
        QVERIFY(m_files.isValid());
        m_systemPalette = QApplication::palette();
        m_systemStyle = QApplication::style()->name();
    }

    void init() { QSettings().clear(); }
    void cleanup() { theme::apply(Theme::System); }

    // --- Packaging files ------------------------------------------------------------

    void oneApplicationIdEverywhere()
    {
        const QString id = appId();
        QCOMPARE(id, QStringLiteral("dev.embers.Embers"));
        const QString desktop = sourceFile(QStringLiteral("packaging/%1.desktop").arg(id));
        const QString metainfo = sourceFile(QStringLiteral("packaging/%1.metainfo.xml").arg(id));
        const QString mime = sourceFile(QStringLiteral("packaging/%1.mime.xml").arg(id));
        QVERIFY(QFile::exists(sourceFile(QStringLiteral("packaging/%1.svg").arg(id))));

        const QHash<QString, QString> entry = desktopEntry(desktop);
        QCOMPARE(entry.value(QStringLiteral("Icon")), id);
        QCOMPARE(entry.value(QStringLiteral("Exec")), QStringLiteral("embers %F"));
        QVERIFY(entry.value(QStringLiteral("Categories"))
                    .split(QLatin1Char(';'))
                    .contains(QStringLiteral("Profiling")));

        QCOMPARE(xmlTexts(metainfo, QStringLiteral("id")), QStringList{id});
        QCOMPARE(xmlTexts(metainfo, QStringLiteral("launchable")),
                 QStringList{id + QStringLiteral(".desktop")});
        QCOMPARE(xmlTexts(metainfo, QStringLiteral("icon")), QStringList{id});
        QCOMPARE(xmlTexts(metainfo, QStringLiteral("binary")),
                 QStringList{QStringLiteral("embers")});

        // The type the MIME file defines is the one the desktop file opens and the
        // metainfo provides.
        const QStringList types =
            xmlAttributes(mime, QStringLiteral("mime-type"), QStringLiteral("type"));
        QCOMPARE(types, QStringList({QStringLiteral("application/x-pprof"),
                                     QStringLiteral("application/x-v8-cpuprofile"),
                                     QStringLiteral("application/x-v8-heapprofile"),
                                     QStringLiteral("application/x-v8-heapsnapshot"),
                                     QStringLiteral("text/x-folded-stacks")}));
        QCOMPARE(entry.value(QStringLiteral("MimeType")),
                 types.join(QLatin1Char(';')) + QLatin1Char(';'));
        QCOMPARE(xmlTexts(metainfo, QStringLiteral("mediatype")), types);

        // The release in the metainfo is this version.
        QVERIFY(xmlAttributes(metainfo, QStringLiteral("release"), QStringLiteral("version"))
                    .contains(QStringLiteral(EMBERS_VERSION)));
    }

    // The screenshots the metainfo and the user guide show are in docs/images.
    void screenshotsExist()
    {
        const QString id = appId();
        const QStringList urls =
            xmlTexts(sourceFile(QStringLiteral("packaging/%1.metainfo.xml").arg(id)),
                     QStringLiteral("image"));
        QVERIFY(urls.size() >= 3);
        for (const QString &url : urls) {
            QVERIFY2(url.startsWith(QLatin1String("https://embers.dev/docs/images/")),
                     qPrintable(url));
            QVERIFY2(QFile::exists(sourceFile(url.mid(int(qstrlen("https://embers.dev/"))))),
                     qPrintable(url));
        }
        const QString guide =
            QString::fromUtf8(readAll(sourceFile(QStringLiteral("docs/user-guide.md"))));
        static const QRegularExpression image(QStringLiteral("!\\[[^\\]]*\\]\\(([^)]+)\\)"));
        int images = 0;
        for (const QRegularExpressionMatch &m : image.globalMatch(guide)) {
            ++images;
            QVERIFY2(QFile::exists(sourceFile(QStringLiteral("docs/") + m.captured(1))),
                     qPrintable(m.captured(1)));
        }
        QVERIFY(images >= 5);
    }

    void iconIsScalable()
    {
        const QIcon icon = appIcon();
        QVERIFY(!icon.isNull());
        for (int size : {16, 32, 48, 256}) {
            for (qreal dpr : {1.0, 2.0}) {
                const QPixmap pixmap = icon.pixmap(QSize(size, size), dpr);
                QCOMPARE(pixmap.deviceIndependentSize(), QSizeF(size, size));
                QCOMPARE(pixmap.size(), QSize(qRound(size * dpr), qRound(size * dpr)));
                // Drawn, not blank: the centre is opaque and not black.
                const QImage image = pixmap.toImage();
                const QColor centre = image.pixelColor(image.width() / 2, image.height() * 2 / 3);
                QCOMPARE(centre.alpha(), 255);
                QVERIFY(centre.red() > 150);
            }
        }
    }

    void mimeTypeRecognisesProfiles_data()
    {
        QTest::addColumn<QString>("source");
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("type");
        const QString goCpu = profile(QStringLiteral("real/go/cpu-parser.pb.gz"));
        const QString goHeap = profile(QStringLiteral("real/go/heap-cache.pb.gz"));
        const QString node = profile(QStringLiteral("real/node/kvworker-time.pb.gz"));
        const QString pprofTool =
            profile(QStringLiteral("pprof-testdata/derived/converted/gobench.cpu.pb.gz"));
        const QString pprof = QStringLiteral("application/x-pprof");
        const QString gzip = QStringLiteral("application/gzip");
        QTest::newRow("*.pb.gz") << goCpu << "cpu.pb.gz" << pprof;
        QTest::newRow("*.pprof") << node << "node.pprof" << pprof;
        QTest::newRow("*.prof") << goHeap << "heap.prof" << pprof;
        // What curl saves from /debug/pprof/profile: no extension, Go's gzip header.
        QTest::newRow("runtime/pprof, no extension") << goCpu << "profile" << pprof;
        QTest::newRow("go tool pprof -proto, no extension") << pprofTool << "cpu-out" << pprof;
        // Node's zlib header says nothing about what is inside: plain gzip.
        QTest::newRow("zlib gzip, no extension") << node << "node-profile" << gzip;
        // Other gzip files keep their types.
        QTest::newRow("*.gz") << goCpu << "notes.gz" << gzip;
        QTest::newRow("*.tar.gz") << goCpu << "backup.tar.gz"
                                  << "application/x-compressed-tar";
        // The other formats, by name; other JSON and text keep their types.
        const QString formats =
            QString::fromLocal8Bit(qgetenv("EMBERS_TEST_DATA")) + QStringLiteral("/formats/");
        QTest::newRow("*.cpuprofile") << formats + "small.cpuprofile"
                                      << "CPU.1.cpuprofile"
                                      << "application/x-v8-cpuprofile";
        QTest::newRow("*.heapprofile") << formats + "small.heapprofile"
                                       << "Heap.heapprofile"
                                       << "application/x-v8-heapprofile";
        QTest::newRow("*.heapsnapshot") << formats + "small.heapsnapshot"
                                        << "Heap-20261206.heapsnapshot"
                                        << "application/x-v8-heapsnapshot";
        QTest::newRow("*.folded") << formats + "small.folded"
                                  << "perf.folded"
                                  << "text/x-folded-stacks";
        QTest::newRow("*.collapsed") << formats + "small.folded"
                                     << "out.collapsed"
                                     << "text/x-folded-stacks";
        QTest::newRow("*.json") << formats + "small.cpuprofile"
                                << "profile.json"
                                << "application/json";
    }

    void mimeTypeRecognisesProfiles()
    {
        EMBERS_REQUIRE_TOOL(hasFreedesktopTypes(), "the freedesktop MIME types (shared-mime-info)");
        QFETCH(QString, source);
        QFETCH(QString, name);
        QFETCH(QString, type);
        const QString path = m_files.filePath(name);
        QFile::remove(path);
        QVERIFY(QFile::copy(source, path));
        QMimeDatabase db;
        QCOMPARE(db.mimeTypeForFile(path).name(), type);
    }

    void mimeTypeIsAKindOfGzip()
    {
        EMBERS_REQUIRE_TOOL(hasFreedesktopTypes(), "the freedesktop MIME types (shared-mime-info)");
        QMimeDatabase db;
        const QMimeType pprof = db.mimeTypeForName(QStringLiteral("application/x-pprof"));
        QVERIFY(pprof.isValid());
        QVERIFY(pprof.inherits(QStringLiteral("application/gzip")));
        QVERIFY(pprof.globPatterns().contains(QStringLiteral("*.pb.gz")));

        // A gzip file with a file name or a time in its header is not taken for a profile.
        QByteArray named = readAll(profile(QStringLiteral("real/go/cpu-parser.pb.gz")));
        QVERIFY(named.size() > 10);
        named[4] = char(0x5e); // MTIME
        QCOMPARE(db.mimeTypeForData(named).name(), QStringLiteral("application/gzip"));
        named[4] = 0;
        QCOMPARE(db.mimeTypeForData(named).name(), QStringLiteral("application/x-pprof"));
        named[3] = 0x08; // FLG.FNAME
        QCOMPARE(db.mimeTypeForData(named).name(), QStringLiteral("application/gzip"));
    }

    // --- Settings restored ----------------------------------------------------------

    void windowLayoutIsRestored()
    {
        const QString cpu = profile(QStringLiteral("real/go/cpu-parser.pb.gz"));
        {
            MainWindow window;
            window.show();
            window.resize(1000, 650);
            window.openFiles({cpu});
            waitUntilLoaded(window.currentCapturePage());
            auto *dock = window.findChild<QDockWidget *>(QStringLiteral("captureDock"));
            QVERIFY(dock->isVisible());
            // The user moves the capture list to the right and then hides it.
            window.addDockWidget(Qt::RightDockWidgetArea, dock);
            dock->toggleViewAction()->trigger();
            QVERIFY(!dock->isVisible());
            QSplitter *splitter = window.currentCapturePage()->splitter();
            const int height = splitter->sizes()[0] + splitter->sizes()[1];
            splitter->setSizes({height * 3 / 10, height - height * 3 / 10});
            QVERIFY(window.close());
        }
        MainWindow window;
        window.show();
        QCOMPARE(window.size(), QSize(1000, 650));
        auto *dock = window.findChild<QDockWidget *>(QStringLiteral("captureDock"));
        QVERIFY(!dock->isVisible()); // start page
        window.openFiles({cpu});
        waitUntilLoaded(window.currentCapturePage());
        QVERIFY2(!dock->isVisible(), "the user hid the capture list");
        QCOMPARE(window.dockWidgetArea(dock), Qt::RightDockWidgetArea);
        dock->toggleViewAction()->trigger();
        QVERIFY(dock->isVisible());

        QSplitter *splitter = window.currentCapturePage()->splitter();
        QTRY_VERIFY(splitter->sizes()[0] > 0);
        const double share =
            double(splitter->sizes()[0]) / (splitter->sizes()[0] + splitter->sizes()[1]);
        QVERIFY2(std::abs(share - 0.3) < 0.05, qPrintable(QString::number(share)));

        // Shown again, the list stays shown next time.
        QVERIFY(window.close());
        MainWindow again;
        again.show();
        again.openFiles({cpu});
        waitUntilLoaded(again.currentCapturePage());
        QVERIFY(again.findChild<QDockWidget *>(QStringLiteral("captureDock"))->isVisible());
    }

    void sampleTypeIsRestoredPerKindOfProfile()
    {
        const QString heap = profile(QStringLiteral("real/go/heap-cache.pb.gz"));
        const QString cpu = profile(QStringLiteral("real/go/cpu-parser.pb.gz"));
        MainWindow window;
        window.show();
        window.openFiles({heap});
        CapturePage *page = window.currentCapturePage();
        waitUntilLoaded(page);
        QCOMPARE(page->sampleType(), SampleType(3)); // inuse_space, the heap profile's default
        auto *combo = page->findChild<QComboBox *>(QStringLiteral("sampleTypeCombo"));
        combo->setCurrentIndex(1);
        emit combo->activated(1); // as the user picks alloc_space
        QCOMPARE(page->sampleType(), SampleType(1));
        QCOMPARE(ViewSettings::savedSampleType(ViewSettings::profileKind(*page->capture()->stacks)),
                 QStringLiteral("alloc_space/bytes"));
        window.closeCurrentCapture();

        // Opened again, in a new window too: alloc_space.
        window.openFiles({heap});
        page = window.currentCapturePage();
        waitUntilLoaded(page);
        QCOMPARE(page->sampleType(), SampleType(1));
        QCOMPARE(page->findChild<QComboBox *>(QStringLiteral("sampleTypeCombo"))->currentIndex(),
                 1);
        MainWindow other;
        other.openFiles({heap, cpu});
        waitUntilLoaded(other.capturePage(0));
        waitUntilLoaded(other.capturePage(1));
        QCOMPARE(other.capturePage(0)->sampleType(), SampleType(1));
        // A CPU profile is another kind: its own default (cpu).
        QCOMPARE(other.capturePage(1)->sampleType(), SampleType(1));
        QCOMPARE(other.capturePage(1)->capture()->stacks->columns[1].type, std::string("cpu"));
    }

    void flameColoursAreRestored()
    {
        const QString cpu = profile(QStringLiteral("real/go/cpu-parser.pb.gz"));
        const QString heap = profile(QStringLiteral("real/go/heap-cache.pb.gz"));
        {
            MainWindow window;
            window.openFiles({cpu, heap});
            CapturePage *page = window.capturePage(0);
            CapturePage *other = window.capturePage(1);
            waitUntilLoaded(page);
            waitUntilLoaded(other);
            QCOMPARE(page->flamePanel()->view()->colorMode(), colors::ColorMode::Function);
            // The user picks "by package" in one page's chooser: every page follows.
            QComboBox *combo = page->flamePanel()->colorModeCombo();
            combo->setCurrentIndex(combo->findData(int(colors::ColorMode::Package)));
            QCOMPARE(page->flamePanel()->view()->colorMode(), colors::ColorMode::Package);
            QCOMPARE(other->flamePanel()->view()->colorMode(), colors::ColorMode::Package);
            QCOMPARE(other->flamePanel()->colorMode(), colors::ColorMode::Package);
        }
        MainWindow window;
        QCOMPARE(window.viewSettings()->colorMode(), colors::ColorMode::Package);
        window.openFiles({cpu});
        CapturePage *page = window.currentCapturePage();
        waitUntilLoaded(page);
        QCOMPARE(page->flamePanel()->colorMode(), colors::ColorMode::Package);
        QCOMPARE(page->flamePanel()->view()->colorMode(), colors::ColorMode::Package);
    }

    // --- Themes ---------------------------------------------------------------------

    void darkPaletteIsReadable()
    {
        const QPalette p = theme::darkPalette();
        QVERIFY(theme::isDark(p));
        QVERIFY(!theme::isDark(theme::lightPalette()));
        for (auto group : {QPalette::Active, QPalette::Inactive}) {
            QVERIFY(contrast(p.color(group, QPalette::Text), p.color(group, QPalette::Base)) >= 7);
            QVERIFY(contrast(p.color(group, QPalette::WindowText),
                             p.color(group, QPalette::Window)) >= 7);
            QVERIFY(contrast(p.color(group, QPalette::ButtonText),
                             p.color(group, QPalette::Button)) >= 7);
            QVERIFY(contrast(p.color(group, QPalette::HighlightedText),
                             p.color(group, QPalette::Highlight)) >= 4.5);
            QVERIFY(contrast(p.color(group, QPalette::PlaceholderText),
                             p.color(group, QPalette::Base)) >= 4.5);
            QVERIFY(contrast(p.color(group, QPalette::Link), p.color(group, QPalette::Base)) >=
                    4.5);
            QVERIFY(contrast(p.color(group, QPalette::ToolTipText),
                             p.color(group, QPalette::ToolTipBase)) >= 7);
        }
        // Disabled text is dimmer but still there.
        const double disabled = contrast(p.color(QPalette::Disabled, QPalette::Text),
                                         p.color(QPalette::Disabled, QPalette::Base));
        QVERIFY(disabled >= 3 &&
                disabled < contrast(p.color(QPalette::Text), p.color(QPalette::Base)));
    }

    void themesApplyAndSystemComesBack()
    {
        MainWindow window;
        window.show();
        window.openFiles({profile(QStringLiteral("real/go/cpu-parser.pb.gz"))});
        waitUntilLoaded(window.currentCapturePage());
        FlameGraphView *view = window.currentCapturePage()->flamePanel()->view();

        theme::apply(Theme::Dark);
        QCOMPARE(theme::current(), Theme::Dark);
        QVERIFY(theme::isDark(QApplication::palette()));
        QCOMPARE(QApplication::style()->name().toLower(), QStringLiteral("fusion"));
        // Widgets take the palette when its change event arrives; the flame graph paints on
        // the base colour.
        QTRY_COMPARE(view->palette().color(QPalette::Base),
                     theme::darkPalette().color(QPalette::Base));
        // Below the deepest of the profile's 64 rows: background.
        const QImage dark = flameGraphImage(*view, QSize(400, 2000));
        QCOMPARE(dark.pixelColor(399, 1999), theme::darkPalette().color(QPalette::Base));

        theme::apply(Theme::Light);
        QVERIFY(!theme::isDark(QApplication::palette()));
        QTRY_COMPARE(view->palette().color(QPalette::Base),
                     theme::lightPalette().color(QPalette::Base));

        // System: the palette and style from before, no palette of our own left behind.
        theme::apply(Theme::System);
        QCOMPARE(QApplication::style()->name(), m_systemStyle);
        QTRY_COMPARE(view->palette().color(QPalette::Base), m_systemPalette.color(QPalette::Base));
        for (auto role : {QPalette::Window, QPalette::WindowText, QPalette::Base, QPalette::Text,
                          QPalette::Highlight}) {
            QCOMPARE(QApplication::palette().color(role), m_systemPalette.color(role));
            QCOMPARE(view->palette().color(role), m_systemPalette.color(role));
        }
        QVERIFY(!QCoreApplication::testAttribute(Qt::AA_SetPalette));
    }

    void themeMenuPersists()
    {
        QCOMPARE(theme::saved(), Theme::System);
        {
            MainWindow window;
            QVERIFY(action(window, QStringLiteral("theme-system"))->isChecked());
            action(window, QStringLiteral("theme-dark"))->trigger();
            QCOMPARE(theme::current(), Theme::Dark);
            QVERIFY(theme::isDark(QApplication::palette()));
        }
        QCOMPARE(theme::saved(), Theme::Dark);
        QCOMPARE(QSettings().value(QStringLiteral("appearance/theme")).toString(),
                 QStringLiteral("dark"));
        MainWindow window;
        QVERIFY(action(window, QStringLiteral("theme-dark"))->isChecked());
        QVERIFY(!action(window, QStringLiteral("theme-light"))->isChecked());
        action(window, QStringLiteral("theme-system"))->trigger();
        QCOMPARE(theme::saved(), Theme::System);
        QCOMPARE(QApplication::palette().color(QPalette::Window),
                 m_systemPalette.color(QPalette::Window));
    }

    // --- Dialogs --------------------------------------------------------------------

    void aboutShowsVersionLicenceAndNotices()
    {
        MainWindow window;
        window.show();
        action(window, QStringLiteral("aboutAction"))->trigger();
        auto *dialog = window.findChild<AboutDialog *>();
        QVERIFY(dialog);
        QVERIFY(dialog->isVisible());
        const QString about = dialog->findChild<QLabel *>(QStringLiteral("aboutText"))->text();
        QVERIFY(about.contains(QStringLiteral(EMBERS_VERSION)));
        QVERIFY(about.contains(QString::fromLatin1(qVersion())));
        QVERIFY(about.contains(QLatin1String("MIT")));

        // The licence and notices are the files shipped in the package, as they are.
        const QString license = QString::fromUtf8(readAll(sourceFile(QStringLiteral("LICENSE"))));
        QVERIFY(license.startsWith(QLatin1String("MIT License")));
        QCOMPARE(AboutDialog::licenseText(), license);
        QCOMPARE(dialog->licenseView()->toPlainText().trimmed(), license.trimmed());
        QCOMPARE(AboutDialog::noticesMarkdown(),
                 QString::fromUtf8(
                     readAll(sourceFile(QStringLiteral("packaging/THIRD-PARTY-NOTICES.md")))));

        const QString notices = dialog->noticesView()->toPlainText();
        for (const char *needle : {"Qt", "LGPL-3.0", "Protocol Buffers", "BSD-3-Clause", "zlib",
                                   "Jean-loup Gailly and Mark Adler", "Example captures"})
            QVERIFY2(notices.contains(QLatin1String(needle)), needle);
        // Every example the package ships is accounted for.
        const QStringList examples = QDir(sourceFile(QStringLiteral("resources/examples")))
                                         .entryList({QStringLiteral("*.pb.gz")}, QDir::Files);
        QVERIFY(examples.size() >= 3);
        for (const QString &example : examples)
            QVERIFY2(notices.contains(example), qPrintable(example));
        QCOMPARE(dialog->tabs()->count(), 3);
        dialog->close();
        QTRY_VERIFY(!window.findChild<AboutDialog *>());
    }

    void shortcutsDialogListsEveryShortcut()
    {
        MainWindow window;
        window.show();
        window.openFiles({profile(QStringLiteral("real/go/cpu-parser.pb.gz"))});
        waitUntilLoaded(window.currentCapturePage());
        action(window, QStringLiteral("shortcutsAction"))->trigger();
        auto *dialog = window.findChild<ShortcutsDialog *>();
        QVERIFY(dialog);
        QVERIFY(dialog->isVisible());

        QStringList rows;
        const QTreeWidget *tree = dialog->tree();
        for (int g = 0; g < tree->topLevelItemCount(); ++g) {
            const QTreeWidgetItem *group = tree->topLevelItem(g);
            for (int i = 0; i < group->childCount(); ++i)
                rows << group->child(i)->text(0) + QLatin1Char('\t') + group->child(i)->text(1);
        }
        // Every action of the window that has a shortcut, with its keys.
        const QList<QAction *> actions = window.findChildren<QAction *>();
        int withShortcut = 0;
        for (const QAction *a : actions) {
            if (a->shortcut().isEmpty())
                continue;
            ++withShortcut;
            const QString keys = a->shortcut().toString(QKeySequence::NativeText);
            QString text = a->text();
            text.remove(QLatin1Char('&'));
            const bool listed = std::any_of(rows.begin(), rows.end(), [&](const QString &row) {
                return row.contains(keys) && row.endsWith(text);
            });
            QVERIFY2(listed, qPrintable(keys + QLatin1Char(' ') + text));
        }
        QVERIFY(withShortcut >= 3); // Open, Close Capture, Delete in the list (+ Quit on X11)
        for (const char *keys :
             {"Ctrl+O", "Ctrl+F", "F3", "Shift+F3", "Esc", "Alt+Left", "Alt+Right", "Ctrl+Wheel"})
            QVERIFY2(
                std::any_of(rows.begin(), rows.end(),
                            [&](const QString &row) { return row.contains(QLatin1String(keys)); }),
                keys);

        // The flame graph's keys are keys it handles.
        FlameGraphView *view = window.currentCapturePage()->flamePanel()->view();
        const ShortcutsDialog::Group flame = ShortcutsDialog::viewGroups().front();
        int keysTried = 0;
        for (const ShortcutsDialog::Entry &entry : flame.entries) {
            if (entry.sequence.isEmpty())
                continue;
            ++keysTried;
            const QKeyCombination key = entry.sequence[0];
            QKeyEvent press(QEvent::KeyPress, key.key(), key.keyboardModifiers());
            press.setAccepted(false);
            QApplication::sendEvent(view, &press);
            QVERIFY2(press.isAccepted(), qPrintable(entry.keys));
        }
        QVERIFY(keysTried >= 12);
        // And they do what the list says: Down then Return focuses a callee, Esc goes back
        // to the whole profile, Alt+Left to the previous focus.
        view->setFocusNode(CallTree::kRoot);
        view->setSelectedNode(CallTree::kRoot);
        QTest::keyClick(view, Qt::Key_Down);
        QTest::keyClick(view, Qt::Key_Return);
        const quint32 focused = view->focusNode();
        QVERIFY(focused != CallTree::kRoot);
        QTest::keyClick(view, Qt::Key_Escape);
        QCOMPARE(view->focusNode(), CallTree::kRoot);
        QTest::keyClick(view, Qt::Key_Left, Qt::AltModifier);
        QCOMPARE(view->focusNode(), focused);
    }
};

int main(int argc, char *argv[])
{
    // Only the standard MIME types and packaging/'s: the test must not be fooled by other
    // types installed on the machine (an installed Embers among them), and icons come
    // from the binary.
    QTemporaryDir *data = mimeDataDir();
    if (!data->isValid())
        return 1;
    const QString packages = data->filePath(QStringLiteral("mime/packages"));
    QDir().mkpath(packages);
    if (!QFile::copy(
            sourceFile(QStringLiteral("packaging/%1.mime.xml").arg(QStringLiteral(EMBERS_APP_ID))),
            packages + QStringLiteral("/") + QStringLiteral(EMBERS_APP_ID) +
                QStringLiteral(".xml")))
        return 1;
    QFile::copy(QString::fromLatin1(kFreedesktopTypes),
                packages + QStringLiteral("/freedesktop.org.xml"));
    qputenv("XDG_DATA_DIRS", QFile::encodeName(data->path()));
    qputenv("XDG_DATA_HOME", QFile::encodeName(data->filePath(QStringLiteral("home"))));

    QApplication app(argc, argv);
    TestDesktop test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}

#include "tst_desktop.moc"
