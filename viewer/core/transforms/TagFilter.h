// TagFilter: pprof's -tagfocus/-tagignore expressions, matched against label sets.
//
//   "regex[,regex...]"        every regex matches some "key:value" of the sample
//   "key=regex[,regex...]"    some regex matches a value of that key
//   "key=32kb", "key=1kb:4mb", "key=:64kb", "key=4mb:"  a numeric label of that key
//                             equal to, in, at most or at least (units as pprof scales
//                             them: the key's unit is the first one its labels give)
//   "1kb:4mb"                 a numeric label of any key in range
#pragma once

#include "StackLabels.h"

#include <QRegularExpression>

#include <optional>
#include <string>
#include <vector>

namespace embers {

class TagFilter
{
public:
    // nullopt and *error when a regex does not compile.
    static std::optional<TagFilter> parse(const std::string &expression, std::string *error);

    bool isRange() const { return m_range; }
    // Per label set: 1 when the samples with it match.
    std::vector<uint8_t> matchSets(const LabelSets &sets) const;

private:
    bool matchesRange(int64_t value, const std::string &unit) const;

    std::string m_key; // empty: any key
    bool m_range = false;
    enum class Op { Equal, AtLeast, AtMost, Between } m_op = Op::Equal;
    double m_low = 0, m_high = 0;
    std::string m_unit;
    std::vector<QRegularExpression> m_regexes;
};

} // namespace embers
