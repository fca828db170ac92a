#include "CheckReport.h"

#include "Units.h"

#include <QString>

#include <cmath>
#include <cstdio>
#include <vector>

namespace embers {

namespace {

// The summary as a few blocks, rendered as Markdown or HTML. Text marked `code` is a
// name from the profile or the command line, shown verbatim.
struct Span
{
    std::string text;
    bool code = false;
};
using Text = std::vector<Span>;

struct Table
{
    std::vector<std::string> header;
    std::vector<bool> numeric; // right-aligned columns
    std::vector<std::vector<Text>> rows;
};
struct Block
{
    enum class Kind { Heading, Paragraph, Table } kind;
    Text text; // of a heading or paragraph
    Table table;
};

Block heading(const std::string &text)
{
    return {Block::Kind::Heading, {{text}}, {}};
}
Block paragraph(Text text)
{
    return {Block::Kind::Paragraph, std::move(text), {}};
}
Block table(Table table)
{
    return {Block::Kind::Table, {}, std::move(table)};
}

std::string plural(size_t n, const char *one, const char *many)
{
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

class Formatter
{
public:
    Formatter(const StackTable &stacks, const CheckReportInputs &inputs)
        : m_stacks(stacks), m_unit(stacks.columns[inputs.column].unit)
    {}

    std::string value(int64_t v) const { return units::humanValue(v, m_unit); }
    std::string delta(int64_t v) const { return (v > 0 ? "+" : "") + value(v); }
    static std::string percent(double p)
    {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.1f%%", p);
        return buf;
    }
    static std::string deltaPercent(const CheckChange &c)
    {
        if (c.before == 0)
            return "new";
        char buf[32];
        std::snprintf(buf, sizeof buf, "%+.1f%%", 100.0 * double(c.delta()) / double(c.before));
        return buf;
    }
    static std::string pValue(const CheckChange &c)
    {
        if (!c.tested)
            return "–";
        if (c.pValue < 1e-300)
            return "<1e-300";
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.2g", c.pValue);
        return buf;
    }
    std::string name(uint32_t frame) const { return m_stacks.frameName(frame); }

private:
    const StackTable &m_stacks;
    std::string m_unit;
};

std::vector<Block> buildReport(const RegressionCheck &check, const StackTable &stacks,
                               const CheckReportInputs &in)
{
    const Formatter f(stacks, in);
    std::vector<Block> blocks;
    const SampleColumn &type = stacks.columns[in.column];

    std::vector<std::string> reasons;
    if (check.totalRegressed)
        reasons.push_back("the total grew");
    if (!check.grew.empty())
        reasons.push_back(plural(check.grew.size(), "function grew", "functions grew"));
    if (!check.breaches.empty())
        reasons.push_back(plural(check.breaches.size(), "budget breach", "budget breaches"));
    std::string verdict;
    for (size_t i = 0; i < reasons.size(); ++i)
        verdict += (i == 0 ? "" : i + 1 == reasons.size() ? " and " : ", ") + reasons[i];
    blocks.push_back(heading(check.regressed() ? "Embers check: regression (" + verdict + ")"
                                               : "Embers check: no regression"));

    Text about{{"Base "},
               {in.base, true},
               {" (" + f.value(check.baseTotal) + "), new "},
               {in.current, true},
               {" (" + f.value(check.newTotal) + "), sample type "},
               {type.type, true},
               {check.normalized ? ", the base scaled to the new total (normalised). "
                                 : ", absolute values. "}};
    char threshold[64];
    std::snprintf(threshold, sizeof threshold, "%g%%", in.thresholdPercent);
    about.push_back({"A change counts when it exceeds " + std::string(threshold) +
                     " of the base total (" + f.value(check.threshold) + ")"});
    about.push_back({check.hasNoiseTest
                         ? " and sampling noise (binomial test on the sample counts, 5% false "
                           "discovery rate)."
                         : "; this profile has no sample counts (its values are estimates, as "
                           "in heap profiles), so there is no noise test: the threshold alone "
                           "judges."});
    blocks.push_back(paragraph(std::move(about)));

    auto changeRow = [&](const char *what, const Text &name, const CheckChange &c) {
        return std::vector<Text>{{{what}},
                                 name,
                                 {{f.value(c.before)}},
                                 {{f.value(c.after)}},
                                 {{f.delta(c.delta())}},
                                 {{Formatter::deltaPercent(c)}},
                                 {{Formatter::pValue(c)}}};
    };
    Table changes{{"Change", "Function", "Before", "After", "Δ", "Δ %", "p-value"},
                  {false, false, true, true, true, true, true},
                  {}};
    if (check.total)
        changes.rows.push_back(
            changeRow(check.total->delta() > 0 ? "grew" : "shrank", {{"(total)"}}, *check.total));
    size_t left = 0;
    for (const auto *list : {&check.grew, &check.shrank}) {
        const char *what = list == &check.grew ? "grew" : "shrank";
        for (size_t i = 0; i < list->size(); ++i) {
            if (i == in.maxRows) {
                left += list->size() - i;
                break;
            }
            const CheckChange &c = (*list)[i];
            changes.rows.push_back(changeRow(what, {{f.name(c.frame), true}}, c));
        }
    }
    if (changes.rows.empty()) {
        blocks.push_back(paragraph({{"No function changed beyond the threshold and noise."}}));
    } else {
        blocks.push_back(table(std::move(changes)));
        if (left)
            blocks.push_back(paragraph(
                {{"… and " + plural(left, "more change", "more changes") + " (smaller)."}}));
    }

    if (!check.breaches.empty()) {
        blocks.push_back(heading("Budget"));
        Table budget{{"Rule", "Function", "Limit", "Value"}, {false, false, true, true}, {}};
        for (const BudgetBreach &b : check.breaches) {
            const BudgetRule &r = *b.rule;
            const Text rule{{"line " + std::to_string(r.line) + " "},
                            {r.function.toStdString(), true}};
            if (b.share) {
                const double share = check.newTotal != 0
                                         ? 100.0 * double(b.change.after) / double(check.newTotal)
                                         : 0.0;
                budget.rows.push_back(
                    {rule,
                     {{f.name(b.change.frame), true}},
                     {{"share ≤ " + Formatter::percent(*r.maxShare)}},
                     {{Formatter::percent(share) + " (" + f.value(b.change.after) + ")"}}});
            } else {
                const double growth = check.baseTotal != 0 ? 100.0 * double(b.change.delta()) /
                                                                 double(check.baseTotal)
                                                           : 0.0;
                budget.rows.push_back(
                    {rule,
                     {{f.name(b.change.frame), true}},
                     {{"growth ≤ " + Formatter::percent(*r.maxGrowth) + " of the base"}},
                     {{"+" + Formatter::percent(growth) + " (" + f.delta(b.change.delta()) +
                       ", p " + Formatter::pValue(b.change) + ")"}}});
            }
        }
        blocks.push_back(table(std::move(budget)));
    }
    for (const BudgetRule *r : check.unmatchedRules)
        blocks.push_back(
            paragraph({{"Note: the budget rule on line " + std::to_string(r->line) + " ("},
                       {r->function.toStdString(), true},
                       {") matched no function."}}));
    return blocks;
}

// Markdown: a name inside a table cell keeps its '|' escaped; a code span is fenced
// with more backticks than it holds.
std::string markdownSpan(const Span &s, bool inTable)
{
    std::string text;
    for (char c : s.text) {
        if ((c == '|' && inTable) || (!s.code && (c == '*' || c == '_' || c == '\\')))
            text += '\\';
        text += c;
    }
    if (!s.code)
        return text;
    size_t run = 0, longest = 0;
    for (char c : s.text) {
        run = c == '`' ? run + 1 : 0;
        longest = std::max(longest, run);
    }
    const std::string fence(longest + 1, '`');
    const bool pad = !text.empty() && (text.front() == '`' || text.back() == '`');
    return fence + (pad ? " " : "") + text + (pad ? " " : "") + fence;
}

std::string markdownText(const Text &line, bool inTable)
{
    std::string out;
    for (const Span &s : line)
        out += markdownSpan(s, inTable);
    return out;
}

std::string htmlText(const Text &line)
{
    std::string out;
    for (const Span &s : line) {
        const std::string text = QString::fromStdString(s.text).toHtmlEscaped().toStdString();
        out += s.code ? "<code>" + text + "</code>" : text;
    }
    return out;
}

} // namespace

std::string formatCheckMarkdown(const RegressionCheck &check, const StackTable &stacks,
                                const CheckReportInputs &inputs)
{
    std::string out;
    for (const Block &block : buildReport(check, stacks, inputs)) {
        if (!out.empty())
            out += '\n';
        switch (block.kind) {
        case Block::Kind::Heading:
            out += (out.empty() ? "## " : "### ") + markdownText(block.text, false) + "\n";
            break;
        case Block::Kind::Paragraph:
            out += markdownText(block.text, false) + "\n";
            break;
        case Block::Kind::Table: {
            const Table &t = block.table;
            std::string header = "|", rule = "|";
            for (size_t c = 0; c < t.header.size(); ++c) {
                header += " " + t.header[c] + " |";
                rule += t.numeric[c] ? "--:|" : "---|";
            }
            out += header;
            out += '\n';
            out += rule;
            out += '\n';
            for (const auto &row : t.rows) {
                std::string line = "|";
                for (const Text &cell : row)
                    line += " " + markdownText(cell, true) + " |";
                out += line + "\n";
            }
            break;
        }
        }
    }
    return out;
}

std::string formatCheckHtml(const RegressionCheck &check, const StackTable &stacks,
                            const CheckReportInputs &inputs)
{
    const std::vector<Block> blocks = buildReport(check, stacks, inputs);
    std::string out =
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>" +
        htmlText(blocks.front().text) +
        "</title>\n<style>\nbody { font: 14px/1.45 system-ui, sans-serif; margin: 2em; "
        "color: #1f2328; }\ntable { border-collapse: collapse; margin: 1em 0; }\n"
        "th, td { border: 1px solid #d0d7de; padding: 4px 10px; }\nth { background: #f6f8fa; }\n"
        "td.n { text-align: right; font-variant-numeric: tabular-nums; }\n"
        "code { font: 13px ui-monospace, monospace; }\n"
        "h2.bad { color: #b3261e; } h2.good { color: #1a7f37; }\n</style>\n</head>\n<body>\n";
    for (const Block &block : blocks) {
        switch (block.kind) {
        case Block::Kind::Heading:
            out += &block == &blocks.front()
                       ? "<h2 class=\"" + std::string(check.regressed() ? "bad" : "good") + "\">" +
                             htmlText(block.text) + "</h2>\n"
                       : "<h3>" + htmlText(block.text) + "</h3>\n";
            break;
        case Block::Kind::Paragraph:
            out += "<p>" + htmlText(block.text) + "</p>\n";
            break;
        case Block::Kind::Table:
            out += "<table>\n<tr>";
            for (const std::string &h : block.table.header)
                out += "<th>" + h + "</th>";
            out += "</tr>\n";
            for (const auto &row : block.table.rows) {
                out += "<tr>";
                for (size_t c = 0; c < row.size(); ++c)
                    out += std::string(block.table.numeric[c] ? "<td class=\"n\">" : "<td>") +
                           htmlText(row[c]) + "</td>";
                out += "</tr>\n";
            }
            out += "</table>\n";
            break;
        }
    }
    return out + "</body>\n</html>\n";
}

} // namespace embers
