// The translations: every message of translations/embers_*.ts is finished and keeps its
// source's placeholders, accelerator and markup; both languages hold the same messages,
// the same as the code's tr() strings (lupdate, run into a copy); and the compiled .qm
// files that embers_app embeds turn the window's words into Japanese and Chinese.
#include "AppTranslator.h"
#include "CaptureDescription.h"
#include "CaptureSession.h"
#include "HtmlPage.h"
#include "MainWindow.h"
#include "PageTexts.h"
#include "ProfileBuilder.h"
#include "ProfileLoader.h"
#include "StartPage.h"
#include "Translations.h"

#include <QApplication>
#include <QDateTime>
#include <QDockWidget>
#include <QFile>
#include <QLocale>
#include <QMenuBar>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTranslator>
#include <QXmlStreamReader>
#include <QtTest>

#include <algorithm>
#include <memory>

using namespace embers;

namespace {

const QStringList kLanguages = {QStringLiteral("ja"), QStringLiteral("zh_TW")};

struct Message
{
    QString context;
    QString source;
    QString comment; // disambiguation
    bool numerus = false;
    QString type;             // the translation's type attribute: unfinished, vanished, obsolete
    QStringList translations; // one per plural form; one entry when not numerus
    qint64 line = 0;

    QString key() const
    {
        return context + QLatin1Char('\x1f') + source + QLatin1Char('\x1f') + comment;
    }
    QString where() const
    {
        return QStringLiteral("line %1, %2 \"%3\"").arg(line).arg(context, source);
    }
};

struct TsFile
{
    QString language;
    QList<Message> messages;
    QString error;
};

// One <message>, the reader on its start element.
Message readMessage(QXmlStreamReader &xml, const QString &context)
{
    Message m;
    m.context = context;
    m.line = xml.lineNumber();
    m.numerus = xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes");
    while (xml.readNextStartElement()) {
        if (xml.name() == QLatin1String("source")) {
            m.source = xml.readElementText();
        } else if (xml.name() == QLatin1String("comment")) {
            m.comment = xml.readElementText();
        } else if (xml.name() == QLatin1String("translation")) {
            m.type = xml.attributes().value(QLatin1String("type")).toString();
            if (!m.numerus) {
                m.translations << xml.readElementText();
                continue;
            }
            while (xml.readNextStartElement()) {
                if (xml.name() == QLatin1String("numerusform"))
                    m.translations << xml.readElementText();
                else
                    xml.skipCurrentElement();
            }
        } else {
            xml.skipCurrentElement();
        }
    }
    return m;
}

TsFile parseTs(const QString &path)
{
    TsFile ts;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        ts.error = file.errorString();
        return ts;
    }
    QXmlStreamReader xml(&file);
    if (!xml.readNextStartElement() || xml.name() != QLatin1String("TS")) {
        ts.error = QStringLiteral("not a .ts file");
        return ts;
    }
    ts.language = xml.attributes().value(QLatin1String("language")).toString();
    while (xml.readNextStartElement()) {
        if (xml.name() != QLatin1String("context")) {
            xml.skipCurrentElement();
            continue;
        }
        QString context;
        while (xml.readNextStartElement()) {
            if (xml.name() == QLatin1String("name"))
                context = xml.readElementText();
            else if (xml.name() == QLatin1String("message"))
                ts.messages << readMessage(xml, context);
            else
                xml.skipCurrentElement();
        }
    }
    if (xml.hasError())
        ts.error = QStringLiteral("%1 at line %2").arg(xml.errorString()).arg(xml.lineNumber());
    return ts;
}

// %1..%99 (also %L1) and %n, each once, sorted.
QStringList placeholders(const QString &text)
{
    static const QRegularExpression re(QStringLiteral("%L?(\\d{1,2}|n)"));
    QStringList found;
    for (const QRegularExpressionMatch &m : re.globalMatch(text))
        found << QLatin1Char('%') + m.captured(1);
    found.removeDuplicates();
    std::sort(found.begin(), found.end());
    return found;
}

// Keyboard accelerators: '&' before anything but a space or another '&' ("&&" is a
// literal ampersand). Rich text has entities, not accelerators.
int accelerators(const QString &text)
{
    if (text.contains(QLatin1Char('<')))
        return 0;
    int count = 0;
    for (qsizetype i = 0; i + 1 < text.size(); ++i) {
        if (text[i] != QLatin1Char('&'))
            continue;
        if (text[i + 1] == QLatin1Char('&'))
            ++i;
        else if (!text[i + 1].isSpace())
            ++count;
    }
    return count;
}

// The markup's tags in order: "<h3>", "</h3>", "<p>", ...
QStringList tags(const QString &text)
{
    static const QRegularExpression re(QStringLiteral("</?[A-Za-z][A-Za-z0-9]*[^>]*>"));
    QStringList found;
    for (const QRegularExpressionMatch &m : re.globalMatch(text))
        found << m.captured(0);
    return found;
}

// Languages with a single plural form (Qt's numerus rules for them have one).
int pluralForms(const QString &language)
{
    const QLocale::Language l = QLocale(language).language();
    if (l == QLocale::Japanese || l == QLocale::Chinese || l == QLocale::Korean)
        return 1;
    return -1; // not checked
}

// What is wrong with a parsed file, one line per problem; empty when all is well.
QStringList problems(const TsFile &ts)
{
    QStringList found;
    if (!ts.error.isEmpty())
        return {ts.error};
    if (ts.messages.isEmpty())
        found << QStringLiteral("no messages");
    const int forms = pluralForms(ts.language);
    for (const Message &m : ts.messages) {
        if (!m.type.isEmpty())
            found << QStringLiteral("%1: translation is %2").arg(m.where(), m.type);
        if (m.translations.isEmpty())
            found << QStringLiteral("%1: no translation").arg(m.where());
        if (m.numerus && forms > 0 && m.translations.size() != forms)
            found << QStringLiteral("%1: %2 plural forms, %3 expects %4")
                         .arg(m.where())
                         .arg(m.translations.size())
                         .arg(ts.language)
                         .arg(forms);
        for (const QString &t : m.translations) {
            if (t.trimmed().isEmpty()) {
                found << QStringLiteral("%1: empty translation").arg(m.where());
                continue;
            }
            if (placeholders(t) != placeholders(m.source))
                found << QStringLiteral("%1: placeholders %2 in \"%3\", the source has %4")
                             .arg(m.where(), placeholders(t).join(QLatin1Char(' ')), t,
                                  placeholders(m.source).join(QLatin1Char(' ')));
            if (accelerators(t) != accelerators(m.source))
                found << QStringLiteral("%1: %2 accelerator(s) in \"%3\", the source has %4")
                             .arg(m.where())
                             .arg(accelerators(t))
                             .arg(t)
                             .arg(accelerators(m.source));
            if (tags(t) != tags(m.source))
                found << QStringLiteral("%1: markup %2 in \"%3\", the source has %4")
                             .arg(m.where(), tags(t).join(QString()), t,
                                  tags(m.source).join(QString()));
        }
    }
    return found;
}

QString tsPath(const QString &dir, const QString &language)
{
    return dir + QStringLiteral("/embers_") + language + QStringLiteral(".ts");
}

QStringList keys(const TsFile &ts)
{
    QStringList k;
    for (const Message &m : ts.messages)
        k << m.key();
    std::sort(k.begin(), k.end());
    return k;
}

const Message *find(const TsFile &ts, const QString &context, const QString &source)
{
    for (const Message &m : ts.messages) {
        if (m.context == context && m.source == source)
            return &m;
    }
    return nullptr;
}

// The translation of a message as the .ts file has it ("" when absent).
QString expected(const TsFile &ts, const char *context, const QString &source)
{
    const Message *m = find(ts, QString::fromLatin1(context), source);
    return m && !m->translations.isEmpty() ? m->translations.front() : QString();
}

} // namespace

class TestTranslations : public QObject
{
    Q_OBJECT

    QString m_dir = QStringLiteral(EMBERS_TRANSLATIONS_DIR);
    test::AppTranslator m_translator;

    bool install(const QLocale &locale) { return m_translator.install(locale); }
    void uninstall() { m_translator.uninstall(); }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("EmbersTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_translations"));
        QSettings().clear();
    }

    void cleanup() { uninstall(); }

    // The checks themselves find what they are meant to find.
    void checksCatchBrokenFiles()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("embers_ja.ts"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"(<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ja">
<context>
    <name>embers::Test</name>
    <message><source>Fine %1</source><translation>良い %1</translation></message>
    <message><source>Unfinished</source><translation type="unfinished">未完</translation></message>
    <message><source>Vanished</source><translation type="vanished">消えた</translation></message>
    <message><source>Obsolete</source><translation type="obsolete">古い</translation></message>
    <message><source>Empty</source><translation></translation></message>
    <message><source>Lost %1 of %2</source><translation>%1 を失った</translation></message>
    <message><source>Swapped %1</source><translation>交換 %2</translation></message>
    <message><source>&amp;File</source><translation>ファイル</translation></message>
    <message><source>&lt;b&gt;Bold&lt;/b&gt;</source><translation>太字</translation></message>
    <message numerus="yes"><source>%n frame(s)</source><translation><numerusform>フレーム</numerusform></translation></message>
    <message numerus="yes"><source>%n item(s)</source><translation><numerusform>%n 個</numerusform><numerusform>%n 個</numerusform></translation></message>
    <message numerus="yes"><source>%n row(s)</source><translation><numerusform></numerusform></translation></message>
</context>
</TS>
)");
        file.close();
        const TsFile ts = parseTs(path);
        QCOMPARE(ts.error, QString());
        QCOMPARE(ts.language, QStringLiteral("ja"));
        QCOMPARE(ts.messages.size(), 12);
        const QStringList found = problems(ts);
        const QStringList expectedProblems = {
            QStringLiteral("\"Unfinished\": translation is unfinished"),
            QStringLiteral("\"Vanished\": translation is vanished"),
            QStringLiteral("\"Obsolete\": translation is obsolete"),
            QStringLiteral("\"Empty\": empty translation"),
            QStringLiteral("\"Lost %1 of %2\": placeholders %1 in"),
            QStringLiteral("\"Swapped %1\": placeholders %2 in"),
            QStringLiteral("\"&File\": 0 accelerator(s)"),
            QStringLiteral("\"<b>Bold</b>\": markup"),
            QStringLiteral("\"%n frame(s)\": placeholders"),
            QStringLiteral("\"%n item(s)\": 2 plural forms"),
            QStringLiteral("\"%n row(s)\": empty translation"),
        };
        for (const QString &p : expectedProblems) {
            QVERIFY2(std::any_of(found.begin(), found.end(),
                                 [&](const QString &f) { return f.contains(p); }),
                     qPrintable(QStringLiteral("not caught: ") + p + QStringLiteral("\nfound:\n") +
                                found.join(QLatin1Char('\n'))));
        }
        QCOMPARE(found.size(), expectedProblems.size());

        // A message that one language lacks.
        TsFile other = ts;
        other.messages.removeLast();
        QVERIFY(keys(other) != keys(ts));
    }

    void everyMessageIsTranslated_data()
    {
        QTest::addColumn<QString>("language");
        for (const QString &language : kLanguages)
            QTest::newRow(qPrintable(language)) << language;
    }

    void everyMessageIsTranslated()
    {
        QFETCH(QString, language);
        const TsFile ts = parseTs(tsPath(m_dir, language));
        QCOMPARE(ts.error, QString());
        QCOMPARE(QLocale(ts.language).language(), QLocale(language).language());
        const QStringList found = problems(ts);
        QVERIFY2(found.isEmpty(), qPrintable(found.join(QLatin1Char('\n'))));
        qInfo("%s: %lld messages", qPrintable(language), qlonglong(ts.messages.size()));
    }

    void languagesHoldTheSameMessages()
    {
        const TsFile ja = parseTs(tsPath(m_dir, QStringLiteral("ja")));
        const TsFile zh = parseTs(tsPath(m_dir, QStringLiteral("zh_TW")));
        QCOMPARE(ja.messages.size(), zh.messages.size());
        QCOMPARE(keys(ja), keys(zh));
    }

    // lupdate, run on the sources into copies of the .ts files, finds nothing new and
    // nothing gone: the committed files are what `update_translations` would write.
    void filesMatchTheSources()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QStringList copies;
        for (const QString &language : kLanguages) {
            copies << tsPath(dir.path(), language);
            QVERIFY(QFile::copy(tsPath(m_dir, language), copies.back()));
        }
        const QString source = QStringLiteral(EMBERS_SOURCE_DIR);
        QProcess lupdate;
        lupdate.setProcessChannelMode(QProcess::MergedChannels);
        lupdate.start(QStringLiteral(EMBERS_LUPDATE),
                      QStringList{source + QStringLiteral("/app"),
                                  source + QStringLiteral("/viewer"), QStringLiteral("-I"),
                                  source + QStringLiteral("/app"), QStringLiteral("-I"),
                                  source + QStringLiteral("/viewer/widgets"), QStringLiteral("-I"),
                                  source + QStringLiteral("/viewer/document"), QStringLiteral("-I"),
                                  source + QStringLiteral("/viewer/core"),
                                  QStringLiteral("-no-obsolete"), QStringLiteral("-ts")} +
                          copies);
        QVERIFY2(lupdate.waitForFinished(120000), qPrintable(lupdate.errorString()));
        const QString output = QString::fromLocal8Bit(lupdate.readAll());
        QVERIFY2(lupdate.exitStatus() == QProcess::NormalExit && lupdate.exitCode() == 0,
                 qPrintable(output));
        for (const QString &language : kLanguages) {
            const TsFile committed = parseTs(tsPath(m_dir, language));
            const TsFile updated = parseTs(tsPath(dir.path(), language));
            QCOMPARE(updated.error, QString());
            const QStringList found = problems(updated);
            QVERIFY2(found.isEmpty(),
                     qPrintable(QStringLiteral("%1, after lupdate on the sources (strings new in "
                                               "the code are unfinished: build the "
                                               "update_translations target, translate them):\n%2")
                                    .arg(language, found.join(QLatin1Char('\n')))));
            QVERIFY2(keys(updated) == keys(committed),
                     qPrintable(QStringLiteral("%1: the .ts file has strings that left the code; "
                                               "build the update_translations target")
                                    .arg(language)));
        }
    }

    // Each message of the .ts file comes out of the compiled translation as written.
    void compiledTranslationsMatch_data() { everyMessageIsTranslated_data(); }

    void compiledTranslationsMatch()
    {
        QFETCH(QString, language);
        const TsFile ts = parseTs(tsPath(m_dir, language));
        QVERIFY(!ts.messages.isEmpty());
        QVERIFY2(install(QLocale(language)), "no :/i18n/embers_*.qm for the language");
        for (const Message &m : ts.messages) {
            const QByteArray context = m.context.toUtf8();
            const QByteArray source = m.source.toUtf8();
            const QByteArray comment = m.comment.toUtf8();
            const int n = m.numerus ? 7 : -1;
            QString want = m.translations.value(0);
            if (m.numerus)
                want.replace(QStringLiteral("%n"), QStringLiteral("7"));
            const QString got =
                QCoreApplication::translate(context.constData(), source.constData(),
                                            comment.isEmpty() ? nullptr : comment.constData(), n);
            QVERIFY2(got == want,
                     qPrintable(
                         QStringLiteral("%1: got \"%2\", want \"%3\"").arg(m.where(), got, want)));
        }
    }

    void startPageSpeaksJapanese()
    {
        const TsFile ja = parseTs(tsPath(m_dir, QStringLiteral("ja")));
        const QString open = expected(ja, "embers::StartPage", QStringLiteral("&Open Profile…"));
        QVERIFY(!open.isEmpty());
        QVERIFY(open != QStringLiteral("&Open Profile…"));

        QVERIFY(install(QLocale(QLocale::Japanese, QLocale::Japan)));
        StartPage page;
        auto *button = page.findChild<QPushButton *>(QStringLiteral("openButton"));
        QVERIFY(button);
        QCOMPARE(button->text(), open);
        QVERIFY(button->text().contains(QStringLiteral("プロファイル")));

        // Without the translator the page is English again.
        uninstall();
        StartPage english;
        QCOMPARE(english.findChild<QPushButton *>(QStringLiteral("openButton"))->text(),
                 QStringLiteral("&Open Profile…"));
    }

    void mainWindowSpeaksTraditionalChinese()
    {
        const TsFile zh = parseTs(tsPath(m_dir, QStringLiteral("zh_TW")));
        QVERIFY(install(QLocale(QStringLiteral("zh_TW"))));
        MainWindow window;
        const QList<QAction *> menus = window.menuBar()->actions();
        QVERIFY(menus.size() >= 3);
        QCOMPARE(menus[0]->text(), expected(zh, "embers::MainWindow", QStringLiteral("&File")));
        QCOMPARE(menus[0]->text(), QStringLiteral("檔案(&F)"));
        auto *dock = window.findChild<QDockWidget *>(QStringLiteral("captureDock"));
        QVERIFY(dock);
        QCOMPARE(dock->windowTitle(),
                 expected(zh, "embers::MainWindow", QStringLiteral("Captures")));

        // Plural forms: Chinese has one, with the count in it.
        QCOMPARE(QCoreApplication::translate("embers::FlameGraphView", "(%n small frame(s))",
                                             nullptr, 3),
                 QStringLiteral("(3 個小框架)"));
    }

    // Why a file could not be opened (the core's messages) reads in the window's language;
    // without a translator (the command line) it stays English.
    void loadErrorsSpeakTheLanguage()
    {
        const TsFile ja = parseTs(tsPath(m_dir, QStringLiteral("ja")));
        const QString png = QStringLiteral("this is a PNG image, not a profile");
        const QString pngJa = expected(ja, "ProfileLoader", png);
        const QString gzip = QStringLiteral("gzip-compressed, but %1");
        const QString gzipJa = expected(ja, "ProfileLoader", gzip);
        const QString truncated =
            QStringLiteral("truncated gzip data: the file ends before the compressed stream "
                           "does (after %1 bytes)");
        const QString truncatedJa = expected(ja, "InflatingStream", truncated);
        QVERIFY(!pngJa.isEmpty() && pngJa != png);
        QVERIFY(!gzipJa.isEmpty() && !truncatedJa.isEmpty());

        const QByteArray pngBytes("\x89PNG\r\n\x1a\n and the rest of an image");
        const QString name = QStringLiteral("capture.pb.gz");
        QCOMPARE(loadProfileFromBytes(pngBytes, name).error, name + QStringLiteral(": ") + png);

        QVERIFY(install(QLocale(QLocale::Japanese, QLocale::Japan)));
        QCOMPARE(loadProfileFromBytes(pngBytes, name).error, name + QStringLiteral(": ") + pngJa);
        // Composed messages: the parts are translated, the numbers filled in.
        const QByteArray cut = test::gzipBytes(QByteArray(4096, 'x')).left(20);
        QCOMPARE(loadProfileFromBytes(cut, name).error,
                 name + QStringLiteral(": ") + truncatedJa.arg(cut.size()));
        QCOMPARE(loadProfileFromBytes(test::gzipBytes(pngBytes), name).error,
                 name + QStringLiteral(": ") + gzipJa.arg(pngJa));

        uninstall();
        QCOMPARE(loadProfileFromBytes(cut, name).error,
                 name + QStringLiteral(": ") + truncated.arg(cut.size()));
    }

    // Why a capture failed (embers_capture's messages, shown in the window's capture bar)
    // reads in the window's language too.
    // A web page exported from the window speaks the window's language: every text of the
    // page as the .ts file translates it.
    void sharedPageSpeaksTheWindowsLanguage()
    {
        const TsFile zh = parseTs(tsPath(m_dir, QStringLiteral("zh_TW")));
        const QLocale before;
        QLocale::setDefault(QLocale(QLocale::Chinese, QLocale::Taiwan));
        QVERIFY(install(QLocale(QLocale::Chinese, QLocale::Taiwan)));
        HtmlPageInfo info;
        setPageLanguage(&info);
        QLocale::setDefault(before);
        uninstall();
        QCOMPARE(info.language, std::string("zh-TW"));
        QCOMPARE(info.texts.size(), pageTextKeys().size());
        for (const auto &[key, translated] : info.texts)
            QCOMPARE(QString::fromStdString(translated),
                     expected(zh, "embers::HtmlPage", QString::fromUtf8(key.c_str())));
        // In English, none.
        setPageLanguage(&info);
        QCOMPARE(info.language, std::string("en"));
        QVERIFY(info.texts.empty());
    }

    void captureErrorsSpeakTheLanguage()
    {
        const TsFile zh = parseTs(tsPath(m_dir, QStringLiteral("zh_TW")));
        const QString refused =
            QStringLiteral("connection refused (is the service running on that port?)");
        const QString refusedZh = expected(zh, "embers::HttpFetch", refused);
        const QString notTarget = QStringLiteral(": not a URL or inspector address");
        const QString notTargetZh = expected(zh, "embers::CaptureSession", notTarget);
        QVERIFY(!refusedZh.isEmpty() && refusedZh != refused);
        QVERIFY(!notTargetZh.isEmpty() && notTargetZh != notTarget);

        auto failure = [](const QString &target) {
            CaptureRequest request;
            request.target = target;
            QTemporaryDir folder;
            CaptureSession session(request, folder.path());
            QSignalSpy failed(&session, &CaptureSession::failed);
            session.start();
            if (failed.isEmpty() && !failed.wait(10000))
                return QString();
            return failed.first().first().toString();
        };
        // Port 1 (tcpmux) has no listener here: the connection is refused.
        const QString closed = QStringLiteral("http://127.0.0.1:1/debug/pprof/profile");
        const QString odd = QStringLiteral("ftp://example.invalid/profile");
        QVERIFY(install(QLocale(QLocale::Chinese, QLocale::Taiwan)));
        QCOMPARE(failure(closed), closed + QStringLiteral(": ") + refusedZh);
        QCOMPARE(failure(odd), odd + notTargetZh);
        uninstall();
        QCOMPARE(failure(closed), closed + QStringLiteral(": ") + refused);
    }

    // Times in the capture list and the summary: Qt 6.4's Chinese (Taiwan) format has a
    // day period "B" that QDateTime leaves as a letter; it comes out as 上午/下午.
    void captureTimesSpeakTheLanguage_data()
    {
        QTest::addColumn<QString>("locale");
        QTest::addColumn<QString>("time"); // 2024-03-05 15:04 UTC
        QTest::newRow("zh_TW") << QStringLiteral("zh_TW") << QStringLiteral("2024/3/5 下午3:04");
        QTest::newRow("ja") << QStringLiteral("ja_JP") << QStringLiteral("2024/03/05 15:04");
        QTest::newRow("en") << QStringLiteral("en_US") << QStringLiteral("3/5/24 3:04 PM");
    }

    void captureTimesSpeakTheLanguage()
    {
        QFETCH(QString, locale);
        QFETCH(QString, time);
        QCOMPARE(qEnvironmentVariable("TZ"), QStringLiteral("UTC"));
        const QLocale previous;
        QLocale::setDefault(QLocale(locale));
        CaptureHeader header;
        header.timeNanos =
            QDateTime(QDate(2024, 3, 5), QTime(15, 4), Qt::UTC).toMSecsSinceEpoch() * 1000000;
        const QString text = CaptureDescription::captureTime(header);
        QLocale::setDefault(previous);
        QCOMPARE(text, time);
    }

    // Simplified Chinese is not Traditional Chinese: no translation, English stays.
    void otherLanguagesStayEnglish()
    {
        QTranslator translator;
        QVERIFY(!translator.load(QLocale(QStringLiteral("zh_CN")), QStringLiteral("embers"),
                                 QStringLiteral("_"), QStringLiteral(":/i18n")));
        QVERIFY(!translator.load(QLocale(QStringLiteral("de_DE")), QStringLiteral("embers"),
                                 QStringLiteral("_"), QStringLiteral(":/i18n")));
    }
};

QTEST_MAIN(TestTranslations)
#include "tst_translations.moc"
