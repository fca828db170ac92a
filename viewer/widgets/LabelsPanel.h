// LabelsPanel: the capture's label keys and values (pprof labels: per request, per
// thread...) with what the samples carrying each value cost, the largest first, as
// `go tool pprof -tags` lists them; numeric keys with their unit and range. Filters and
// grouping are transforms on the page's stack: keep or exclude the checked values
// (-tagfocus / -tagignore), a numeric range (-tagfocus=key=1kb:4mb), group by a key
// (-tagroot: synthetic `key=value` roots).
#pragma once

#include "Capture.h"
#include "ModelRoles.h"
#include "SampleType.h"
#include "Transform.h"

#include <QWidget>

#include <memory>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTreeWidget;
class QTreeWidgetItem;

namespace embers {

class TransformController;

class LabelsPanel : public QWidget
{
    Q_OBJECT
public:
    explicit LabelsPanel(TransformController *controller, QWidget *parent = nullptr);

    // The capture whose labels are listed (before the transforms, so that filtered-out
    // values can be brought back), in one sample type.
    void setCapture(std::shared_ptr<const Capture> capture, SampleType type);
    void setSampleType(SampleType type);

    QTreeWidget *tree() const { return m_tree; }
    QPushButton *keepButton() const { return m_keep; }
    QPushButton *excludeButton() const { return m_exclude; }
    QPushButton *groupButton() const { return m_group; }
    QPushButton *leavesButton() const { return m_leaves; }
    QComboBox *rangeKeyCombo() const { return m_rangeKey; }
    QLineEdit *rangeEdit() const { return m_range; }
    QPushButton *rangeButton() const { return m_rangeApply; }
    // The top-level item of a key; null when there is none.
    QTreeWidgetItem *keyItem(const QString &key) const;

public slots:
    void keepChecked();
    void excludeChecked();
    void groupBySelected();       // pprof's -tagroot
    void labelLeavesBySelected(); // pprof's -tagleaf
    void filterRange();

protected:
    void showEvent(QShowEvent *event) override;

private:
    void refresh();
    void filterChecked(bool keep);
    void pushForSelectedKey(TransformKind kind);
    void updateButtons();

    TransformController *m_controller;
    std::shared_ptr<const Capture> m_capture;
    SampleType m_sampleType;
    bool m_dirty = false;
    QLabel *m_empty;
    QTreeWidget *m_tree;
    QPushButton *m_keep;
    QPushButton *m_exclude;
    QPushButton *m_group;
    QPushButton *m_leaves;
    QComboBox *m_rangeKey;
    QLineEdit *m_range;
    QPushButton *m_rangeApply;
};

} // namespace embers
