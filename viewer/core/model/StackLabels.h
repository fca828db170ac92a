// StackLabels: the samples' labels, kept by stack. A StackTable merges the samples of a
// stack whatever their labels; this keeps, for each stack, its values split by label set,
// for pprof's -tagfocus, -tagignore and -tagroot (and the window's label filters).
#pragma once

#include "Profile.h"
#include "StringPool.h"

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace embers {

// The distinct label sets of the samples, with their own strings. Built once, then shared.
class LabelSets
{
public:
    struct Label
    {
        uint32_t key = 0;
        uint32_t str = 0; // nonzero: a string label; else numeric
        int64_t num = 0;
        uint32_t unit = 0; // of num; 0 when not given
    };

    LabelSets() = default;
    LabelSets(const LabelSets &) = delete;
    LabelSets &operator=(const LabelSets &) = delete;
    LabelSets(LabelSets &&) = default;

    StringPool strings;

    size_t count() const { return m_offsets.size() - 1; }
    std::span<const Label> set(uint32_t s) const
    {
        return std::span<const Label>(m_labels.data() + m_offsets[s],
                                      m_labels.data() + m_offsets[s + 1]);
    }
    // The set with these labels (in this order), added if new. Set 0 is the empty set.
    uint32_t intern(std::span<const Label> labels);
    // A profile's label set, interned.
    uint32_t internFrom(const Profile &p, uint32_t labelSet);

    // The keys, in order of first appearance.
    std::vector<uint32_t> keys() const;
    // pprof's unit of a numeric key: the first unit a label of that key gives, else
    // "bytes" for "alignment" and "request", else the key itself.
    std::string numUnit(std::string_view key) const;
    // A key's values in a set as pprof's -tagroot names its frames: the string values,
    // then the numbers (scaled to their unit: "1.50kB"; bare when they have none).
    std::vector<std::string> values(uint32_t set, std::string_view key) const;

private:
    std::vector<uint32_t> m_offsets{0, 0};
    std::vector<Label> m_labels;
    std::unordered_map<std::string, uint32_t> m_index; // labels' bytes -> set
};

// A label's value and what the samples that carry it sum to, per column.
struct LabelValueTotal
{
    std::string value;
    std::vector<int64_t> totals;
};

// Label sets per stack: entry i is the samples that end at trie node nodes[i] with label
// set sets[i], summed. Entries are sorted by node, then set.
struct StackLabels
{
    std::shared_ptr<const LabelSets> labelSets;
    size_t columns = 0;
    std::vector<uint32_t> nodes;
    std::vector<uint32_t> sets;
    std::vector<int64_t> values; // size() x columns

    size_t size() const { return nodes.size(); }
    const int64_t *valuesOf(size_t entry) const { return values.data() + entry * columns; }

    // The entries moved to other nodes (outOf: node -> new node, or kNone to drop them),
    // sorted and merged again.
    std::shared_ptr<const StackLabels> remapped(const std::vector<uint32_t> &outOf) const;
    // Sorts entries by node and set and sums equal ones.
    void normalize();

    // The values of a key (as -tagroot names them) with their samples' totals, the
    // largest |total| in `column` first: what the window lists for a label, as pprof's
    // -tags does. Samples without the key are not counted.
    std::vector<LabelValueTotal> valuesOf(std::string_view key, size_t column) const;
};

} // namespace embers
