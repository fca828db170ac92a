// embers_compare_benchmark: how long comparing two loaded captures takes (the trie
// merge, the function table of both, then the diff tree and the function diff side by
// side, as the diff view computes them), against opening one of them, measured in the
// same run.
//
//   embers_compare_benchmark [--rounds=N] [--digest] BASE NEW
//
// --digest also prints a hash of everything the comparison computes (the combined trie,
// its function table, and every node's and function's diff values in each sample type,
// normalised and not), so a faster version can be checked to give the same results.
#include "Comparison.h"
#include "DiffTree.h"
#include "FreedMemory.h"
#include "FunctionDiff.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <memory>
#include <string>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point start)
{
    return std::chrono::duration<double>(Clock::now() - start).count();
}

// CPU time of the whole process (every thread), less disturbed than wall-clock time by
// other work on the machine.
double cpuSeconds()
{
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

std::shared_ptr<const embers::Capture> open(const char *path, double *seconds)
{
    const auto start = Clock::now();
    embers::OpenOptions options;
    options.keepSamples = false;
    embers::OpenResult r = embers::openCapture({QString::fromLocal8Bit(path)}, options);
    *seconds = since(start);
    if (!r.capture) {
        std::fprintf(stderr, "%s\n", qPrintable(r.error));
        std::exit(1);
    }
    return r.capture;
}

// FNV-1a over the bytes of the values fed to it.
struct Digest
{
    uint64_t h = 0xcbf29ce484222325ULL;

    template <typename T> void add(const T &v)
    {
        const auto *bytes = reinterpret_cast<const unsigned char *>(&v);
        for (size_t i = 0; i < sizeof v; ++i)
            h = (h ^ bytes[i]) * 0x100000001b3ULL;
    }
    template <typename T> void addAll(const std::vector<T> &v)
    {
        add(v.size());
        for (const T &x : v)
            add(x);
    }
};

void printDigests(const embers::Comparison &cmp)
{
    const embers::StackTable &t = *cmp.stacks;
    Digest trie;
    trie.addAll(t.nodeParents);
    trie.addAll(t.nodeFrames);
    trie.addAll(t.nodeChildBegin);
    trie.addAll(t.stackNodes);
    trie.addAll(t.stackValues);
    trie.addAll(t.totals);
    for (uint32_t f = 0; f < t.frameCount(); ++f) {
        for (char c : t.frameName(f))
            trie.add(c);
    }
    for (uint32_t f = 0; f < cmp.functions->frameCount(); ++f) {
        for (size_t c = 0; c < t.columnCount(); ++c) {
            trie.add(cmp.functions->flat(f, c));
            trie.add(cmp.functions->cum(f, c));
        }
    }
    std::printf("digest trie: %016llx\n", (unsigned long long)trie.h);
    for (size_t column = 0; column < t.columnsPerGroup(); ++column) {
        for (bool normalize : {true, false}) {
            Digest d;
            embers::DiffTree tree(cmp.stacks, column, normalize);
            d.add(tree.baseScale());
            d.add(tree.maxAbsDelta());
            d.add(tree.hasNoiseTest());
            d.add(tree.countColumn());
            d.add(tree.threshold());
            d.addAll(*tree.weights());
            for (uint32_t n = 0; n < tree.nodeCount(); ++n) {
                d.add(tree.before(n));
                d.add(tree.after(n));
                d.add(tree.beforeSelf(n));
                d.add(tree.afterSelf(n));
                d.add(tree.change(n));
                d.add(tree.pValue(n));
                d.add(tree.isNoise(n));
                d.add(tree.newTree()->total(n));
                d.add(tree.baseTree()->total(n));
            }
            Digest f;
            embers::FunctionDiff fd =
                embers::FunctionDiff::build(t, *cmp.functions, column, normalize);
            f.add(fd.baseScale);
            f.add(fd.hasNoiseTest);
            f.add(fd.threshold);
            for (const embers::FunctionDiffRow &r : fd.rows) {
                f.add(r.frame);
                f.add(r.flatBefore);
                f.add(r.flatAfter);
                f.add(r.cumBefore);
                f.add(r.cumAfter);
                f.add(r.change);
                f.add(r.pValue);
                f.add(r.noise);
            }
            std::printf("digest %s %s: tree %016llx functions %016llx\n",
                        t.columns[column].type.c_str(), normalize ? "normalised" : "absolute",
                        (unsigned long long)d.h, (unsigned long long)f.h);
        }
    }
}

} // namespace

int main(int argc, char **argv)
{
    embers::keepFreedMemory(); // as the app does
    int rounds = 3;
    bool digest = false;
    std::vector<const char *> files;
    for (int i = 1; i < argc; ++i) {
        if (std::strncmp(argv[i], "--rounds=", 9) == 0)
            rounds = std::max(1, std::atoi(argv[i] + 9));
        else if (std::strcmp(argv[i], "--digest") == 0)
            digest = true;
        else
            files.push_back(argv[i]);
    }
    if (files.size() != 2) {
        std::fprintf(stderr, "usage: %s [--rounds=N] [--digest] BASE NEW\n", argv[0]);
        return 2;
    }
    double openBase = 0, openNew = 0;
    auto base = open(files[0], &openBase);
    auto next = open(files[1], &openNew);
    std::vector<double> combine, diffTree, functionDiff, total, cpu;
    size_t nodes = 0;
    for (int r = 0; r < rounds; ++r) {
        const auto start = Clock::now();
        const double cpuStart = cpuSeconds();
        embers::ComparisonResult cmp = embers::compareCaptures({base, next});
        if (!cmp.comparison) {
            std::fprintf(stderr, "%s\n", qPrintable(cmp.error));
            return 1;
        }
        combine.push_back(since(start));
        const auto &stacks = cmp.comparison->stacks;
        nodes = stacks->nodeCount();
        const size_t column = size_t(std::max(0, stacks->defaultColumn));
        // As the diff view computes them: side by side, each timed on its own thread.
        std::unique_ptr<embers::DiffTree> tree;
        embers::FunctionDiff fd;
        embers::inParallel(
            [&] {
                const auto t = Clock::now();
                tree = std::make_unique<embers::DiffTree>(stacks, column, true);
                diffTree.push_back(since(t));
            },
            [&] {
                const auto t = Clock::now();
                fd = embers::FunctionDiff::build(*stacks, *cmp.comparison->functions, column, true);
                functionDiff.push_back(since(t));
            });
        total.push_back(since(start));
        cpu.push_back(cpuSeconds() - cpuStart);
    }
    std::printf("base: %s (%zu nodes, opened in %.2f s)\n", files[0], base->stacks->nodeCount(),
                openBase);
    std::printf("new:  %s (%zu nodes, opened in %.2f s)\n", files[1], next->stacks->nodeCount(),
                openNew);
    std::printf("combined trie: %zu nodes\n", nodes);
    std::printf("median of %d rounds: combine + function tables %.3f s, then side by side: "
                "diff tree %.3f s, function diff %.3f s\n",
                rounds, median(combine), median(diffTree), median(functionDiff));
    std::printf("compare total: %.3f s = %.2f x opening the new capture (CPU time %.3f s)\n",
                median(total), median(total) / openNew, median(cpu));
    if (digest) {
        embers::ComparisonResult cmp = embers::compareCaptures({base, next});
        printDigests(*cmp.comparison);
    }
    return 0;
}
