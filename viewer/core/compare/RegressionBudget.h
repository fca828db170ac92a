// RegressionBudget: a team's limits for `embers --check --budget=FILE`, a small JSON file:
//
//   {"rules": [
//     {"function": "^encoding/json\\.", "max_share": 5},
//     {"function": "compress", "max_growth": 2}
//   ]}
//
// `function` is a regular expression matched (unanchored) against each function's name
// as --top prints it; `max_share` is the most a matching function may take of the new
// capture's total, in percent; `max_growth` the most its cum may grow, in percent of the
// base total. A rule has one limit or both. A bare array of rules is read too.
#pragma once

#include <QByteArray>
#include <QRegularExpression>
#include <QString>

#include <optional>
#include <vector>

namespace embers {

struct BudgetRule
{
    QString function;
    QRegularExpression pattern;
    std::optional<double> maxShare;  // percent of the new total
    std::optional<double> maxGrowth; // percent of the base total
    int line = 0;                    // where the rule starts in the file, 1-based
};

struct RegressionBudget
{
    std::vector<BudgetRule> rules;

    // Reads `text`; on failure nullopt and *error saying which line holds what is wrong.
    static std::optional<RegressionBudget> parse(const QByteArray &text, QString *error);
};

} // namespace embers
