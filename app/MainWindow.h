// MainWindow: the explorer window. A list of open captures (each file is its own
// capture) beside the selected capture's page; a start page when nothing is open.
#pragma once

#include <QHash>
#include <QMainWindow>

class QDockWidget;
class QListView;
class QMenu;
class QStackedWidget;

namespace embers {

class CaptureListModel;
class CapturePage;
class RecentFiles;
class StartPage;

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

    // The bundled example captures: next to an installed binary, else in the source tree.
    static QString examplesDirectory();

public slots:
    void showOpenDialog();
    void closeCurrentCapture();
    void showAbout();

signals:
    // A capture's page was created (before it finished loading), e.g. to add views to it.
    void capturePageAdded(embers::CapturePage *page);
    // The selected capture changed; null when none is open.
    void currentCaptureChanged(embers::CapturePage *page);

protected:
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;
    void closeEvent(QCloseEvent *event) override;

private:
    void createMenus();
    void addCapture(const QString &path);
    void pageStateChanged(quint64 id);
    void closeCaptureById(quint64 id);
    void currentRowChanged(int row);
    void updateCentralWidget();
    void updateTitle();
    void fillRecentMenu();
    void refreshStartPage();
    int rowOfPath(const QString &path) const;

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
};

} // namespace embers
