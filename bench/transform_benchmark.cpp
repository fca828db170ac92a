// embers_transform_benchmark: how long applying and removing each kind of transform
// (Transform.h) takes on a profile, against a baseline measured in the same run: building
// the views of the unfiltered table (FunctionTable + CallTree), which the window redoes for
// any new table anyway.
//
//   embers_transform_benchmark [--rounds=N] [--only=KIND] [--digest] [--apply-only] [FILE]
//                                          (default bench-data/synth-1m.pb.gz)
//
// --only=KIND picks the rows whose label starts with KIND, with their indented variants
// (--only=bottom-up: none, only the bottom-up table at the end).
// --apply-only times the applies alone (no views, removal or bottom-up table; the fastest
// round beside the median: run-to-run noise here is mostly slow first touches), for
// `perf record` on one kind.
// --digest adds a column with a hash of each result (trie, stacks, values, labels, frames),
// so that a faster version of a transform is seen to compute the same table.
//
// The transforms' targets are picked from the profile: a function on a heavy path, its
// package, a heavy call path. Label transforms are timed when the profile has labels.
#include "CallTree.h"
#include "DerivedStackTable.h"
#include "FrameMatch.h"
#include "FreedMemory.h"
#include "FunctionTable.h"
#include "FunctionTableReuse.h"
#include "Hashing.h"
#include "InvertedStacks.h"
#include "ProfileLoader.h"
#include "StackLabels.h"
#include "StackTable.h"
#include "TransformStack.h"
#include "TrieRewrite.h"

#include <QRegularExpression>
#include <QString>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <sys/mman.h>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;
using namespace embers;

double millis(Clock::time_point a, Clock::time_point b)
{
    return std::chrono::duration<double, std::milli>(b - a).count();
}

double cpuMillis()
{
    timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return double(t.tv_sec) * 1e3 + double(t.tv_nsec) / 1e6;
}

// Writes a byte to each 4 KiB page of [memory, memory + bytes).
void touchPages(char *memory, size_t bytes)
{
    volatile char *p = memory;
    for (size_t i = 0; i < bytes; i += 4096)
        p[i] = 1;
}

// Touches `bytes` of fresh pages (in huge pages where asked, whatever EMBERS_HUGE_PAGES
// says): mapped for the purpose, never memory the allocator kept.
void touchFresh(size_t bytes, bool huge)
{
    void *memory = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (memory == MAP_FAILED)
        std::exit(1);
    if (huge)
        madvise(memory, bytes, MADV_HUGEPAGE);
    touchPages(static_cast<char *>(memory), bytes);
    munmap(memory, bytes);
}

// Touches `bytes` from the allocator: after the first round, memory it kept (FreedMemory.h).
void touchAllocated(size_t bytes)
{
    const std::unique_ptr<char[]> memory(new char[bytes]);
    touchPages(memory.get(), bytes);
}

// Median of `rounds` runs of `f`, in milliseconds of wall time (and of CPU time, all
// threads, in *cpu: on a busy machine the wall time is mostly waiting; the fastest run's
// wall time in *best).
double median(int rounds, const std::function<void()> &f, double *cpu = nullptr,
              double *best = nullptr)
{
    std::vector<double> times, cpus;
    for (int i = 0; i < rounds; ++i) {
        const double cpuStart = cpuMillis();
        const auto start = Clock::now();
        f();
        times.push_back(millis(start, Clock::now()));
        cpus.push_back(cpuMillis() - cpuStart);
    }
    std::sort(times.begin(), times.end());
    std::sort(cpus.begin(), cpus.end());
    if (cpu)
        *cpu = cpus[cpus.size() / 2];
    if (best)
        *best = times.front();
    return times[times.size() / 2];
}

// The heaviest child of a node in one column.
uint32_t heaviestChild(const CallTree &tree, uint32_t node)
{
    uint32_t best = kNone;
    for (uint32_t c = tree.firstChild(node); c < tree.childEnd(node); ++c) {
        if (best == kNone || tree.total(c) > tree.total(best))
            best = c;
    }
    return best;
}

std::string escaped(const std::string &s)
{
    return QRegularExpression::escape(QString::fromStdString(s)).toStdString();
}

// A hash of everything a transform's result holds that the views read.
uint64_t digestOf(const StackTable &t)
{
    uint64_t h = hashWords(t.nodeParents.data(), t.nodeParents.size());
    auto add = [&h](uint64_t x) { h = mix64(h ^ x) + 0x9e3779b97f4a7c15ULL; };
    add(hashWords(t.nodeFrames.data(), t.nodeFrames.size()));
    add(hashWords(t.nodeChildBegin.data(), t.nodeChildBegin.size()));
    add(hashWords(t.stackNodes.data(), t.stackNodes.size()));
    add(hashWords(reinterpret_cast<const uint32_t *>(t.stackValues.data()),
                  t.stackValues.size() * 2));
    add(t.frameCount());
    add(t.strings.size());
    for (int64_t total : t.totals)
        add(uint64_t(total));
    if (t.sampleLabels) {
        const StackLabels &l = *t.sampleLabels;
        add(hashWords(l.nodes.data(), l.nodes.size()));
        add(hashWords(l.sets.data(), l.sets.size()));
        add(hashWords(reinterpret_cast<const uint32_t *>(l.values.data()), l.values.size() * 2));
    }
    return h;
}

} // namespace

int main(int argc, char **argv)
{
    embers::keepFreedMemory(); // as the app does
    int rounds = 3;
    const char *path = "bench-data/synth-1m.pb.gz";
    std::string only; // a prefix of the transforms' labels
    bool digest = false, applyOnly = false;
    for (int i = 1; i < argc; ++i) {
        if (std::strncmp(argv[i], "--rounds=", 9) == 0)
            rounds = std::max(1, std::atoi(argv[i] + 9));
        else if (std::strncmp(argv[i], "--only=", 7) == 0)
            only = argv[i] + 7;
        else if (std::strcmp(argv[i], "--digest") == 0)
            digest = true;
        else if (std::strcmp(argv[i], "--apply-only") == 0)
            applyOnly = true;
        else
            path = argv[i];
    }
    LoadResult loaded = loadProfile(QString::fromLocal8Bit(path));
    if (!loaded.profile) {
        std::fprintf(stderr, "%s\n", loaded.error.toLocal8Bit().constData());
        return 1;
    }
    // As the window opens captures: functions+file, origins listed; labels when any.
    StackTableOptions options;
    options.granularity = Granularity::FileFunctions;
    options.keepLabels = loaded.profile->labels.size() > 0;
    std::string error;
    const auto openStart = Clock::now();
    auto built = StackTable::build({loaded.profile}, options, &error);
    const double openMs = millis(openStart, Clock::now());
    if (!built) {
        std::fprintf(stderr, "%s\n", error.c_str());
        return 1;
    }
    const auto source = std::make_shared<const StackTable>(std::move(*built));
    const size_t column = size_t(std::max(0, source->defaultColumn));

    // Baseline: the views of a table, as the window builds them for the unfiltered one.
    std::shared_ptr<const CallTree> tree;
    double functionsCpu = 0, treeCpu = 0;
    const double functionsMs = median(
        rounds, [&] { (void)FunctionTable::build(*source); }, &functionsCpu);
    const double treeMs = median(
        rounds, [&] { tree = std::make_shared<const CallTree>(source, column); }, &treeCpu);
    const double baseline = functionsMs + treeMs;
    const auto sourceFunctions =
        std::make_shared<const FunctionTable>(FunctionTable::build(*source));

    // Targets: along the heaviest path, a function three levels down and its package.
    std::vector<uint32_t> path3;
    uint32_t node = CallTree::kRoot;
    for (int depth = 0; depth < 3; ++depth) {
        const uint32_t next = heaviestChild(*tree, node);
        if (next == kNone)
            break;
        node = next;
        path3.push_back(source->nodeFrame(node));
    }
    const uint32_t function = tree->frame(node);
    const std::string name = source->strings[source->frames[function].name];
    const std::string package = packageOfFunction(name);
    const std::string regex = "^" + escaped(name) + "$";

    std::printf("file                 %s\n", path);
    std::printf("stacks              %zu unique, %zu trie nodes, %zu frames\n",
                source->stackCount(), source->nodeCount(), source->frameCount());
    std::printf("stack table         %.0f ms (for reference)\n", openMs);
    std::printf("rounds              %d (medians below)\n", rounds);
    std::printf("target function     %s\n", name.c_str());
    std::printf("target package      %s\n", package.c_str());
    std::printf("BASELINE views      %.1f ms (FunctionTable %.1f + CallTree %.1f; cpu %.1f ms)\n\n",
                baseline, functionsMs, treeMs, functionsCpu + treeCpu);
    // Parts every transform pays: a derived table (strings, frames), matching a regex
    // against every name, file and binary, and a rewrite that keeps every frame.
    const double derivedMs = median(rounds, [&] { (void)derivedStackTable(*source); });
    const double matchMs = median(rounds, [&] {
        (void)matchFrames(*source, QRegularExpression(QString::fromStdString(regex)));
    });
    const double matchRegexMs = median(rounds, [&] {
        (void)matchFrames(*source, QRegularExpression(QStringLiteral("Method1[0-9]+\\(")));
    });
    TrieRewrite identity;
    identity.frameOf = source->nodeFrames;
    const double rewriteMs = median(rounds, [&] {
        (void)rewriteTrie(*source, derivedStackTable(*source), identity, nullptr, nullptr);
    });
    std::printf("parts               derived table %.1f ms, match literal %.1f ms, match regex "
                "%.1f ms, identity rewrite %.1f ms\n",
                derivedMs, matchMs, matchRegexMs, rewriteMs);
    // What fresh memory costs here: every transform writes a new trie, into memory the
    // allocator kept where it can. (In a virtual machine that hands freed memory back to
    // its host, the first touch of a page can cost far more than on bare metal, and varies
    // from run to run.)
    const size_t freshBytes = size_t(256) << 20;
    const double smallPagesMs = median(rounds, [&] { touchFresh(freshBytes, false); });
    const double hugePagesMs = median(rounds, [&] { touchFresh(freshBytes, true); });
    const double keptMs = median(rounds, [&] { touchAllocated(freshBytes); });
    std::printf("fresh memory        256 MiB first touched: %.1f ms in 4 KiB pages, %.1f ms in "
                "huge pages; %.1f ms kept by the allocator\n\n",
                smallPagesMs, hugePagesMs, keptMs);
    std::printf("%-26s %9s %9s %9s %9s %11s %9s%s\n", "transform", "apply", "(cpu)", "/baseline",
                "+views", "nodes left", "remove", digest ? "  digest" : "");

    struct Case
    {
        const char *label;
        Transform transform;
        bool generalRules = false; // without the shortcuts (TransformContext::fastPaths)
    };
    std::vector<Case> cases = {
        {"focus (regex)", {TransformKind::Focus, regex, {}, true}},
        {"ignore (regex)", {TransformKind::Ignore, regex, {}, true}},
        {"hide (regex)", {TransformKind::Hide, regex, {}, true}},
        {"show (regex, package)", {TransformKind::Show, "^" + escaped(package), {}, true}},
        {"show_from (regex)", {TransformKind::ShowFrom, regex, {}, true}},
        {"focus-function", {TransformKind::FocusFunction, {}, {function}, true}},
        {"focus-subtree", {TransformKind::FocusSubtree, {}, path3, true}},
        {"merge-function", {TransformKind::MergeFunction, {}, {function}, true}},
        {"drop-function", {TransformKind::DropFunction, {}, {function}, true}},
        {"collapse-direct-recursion",
         {TransformKind::CollapseDirectRecursion, {}, {function}, true}},
        {"  (of every function)", {TransformKind::CollapseDirectRecursion, {}, {}, true}},
        // The same by the general rewrite, in the same run: what MergeRewrite is measured
        // against (run-to-run noise on a shared machine is larger than the difference).
        {"  (every, general rules)", {TransformKind::CollapseDirectRecursion, {}, {}, true}, true},
        {"collapse-recursion", {TransformKind::CollapseRecursion, {}, {function}, true}},
        {"collapse-package", {TransformKind::CollapsePackage, package, {}, true}},
    };
    if (source->sampleLabels && source->sampleLabels->labelSets->count() > 1) {
        const LabelSets &sets = *source->sampleLabels->labelSets;
        const std::string key = sets.strings[sets.keys().front()];
        cases.push_back({"tagfocus", {TransformKind::TagFocus, key + "=.", {}, true}});
        cases.push_back({"tagignore", {TransformKind::TagIgnore, key + "=^a", {}, true}});
        cases.push_back({"tagroot", {TransformKind::TagRoot, key, {}, true}});
    }

    double worst = 0;
    bool picked = false;
    for (const Case &c : cases) {
        // An indented row is a variant of the row above it, picked with it.
        if (c.label[0] != ' ')
            picked = std::string_view(c.label).starts_with(only);
        if (!picked && !std::string_view(c.label).starts_with(only))
            continue;
        std::shared_ptr<const StackTable> result;
        double applyCpu = 0, applyBest = 0;
        const double apply = median(
            rounds,
            [&] {
                TransformContext context;
                context.fastPaths = !c.generalRules;
                TransformResult r = applyTransform(source, c.transform, context);
                if (!r.table) {
                    std::fprintf(stderr, "%s: %s\n", c.label, r.error.c_str());
                    std::exit(1);
                }
                result = r.table;
            },
            &applyCpu, &applyBest);
        if (!c.generalRules) // a reference, not what the window runs
            worst = std::max(worst, apply);
        if (applyOnly) {
            std::printf("%-26s %6.1f ms %6.1f ms  (best %.1f ms)", c.label, apply, applyCpu,
                        applyBest);
            if (digest)
                std::printf("  %016llx", static_cast<unsigned long long>(digestOf(*result)));
            std::printf("\n");
            continue;
        }
        // As the window makes them, from the views of the table shown before (a filter's
        // function table follows from its source's: FunctionTableReuse.h).
        const double views = median(rounds, [&] {
            (void)functionTableFollowing(result, source, sourceFunctions);
            (void)std::make_shared<const CallTree>(result, column);
        });
        // Removing it: the stack goes back to the table before it (kept), whose views the
        // window keeps too.
        TransformStack stack(source);
        stack.push(c.transform);
        stack.apply();
        const double remove = median(rounds, [&] {
            TransformStack s = stack;
            s.pop();
            s.apply();
        });
        std::printf("%-26s %6.1f ms %6.1f ms %8.2fx %6.1f ms %11zu %6.2f ms", c.label, apply,
                    applyCpu, apply / baseline, views, result->nodeCount(), remove);
        if (digest)
            std::printf("  %016llx", static_cast<unsigned long long>(digestOf(*result)));
        std::printf("\n");
    }
    std::printf("\nWORST apply %.1f ms (target < 200 ms); baseline views %.1f ms\n", worst,
                baseline);
    if (applyOnly)
        return 0;
    // The bottom-up view's table (InvertedStacks.h) and its call tree, as the window makes
    // them when the graph is inverted.
    std::shared_ptr<const StackTable> inverted;
    double invertCpu = 0, invertedTreeCpu = 0;
    const double invertMs = median(
        rounds, [&] { inverted = invertedStackTable(*source); }, &invertCpu);
    const double invertedTreeMs = median(
        rounds, [&] { (void)std::make_shared<const CallTree>(inverted, column); },
        &invertedTreeCpu);
    std::printf("bottom-up table      %.1f ms (cpu %.1f ms), %zu nodes; its call tree %.1f ms",
                invertMs, invertCpu, inverted->nodeCount(), invertedTreeMs);
    if (digest)
        std::printf("  %016llx", static_cast<unsigned long long>(digestOf(*inverted)));
    std::printf("\n");
    return 0;
}
