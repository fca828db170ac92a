// FunctionTableWidget: the function table of one capture with its filter box, sorted by
// self cost. Says which frame the user picked; selects a frame when told to.
#pragma once

#include "Capture.h"
#include "SampleType.h"

#include <QWidget>

#include <cstdint>
#include <memory>

class QLineEdit;
class QTableView;

namespace embers {

class FunctionTableModel;

class FunctionTableWidget : public QWidget
{
    Q_OBJECT
public:
    explicit FunctionTableWidget(QWidget *parent = nullptr);

    void setCapture(std::shared_ptr<const Capture> capture, SampleType type = {});
    void setSampleType(SampleType type);

    FunctionTableModel *model() const { return m_model; }
    QTableView *view() const { return m_view; }
    QLineEdit *filterEdit() const { return m_filter; }
    // The current row's frame; false when no row is current.
    bool currentFrame(uint32_t *frame) const;

public slots:
    // Makes the frame's row current (clearing the filter if it hides the row).
    void selectFrame(uint32_t frame);

signals:
    // The current row changed to this frame.
    void frameSelected(uint32_t frame);
    // Double-click or Enter on a row.
    void frameActivated(uint32_t frame);

private:
    void resizeColumns();

    FunctionTableModel *m_model;
    QLineEdit *m_filter;
    QTableView *m_view;
};

} // namespace embers
