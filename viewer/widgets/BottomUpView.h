// BottomUpView: the bottom-up tree of the whole profile (BottomUpModel) in a tree view;
// says which function the user picked so that the page selects it everywhere.
#pragma once

#include "CallTree.h"

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

    // The call tree of the inverted stacks (CaptureDocument::invertedTree()); null while
    // it is being made.
    void setTree(std::shared_ptr<const CallTree> tree);

    BottomUpModel *model() const { return m_model; }
    QTreeView *view() const { return m_view; }

signals:
    void frameSelected(uint32_t frame);

private:
    BottomUpModel *m_model;
    QTreeView *m_view;
    QLabel *m_pending;
};

} // namespace embers
