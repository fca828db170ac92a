// FlamePainter: paints a laid-out flame graph (a FlameLayout) on a QPainter, and names its
// boxes. Boxes take their frame's colour, or a comparison's change colour (removed frames
// hatched, new ones outlined); labels are the frame's name, shortened or left-elided to
// fit; search misses are dimmed; one function can be highlighted.
//
// FlameGraphView paints its viewport with it and FlameGraphExport paints images and
// writes SVG with it, so a picture shows what the view shows. It keeps each frame's
// colours and labels between paints; whoever changes the font or the palette's base
// colour calls clearCaches().
#pragma once

#include "DiffTree.h"
#include "FlameLayout.h"
#include "FlameSearch.h"
#include "FrameColors.h"

#include <QCoreApplication>
#include <QFont>
#include <QHash>
#include <QList>
#include <QPalette>
#include <QString>

#include <unordered_map>
#include <vector>

class QFontMetricsF;
class QPainter;

namespace embers {

class FlamePainter
{
    // Its words ("root", "No profile") are the flame graph view's: translators keep
    // finding them there.
    Q_DECLARE_TR_FUNCTIONS(embers::FlameGraphView)

public:
    static constexpr quint32 kNoNode = FlameLayout::kNone;
    static constexpr quint32 kNoFrame = StackTable::kNoFrame;
    // Left and right of a label inside its box.
    static constexpr qreal kTextPadding = 3.0;

    // Where the rows go in one paint. Rows are rowHeight apart, one pixel of it a seam.
    struct Geometry
    {
        QSizeF size;       // logical pixels painted
        qreal dpr = 1;     // device pixels per logical pixel
        qreal scrollX = 0; // logical
        qreal scrollY = 0; // logical
        int contentHeight = 0;
        int rowHeight = 18;
        bool rootAtBottom = false; // the flame orientation; else the icicle's root on top

        int rowTop(size_t row) const;
        // The row at a height; out of [0, rowCount) off the rows.
        long rowAt(qreal y) const;
    };

    // How one paint looks: the widget's palette and font, and the marks only an
    // interactive view draws (exports leave them out).
    struct Appearance
    {
        QPalette palette;
        QFont font;
        quint32 selected = kNoNode;
        quint32 hovered = kNoNode;
        bool focused = false; // the selection gets a focus frame
    };

    struct BoxStyle
    {
        QRgb fill = 0; // 0: not computed yet (computed colours are opaque)
        QRgb text = 0;
    };

    // What is painted. The tree, comparison and search result are their owner's, who
    // keeps them alive and calls again when they are replaced.
    void setTree(const CallTree *tree, const DiffTree *diff);
    void setSearch(const FlameSearchResult *search) { m_search = search; }
    void setColorMode(colors::ColorMode mode);
    colors::ColorMode colorMode() const { return m_colorMode; }
    void setDiffPalette(colors::DiffPalette palette) { m_diffPalette = palette; }
    colors::DiffPalette diffPalette() const { return m_diffPalette; }
    // Paint changes within sampling noise like unchanged frames (else faintly tinted).
    void setHideNoise(bool hide) { m_hideNoise = hide; }
    bool hidesNoise() const { return m_hideNoise; }
    // All boxes of one function in the palette's highlight; kNoFrame for none.
    void setHighlightFrame(quint32 frame) { m_highlightFrame = frame; }
    quint32 highlightFrame() const { return m_highlightFrame; }
    // What the root box says; empty for "root".
    void setRootLabel(const QString &label) { m_rootLabel = label; }

    void clearCaches();
    // Elided labels are kept per width: a new layout leaves most of them unused.
    void clearElidedLabels() { m_elided.clear(); }

    void paint(QPainter &p, const FlameLayout &layout, const Geometry &g,
               const Appearance &a) const;

    // A box's colours, and whether it is dimmed as a search miss (its text then takes
    // the palette's placeholder colour). `base` is the background dimmed colours fade to.
    BoxStyle boxStyle(const FlameBox &box, const QColor &base, bool *dim) const;
    // The longest form of a box's name that fits `available` pixels: the whole name, a
    // shortening, or the shortest one left-elided; "" when nothing useful fits.
    QString label(const FlameBox &box, qreal available, const QFontMetricsF &fm) const;
    // The root's label, or the frame's printable name.
    QString nodeName(quint32 node) const;
    // What an "others" box stands for: how many small frames under which caller.
    QString othersText(const FlameBox &box) const;

private:
    struct LabelCache
    {
        QString full;
        float fullWidth = -1;
        bool shortened = false;
        QList<QString> shorter;
        QList<float> shorterWidths;
    };

    BoxStyle diffStyle(const FlameBox &box, const QColor &base, bool dim) const;

    const CallTree *m_tree = nullptr;
    const DiffTree *m_diff = nullptr;
    const FlameSearchResult *m_search = nullptr;
    colors::ColorMode m_colorMode = colors::ColorMode::Function;
    colors::DiffPalette m_diffPalette = colors::DiffPalette::RedGreen;
    bool m_hideNoise = false;
    quint32 m_highlightFrame = kNoFrame;
    QString m_rootLabel;

    // Per frame, filled on first use: colours (4 variants: inlined x dimmed), name and
    // its shortenings. Labels are kept for the few frames drawn with one: a table of
    // all would cost a comparison's hand-off 200k entries.
    mutable std::vector<BoxStyle> m_frameColors;
    mutable BoxStyle m_fixedStyles[3]; // root, others, dimmed others
    mutable std::unordered_map<uint32_t, LabelCache> m_labels;
    mutable QHash<quint64, QString> m_elided;
};

} // namespace embers
