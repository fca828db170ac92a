#include "SourceMapController.h"

#include "BackgroundJob.h"
#include "CaptureDocument.h"

#include <QFileInfo>

namespace embers {

struct SourceMapController::Outcome
{
    OpenResult result;
    RemapStats stats;
    QStringList errors;
    QStringList used; // the maps that remapped something
    std::shared_ptr<const SourceMapSet> maps;
};

SourceMapController::SourceMapController(CaptureDocument *document)
    : QObject(document), m_document(document), m_job(new BackgroundJob(this))
{
    setObjectName(QStringLiteral("sourceMapController"));
    connect(document, &CaptureDocument::stateChanged, this, [this](CaptureDocument::State s) {
        if (s == CaptureDocument::State::Loaded) {
            documentLoaded();
            return;
        }
        if (s != CaptureDocument::State::Loading)
            return;
        // Loaded again: what was remapped is gone.
        cancel();
        m_original.reset();
        m_remapped.reset();
        m_approximate.reset();
        m_maps.reset();
        m_applied.clear();
        m_offered.clear();
        m_error.clear();
        m_lookedBeside = false;
        setState(State::Original);
    });
}

void SourceMapController::documentLoaded()
{
    if (m_replacing || m_lookedBeside || m_state != State::Original || !m_document->capture())
        return;
    m_lookedBeside = true;
    // Only the names of scripts are looked at (a few files at most), so this stays here.
    m_offered = sourceMapsBesideScripts(m_document->capture()->profiles);
    if (!m_offered.isEmpty())
        setState(State::Offering);
}

void SourceMapController::apply(const QStringList &paths)
{
    const std::shared_ptr<const Capture> base = m_original ? m_original : m_document->capture();
    if (!base || paths.isEmpty())
        return;
    QStringList all = m_applied;
    for (const QString &p : paths) {
        const QString abs = QFileInfo(p).absoluteFilePath();
        if (!all.contains(abs))
            all << abs;
    }
    m_error.clear();
    // A newer apply supersedes a running one.
    m_job->run(
        [files = base->paths, all](JobControl &control) {
            Outcome o;
            SourceMapLoad load = loadSourceMaps(all);
            o.errors = load.errors;
            if (load.maps.empty() || control.isCancelled())
                return o;
            OpenOptions options;
            options.model.granularity = Granularity::FileFunctions; // as CaptureLoader opens
            options.model.cancel = control.cancelFlag();
            options.load.cancel = control.cancelFlag();
            // The samples stay, as a loaded capture's do: another granularity (and the
            // source pane's lines) is built from the remapped profiles, not from the
            // files, which would be the bundle's frames again.
            o.result = openRemappedCapture(files, options, load.maps, &o.stats);
            for (size_t i : o.stats.mapsUsed)
                o.used << load.maps.at(i).path;
            o.maps = std::make_shared<const SourceMapSet>(std::move(load.maps));
            return o;
        },
        [this, all](const Outcome &o) { finished(o, all); });
    setState(State::Applying);
}

void SourceMapController::finished(const Outcome &o, const QStringList &paths)
{
    const OpenResult &result = o.result;
    m_used = o.used;
    QStringList problems = o.errors;
    if (!result.capture) {
        if (!result.error.isEmpty())
            problems << result.error;
        else if (o.errors.isEmpty())
            problems << tr("No source map found in %1.").arg(paths.join(QStringLiteral(", ")));
    } else if (o.stats.framesRemapped == 0) {
        problems << tr("No frame of %1 is in a script these source maps are for.")
                        .arg(QFileInfo(result.capture->paths.value(0)).fileName());
    }
    m_error = problems.join(QLatin1Char('\n'));
    if (!m_error.isEmpty())
        emit message(m_error);
    if (!result.capture || o.stats.framesRemapped == 0) {
        setState(m_remapped ? State::Remapped : State::Original);
        return;
    }
    if (!m_original)
        m_original = m_document->capture();
    m_remapped = result.capture;
    m_applied = paths;
    m_offered.clear();
    m_stats = o.stats;
    m_approximate = std::make_shared<const std::set<std::string>>(o.stats.approximateFunctions);
    m_maps = o.maps;
    m_replacing = true;
    m_document->replaceCapture(m_remapped);
    m_replacing = false;
    setState(State::Remapped);
}

std::function<QString(const StackTable &, uint32_t)> SourceMapController::frameNote() const
{
    if (!m_approximate)
        return {};
    return [approximate = m_approximate](const StackTable &t, uint32_t frame) -> QString {
        const Frame &f = t.frames[frame];
        if (!approximate->count(remapKey(t.strings[f.name], t.strings[f.file])))
            return {};
        return tr("Source map: remapped by line only, approximate (the line holds code of "
                  "several original lines)");
    };
}

void SourceMapController::undo()
{
    cancel();
    if (!m_original)
        return;
    const std::shared_ptr<const Capture> original = m_original;
    m_original.reset();
    m_remapped.reset();
    m_approximate.reset();
    m_maps.reset();
    m_applied.clear();
    m_error.clear();
    m_stats = {};
    m_replacing = true;
    m_document->replaceCapture(original);
    m_replacing = false;
    setState(State::Original);
}

void SourceMapController::cancel()
{
    if (m_state != State::Applying)
        return;
    m_job->cancel();
    setState(m_remapped ? State::Remapped : State::Original);
}

void SourceMapController::dismiss()
{
    m_offered.clear();
    m_error.clear();
    setState(m_state == State::Offering ? State::Original : m_state);
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
    if (changed)
        emit stateChanged(state);
    // Even when the state stays, the texts (an error, the maps used) may not.
    emit this->changed();
}

} // namespace embers
