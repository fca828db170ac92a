// FlamePanel: the flame graph with its controls — back/forward, "All frames", the
// focus path as breadcrumbs, search with its matched share, orientation and colours.
#pragma once

#include "CallTree.h"
#include "FrameColors.h"

#include <QWidget>

#include <cstdint>
#include <memory>

class QCheckBox;
class QComboBox;
class QLineEdit;
class QToolButton;

namespace embers {

class Breadcrumbs;
class ChildOrderCombo;
class ElidedLabel;
class FlameGraphView;

class FlamePanel : public QWidget
{
    Q_OBJECT
public:
    explicit FlamePanel(QWidget *parent = nullptr);

    // Shows a call tree; another sample type's tree of the same table keeps the focus,
    // and the search is run on the new tree.
    void showTree(std::shared_ptr<const CallTree> tree);
    const std::shared_ptr<const CallTree> &tree() const { return m_tree; }

    FlameGraphView *view() const { return m_view; }
    QLineEdit *searchField() const { return m_search; }
    ElidedLabel *matchLabel() const { return m_matches; }
    Breadcrumbs *breadcrumbs() const { return m_breadcrumbs; }
    QComboBox *colorModeCombo() const { return m_colorMode; }
    ChildOrderCombo *childOrderCombo() const { return m_childOrder; }

    // How boxes are coloured (by function or by package); the window saves it.
    colors::ColorMode colorMode() const;
    void setColorMode(colors::ColorMode mode);

public slots:
    // Highlights every box of a function (a table selection); kNoFrame clears.
    void highlightFrame(uint32_t frame);
    // Focuses the widest box of a function (a table double-click).
    void focusFrame(uint32_t frame);
    void startSearch();

signals:
    void frameSelected(uint32_t frame);
    void colorModeChanged(embers::colors::ColorMode mode);

protected:
    void changeEvent(QEvent *event) override;

private:
    void updateArrowIcons();
    void updateBreadcrumbs();
    void applySearch();

    std::shared_ptr<const CallTree> m_tree;
    FlameGraphView *m_view;
    QToolButton *m_back;
    QToolButton *m_forward;
    QToolButton *m_all;
    QToolButton *m_orientation;
    Breadcrumbs *m_breadcrumbs;
    QLineEdit *m_search;
    QCheckBox *m_regex;
    // Gives up its width first: the bar must not widen the page (and squeeze the docks).
    ElidedLabel *m_matches;
    QComboBox *m_colorMode;
    ChildOrderCombo *m_childOrder;
};

} // namespace embers
