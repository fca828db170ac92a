// FlamePanel: the flame graph with its controls — back/forward, "All frames", the
// focus path as breadcrumbs, search with its matched share, orientation and colours.
#pragma once

#include "Capture.h"
#include "FrameColors.h"

#include <QWidget>

#include <cstdint>
#include <memory>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QToolButton;

namespace embers {

class Breadcrumbs;
class ChildOrderCombo;
class FlameGraphView;

class FlamePanel : public QWidget
{
    Q_OBJECT
public:
    explicit FlamePanel(QWidget *parent = nullptr);

    // Shows the capture in one sample type; a new column keeps focus and search.
    void setCapture(std::shared_ptr<const Capture> capture, int column);
    void setColumn(int column);

    FlameGraphView *view() const { return m_view; }
    QLineEdit *searchField() const { return m_search; }
    QLabel *matchLabel() const { return m_matches; }
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
    void showTree(std::shared_ptr<const CallTree> tree);
    void applySearch();

    std::shared_ptr<const Capture> m_capture;
    std::shared_ptr<const CallTree> m_tree;
    quint64 m_treeRequest = 0; // the latest setColumn(); older background builds are dropped
    FlameGraphView *m_view;
    QToolButton *m_back;
    QToolButton *m_forward;
    QToolButton *m_all;
    QToolButton *m_orientation;
    Breadcrumbs *m_breadcrumbs;
    QLineEdit *m_search;
    QCheckBox *m_regex;
    QLabel *m_matches;
    QComboBox *m_colorMode;
    ChildOrderCombo *m_childOrder;
};

} // namespace embers
