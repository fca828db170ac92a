#include "MainWindow.h"

#include "CaptureDescription.h"
#include "CaptureListDelegate.h"
#include "CaptureListModel.h"
#include "CapturePage.h"
#include "RecentFiles.h"
#include "StartPage.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QCoreApplication>
#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QListView>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QSettings>
#include <QStackedWidget>
#include <QUrl>

namespace embers {

namespace {

const QString kGeometryKey = QStringLiteral("window/geometry");
const QString kStateKey = QStringLiteral("window/state");
const QString kOpenDirKey = QStringLiteral("lastOpenDirectory");

// Local files among dropped URLs; folders are left out.
QStringList droppedFiles(const QMimeData *mime)
{
    QStringList files;
    if (!mime || !mime->hasUrls())
        return files;
    const QList<QUrl> urls = mime->urls();
    for (const QUrl &url : urls) {
        if (url.isLocalFile() && !QFileInfo(url.toLocalFile()).isDir())
            files << url.toLocalFile();
    }
    return files;
}

QString exampleDescription(const QFileInfo &file)
{
    const QString name = file.fileName();
    if (name == QLatin1String("cpu-parser.pb.gz"))
        return MainWindow::tr("Go CPU profile: a parser, a sort and deep recursion");
    if (name == QLatin1String("kvworker-time.pb.gz"))
        return MainWindow::tr("Node.js wall-time profile of a key-value service");
    if (name == QLatin1String("heap-cache.pb.gz"))
        return MainWindow::tr("Go heap profile of an LRU cache");
    return MainWindow::tr("Example capture");
}

} // namespace

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent), m_captures(new CaptureListModel(this)), m_recent(new RecentFiles(this)),
      m_central(new QStackedWidget(this)), m_startPage(new StartPage),
      m_pageStack(new QStackedWidget), m_captureDock(new QDockWidget(tr("Captures"), this)),
      m_captureView(new QListView)
{
    setWindowTitle(tr("Embers"));
    setAcceptDrops(true);

    m_central->addWidget(m_startPage);
    m_central->addWidget(m_pageStack);
    setCentralWidget(m_central);
    connect(m_startPage, &StartPage::openRequested, this, &MainWindow::showOpenDialog);
    connect(m_startPage, &StartPage::fileRequested, this,
            [this](const QString &path) { openFiles({path}); });

    m_captureView->setObjectName(QStringLiteral("captureList"));
    m_captureView->setModel(m_captures);
    m_captureView->setItemDelegate(new CaptureListDelegate(m_captureView));
    m_captureView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_captureView->setContextMenuPolicy(Qt::ActionsContextMenu);
    m_captureView->setUniformItemSizes(true);
    m_captureView->setFrameShape(QFrame::NoFrame);
    connect(m_captureView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) { currentRowChanged(current.row()); });

    m_captureDock->setObjectName(QStringLiteral("captureDock"));
    m_captureDock->setWidget(m_captureView);
    m_captureDock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetClosable);
    addDockWidget(Qt::LeftDockWidgetArea, m_captureDock);
    m_captureDock->hide();

    createMenus();
    connect(m_recent, &RecentFiles::changed, this, &MainWindow::refreshStartPage);

    QList<StartPage::Example> examples;
    const QFileInfoList exampleFiles =
        QDir(examplesDirectory())
            .entryInfoList({QStringLiteral("*.pb.gz"), QStringLiteral("*.pprof"),
                            QStringLiteral("*.pb"), QStringLiteral("*.prof")},
                           QDir::Files, QDir::Name);
    for (const QFileInfo &file : exampleFiles)
        examples.append({file.absoluteFilePath(), exampleDescription(file)});
    m_startPage->setExamples(examples);
    refreshStartPage();

    resize(1280, 800);
    QSettings settings;
    restoreGeometry(settings.value(kGeometryKey).toByteArray());
    restoreState(settings.value(kStateKey).toByteArray());
    m_captureDock->hide(); // shown with the first capture, whatever the saved state says
    updateCentralWidget();
}

MainWindow::~MainWindow() = default;

QString MainWindow::examplesDirectory()
{
    const QString installed =
        QCoreApplication::applicationDirPath() + QStringLiteral("/../share/embers/examples");
    if (QFileInfo(installed).isDir())
        return QDir(installed).canonicalPath();
    return QStringLiteral(EMBERS_EXAMPLES_DIR);
}

void MainWindow::createMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *open = file->addAction(tr("&Open\u2026"), this, &MainWindow::showOpenDialog);
    open->setShortcut(QKeySequence::Open);
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    connect(m_recentMenu, &QMenu::aboutToShow, this, &MainWindow::fillRecentMenu);
    fillRecentMenu(); // so that the menu has entries (and keyboard access) before it shows
    file->addSeparator();
    m_closeAction = file->addAction(tr("&Close Capture"), this, &MainWindow::closeCurrentCapture);
    m_closeAction->setShortcut(QKeySequence::Close);
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
    quit->setMenuRole(QAction::QuitRole);

    QMenu *view = menuBar()->addMenu(tr("&View"));
    view->addAction(m_captureDock->toggleViewAction());

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    QAction *about = help->addAction(tr("&About Embers"), this, &MainWindow::showAbout);
    about->setMenuRole(QAction::AboutRole);

    // The capture list's context menu.
    auto *closeItem = new QAction(tr("Close"), m_captureView);
    closeItem->setShortcut(QKeySequence::Delete);
    closeItem->setShortcutContext(Qt::WidgetShortcut);
    connect(closeItem, &QAction::triggered, this, &MainWindow::closeCurrentCapture);
    m_captureView->addAction(closeItem);
}

void MainWindow::fillRecentMenu()
{
    m_recentMenu->clear();
    const QStringList files = m_recent->files();
    int n = 0;
    for (const QString &path : files) {
        ++n;
        //: Open Recent menu entry: number (keyboard accelerator) and file name
        QString text = n < 10 ? tr("&%1 %2").arg(n).arg(QFileInfo(path).fileName())
                              : QFileInfo(path).fileName();
        QAction *action = m_recentMenu->addAction(text, this, [this, path] { openFiles({path}); });
        action->setToolTip(path);
        action->setStatusTip(path);
    }
    if (files.isEmpty()) {
        m_recentMenu->addAction(tr("No Recent Files"))->setEnabled(false);
    } else {
        m_recentMenu->addSeparator();
        m_recentMenu->addAction(tr("Clear Recent Files"), m_recent, &RecentFiles::clear);
    }
}

void MainWindow::refreshStartPage()
{
    m_startPage->setRecentFiles(m_recent->files());
}

void MainWindow::showOpenDialog()
{
    QSettings settings;
    QString dir = settings.value(kOpenDirKey).toString();
    const QString filters =
        tr("Profiles (*.pprof *.pb.gz *.pb *.prof)") + QStringLiteral(";;") + tr("All files (*)");
    const QStringList files =
        QFileDialog::getOpenFileNames(this, tr("Open Profiles"), dir, filters);
    if (files.isEmpty())
        return;
    settings.setValue(kOpenDirKey, QFileInfo(files.front()).absolutePath());
    openFiles(files);
}

void MainWindow::showAbout()
{
    QMessageBox::about(this, tr("About Embers"),
                       tr("<h3>Embers %1</h3><p>A flame graph viewer for pprof profiles.</p>"
                          "<p>Built with Qt %2, running on Qt %3.</p>")
                           .arg(QStringLiteral(EMBERS_VERSION), QStringLiteral(QT_VERSION_STR),
                                QString::fromLatin1(qVersion())));
}

int MainWindow::rowOfPath(const QString &path) const
{
    for (int row = 0; row < m_captures->rowCount(); ++row) {
        if (m_captures->paths(row) == QStringList{path})
            return row;
    }
    return -1;
}

void MainWindow::openFiles(const QStringList &paths)
{
    int first = -1;
    for (const QString &path : paths) {
        const QString absolute = QFileInfo(path).absoluteFilePath();
        int row = rowOfPath(absolute);
        if (row < 0) {
            addCapture(absolute);
            row = m_captures->rowCount() - 1;
        } else if (m_captures->state(row) == CaptureListModel::State::Failed) {
            capturePage(row)->load();
        }
        if (first < 0)
            first = row;
    }
    updateCentralWidget();
    if (first >= 0)
        setCurrentCapture(first);
}

void MainWindow::addCapture(const QString &path)
{
    const quint64 id = m_captures->addCapture({path});
    auto *page = new CapturePage({path});
    m_pages.insert(id, page);
    m_pageStack->addWidget(page);

    connect(page, &CapturePage::stateChanged, this, [this, id] { pageStateChanged(id); });
    connect(page, &CapturePage::progress, this,
            [this, id](qint64 done, qint64 total) { m_captures->setProgress(id, done, total); });
    connect(page, &CapturePage::closeRequested, this, [this, id] { closeCaptureById(id); });
    emit capturePageAdded(page);
    page->load();
}

void MainWindow::pageStateChanged(quint64 id)
{
    CapturePage *page = m_pages.value(id);
    if (!page)
        return;
    switch (page->state()) {
    case CapturePage::State::Loading:
        m_captures->setLoading(id);
        break;
    case CapturePage::State::Loaded:
        m_captures->setLoaded(id, page->capture());
        for (const QString &path : page->paths())
            m_recent->add(path);
        break;
    case CapturePage::State::Failed:
        m_captures->setFailed(id, page->errorText());
        break;
    case CapturePage::State::Cancelled:
        // Cancelling an open means never mind: the capture goes away.
        closeCaptureById(id);
        break;
    }
}

int MainWindow::captureCount() const
{
    return m_captures->rowCount();
}

CapturePage *MainWindow::capturePage(int row) const
{
    if (row < 0 || row >= m_captures->rowCount())
        return nullptr;
    return m_pages.value(m_captures->idAt(row));
}

int MainWindow::currentCaptureRow() const
{
    return m_captureView->currentIndex().row();
}

CapturePage *MainWindow::currentCapturePage() const
{
    return capturePage(currentCaptureRow());
}

void MainWindow::setCurrentCapture(int row)
{
    m_captureView->setCurrentIndex(m_captures->index(row));
}

void MainWindow::currentRowChanged(int row)
{
    CapturePage *page = capturePage(row);
    if (page)
        m_pageStack->setCurrentWidget(page);
    m_closeAction->setEnabled(page != nullptr);
    updateTitle();
    emit currentCaptureChanged(page);
}

void MainWindow::closeCurrentCapture()
{
    closeCapture(currentCaptureRow());
}

void MainWindow::closeCapture(int row)
{
    if (row >= 0 && row < m_captures->rowCount())
        closeCaptureById(m_captures->idAt(row));
}

void MainWindow::closeCaptureById(quint64 id)
{
    const int row = m_captures->rowOfId(id);
    CapturePage *page = m_pages.take(id);
    if (row < 0 || !page)
        return;
    const bool wasCurrent = row == currentCaptureRow();
    m_pageStack->removeWidget(page);
    // Later: this may run from one of the page's own signals. Its loader cancels the
    // work when it goes.
    page->hide();
    page->deleteLater();
    m_captures->removeCapture(id);

    if (wasCurrent && m_captures->rowCount() > 0)
        setCurrentCapture(qMin(row, m_captures->rowCount() - 1));
    else if (m_captures->rowCount() == 0)
        currentRowChanged(-1);
    updateCentralWidget();
}

bool MainWindow::isStartPageShown() const
{
    return m_central->currentWidget() == m_startPage;
}

void MainWindow::updateCentralWidget()
{
    const bool empty = m_captures->rowCount() == 0;
    if (empty && !isStartPageShown()) {
        m_central->setCurrentWidget(m_startPage);
        m_captureDock->hide();
        refreshStartPage();
    } else if (!empty && isStartPageShown()) {
        m_central->setCurrentWidget(m_pageStack);
        m_captureDock->show();
    }
    m_closeAction->setEnabled(currentCapturePage() != nullptr);
}

void MainWindow::updateTitle()
{
    const int row = currentCaptureRow();
    if (row < 0) {
        setWindowTitle(tr("Embers"));
        return;
    }
    //: window title: capture name, then the application name
    setWindowTitle(
        tr("%1 \u2014 Embers").arg(CaptureDescription::displayName(m_captures->paths(row))));
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    if (!droppedFiles(event->mimeData()).isEmpty())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event)
{
    const QStringList files = droppedFiles(event->mimeData());
    if (files.isEmpty())
        return;
    event->acceptProposedAction();
    openFiles(files);
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    QSettings settings;
    settings.setValue(kGeometryKey, saveGeometry());
    settings.setValue(kStateKey, saveState());
    QMainWindow::closeEvent(event);
}

} // namespace embers
