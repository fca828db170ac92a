#include "Units.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <span>
#include <vector>

namespace embers::units {

namespace {

struct Unit
{
    const char *name;
    std::array<const char *, 3> aliases;
    double factor;
};

struct Family
{
    std::vector<Unit> units;
    Unit defaultUnit;
};

const std::vector<Family> &families()
{
    static const std::vector<Family> f = {
        {{{"B", {"b", "byte"}, 1},
          {"kB", {"kb", "kbyte", "kilobyte"}, double(1 << 10)},
          {"MB", {"mb", "mbyte", "megabyte"}, double(1 << 20)},
          {"GB", {"gb", "gbyte", "gigabyte"}, double(1 << 30)},
          {"TB", {"tb", "tbyte", "terabyte"}, double(1ULL << 40)},
          {"PB", {"pb", "pbyte", "petabyte"}, double(1ULL << 50)}},
         {"B", {"b", "byte"}, 1}},
        {{{"ns", {"ns", "nanosecond"}, 1},
          {"us", {"\xCE\xBCs", "us", "microsecond"}, 1e3},
          {"ms", {"ms", "millisecond"}, 1e6},
          {"s", {"s", "sec", "second"}, 1e9},
          {"hrs", {"hour", "hr"}, 3600e9}},
         {"s", {}, 1e9}},
        {{{"n*GCU", {"nanogcu"}, 1e-9},
          {"u*GCU", {"microgcu"}, 1e-6},
          {"m*GCU", {"milligcu"}, 1e-3},
          {"GCU", {"gcu"}, 1},
          {"k*GCU", {"kilogcu"}, 1e3},
          {"M*GCU", {"megagcu"}, 1e6},
          {"G*GCU", {"gigagcu"}, 1e9},
          {"T*GCU", {"teragcu"}, 1e12},
          {"P*GCU", {"petagcu"}, 1e15}},
         {"GCU", {}, 1}},
    };
    return f;
}

std::string lower(std::string_view s)
{
    std::string out(s);
    for (char &c : out)
        c = char(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

const Unit *sniff(const Family &family, std::string_view unitName)
{
    std::string u = lower(unitName);
    if (u.size() > 2 && u.back() == 's')
        u.pop_back();
    for (const Unit &unit : family.units) {
        for (const char *alias : unit.aliases) {
            if (alias && u == alias)
                return &unit;
        }
    }
    return nullptr;
}

bool convert(const Family &family, int64_t value, std::string_view from, std::string_view to,
             Scaled *out)
{
    const Unit *fromUnit = sniff(family, from);
    if (!fromUnit)
        return false;
    double v = double(value) * fromUnit->factor;
    if (to == "minimum" || to == "auto") {
        double f = 0;
        const char *name = nullptr;
        for (const Unit &u : family.units) {
            if (u.factor >= f && v / u.factor >= 1.0) {
                f = u.factor;
                name = u.name;
            }
        }
        if (name)
            *out = {v / f, name};
        else
            *out = {v / family.defaultUnit.factor, family.defaultUnit.name};
        return true;
    }
    const Unit *toUnit = sniff(family, to);
    if (!toUnit)
        *out = {v / family.defaultUnit.factor, family.defaultUnit.name};
    else
        *out = {v / toUnit->factor, toUnit->name};
    return true;
}

} // namespace

Scaled scale(int64_t value, std::string_view fromUnit, std::string_view toUnit)
{
    if (value < 0 && -value > 0) {
        Scaled s = scale(-value, fromUnit, toUnit);
        s.value = -s.value;
        return s;
    }
    Scaled out;
    for (const Family &family : families()) {
        if (convert(family, value, fromUnit, toUnit, &out))
            return out;
    }
    if (toUnit == "count" || toUnit == "sample" || toUnit == "unit" || toUnit == "minimum" ||
        toUnit == "auto")
        return {double(value), {}};
    return {double(value), std::string(toUnit)};
}

std::string scaledLabel(int64_t value, std::string_view fromUnit, std::string_view toUnit)
{
    if (fromUnit.empty() && toUnit == "count")
        return std::to_string(value);
    Scaled s = scale(value, fromUnit, toUnit);
    // Unscaled values print exactly: beyond 2^53 a double would round them.
    if (s.value == double(value))
        return value == 0 ? "0" : std::to_string(value) + s.unit;
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.2f", s.value);
    std::string text = buf;
    if (text.size() >= 3 && text.compare(text.size() - 3, 3, ".00") == 0)
        text.resize(text.size() - 3);
    if (text == "0" || text == "-0")
        return "0";
    return text + s.unit;
}

std::string percentage(int64_t value, int64_t total)
{
    double ratio = 0;
    if (total != 0)
        ratio = std::fabs(double(value) / double(total)) * 100;
    char buf[32];
    if (ratio >= 99.95 && ratio <= 100.05)
        return "  100%";
    if (ratio >= 1.0)
        std::snprintf(buf, sizeof buf, "%5.2f%%", ratio);
    else
        std::snprintf(buf, sizeof buf, "%5.2g%%", ratio);
    return buf;
}

std::string reportUnit(int64_t minValue, int64_t total, std::string_view sampleUnit)
{
    if (minValue == 0)
        minValue = total;
    std::string minUnit = scale(minValue, sampleUnit, "minimum").unit;
    std::string maxUnit = scale(total, sampleUnit, "minimum").unit;
    std::string unit = minUnit;
    if (minUnit != maxUnit && double(minValue) * 100 < double(total))
        unit = scale(100 * minValue, sampleUnit, "minimum").unit; // < total: no overflow
    return unit.empty() ? std::string(sampleUnit) : unit;
}

bool compatibleUnits(std::string_view from, std::string_view to, double *ratio)
{
    if (from == to) {
        *ratio = 1;
        return true;
    }
    for (const Family &family : families()) {
        const Unit *a = sniff(family, from), *b = sniff(family, to);
        if (a && b) {
            *ratio = a->factor / b->factor;
            return true;
        }
    }
    return false;
}

std::string humanValue(int64_t value, std::string_view unit)
{
    const Family &memory = families()[0];
    const Family &time = families()[1];
    char buf[64];
    auto trimmed = [&](double v, const char *suffix) {
        std::snprintf(buf, sizeof buf, "%.2f", v);
        std::string s = buf;
        while (!s.empty() && s.back() == '0')
            s.pop_back();
        if (!s.empty() && s.back() == '.')
            s.pop_back();
        return s + suffix;
    };
    if (const Unit *u = sniff(memory, unit)) {
        double v = double(value) * u->factor;
        static const char *const names[] = {" B", " KiB", " MiB", " GiB", " TiB", " PiB"};
        int i = 0;
        while (i < 5 && std::fabs(v) >= 1024) {
            v /= 1024;
            ++i;
        }
        return trimmed(v, names[i]);
    }
    if (const Unit *u = sniff(time, unit)) {
        double ns = double(value) * u->factor;
        double a = std::fabs(ns);
        if (a >= 3600e9)
            return trimmed(ns / 3600e9, " h");
        if (a >= 60e9)
            return trimmed(ns / 60e9, " min");
        if (a >= 1e9)
            return trimmed(ns / 1e9, " s");
        if (a >= 1e6)
            return trimmed(ns / 1e6, " ms");
        if (a >= 1e3)
            return trimmed(ns / 1e3, " \xC2\xB5s");
        return trimmed(ns, " ns");
    }
    // Counts and unknown units: digits grouped by thousands.
    std::string digits = std::to_string(value < 0 ? -(value + 1) + 1ULL : uint64_t(value));
    std::string grouped;
    for (size_t i = 0; i < digits.size(); ++i) {
        if (i && (digits.size() - i) % 3 == 0)
            grouped += ',';
        grouped += digits[i];
    }
    if (value < 0)
        grouped.insert(grouped.begin(), '-');
    bool plain = unit.empty() || unit == "count" || unit == "sample" || unit == "samples";
    return plain ? grouped : grouped + " " + std::string(unit);
}

} // namespace embers::units
