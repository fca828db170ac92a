#include "ScreenFit.h"

#include <QGuiApplication>
#include <QScreen>
#include <QWidget>

namespace embers {

QSize sizeForScreen(const QWidget *window, QSize preferred)
{
    const QScreen *screen = window->screen() ? window->screen() : QGuiApplication::primaryScreen();
    if (!screen)
        return preferred;
    const QSize available = screen->availableGeometry().size() * 0.9;
    return preferred.boundedTo(available).expandedTo(window->minimumSizeHint());
}

} // namespace embers
