// libFuzzer target over the whole open path, as the window and the command line walk it:
// sniff, inflate, decode, stack trie (each granularity, inlines on and off, merged with
// itself), function table, call tree per sample type, pprof report, flame layout (whole
// tree, zoomed into the deepest node, clipped, hit tests), search, labels and colours.
// Any crash, hang, leak or undefined behaviour is a bug; bad input must only ever
// produce an error message.
#include "CallTree.h"
#include "FlameLayout.h"
#include "FlameSearch.h"
#include "FrameColors.h"
#include "FrameLabels.h"
#include "FunctionTable.h"
#include "FuzzOpen.h"
#include "PprofDecoder.h"
#include "ProfileLoader.h"
#include "StackTable.h"
#include "TopReport.h"

#include <google/protobuf/io/zero_copy_stream_impl_lite.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>

namespace {

using namespace embers;

// Keeps the optimiser from dropping results.
volatile int64_t g_sink;

void layoutAndSearch(const std::shared_ptr<const CallTree> &tree)
{
    FlameLayout layout(tree);
    layout.layout(CallTree::kRoot, 1200.0);
    for (size_t row = 0; row < layout.rowCount(); ++row) {
        g_sink = layout.nodeAt(row, 600.0);
        g_sink = int64_t(layout.firstBoxFrom(row, 300.0));
        for (const FlameBox &box : layout.row(row)) {
            if (box.others)
                g_sink = layout.othersWeight(box);
        }
    }
    // Zoom into the deepest node (the last one, in breadth-first order), as a click
    // on a leaf box does, then lay out a clipped part of a very wide view.
    const uint32_t deepest = uint32_t(tree->nodeCount() - 1);
    layout.layout(deepest, 800.0, 0.5);
    g_sink = int64_t(layout.focusPath().size());
    size_t row = 0, index = 0;
    g_sink = layout.findBox(deepest, &row, &index);
    layout.layout(CallTree::kRoot, 1e9, 1.0, 4e8, 4e8 + 1000);
    g_sink = int64_t(layout.boxCount());

    FlameSearchResult found = FlameSearch::run(*tree, QStringLiteral("a"), false);
    g_sink = found.matchedTotal;
    found = FlameSearch::run(*tree, QStringLiteral("^m.*[.:]"), true);
    g_sink = found.matchedTotal;
}

void showFrames(const StackTable &stacks)
{
    // A bounded number of frames: names, shortened labels and colours as boxes show them.
    const uint32_t n = uint32_t(std::min<size_t>(stacks.frameCount(), 64));
    for (uint32_t f = 0; f < n; ++f) {
        const std::string name = stacks.frameName(f);
        g_sink = int64_t(labels::shortenings(name).size());
        g_sink = colors::frameColor(stacks, f, colors::ColorMode::Function, false).r;
        g_sink = colors::frameColor(stacks, f, colors::ColorMode::Package, true).g;
    }
}

void buildModel(const std::vector<ProfilePtr> &profiles, const StackTableOptions &options)
{
    std::string error;
    auto stacks = StackTable::build(profiles, options, &error);
    if (!stacks)
        return;
    auto shared = std::make_shared<const StackTable>(std::move(*stacks));
    showFrames(*shared);
    FunctionTable functions = FunctionTable::build(*shared);
    const size_t columns = std::min<size_t>(shared->columnCount(), 4);
    for (size_t c = 0; c < columns; ++c) {
        auto tree = std::make_shared<const CallTree>(shared, c);
        g_sink = tree->total(CallTree::kRoot) + tree->self(CallTree::kRoot);
        g_sink = tree->depth(uint32_t(tree->nodeCount() - 1));
        TopOptions top;
        top.column = int(c);
        top.nodeFraction = 0;
        g_sink =
            int64_t(formatTopReport(*shared, buildTopTable(*shared, functions, top), top).size());
        top.sortByCum = true;
        top.tsv = true;
        g_sink =
            int64_t(formatTopReport(*shared, buildTopTable(*shared, functions, top), top).size());
        if (c == 0)
            layoutAndSearch(tree);
    }
}

// The decoder finds stacks either by decoding each sample's ids or, where no helper thread
// pays, by the bytes of its packed ids: both must accept the same input and give the same
// stacks. (Raw protobuf only: the input blocks of 4 KiB cut samples, as inflated chunks do.)
void decodeBothWays(const uint8_t *data, size_t size)
{
    auto decode = [&](unsigned busyBeside) {
        google::protobuf::io::ArrayInputStream input(data, int(size), 4096);
        return decodePprof(input, nullptr, {}, busyBeside);
    };
    const DecodeResult byBytes = decode(1000), decoded = decode(0); // 1000: no such machine
    if (bool(byBytes.profile) != bool(decoded.profile))
        std::abort();
    if (byBytes.profile && (byBytes.profile->sampleStacks != decoded.profile->sampleStacks ||
                            byBytes.profile->stackLocations != decoded.profile->stackLocations))
        std::abort();
}

} // namespace

LoadResult embers::fuzz::loadInput(const uint8_t *data, size_t size)
{
    LoadOptions load;
    load.maxInflatedBytes = 64 << 20; // keep each input cheap
    return loadProfileFromBytes(QByteArray(reinterpret_cast<const char *>(data), int(size)),
                                QStringLiteral("fuzz"), load);
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    LoadResult r = fuzz::loadInput(data, size);
    if (size <= (1u << 20))
        decodeBothWays(data, size);
    if (!r.profile)
        return 0;
    const std::vector<ProfilePtr> one{r.profile};
    // The command line's view (pprof names), the window's, and the finest one.
    StackTableOptions options;
    options.granularity = Granularity::Functions;
    options.pprofNames = true;
    buildModel(one, options);
    options.granularity = Granularity::FileFunctions;
    options.pprofNames = false;
    buildModel(one, options);
    options.granularity = Granularity::Lines;
    options.noInlines = true;
    options.dropFrames = false;
    buildModel(one, options);
    // Merging: the profile with itself, as `embers --top A A` does.
    StackTableOptions merged;
    std::string error;
    auto twice = StackTable::build({r.profile, r.profile}, merged, &error);
    if (twice)
        g_sink = int64_t(twice->nodeCount());
    return 0;
}
