// libFuzzer target over the exporters: the profile's table (at a granularity and with a
// transform the recipe picks, FuzzRecipe.h) written as pprof, as folded stacks and as the
// flame graph's pictures. Checked on every input:
// - the pprof export reopens with the same sample types and stacks (frames by name), so
//   with the same flat and cum for every function, and totals that are its stacks' sums;
// - the folded export of each sample type reopens with the same stacks (names as folded
//   stacks can hold them, foldedFrameName), or, for negative values, which the format has none of,
//   is refused with a message;
// - the PNG is the size asked for, and the SVG is well-formed XML whose boxes have titles;
// - the web page, with a Source panel for every file, holds its four scripts only; its
//   data has no '<' or '>' and is JSON; its arrays are base64 of a gzip stream exactly as
//   long as their directory says; the panel's lines are ascending, each with its text.
#include "CallTree.h"
#include "FlameGraphExport.h"
#include "FlameGraphView.h"
#include "FoldedExport.h"
#include "FunctionTable.h"
#include "FuzzRecipe.h"
#include "HtmlPage.h"
#include "PageSources.h"
#include "PprofExport.h"

#include <QApplication>
#include <QBuffer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QXmlStreamReader>

#include <zlib.h>

#include <algorithm>
#include <cctype>
#include <climits>
#include <functional>

using namespace embers;
using namespace embers::fuzz;

namespace {

constexpr size_t kColumnsChecked = 3;

// Flat and cum by name from the function table, for names that only one frame has.
std::map<std::string, NameCosts> uniqueNameCosts(const StackTable &t, const FunctionTable &f,
                                                 size_t column)
{
    std::map<std::string, NameCosts> out;
    std::map<std::string, int> frames;
    for (uint32_t frame = 0; frame < t.frameCount(); ++frame)
        ++frames[t.frameName(frame)];
    for (uint32_t frame = 0; frame < f.frameCount(); ++frame) {
        const std::string name = t.frameName(frame);
        if (frames[name] == 1 && (f.flat(frame, column) != 0 || f.cum(frame, column) != 0))
            out[name] = {f.flat(frame, column), f.cum(frame, column)};
    }
    return out;
}

void pprofRoundTrip(const StackTable &table, const StackTableOptions &options)
{
    const std::string bytes = encodePprof(table);
    LoadOptions load;
    const LoadResult back = loadProfileFromBytes(QByteArray::fromStdString(gzipBytes(bytes)),
                                                 QStringLiteral("export"), load);
    if (!back.profile) {
        std::fprintf(stderr, "%s\n", qPrintable(back.error));
        fail("the pprof export does not reopen");
    }
    const std::shared_ptr<const StackTable> reopened = buildTable(back.profile, options);
    check(bool(reopened), "the pprof export does not build");
    check(reopened->columns.size() == table.columns.size(), "pprof export: sample types");
    for (size_t c = 0; c < table.columnCount(); ++c) {
        check(reopened->columns[c].type == table.columns[c].type &&
                  reopened->columns[c].unit == table.columns[c].unit,
              "pprof export: a sample type");
    }
    // One sample per stack is written: the report totals are then the sums of the stacks'
    // |values| (not the table's totals, which count the source's samples one by one and
    // stay the source's after a transform).
    for (size_t c = 0; c < table.columnCount(); ++c)
        check(reopened->totals[c] == columnSums(table, c).magnitudes, "pprof export: totals");
    const FunctionTable before = FunctionTable::build(table),
                        after = FunctionTable::build(*reopened);
    for (size_t c = 0; c < std::min(table.columnCount(), kColumnsChecked); ++c) {
        checkSameStacks(namedStacks(table, c), namedStacks(*reopened, c), "pprof export: stacks");
        const auto a = uniqueNameCosts(table, before, c), b = uniqueNameCosts(*reopened, after, c);
        for (const auto &[name, costs] : a) {
            const auto found = b.find(name);
            check(found == b.end() || found->second == costs, "pprof export: flat and cum");
        }
    }
}

void foldedRoundTrip(const StackTable &table)
{
    for (size_t c = 0; c < std::min(table.columnCount(), kColumnsChecked); ++c) {
        const std::string text = foldedStacks(table, c);
        const LoadResult back =
            loadProfileFromBytes(QByteArray::fromStdString(text), QStringLiteral("export"));
        NamedStacks expected;
        bool negative = false;
        for (const auto &[names, value] : namedStacks(table, c)) {
            if (names.empty())
                continue; // the empty stack has no folded form
            std::vector<std::string> folded;
            for (const std::string &name : names)
                folded.push_back(foldedFrameName(name));
            expected[folded] += value;
            negative = negative || value < 0;
        }
        std::erase_if(expected, [](const auto &entry) { return entry.second == 0; });
        if (negative) {
            check(!back.profile && !back.error.isEmpty(), "folded export: negative values read");
            continue;
        }
        if (expected.empty())
            continue; // an empty file is no profile
        if (!back.profile) {
            std::fprintf(stderr, "%s\n%.200s\n", qPrintable(back.error), text.c_str());
            fail("the folded export does not reopen");
        }
        StackTableOptions options;
        const std::shared_ptr<const StackTable> reopened = buildTable(back.profile, options);
        check(bool(reopened) && reopened->columnCount() == 1, "the folded export does not build");
        checkSameStacks(expected, namedStacks(*reopened, 0), "folded export: stacks");
    }
}

void pictures(const std::shared_ptr<const StackTable> &table, size_t column)
{
    FlameGraphView view;
    view.resize(400, 300);
    const auto tree = std::make_shared<const CallTree>(table, column);
    view.setTree(tree);
    const QImage image = flameGraphImage(view, QSize(400, 0));
    check(!image.isNull() && image.width() == 400, "image export: size");

    QBuffer svg;
    svg.open(QIODevice::WriteOnly);
    check(writeFlameGraphSvg(view, &svg, 400), "SVG export failed");
    QXmlStreamReader xml(svg.data());
    int titles = 0, boxes = 0;
    while (!xml.atEnd()) {
        if (xml.readNext() == QXmlStreamReader::StartElement) {
            titles += xml.name() == QLatin1String("title");
            boxes += xml.name() == QLatin1String("rect");
        }
    }
    check(!xml.hasError(), "SVG export: not well-formed XML");
    check(titles == boxes - 1, "SVG export: a box without a title"); // the background has none
}

// The text of the script element with this id.
QByteArray scriptText(const QByteArray &page, const char *id)
{
    const QByteArray open = QByteArray("id=\"") + id + "\">";
    const qsizetype begin = page.indexOf(open);
    check(begin >= 0, "the page has its script elements");
    const qsizetype end = page.indexOf("</script>", begin);
    return page.mid(begin + open.size(), end - begin - open.size());
}

// The arrays of one script element: base64 of a gzip stream as long as `directory` says.
void checkArrays(const QByteArray &page, const char *id, const QJsonObject &directory)
{
    const QByteArray text = scriptText(page, id);
    for (const char c : text)
        check(std::isalnum(static_cast<unsigned char>(c)) || c == '+' || c == '/' || c == '=',
              "the page's arrays are base64");
    qsizetype expected = 0;
    for (auto it = directory.begin(); it != directory.end(); ++it) {
        const QJsonArray entry = it.value().toArray();
        const QString type = entry[2].toString();
        const qsizetype size = type == QLatin1String("u8")    ? 1
                               : type == QLatin1String("u16") ? 2
                               : type == QLatin1String("f64") ? 8
                               : type == QLatin1String("i64") ? 8
                                                              : 4;
        expected = std::max(expected, entry[0].toInteger() + entry[1].toInteger() * size);
    }
    const QByteArray packed = QByteArray::fromBase64(text);
    z_stream z{};
    inflateInit2(&z, 16 + MAX_WBITS);
    std::vector<char> out(size_t(expected) + 1);
    z.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(packed.data()));
    z.avail_in = uInt(packed.size());
    z.next_out = reinterpret_cast<Bytef *>(out.data());
    z.avail_out = uInt(out.size());
    const int status = inflate(&z, Z_FINISH);
    const auto inflated = qsizetype(z.total_out);
    inflateEnd(&z);
    check(status == Z_STREAM_END && inflated == expected,
          "the page's arrays inflate to their directory's size");
}

void webPage(const StackTable &table)
{
    const FunctionTable functions = FunctionTable::build(table);
    // Every file found, a few lines long, so that costly lines fall inside, past the end
    // and far beyond it (a recorded line may be any number).
    const PageSources sources = collectPageSources(table, functions, [](std::string_view file) {
        return FoundSource{
            std::make_shared<const SourceText>(sourceTextFromBytes(
                "a\n<b>\n\xff\n", QString::fromUtf8(file.data(), qsizetype(file.size())))),
            {}};
    });
    for (const PageSourceBlock &block : sources.blocks) {
        check(!block.lines.empty() && block.lines.front() >= 1 && block.lines.back() <= INT32_MAX &&
                  std::adjacent_find(block.lines.begin(), block.lines.end(),
                                     std::greater_equal<int64_t>()) == block.lines.end() &&
                  (block.text.empty() || block.text.size() == block.lines.size()),
              "a source block's lines are file lines, ascending, each with its text");
    }
    const QByteArray page = QByteArray::fromStdString(
        formatProfilePage(table, functions, 0, {"fuzz", pageSummary(table, {"fuzz"})}, &sources));
    check(page.count("<script") == 4, "the page holds its own scripts only");
    const QByteArray data = scriptText(page, "embers-data");
    check(!data.contains('<') && !data.contains('>'), "the page's data holds no markup");
    QJsonParseError error;
    const QJsonObject json = QJsonDocument::fromJson(data, &error).object();
    check(error.error == QJsonParseError::NoError, "the page's data is JSON");
    checkArrays(page, "embers-arrays", json.value(QStringLiteral("arrays")).toObject());
    checkArrays(page, "embers-tree", json.value(QStringLiteral("treeArrays")).toObject());
}

} // namespace

// The pictures need a QApplication, on the offscreen platform.
extern "C" int LLVMFuzzerInitialize(int *, char ***)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    static int argc = 1;
    static char name[] = "embers_fuzz_export";
    static char *argv[] = {name, nullptr};
    static QApplication app(argc, argv);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const ProfilePtr profile = openAfterRecipe(data, size);
    if (!profile)
        return 0;
    Recipe recipe(data);
    StackTableOptions options;
    options.granularity = Granularity(recipe.inRange<int>(0, 3));
    options.noInlines = recipe.flag();
    std::shared_ptr<const StackTable> table = buildTable(profile, options);
    if (!table)
        return 0;
    if (recipe.flag()) {
        const TransformResult transformed = applyTransform(table, pickTransform(recipe, *table));
        if (transformed.table)
            table = transformed.table;
    }
    pprofRoundTrip(*table, options);
    foldedRoundTrip(*table);
    if (table->columnCount() > 0)
        webPage(*table);
    if (table->columnCount() > 0)
        pictures(table, recipe.inRange<size_t>(0, table->columnCount() - 1));
    return 0;
}
