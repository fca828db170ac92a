#include "TagFilter.h"

#include "Units.h"

#include <QCoreApplication>

#include <cctype>
#include <charconv>

namespace embers {

namespace {

struct RangePart
{
    std::string whole, number, unit;
};

// pprof's ([+-]?[[:digit:]]+)([[:alpha:]]+)? found up to twice, leftmost first.
std::vector<RangePart> rangeParts(const std::string &s)
{
    std::vector<RangePart> out;
    auto digit = [&](size_t i) { return i < s.size() && std::isdigit((unsigned char)s[i]); };
    for (size_t i = 0; i < s.size() && out.size() < 2;) {
        size_t start = i;
        if ((s[i] == '+' || s[i] == '-') && digit(i + 1))
            ++i;
        else if (!digit(i)) {
            ++i;
            continue;
        }
        while (digit(i))
            ++i;
        const size_t numberEnd = i;
        while (i < s.size() && std::isalpha((unsigned char)s[i]))
            ++i;
        out.push_back({s.substr(start, i - start), s.substr(start, numberEnd - start),
                       s.substr(numberEnd, i - numberEnd)});
    }
    return out;
}

bool parseInt(const std::string &text, int64_t *value)
{
    const char *begin = text.data(), *end = text.data() + text.size();
    if (begin != end && *begin == '+')
        ++begin;
    auto [ptr, ec] = std::from_chars(begin, end, *value);
    return ec == std::errc() && ptr == end;
}

} // namespace

std::optional<TagFilter> TagFilter::parse(const std::string &expression, std::string *error)
{
    TagFilter f;
    std::string value = expression;
    if (size_t eq = value.find('='); eq != std::string::npos) {
        f.m_key = value.substr(0, eq);
        value = value.substr(eq + 1);
    }

    // A numeric range when the value reads as one, as pprof's parseTagFilterRange does.
    const std::vector<RangePart> parts = rangeParts(value);
    int64_t low = 0;
    if (!parts.empty() && parseInt(parts[0].number, &low)) {
        const units::Scaled first = units::scale(low, parts[0].unit, parts[0].unit);
        f.m_unit = first.unit;
        f.m_low = first.value;
        if (parts.size() == 1) {
            f.m_range = true;
            if (value == parts[0].whole)
                f.m_op = Op::Equal;
            else if (value == parts[0].whole + ":")
                f.m_op = Op::AtLeast;
            else if (value == ":" + parts[0].whole)
                f.m_op = Op::AtMost;
            else
                f.m_range = false;
        } else if (value == parts[0].whole + ":" + parts[1].whole) {
            int64_t high = 0;
            if (parseInt(parts[1].number, &high)) {
                const units::Scaled second = units::scale(high, parts[1].unit, f.m_unit);
                if (second.unit == f.m_unit) {
                    f.m_range = true;
                    f.m_op = Op::Between;
                    f.m_high = second.value;
                }
            }
        }
    }
    if (f.m_range)
        return f;

    size_t begin = 0;
    while (true) {
        const size_t comma = value.find(',', begin);
        const std::string part =
            value.substr(begin, comma == std::string::npos ? std::string::npos : comma - begin);
        QRegularExpression rx(QString::fromStdString(part));
        if (!rx.isValid()) {
            if (error)
                *error = QCoreApplication::translate("Transform", "bad regular expression '%1': %2")
                             .arg(QString::fromStdString(part), rx.errorString())
                             .toStdString();
            return std::nullopt;
        }
        f.m_regexes.push_back(std::move(rx));
        if (comma == std::string::npos)
            break;
        begin = comma + 1;
    }
    return f;
}

bool TagFilter::matchesRange(int64_t value, const std::string &unit) const
{
    const units::Scaled v = units::scale(value, unit, m_unit);
    if (v.unit != m_unit)
        return false;
    switch (m_op) {
    case Op::Equal:
        return v.value == m_low;
    case Op::AtLeast:
        return v.value >= m_low;
    case Op::AtMost:
        return v.value <= m_low;
    case Op::Between:
        return v.value >= m_low && v.value <= m_high;
    }
    return false;
}

std::vector<uint8_t> TagFilter::matchSets(const LabelSets &sets) const
{
    std::vector<uint8_t> out(sets.count(), 0);
    // A numeric key's unit is the profile's, not the label's own.
    std::vector<std::string> keyUnit(sets.strings.size());
    std::vector<uint8_t> keyUnitKnown(sets.strings.size(), 0);
    auto unitOf = [&](uint32_t key) -> const std::string & {
        if (!keyUnitKnown[key]) {
            keyUnit[key] = sets.numUnit(sets.strings[key]);
            keyUnitKnown[key] = 1;
        }
        return keyUnit[key];
    };
    for (uint32_t s = 0; s < sets.count(); ++s) {
        const auto labels = sets.set(s);
        bool match = false;
        if (m_range) {
            for (const LabelSets::Label &l : labels) {
                if (l.str == 0 && (m_key.empty() || sets.strings[l.key] == m_key) &&
                    matchesRange(l.num, unitOf(l.key))) {
                    match = true;
                    break;
                }
            }
        } else if (!m_key.empty()) {
            for (const LabelSets::Label &l : labels) {
                if (l.str == 0 || sets.strings[l.key] != m_key)
                    continue;
                const QString v = QString::fromStdString(sets.strings[l.str]);
                for (const QRegularExpression &rx : m_regexes)
                    match = match || rx.match(v).hasMatch();
                if (match)
                    break;
            }
        } else {
            // Every regex must match some "key:value".
            match = true;
            for (const QRegularExpression &rx : m_regexes) {
                bool found = false;
                for (const LabelSets::Label &l : labels) {
                    if (l.str == 0)
                        continue;
                    const QString kv =
                        QString::fromStdString(sets.strings[l.key] + ":" + sets.strings[l.str]);
                    if (rx.match(kv).hasMatch()) {
                        found = true;
                        break;
                    }
                }
                if (!found) {
                    match = false;
                    break;
                }
            }
        }
        out[s] = match;
    }
    return out;
}

} // namespace embers
