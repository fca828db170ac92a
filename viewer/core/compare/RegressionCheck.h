// RegressionCheck: `embers --check`'s judgement of a new capture against a base. A
// function (or the total) regressed when its cum grew by more than the threshold (a
// percentage of the base total) and the growth is more than sampling noise (the test of
// FunctionDiff, with its false discovery rate across functions). Profiles without sample
// counts (heap profiles carry scaled estimates) have no noise test: the threshold alone
// judges them. A budget's rules are checked beside it.
#pragma once

#include "FunctionDiff.h"
#include "RegressionBudget.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace embers {

struct CheckOptions
{
    bool normalize = false;
    double thresholdPercent = 1.0; // of the base total
    const RegressionBudget *budget = nullptr;
};

struct CheckChange
{
    uint32_t frame = 0; // the comparison's; unused for the total
    int64_t before = 0, after = 0;
    double pValue = 1;
    bool tested = false; // pValue comes from the noise test
    int64_t delta() const { return subtractSaturating(after, before); }
};

struct BudgetBreach
{
    const BudgetRule *rule = nullptr;
    CheckChange change;
    bool share = false; // over max_share (else over max_growth)
};

struct RegressionCheck
{
    int64_t baseTotal = 0, newTotal = 0; // the base's scaled when normalised
    int64_t threshold = 0;               // in the sample type's unit
    bool hasNoiseTest = false;
    bool normalized = false;
    std::optional<CheckChange> total; // the total, when it changed significantly
    bool totalRegressed = false;
    // Significant changes beyond the threshold: grew by Δ descending, shrank by Δ
    // ascending, ties by name.
    std::vector<CheckChange> grew, shrank;
    std::vector<BudgetBreach> breaches;
    std::vector<const BudgetRule *> unmatchedRules;

    bool regressed() const { return totalRegressed || !grew.empty() || !breaches.empty(); }

    // `stacks` combined Apart with two groups (base, new), `functions` built from it,
    // `column` within a group.
    static RegressionCheck run(const StackTable &stacks, const FunctionTable &functions,
                               size_t column, const CheckOptions &options);
};

} // namespace embers
