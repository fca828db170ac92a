#include "RegressionBudget.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>

namespace embers {

namespace {

// The 1-based line of byte `offset` in `text`.
int lineAt(const QByteArray &text, qsizetype offset)
{
    offset = std::clamp<qsizetype>(offset, 0, text.size());
    return int(std::count(text.begin(), text.begin() + offset, '\n')) + 1;
}

// Where the index-th object of the rules array starts: the index-th '{' at the array's
// depth. QJsonDocument keeps no positions, so they are found in the text; strings are
// skipped so that a brace inside a regex does not count.
std::vector<int> ruleLines(const QByteArray &text, bool bareArray)
{
    std::vector<int> lines;
    int depth = 0;
    bool inString = false;
    const int ruleDepth = bareArray ? 1 : 2; // [ {  or  { "rules": [ {
    for (qsizetype i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                inString = false;
            continue;
        }
        if (c == '"') {
            inString = true;
        } else if (c == '{' || c == '[') {
            if (c == '{' && depth == ruleDepth)
                lines.push_back(lineAt(text, i));
            ++depth;
        } else if (c == '}' || c == ']') {
            --depth;
        }
    }
    return lines;
}

std::optional<double> percent(const QJsonObject &rule, const char *key, QString *why)
{
    const QJsonValue v = rule.value(QLatin1String(key));
    if (v.isUndefined())
        return std::nullopt;
    if (!v.isDouble() || v.toDouble() < 0 || v.toDouble() > 100) {
        *why = QStringLiteral("\"%1\" must be a percentage from 0 to 100").arg(QLatin1String(key));
        return std::nullopt;
    }
    return v.toDouble();
}

} // namespace

std::optional<RegressionBudget> RegressionBudget::parse(const QByteArray &text, QString *error)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(text, &parseError);
    if (doc.isNull()) {
        *error = QStringLiteral("line %1: %2")
                     .arg(lineAt(text, parseError.offset))
                     .arg(parseError.errorString());
        return std::nullopt;
    }
    QJsonArray rules;
    if (doc.isArray()) {
        rules = doc.array();
    } else if (doc.object().value(QLatin1String("rules")).isArray()) {
        rules = doc.object().value(QLatin1String("rules")).toArray();
    } else {
        *error = QStringLiteral("line 1: expected {\"rules\": [...]} or an array of rules");
        return std::nullopt;
    }
    const std::vector<int> lines = ruleLines(text, doc.isArray());
    RegressionBudget budget;
    for (qsizetype i = 0; i < rules.size(); ++i) {
        const int line = size_t(i) < lines.size() ? lines[size_t(i)] : 1;
        auto fail = [&](const QString &why) {
            *error = QStringLiteral("line %1: rule %2: %3").arg(line).arg(i + 1).arg(why);
            return std::nullopt;
        };
        if (!rules[i].isObject())
            return fail(QStringLiteral("a rule is an object such as "
                                       "{\"function\": \"RE\", \"max_share\": 5}"));
        const QJsonObject object = rules[i].toObject();
        for (auto it = object.begin(); it != object.end(); ++it) {
            if (it.key() != QLatin1String("function") && it.key() != QLatin1String("max_share") &&
                it.key() != QLatin1String("max_growth"))
                return fail(QStringLiteral("unknown key \"%1\" (function, max_share, max_growth)")
                                .arg(it.key()));
        }
        BudgetRule rule;
        rule.line = line;
        const QJsonValue function = object.value(QLatin1String("function"));
        if (!function.isString() || function.toString().isEmpty())
            return fail(QStringLiteral("\"function\" must be a regular expression"));
        rule.function = function.toString();
        rule.pattern = QRegularExpression(rule.function);
        if (!rule.pattern.isValid())
            return fail(QStringLiteral("bad regular expression '%1': %2")
                            .arg(rule.function, rule.pattern.errorString()));
        QString why;
        rule.maxShare = percent(object, "max_share", &why);
        if (why.isEmpty())
            rule.maxGrowth = percent(object, "max_growth", &why);
        if (!why.isEmpty())
            return fail(why);
        if (!rule.maxShare && !rule.maxGrowth)
            return fail(QStringLiteral("a rule needs \"max_share\" or \"max_growth\""));
        budget.rules.push_back(std::move(rule));
    }
    return budget;
}

} // namespace embers
