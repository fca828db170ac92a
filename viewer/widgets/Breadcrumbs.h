// Breadcrumbs: the path from the root to a flame graph's focus, as links. The focused
// crumb is bold (where the graph is); when the path does not fit, the root, the focus and
// as many of the focus's nearest ancestors as fit are shown, with "…" for the rest.
#pragma once

#include <QLabel>
#include <QList>

#include <functional>
#include <memory>

namespace embers {

class CallTree;

class Breadcrumbs : public QLabel
{
    Q_OBJECT

public:
    explicit Breadcrumbs(QWidget *parent = nullptr);

    // `path` runs from the root (first) to the focus (last); `nameOf` names a node. Empty
    // path: no crumbs.
    void setPath(QList<quint32> path, std::function<QString(quint32)> nameOf);
    // The crumbs of a flame graph's call tree: "all" for the root, else the frame's
    // function name (its printable name when it has none), cut to a readable length.
    void setPath(QList<quint32> path, std::shared_ptr<const CallTree> tree);

signals:
    // A crumb other than the focused one was clicked.
    void nodeActivated(quint32 node);

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    void layoutCrumbs();

    QList<quint32> m_path;
    std::function<QString(quint32)> m_nameOf;
};

} // namespace embers
