// MainWindow: the explorer window. A list of open captures (each file is its own
// capture) beside the selected capture's page; a start page when nothing is open.
#pragma once

#include "CompareDialog.h"

#include "Capture.h"
#include "CaptureSession.h"
#include "CaptureTarget.h"

#include <QHash>
#include <QList>
#include <QMainWindow>
#include <QPointer>

#include <functional>
#include <memory>
#include <vector>

class QDockWidget;
class QLabel;
class QListView;
class QMenu;
class QStackedWidget;

namespace embers {

class CaptureBar;
class CaptureListModel;
class CapturePage;
class ComparisonWindow;
class RecentFiles;
class StartPage;
class ViewSettings;
class WatchedFolder;

class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    // Opens each file as its own capture and selects the first. A file that is already
    // open is selected instead (and loaded again if it had failed).
    void openFiles(const QStringList &paths);

    int captureCount() const;
    CaptureListModel *captureModel() const { return m_captures; }
    CapturePage *capturePage(int row) const;
    CapturePage *currentCapturePage() const;
    int currentCaptureRow() const;
    void setCurrentCapture(int row);
    void closeCapture(int row);

    StartPage *startPage() const { return m_startPage; }
    bool isStartPageShown() const;
    RecentFiles *recentFiles() const { return m_recent; }
    ViewSettings *viewSettings() const { return m_viewSettings; }

    // The bundled example captures: next to an installed binary, else in the source tree.
    static QString examplesDirectory();

    // Compares loaded captures (rows of the capture list; for a diff, base then new) in
    // a window of its own, or merges them into a new capture. Returns the comparison
    // window (null for a merge, or when fewer than two of the rows are loaded).
    ComparisonWindow *compareCaptures(const QList<int> &rows, CompareDialog::Action action);
    // Opens the files (those not open yet) and compares them once all are loaded, e.g.
    // `embers --diff BASE NEW` or a file dropped on an open capture.
    void openAndCompare(const QStringList &paths, CompareDialog::Action action);

    // Opens every profile written into `folder` from now on as a new capture (false, with
    // a message, when it is not a readable folder). One folder at a time.
    bool watchFolder(const QString &folder);
    void stopWatchingFolder();
    // Remaps the current capture with source maps (.map files or folders); false when no
    // capture is loaded.
    bool applySourceMaps(const QStringList &paths);
    WatchedFolder *watchedFolder() const { return m_watchedFolder; }
    // The loaded captures that came from the watched folder, oldest first.
    std::vector<std::shared_ptr<const Capture>> watchedCaptures() const;
    // The all-captures comparison of the watched captures, which takes in each new one.
    ComparisonWindow *compareWatchedCaptures();
    // Captures a profile from a target now (File > Capture...): once, or every
    // `repeatSeconds` into a series that Compare Watched Captures reads as it grows. Each
    // capture is saved in `folder` (empty: the one the user chose) and opens as a page. One
    // session runs at a time; a request made meanwhile waits for it to end.
    // `done`, when given, is called as the session ends, with the saved file of a single
    // capture (empty when it failed or was cancelled).
    void startCapture(const CaptureRequest &request, int repeatSeconds = 0,
                      const QString &folder = QString(),
                      std::function<void(const QString &saved)> done = {});
    // openAndCompare for files and targets alike (`embers --diff TARGET TARGET`): each
    // target is captured first, in turn, and compared as its saved file once all are in.
    void captureAndCompare(const QStringList &filesOrTargets, const CaptureRequest &request,
                           const QString &folder, CompareDialog::Action action);
    CaptureSession *captureSession() const { return m_captureSession; }
    CaptureBar *captureBar() const { return m_captureBar; }
    // The rows selected in the capture list, in list order.
    QList<int> selectedCaptureRows() const;
    // The captures open when the window last closed that can still be opened (each a
    // file, or the files merged into it), and opening them again.
    QList<QStringList> lastSession() const;
    void reopenLastSession();

public slots:
    void showCompareDialog();
    void showOpenDialog();
    void showWatchFolderDialog();
    void showCaptureDialog();
    void showSourceMapDialog();
    void exportCurrentCapture();
    void closeCurrentCapture();
    void showAbout();
    void showShortcuts();

signals:
    // A capture's page was created (before it finished loading), e.g. to add views to it.
    void capturePageAdded(embers::CapturePage *page);
    // The selected capture changed; null when none is open.
    void currentCaptureChanged(embers::CapturePage *page);
    void comparisonOpened(embers::ComparisonWindow *window);

protected:
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;
    void closeEvent(QCloseEvent *event) override;

private:
    void createMenus();
    // Desktop behaviour: View > Theme; the window's layout, saved on close and restored
    // on start (the capture pages' own settings: ViewSettings).
    void createThemeMenu(QMenu *view);
    void updateEditActions();
    void restoreWindowSettings();
    void saveWindowSettings();
    void showCaptureDock(bool show);
    void addCapture(const QStringList &paths);
    CapturePage *createPage(const QStringList &paths);
    void addWatchedCapture(std::shared_ptr<const Capture> capture);
    void addCapturedCapture(std::shared_ptr<const Capture> capture, bool series);
    void captureSessionEnded();
    void updateWatchActions();
    // Comparisons waiting for their captures to load (see openAndCompare).
    void runPendingComparisons();
    void addCompareActions();
    void pageStateChanged(quint64 id);
    void closeCaptureById(quint64 id);
    void currentRowChanged(int row);
    void updateCentralWidget();
    void updateTitle();
    void fillRecentMenu();
    void refreshStartPage();
    int rowOfPath(const QString &path) const;
    int rowOfPaths(const QStringList &paths) const;

    CaptureListModel *m_captures;
    RecentFiles *m_recent;
    QHash<quint64, CapturePage *> m_pages;

    QStackedWidget *m_central;
    StartPage *m_startPage;
    QStackedWidget *m_pageStack;
    QDockWidget *m_captureDock;
    QListView *m_captureView;
    QMenu *m_recentMenu = nullptr;
    QAction *m_closeAction = nullptr;
    QAction *m_undoAction = nullptr;
    QAction *m_redoAction = nullptr;
    // The current page's view toggles, as last put in the View menu (a closed page takes
    // its own with it).
    QList<QPointer<QAction>> m_pageViewActions;
    ViewSettings *m_viewSettings;
    // The capture list is shown with the first capture unless the user hid it.
    bool m_captureDockWanted = true;
    bool m_showingCaptureDock = false;
    struct PendingComparison
    {
        QStringList paths; // absolute
        CompareDialog::Action action;
    };
    QList<PendingComparison> m_pendingComparisons;

    WatchedFolder *m_watchedFolder;
    QList<quint64> m_watchedIds; // captures that came from the watched folder
    QPointer<ComparisonWindow> m_watchedComparison;
    QLabel *m_watchLabel;
    CaptureBar *m_captureBar;
    QPointer<CaptureSession> m_captureSession;
    struct PendingCapture
    {
        CaptureRequest request;
        int repeatSeconds;
        QString folder;
        std::function<void(const QString &)> done;
    };
    QList<PendingCapture> m_pendingCaptures;
    QAction *m_stopWatchingAction = nullptr;
    QAction *m_compareWatchedAction = nullptr;
};

} // namespace embers
