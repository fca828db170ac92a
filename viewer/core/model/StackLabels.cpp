#include "StackLabels.h"

#include "StackTable.h"
#include "Units.h"

#include <algorithm>
#include <cstring>
#include <numeric>

namespace embers {

uint32_t LabelSets::intern(std::span<const Label> labels)
{
    if (labels.empty())
        return 0;
    std::string key(labels.size() * sizeof(Label), '\0');
    for (size_t i = 0; i < labels.size(); ++i) {
        // Field by field: the struct's padding is not to be read.
        char *at = key.data() + i * sizeof(Label);
        std::memcpy(at, &labels[i].key, 4);
        std::memcpy(at + 4, &labels[i].str, 4);
        std::memcpy(at + 8, &labels[i].num, 8);
        std::memcpy(at + 16, &labels[i].unit, 4);
    }
    auto [it, added] = m_index.emplace(std::move(key), uint32_t(count()));
    if (added) {
        m_labels.insert(m_labels.end(), labels.begin(), labels.end());
        m_offsets.push_back(uint32_t(m_labels.size()));
    }
    return it->second;
}

uint32_t LabelSets::internFrom(const Profile &p, uint32_t labelSet)
{
    std::vector<Label> labels;
    for (uint32_t i = p.labelSetOffsets[labelSet]; i < p.labelSetOffsets[labelSet + 1]; ++i) {
        const embers::Label &l = p.labels[i];
        labels.push_back({strings.intern(p.str(l.key)), l.str ? strings.intern(p.str(l.str)) : 0,
                          l.num, l.numUnit ? strings.intern(p.str(l.numUnit)) : 0});
    }
    return intern(labels);
}

std::vector<uint32_t> LabelSets::keys() const
{
    std::vector<uint32_t> out;
    for (const Label &l : m_labels) {
        if (std::find(out.begin(), out.end(), l.key) == out.end())
            out.push_back(l.key);
    }
    return out;
}

std::string LabelSets::numUnit(std::string_view key) const
{
    bool numeric = false;
    for (const Label &l : m_labels) {
        if (l.str != 0 || strings[l.key] != key)
            continue;
        numeric = true;
        if (l.unit != 0 && !strings[l.unit].empty())
            return strings[l.unit];
    }
    if (!numeric)
        return {};
    if (key == "alignment" || key == "request")
        return "bytes";
    return std::string(key);
}

std::vector<std::string> LabelSets::values(uint32_t s, std::string_view key) const
{
    std::vector<std::string> out;
    bool anyUnit = false;
    for (const Label &l : set(s)) {
        if (strings[l.key] != key)
            continue;
        if (l.str != 0)
            out.push_back(strings[l.str]);
        else
            anyUnit = anyUnit || l.unit != 0;
    }
    for (const Label &l : set(s)) {
        if (strings[l.key] != key || l.str != 0)
            continue;
        // pprof scales numbers to the smallest unit that keeps them above 1 when the
        // key has units, and prints them bare when it has none.
        out.push_back(anyUnit ? units::scaledLabel(l.num, l.unit ? strings[l.unit] : "", "minimum")
                              : units::scaledLabel(l.num, "", ""));
    }
    return out;
}

void StackLabels::normalize()
{
    const size_t n = nodes.size();
    std::vector<uint32_t> order(n);
    std::iota(order.begin(), order.end(), 0u);
    const bool sorted = std::is_sorted(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
        return nodes[a] != nodes[b] ? nodes[a] < nodes[b] : sets[a] < sets[b];
    });
    if (!sorted) {
        std::sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
            return nodes[a] != nodes[b] ? nodes[a] < nodes[b] : sets[a] < sets[b];
        });
    }
    std::vector<uint32_t> outNodes, outSets;
    std::vector<int64_t> outValues;
    outNodes.reserve(n);
    outSets.reserve(n);
    outValues.reserve(n * columns);
    for (uint32_t i : order) {
        const int64_t *v = values.data() + size_t(i) * columns;
        if (!outNodes.empty() && outNodes.back() == nodes[i] && outSets.back() == sets[i]) {
            int64_t *sum = outValues.data() + outValues.size() - columns;
            for (size_t c = 0; c < columns; ++c)
                sum[c] = addSaturating(sum[c], v[c]);
            continue;
        }
        outNodes.push_back(nodes[i]);
        outSets.push_back(sets[i]);
        outValues.insert(outValues.end(), v, v + columns);
    }
    nodes = std::move(outNodes);
    sets = std::move(outSets);
    values = std::move(outValues);
}

std::vector<LabelValueTotal> StackLabels::valuesOf(std::string_view key, size_t column) const
{
    std::vector<LabelValueTotal> out;
    std::unordered_map<std::string, size_t> index;
    std::vector<std::vector<size_t>> ofSet(labelSets->count());
    std::vector<uint8_t> known(labelSets->count(), 0);
    for (size_t e = 0; e < size(); ++e) {
        const uint32_t set = sets[e];
        if (!known[set]) {
            known[set] = 1;
            for (std::string &v : labelSets->values(set, key)) {
                auto [it, added] = index.emplace(v, out.size());
                if (added)
                    out.push_back({std::move(v), std::vector<int64_t>(columns, 0)});
                ofSet[set].push_back(it->second);
            }
        }
        for (size_t value : ofSet[set]) {
            for (size_t c = 0; c < columns; ++c)
                out[value].totals[c] = addSaturating(out[value].totals[c], valuesOf(e)[c]);
        }
    }
    auto magnitude = [](int64_t v) { return v < 0 ? (v == INT64_MIN ? INT64_MAX : -v) : v; };
    std::sort(out.begin(), out.end(), [&](const LabelValueTotal &a, const LabelValueTotal &b) {
        const int64_t x = column < columns ? magnitude(a.totals[column]) : 0;
        const int64_t y = column < columns ? magnitude(b.totals[column]) : 0;
        return x != y ? x > y : a.value < b.value;
    });
    return out;
}

std::shared_ptr<const StackLabels> StackLabels::remapped(const std::vector<uint32_t> &outOf) const
{
    auto out = std::make_shared<StackLabels>();
    out->labelSets = labelSets;
    out->columns = columns;
    for (size_t i = 0; i < size(); ++i) {
        const uint32_t node = nodes[i] < outOf.size() ? outOf[nodes[i]] : kNone;
        if (node == kNone)
            continue;
        out->nodes.push_back(node);
        out->sets.push_back(sets[i]);
        out->values.insert(out->values.end(), valuesOf(i), valuesOf(i) + columns);
    }
    out->normalize();
    return out;
}

} // namespace embers
