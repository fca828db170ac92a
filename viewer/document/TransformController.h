// TransformController: one page's transforms (TransformStack.h) and what they make of the
// page's capture. Every edit (push, pop, toggle, remove, undo, redo) applies the stack on
// a worker thread, with the function table and call tree of the result; a newer edit
// cancels the run it supersedes, so the window stays responsive and shows the latest
// list. It also makes the bottom-up (inverted) model of the result when the page wants
// it (the transforms apply first).
#pragma once

#include "Capture.h"
#include "SampleType.h"
#include "TransformStack.h"

#include <QHash>
#include <QObject>
#include <QString>

#include <memory>
#include <vector>

namespace embers {

class BackgroundJob;

class TransformController : public QObject
{
    Q_OBJECT
public:
    explicit TransformController(QObject *parent = nullptr);

    // The capture the transforms apply to (the loaded one, or it without V8's
    // pseudo-frames) and the sample type whose call tree the result gets. Returns false
    // when nothing is to be done to it (resultReady() does not follow; show `base`).
    bool setBase(std::shared_ptr<const Capture> base, SampleType type);
    std::shared_ptr<const Capture> base() const { return m_base; }
    void setSampleType(SampleType type) { m_sampleType = type; }
    // A new capture: no transforms, no history.
    void clear();
    // The same files built again (another granularity, source maps): the transforms on
    // picked functions follow them to `to`'s frames (to a finer granularity, to all of a
    // function's frames: MappedTransform.h); those whose function `to` does not have are
    // dropped (one undo step). Call before setBase() with the new capture.
    void mapFrames(const StackTable &from, const StackTable &to);

    // Whether the bottom-up model (each stack reversed, after the transforms) is made too;
    // invertedCapture() has it once resultReady() says the result is there.
    bool isInverted() const { return m_inverted; }
    void setInverted(bool inverted);
    std::shared_ptr<const Capture> invertedCapture() const { return m_invertedShown; }

    const std::vector<Transform> &transforms() const { return m_stack.transforms(); }
    // Whether each transform found something to act on, as last applied (false for the
    // ones not applied yet or disabled).
    bool matched(size_t index) const;
    // The transform that failed (a regex that does not compile...), and why; -1 if none.
    int failedIndex() const { return m_failedIndex; }
    QString error() const { return m_error; }
    bool isBusy() const;
    bool canUndo() const { return m_stack.canUndo(); }
    bool canRedo() const { return m_stack.canRedo(); }
    // What a chip says for a transform (names taken when it was pushed).
    QString label(const Transform &transform) const;
    // The result's table (or the base's while nothing is applied).
    std::shared_ptr<const StackTable> shownTable() const;

    // `label` names the transform's function or path, for its chip.
    void push(Transform transform, const QString &label = QString());
    void pop();
    // Keeps the first `count` transforms (one undo step).
    void popTo(size_t count);
    void remove(size_t index);
    void setEnabled(size_t index, bool enabled);
    void undo();
    void redo();

    // What a chip says for a kind ("Focus", "Merge"...), translated.
    static QString kindName(TransformKind kind);

signals:
    // The list, the busy state, the matches or the error changed.
    void changed();
    // The page shows this capture (the base itself when no transform is enabled).
    void resultReady(std::shared_ptr<const embers::Capture> shown);

private:
    struct Job;
    void start();
    void finished(Job &job);
    static QString keyOf(const Transform &transform);

    TransformStack m_stack;
    std::shared_ptr<const Capture> m_base;
    std::shared_ptr<const Capture> m_shown;
    std::shared_ptr<const Capture> m_invertedShown;
    std::shared_ptr<const StackTable> m_shownTable;
    SampleType m_sampleType;
    bool m_inverted = false;
    int m_failedIndex = -1;
    QString m_error;
    std::vector<bool> m_matched;
    QHash<QString, QString> m_labels;
    BackgroundJob *m_job;
};

} // namespace embers
