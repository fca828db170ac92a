// libFuzzer target over the comparisons: capture A is the profile (at a granularity the
// recipe picks), capture B is A after a transform of any kind (FuzzRecipe.h). Checked on
// every input:
// - a diff of A against itself is zero everywhere, normalised or not: every node's Δ,
//   the largest |Δ|, every function's flat and cum Δ, nothing grew or shrank;
// - the diff of A and B: its root has A's and B's totals before and after (absolute),
//   and the functions' flat values add up to them;
// - a merge of A and B holds, per sample type, the sum of their values;
// - the N-way table of A, A, B gives A's two columns the same shares and values;
// - the noise test's p-values lie in [0, 1], are symmetric for an even split, and the
//   critical counts never call a significant split surely noise; the Benjamini-Hochberg
//   threshold is one of the p-values (or 0);
// - --check of A against itself finds nothing, even at a threshold of 0, and its
//   summary says so;
// - the trend of A, A, A is steady everywhere; of A, A, B, every p-value lies in [0, 1],
//   every change point inside the series, and the values are the N-way table's.
#include "CaptureMatrix.h"
#include "CheckReport.h"
#include "Comparison.h"
#include "DiffTree.h"
#include "FunctionDiff.h"
#include "FuzzRecipe.h"
#include "RegressionCheck.h"
#include "SamplingNoise.h"
#include "Trend.h"

using namespace embers;
using namespace embers::fuzz;

namespace {

constexpr size_t kColumnsChecked = 3;

std::shared_ptr<const Capture> captureOf(const ProfilePtr &profile,
                                         const std::shared_ptr<const StackTable> &stacks)
{
    auto capture = std::make_shared<Capture>();
    capture->paths = {QStringLiteral("fuzz")};
    capture->profiles = {profile};
    capture->stacks = stacks;
    capture->functions = std::make_shared<const FunctionTable>(FunctionTable::build(*stacks));
    if (stacks->defaultColumn >= 0)
        capture->tree = std::make_shared<const CallTree>(stacks, size_t(stacks->defaultColumn));
    return capture;
}

void selfDiffIsZero(const Comparison &self)
{
    const StackTable &stacks = *self.stacks;
    for (size_t c = 0; c < std::min(stacks.columnsPerGroup(), kColumnsChecked); ++c) {
        for (bool normalize : {false, true}) {
            const DiffTree diff(self.stacks, c, normalize);
            check(diff.maxAbsDelta() == 0, "self-diff: largest |delta| is not 0");
            for (uint32_t node = 0; node < diff.nodeCount(); ++node) {
                check(diff.delta(node) == 0, "self-diff: a node's delta is not 0");
                check(diff.change(node) == Change::Unchanged, "self-diff: a node changed");
            }
            const FunctionDiff functions =
                FunctionDiff::build(stacks, *self.functions, c, normalize);
            for (const FunctionDiffRow &row : functions.rows) {
                check(row.flatDelta() == 0 && row.cumDelta() == 0,
                      "self-diff: a function's delta is not 0");
                check(row.change == Change::Unchanged, "self-diff: a function changed");
            }
        }
    }
}

void selfCheckFindsNothing(const Comparison &self)
{
    const StackTable &stacks = *self.stacks;
    for (size_t c = 0; c < std::min(stacks.columnsPerGroup(), kColumnsChecked); ++c) {
        for (bool normalize : {false, true}) {
            CheckOptions options;
            options.normalize = normalize;
            options.thresholdPercent = 0;
            const RegressionCheck found = RegressionCheck::run(stacks, *self.functions, c, options);
            check(!found.regressed() && found.grew.empty() && found.shrank.empty() && !found.total,
                  "self-check: a change found");
            CheckReportInputs inputs;
            inputs.column = c;
            check(formatCheckMarkdown(found, stacks, inputs)
                      .starts_with("## Embers check: no regression\n"),
                  "self-check: the summary");
        }
    }
}

void trendsHold(const Comparison &same, const Comparison &series)
{
    for (size_t c = 0; c < std::min(same.stacks->columnsPerGroup(), kColumnsChecked); ++c) {
        for (bool normalize : {false, true}) {
            const Trend steady = Trend::build(same, c, {normalize, 0.05});
            for (const TrendRow &row : steady.rows)
                check(row.verdict == TrendVerdict::Steady, "trend: A, A, A is not steady");
            const Trend trend = Trend::build(series, c, {normalize, 0.05});
            const CaptureMatrix matrix = CaptureMatrix::build(series, c);
            check(trend.rows.size() == matrix.rowCount(), "trend: not the table's functions");
            for (size_t r = 0; r < trend.rows.size(); ++r) {
                const TrendRow &row = trend.rows[r];
                check(row.pValue >= 0 && row.pValue <= 1, "trend: p-value outside [0, 1]");
                check(row.frame == matrix.frame(r), "trend: rows out of frame order");
                for (size_t k = 0; k < 3; ++k)
                    check(row.values[k] == matrix.value(r, k), "trend: a value");
                const bool step =
                    row.verdict != TrendVerdict::Steady && row.verdict != TrendVerdict::Growing;
                check(step ? row.changeAt >= 1 && row.changeAt <= 2 : row.changeAt == -1,
                      "trend: the change point");
            }
        }
    }
}

void diffKeepsTotals(const Comparison &ab, const StackTable &a, const StackTable &b)
{
    const StackTable &stacks = *ab.stacks;
    for (size_t c = 0; c < std::min(stacks.columnsPerGroup(), kColumnsChecked); ++c) {
        // Both captures are one profile's: the same columns, no unit conversion.
        const DiffTree diff(ab.stacks, c, false);
        const int64_t before = columnSums(a, c).values, after = columnSums(b, c).values;
        check(diff.before(CallTree::kRoot) == before, "diff: the root's value before");
        check(diff.after(CallTree::kRoot) == after, "diff: the root's value after");
        check(diff.delta(CallTree::kRoot) == subtractSaturating(after, before), "diff: root delta");
        const FunctionDiff functions = FunctionDiff::build(stacks, *ab.functions, c, false);
        int64_t flatBefore = 0, flatAfter = 0;
        for (const FunctionDiffRow &row : functions.rows) {
            flatBefore += row.flatBefore;
            flatAfter += row.flatAfter;
        }
        // The empty stack's value is no function's.
        int64_t emptyBefore = 0, emptyAfter = 0;
        for (size_t s = 0; s < a.stackCount(); ++s)
            emptyBefore += a.stackNodes[s] == StackTable::kRoot ? a.value(s, c) : 0;
        for (size_t s = 0; s < b.stackCount(); ++s)
            emptyAfter += b.stackNodes[s] == StackTable::kRoot ? b.value(s, c) : 0;
        check(flatBefore == before - emptyBefore, "diff: the functions' flat before");
        check(flatAfter == after - emptyAfter, "diff: the functions' flat after");
    }
}

void noiseTestHolds(Recipe &recipe)
{
    const int64_t base = recipe.inRange<int64_t>(0, 1 << 20);
    const int64_t next = recipe.inRange<int64_t>(0, 1 << 20);
    const double fraction = recipe.fraction();
    const double p = noise::changePValue(base, next, fraction);
    check(p >= 0 && p <= 1, "noise: p-value outside [0, 1]");
    const double there = noise::changePValue(base, next, 0.5),
                 back = noise::changePValue(next, base, 0.5);
    check(std::abs(there - back) <= 1e-9 * std::max(there, back),
          "noise: an even split is not symmetric");
    if (fraction > 0 && fraction < 1) {
        const noise::CriticalCounts critical(fraction, 0.05, base + next);
        if (critical.surelyAbove(base, next))
            check(p > 0.05, "noise: a significant split called surely noise");
        const double stopped = noise::changePValue(base, next, fraction, 0.05);
        check(p <= 0.05 ? stopped == p : stopped > 0.05, "noise: the early stop");
    }
    const std::vector<double> pValues{p, noise::changePValue(next, base, fraction), 0.01, 0.5};
    const double threshold = noise::significanceThreshold(pValues);
    check(threshold == 0 || std::find(pValues.begin(), pValues.end(), threshold) != pValues.end(),
          "noise: the threshold is not one of the p-values");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const ProfilePtr profile = openAfterRecipe(data, size);
    if (!profile)
        return 0;
    Recipe recipe(data);
    noiseTestHolds(recipe);
    StackTableOptions options;
    options.granularity = Granularity(recipe.inRange<int>(0, 3));
    options.keepLabels = recipe.flag();
    const std::shared_ptr<const StackTable> a = buildTable(profile, options);
    if (!a || a->columnCount() == 0)
        return 0;
    const TransformResult transformed = applyTransform(a, pickTransform(recipe, *a));
    const std::shared_ptr<const StackTable> b = transformed.table ? transformed.table : a;
    const auto captureA = captureOf(profile, a), captureB = captureOf(profile, b);

    const ComparisonResult self = compareCaptures({captureA, captureA});
    check(bool(self.comparison), "a capture cannot be compared with itself");
    selfDiffIsZero(*self.comparison);
    selfCheckFindsNothing(*self.comparison);

    const ComparisonResult ab = compareCaptures({captureA, captureB});
    check(bool(ab.comparison), "a capture cannot be compared with its transform");
    diffKeepsTotals(*ab.comparison, *a, *b);

    // A merge whose values could add up past 64 bits is refused (StackTable.h's rule).
    const MergeResult merged = mergeCaptures({captureA, captureB});
    bool fits = true;
    for (size_t c = 0; c < a->columnCount(); ++c) {
        int64_t sum;
        fits = fits && !__builtin_add_overflow(columnSums(*a, c).magnitudes,
                                               columnSums(*b, c).magnitudes, &sum);
    }
    check(bool(merged.capture) == fits, "merge: refused or accepted against the rule");
    for (size_t c = 0; fits && c < a->columnCount(); ++c) {
        check(columnSums(*merged.capture->stacks, c).values ==
                  columnSums(*a, c).values + columnSums(*b, c).values,
              "merge: a sample type's sum");
    }

    const ComparisonResult three = compareCaptures({captureA, captureA, captureB});
    check(bool(three.comparison), "three captures cannot be compared");
    const ComparisonResult same = compareCaptures({captureA, captureA, captureA});
    check(bool(same.comparison), "a capture cannot be compared with itself twice");
    trendsHold(*same.comparison, *three.comparison);
    for (size_t c = 0; c < std::min(a->columnCount(), kColumnsChecked); ++c) {
        const CaptureMatrix matrix = CaptureMatrix::build(*three.comparison, c);
        check(matrix.captureCount() == 3, "N-way table: capture count");
        for (size_t row = 0; row < matrix.rowCount(); ++row) {
            check(matrix.share(row, 0) == matrix.share(row, 1) &&
                      matrix.value(row, 0) == matrix.value(row, 1) &&
                      matrix.present(row, 0) == matrix.present(row, 1),
                  "N-way table: one capture's columns differ");
            check(matrix.minShare(row) <= matrix.medianShare(row) &&
                      matrix.medianShare(row) <= matrix.maxShare(row),
                  "N-way table: min <= median <= max");
        }
    }
    return 0;
}
