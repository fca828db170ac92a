#include "Theme.h"

#include <QApplication>
#include <QSettings>
#include <QStyle>
#include <QStyleFactory>

#include <memory>

namespace embers::theme {

namespace {

const QString kThemeKey = QStringLiteral("appearance/theme");
const QString kFusion = QStringLiteral("Fusion");

// What the theme changed and how to go back. The palette and the style it sets are the
// QApplication's, so this is too: a child of the application, made by the first apply()
// and gone with it.
class AppliedTheme : public QObject
{
    Q_OBJECT

public:
    explicit AppliedTheme(QApplication *app) : QObject(app) {}

    static AppliedTheme *of(const QApplication *app)
    {
        return app ? app->findChild<AppliedTheme *>(QString(), Qt::FindDirectChildrenOnly)
                   : nullptr;
    }

    const QString systemStyle = QApplication::style()->name(); // the one Qt picked
    Theme theme = Theme::System;
};

void setColors(QPalette &p, QPalette::ColorGroup group, const QColor &window, const QColor &text,
               const QColor &base, const QColor &button)
{
    p.setColor(group, QPalette::Window, window);
    p.setColor(group, QPalette::WindowText, text);
    p.setColor(group, QPalette::Base, base);
    p.setColor(group, QPalette::Text, text);
    p.setColor(group, QPalette::Button, button);
    p.setColor(group, QPalette::ButtonText, text);
}

} // namespace

QString name(Theme theme)
{
    switch (theme) {
    case Theme::Light:
        return QStringLiteral("light");
    case Theme::Dark:
        return QStringLiteral("dark");
    case Theme::System:
        break;
    }
    return QStringLiteral("system");
}

Theme fromName(const QString &name)
{
    if (name == QLatin1String("light"))
        return Theme::Light;
    if (name == QLatin1String("dark"))
        return Theme::Dark;
    return Theme::System;
}

Theme saved()
{
    return fromName(QSettings().value(kThemeKey).toString());
}

void save(Theme theme)
{
    QSettings().setValue(kThemeKey, name(theme));
}

Theme current()
{
    const AppliedTheme *applied = AppliedTheme::of(qApp);
    return applied ? applied->theme : Theme::System;
}

QPalette lightPalette()
{
    const std::unique_ptr<QStyle> fusion(QStyleFactory::create(kFusion));
    return fusion ? fusion->standardPalette() : QPalette(QColor(0xef, 0xef, 0xef));
}

QPalette darkPalette()
{
    // Greys with a hint of warmth, blue selection (orange would vanish among the
    // flame graph's colours), text contrast above 10:1 on the window and base colours.
    const QColor window(0x2b, 0x2a, 0x2c);
    const QColor base(0x1e, 0x1d, 0x1f);
    const QColor text(0xe8, 0xe6, 0xe3);
    const QColor button(0x36, 0x35, 0x37);
    const QColor disabledText(0x80, 0x7e, 0x7c);

    QPalette p;
    setColors(p, QPalette::Active, window, text, base, button);
    setColors(p, QPalette::Inactive, window, text, base, button);
    setColors(p, QPalette::Disabled, window, disabledText, QColor(0x25, 0x24, 0x26), button);
    p.setColor(QPalette::AlternateBase, QColor(0x26, 0x25, 0x27));
    p.setColor(QPalette::ToolTipBase, QColor(0x3a, 0x39, 0x3c));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, QColor(0x9a, 0x97, 0x94));
    p.setColor(QPalette::BrightText, QColor(0xff, 0x6b, 0x5a));
    p.setColor(QPalette::Light, QColor(0x4a, 0x49, 0x4c));
    p.setColor(QPalette::Midlight, QColor(0x3c, 0x3b, 0x3e));
    p.setColor(QPalette::Mid, QColor(0x24, 0x23, 0x25));
    p.setColor(QPalette::Dark, QColor(0x18, 0x17, 0x19));
    p.setColor(QPalette::Shadow, QColor(0x0c, 0x0c, 0x0c));
    p.setColor(QPalette::Highlight, QColor(0x35, 0x74, 0xc8));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Disabled, QPalette::Highlight, QColor(0x4a, 0x49, 0x4c));
    p.setColor(QPalette::Disabled, QPalette::HighlightedText, disabledText);
    p.setColor(QPalette::Link, QColor(0x6c, 0xae, 0xff));
    p.setColor(QPalette::LinkVisited, QColor(0xb3, 0x8c, 0xff));
    return p;
}

bool isDark(const QPalette &palette)
{
    return palette.color(QPalette::Window).lightness() <
           palette.color(QPalette::WindowText).lightness();
}

void apply(Theme theme)
{
    AppliedTheme *applied = AppliedTheme::of(qApp);
    if (!applied)
        applied = new AppliedTheme(qApp);
    applied->theme = theme;
    if (theme == Theme::System) {
        if (QApplication::style()->name().compare(applied->systemStyle, Qt::CaseInsensitive) != 0)
            QApplication::setStyle(applied->systemStyle);
        // A palette that sets no role resolves every role against the platform's: the
        // system's colours, which also follow it when the desktop switches light/dark.
        QApplication::setPalette(QPalette());
        return;
    }
    if (QApplication::style()->name().compare(kFusion, Qt::CaseInsensitive) != 0)
        QApplication::setStyle(kFusion);
    QApplication::setPalette(theme == Theme::Dark ? darkPalette() : lightPalette());
}

} // namespace embers::theme

#include "Theme.moc"
