#include "FrameColors.h"

#include "Hashing.h"

#include <algorithm>
#include <cmath>

namespace embers::colors {

namespace {

bool isWordChar(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

uint8_t toByte(double v)
{
    return uint8_t(std::clamp(std::lround(v * 255.0), 0L, 255L));
}

double channel(uint8_t v)
{
    double c = v / 255.0;
    return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

double contrast(double l1, double l2)
{
    if (l1 < l2)
        std::swap(l1, l2);
    return (l1 + 0.05) / (l2 + 0.05);
}

} // namespace

std::string_view packageName(std::string_view name)
{
    // pprof: ^((.*/)?[\w\d_]+)(\.|::)([^/]*)$ -- only the split at the last '/' can match.
    size_t slash = name.rfind('/');
    size_t start = slash == std::string_view::npos ? 0 : slash + 1;
    size_t end = start;
    while (end < name.size() && isWordChar(name[end]))
        ++end;
    if (end == start || end >= name.size())
        return {};
    if (name[end] == '.' || name.substr(end, 2) == "::")
        return name.substr(0, end);
    return {};
}

std::string_view directoryName(std::string_view path)
{
    size_t slash = path.find_last_of("/\\");
    if (slash == std::string_view::npos)
        return {};
    return path.substr(0, slash);
}

uint64_t stableHash(std::string_view s)
{
    return hashBytes(s);
}

Rgb fromHsl(double h, double s, double l)
{
    h = std::fmod(h, 360.0);
    if (h < 0)
        h += 360.0;
    double c = (1.0 - std::fabs(2.0 * l - 1.0)) * s;
    double hp = h / 60.0;
    double x = c * (1.0 - std::fabs(std::fmod(hp, 2.0) - 1.0));
    double r = 0, g = 0, b = 0;
    if (hp < 1)
        r = c, g = x;
    else if (hp < 2)
        r = x, g = c;
    else if (hp < 3)
        g = c, b = x;
    else if (hp < 4)
        g = x, b = c;
    else if (hp < 5)
        r = x, b = c;
    else
        r = c, b = x;
    double m = l - c / 2.0;
    return {toByte(r + m), toByte(g + m), toByte(b + m)};
}

Rgb warmColor(uint64_t hash)
{
    // Three independent fractions from different bits of the hash.
    double f1 = double(hash & 0xFFFF) / 65535.0;
    double f2 = double((hash >> 16) & 0xFFFF) / 65535.0;
    double f3 = double((hash >> 32) & 0xFFFF) / 65535.0;
    // Hue from red (4 deg) to yellow (50 deg); saturated but not garish, light enough
    // for dark text on most of them.
    double hue = 4.0 + 46.0 * f1;
    double sat = 0.72 + 0.20 * f2;
    double light = 0.58 + 0.10 * f3;
    return fromHsl(hue, sat, light);
}

Rgb inlinedShade(Rgb c)
{
    return mix(c, Rgb{255, 255, 255}, 0.30);
}

Rgb mix(Rgb a, Rgb b, double t)
{
    auto m = [t](uint8_t x, uint8_t y) { return toByte((x + (double(y) - x) * t) / 255.0); };
    return {m(a.r, b.r), m(a.g, b.g), m(a.b, b.b)};
}

double luminance(Rgb c)
{
    return 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b);
}

Rgb textColorFor(Rgb background)
{
    double l = luminance(background);
    return contrast(l, 0.0) >= contrast(l, 1.0) ? Rgb{0, 0, 0} : Rgb{255, 255, 255};
}

Rgb dimmed(Rgb c, Rgb viewBackground)
{
    // Desaturate to the colour's own grey, then let it recede into the background.
    auto grey = uint8_t(std::clamp(0.30 * c.r + 0.59 * c.g + 0.11 * c.b, 0.0, 255.0));
    Rgb g = mix(c, Rgb{grey, grey, grey}, 0.85);
    return mix(g, viewBackground, luminance(viewBackground) > 0.5 ? 0.55 : 0.65);
}

Rgb rootColor()
{
    return {196, 178, 160};
}

Rgb othersColor()
{
    return {170, 170, 170};
}

Rgb diffNeutralColor()
{
    return {222, 222, 222};
}

Rgb diffColor(int sign, double size, bool noise, DiffPalette palette)
{
    if (sign == 0)
        return diffNeutralColor();
    const bool red = palette == DiffPalette::RedGreen;
    const Rgb grew = red ? Rgb{214, 39, 40} : Rgb{230, 97, 1};
    const Rgb shrank = red ? Rgb{44, 160, 44} : Rgb{33, 102, 172};
    const double t = noise ? 0.12 : 0.25 + 0.75 * std::clamp(size, 0.0, 1.0);
    return mix(diffNeutralColor(), sign > 0 ? grew : shrank, t);
}

Rgb frameColor(const StackTable &stacks, uint32_t frame, ColorMode mode, bool inlined)
{
    if (frame >= stacks.frames.size())
        return rootColor();
    const Frame &f = stacks.frames[frame];
    std::string_view key = stacks.strings[f.name];
    if (mode == ColorMode::Package) {
        std::string_view pkg = packageName(key);
        if (pkg.empty())
            pkg = directoryName(stacks.strings[f.file]);
        key = pkg;
    } else if (key.empty()) {
        key = stacks.strings[f.file].empty() ? std::string_view(stacks.strings[f.objfile])
                                             : std::string_view(stacks.strings[f.file]);
    }
    Rgb c = warmColor(stableHash(key));
    return inlined ? inlinedShade(c) : c;
}

} // namespace embers::colors
