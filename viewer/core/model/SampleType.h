// SampleType: which of a StackTable's value columns a view shows (cpu, samples,
// alloc_space, ...), or none before a capture is there. A type of its own rather than an
// int with -1 for "none": it cannot be used as an index without saying which.
#pragma once

#include "StackTable.h"

#include <cstddef>
#include <cstdint>

namespace embers {

class SampleType
{
public:
    constexpr SampleType() = default; // none
    constexpr explicit SampleType(size_t column) : m_column(int32_t(column)) {}

    // The table's own default (pprof's: the last type, or default_sample_type); none
    // for a table without columns.
    static SampleType defaultOf(const StackTable &stacks)
    {
        return stacks.defaultColumn >= 0 ? SampleType(size_t(stacks.defaultColumn)) : SampleType();
    }
    constexpr bool isNone() const { return m_column < 0; }
    // A column of `stacks`.
    bool isIn(const StackTable &stacks) const
    {
        return m_column >= 0 && size_t(m_column) < stacks.columnCount();
    }
    // The column; only for a type that is not none.
    constexpr size_t column() const { return size_t(m_column); }

    const SampleColumn &describedIn(const StackTable &stacks) const
    {
        return stacks.columns[column()];
    }

    friend constexpr bool operator==(SampleType, SampleType) = default;

private:
    int32_t m_column = -1;
};

} // namespace embers
