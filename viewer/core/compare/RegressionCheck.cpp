#include "RegressionCheck.h"

#include "SamplingNoise.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace embers {

namespace {

// The level at which one test (the total's) is significant; the functions' share the
// false discovery rate instead.
constexpr double kTotalLevel = 0.05;

int64_t magnitude(int64_t v)
{
    return v == INT64_MIN ? INT64_MAX : std::llabs(v);
}

CheckChange changeOf(const FunctionDiffRow &r, bool tested)
{
    return {r.frame, r.cumBefore, r.cumAfter, r.pValue, tested};
}

} // namespace

RegressionCheck RegressionCheck::run(const StackTable &stacks, const FunctionTable &functions,
                                     size_t column, const CheckOptions &options)
{
    RegressionCheck check;
    const FunctionDiff diff = FunctionDiff::build(stacks, functions, column, options.normalize);
    const size_t perGroup = stacks.columnsPerGroup();
    check.normalized = options.normalize;
    check.hasNoiseTest = diff.hasNoiseTest;
    check.baseTotal = scaledBy(stacks.totals[column], diff.baseScale);
    check.newTotal = stacks.totals[perGroup + column];
    check.threshold =
        std::llround(std::min(9.2e18, double(magnitude(check.baseTotal)) *
                                          std::max(0.0, options.thresholdPercent) / 100));

    // The total: the same test on all samples (normalised, the totals are equal by
    // construction).
    if (!options.normalize) {
        CheckChange total{0, check.baseTotal, check.newTotal, 1, false};
        const int countColumn = sampleCountColumn(stacks, column);
        if (diff.hasNoiseTest && countColumn >= 0) {
            total.tested = true;
            total.pValue = noise::changePValue(stacks.totals[size_t(countColumn)],
                                               stacks.totals[perGroup + size_t(countColumn)], 0.5);
        }
        const bool significant = !total.tested || total.pValue <= kTotalLevel;
        if (significant && magnitude(total.delta()) > check.threshold) {
            check.total = total;
            check.totalRegressed = total.delta() > 0;
        }
    }

    std::vector<std::string> names(functions.frameCount());
    auto nameOf = [&](uint32_t frame) -> const std::string & {
        if (names[frame].empty())
            names[frame] = stacks.frameName(frame);
        return names[frame];
    };
    for (const FunctionDiffRow &r : diff.rows) {
        const bool significant = !diff.hasNoiseTest || !r.noise;
        if (!significant || magnitude(r.cumDelta()) <= check.threshold)
            continue;
        (r.cumDelta() > 0 ? check.grew : check.shrank).push_back(changeOf(r, diff.hasNoiseTest));
    }
    auto order = [&](bool growth) {
        return [&, growth](const CheckChange &a, const CheckChange &b) {
            if (a.delta() != b.delta())
                return growth ? a.delta() > b.delta() : a.delta() < b.delta();
            if (nameOf(a.frame) != nameOf(b.frame))
                return nameOf(a.frame) < nameOf(b.frame);
            return a.frame < b.frame;
        };
    };
    std::sort(check.grew.begin(), check.grew.end(), order(true));
    std::sort(check.shrank.begin(), check.shrank.end(), order(false));

    if (!options.budget)
        return check;
    for (const BudgetRule &rule : options.budget->rules) {
        bool matched = false;
        std::vector<BudgetBreach> breaches;
        for (const FunctionDiffRow &r : diff.rows) {
            if (!rule.pattern.match(QString::fromStdString(nameOf(r.frame))).hasMatch())
                continue;
            matched = true;
            const double share =
                check.newTotal != 0 ? 100.0 * double(r.cumAfter) / double(check.newTotal) : 0.0;
            const bool significant = !diff.hasNoiseTest || !r.noise;
            if (rule.maxShare && share > *rule.maxShare)
                breaches.push_back({&rule, changeOf(r, diff.hasNoiseTest), true});
            else if (rule.maxGrowth && significant &&
                     double(r.cumDelta()) > *rule.maxGrowth / 100 * double(check.baseTotal))
                breaches.push_back({&rule, changeOf(r, diff.hasNoiseTest), false});
        }
        std::sort(breaches.begin(), breaches.end(),
                  [&](const BudgetBreach &a, const BudgetBreach &b) {
                      if (a.change.after != b.change.after)
                          return a.change.after > b.change.after;
                      return nameOf(a.change.frame) < nameOf(b.change.frame);
                  });
        check.breaches.insert(check.breaches.end(), breaches.begin(), breaches.end());
        if (!matched)
            check.unmatchedRules.push_back(&rule);
    }
    return check;
}

} // namespace embers
