// The shareable web page (`embers --export=OUT.html`): its data rebuilds the model
// exactly, names stay text, and in a real browser (headless Chromium, driven over the
// DevTools protocol) the page shows the app's numbers, focuses on click, searches,
// switches sample types, draws a diff, runs nothing from a hostile profile and loads
// nothing from anywhere.
#include "BrowserPage.h"
#include "Capture.h"
#include "Comparison.h"
#include "FunctionDiff.h"
#include "HtmlPage.h"
#include "PageSources.h"
#include "PageTexts.h"
#include "ProfileBuilder.h"
#include "ProgramRuns.h"
#include "TestData.h"
#include "Units.h"

#include <QFileInfo>
#include <QRegularExpression>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QtTest>

#include <cstring>

using namespace embers;
using namespace embers::test;

namespace {

// The JSON the page carries, as written.
QByteArray pageData(const QByteArray &page)
{
    const QByteArray open = "<script type=\"application/json\" id=\"embers-data\">";
    const qsizetype begin = page.indexOf(open);
    const qsizetype end = page.indexOf("</script>", begin);
    if (begin < 0 || end < 0)
        return {};
    return page.mid(begin + open.size(), end - begin - open.size());
}

// The page's arrays, inflated and read as the page reads them: name -> values (integers
// multiplied back by their divisor).
QMap<QString, std::vector<double>> pageArrays(const QByteArray &page, const QJsonObject &directory,
                                              const char *id = "embers-arrays")
{
    const QByteArray open =
        QByteArray("<script type=\"application/octet-stream\" id=\"") + id + "\">";
    const qsizetype begin = page.indexOf(open);
    const qsizetype end = page.indexOf("</script>", begin);
    const QByteArray packed =
        QByteArray::fromBase64(page.mid(begin + open.size(), end - begin - open.size()));
    const QByteArray blob = gunzip(packed);
    QMap<QString, std::vector<double>> arrays;
    for (auto it = directory.begin(); it != directory.end(); ++it) {
        const QJsonArray entry = it.value().toArray();
        const qsizetype offset = entry[0].toInteger();
        const size_t count = size_t(entry[1].toInteger());
        const QString type = entry[2].toString();
        const double scale = entry[3].toDouble();
        std::vector<double> values(count);
        const char *at = blob.constData() + offset;
        for (size_t i = 0; i < count; ++i) {
            auto read = [&](auto v) {
                std::memcpy(&v, at + i * sizeof(v), sizeof(v));
                return double(v);
            };
            values[i] = scale * (type == QLatin1String("u8")    ? read(uint8_t())
                                 : type == QLatin1String("u16") ? read(uint16_t())
                                 : type == QLatin1String("u32") ? read(uint32_t())
                                 : type == QLatin1String("i32") ? read(int32_t())
                                 : type == QLatin1String("i64") ? read(int64_t())
                                                                : read(double()));
        }
        arrays.insert(it.key(), std::move(values));
    }
    return arrays;
}

// One of the page's integer arrays, exactly: 64-bit integers too (those past 2^53),
// multiplied back by their divisor.
std::vector<int64_t> pageIntegers(const QByteArray &page, const QJsonObject &directory,
                                  const QString &name, const char *id = "embers-arrays")
{
    const QByteArray open =
        QByteArray("<script type=\"application/octet-stream\" id=\"") + id + "\">";
    const qsizetype begin = page.indexOf(open);
    const qsizetype end = page.indexOf("</script>", begin);
    const QByteArray blob =
        gunzip(QByteArray::fromBase64(page.mid(begin + open.size(), end - begin - open.size())));
    const QJsonArray entry = directory.value(name).toArray();
    const char *at = blob.constData() + entry[0].toInteger();
    const QString type = entry[2].toString();
    const int64_t scale = entry[3].toInteger();
    std::vector<int64_t> values(size_t(entry[1].toInteger()));
    for (size_t i = 0; i < values.size(); ++i) {
        auto read = [&](auto v) {
            std::memcpy(&v, at + i * sizeof(v), sizeof(v));
            return int64_t(v);
        };
        values[i] = scale * (type == QLatin1String("u8")    ? read(uint8_t())
                             : type == QLatin1String("u16") ? read(uint16_t())
                             : type == QLatin1String("u32") ? read(uint32_t())
                             : type == QLatin1String("i32") ? read(int32_t())
                             : type == QLatin1String("i64") ? read(int64_t())
                                                            : read(double()));
    }
    return values;
}

// The page's strings: UTF-8 one after another, with their lengths.
QStringList pageStrings(const QMap<QString, std::vector<double>> &arrays)
{
    const std::vector<double> &bytes = arrays["stringBytes"];
    QStringList out;
    size_t at = 0;
    for (const double length : arrays["stringLength"]) {
        QByteArray s;
        for (size_t i = at; i < at + size_t(length); ++i)
            s.append(char(uint8_t(bytes[i])));
        out << QString::fromUtf8(s);
        at += size_t(length);
    }
    return out;
}

std::shared_ptr<const Capture> openOne(const QString &path)
{
    OpenResult r = openCapture({path});
    if (!r.capture)
        qFatal("%s", qPrintable(r.error));
    return r.capture;
}

QString sharedProfile(const QString &name)
{
    return sharedProfiles() + QLatin1Char('/') + name;
}

// The frames in the order the page's table lists them at first: by flat, descending,
// ties by name (then index); frames without a value in the column are left out.
std::vector<uint32_t> byFlat(const StackTable &stacks, const FunctionTable &functions,
                             size_t column)
{
    std::vector<uint32_t> order;
    for (uint32_t f = 0; f < stacks.frameCount(); ++f) {
        if (functions.flat(f, column) != 0 || functions.cum(f, column) != 0)
            order.push_back(f);
    }
    std::sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
        if (functions.flat(a, column) != functions.flat(b, column))
            return functions.flat(a, column) > functions.flat(b, column);
        const std::string na = stacks.frameName(a), nb = stacks.frameName(b);
        return na != nb ? na < nb : a < b;
    });
    return order;
}

// A `go tool pprof -list` reference's ROUTINE blocks: per function, its file (as printed)
// and its lines as "flat|cum|line|text", or its error.
struct ListedBlock
{
    QString file;
    QStringList lines;
    QString error;
};
QMap<QString, ListedBlock> listedBlocks(const QString &reference)
{
    QMap<QString, ListedBlock> blocks;
    static const QRegularExpression routine(QStringLiteral("^ROUTINE =+ (\\S+) in (.*)$"));
    static const QRegularExpression line(QStringLiteral("^ *(\\S+) +(\\S+) +(\\d+):(.*)$"));
    ListedBlock *current = nullptr;
    for (const QString &text : QString::fromUtf8(fileContent(reference)).split(u'\n')) {
        if (const QRegularExpressionMatch m = routine.match(text); m.hasMatch()) {
            current = &blocks[m.captured(1)];
            current->file = m.captured(2);
        } else if (!current) {
            continue;
        } else if (text.startsWith(QLatin1String(" Error: "))) {
            current->error = text.mid(8);
        } else if (const QRegularExpressionMatch l = line.match(text);
                   l.hasMatch() && !text.contains(QLatin1String("(flat, cum)"))) {
            current->lines
                << QStringList{l.captured(1), l.captured(2), l.captured(3), l.captured(4)}.join(
                       u'|');
        }
    }
    return blocks;
}

} // namespace

class TestHtmlPage : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void dataRebuildsTheModel();
    void namesAreDataNotMarkup();
    void commandLineChoices();
    void tableShowsTheAppsNumbers_data();
    void tableShowsTheAppsNumbers();
    void valuesPast2To53();
    void clickHoverAndSearch();
    void sampleTypesSwitch();
    void diffPage();
    void hostileNamesRunNothing();
    void loadsNothing();
    void sourcesAsPprofListsThem();
    void sourcePanel();
    void diffSourcePanel();
    void sourcesFromSourceMaps();
    void pageSpeaksTheExportersLanguage();
    void screenshots();

private:
    QString exportPage(const QStringList &arguments, const QString &name);
    // Opens `page` in Chromium and waits for its script to finish; false when it cannot.
    bool load(BrowserPage &browser, const QString &page);
    // The page's table rows: per row, the frame's name and each cell's text.
    QList<QStringList> tableRows(BrowserPage &browser);
    // Clicks (or moves to) the middle of the first box named `name`.
    bool pointAt(BrowserPage &browser, const QString &name, bool click);

    QTemporaryDir m_dir;
};

void TestHtmlPage::initTestCase()
{
    QVERIFY(m_dir.isValid());
    if (BrowserPage::chromium().isEmpty())
        QFAIL("chromium is needed: the test command installs it (scripts/dev.sh test)");
}

QString TestHtmlPage::exportPage(const QStringList &arguments, const QString &name)
{
    const QString out = m_dir.filePath(name);
    // English unless asked otherwise: the page speaks the system's language by default.
    QStringList language;
    if (arguments.filter(QStringLiteral("--lang=")).isEmpty())
        language << QStringLiteral("--lang=en");
    const EmbersRun r =
        runEmbers(QStringList{QStringLiteral("--export=") + out} + language + arguments);
    if (r.status != 0)
        qWarning("embers: %s", qPrintable(r.err));
    return r.status == 0 ? out : QString();
}

bool TestHtmlPage::load(BrowserPage &browser, const QString &page)
{
    QString error;
    if (!browser.open(QUrl::fromLocalFile(page), &error)) {
        qWarning("%s", qPrintable(error));
        return false;
    }
    return browser.waitUntil(QStringLiteral("document.body && document.body.dataset.complete !== "
                                            "undefined"));
}

QList<QStringList> TestHtmlPage::tableRows(BrowserPage &browser)
{
    const QJsonArray rows =
        browser
            .evaluate(
                QStringLiteral("[...document.querySelectorAll('#functions tbody tr')].map(tr => "
                               "[...tr.cells].map(td => td.textContent).concat("
                               "[...tr.cells].map(td => td.dataset.value ?? '')))"))
            .toArray();
    QList<QStringList> out;
    for (const QJsonValue &row : rows) {
        QStringList cells;
        for (const QJsonValue &cell : row.toArray())
            cells << cell.toString();
        out << cells;
    }
    return out;
}

bool TestHtmlPage::pointAt(BrowserPage &browser, const QString &name, bool click)
{
    const QJsonObject where =
        browser
            .evaluate(QStringLiteral("(() => { const b = embersPage.boxes().find(b => b.name === "
                                     "%1); if (!b) return null; const r = document."
                                     "getElementById('graph').getBoundingClientRect(); "
                                     "return {x: r.left + b.x + b.width / 2, y: r.top + b.y + "
                                     "b.height / 2}; })()")
                          .arg(QString::fromUtf8(
                                   QJsonDocument(QJsonArray{name}).toJson(QJsonDocument::Compact))
                                   .mid(1)
                                   .chopped(1)))
            .toObject();
    if (where.isEmpty())
        return false;
    const double x = where.value(QStringLiteral("x")).toDouble();
    const double y = where.value(QStringLiteral("y")).toDouble();
    if (click)
        browser.click(x, y);
    else
        browser.mouse(QStringLiteral("mouseMoved"), x, y);
    return true;
}

// The page's arrays rebuild the capture: the trie's parents and frames, each node's self
// value in every sample type summing to the call tree's totals, the function table, the
// strings.
void TestHtmlPage::dataRebuildsTheModel()
{
    const auto capture = openOne(sharedProfile(QStringLiteral("real/go/heap-cache.pb.gz")));
    const StackTable &stacks = *capture->stacks;
    const std::string page = formatProfilePage(stacks, *capture->functions, 2, {"heap", {}});
    QVERIFY(QByteArray::fromStdString(page).startsWith("<!DOCTYPE html>"));
    QJsonParseError error;
    const QJsonObject data =
        QJsonDocument::fromJson(pageData(QByteArray::fromStdString(page)), &error).object();
    QCOMPARE(error.error, QJsonParseError::NoError);
    QCOMPARE(data.value("kind").toString(), QStringLiteral("profile"));
    QCOMPARE(data.value("column").toInt(), 2);

    QMap<QString, std::vector<double>> arrays =
        pageArrays(QByteArray::fromStdString(page), data.value("arrays").toObject());
    // The whole trie and the stacks' values come after the script, in their own element.
    const QMap<QString, std::vector<double>> tree = pageArrays(
        QByteArray::fromStdString(page), data.value("treeArrays").toObject(), "embers-tree");
    for (auto it = tree.begin(); it != tree.end(); ++it)
        arrays.insert(it.key(), it.value());
    const QStringList strings = pageStrings(arrays);
    const std::vector<double> &names = arrays["frameName"];
    QCOMPARE(names.size(), stacks.frameCount());
    for (uint32_t f = 0; f < stacks.frameCount(); ++f)
        QCOMPARE(strings[qsizetype(names[f])].toStdString(), stacks.frameName(f));

    // The trie, decoded as the page decodes it: a byte per node, its child count and its
    // frame as the how-manyth callee of its parent's frame (15: the next big one).
    const std::vector<double> &shape = arrays["nodeShape"];
    const std::vector<double> &bigChildren = arrays["nodeChildren.big"];
    const std::vector<double> &bigCalls = arrays["nodeCall.big"];
    const std::vector<double> &calleeStart = arrays["calleeStart"], &callee = arrays["callee"];
    QCOMPARE(shape.size(), stacks.nodeCount());
    std::vector<uint32_t> childStart(stacks.nodeCount() + 1), code(stacks.nodeCount()),
        parents(stacks.nodeCount());
    childStart[0] = 1;
    size_t nextChildren = 0, nextCall = 0;
    for (uint32_t p = 0; p < stacks.nodeCount(); ++p) {
        const auto count = uint32_t(shape[p]) >> 4;
        childStart[p + 1] =
            childStart[p] + (count == 15 ? uint32_t(bigChildren[nextChildren++]) : count);
        QCOMPARE(childStart[p], stacks.firstChild(p));
        const auto base = uint32_t(calleeStart[p == 0 ? stacks.frameCount() : code[p] / 2]);
        for (uint32_t n = childStart[p]; n < childStart[p + 1]; ++n) {
            const uint32_t k = uint32_t(shape[n]) & 15;
            code[n] = uint32_t(callee[base + (k == 15 ? uint32_t(bigCalls[nextCall++]) : k)]);
            parents[n] = p;
            QCOMPARE(p, stacks.nodeParent(n));
            QCOMPARE(code[n] / 2, stacks.nodeFrame(n) & kFrameMask);
            QCOMPARE(code[n] % 2 == 1, (stacks.nodeFrame(n) & kInlineBit) != 0);
        }
    }

    const std::vector<double> &steps = arrays["stackStep"];
    QCOMPARE(steps.size(), stacks.stackCount());
    const QJsonArray columns = data.value("columns").toArray();
    QCOMPARE(size_t(columns.size()), stacks.columnCount());
    for (size_t c = 0; c < stacks.columnCount(); ++c) {
        const QJsonObject column = columns[qsizetype(c)].toObject();
        QCOMPARE(column.value("type").toString().toStdString(), stacks.columns[c].type);
        QCOMPARE(int64_t(column.value("total").toDouble()), stacks.totals[c]);
        // Totals summed up the trie from the stacks' values equal the call tree's.
        const std::vector<double> &values = arrays[QStringLiteral("value%1").arg(c)];
        std::vector<int64_t> total(stacks.nodeCount());
        uint32_t node = 0;
        for (size_t s = 0; s < stacks.stackCount(); ++s) {
            node += uint32_t(steps[s]);
            QCOMPARE(node, stacks.stackNodes[s]);
            total[node] += int64_t(values[s]);
        }
        for (uint32_t n = uint32_t(stacks.nodeCount()) - 1; n > 0; --n)
            total[parents[n]] += total[n];
        const CallTree tree(capture->stacks, c);
        for (uint32_t n = 0; n < stacks.nodeCount(); ++n)
            QCOMPARE(total[n], tree.total(n));
        const std::vector<double> &flat = arrays[QStringLiteral("flat%1").arg(c)];
        const std::vector<double> &cum = arrays[QStringLiteral("cum%1").arg(c)];
        for (uint32_t f = 0; f < stacks.frameCount(); ++f) {
            QCOMPARE(int64_t(flat[f]), capture->functions->flat(f, c));
            QCOMPARE(int64_t(cum[f]), capture->functions->cum(f, c));
        }
    }
}

// Names with markup, quotes, a closing script tag and invalid UTF-8: the data part of the
// page holds no '<' or '>' at all, and reads back as the names (invalid bytes as U+FFFD).
void TestHtmlPage::namesAreDataNotMarkup()
{
    const QString path = m_dir.filePath(QStringLiteral("hostile.folded"));
    writeFileContent(path, "main;</script><script>window.pwned=1</script> 5\n"
                           "main;<img src=x onerror=\"window.pwned=2\"> 3\n"
                           "main;a & b \"q\" 'x' 2\n"
                           "main;bad\xff\xfename 1\n");
    const auto capture = openOne(path);
    const std::string page = formatProfilePage(*capture->stacks, *capture->functions, 0,
                                               {"</title><script>alert(1)</script>", {}});
    const QByteArray bytes = QByteArray::fromStdString(page);
    const QByteArray data = pageData(bytes);
    QVERIFY(!data.isEmpty());
    // Nothing in the data or the arrays' base64 can end or start an element.
    QVERIFY(!data.contains('<'));
    QVERIFY(!data.contains('>'));
    QVERIFY(
        bytes.contains("<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; \xE2\x80\x94 "
                       "Embers</title>"));
    // Only the page's own scripts: the data, the arrays, the code and the trie.
    QCOMPARE(bytes.count("<script"), 4);
    const QStringList names = pageStrings(
        pageArrays(bytes, QJsonDocument::fromJson(data).object().value("arrays").toObject()));
    QVERIFY(names.contains(QStringLiteral("</script><script>window.pwned=1</script>")));
    QVERIFY(names.contains(QStringLiteral("<img src=x onerror=\"window.pwned=2\">")));
    QVERIFY(names.contains(QStringLiteral("a & b \"q\" 'x'")));
    QVERIFY(names.contains(QStringLiteral("bad\uFFFD\uFFFDname")));
}

// What --export=OUT.html goes with, and what it does not.
void TestHtmlPage::commandLineChoices()
{
    const QString profile = sharedProfile(QStringLiteral("pprof-testdata/sample.cpu"));
    struct Case
    {
        QStringList arguments;
        const char *message;
    };
    const QString png = QStringLiteral("--export=") + m_dir.filePath(QStringLiteral("x.png"));
    const QString html = QStringLiteral("--export=") + m_dir.filePath(QStringLiteral("x.html"));
    const QString base = QStringLiteral("--diff-base=") + profile;
    const Case cases[] = {
        {{png, base, profile}, "--diff-base and --base go with --top, or --export of an .html"},
        {{html, QStringLiteral("--base=") + profile, profile}, "compares with --diff-base"},
        {{html, base, QStringLiteral("--focus=main"), profile}, "do not go with a --diff-base"},
        {{html, QStringLiteral("--sample-index=bytes"), profile},
         "sample type \"bytes\" not found"},
    };
    for (const Case &c : cases) {
        const EmbersRun r = runEmbers(c.arguments);
        QVERIFY2(r.status == 2, qPrintable(c.arguments.join(u' ') + QStringLiteral(": ") + r.err));
        QVERIFY2(r.err.contains(QLatin1String(c.message)), qPrintable(r.err));
    }
    // An input is never overwritten, whatever its name.
    const QString input = m_dir.filePath(QStringLiteral("input.html"));
    writeFileContent(input, fileContent(profile));
    const EmbersRun refused = runEmbers({QStringLiteral("--export=") + input, input});
    QCOMPARE(refused.status, 2);
    QCOMPARE(fileContent(input), fileContent(profile));
    // A missing input is status 1 and named.
    const EmbersRun missing = runEmbers({html, m_dir.filePath(QStringLiteral("gone.pb.gz"))});
    QCOMPARE(missing.status, 1);
    QVERIFY(missing.err.contains(QLatin1String("gone.pb.gz")));
}

// In Chromium, the table lists what the app's function table holds, by flat, with the
// values printed as the app prints them; the top rows as `go tool pprof -top` has them.
void TestHtmlPage::tableShowsTheAppsNumbers_data()
{
    QTest::addColumn<QString>("profile");
    for (const char *name : {"pprof-testdata/sample.cpu", "real/go/cpu-parser.pb.gz",
                             "real/go/heap-cache.pb.gz", "real/go/mutex-jobqueue.pb.gz",
                             "real/node/kvworker-time.pb.gz", "real/node/kvworker-heap.pb.gz"})
        QTest::newRow(name) << sharedProfile(QLatin1String(name));
}

void TestHtmlPage::tableShowsTheAppsNumbers()
{
    QFETCH(QString, profile);
    const QString page = exportPage({profile}, QFileInfo(profile).fileName() + ".html");
    QVERIFY(!page.isEmpty());
    BrowserPage browser;
    QVERIFY(load(browser, page));
    const auto capture = openOne(profile);
    const StackTable &stacks = *capture->stacks;
    const size_t column = size_t(stacks.defaultColumn);
    const std::vector<uint32_t> order = byFlat(stacks, *capture->functions, column);
    // The first 300 rows, and a button for the rest.
    const QList<QStringList> rows = tableRows(browser);
    QCOMPARE(size_t(rows.size()), std::min<size_t>(order.size(), 300));
    if (order.size() > 300)
        QCOMPARE(browser.evaluate(QStringLiteral("document.getElementById('more').textContent"))
                     .toString(),
                 QStringLiteral("Show all %1 functions").arg(order.size()));
    const std::string unit = stacks.columns[column].unit;
    for (qsizetype i = 0; i < rows.size(); ++i) {
        const uint32_t f = order[size_t(i)];
        const QStringList &row = rows[i];
        // Name, Flat, Flat%, Cum, Cum%, then the cells' raw values.
        QCOMPARE(row[0].toStdString(), stacks.frameName(f));
        QCOMPARE(row[1].toStdString(),
                 units::humanValue(capture->functions->flat(f, column), unit));
        QCOMPARE(row[3].toStdString(), units::humanValue(capture->functions->cum(f, column), unit));
        QCOMPARE(row[6].toLongLong(), capture->functions->flat(f, column));
        QCOMPARE(row[8].toLongLong(), capture->functions->cum(f, column));
    }
    if (!profile.endsWith(QLatin1String("sample.cpu")))
        return;
    // go tool pprof -top: runtime.mapiternext 1.28s 72.73% flat, 1.37s 77.84% cum.
    QCOMPARE(rows[0].mid(0, 5),
             (QStringList{"runtime.mapiternext", "1.28 s", "72.73%", "1.37 s", "77.84%"}));
    QCOMPARE(rows[1].mid(0, 5),
             (QStringList{"main.busyLoop", "150 ms", "8.52%", "1.76 s", "100.00%"}));

    // Sorting by a column header: cum, descending; again, ascending.
    browser.evaluate(QStringLiteral("document.querySelectorAll('#functions th')[3].click()"));
    QList<QStringList> sorted = tableRows(browser);
    for (qsizetype i = 1; i < sorted.size(); ++i)
        QVERIFY(sorted[i - 1][8].toLongLong() >= sorted[i][8].toLongLong());
    browser.evaluate(QStringLiteral("document.querySelectorAll('#functions th')[3].click()"));
    sorted = tableRows(browser);
    for (qsizetype i = 1; i < sorted.size(); ++i)
        QVERIFY(sorted[i - 1][8].toLongLong() <= sorted[i][8].toLongLong());

    // The summary: the file, the total.
    const QString summary =
        browser.evaluate(QStringLiteral("document.getElementById('summary').textContent"))
            .toString();
    QVERIFY2(summary.contains(QLatin1String("1.76 s (cpu)")), qPrintable(summary));
    QVERIFY(summary.contains(QLatin1String("sample.cpu")));
}

// Values past 2^53, which a double cannot hold (events counted over a long run, a byte
// counter): the page's data carries them exactly, and the page shows the window's digits
// in the table, the summary, the hover details and the search's share.
void TestHtmlPage::valuesPast2To53()
{
    const int64_t big = (int64_t(1) << 60) + 1;
    ProfileBuilder b;
    b.sampleType("events", "count");
    b.sample({"main", "work"}, {big});
    b.sample({"main"}, {3});
    const QString profile = m_dir.filePath(QStringLiteral("big-values.pb.gz"));
    writeFileContent(profile, b.gzip());
    const QString page = exportPage({profile}, QStringLiteral("big-values.html"));
    QVERIFY(!page.isEmpty());
    const auto capture = openOne(profile);
    const StackTable &stacks = *capture->stacks;
    QCOMPARE(stacks.totals[0], big + 3);

    // The data, read exactly: the total (as text: JSON numbers are doubles to a page), the
    // stacks' values, the table's self and total.
    const QByteArray html = fileContent(page);
    const QJsonObject data = QJsonDocument::fromJson(pageData(html)).object();
    QCOMPARE(data.value("columns").toArray()[0].toObject().value("totalExact").toString(),
             QString::number(big + 3));
    const QJsonObject arrays = data.value("arrays").toObject();
    std::vector<int64_t> values =
        pageIntegers(html, data.value("treeArrays").toObject(), "value0", "embers-tree");
    std::sort(values.begin(), values.end());
    QCOMPARE(values, (std::vector<int64_t>{3, big}));
    const uint32_t work = [&] {
        for (uint32_t f = 0; f < stacks.frameCount(); ++f) {
            if (stacks.frameName(f) == "work")
                return f;
        }
        return StackTable::kNoFrame;
    }();
    QVERIFY(work != StackTable::kNoFrame);
    QCOMPARE(pageIntegers(html, arrays, "flat0")[work], big);
    QCOMPARE(pageIntegers(html, arrays, "cum0")[work], big);

    BrowserPage browser;
    QVERIFY(load(browser, page));
    const QString bigText = QString::fromStdString(units::humanValue(big, "count"));
    const QString totalText = QString::fromStdString(units::humanValue(big + 3, "count"));
    QCOMPARE(bigText, QStringLiteral("1,152,921,504,606,846,977"));
    // The table: work by self first (name, self, self %, total, total %, then the raw values).
    const QList<QStringList> rows = tableRows(browser);
    QCOMPARE(rows.size(), 2);
    QCOMPARE(rows[0][0], QStringLiteral("work"));
    QCOMPARE(rows[0][1], bigText);
    QCOMPARE(rows[0][3], bigText);
    QCOMPARE(rows[0][6], QString::number(big));
    QCOMPARE(rows[1][0], QStringLiteral("main"));
    QCOMPARE(rows[1][1], QStringLiteral("3"));
    QCOMPARE(rows[1][3], totalText);
    QCOMPARE(rows[1][8], QString::number(big + 3));
    const QString summary =
        browser.evaluate(QStringLiteral("document.getElementById('summary').textContent"))
            .toString();
    QVERIFY2(summary.contains(totalText + QStringLiteral(" (events)")), qPrintable(summary));
    // Hover: work's box, its self and total.
    QVERIFY(pointAt(browser, QStringLiteral("work"), false));
    QVERIFY(browser.waitUntil(QStringLiteral("!document.getElementById('tooltip').hidden"), 5000));
    const QString tip =
        browser.evaluate(QStringLiteral("document.getElementById('tooltip').textContent"))
            .toString();
    QVERIFY2(tip.contains(QStringLiteral("Self") + bigText + QStringLiteral(" (")) &&
                 tip.contains(QStringLiteral("Total") + bigText + QStringLiteral(" (")),
             qPrintable(tip));
    // The root's total, summed by the page from the stacks.
    QVERIFY(pointAt(browser, QStringLiteral("all"), false));
    QVERIFY(browser.waitUntil(
        QStringLiteral("document.getElementById('tooltip').textContent.startsWith('all')"), 5000));
    const QString rootTip =
        browser.evaluate(QStringLiteral("document.getElementById('tooltip').textContent"))
            .toString();
    QVERIFY2(rootTip.contains(QStringLiteral("Total") + totalText + QStringLiteral(" (")),
             qPrintable(rootTip));
    // Search: the matched share.
    browser.evaluate(QStringLiteral("document.getElementById('search').focus()"));
    browser.type(QStringLiteral("work"));
    QVERIFY(browser.waitUntil(
        QStringLiteral("document.getElementById('matched').textContent !== ''"), 5000));
    QCOMPARE(browser.evaluate(QStringLiteral("document.getElementById('matched').dataset.share"))
                 .toString(),
             QString::number(big));
    const QString matched =
        browser.evaluate(QStringLiteral("document.getElementById('matched').textContent"))
            .toString();
    QVERIFY2(matched.contains(bigText), qPrintable(matched));

    // A diff page of two such captures: before, after and the change, exact.
    ProfileBuilder later;
    later.sampleType("events", "count");
    later.sample({"main", "work"}, {big + 2});
    later.sample({"main"}, {3});
    const QString after = m_dir.filePath(QStringLiteral("big-values-later.pb.gz"));
    writeFileContent(after, later.gzip());
    const QString diff = exportPage({QStringLiteral("--diff-base=") + profile, after},
                                    QStringLiteral("big-values-diff.html"));
    QVERIFY(!diff.isEmpty());
    BrowserPage diffBrowser;
    QVERIFY(load(diffBrowser, diff));
    // Function, Before, After, change, change %, p; then the cells' raw values.
    QStringList workRow;
    for (const QStringList &row : tableRows(diffBrowser)) {
        if (row[0] == QLatin1String("work"))
            workRow = row;
    }
    QVERIFY(!workRow.isEmpty());
    QCOMPARE(workRow.mid(1, 3),
             (QStringList{bigText, QString::fromStdString(units::humanValue(big + 2, "count")),
                          QStringLiteral("+2")}));
    QCOMPARE(workRow.mid(7, 3),
             (QStringList{QString::number(big), QString::number(big + 2), QStringLiteral("2")}));
    const QString diffSummary =
        diffBrowser.evaluate(QStringLiteral("document.getElementById('summary').textContent"))
            .toString();
    QVERIFY2(diffSummary.contains(QStringLiteral("Before") + totalText) &&
                 diffSummary.contains(QStringLiteral("After") +
                                      QString::fromStdString(units::humanValue(big + 5, "count"))),
             qPrintable(diffSummary));
}

// Real input events: a click focuses a box (breadcrumbs, reset), hovering shows its
// numbers, the search box highlights and measures the matched share.
void TestHtmlPage::clickHoverAndSearch()
{
    const QString profile = sharedProfile(QStringLiteral("pprof-testdata/sample.cpu"));
    const QString page = exportPage({profile}, QStringLiteral("click.html"));
    QVERIFY(!page.isEmpty());
    BrowserPage browser;
    QVERIFY(load(browser, page));
    const auto focused = [&] { return browser.evaluate(QStringLiteral("embersPage.focus()")); };
    QCOMPARE(focused().toString(), QStringLiteral("all"));

    QVERIFY(pointAt(browser, QStringLiteral("main.busyLoop"), true));
    QCOMPARE(focused().toString(), QStringLiteral("main.busyLoop"));
    const QString crumbs =
        browser
            .evaluate(QStringLiteral("[...document.querySelectorAll('#crumbs button')]"
                                     ".map(b => b.textContent).join('|')"))
            .toString();
    QCOMPARE(crumbs, QStringLiteral("all|runtime.main|main.main|main.busyLoop|Reset zoom"));
    // The focused box fills the width; its children are scaled to it.
    const double width = browser
                             .evaluate(QStringLiteral("embersPage.boxes().find(b => b.name === "
                                                      "'main.busyLoop').width"))
                             .toDouble();
    const double canvasWidth =
        browser.evaluate(QStringLiteral("document.getElementById('graph').clientWidth")).toDouble();
    QCOMPARE(width, canvasWidth);

    // Hover: the details, as go tool pprof counts them (1.37s, 77.84% cum).
    QVERIFY(pointAt(browser, QStringLiteral("runtime.mapiternext"), false));
    QVERIFY(browser.waitUntil(QStringLiteral("!document.getElementById('tooltip').hidden"), 5000));
    const QString tip =
        browser.evaluate(QStringLiteral("document.getElementById('tooltip').textContent"))
            .toString();
    QVERIFY2(tip.contains(QLatin1String("Total1.37 s (77.84%)")), qPrintable(tip));
    QVERIFY2(tip.contains(QLatin1String("% of focus77.84%")), qPrintable(tip)); // busyLoop: 100%

    // Back up through the breadcrumbs, then reset.
    browser.evaluate(QStringLiteral("document.querySelectorAll('#crumbs button')[1].click()"));
    QCOMPARE(focused().toString(), QStringLiteral("runtime.main"));
    browser.evaluate(QStringLiteral("document.getElementById('reset').click()"));
    QCOMPARE(focused().toString(), QStringLiteral("all"));

    // Search, typed: the share of the stacks through any match, each stack once.
    browser.evaluate(QStringLiteral("document.getElementById('search').focus()"));
    browser.type(QStringLiteral("mapassign|evacuate"));
    QVERIFY(browser.waitUntil(
        QStringLiteral("document.getElementById('matched').textContent !== ''"), 5000));
    const auto capture = openOne(profile);
    const StackTable &stacks = *capture->stacks;
    const QRegularExpression re(QStringLiteral("mapassign|evacuate"),
                                QRegularExpression::CaseInsensitiveOption);
    int64_t share = 0;
    std::vector<uint32_t> frames;
    for (size_t s = 0; s < stacks.stackCount(); ++s) {
        stacks.stackFrames(s, frames);
        if (std::any_of(frames.begin(), frames.end(), [&](uint32_t f) {
                return re.match(QString::fromStdString(stacks.frameName(f & kFrameMask)))
                    .hasMatch();
            }))
            share += stacks.value(s, size_t(stacks.defaultColumn));
    }
    QVERIFY(share > 0);
    QCOMPARE(browser.evaluate(QStringLiteral("document.getElementById('matched').dataset.share"))
                 .toString()
                 .toLongLong(),
             share);
    const QString status =
        browser.evaluate(QStringLiteral("document.getElementById('matched').textContent"))
            .toString();
    QVERIFY2(status.startsWith(QLatin1String("2 functions: 130 ms, 7.39% of all")),
             qPrintable(status));
    // The table lists the matches only.
    QCOMPARE(tableRows(browser).size(), 2);
}

// A heap profile's four sample types: switching shows each one's table, led by the
// function with the most of it.
void TestHtmlPage::sampleTypesSwitch()
{
    const QString profile = sharedProfile(QStringLiteral("real/go/heap-cache.pb.gz"));
    const QString page = exportPage({profile}, QStringLiteral("heap.html"));
    QVERIFY(!page.isEmpty());
    BrowserPage browser;
    QVERIFY(load(browser, page));
    const auto capture = openOne(profile);
    const StackTable &stacks = *capture->stacks;
    QCOMPARE(
        browser.evaluate(QStringLiteral("document.getElementById('sample-type').options.length"))
            .toInt(),
        int(stacks.columnCount()));
    QVERIFY(stacks.columnCount() >= 2);
    for (size_t c = 0; c < stacks.columnCount(); ++c) {
        browser.evaluate(QStringLiteral("(() => { const s = document.getElementById('sample-type');"
                                        " s.value = '%1'; s.dispatchEvent(new Event('change')); "
                                        "})()")
                             .arg(c));
        const std::vector<uint32_t> order = byFlat(stacks, *capture->functions, c);
        const QList<QStringList> rows = tableRows(browser);
        QVERIFY(!rows.isEmpty());
        QCOMPARE(rows[0][0].toStdString(), stacks.frameName(order[0]));
        QCOMPARE(rows[0][6].toLongLong(), capture->functions->flat(order[0], c));
        QCOMPARE(rows[0][1].toStdString(),
                 units::humanValue(capture->functions->flat(order[0], c), stacks.columns[c].unit));
    }
}

// --diff-base: the differential page's table is the comparison's FunctionDiff, led by the
// largest change (the real pair's renderWidgets, which grew about 2.5 times); the legend
// and the noise marks are there.
void TestHtmlPage::diffPage()
{
    const QString base = sharedProfile(QStringLiteral("real/go/diff-render-base.pb.gz"));
    const QString slow = sharedProfile(QStringLiteral("real/go/diff-render-slow.pb.gz"));
    const QString page =
        exportPage({QStringLiteral("--diff-base=") + base, slow}, QStringLiteral("diff.html"));
    QVERIFY(!page.isEmpty());
    BrowserPage browser;
    QVERIFY(load(browser, page));

    OpenOptions options;
    options.model.pprofNames = true;
    std::vector<std::shared_ptr<const Capture>> captures;
    for (const QString &path : {base, slow}) {
        OpenResult r = openCapture({path}, options);
        QVERIFY(r.capture);
        captures.push_back(r.capture);
    }
    const ComparisonResult compared = compareCaptures(captures);
    QVERIFY(compared.comparison);
    const StackTable &stacks = *compared.comparison->stacks;
    const size_t column = size_t(stacks.columnByName("", nullptr));
    const FunctionDiff diff =
        FunctionDiff::build(stacks, *compared.comparison->functions, column, false);
    std::vector<FunctionDiffRow> rows = diff.rows;
    std::sort(rows.begin(), rows.end(), [&](const FunctionDiffRow &a, const FunctionDiffRow &b) {
        const int64_t da = std::abs(a.cumDelta()), db = std::abs(b.cumDelta());
        if (da != db)
            return da > db;
        return stacks.frameName(a.frame) < stacks.frameName(b.frame);
    });
    const QList<QStringList> shown = tableRows(browser);
    QVERIFY(shown.size() >= 5);
    // Function, Before, After, Δ, Δ%, p; then the raw values of Before, After, Δ.
    for (qsizetype i = 0; i < 5; ++i) {
        const FunctionDiffRow &r = rows[size_t(i)];
        QCOMPARE(shown[i][0].toStdString(), stacks.frameName(r.frame));
        QCOMPARE(shown[i][7].toLongLong(), r.cumBefore);
        QCOMPARE(shown[i][8].toLongLong(), r.cumAfter);
        QCOMPARE(shown[i][9].toLongLong(), r.cumDelta());
        QCOMPARE(shown[i][5] == QLatin1String("noise"), diff.hasNoiseTest && r.noise);
    }
    const QString top = shown[0][0];
    QVERIFY2(top.contains(QLatin1String("renderWidgets")) || top.contains(QLatin1String("main.")),
             qPrintable(top));
    const QString legend =
        browser.evaluate(QStringLiteral("document.getElementById('legend').textContent"))
            .toString();
    QVERIFY(legend.contains(QLatin1String("grew")));
    QVERIFY(legend.contains(QLatin1String("shrank")));
    QVERIFY(legend.contains(QLatin1String("sampling noise")));
    // Hovering a box tells its change.
    QVERIFY(pointAt(browser, QStringLiteral("main.main"), false));
    QVERIFY(browser.waitUntil(QStringLiteral("!document.getElementById('tooltip').hidden"), 5000));
    const QString tip =
        browser.evaluate(QStringLiteral("document.getElementById('tooltip').textContent"))
            .toString();
    QVERIFY2(tip.contains(QLatin1String("Before")) && tip.contains(QLatin1String("Change")),
             qPrintable(tip));
}

// A profile whose names are markup and script, under a file name that is too: in the
// browser nothing runs, no element is made from them, and they read as written.
void TestHtmlPage::hostileNamesRunNothing()
{
    const QString path = m_dir.filePath(QStringLiteral("x<img src=y onerror=alert(1)>.folded"));
    writeFileContent(path, "main;</script><script>window.pwned=1</script> 5\n"
                           "main;<img src=x onerror=\"window.pwned=2\"> 3\n"
                           "main;a & b \"q\" 'x' 2\n"
                           "main;bad\xff\xfename 1\n");
    const QString page = exportPage({path}, QStringLiteral("hostile.html"));
    QVERIFY(!page.isEmpty());
    BrowserPage browser;
    QVERIFY(load(browser, page));
    QCOMPARE(browser.evaluate(QStringLiteral("typeof window.pwned")).toString(),
             QStringLiteral("undefined"));
    QCOMPARE(browser.evaluate(QStringLiteral("document.images.length")).toInt(), 0);
    QCOMPARE(browser.evaluate(QStringLiteral("document.scripts.length")).toInt(), 4);
    QCOMPARE(
        browser.evaluate(QStringLiteral("document.getElementById('title').textContent")).toString(),
        QStringLiteral("x<img src=y onerror=alert(1)>.folded"));
    QStringList names;
    for (const QStringList &row : tableRows(browser))
        names << row[0];
    QVERIFY(names.contains(QStringLiteral("</script><script>window.pwned=1</script>")));
    QVERIFY(names.contains(QStringLiteral("<img src=x onerror=\"window.pwned=2\">")));
    QVERIFY(names.contains(QStringLiteral("a & b \"q\" 'x'")));
    QVERIFY(names.contains(QStringLiteral("bad\uFFFD\uFFFDname")));
    // Search for one of them, hover it: still text.
    browser.evaluate(QStringLiteral("document.getElementById('search').focus()"));
    browser.type(QStringLiteral("img"));
    QVERIFY(browser.waitUntil(
        QStringLiteral("document.getElementById('matched').textContent.startsWith('1 function')"),
        5000));
    QVERIFY(pointAt(browser, QStringLiteral("<img src=x onerror=\"window.pwned=2\">"), false));
    QVERIFY(browser.waitUntil(QStringLiteral("!document.getElementById('tooltip').hidden"), 5000));
    QCOMPARE(browser.evaluate(QStringLiteral("document.images.length")).toInt(), 0);
    QCOMPARE(browser.evaluate(QStringLiteral("typeof window.pwned")).toString(),
             QStringLiteral("undefined"));
}

// The page asks for nothing: no resource loads, and what a script there tried to fetch
// (from a server listening on loopback) is refused by the page's policy before it leaves.
void TestHtmlPage::loadsNothing()
{
    const QString profile = sharedProfile(QStringLiteral("real/go/cpu-workers.pb.gz"));
    const QString page = exportPage({profile}, QStringLiteral("offline.html"));
    QVERIFY(!page.isEmpty());
    QTcpServer server;
    QVERIFY(server.listen(QHostAddress::LocalHost));
    BrowserPage browser;
    QVERIFY(load(browser, page));
    QCOMPARE(
        browser.evaluate(QStringLiteral("performance.getEntriesByType('resource').length")).toInt(),
        0);
    const QString url = QStringLiteral("http://127.0.0.1:%1/").arg(server.serverPort());
    const QString outcome =
        browser
            .evaluate(QStringLiteral("(async () => { const img = new Image(); img.src = '%1i'; "
                                     "try { await fetch('%1f'); return 'fetched'; } "
                                     "catch (e) { return 'refused'; } })()")
                          .arg(url))
            .toString();
    QCOMPARE(outcome, QStringLiteral("refused"));
    BrowserPage::wait(500);
    QVERIFY(!server.hasPendingConnections());
    QVERIFY(!server.waitForNewConnection(200));
}

// For the guide: the bundled Go example's page in light and dark, a search lit up, as a
// reader opens it (build/release/ci-artifacts/html-page).
// The page's source lines are those `go tool pprof -list` prints for each function, with
// its flat and cum (a reference from a program written for the tests); a cap on the text
// leaves out the cheapest functions' text first.
void TestHtmlPage::sourcesAsPprofListsThem()
{
    const QString dir = testData() + QStringLiteral("/source-list");
    OpenOptions options;
    options.model.granularity = Granularity::Lines;
    const OpenResult opened =
        openCapture({dir + QStringLiteral("/go-cpu-trimpath.pb.gz")}, options);
    QVERIFY2(opened.capture, qPrintable(opened.error));
    const StackTable &stacks = *opened.capture->stacks;
    const FunctionTable &functions = *opened.capture->functions;
    const std::string searchPath = dir.toStdString();
    const SourceFinder find = [&](std::string_view recorded) {
        return readFoundSource(findSourceAsPprof(recorded, searchPath, {}));
    };
    const PageSources sources = collectPageSources(stacks, functions, find);
    QCOMPARE(sources.filesFound, size_t(1)); // listdemo/main.go; the runtime's are not here
    QVERIFY(sources.filesMissing >= 1);
    const auto blockOf = [&](const PageSources &in, const QString &name) {
        for (const PageSourceBlock &b : in.blocks) {
            if (QString::fromStdString(b.name) == name)
                return &b;
        }
        return static_cast<const PageSourceBlock *>(nullptr);
    };
    std::string error;
    const std::pair<QString, int> references[] = {
        {QStringLiteral("go-main.txt"), stacks.columnByName("cpu", &error)},
        {QStringLiteral("go-main-samples-hide.txt"), stacks.columnByName("samples", &error)}};
    for (const auto &[reference, column] : references) {
        QVERIFY(column >= 0);
        const QMap<QString, ListedBlock> listed = listedBlocks(dir + u'/' + reference);
        QVERIFY(listed.size() >= 4);
        const std::string unit = stacks.columns[size_t(column)].unit;
        for (auto it = listed.begin(); it != listed.end(); ++it) {
            // -hide=square leaves its samples to sumSquares: that block is not comparable.
            // A file pprof did not find is checked below.
            if (!it->error.isEmpty() || (reference.contains(QLatin1String("hide")) &&
                                         it.key() == QLatin1String("main.sumSquares")))
                continue;
            const PageSourceBlock *block = blockOf(sources, it.key());
            QVERIFY2(block, qPrintable(it.key()));
            QCOMPARE(QString::fromStdString(block->file), it->file);
            QVERIFY2(!block->text.empty(), block->why.c_str());
            QStringList lines;
            for (size_t i = 0; i < block->lines.size(); ++i) {
                const int64_t n = block->lines[i];
                const auto value = [&](int64_t v) {
                    return v ? QString::fromStdString(units::scaledLabel(v, unit, "minimum"))
                             : QStringLiteral(".");
                };
                lines << QStringList({value(block->flat[size_t(column)][i]),
                                      value(block->cum[size_t(column)][i]), QString::number(n),
                                      QString::fromStdString(block->text.at(i))})
                             .join(u'|');
            }
            QCOMPARE(lines, it->lines);
        }
    }
    // A file pprof does not find: its error, no text, the costly lines still there.
    const PageSourceBlock *runtimeMain = blockOf(sources, QStringLiteral("runtime.main"));
    QVERIFY(runtimeMain);
    QVERIFY(runtimeMain->text.empty());
    QCOMPARE(runtimeMain->why, findSourceAsPprof(runtimeMain->file, searchPath, {}).error);
    QVERIFY(runtimeMain->cum[0] != std::vector<int64_t>(runtimeMain->cum[0].size()));

    // The cap: main.main (all of the time) keeps its text, the others lose theirs.
    const PageSourceBlock *main = blockOf(sources, QStringLiteral("main.main"));
    size_t mainBytes = 0;
    for (const std::string &line : main->text)
        mainBytes += line.size() + 1;
    const PageSources capped = collectPageSources(stacks, functions, find, mainBytes);
    QCOMPARE(blockOf(capped, QStringLiteral("main.main"))->text, main->text);
    const PageSourceBlock *hashLoop = blockOf(capped, QStringLiteral("main.hashLoop"));
    QVERIFY(hashLoop->text.empty());
    QVERIFY2(QString::fromStdString(hashLoop->why).contains(QLatin1String("at most")),
             hashLoop->why.c_str());
}

// In Chromium: a table row or a double-clicked box opens the function's source lines with
// the values of `go tool pprof -list`; the sample type switches them; source text stays
// text; a page exported without --with-source has no panel.
void TestHtmlPage::sourcePanel()
{
    const QString dir = testData() + QStringLiteral("/source-list");
    // The program's source with markup on a line that costs: shown as text, never run.
    QTemporaryDir sources;
    QVERIFY(QDir(sources.path()).mkpath(QStringLiteral("listdemo")));
    QByteArray text = fileContent(dir + QStringLiteral("/listdemo/main.go"));
    QVERIFY(text.contains("\th ^= v\n"));
    text.replace("\th ^= v\n", "\th ^= v // <img src=x onerror=\"window.pwned=1\">\n");
    writeFileContent(sources.path() + QStringLiteral("/listdemo/main.go"), text);
    const QString page = exportPage({QStringLiteral("--with-source"),
                                     QStringLiteral("--source-path=") + sources.path(),
                                     dir + QStringLiteral("/go-cpu-trimpath.pb.gz")},
                                    QStringLiteral("with-source.html"));
    QVERIFY(!page.isEmpty());
    BrowserPage browser;
    QVERIFY(load(browser, page));
    QVERIFY(
        browser.evaluate(QStringLiteral("document.getElementById('source-pane').hidden")).toBool());
    const auto clickRow = [&](const QString &name) {
        return browser
            .evaluate(QStringLiteral("(() => { const tr = [...document.querySelectorAll("
                                     "'#functions tbody tr')].find(tr => tr.cells[0]."
                                     "textContent === '%1'); if (tr) tr.click(); return !!tr; "
                                     "})()")
                          .arg(name))
            .toBool();
    };
    // Per block: its function, then "self|total|line|code" per row, with raw values.
    const auto shown = [&] {
        QMap<QString, QStringList> blocks;
        const QJsonArray list =
            browser
                .evaluate(QStringLiteral(
                    "[...document.querySelectorAll('#source-blocks .src-block')].map(b => "
                    "[b.querySelector('.src-name').textContent].concat([...b.querySelectorAll("
                    "'tbody tr[data-line]')].map(tr => [tr.cells[1].dataset.value, "
                    "tr.cells[2].dataset."
                    "value, tr.dataset.line, tr.cells[4].textContent].join('|'))))"))
                .toArray();
        for (const QJsonValue &block : list) {
            QStringList rows;
            for (const QJsonValue &row : block.toArray())
                rows << row.toString();
            blocks.insert(rows.takeFirst(), rows);
        }
        return blocks;
    };
    const QMap<QString, ListedBlock> listed = listedBlocks(dir + QStringLiteral("/go-main.txt"));
    const auto asPprof = [](const QString &row, const char *unit) {
        QStringList cells = row.split(u'|');
        for (int k : {0, 1}) {
            const qint64 v = cells[k].toLongLong();
            cells[k] = v ? QString::fromStdString(units::scaledLabel(v, unit, "minimum"))
                         : QStringLiteral(".");
        }
        return cells.join(u'|');
    };
    for (const QString &name : {QStringLiteral("main.mix"), QStringLiteral("main.hashLoop")}) {
        QVERIFY2(clickRow(name), qPrintable(name));
        QVERIFY(!browser.evaluate(QStringLiteral("document.getElementById('source-pane').hidden"))
                     .toBool());
        const QMap<QString, QStringList> blocks = shown();
        QCOMPARE(blocks.keys(), QStringList{name});
        QStringList rows;
        for (const QString &row : blocks[name])
            rows << asPprof(row, "nanoseconds");
        QStringList expected = listed[name].lines;
        expected.replaceInStrings(
            QStringLiteral("\th ^= v"),
            QStringLiteral("\th ^= v // <img src=x onerror=\"window.pwned=1\">"));
        QCOMPARE(rows, expected);
    }
    // Highlighted as the window highlights Go: a keyword, a number, and the comment that
    // holds the markup (as text).
    const auto token = [&](int line, const char *kind) {
        return browser
            .evaluate(QStringLiteral("[...document.querySelectorAll('#source-blocks tr[data-line="
                                     "\"%1\"] td.code span.tk-%2')].map(s => s.textContent)"
                                     ".join('|')")
                          .arg(line)
                          .arg(QLatin1String(kind)))
            .toString();
    };
    QCOMPARE(token(34, "keyword"), QStringLiteral("func"));
    QCOMPARE(token(35, "number"), QStringLiteral("14695981039346656037"));
    QVERIFY(clickRow(QStringLiteral("main.mix")));
    QCOMPARE(token(28, "comment"), QStringLiteral("// <img src=x onerror=\"window.pwned=1\">"));
    QVERIFY(clickRow(QStringLiteral("main.hashLoop")));
    QCOMPARE(browser.evaluate(QStringLiteral("typeof window.pwned")).toString(),
             QStringLiteral("undefined"));
    QCOMPARE(browser
                 .evaluate(QStringLiteral("document.querySelectorAll('#source-blocks img')."
                                          "length"))
                 .toInt(),
             0);
    // The scroll lands on the hottest line, marked: hashLoop's call of mix, line 37.
    QCOMPARE(browser
                 .evaluate(QStringLiteral("document.querySelector('#source-blocks tr.target')"
                                          ".dataset.line"))
                 .toString(),
             QStringLiteral("37"));
    const QString artifacts = artifactsDir(QStringLiteral("html-page"));
    writeFileContent(artifacts + QStringLiteral("/source.png"), browser.screenshot());

    // From the keyboard: the first row focused, the arrow down, Enter: the second row's
    // function (main.sumSquares, by self) in the panel.
    browser.evaluate(QStringLiteral("document.querySelector('#functions tbody tr').focus()"));
    browser.key(QStringLiteral("ArrowDown"), 40);
    browser.key(QStringLiteral("Enter"), 13);
    QVERIFY(browser.waitUntil(QStringLiteral("document.getElementById('source-title')."
                                             "textContent.endsWith('main.sumSquares')"),
                              5000));
    QVERIFY(clickRow(QStringLiteral("main.hashLoop")));

    // The samples sample type: the counts of `-sample_index=samples`.
    browser.evaluate(QStringLiteral("(() => { const s = document.getElementById('sample-type'); "
                                    "s.value = String([...s.options].findIndex(o => o."
                                    "textContent.startsWith('samples'))); s.dispatchEvent(new "
                                    "Event('change')); })()"));
    const QMap<QString, ListedBlock> samples =
        listedBlocks(dir + QStringLiteral("/go-main-samples-hide.txt"));
    QStringList rows;
    const QMap<QString, QStringList> inSamples = shown();
    for (const QString &row : inSamples[QStringLiteral("main.hashLoop")])
        rows << asPprof(row, "count");
    QCOMPARE(rows, samples[QStringLiteral("main.hashLoop")].lines);

    // A double-click on a box: runtime.main, whose file is not here, lists its costly lines
    // and says why there is no text.
    const QJsonObject box =
        browser
            .evaluate(QStringLiteral("(() => { const b = embersPage.boxes().find(b => b.name === "
                                     "'runtime.main'); const r = document.getElementById("
                                     "'graph').getBoundingClientRect(); return {x: r.left + b.x "
                                     "+ b.width / 2, y: r.top + b.y + b.height / 2}; })()"))
            .toObject();
    browser.click(box[QStringLiteral("x")].toDouble(), box[QStringLiteral("y")].toDouble(), 2);
    QVERIFY(browser.waitUntil(QStringLiteral("document.getElementById('source-title')."
                                             "textContent.endsWith('runtime.main')"),
                              5000));
    const QString why =
        browser
            .evaluate(QStringLiteral("document.querySelector('#source-blocks .src-why')."
                                     "textContent"))
            .toString();
    QVERIFY2(why.contains(QLatin1String("could not find file runtime/proc.go")), qPrintable(why));
    const QMap<QString, QStringList> missing = shown();
    QVERIFY(!missing[QStringLiteral("runtime.main")].isEmpty());
    for (const QString &row : missing[QStringLiteral("runtime.main")])
        QVERIFY2(row.split(u'|')[1].toLongLong() != 0 && row.endsWith(u'|'), qPrintable(row));

    // Without --with-source: no data, no panel.
    const QString plain = exportPage({dir + QStringLiteral("/go-cpu-trimpath.pb.gz")},
                                     QStringLiteral("without-source.html"));
    QVERIFY(!fileContent(plain).contains("\"sources\""));
    BrowserPage other;
    QVERIFY(load(other, plain));
    QVERIFY(other
                .evaluate(QStringLiteral("(() => { [...document.querySelectorAll('#functions "
                                         "tbody tr')].find(tr => tr.cells[0].textContent === "
                                         "'main.mix').click(); return document.getElementById("
                                         "'source-pane').hidden; })()"))
                .toBool());
    // At lines granularity a click on a line lights its frames: from main.mix's line 28
    // (100 ms) to its line 29, the 1.16 s of -list's reference, 38.67% of the 3 s.
    {
        const QString lines =
            exportPage({QStringLiteral("--with-source"), QStringLiteral("--granularity=lines"),
                        QStringLiteral("--source-path=") + dir,
                        dir + QStringLiteral("/go-cpu-trimpath.pb.gz")},
                       QStringLiteral("lines.html"));
        BrowserPage atLines;
        QVERIFY(load(atLines, lines));
        QVERIFY(atLines
                    .evaluate(QStringLiteral(
                        "(() => { const tr = [...document.querySelectorAll('#functions tbody tr')]"
                        ".find(tr => tr.cells[0].textContent === 'main.mix listdemo/main.go:28'); "
                        "tr.click(); "
                        "document.querySelector('#source-blocks tr[data-line=\"29\"]').click(); "
                        "return document.querySelector('#source-blocks tr.target').dataset.line "
                        "=== '29'; })()"))
                    .toBool());
        QCOMPARE(atLines.evaluate(QStringLiteral("document.getElementById('matched').textContent"))
                     .toString(),
                 QStringLiteral("1 function: 1.16 s, 38.67% of all"));
    }

    // The filters apply to the sources as to the page: a focus on hashLoop keeps its stacks.
    const QString focused = exportPage(
        {QStringLiteral("--with-source"), QStringLiteral("--source-path=") + dir,
         QStringLiteral("--focus=hashLoop"), dir + QStringLiteral("/go-cpu-trimpath.pb.gz")},
        QStringLiteral("focused.html"));
    QStringList names;
    for (const QJsonValue &block : QJsonDocument::fromJson(pageData(fileContent(focused)))
                                       .object()
                                       .value(QStringLiteral("sources"))
                                       .toArray())
        names << block[QStringLiteral("name")].toString();
    QVERIFY2(names.contains(QStringLiteral("main.mix")) &&
                 !names.contains(QStringLiteral("main.sumSquares")),
             qPrintable(names.join(u' ')));
    // --with-source goes with a capture's .html page only.
    const EmbersRun refused = runEmbers({QStringLiteral("--with-source"), QStringLiteral("--top"),
                                         dir + QStringLiteral("/go-cpu-trimpath.pb.gz")});
    QCOMPARE(refused.status, 2);
    QVERIFY2(refused.err.contains(QLatin1String("--with-source goes with --export")),
             qPrintable(refused.err));
}

// A diff page's Source panel: each line's total before, after and its change, which are
// what `go tool pprof -list` prints for the base, for the new capture, and with
// -diff_base (captures of one program built in two folders: -trim_path makes them one).
void TestHtmlPage::diffSourcePanel()
{
    const QString dir = testData() + QStringLiteral("/source-list");
    const QString page =
        exportPage({QStringLiteral("--with-source"), QStringLiteral("--source-path=") + dir,
                    QStringLiteral("--trim-path=/work/main/tests/data/source-list"),
                    QStringLiteral("--diff-base=") + dir + QStringLiteral("/go-cpu.pb.gz"),
                    dir + QStringLiteral("/go-cpu-trimpath.pb.gz")},
                   QStringLiteral("diff-with-source.html"));
    QVERIFY(!page.isEmpty());
    BrowserPage browser;
    QVERIFY(load(browser, page));
    const QMap<QString, ListedBlock> before =
        listedBlocks(dir + QStringLiteral("/go-trim-path.txt"));
    const QMap<QString, ListedBlock> after = listedBlocks(dir + QStringLiteral("/go-main.txt"));
    const QMap<QString, ListedBlock> delta =
        listedBlocks(dir + QStringLiteral("/go-diff-base.txt"));
    // "cum|line|text" of a reference's block.
    const auto cumLines = [](const ListedBlock &block) {
        QStringList out;
        for (const QString &row : block.lines)
            out << row.section(u'|', 1);
        return out;
    };
    for (const QString &name : {QStringLiteral("main.mix"), QStringLiteral("main.main")}) {
        QVERIFY2(browser
                     .evaluate(QStringLiteral("(() => { const tr = [...document.querySelectorAll("
                                              "'#functions tbody tr')].find(tr => tr.cells[0]."
                                              "textContent === '%1'); if (tr) tr.click(); return "
                                              "!!tr; })()")
                                   .arg(name))
                     .toBool(),
                 qPrintable(name));
        const QJsonArray rows =
            browser
                .evaluate(
                    QStringLiteral(
                        "[...document.querySelectorAll('#source-blocks .src-block')].filter(b => "
                        "b.querySelector('.src-name').textContent === '%1').flatMap(b => [...b."
                        "querySelectorAll('tbody tr[data-line]')].map(tr => [1, 2, 3].map(k => tr."
                        "cells[k].dataset.value).concat([tr.dataset.line, "
                        "tr.cells[5].textContent])))")
                        .arg(name))
                .toArray();
        QStringList shown[3];
        for (const QJsonValue &row : rows) {
            const QJsonArray cells = row.toArray();
            for (int k = 0; k < 3; ++k) {
                const qint64 v = cells[k].toString().toLongLong();
                shown[k] << (v ? QString::fromStdString(
                                     units::scaledLabel(v, "nanoseconds", "minimum"))
                               : QStringLiteral(".")) +
                                u'|' + cells[3].toString() + u'|' + cells[4].toString();
            }
        }
        QCOMPARE(shown[0], cumLines(before[name]));
        QCOMPARE(shown[1], cumLines(after[name]));
        QCOMPARE(shown[2], cumLines(delta[name]));
    }
    // The change is coloured as the diff colours it.
    QVERIFY(browser
                .evaluate(QStringLiteral("document.querySelectorAll('#source-blocks td.grew')."
                                         "length > 0 && document.querySelectorAll('#source-"
                                         "blocks td.shrank').length > 0"))
                .toBool());
    const QString artifacts = artifactsDir(QStringLiteral("html-page"));
    browser.evaluate(QStringLiteral("document.getElementById('source-pane').scrollIntoView()"));
    writeFileContent(artifacts + QStringLiteral("/diff-source.png"), browser.screenshot());
}

// A page of a remapped capture carries the original TypeScript as the source map embeds it
// (sourcesContent), when the .ts files are not on this machine: each shown line is the
// original file's line.
void TestHtmlPage::sourcesFromSourceMaps()
{
    const QString example = testData() + QStringLiteral("/sourcemap");
    QTemporaryDir moved; // the bundle and its map, without src/
    QVERIFY(QDir(moved.path()).mkpath(QStringLiteral("dist")));
    for (const char *name : {"dist/worker.min.js.map", "worker-min.cpuprofile"})
        QVERIFY(
            QFile::copy(example + u'/' + QLatin1String(name), moved.filePath(QLatin1String(name))));
    const QString page = exportPage(
        {QStringLiteral("--with-source"), QStringLiteral("--source-path=") + moved.path(),
         QStringLiteral("--source-map=") + moved.filePath(QStringLiteral("dist/worker.min.js.map")),
         moved.filePath(QStringLiteral("worker-min.cpuprofile"))},
        QStringLiteral("remapped.html"));
    QVERIFY(!page.isEmpty());
    const QByteArray html = fileContent(page);
    const QJsonObject data = QJsonDocument::fromJson(pageData(html)).object();
    const auto arrays = pageArrays(html, data.value(QStringLiteral("arrays")).toObject());
    const QJsonArray blocks = data.value(QStringLiteral("sources")).toArray();
    size_t row = 0, textLine = 0, byte = 0;
    int checked = 0;
    for (qsizetype b = 0; b < blocks.size(); ++b) {
        const QJsonObject block = blocks[b].toObject();
        const auto rows = size_t(arrays["srcRows"][size_t(b)]);
        const auto texts = size_t(arrays["srcTextLines"][size_t(b)]);
        const QString file = block[QStringLiteral("file")].toString();
        if (file.endsWith(QLatin1String(".ts")) && texts > 0) {
            QVERIFY2(block[QStringLiteral("why")].toString().isEmpty(), qPrintable(file));
            QVERIFY(!QFile::exists(file)); // so the text came from the map
            const QStringList original =
                QString::fromUtf8(
                    fileContent(example + QStringLiteral("/src/") + QFileInfo(file).fileName()))
                    .split(u'\n');
            size_t at = byte;
            for (size_t i = 0; i < texts; ++i) {
                const auto length = size_t(arrays["srcLineLength"][textLine + i]);
                QByteArray line;
                for (size_t k = at; k < at + length; ++k)
                    line.append(char(uint8_t(arrays["srcText"][k])));
                at += length;
                const auto n = qsizetype(arrays["srcLine"][row + i]);
                QCOMPARE(QString::fromUtf8(line), original.value(n - 1));
            }
            ++checked;
        }
        for (size_t i = 0; i < texts; ++i)
            byte += size_t(arrays["srcLineLength"][textLine + i]);
        row += rows;
        textLine += texts;
    }
    QVERIFY2(checked >= 3, "parse, hash and render's functions have their text");
}

// `--lang` (or the system's language) picks the page's words: Japanese and Traditional
// Chinese from Embers' translations, every text the script shows being one it can have.
void TestHtmlPage::pageSpeaksTheExportersLanguage()
{
    const QString dir = testData() + QStringLiteral("/source-list");
    const QString profile = dir + QStringLiteral("/go-cpu-trimpath.pb.gz");
    // The script's texts, T('...'), are the ones Embers translates.
    const QString english = exportPage({profile}, QStringLiteral("english.html"));
    const QByteArray html = fileContent(english);
    const qsizetype script = html.indexOf("<script>");
    const QString code =
        QString::fromUtf8(html.mid(script, html.indexOf("</script>", script) - script));
    static const QRegularExpression call(QStringLiteral("\\bT\\('((?:[^'\\\\]|\\\\.)*)'"));
    QStringList keys;
    for (const char *key : pageTextKeys())
        keys << QString::fromUtf8(key);
    int calls = 0;
    for (auto it = call.globalMatch(code); it.hasNext(); ++calls) {
        QString text = it.next().captured(1);
        text.replace(QStringLiteral("\\u2026"), QStringLiteral("\u2026"))
            .replace(QStringLiteral("\\u2014"), QStringLiteral("\u2014"));
        QVERIFY2(keys.contains(text), qPrintable(text));
    }
    QVERIFY(calls >= 50);
    QVERIFY(fileContent(english).contains("\"lang\":\"en\",\"texts\":{}"));

    struct Case
    {
        const char *language, *tag, *self, *search, *file, *source;
    };
    const Case cases[] = {
        {"ja", "ja", "自己", "関数を検索 (正規表現)", "ファイル", "ソース — main.mix"},
        {"zh_TW", "zh-TW", "自身", "搜尋函式 (正規表示式)", "檔案", "原始碼 — main.mix"},
    };
    for (const Case &c : cases) {
        const QString page = exportPage({QStringLiteral("--lang=") + QLatin1String(c.language),
                                         QStringLiteral("--with-source"),
                                         QStringLiteral("--source-path=") + dir, profile},
                                        QLatin1String(c.language) + QStringLiteral(".html"));
        QVERIFY(!page.isEmpty());
        BrowserPage browser;
        QVERIFY(load(browser, page));
        const auto text = [&](const char *expression) {
            return browser.evaluate(QString::fromUtf8(expression)).toString();
        };
        QCOMPARE(text("document.documentElement.lang"), QString::fromUtf8(c.tag));
        QCOMPARE(text("document.querySelectorAll('#functions th')[1].textContent"),
                 QString::fromUtf8(c.self));
        QCOMPARE(text("document.getElementById('search').placeholder"),
                 QString::fromUtf8(c.search));
        QCOMPARE(text("document.querySelector('#summary dt').textContent"),
                 QString::fromUtf8(c.file));
        browser.evaluate(QStringLiteral("[...document.querySelectorAll('#functions tbody tr')]"
                                        ".find(tr => tr.cells[0].textContent === 'main.mix')"
                                        ".click()"));
        QCOMPARE(text("document.getElementById('source-title').textContent"),
                 QString::fromUtf8(c.source));
        // Numbers stay as the window prints them.
        QCOMPARE(text("document.querySelectorAll('#functions tbody tr')[0].cells[1].textContent"),
                 QStringLiteral("1.85 s"));
    }
}

void TestHtmlPage::screenshots()
{
    const QString example =
        QString::fromLocal8Bit(qgetenv("EMBERS_EXAMPLES")) + QStringLiteral("/cpu-parser.pb.gz");
    const QString page = exportPage({example}, QStringLiteral("cpu-parser.html"));
    QVERIFY(!page.isEmpty());
    BrowserPage browser;
    QVERIFY(load(browser, page));
    const QString artifacts = artifactsDir(QStringLiteral("html-page"));
    browser.evaluate(QStringLiteral("document.getElementById('search').focus()"));
    browser.type(QStringLiteral("parseTerm"));
    QVERIFY(browser.waitUntil(
        QStringLiteral("document.getElementById('matched').textContent !== ''"), 5000));
    QVERIFY(pointAt(browser, QStringLiteral("main.(*parser).parseFactor"), false));
    QVERIFY(browser.waitUntil(QStringLiteral("!document.getElementById('tooltip').hidden"), 5000));
    for (const bool dark : {false, true}) {
        browser.preferDark(dark);
        BrowserPage::wait(300);
        const QString shot =
            artifacts + (dark ? QStringLiteral("/dark.png") : QStringLiteral("/light.png"));
        writeFileContent(shot, browser.screenshot());
        const QImage image(shot);
        QCOMPARE(image.width(), 1400);
        // The page's background follows the preference.
        QCOMPARE(qGray(image.pixel(image.width() - 5, image.height() - 5)) < 128, dark);
    }
}

QTEST_GUILESS_MAIN(TestHtmlPage)
#include "tst_htmlpage.moc"
