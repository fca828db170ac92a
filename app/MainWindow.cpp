#include "MainWindow.h"

#include "AboutDialog.h"
#include "CaptureBar.h"
#include "CaptureDescription.h"
#include "CaptureDialog.h"
#include "CaptureExport.h"
#include "CaptureListDelegate.h"
#include "CaptureListModel.h"
#include "CapturePage.h"
#include "CaptureSession.h"
#include "ComparisonWindow.h"
#include "FreedMemory.h"
#include "GranularityChooser.h"
#include "RecentFiles.h"
#include "ScreenFit.h"
#include "ShortcutsDialog.h"
#include "SourceMapController.h"
#include "SourceMapRemap.h"
#include "StartPage.h"
#include "TargetText.h"
#include "Theme.h"
#include "TransformController.h"
#include "ViewSettings.h"
#include "WatchedFolder.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QListView>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPainter>
#include <QSettings>
#include <QStackedWidget>
#include <QStatusBar>
#include <QStyle>
#include <QTimer>
#include <QToolBar>
#include <QUrl>
#include <QVBoxLayout>

#include <algorithm>

namespace embers {

namespace {

// A closed capture's tables go with its page or comparison window, once its children (the
// views, which share them) are gone too: then the memory the allocator kept goes back to
// the system (FreedMemory.h).
void returnMemoryWhenGone(QObject *holder)
{
    QObject::connect(holder, &QObject::destroyed,
                     [] { QTimer::singleShot(0, [] { embers::returnFreedMemory(); }); });
}

const QString kGeometryKey = QStringLiteral("window/geometry");
const QString kStateKey = QStringLiteral("window/state");
const QString kCaptureListKey = QStringLiteral("window/captureList");
// The captures open when the window closed: a list of file lists.
const QString kSessionKey = QStringLiteral("session/captures");
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

// Dropped source maps: every dropped item a folder or a .map file (told by content), or
// nothing when something else is among them (profiles take the usual way).
QStringList droppedSourceMaps(const QMimeData *mime)
{
    QStringList maps;
    if (!mime || !mime->hasUrls())
        return maps;
    const QList<QUrl> urls = mime->urls();
    for (const QUrl &url : urls) {
        const QString path = url.toLocalFile();
        if (!url.isLocalFile() || (!QFileInfo(path).isDir() && !isSourceMapFile(path)))
            return {};
        maps << path;
    }
    return maps;
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

// A red dot, as recorders show it, in the theme's record icon where there is one.
QIcon recordIcon()
{
    QIcon icon = QIcon::fromTheme(QStringLiteral("media-record"));
    if (!icon.isNull())
        return icon;
    for (int size : {16, 24, 32, 48}) {
        QPixmap dot(size, size);
        dot.fill(Qt::transparent);
        QPainter painter(&dot);
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setPen(QPen(QColor(0x9c, 0x1c, 0x1c), size / 16.0));
        painter.setBrush(QColor(0xd9, 0x30, 0x25));
        const qreal margin = size * 0.2;
        painter.drawEllipse(QRectF(margin, margin, size - 2 * margin, size - 2 * margin));
        painter.end();
        icon.addPixmap(dot);
    }
    return icon;
}

} // namespace

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent), m_captures(new CaptureListModel(this)), m_recent(new RecentFiles(this)),
      m_central(new QStackedWidget(this)), m_startPage(new StartPage),
      m_pageStack(new QStackedWidget), m_captureDock(new QDockWidget(tr("Captures"), this)),
      m_captureView(new QListView), m_viewSettings(new ViewSettings(this)),
      m_watchedFolder(new WatchedFolder(this)), m_watchLabel(new QLabel),
      m_captureBar(new CaptureBar)
{
    setWindowTitle(tr("Embers"));
    setAcceptDrops(true);

    m_central->addWidget(m_startPage);
    m_central->addWidget(m_pageStack);
    // The running capture's bar above whatever is shown: the pages stay usable.
    auto *central = new QWidget;
    auto *centralLayout = new QVBoxLayout(central);
    centralLayout->setContentsMargins(0, 0, 0, 0);
    centralLayout->setSpacing(0);
    centralLayout->addWidget(m_captureBar);
    centralLayout->addWidget(m_central, 1);
    setCentralWidget(central);
    connect(m_startPage, &StartPage::openRequested, this, &MainWindow::showOpenDialog);
    connect(m_startPage, &StartPage::fileRequested, this,
            [this](const QString &path) { openFiles({path}); });
    connect(m_startPage, &StartPage::lastSessionRequested, this, &MainWindow::reopenLastSession);

    m_captureView->setObjectName(QStringLiteral("captureList"));
    m_captureView->setModel(m_captures);
    // Another capture of the same name coming or going renames the current one.
    connect(m_captures, &CaptureListModel::dataChanged, this, &MainWindow::updateTitle);
    m_captureView->setItemDelegate(new CaptureListDelegate(m_captureView));
    // Several captures can be selected to compare or merge them.
    m_captureView->setSelectionMode(QAbstractItemView::ExtendedSelection);
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

    m_watchLabel->setObjectName(QStringLiteral("watchLabel"));
    statusBar()->addPermanentWidget(m_watchLabel);
    connect(m_watchedFolder, &WatchedFolder::captureLoaded, this, &MainWindow::addWatchedCapture);
    connect(m_watchedFolder, &WatchedFolder::fileSkipped, this,
            [this](const QString &, const QString &reason) {
                statusBar()->showMessage(tr("Skipped in the watched folder: %1").arg(reason),
                                         15000);
            });

    createMenus();
    connect(m_recent, &RecentFiles::changed, this, &MainWindow::refreshStartPage);
    connect(this, &MainWindow::capturePageAdded, m_viewSettings, &ViewSettings::attach);

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

    restoreWindowSettings();
    updateCentralWidget();
}

MainWindow::~MainWindow()
{
    // ~QWidget hides the dock, which toggles its action: the handler must not run on a
    // half-destroyed window (UBSan flags it).
    m_captureDock->toggleViewAction()->disconnect(this);
}

QString MainWindow::examplesDirectory()
{
    const QString installed = QCoreApplication::applicationDirPath() + QLatin1Char('/') +
                              QStringLiteral(EMBERS_INSTALLED_EXAMPLES_DIR);
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
    QAction *capture = file->addAction(tr("&Capture\u2026"), this, &MainWindow::showCaptureDialog);
    capture->setObjectName(QStringLiteral("captureAction"));
    capture->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    capture->setToolTip(tr("Profile a running Go service, Node process or Worker now"));
    capture->setIcon(recordIcon());
    open->setIcon(style()->standardIcon(QStyle::SP_DialogOpenButton));
    QToolBar *tools = addToolBar(tr("Main"));
    tools->setObjectName(QStringLiteral("mainToolBar"));
    tools->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    tools->setMovable(false);
    tools->addAction(open);
    tools->addAction(capture);
    file->addSeparator();
    QAction *compare =
        file->addAction(tr("Co&mpare Captures\u2026"), this, &MainWindow::showCompareDialog);
    compare->setObjectName(QStringLiteral("compareAction"));
    compare->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_D));
    file->addSeparator();
    QAction *watch =
        file->addAction(tr("&Watch Folder\u2026"), this, &MainWindow::showWatchFolderDialog);
    watch->setObjectName(QStringLiteral("watchFolderAction"));
    watch->setToolTip(tr("Open every profile written into a folder from now on"));
    m_compareWatchedAction =
        file->addAction(tr("Compare &Watched Captures"), this, &MainWindow::compareWatchedCaptures);
    m_compareWatchedAction->setObjectName(QStringLiteral("compareWatchedAction"));
    m_stopWatchingAction =
        file->addAction(tr("S&top Watching Folder"), this, &MainWindow::stopWatchingFolder);
    m_stopWatchingAction->setObjectName(QStringLiteral("stopWatchingAction"));
    updateWatchActions();
    file->addSeparator();
    QAction *maps =
        file->addAction(tr("Apply &Source Maps\u2026"), this, &MainWindow::showSourceMapDialog);
    maps->setObjectName(QStringLiteral("applySourceMapsAction"));
    maps->setToolTip(tr("Show bundled JavaScript frames as the original functions"));
    QMenu *exportMenu = file->addMenu(tr("&Export"));
    QAction *exportAction =
        exportMenu->addAction(tr("&Profile\u2026"), this, &MainWindow::exportCurrentCapture);
    exportAction->setObjectName(QStringLiteral("exportAction"));
    exportAction->setToolTip(tr("Save the capture as shown as a pprof file or folded stacks"));
    const auto exportHtmlPage = [this](bool withSource) {
        exportCapturePageAsHtml(
            this, isStartPageShown() ? nullptr : currentCapturePage(), withSource,
            [this](const QString &text) { statusBar()->showMessage(text, 10000); });
    };
    QAction *exportHtml = exportMenu->addAction(tr("&HTML Page\u2026"), this,
                                                [exportHtmlPage] { exportHtmlPage(false); });
    exportHtml->setObjectName(QStringLiteral("exportHtmlAction"));
    exportHtml->setToolTip(tr("Save the capture as shown as one web page that anyone can open "
                              "in a browser, offline"));
    QAction *exportHtmlSource = exportMenu->addAction(tr("HTML Page with &Source\u2026"), this,
                                                      [exportHtmlPage] { exportHtmlPage(true); });
    exportHtmlSource->setObjectName(QStringLiteral("exportHtmlWithSourceAction"));
    exportHtmlSource->setToolTip(
        tr("The same web page with the source lines of its functions, where this machine has "
           "them: whoever opens it reads that code"));
    file->addSeparator();
    m_closeAction = file->addAction(tr("&Close Capture"), this, &MainWindow::closeCurrentCapture);
    m_closeAction->setShortcut(QKeySequence::Close);
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
    quit->setMenuRole(QAction::QuitRole);

    // Undo/Redo act on the current page's transforms.
    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    m_undoAction = edit->addAction(tr("&Undo Transform"), this, [this] {
        if (CapturePage *page = currentCapturePage())
            page->transforms()->undo();
    });
    m_undoAction->setObjectName(QStringLiteral("undoAction"));
    m_undoAction->setShortcut(QKeySequence::Undo);
    m_redoAction = edit->addAction(tr("&Redo Transform"), this, [this] {
        if (CapturePage *page = currentCapturePage())
            page->transforms()->redo();
    });
    m_redoAction->setObjectName(QStringLiteral("redoAction"));
    m_redoAction->setShortcuts(
        {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence(Qt::CTRL | Qt::Key_Y)});
    connect(this, &MainWindow::currentCaptureChanged, this, &MainWindow::updateEditActions);
    updateEditActions();

    QMenu *view = menuBar()->addMenu(tr("&View"));
    view->addAction(m_captureDock->toggleViewAction());
    // Only the user (the menu, the dock's close button) says whether the list is
    // wanted; the window itself also hides it on the start page.
    connect(m_captureDock->toggleViewAction(), &QAction::toggled, this, [this](bool checked) {
        if (!m_showingCaptureDock)
            m_captureDockWanted = checked;
    });
    view->addSeparator();
    // The current page's graph toggles (also in its Graph Options drop-down).
    QAction *pageActionsEnd = view->addSeparator();
    connect(view, &QMenu::aboutToShow, this, [this, view, pageActionsEnd] {
        for (const QPointer<QAction> &a : std::as_const(m_pageViewActions)) {
            if (a)
                view->removeAction(a);
        }
        m_pageViewActions.clear();
        const CapturePage *page = isStartPageShown() ? nullptr : currentCapturePage();
        if (!page)
            return;
        for (QAction *a : page->viewActions()) {
            view->insertAction(pageActionsEnd, a);
            m_pageViewActions.append(a);
        }
    });
    createThemeMenu(view);

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    QAction *shortcuts =
        help->addAction(tr("&Keyboard Shortcuts"), this, &MainWindow::showShortcuts);
    shortcuts->setObjectName(QStringLiteral("shortcutsAction"));
    QAction *about = help->addAction(tr("&About Embers"), this, &MainWindow::showAbout);
    about->setObjectName(QStringLiteral("aboutAction"));
    about->setMenuRole(QAction::AboutRole);

    // The capture list's context menu.
    auto *closeItem = new QAction(tr("Close"), m_captureView);
    closeItem->setShortcut(QKeySequence::Delete);
    closeItem->setShortcutContext(Qt::WidgetShortcut);
    connect(closeItem, &QAction::triggered, this, &MainWindow::closeCurrentCapture);
    m_captureView->addAction(closeItem);
    addCompareActions();
}

void MainWindow::addCompareActions()
{
    auto *separator = new QAction(m_captureView);
    separator->setSeparator(true);
    m_captureView->addAction(separator);
    const struct
    {
        QString text;
        CompareDialog::Action action;
    } items[] = {
        {tr("Diff Selected (First Is the Base)"), CompareDialog::Action::Diff},
        {tr("Show Selected Side by Side"), CompareDialog::Action::SideBySide},
        {tr("Compare Selected in a Table"), CompareDialog::Action::Table},
        {tr("Merge Selected"), CompareDialog::Action::Merge},
    };
    for (const auto &item : items) {
        auto *a = new QAction(item.text, m_captureView);
        const CompareDialog::Action action = item.action;
        connect(a, &QAction::triggered, this,
                [this, action] { compareCaptures(selectedCaptureRows(), action); });
        m_captureView->addAction(a);
    }
}

QList<int> MainWindow::selectedCaptureRows() const
{
    QList<int> rows;
    for (const QModelIndex &index : m_captureView->selectionModel()->selectedRows())
        rows << index.row();
    std::sort(rows.begin(), rows.end());
    return rows;
}

void MainWindow::showCompareDialog()
{
    QList<int> loaded;
    QStringList names;
    for (int row = 0; row < m_captures->rowCount(); ++row) {
        if (m_captures->state(row) != CaptureListModel::State::Loaded)
            continue;
        loaded << row;
        names << m_captures->name(row);
    }
    if (loaded.size() < 2) {
        QMessageBox::information(this, tr("Compare Captures"),
                                 tr("Open at least two captures to compare them."));
        return;
    }
    CompareDialog dialog(names, this);
    // Preselect the captures selected in the list.
    QList<int> preselected;
    for (int row : selectedCaptureRows()) {
        if (loaded.contains(row))
            preselected << int(loaded.indexOf(row));
    }
    if (preselected.size() >= 2)
        dialog.setChecked(preselected);
    if (dialog.exec() != QDialog::Accepted)
        return;
    QList<int> rows;
    for (int i : dialog.chosen())
        rows << loaded[i];
    compareCaptures(rows, dialog.action());
}

ComparisonWindow *MainWindow::compareCaptures(const QList<int> &rows, CompareDialog::Action action)
{
    std::vector<std::shared_ptr<const Capture>> captures;
    QStringList paths;
    for (int row : rows) {
        if (row < 0 || row >= m_captures->rowCount() ||
            m_captures->state(row) != CaptureListModel::State::Loaded)
            continue;
        captures.push_back(m_captures->capture(row));
        paths += m_captures->paths(row);
    }
    if (captures.size() < 2) {
        statusBar()->showMessage(tr("Select at least two loaded captures to compare."), 5000);
        return nullptr;
    }
    if (action == CompareDialog::Action::Merge) {
        // A merged capture is a capture of several files (loaded again and merged as
        // pprof merges them), listed with the others.
        const int existing = rowOfPaths(paths);
        if (existing >= 0) {
            setCurrentCapture(existing);
        } else {
            addCapture(paths);
            updateCentralWidget();
            setCurrentCapture(m_captures->rowCount() - 1);
        }
        return nullptr;
    }
    if (action == CompareDialog::Action::Diff)
        captures.resize(2);
    const auto mode = action == CompareDialog::Action::Diff ? ComparisonWindow::Mode::Diff
                      : action == CompareDialog::Action::SideBySide
                          ? ComparisonWindow::Mode::SideBySide
                          : ComparisonWindow::Mode::Table;
    auto *window = new ComparisonWindow(std::move(captures), mode, this);
    returnMemoryWhenGone(window);
    window->show();
    emit comparisonOpened(window);
    return window;
}

void MainWindow::openAndCompare(const QStringList &paths, CompareDialog::Action action)
{
    QStringList absolute;
    for (const QString &path : paths)
        absolute << QFileInfo(path).absoluteFilePath();
    openFiles(absolute);
    m_pendingComparisons.append({absolute, action});
    runPendingComparisons();
}

void MainWindow::runPendingComparisons()
{
    for (qsizetype i = 0; i < m_pendingComparisons.size();) {
        const PendingComparison pending = m_pendingComparisons[i];
        QList<int> rows;
        bool waiting = false, failed = false;
        for (const QString &path : pending.paths) {
            const int row = rowOfPath(path);
            if (row < 0 || m_captures->state(row) == CaptureListModel::State::Failed)
                failed = true;
            else if (m_captures->state(row) == CaptureListModel::State::Loading)
                waiting = true;
            rows << row;
        }
        if (waiting && !failed) {
            ++i;
            continue;
        }
        m_pendingComparisons.removeAt(i);
        if (failed)
            statusBar()->showMessage(tr("Not compared: a capture could not be opened."), 8000);
        else
            compareCaptures(rows, pending.action);
    }
}

void MainWindow::fillRecentMenu()
{
    m_recentMenu->clear();
    const QStringList files = m_recent->files();
    // Files of the same name read apart by their folders, as open captures do.
    QList<QStringList> each;
    for (const QString &path : files)
        each << QStringList{path};
    const QStringList names = CaptureDescription::displayNames(each);
    int n = 0;
    for (const QString &path : files) {
        const QString name = names[n];
        ++n;
        //: Open Recent menu entry: number (keyboard accelerator) and file name
        QString text = n < 10 ? tr("&%1 %2").arg(n).arg(name) : name;
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
    m_startPage->setLastSession(lastSession());
}

QList<QStringList> MainWindow::lastSession() const
{
    // Only what can still be opened: files moved or deleted since are left out.
    QList<QStringList> captures;
    const QVariantList saved = QSettings().value(kSessionKey).toList();
    for (const QVariant &entry : saved) {
        const QStringList files = entry.toStringList();
        if (!files.isEmpty() && std::all_of(files.begin(), files.end(),
                                            [](const QString &f) { return QFileInfo(f).isFile(); }))
            captures << files;
    }
    return captures;
}

void MainWindow::reopenLastSession()
{
    int first = -1;
    for (const QStringList &files : lastSession()) {
        int row = rowOfPaths(files);
        if (row < 0) {
            addCapture(files);
            row = m_captures->rowCount() - 1;
        }
        if (first < 0)
            first = row;
    }
    updateCentralWidget();
    if (first >= 0)
        setCurrentCapture(first);
}

void MainWindow::showOpenDialog()
{
    QSettings settings;
    QString dir = settings.value(kOpenDirKey).toString();
    // Every format Embers reads: a .cpuprofile hidden by the first filter looked unsupported.
    const QString filters =
        tr("Profiles (*.pprof *.pb.gz *.pb *.prof *.cpuprofile *.heapprofile *.heapsnapshot "
           "*.folded *.collapsed)") +
        QStringLiteral(";;") + tr("All files (*)");
    const QStringList files =
        QFileDialog::getOpenFileNames(this, tr("Open Profiles"), dir, filters);
    if (files.isEmpty())
        return;
    settings.setValue(kOpenDirKey, QFileInfo(files.front()).absolutePath());
    openFiles(files);
}

void MainWindow::showAbout()
{
    auto *dialog = new AboutDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
}

void MainWindow::showShortcuts()
{
    QList<ShortcutsDialog::Group> groups;
    const QList<QAction *> menus = menuBar()->actions();
    for (QAction *menu : menus) {
        QString title = menu->text();
        title.remove(QLatin1Char('&'));
        groups.append(ShortcutsDialog::fromActions(title, {menu}));
    }
    groups.append(ShortcutsDialog::fromActions(tr("Capture list"), m_captureView->actions()));
    groups.append(ShortcutsDialog::viewGroups());
    auto *dialog = new ShortcutsDialog(groups, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show(); // not modal: it can stay open beside the window
}

void MainWindow::createThemeMenu(QMenu *view)
{
    QMenu *themeMenu = view->addMenu(tr("&Theme"));
    themeMenu->setObjectName(QStringLiteral("themeMenu"));
    auto *themes = new QActionGroup(themeMenu);
    const std::pair<Theme, QString> themeChoices[] = {
        {Theme::System, tr("&System")}, {Theme::Light, tr("&Light")}, {Theme::Dark, tr("&Dark")}};
    for (const auto &[theme, text] : themeChoices) {
        QAction *action = themeMenu->addAction(text);
        action->setObjectName(QStringLiteral("theme-") + theme::name(theme));
        action->setCheckable(true);
        action->setChecked(theme::current() == theme);
        themes->addAction(action);
        connect(action, &QAction::triggered, this, [theme = theme] {
            theme::save(theme);
            theme::apply(theme);
        });
    }
    // Another window may have changed it.
    connect(themeMenu, &QMenu::aboutToShow, themeMenu, [themes] {
        const QList<QAction *> actions = themes->actions();
        for (QAction *action : actions)
            action->setChecked(action->objectName() ==
                               QStringLiteral("theme-") + theme::name(theme::current()));
    });
}

void MainWindow::restoreWindowSettings()
{
    resize(sizeForScreen(this, QSize(1280, 800)));
    QSettings settings;
    restoreGeometry(settings.value(kGeometryKey).toByteArray());
    // The dock's place and size; whether it shows is decided below.
    restoreState(settings.value(kStateKey).toByteArray());
    m_captureDockWanted = settings.value(kCaptureListKey, true).toBool();
    showCaptureDock(false); // shown with the first capture
}

void MainWindow::showCaptureDock(bool show)
{
    m_showingCaptureDock = true;
    m_captureDock->setVisible(show && m_captureDockWanted);
    m_showingCaptureDock = false;
}

void MainWindow::saveWindowSettings()
{
    QSettings settings;
    settings.setValue(kGeometryKey, saveGeometry());
    settings.setValue(kStateKey, saveState());
    settings.setValue(kCaptureListKey, m_captureDockWanted);
    QVariantList session;
    for (int row = 0; row < m_captures->rowCount(); ++row) {
        if (!m_captures->paths(row).isEmpty())
            session << m_captures->paths(row);
    }
    settings.setValue(kSessionKey, session);
    if (CapturePage *page = currentCapturePage())
        ViewSettings::saveSplitter(page);
}

int MainWindow::rowOfPath(const QString &path) const
{
    return rowOfPaths({path});
}

int MainWindow::rowOfPaths(const QStringList &paths) const
{
    for (int row = 0; row < m_captures->rowCount(); ++row) {
        if (m_captures->paths(row) == paths)
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
            addCapture({absolute});
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

void MainWindow::addCapture(const QStringList &paths)
{
    createPage(paths)->load();
}

void MainWindow::updateEditActions()
{
    const CapturePage *page = currentCapturePage();
    m_undoAction->setEnabled(page && page->transforms()->canUndo());
    m_redoAction->setEnabled(page && page->transforms()->canRedo());
}

CapturePage *MainWindow::createPage(const QStringList &paths)
{
    const quint64 id = m_captures->addCapture(paths);
    auto *page = new CapturePage(paths);
    m_pages.insert(id, page);
    m_pageStack->addWidget(page);

    connect(page, &CapturePage::stateChanged, this, [this, id] { pageStateChanged(id); });
    // A capture built again in the page (Frames, source maps) is the one compared.
    connect(page, &CapturePage::loaded, this, [this, id](std::shared_ptr<const Capture> c) {
        const int row = m_captures->rowOfId(id);
        if (row >= 0 && m_captures->capture(row) != c)
            m_captures->setLoaded(id, std::move(c));
    });
    connect(page, &CapturePage::progress, this,
            [this, id](qint64 done, qint64 total) { m_captures->setProgress(id, done, total); });
    connect(page, &CapturePage::closeRequested, this, [this, id] { closeCaptureById(id); });
    connect(page->sourceMaps(), &SourceMapController::message, this,
            [this](const QString &text) { statusBar()->showMessage(text, 15000); });
    connect(page->transforms(), &TransformController::changed, this,
            &MainWindow::updateEditActions);
    emit capturePageAdded(page);
    return page;
}

bool MainWindow::watchFolder(const QString &folder)
{
    if (!m_watchedFolder->watch(folder)) {
        statusBar()->showMessage(
            tr("Cannot watch %1: not a readable folder.").arg(QDir::toNativeSeparators(folder)),
            8000);
        updateWatchActions();
        return false;
    }
    m_watchedIds.clear(); // a new series
    updateWatchActions();
    return true;
}

void MainWindow::stopWatchingFolder()
{
    m_watchedFolder->stop();
    updateWatchActions();
}

void MainWindow::showWatchFolderDialog()
{
    const QString folder = QFileDialog::getExistingDirectory(
        this, tr("Watch Folder"),
        m_watchedFolder->isWatching() ? m_watchedFolder->folder() : QDir::homePath());
    if (!folder.isEmpty())
        watchFolder(folder);
}

void MainWindow::showCaptureDialog()
{
    CaptureDialog dialog(this);
    if (dialog.exec() == QDialog::Accepted)
        startCapture(dialog.request(), dialog.repeatSeconds(), dialog.capturesFolder());
}

void MainWindow::startCapture(const CaptureRequest &request, int repeatSeconds,
                              const QString &folder, std::function<void(const QString &)> done)
{
    if (m_captureSession) {
        m_pendingCaptures.append({request, repeatSeconds, folder, std::move(done)});
        return;
    }
    // An absolute folder: the pages' paths are absolute, as opened files' are.
    auto *session = new CaptureSession(
        request,
        QDir(folder.isEmpty() ? CaptureDialog::savedCapturesFolder() : folder).absolutePath(),
        repeatSeconds, this);
    m_captureSession = session;
    const bool series = repeatSeconds > 0;
    if (series && !m_watchedFolder->isWatching())
        m_watchedIds.clear(); // a new series
    connect(session, &CaptureSession::captured, this,
            [this, series](const QString &, std::shared_ptr<const Capture> capture) {
                addCapturedCapture(std::move(capture), series);
            });
    // In a series the failure says which capture it was: the ones before it stay open.
    auto ended = std::make_shared<int>(0);
    connect(session, &CaptureSession::captured, this, [ended] { ++*ended; });
    connect(session, &CaptureSession::failed, this, [this, series, ended](const QString &message) {
        ++*ended;
        m_captureBar->showMessage(
            series ? tr("Capture %1 of the series failed: %2").arg(*ended).arg(message) : message,
            true);
    });
    connect(session, &CaptureSession::listed, this, [this, request](const QStringList &offered) {
        m_captureBar->showMessage(tr("%1 is a service; it offers %2. Pick one in File \u25b8 "
                                     "Capture\u2026 (Discover).")
                                      .arg(displayTarget(request.target),
                                           printableTargetText(offered.join(QStringLiteral(", ")))),
                                  false);
    });
    if (done) {
        // The session's own signals, not the page: the saved file is known before it opens.
        auto saved = std::make_shared<QString>();
        connect(session, &CaptureSession::captured, this,
                [saved](const QString &path) { *saved = path; });
        connect(session, &CaptureSession::stateChanged, this,
                [saved, done = std::move(done)](CaptureSession::State state) {
                    if (state == CaptureSession::State::Ended)
                        done(*saved);
                });
    }
    connect(session, &CaptureSession::stateChanged, this, [this](CaptureSession::State state) {
        if (state == CaptureSession::State::Ended)
            captureSessionEnded();
    });
    m_captureBar->setSession(session);
    session->start();
}

void MainWindow::captureSessionEnded()
{
    if (m_captureSession)
        m_captureSession->deleteLater();
    m_captureSession = nullptr;
    if (!m_pendingCaptures.isEmpty()) {
        const PendingCapture next = m_pendingCaptures.takeFirst();
        startCapture(next.request, next.repeatSeconds, next.folder, next.done);
    }
}

void MainWindow::captureAndCompare(const QStringList &filesOrTargets, const CaptureRequest &request,
                                   const QString &folder, CompareDialog::Action action)
{
    struct Waiting
    {
        QStringList paths;
        int targets = 0;
        QStringList failed;
    };
    auto waiting = std::make_shared<Waiting>();
    waiting->paths = filesOrTargets;
    for (const QString &item : filesOrTargets)
        waiting->targets += isRemoteTarget(item) ? 1 : 0;
    if (waiting->targets == 0) {
        openAndCompare(filesOrTargets, action);
        return;
    }
    for (qsizetype i = 0; i < filesOrTargets.size(); ++i) {
        if (!isRemoteTarget(filesOrTargets[i]))
            continue;
        CaptureRequest one = request;
        one.target = filesOrTargets[i];
        startCapture(one, 0, folder, [this, waiting, action, i](const QString &saved) {
            if (saved.isEmpty())
                waiting->failed << waiting->paths[i];
            else
                waiting->paths[i] = saved;
            if (--waiting->targets > 0)
                return;
            if (waiting->failed.isEmpty())
                openAndCompare(waiting->paths, action);
            else {
                QStringList failed;
                for (const QString &target : std::as_const(waiting->failed))
                    failed << displayTarget(target);
                statusBar()->showMessage(tr("Not compared: nothing was captured from %1.")
                                             .arg(failed.join(QStringLiteral(", "))),
                                         15000);
            }
        });
    }
}

void MainWindow::addCapturedCapture(std::shared_ptr<const Capture> capture, bool series)
{
    m_recent->add(capture->paths.front());
    if (series) {
        addWatchedCapture(std::move(capture));
        return;
    }
    CapturePage *page = createPage(capture->paths);
    updateCentralWidget();
    setCurrentCapture(m_captures->rowCount() - 1);
    // The page, then its capture: two shorter stalls with the event loop free between them
    // (a real timer, unlike a zero one, waits for the page's first layout and paint).
    QTimer::singleShot(1, page, [page, capture] { page->showLoaded(capture); });
}

void MainWindow::addWatchedCapture(std::shared_ptr<const Capture> capture)
{
    // A series is read at one granularity: a new capture takes the Frames chosen for its
    // predecessor, where it can tell them apart.
    const CapturePage *previous = nullptr;
    for (auto id = m_watchedIds.crbegin(); id != m_watchedIds.crend() && !previous; ++id)
        previous = m_pages.value(*id);
    CapturePage *page = createPage(capture->paths);
    m_watchedIds << m_captures->idAt(m_captures->rowCount() - 1);
    page->showLoaded(std::move(capture));
    if (previous) {
        GranularityChooser *frames = page->granularityChooser();
        const Granularity seriesFrames = previous->granularityChooser()->chosen();
        if (frames->chosen() != seriesFrames && frames->combo()->findData(int(seriesFrames)) >= 0)
            frames->choose(seriesFrames);
    }
    updateCentralWidget();
    // Keep the user where they are; only a window showing nothing moves to it.
    if (currentCaptureRow() < 0)
        setCurrentCapture(m_captures->rowCount() - 1);
    updateWatchActions();
}

std::vector<std::shared_ptr<const Capture>> MainWindow::watchedCaptures() const
{
    std::vector<std::shared_ptr<const Capture>> captures;
    for (quint64 id : m_watchedIds) {
        const CapturePage *page = m_pages.value(id);
        if (page && page->state() == CapturePage::State::Loaded)
            captures.push_back(page->capture());
    }
    return captures;
}

ComparisonWindow *MainWindow::compareWatchedCaptures()
{
    auto captures = watchedCaptures();
    if (captures.size() < 2) {
        statusBar()->showMessage(tr("Compare needs at least two captures from the watched folder."),
                                 5000);
        return nullptr;
    }
    if (m_watchedComparison) {
        m_watchedComparison->setCaptures(std::move(captures));
    } else {
        m_watchedComparison =
            new ComparisonWindow(std::move(captures), ComparisonWindow::Mode::Table, this);
        returnMemoryWhenGone(m_watchedComparison);
        emit comparisonOpened(m_watchedComparison);
    }
    m_watchedComparison->show();
    m_watchedComparison->raise();
    return m_watchedComparison;
}

void MainWindow::updateWatchActions()
{
    const bool watching = m_watchedFolder->isWatching();
    if (m_stopWatchingAction)
        m_stopWatchingAction->setEnabled(watching);
    const size_t loaded = watchedCaptures().size();
    if (m_compareWatchedAction)
        m_compareWatchedAction->setEnabled(loaded >= 2);
    m_watchLabel->setVisible(watching);
    if (watching) {
        const QString folder = QDir::toNativeSeparators(m_watchedFolder->folder());
        m_watchLabel->setText(tr("Watching %1 (%n new captures)", nullptr, int(loaded))
                                  .arg(QFileInfo(folder).fileName()));
        m_watchLabel->setToolTip(
            tr("New profiles written into %1 open as captures (File \u25b8 Stop Watching Folder)")
                .arg(folder));
    }
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
        if (m_watchedIds.contains(id)) {
            updateWatchActions();
            if (m_watchedComparison)
                m_watchedComparison->setCaptures(watchedCaptures());
        } else {
            for (const QString &path : page->paths())
                m_recent->add(path);
        }
        runPendingComparisons();
        break;
    case CapturePage::State::Failed:
        m_captures->setFailed(id, page->errorText());
        runPendingComparisons();
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
    returnMemoryWhenGone(page);
    page->deleteLater();
    m_captures->removeCapture(id);
    if (m_watchedIds.removeOne(id))
        updateWatchActions();

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
        showCaptureDock(false);
        refreshStartPage();
    } else if (!empty && isStartPageShown()) {
        m_central->setCurrentWidget(m_pageStack);
        showCaptureDock(true);
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
    setWindowTitle(tr("%1 \u2014 Embers").arg(m_captures->name(row)));
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    if (!droppedFiles(event->mimeData()).isEmpty() ||
        !droppedSourceMaps(event->mimeData()).isEmpty())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event)
{
    if (const QStringList maps = droppedSourceMaps(event->mimeData()); !maps.isEmpty()) {
        event->acceptProposedAction();
        applySourceMaps(maps);
        return;
    }
    const QStringList files = droppedFiles(event->mimeData());
    if (files.isEmpty())
        return;
    event->acceptProposedAction();
    // Dropped on an open capture: offer to compare with it.
    const int current = currentCaptureRow();
    if (current < 0 || m_captures->state(current) != CaptureListModel::State::Loaded ||
        isStartPageShown()) {
        openFiles(files);
        return;
    }
    const QString name = m_captures->name(current);
    QMenu menu(this);
    QAction *open = menu.addAction(tr("Open as New Captures"));
    QAction *diff = menu.addAction(tr("Diff against %1 (the Base)").arg(name));
    QAction *side = menu.addAction(tr("Side by Side with %1").arg(name));
    QAction *merge = menu.addAction(tr("Merge with %1").arg(name));
    diff->setEnabled(files.size() == 1);
    QAction *chosen = menu.exec(mapToGlobal(event->position().toPoint()));
    QStringList paths = m_captures->paths(current);
    if (paths.size() != 1 || !chosen || chosen == open) {
        if (chosen)
            openFiles(files);
        return;
    }
    paths += files;
    openAndCompare(paths, chosen == diff    ? CompareDialog::Action::Diff
                          : chosen == side  ? CompareDialog::Action::SideBySide
                          : chosen == merge ? CompareDialog::Action::Merge
                                            : CompareDialog::Action::Table);
}

bool MainWindow::applySourceMaps(const QStringList &paths)
{
    const int row = currentCaptureRow();
    CapturePage *page = currentCapturePage();
    if (!page || isStartPageShown() || m_captures->state(row) != CaptureListModel::State::Loaded) {
        statusBar()->showMessage(tr("Open a capture first: source maps apply to the capture "
                                    "shown."),
                                 8000);
        return false;
    }
    page->sourceMaps()->apply(paths);
    return true;
}

void MainWindow::showSourceMapDialog()
{
    const QStringList paths = QFileDialog::getOpenFileNames(
        this, tr("Apply Source Maps"), QDir::homePath(), tr("Source maps (*.map);;All files (*)"));
    if (!paths.isEmpty())
        applySourceMaps(paths);
}

void MainWindow::exportCurrentCapture()
{
    exportCapturePage(this, isStartPageShown() ? nullptr : currentCapturePage(),
                      [this](const QString &text) { statusBar()->showMessage(text, 10000); });
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    saveWindowSettings();
    QMainWindow::closeEvent(event);
}

} // namespace embers
