// SourcePane: a function's file with every line's costs (SourceView): the capture page's
// "Source" tab, and the diff's, where a line has its cost before, after and the change.
// The owner says where the costs come from (SourceRequest::costs, run off the GUI thread:
// LineCostSources.h builds the capture page's and the comparison's); the pane finds and
// reads the file, off the GUI thread too.
//
// The file is searched where SourcePaths.h says (the path as recorded, GOROOT and the
// module cache as the environment or `go env` name them (GoFolders.h), the profile's
// folders, the user's answers to Locate…, remembered per recorded prefix); a file a source
// map embeds (sourcesContent) is read from the map. A file not found shows what was
// searched and the costly line numbers; one newer than the profile, or shorter than a
// recorded line, is flagged.
#pragma once

#include "LineCosts.h"
#include "PageSources.h"
#include "SourceText.h"
#include "SourceTokens.h"

#include <QStringList>
#include <QWidget>

#include <functional>
#include <memory>
#include <string>
#include <vector>

class QLabel;
class QPushButton;
class QStackedWidget;

namespace embers {

class BackgroundJob;
class ElidedLabel;
class JobControl;
class SourceMapSet;
class SourceView;
class StackTable;

// A function's per-line costs, as the owner of a pane computes them.
struct SourceCosts
{
    std::shared_ptr<const StackTable> lines; // the table costs.frames index; null: none
    // The file the costs are of: the request's, or where the function costs most when its
    // frame names none (functions granularity).
    std::string file;
    SourceFileCosts costs;
    std::string unit;
    QString error; // why there are no costs; empty with no table: cancelled
};

// How the window finds a capture's sources for a shared page's Source panel, as Show Source
// finds them: a source map's embedded text, else the recorded path, the captures' folders,
// Go's GOROOT and module cache, the user's Locate… answers. Made on the GUI thread (the
// answers are settings), called on a worker.
SourceFinder windowSourceFinder(const QStringList &profilePaths,
                                std::shared_ptr<const SourceMapSet> maps);

// What Show Source asks a pane to show.
struct SourceRequest
{
    std::string name, file; // the function and its file as the profile records them
    int64_t frameLine = 0;  // the frame's line, when its granularity keeps one
    std::function<SourceCosts(JobControl &)> costs; // off the GUI thread
    QStringList profilePaths; // their folders are searched; their time dates the profile
    std::shared_ptr<const SourceMapSet> maps; // remapped captures' maps (sourcesContent)
};

class SourcePane : public QWidget
{
    Q_OBJECT
public:
    explicit SourcePane(QWidget *parent = nullptr);
    ~SourcePane() override;

    // Shows the request's function (a newer request replaces a running one).
    void show(SourceRequest request);
    // The function shown, its file as recorded and where it was found (empty: not found).
    QString functionName() const { return QString::fromStdString(m_request.name); }
    QString recordedFile() const { return QString::fromStdString(m_file); }
    QString foundFile() const { return m_found; }
    bool isBusy() const;
    // The table the shown costs' frames index (null before the first costs).
    const std::shared_ptr<const StackTable> &costsTable() const { return m_lines; }

    SourceView *view() const { return m_view; }
    QPushButton *locateButton() const { return m_locate; }
    QLabel *placeholder() const { return m_placeholder; }
    QLabel *flags() const { return m_flags; }

    // The remembered answers to Locate… (QSettings), recorded prefix → local folder.
    static std::vector<std::pair<std::string, std::string>> locatedPrefixes();
    static void rememberLocated(const std::string &recorded, const std::string &located);

signals:
    // A line was clicked: the frames of costsTable() at it.
    void lineFramesActivated(const std::vector<uint32_t> &frames);
    // The source is shown (or the placeholder), after show().
    void sourceShown();

private:
    struct Result;
    void run();
    void showResult(const std::shared_ptr<Result> &result);
    void locate();
    void lineActivated(int line);

    BackgroundJob *m_job;
    SourceRequest m_request;
    std::string m_file; // the request's, or the costs' (SourceCosts::file)
    QString m_found;
    std::shared_ptr<const StackTable> m_lines;

    ElidedLabel *m_title;
    QLabel *m_flags;
    QPushButton *m_locate;
    QStackedWidget *m_stack;
    QLabel *m_placeholder;
    SourceView *m_view;
};

} // namespace embers
