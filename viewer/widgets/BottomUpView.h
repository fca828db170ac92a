// BottomUpView: the bottom-up tree of the whole profile (BottomUpModel) in a tree view;
// says which function the user picked so that the page selects it everywhere.
#pragma once

#include "Capture.h"

#include <QWidget>

#include <cstdint>
#include <memory>

class QLabel;
class QTreeView;

namespace embers {

class BottomUpModel;

class BottomUpView : public QWidget
{
    Q_OBJECT
public:
    explicit BottomUpView(QWidget *parent = nullptr);

    // A capture whose stacks are inverted (TransformController::invertedCapture()); null
    // while it is being made.
    void setCapture(std::shared_ptr<const Capture> capture, int column);
    void setColumn(int column);

    BottomUpModel *model() const { return m_model; }
    QTreeView *view() const { return m_view; }

signals:
    void frameSelected(uint32_t frame);

private:
    void showTree();

    std::shared_ptr<const Capture> m_capture;
    int m_column = -1;
    quint64 m_request = 0; // the latest showTree(); older background builds are dropped
    BottomUpModel *m_model;
    QTreeView *m_view;
    QLabel *m_pending;
};

} // namespace embers
