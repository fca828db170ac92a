#include "Comparison.h"

#include "ComparisonGranularity.h"
#include "Regranulate.h"

#include <QFileInfo>

namespace embers {

SampleType Comparison::sampleTypeOr(SampleType wanted) const
{
    const size_t perGroup = stacks ? stacks->columnsPerGroup() : 0;
    if (perGroup == 0)
        return {};
    if (!wanted.isNone() && wanted.column() < perGroup)
        return wanted;
    return SampleType(stacks->defaultColumn >= 0 ? size_t(stacks->defaultColumn) % perGroup
                                                 : perGroup - 1);
}

namespace {

std::vector<const StackTable *>
tablesOf(const std::vector<std::shared_ptr<const Capture>> &captures)
{
    std::vector<const StackTable *> tables;
    tables.reserve(captures.size());
    for (const auto &c : captures)
        tables.push_back(c->stacks.get());
    return tables;
}

std::vector<const FunctionTable *>
functionsOf(const std::vector<std::shared_ptr<const Capture>> &captures)
{
    std::vector<const FunctionTable *> functions;
    functions.reserve(captures.size());
    for (const auto &c : captures)
        functions.push_back(c->functions.get());
    return functions;
}

QString namesOf(const std::vector<std::shared_ptr<const Capture>> &captures)
{
    QStringList names;
    for (const auto &c : captures) {
        for (const QString &path : c->paths)
            names << QFileInfo(path).fileName();
    }
    return names.join(QStringLiteral(", "));
}

} // namespace

ComparisonResult compareCaptures(const std::vector<std::shared_ptr<const Capture>> &opened,
                                 const std::atomic_bool *cancel, CombineContent content)
{
    ComparisonResult result;
    AlignedCaptures aligned = alignGranularities(opened, cancel);
    if (aligned.captures.empty()) {
        result.error = namesOf(opened) + QStringLiteral(": ") + aligned.error;
        return result;
    }
    const auto &captures = aligned.captures;
    std::string error;
    const std::vector<const StackTable *> tables = tablesOf(captures);
    CombineMaps maps;
    auto stacks = combineStackTables(tables, CombineMode::Apart, &error, cancel, &maps, content);
    if (!stacks) {
        result.error = namesOf(captures) + QStringLiteral(": ") + QString::fromStdString(error);
        return result;
    }
    auto comparison = std::make_shared<Comparison>();
    comparison->captures = captures;
    comparison->openedAt = std::move(aligned.openedAt);
    comparison->stacks = std::make_shared<const StackTable>(std::move(*stacks));
    comparison->functions = std::make_shared<const FunctionTable>(combineFunctionTables(
        functionsOf(captures), *comparison->stacks, CombineMode::Apart, maps));
    result.comparison = std::move(comparison);
    return result;
}

ComparisonResult compareAtLines(const std::vector<std::shared_ptr<const Capture>> &captures,
                                const std::atomic_bool *cancel)
{
    std::vector<std::shared_ptr<const Capture>> atLines;
    for (const std::shared_ptr<const Capture> &c : captures) {
        if (c->stacks->granularity == Granularity::Lines) {
            atLines.push_back(c);
            continue;
        }
        ComparisonResult failed;
        auto regranulated =
            regranulate(*c, Granularity::Lines, -1, cancel, &failed.error, false, false);
        if (!regranulated)
            return failed;
        atLines.push_back(std::move(regranulated));
    }
    return compareCaptures(atLines, cancel);
}

MergeResult mergeCaptures(const std::vector<std::shared_ptr<const Capture>> &opened,
                          const std::atomic_bool *cancel)
{
    MergeResult result;
    AlignedCaptures aligned = alignGranularities(opened, cancel);
    if (aligned.captures.empty()) {
        result.error = namesOf(opened) + QStringLiteral(": ") + aligned.error;
        return result;
    }
    const auto &captures = aligned.captures;
    std::string error;
    const std::vector<const StackTable *> tables = tablesOf(captures);
    CombineMaps maps;
    auto stacks = combineStackTables(tables, CombineMode::Sum, &error, cancel, &maps);
    if (!stacks) {
        result.error = namesOf(captures) + QStringLiteral(": ") + QString::fromStdString(error);
        return result;
    }
    auto merged = std::make_shared<Capture>();
    for (const auto &c : captures) {
        merged->paths += c->paths;
        merged->profiles.insert(merged->profiles.end(), c->profiles.begin(), c->profiles.end());
        merged->fileBytes += c->fileBytes;
    }
    merged->stacks = std::make_shared<const StackTable>(std::move(*stacks));
    merged->functions = std::make_shared<const FunctionTable>(
        combineFunctionTables(functionsOf(captures), *merged->stacks, CombineMode::Sum, maps));
    if (merged->stacks->defaultColumn >= 0)
        merged->tree =
            std::make_shared<const CallTree>(merged->stacks, size_t(merged->stacks->defaultColumn));
    result.capture = std::move(merged);
    return result;
}

} // namespace embers
