#include "SourceMapController.h"

#include "CapturePage.h"
#include "FlameGraphView.h"
#include "FlamePanel.h"

#include <QFileInfo>
#include <QFrame>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>
#include <QtConcurrent>

namespace embers {

namespace {

struct Outcome
{
    OpenResult result;
    RemapStats stats;
    QStringList errors;
    QStringList used; // the maps that remapped something
};

} // namespace

SourceMapController::SourceMapController(CapturePage *page) : QObject(page), m_page(page)
{
    setObjectName(QStringLiteral("sourceMapController"));
    m_bar = new QFrame;
    m_bar->setObjectName(QStringLiteral("sourceMapBar"));
    m_bar->setFrameShape(QFrame::StyledPanel);
    m_bar->setAutoFillBackground(true);
    m_bar->setBackgroundRole(QPalette::AlternateBase);
    m_label = new QLabel;
    m_label->setObjectName(QStringLiteral("sourceMapLabel"));
    m_label->setTextFormat(Qt::PlainText);
    m_label->setWordWrap(true);
    m_applyButton = new QPushButton(tr("&Apply"));
    m_undoButton = new QPushButton(tr("&Undo"));
    m_undoButton->setObjectName(QStringLiteral("sourceMapUndo"));
    m_cancelButton = new QPushButton(tr("Cancel"));
    m_dismissButton = new QPushButton(tr("Dismiss"));
    auto *layout = new QHBoxLayout(m_bar);
    layout->setContentsMargins(8, 3, 8, 3);
    layout->addWidget(m_label, 1);
    layout->addWidget(m_applyButton);
    layout->addWidget(m_dismissButton);
    layout->addWidget(m_cancelButton);
    layout->addWidget(m_undoButton);
    m_bar->hide();
    if (auto *area = qobject_cast<QVBoxLayout *>(page->flamegraphArea()->layout()))
        area->insertWidget(0, m_bar);

    connect(m_applyButton, &QPushButton::clicked, this, [this] { apply(m_offered); });
    connect(m_dismissButton, &QPushButton::clicked, this, [this] {
        m_offered.clear();
        m_error.clear();
        setState(m_state == State::Offering ? State::Original : m_state);
    });
    connect(m_undoButton, &QPushButton::clicked, this, &SourceMapController::undo);
    connect(m_cancelButton, &QPushButton::clicked, this, &SourceMapController::cancel);
    connect(page, &CapturePage::loaded, this, &SourceMapController::pageLoaded);
    connect(page, &CapturePage::stateChanged, this, [this](CapturePage::State s) {
        if (s != CapturePage::State::Loading)
            return;
        // Loaded again: what was remapped is gone.
        cancel();
        m_original.reset();
        m_remapped.reset();
        m_applied.clear();
        m_offered.clear();
        m_error.clear();
        m_lookedBeside = false;
        m_page->flamePanel()->view()->setFrameNote({});
        setState(State::Original);
    });
}

SourceMapController::~SourceMapController()
{
    if (m_cancel)
        *m_cancel = true;
}

SourceMapController *SourceMapController::of(CapturePage *page)
{
    return page ? page->findChild<SourceMapController *>(QStringLiteral("sourceMapController"),
                                                         Qt::FindDirectChildrenOnly)
                : nullptr;
}

void SourceMapController::pageLoaded()
{
    if (m_replacing || m_lookedBeside || m_state != State::Original || !m_page->capture())
        return;
    m_lookedBeside = true;
    // Only the names of scripts are looked at (a few files at most), so this stays here.
    m_offered = sourceMapsBesideScripts(m_page->capture()->profiles);
    if (!m_offered.isEmpty())
        setState(State::Offering);
}

void SourceMapController::apply(const QStringList &paths)
{
    const std::shared_ptr<const Capture> base = m_original ? m_original : m_page->capture();
    if (!base || paths.isEmpty())
        return;
    if (m_cancel)
        *m_cancel = true;
    QStringList all = m_applied;
    for (const QString &p : paths) {
        const QString abs = QFileInfo(p).absoluteFilePath();
        if (!all.contains(abs))
            all << abs;
    }
    auto cancelFlag = std::make_shared<std::atomic_bool>(false);
    m_cancel = cancelFlag;
    const uint64_t generation = ++m_generation;
    m_error.clear();
    setState(State::Applying);

    auto *watcher = new QFutureWatcher<Outcome>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation, all] {
        watcher->deleteLater();
        if (generation != m_generation)
            return; // cancelled or replaced by a newer apply
        const Outcome o = watcher->result();
        m_used = o.used;
        finished(o.result, o.stats, all, o.errors);
    });
    const QStringList files = base->paths;
    watcher->setFuture(QtConcurrent::run([files, all, cancelFlag] {
        Outcome o;
        SourceMapLoad load = loadSourceMaps(all);
        o.errors = load.errors;
        if (load.maps.empty() || *cancelFlag)
            return o;
        OpenOptions options;
        options.model.granularity = Granularity::FileFunctions; // as CaptureLoader opens
        options.model.cancel = cancelFlag.get();
        options.load.cancel = cancelFlag.get();
        options.keepSamples = false;
        o.result = openRemappedCapture(files, options, load.maps, &o.stats);
        for (size_t i : o.stats.mapsUsed)
            o.used << load.maps.at(i).path;
        return o;
    }));
}

void SourceMapController::finished(const OpenResult &result, const RemapStats &stats,
                                   const QStringList &paths, const QStringList &errors)
{
    m_cancel.reset();
    QStringList problems = errors;
    if (!result.capture) {
        if (!result.error.isEmpty())
            problems << result.error;
        else if (errors.isEmpty())
            problems << tr("No source map found in %1.").arg(paths.join(QStringLiteral(", ")));
    } else if (stats.framesRemapped == 0) {
        problems << tr("No frame of %1 is in a script these source maps are for.")
                        .arg(QFileInfo(result.capture->paths.value(0)).fileName());
    }
    m_error = problems.join(QLatin1Char('\n'));
    if (!m_error.isEmpty())
        emit message(m_error);
    if (!result.capture || stats.framesRemapped == 0) {
        setState(m_remapped ? State::Remapped : State::Original);
        return;
    }
    if (!m_original)
        m_original = m_page->capture();
    m_remapped = result.capture;
    m_applied = paths;
    m_offered.clear();
    m_stats = stats;
    auto approximate = std::make_shared<std::set<std::string>>(stats.approximateFunctions);
    m_page->flamePanel()->view()->setFrameNote(
        [approximate](const StackTable &t, uint32_t frame) -> QString {
            const Frame &f = t.frames[frame];
            if (!approximate->count(remapKey(t.strings[f.name], t.strings[f.file])))
                return {};
            return tr("Source map: remapped by line only, approximate (the line holds code of "
                      "several original lines)");
        });
    m_replacing = true;
    m_page->replaceCapture(m_remapped);
    m_replacing = false;
    setState(State::Remapped);
}

void SourceMapController::undo()
{
    cancel();
    if (!m_original)
        return;
    const std::shared_ptr<const Capture> original = m_original;
    m_original.reset();
    m_remapped.reset();
    m_applied.clear();
    m_error.clear();
    m_stats = {};
    m_page->flamePanel()->view()->setFrameNote({});
    m_replacing = true;
    m_page->replaceCapture(original);
    m_replacing = false;
    setState(State::Original);
}

void SourceMapController::cancel()
{
    if (m_state != State::Applying)
        return;
    if (m_cancel)
        *m_cancel = true;
    m_cancel.reset();
    ++m_generation;
    setState(m_remapped ? State::Remapped : State::Original);
}

QString SourceMapController::barText() const
{
    QString text = stateText();
    if (!m_error.isEmpty())
        text = text.isEmpty() ? m_error : text + QLatin1Char('\n') + m_error;
    return text;
}

QString SourceMapController::stateText() const
{
    switch (m_state) {
    case State::Original:
        return {};
    case State::Offering: {
        QStringList names;
        for (const QString &p : m_offered)
            names << QFileInfo(p).fileName();
        return tr("Source maps found beside the capture's scripts: %1")
            .arg(names.join(QStringLiteral(", ")));
    }
    case State::Applying:
        return tr("Applying source maps\u2026");
    case State::Remapped: {
        QStringList names;
        for (const QString &p : m_used)
            names << QFileInfo(p).fileName();
        //: %1 and %2 are counts of frames, %3 the source map files used
        return tr("Source maps: %1 frames remapped, %2 approximate (%3)")
            .arg(m_stats.framesRemapped)
            .arg(m_stats.approximate)
            .arg(names.join(QStringLiteral(", ")));
    }
    }
    return {};
}

void SourceMapController::setState(State state)
{
    const bool changed = state != m_state;
    m_state = state;
    showBar();
    if (changed)
        emit stateChanged(state);
}

void SourceMapController::showBar()
{
    m_label->setText(barText());
    m_label->setToolTip(m_state == State::Remapped   ? m_applied.join(QLatin1Char('\n'))
                        : m_state == State::Offering ? m_offered.join(QLatin1Char('\n'))
                                                     : QString());
    m_applyButton->setVisible(m_state == State::Offering);
    m_dismissButton->setVisible(m_state == State::Offering ||
                                (!m_error.isEmpty() && m_state != State::Applying));
    m_cancelButton->setVisible(m_state == State::Applying);
    m_undoButton->setVisible(m_state == State::Remapped);
    m_bar->setVisible(m_state != State::Original || !m_error.isEmpty());
}

} // namespace embers
