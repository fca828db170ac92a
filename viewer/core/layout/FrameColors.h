// FrameColors: the flame graph's colours as plain numbers (no QColor: this is core).
// A frame's colour comes from a fixed hash (FNV-1a + a finaliser, the same on every
// build and platform) of its function name or of its package, mapped into a warm
// "flame" palette. Helpers pick a readable text colour by luminance and a dimmed
// variant for search non-matches.
#pragma once

#include "StackTable.h"

#include <cstdint>
#include <string_view>

namespace embers::colors {

struct Rgb
{
    uint8_t r = 0, g = 0, b = 0;
    bool operator==(const Rgb &) const = default;
};

enum class ColorMode {
    Function, // one colour per function name
    Package,  // one colour per package (or the file's directory when there is no name)
};

// pprof's package of a name: the text before the first '.' or "::" that follows the
// last '/'. "github.com/x/y.Func" -> "github.com/x/y", "std::vector<int>::at" -> "std".
// A name without a separator has no package (empty): such frames share one colour.
std::string_view packageName(std::string_view name);

// The directory of a path ("a/b/c.go" -> "a/b"), empty when there is none.
std::string_view directoryName(std::string_view path);

// A stable 64-bit hash of a string (identical on every build).
uint64_t stableHash(std::string_view s);

// HSL (h in degrees, s and l in [0, 1]) to RGB.
Rgb fromHsl(double h, double s, double l);

// The warm palette: reds, oranges and yellows, spread by the hash.
Rgb warmColor(uint64_t hash);

// Lighter shade used for frames that were inlined into their caller.
Rgb inlinedShade(Rgb c);

// Linear interpolation from a to b (t = 0 gives a, t = 1 gives b).
Rgb mix(Rgb a, Rgb b, double t);

// WCAG relative luminance in [0, 1].
double luminance(Rgb c);

// Black or white, whichever contrasts more with the background.
Rgb textColorFor(Rgb background);

// A greyed variant of c that recedes into the given view background (search non-matches).
Rgb dimmed(Rgb c, Rgb viewBackground);

// The neutral colours of the root box and of merged "(n small frames)" boxes.
Rgb rootColor();
Rgb othersColor();

// Diff colours: a diverging palette around a neutral grey.
enum class DiffPalette {
    RedGreen,   // grew red, shrank green (as most diff views)
    BlueOrange, // grew orange, shrank blue: tells apart with any colour vision
};

// The colour of a change: `sign` > 0 grew (or new), < 0 shrank (or removed), 0 none;
// `size` in [0, 1] is the change relative to the largest one (more is more saturated);
// noise is a faint tint of the sign's colour, barely off the neutral grey.
Rgb diffColor(int sign, double size, bool noise, DiffPalette palette);
Rgb diffNeutralColor();

// The colour of a frame of `stacks` in the given mode (inlined frames are lighter).
Rgb frameColor(const StackTable &stacks, uint32_t frame, ColorMode mode, bool inlined);

} // namespace embers::colors
