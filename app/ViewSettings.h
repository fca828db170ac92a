// ViewSettings: what capture pages remember between sessions — the split between the
// flame graph and the table, the flame graph's colours, and the sample type last chosen
// for each kind of profile. A kind is the profile's list of sample types, so choosing
// alloc_space in one heap profile opens the next heap profile on alloc_space, while CPU
// profiles keep their own choice.
#pragma once

#include "FrameColors.h"

#include <QList>
#include <QObject>
#include <QPointer>
#include <QString>

namespace embers {

class CapturePage;
class StackTable;

class ViewSettings : public QObject
{
    Q_OBJECT
public:
    explicit ViewSettings(QObject *parent = nullptr);

    // Restores the splitter and the colours now, the sample type once the page has
    // loaded; from then on the page's changes are remembered.
    void attach(CapturePage *page);

    // Remembers a page's split (also done whenever the user drags it).
    static void saveSplitter(CapturePage *page);

    colors::ColorMode colorMode() const { return m_colorMode; }
    // Saves the mode and applies it to every attached page (the flame panel's colour
    // chooser calls this).
    void setColorMode(colors::ColorMode mode);

    // A profile's kind: "type/unit" of each sample type, in order, comma-separated.
    static QString profileKind(const StackTable &stacks);
    // The saved sample type ("type/unit") for a kind; empty when none.
    static QString savedSampleType(const QString &kind);

signals:
    void colorModeChanged(embers::colors::ColorMode mode);

private:
    void restoreSampleType(CapturePage *page);
    void saveSampleType(CapturePage *page);

    colors::ColorMode m_colorMode;
    // QObject, not CapturePage: a page being destroyed is no longer a CapturePage, and
    // QPointer<CapturePage> would downcast it (undefined behaviour, UBSan says).
    QList<QPointer<QObject>> m_pages;
};

} // namespace embers
