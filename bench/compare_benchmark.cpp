// embers_compare_benchmark: how long comparing two loaded captures takes (the trie
// merge, the function table of both, the diff tree and the function diff), against
// opening one of them, measured in the same run.
//
//   embers_compare_benchmark [--rounds=N] BASE NEW
#include "Comparison.h"
#include "DiffTree.h"
#include "FunctionDiff.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point start)
{
    return std::chrono::duration<double>(Clock::now() - start).count();
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

} // namespace

int main(int argc, char **argv)
{
    int rounds = 3;
    std::vector<const char *> files;
    for (int i = 1; i < argc; ++i) {
        if (std::strncmp(argv[i], "--rounds=", 9) == 0)
            rounds = std::max(1, std::atoi(argv[i] + 9));
        else
            files.push_back(argv[i]);
    }
    if (files.size() != 2) {
        std::fprintf(stderr, "usage: %s [--rounds=N] BASE NEW\n", argv[0]);
        return 2;
    }
    double openBase = 0, openNew = 0;
    auto base = open(files[0], &openBase);
    auto next = open(files[1], &openNew);
    std::vector<double> combine, diffTree, functionDiff, total;
    size_t nodes = 0;
    for (int r = 0; r < rounds; ++r) {
        const auto start = Clock::now();
        embers::ComparisonResult cmp = embers::compareCaptures({base, next});
        if (!cmp.comparison) {
            std::fprintf(stderr, "%s\n", qPrintable(cmp.error));
            return 1;
        }
        combine.push_back(since(start));
        const auto &stacks = cmp.comparison->stacks;
        nodes = stacks->nodeCount();
        const size_t column = size_t(std::max(0, stacks->defaultColumn));
        auto t = Clock::now();
        embers::DiffTree tree(stacks, column, true);
        diffTree.push_back(since(t));
        t = Clock::now();
        embers::FunctionDiff fd =
            embers::FunctionDiff::build(*stacks, *cmp.comparison->functions, column, true);
        functionDiff.push_back(since(t));
        total.push_back(since(start));
    }
    std::printf("base: %s (%zu nodes, opened in %.2f s)\n", files[0], base->stacks->nodeCount(),
                openBase);
    std::printf("new:  %s (%zu nodes, opened in %.2f s)\n", files[1], next->stacks->nodeCount(),
                openNew);
    std::printf("combined trie: %zu nodes\n", nodes);
    std::printf("median of %d rounds: combine + function tables %.3f s, diff tree %.3f s, "
                "function diff %.3f s\n",
                rounds, median(combine), median(diffTree), median(functionDiff));
    std::printf("compare total: %.3f s = %.2f x opening the new capture\n", median(total),
                median(total) / openNew);
    return 0;
}
