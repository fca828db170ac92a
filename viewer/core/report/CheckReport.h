// CheckReport: `embers --check`'s summary, fit for a pull-request comment: the verdict
// first, then the significant changes (grew, then shrank) and the budget's breaches.
// Markdown for standard output and .md reports, a standalone page for .html; the same
// words and numbers in both, in the same order for the same inputs.
#pragma once

#include "RegressionCheck.h"
#include "StackTable.h"

#include <string>

namespace embers {

struct CheckReportInputs
{
    std::string base, current; // what was compared, as the user named it
    size_t column = 0;         // the sample type, within a group
    double thresholdPercent = 1;
    size_t maxRows = 40; // per table; the rest are counted
};

std::string formatCheckMarkdown(const RegressionCheck &check, const StackTable &stacks,
                                const CheckReportInputs &inputs);
std::string formatCheckHtml(const RegressionCheck &check, const StackTable &stacks,
                            const CheckReportInputs &inputs);

} // namespace embers
