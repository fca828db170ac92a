#include "SourcePane.h"

#include "BackgroundJob.h"
#include "ElidedLabel.h"
#include "GoFolders.h"
#include "SourceMapRemap.h"
#include "SourcePaths.h"
#include "SourceView.h"
#include "Units.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSettings>
#include <QStackedWidget>
#include <QVBoxLayout>

namespace embers {

namespace {

const QString kPrefixesKey = QStringLiteral("source/locatedPrefixes");

// Where Show Source looks, but Go's folders (asked on the worker that needs them).
SourceRoots rootsFor(const QStringList &profilePaths)
{
    SourceRoots roots;
    for (const QString &path : profilePaths)
        roots.profileFolders.push_back(QFileInfo(path).absolutePath().toStdString());
    roots.prefixes = SourcePane::locatedPrefixes();
    return roots;
}

} // namespace

SourceFinder windowSourceFinder(const QStringList &profilePaths,
                                std::shared_ptr<const SourceMapSet> maps)
{
    return [roots = rootsFor(profilePaths), maps](std::string_view recorded) mutable {
        if (FoundSource embedded = embeddedSource(maps.get(), recorded); embedded.text)
            return embedded;
        const std::string file(recorded);
        if (roots.goRoot.empty() && roots.goModCache.empty()) {
            const GoFolders go = goFolders();
            roots.goRoot = go.root;
            roots.goModCache = go.modCache;
        }
        const SourceSearch search = findSource(file, roots);
        return readFoundSource(
            {search.found, search.found.empty() ? "could not find file " + file : std::string()});
    };
}

struct SourcePane::Result
{
    SourceCosts costs;
    std::pair<int64_t, int64_t> range{0, 0};
    std::vector<std::string> tried;
    std::shared_ptr<const SourceText> text; // null when not found
    QString fromMap; // the source map whose sourcesContent the text is; empty: a file
    SourceLanguage language = SourceLanguage::Plain;
    std::vector<SourceLineState> states;
    int labelChars = 4;
};

SourcePane::SourcePane(QWidget *parent) : QWidget(parent), m_job(new BackgroundJob(this))
{
    m_title = new ElidedLabel;
    m_title->setObjectName(QStringLiteral("sourceTitle"));
    m_locate = new QPushButton(tr("&Locate…"));
    m_locate->setObjectName(QStringLiteral("locateSource"));
    m_locate->setToolTip(tr("Choose the file on this machine; files recorded under the same "
                            "folder are then found there too"));
    m_locate->setEnabled(false);
    connect(m_locate, &QPushButton::clicked, this, &SourcePane::locate);
    m_flags = new QLabel;
    m_flags->setObjectName(QStringLiteral("sourceFlags"));
    m_flags->setWordWrap(true);
    m_flags->hide();
    auto *header = new QHBoxLayout;
    header->setContentsMargins(6, 4, 6, 2);
    header->addWidget(m_title, 1);
    header->addWidget(m_locate);

    m_view = new SourceView;
    m_view->setObjectName(QStringLiteral("sourceView"));
    connect(m_view, &SourceView::lineActivated, this, &SourcePane::lineActivated);
    m_placeholder = new QLabel;
    m_placeholder->setObjectName(QStringLiteral("sourcePlaceholder"));
    m_placeholder->setWordWrap(true);
    m_placeholder->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_placeholder->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_placeholder->setContentsMargins(12, 12, 12, 12);
    auto *scroll = new QScrollArea;
    scroll->setWidget(m_placeholder);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    m_stack = new QStackedWidget;
    m_stack->addWidget(scroll);
    m_stack->addWidget(m_view);
    m_placeholder->setText(
        tr("Right-click a function in the flame graph or the table and choose <b>Show "
           "Source</b> (or select it and press %1) to see its lines with their costs here.")
            .arg(QKeySequence(Qt::CTRL | Qt::Key_U).toString(QKeySequence::NativeText)));

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addLayout(header);
    layout->addWidget(m_flags);
    layout->addWidget(m_stack, 1);
}

SourcePane::~SourcePane() = default;

bool SourcePane::isBusy() const
{
    return m_job->isRunning();
}

void SourcePane::show(SourceRequest request)
{
    m_request = std::move(request);
    m_file = m_request.file;
    const QString name = functionName(), file = recordedFile();
    m_found.clear();
    m_title->setText(file.isEmpty() ? name : tr("%1 — %2").arg(name, file));
    m_locate->setEnabled(false);
    m_flags->hide();
    m_placeholder->setText(file.isEmpty() ? tr("Reading the costs of %1…").arg(name.toHtmlEscaped())
                                          : tr("Reading %1…").arg(file.toHtmlEscaped()));
    m_stack->setCurrentIndex(0);
    run();
}

void SourcePane::run()
{
    m_job->run(
        [request = m_request,
         roots = rootsFor(m_request.profilePaths)](JobControl &control) mutable {
            auto result = std::make_shared<Result>();
            if (request.costs)
                result->costs = request.costs(control);
            if (!result->costs.lines || control.isCancelled() || result->costs.file.empty())
                return result;
            request.file = result->costs.file;
            // The function's own lines: from its first line (when the profile says) or
            // its first costly one, to its last costly one.
            const SourceFileCosts &costs = result->costs.costs;
            const FunctionSource &fn = costs.function;
            result->range =
                fn.lines.empty()
                    ? std::pair<int64_t, int64_t>(request.frameLine, request.frameLine)
                    : std::pair<int64_t, int64_t>(
                          fn.startLine > 0 ? std::min(fn.startLine, fn.lines.front().line)
                                           : fn.lines.front().line,
                          fn.lines.back().line);
            result->labelChars = SourceView::widestLabel(costs, result->costs.unit);
            // A remapped frame's original file: as the source map embeds it, which is the
            // text the bundle was built from; else from disk.
            const QByteArray embedded =
                request.maps ? request.maps->sourceContent(request.file, &result->fromMap)
                             : QByteArray();
            if (!embedded.isNull()) {
                result->text = std::make_shared<SourceText>(
                    sourceTextFromBytes(embedded, QString::fromStdString(request.file)));
            } else {
                const GoFolders go = goFolders();
                roots.goRoot = go.root;
                roots.goModCache = go.modCache;
                const SourceSearch search = findSource(request.file, roots);
                result->tried = search.tried;
                if (!search.found.empty())
                    result->text = std::make_shared<SourceText>(
                        readSourceText(QString::fromStdString(search.found)));
            }
            if (result->text && result->text->status == SourceText::Status::Ok) {
                result->language = languageForPath(result->text->path);
                result->states = lineEntryStates(*result->text, result->language);
            }
            return result;
        },
        [this](const std::shared_ptr<Result> &result) {
            if (!result->costs.lines) {
                if (!result->costs.error.isEmpty()) {
                    m_placeholder->setText(result->costs.error.toHtmlEscaped());
                    emit sourceShown();
                }
                return; // cancelled: a newer request follows
            }
            if (result->costs.file.empty()) {
                m_placeholder->setText(tr("The profile names no source file for <b>%1</b>.")
                                           .arg(functionName().toHtmlEscaped()));
                emit sourceShown();
                return;
            }
            m_file = result->costs.file;
            showResult(result);
        });
}

void SourcePane::showResult(const std::shared_ptr<Result> &result)
{
    m_lines = result->costs.lines;
    m_title->setText(tr("%1 — %2").arg(functionName(), recordedFile()));
    const std::string &unit = result->costs.unit;
    const SourceFileCosts &costs = result->costs.costs;
    m_locate->setEnabled(true);
    const bool ok = result->text && result->text->status == SourceText::Status::Ok;
    if (!ok) {
        // What was searched, and the costly lines, which are known without the file.
        QString html;
        if (result->text) {
            QString why;
            switch (result->text->status) {
            case SourceText::Status::Folder:
                why = tr("it is a folder");
                break;
            case SourceText::Status::Special:
                why = tr("it is not a regular file");
                break;
            case SourceText::Status::Unreadable:
                why = tr("it cannot be read");
                break;
            case SourceText::Status::Binary:
                why = tr("it is a binary file, not source text");
                break;
            case SourceText::Status::TooLarge:
                why = tr("it is too large to show");
                break;
            case SourceText::Status::Ok:
            case SourceText::Status::Missing:
                why = tr("it is gone");
                break;
            }
            html = tr("<b>%1</b> was found, but %2.").arg(result->text->path.toHtmlEscaped(), why);
        } else {
            html = tr("<b>%1</b> was not found on this machine. Use <b>Locate…</b> to choose "
                      "it; other files recorded under the same folder are then found too.")
                       .arg(recordedFile().toHtmlEscaped());
        }
        if (!result->tried.empty()) {
            html += QStringLiteral("<p>") + tr("Searched:") + QStringLiteral("<br>");
            for (const std::string &path : result->tried)
                html += QStringLiteral("&nbsp;&nbsp;<tt>%1</tt><br>")
                            .arg(QString::fromStdString(path).toHtmlEscaped());
            html += QStringLiteral("</p>");
        }
        if (!costs.fileLines.empty()) {
            html += QStringLiteral("<p>") + tr("Lines with a cost in this file:") +
                    QStringLiteral("<br>");
            std::vector<LineCost> byCost = costs.fileLines;
            std::sort(byCost.begin(), byCost.end(), [](const LineCost &a, const LineCost &b) {
                return std::abs(a.cum) != std::abs(b.cum) ? std::abs(a.cum) > std::abs(b.cum)
                                                          : a.line < b.line;
            });
            for (const LineCost &c : byCost)
                html += QStringLiteral("&nbsp;&nbsp;<tt>%1</tt>: %2<br>")
                            .arg(tr("line %1").arg(c.line),
                                 tr("self %1, total %2")
                                     .arg(QString::fromStdString(units::humanValue(c.flat, unit)),
                                          QString::fromStdString(units::humanValue(c.cum, unit))));
            html += QStringLiteral("</p>");
        }
        m_placeholder->setText(html);
        m_stack->setCurrentIndex(0);
        emit sourceShown();
        return;
    }
    m_found = result->text->path;
    m_view->setSource(result->text, result->language, result->states);
    const int64_t firstCostly =
        costs.function.lines.empty() ? result->range.first : costs.function.lines.front().line;
    m_view->setCosts(costs, result->range, unit, result->labelChars);
    m_stack->setCurrentIndex(1);
    m_view->showLine(int(std::max<int64_t>(1, firstCostly)));
    // Flags: the file may not be the one the profile was taken from.
    QStringList flags;
    const int64_t lastCostly = costs.fileLines.empty() ? 0 : costs.fileLines.back().line;
    if (lastCostly > result->text->lineCount())
        flags << tr("The file has %n lines, but the profile records costs on line %1: it is "
                    "not the file the profile was taken from.",
                    nullptr, result->text->lineCount())
                     .arg(lastCostly);
    const CaptureHeader &header = m_lines->header;
    QDateTime profiled = header.timeNanos > 0
                             ? QDateTime::fromMSecsSinceEpoch(header.timeNanos / 1000000)
                             : QDateTime();
    if (!profiled.isValid()) {
        for (const QString &path : m_request.profilePaths)
            profiled = std::max(profiled, QFileInfo(path).lastModified());
    }
    if (profiled.isValid() && result->text->modified > profiled)
        flags << tr("The file changed after the profile was taken (%1): lines may have moved.")
                     .arg(QLocale().toString(result->text->modified, QLocale::ShortFormat));
    if (result->text->invalidUtf8)
        flags << tr("The file is not valid UTF-8; what cannot be read shows as \uFFFD.");
    m_title->setText(result->fromMap.isEmpty() ? tr("%1 — %2").arg(functionName(), m_found)
                                               : tr("%1 — %2 (as embedded in %3)")
                                                     .arg(functionName(), m_found,
                                                          QFileInfo(result->fromMap).fileName()));
    m_flags->setText(flags.join(QLatin1Char('\n')));
    m_flags->setVisible(!flags.isEmpty());
    emit sourceShown();
}

void SourcePane::locate()
{
    const QString start = m_found.isEmpty()
                              ? QFileInfo(m_request.profilePaths.value(0)).absolutePath()
                              : QFileInfo(m_found).absolutePath();
    const QString chosen = QFileDialog::getOpenFileName(
        this, tr("Locate %1").arg(QFileInfo(recordedFile()).fileName()), start);
    if (chosen.isEmpty())
        return;
    rememberLocated(m_file, QFileInfo(chosen).absoluteFilePath().toStdString());
    SourceRequest again = m_request;
    again.file = m_file;
    show(std::move(again));
}

void SourcePane::lineActivated(int line)
{
    const SourceFileCosts &costs = m_view->costs();
    std::vector<uint32_t> frames;
    for (size_t i = 0; i < costs.fileLines.size(); ++i) {
        if (costs.fileLines[i].line == line)
            frames.insert(frames.end(), costs.frames[i].begin(), costs.frames[i].end());
    }
    if (m_lines && !frames.empty())
        emit lineFramesActivated(frames);
}

std::vector<std::pair<std::string, std::string>> SourcePane::locatedPrefixes()
{
    std::vector<std::pair<std::string, std::string>> out;
    const QStringList saved = QSettings().value(kPrefixesKey).toStringList();
    for (const QString &entry : saved) {
        const qsizetype tab = entry.indexOf(QLatin1Char('\t'));
        if (tab > 0)
            out.emplace_back(entry.left(tab).toStdString(), entry.mid(tab + 1).toStdString());
    }
    return out;
}

void SourcePane::rememberLocated(const std::string &recorded, const std::string &located)
{
    auto [from, to] = locatedPrefix(recorded, located);
    if (from.empty()) // nothing in common: the file itself stands for its name
        from = recorded, to = located;
    QStringList saved = QSettings().value(kPrefixesKey).toStringList();
    const QString key = QString::fromStdString(from) + QLatin1Char('\t');
    saved.erase(std::remove_if(saved.begin(), saved.end(),
                               [&key](const QString &e) { return e.startsWith(key); }),
                saved.end());
    saved.prepend(key + QString::fromStdString(to));
    while (saved.size() > 200)
        saved.removeLast();
    QSettings().setValue(kPrefixesKey, saved);
}

} // namespace embers
