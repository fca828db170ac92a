// SourcePane: the capture page's "Source" tab. Show Source on a function opens its file
// here with every line's flat and cum in the page's sample type, after the page's
// transforms (SourceView). Costs come from the capture at lines granularity (built once
// per capture and transform list, off the GUI thread; at the page's own granularity when
// that is lines already), so inlined code is charged to its own lines as in pprof -list.
//
// The file is searched where SourcePaths.h says (the path as recorded, GOROOT and the
// module cache as `go env` reports them, the profile's folders, the user's answers to
// Locate…, remembered per recorded prefix). A file not found shows what was searched and
// the costly line numbers; one newer than the profile, or shorter than a recorded line,
// is flagged. Clicking a line selects the frames at it in the page's views.
#pragma once

#include "LineCosts.h"
#include "SourceText.h"
#include "SourceTokens.h"
#include "Transform.h"

#include <QWidget>

#include <memory>
#include <vector>

class QLabel;
class QPushButton;
class QStackedWidget;

namespace embers {

class BackgroundJob;
class CaptureDocument;
class ElidedLabel;
class SourceView;
class StackTable;
class FunctionTable;

class SourcePane : public QWidget
{
    Q_OBJECT
public:
    explicit SourcePane(CaptureDocument *document, QWidget *parent = nullptr);
    ~SourcePane() override;

    // Opens the source of `frame` of the document's shown capture.
    void showFrame(uint32_t frame);
    // The function shown, its file as recorded and where it was found (empty: not found).
    QString functionName() const { return m_name; }
    QString recordedFile() const { return m_file; }
    QString foundFile() const { return m_found; }
    bool isBusy() const;

    SourceView *view() const { return m_view; }
    QPushButton *locateButton() const { return m_locate; }
    QLabel *placeholder() const { return m_placeholder; }
    QLabel *flags() const { return m_flags; }

    // The remembered answers to Locate… (QSettings), recorded prefix → local folder.
    static std::vector<std::pair<std::string, std::string>> locatedPrefixes();
    static void rememberLocated(const std::string &recorded, const std::string &located);

signals:
    // The frames (of the document's shown capture) at a clicked line.
    void framesSelected(const std::vector<uint32_t> &frames);
    // The source is shown (or the placeholder), after showFrame().
    void sourceShown();

private:
    struct Result;
    void run(uint32_t frame);
    void showResult(const std::shared_ptr<Result> &result);
    void locate();
    void lineActivated(int line);

    CaptureDocument *m_document;
    BackgroundJob *m_job;
    QString m_name, m_file, m_found;
    uint32_t m_frame = 0;
    // The capture at lines granularity after the page's transforms, reused by the next
    // Show Source while the capture and its transforms are the same.
    std::shared_ptr<const StackTable> m_lines;
    std::shared_ptr<const FunctionTable> m_lineFunctions;
    const void *m_linesKey = nullptr;
    std::vector<Transform> m_linesTransforms;

    ElidedLabel *m_title;
    QLabel *m_flags;
    QPushButton *m_locate;
    QStackedWidget *m_stack;
    QLabel *m_placeholder;
    SourceView *m_view;
};

} // namespace embers
