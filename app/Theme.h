// Theme: the window's colours. By default Embers follows the system's palette (light or
// dark, from the desktop's platform theme); View > Theme can force a light or a dark
// palette instead, drawn with the Fusion style, which honours every palette role. The
// choice is kept in QSettings and applied to the whole application.
#pragma once

#include <QPalette>
#include <QString>

namespace embers {

enum class Theme { System, Light, Dark };

namespace theme {

// The saved choice (System when none), and saving one.
Theme saved();
void save(Theme theme);

// Applies a theme to the running QApplication. The first call remembers the system's
// style, which System restores; the application keeps that, and the theme applied, for
// as long as it lives.
void apply(Theme theme);
// The theme last applied to the running QApplication (System before any).
Theme current();

// The palettes used for Light and Dark.
QPalette lightPalette();
QPalette darkPalette();

// True when a palette reads as dark (light text on a dark window).
bool isDark(const QPalette &palette);

// Settings spelling: "system", "light", "dark".
QString name(Theme theme);
Theme fromName(const QString &name);

} // namespace theme
} // namespace embers
