// Units: pprof's unit families (memory, time, GCU) and its way of printing values, so
// the numbers Embers prints are the numbers `go tool pprof` prints.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace embers::units {

// Converts `value` from `fromUnit` to `toUnit` ("auto"/"minimum" pick the largest unit
// not above the value). Returns the value and the canonical unit name; the unit is
// empty for plain counts ("count", "sample", ...).
struct Scaled
{
    double value;
    std::string unit;
};
Scaled scale(int64_t value, std::string_view fromUnit, std::string_view toUnit);

// pprof's ScaledLabel: "%.2f" without a trailing ".00", unit glued on: "1.28s", "20".
std::string scaledLabel(int64_t value, std::string_view fromUnit, std::string_view toUnit);

// pprof's Percentage: "%5.2f%%", or 2 significant digits under 1%, "  100%" near 100.
std::string percentage(int64_t value, int64_t total);

// The unit pprof's text reports use for a whole table: fits the smallest value, but
// not smaller than 1/100 of the total allows.
std::string reportUnit(int64_t minValue, int64_t total, std::string_view sampleUnit);

// True when the two units are in the same family (or equal); `ratio` then converts
// a value in `from` to `to`.
bool compatibleUnits(std::string_view from, std::string_view to, double *ratio);

// A human-friendly value for the window: "1.3 s", "512 MiB", "1,234".
std::string humanValue(int64_t value, std::string_view unit);

} // namespace embers::units
