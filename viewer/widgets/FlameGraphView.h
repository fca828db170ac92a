// FlameGraphView: the flame graph of one CallTree, custom painted from a FlameLayout
// (computed once per focus, width or zoom change; never per paint).
//
// It is a QAbstractScrollArea: the graph is painted on viewport(), which also receives
// the mouse events (send test clicks there). Vertical scrolling shows deep stacks;
// Ctrl+wheel zooms horizontally around the cursor, and the horizontal bar pans then.
//
// Interaction: click focuses a frame (it and its ancestors fill the width), Esc resets
// to the root, Alt+Left/Right and the mouse side buttons go back/forward in the focus
// history. Arrows move a selection (Up = caller, Down = widest callee, Left/Right =
// siblings), Enter focuses it. F3/Shift+F3 (and the nextMatch()/previousMatch() slots,
// for a search field's Enter/Shift+Enter) cycle through search matches.
//
// A FlamePainter paints the boxes and FlameToolTip words their tooltips; FlameGraphExport
// makes PNG and SVG pictures of what the view shows with the same painter.
#pragma once

#include "DiffTree.h"
#include "FlameLayout.h"
#include "FlamePainter.h"
#include "FlameSearch.h"
#include "FlameToolTip.h"
#include "FrameColors.h"

#include <QAbstractScrollArea>
#include <QList>
#include <QString>

#include <functional>
#include <memory>
#include <vector>

namespace embers {

class FlameGraphView : public QAbstractScrollArea
{
    Q_OBJECT

public:
    static constexpr quint32 kNoNode = FlameLayout::kNone;
    static constexpr quint32 kNoFrame = StackTable::kNoFrame;

    enum class Orientation {
        Icicle, // root on top, callees below (default)
        Flame,  // root at the bottom
    };
    Q_ENUM(Orientation)

    explicit FlameGraphView(QWidget *parent = nullptr);
    ~FlameGraphView() override;

    // Shows a tree (or nothing). The zoom is reset; the search pattern is kept and run
    // on the new tree. Focus, history, selection and highlight are reset, except when
    // the new tree shares the StackTable (another sample type of the same capture):
    // then they stay, as the nodes are the same.
    void setTree(std::shared_ptr<const CallTree> tree);
    const std::shared_ptr<const CallTree> &tree() const { return m_tree; }

    // The tree of a count column (e.g. "samples") for the tooltip's sample count. By
    // default the view builds one itself (on the first hover) when the profile has a
    // count column other than the shown one; pass nullptr to go back to that. It must
    // share the shown tree's StackTable.
    void setCountTree(std::shared_ptr<const CallTree> countTree);

    // Shows a comparison of two captures: the boxes are laid out by |before| + |after|,
    // coloured by the change (see colors::diffColor), removed frames hatched, new ones
    // outlined; the tooltip says before -> after. tree() is then the new capture's.
    // setTree() leaves diff mode.
    void setDiff(std::shared_ptr<const DiffTree> diff);
    const std::shared_ptr<const DiffTree> &diff() const { return m_diff; }
    void setDiffPalette(colors::DiffPalette palette);
    colors::DiffPalette diffPalette() const { return m_painter.diffPalette(); }
    // Paint changes within sampling noise like unchanged frames (else faintly tinted).
    void setHideNoise(bool hide);
    bool hidesNoise() const { return m_painter.hidesNoise(); }

    const FlameLayout &layout() const { return m_layout; }

    // What the root box says, and its tooltip's first line, when the tree's root is not
    // the whole profile (e.g. a caller/callee view). Empty strings restore the defaults.
    void setRootLabel(const QString &label, const QString &description);

    quint32 focusNode() const { return m_focus; }
    // Root first, ending with the focused node (for breadcrumbs).
    QList<quint32> focusPath() const;
    bool canGoBack() const { return !m_back.empty(); }
    bool canGoForward() const { return !m_forward.empty(); }

    quint32 selectedNode() const { return m_selected; }
    quint32 hoveredNode() const { return m_hovered; }
    quint32 highlightFrame() const { return m_painter.highlightFrame(); }

    Orientation orientation() const { return m_orientation; }
    void setOrientation(Orientation orientation);
    colors::ColorMode colorMode() const { return m_painter.colorMode(); }
    void setColorMode(colors::ColorMode mode);
    // How siblings are ordered (FlameLayout::ChildOrder), and the sizes to order by
    // instead of this graph's own (a comparison's combined sizes; setTree() clears them).
    void setChildOrder(FlameLayout::ChildOrder order);
    FlameLayout::ChildOrder childOrder() const { return m_layout.childOrder(); }
    void setOrderWeights(std::shared_ptr<const std::vector<int64_t>> weights);

    double zoom() const { return m_zoom; }

    // Search state (after setSearch).
    const FlameSearchResult &currentSearch() const { return m_search; }
    QString searchPattern() const { return m_searchPattern; }

    // The node under a viewport position, kNoNode over a gap, an "others" box or none.
    quint32 nodeAt(QPointF viewportPos) const;
    // A node's box in viewport coordinates; empty when it is not laid out.
    QRectF nodeRect(quint32 node) const;
    // The hover tooltip of a node, as plain text lines.
    QString toolTipText(quint32 node) const;
    // An extra tooltip line for a frame (e.g. that its source-map remap is approximate);
    // empty for none. Kept across setTree().
    void setFrameNote(std::function<QString(const StackTable &, uint32_t frame)> note)
    {
        m_toolTip.setFrameNote(std::move(note));
    }
    // The tooltip of what the mouse is over ("" over nothing).
    QString hoverText() const { return m_hoverText; }

    // Rows' total height at the current row height.
    int contentHeight() const;
    int rowHeight() const { return m_rowHeight; }
    // What paints the boxes, with the view's colours and labels (for FlameGraphExport).
    const FlamePainter &flamePainter() const { return m_painter; }

public slots:
    void setFocusNode(quint32 node); // pushes the current focus on the history
    void resetFocus();               // back to the root (Esc)
    void back();
    void forward();
    void setSelectedNode(quint32 node);
    void focusSelection();
    void setSearch(const QString &pattern, bool regex);
    void clearSearch();
    void nextMatch();
    void previousMatch();
    void setHighlightFrame(quint32 frame); // all boxes of one function; kNoFrame clears
    void setFlameOrientation(bool rootAtBottom);
    void toggleOrientation();
    void resetZoom();
    void zoomBy(double factor, double viewportX);

signals:
    void nodeHovered(quint32 node);                 // kNoNode when leaving
    void nodeSelected(quint32 frame, quint32 node); // frame first, for function tables
    void focusChanged(quint32 node);
    void historyChanged(bool canGoBack, bool canGoForward);
    void searchResult(qint64 matchedTotal, double percent, int frameCount);
    // Right-click on a box (not the root).
    void nodeContextMenu(quint32 frame, quint32 node, QPoint globalPos);
    // Double-click on a box (a click focuses it): the page shows its source.
    void nodeDoubleClicked(quint32 frame, quint32 node);

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    bool viewportEvent(QEvent *event) override;
    void changeEvent(QEvent *event) override;
    void scrollContentsBy(int dx, int dy) override;

private:
    // Lays out again; when zoomed, around the given horizontal scroll value (-1: current).
    void relayout(double scrollX = -1);
    void updateScrollBars();
    void setFocusInternal(quint32 node, bool record);
    void applySearch();
    void stepMatch(int direction);
    void setHovered(quint32 node);
    void moveSelection(int key);
    void ensureVisible(quint32 node);
    void emitHistory();
    double layoutWidth() const;
    FlamePainter::Geometry viewGeometry() const;
    void showTree(std::shared_ptr<const CallTree> tree);

    std::shared_ptr<const CallTree> m_tree;
    std::shared_ptr<const DiffTree> m_diff;
    FlameLayout m_layout;
    quint32 m_focus = CallTree::kRoot;
    std::vector<quint32> m_back, m_forward;
    quint32 m_selected = kNoNode;
    quint32 m_hovered = kNoNode;
    QString m_hoverText;
    Orientation m_orientation = Orientation::Icicle;
    double m_zoom = 1.0;
    int m_rowHeight = 18;

    QString m_searchPattern;
    bool m_searchRegex = false;
    FlameSearchResult m_search;

    QPoint m_pressPos;
    bool m_pressed = false;

    FlamePainter m_painter; // reads m_tree, m_diff and m_search
    FlameToolTip m_toolTip{m_painter};
};

} // namespace embers
