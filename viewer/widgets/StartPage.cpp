#include "StartPage.h"

#include "CaptureDescription.h"

#include <QCommandLinkButton>
#include <QFileInfo>
#include <QGridLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QVBoxLayout>

namespace embers {

namespace {

QLabel *heading(const QString &text, qreal scale)
{
    auto *label = new QLabel(text);
    QFont f = label->font();
    f.setBold(true);
    f.setPointSizeF(f.pointSizeF() * scale);
    label->setFont(f);
    return label;
}

} // namespace

StartPage::StartPage(QWidget *parent) : QWidget(parent)
{
    auto *title = heading(tr("Embers"), 2.0);
    auto *subtitle = new QLabel(tr("A flame graph viewer for pprof profiles."));
    auto *open = new QPushButton(tr("&Open Profile\u2026"));
    open->setObjectName(QStringLiteral("openButton"));
    open->setDefault(true);
    connect(open, &QPushButton::clicked, this, &StartPage::openRequested);
    auto *hint = new QLabel(tr("or drop profile files onto this window"));
    hint->setEnabled(false); // dimmed

    m_lastSession = new QPushButton(tr("Reopen &Last Session"));
    m_lastSession->setObjectName(QStringLiteral("lastSessionButton"));
    connect(m_lastSession, &QPushButton::clicked, this, &StartPage::lastSessionRequested);

    auto *openRow = new QHBoxLayout;
    openRow->addWidget(open);
    openRow->addWidget(m_lastSession);
    openRow->addWidget(hint);
    openRow->addStretch();

    m_recentList = new QVBoxLayout;
    m_recentList->setSpacing(0);
    m_exampleList = new QVBoxLayout;
    m_exampleList->setSpacing(0);
    auto *columns = new QGridLayout;
    columns->setHorizontalSpacing(32);
    columns->addWidget(heading(tr("Recent Files"), 1.2), 0, 0);
    columns->addWidget(heading(tr("Examples"), 1.2), 0, 1);
    columns->addLayout(m_recentList, 1, 0, Qt::AlignTop);
    columns->addLayout(m_exampleList, 1, 1, Qt::AlignTop);
    columns->setColumnStretch(0, 1);
    columns->setColumnStretch(1, 1);

    auto *content = new QWidget;
    content->setMaximumWidth(960);
    auto *layout = new QVBoxLayout(content);
    layout->addWidget(title);
    layout->addWidget(subtitle);
    layout->addSpacing(16);
    layout->addLayout(openRow);
    layout->addSpacing(24);
    layout->addLayout(columns);
    layout->addStretch();

    // Centred horizontally, near the top, scrolling when the window is small.
    auto *centred = new QWidget;
    auto *row = new QHBoxLayout(centred);
    row->addStretch(1);
    row->addWidget(content, 4);
    row->addStretch(1);
    auto *scroll = new QScrollArea;
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(centred);
    auto *outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 24, 0, 0);
    outer->addWidget(scroll);

    setRecentFiles({});
    setExamples({});
    setLastSession({});
}

void StartPage::setLastSession(const QList<QStringList> &captures)
{
    QStringList names;
    for (const QStringList &files : captures)
        names << CaptureDescription::displayName(files);
    m_lastSession->setToolTip(names.join(QLatin1Char('\n')));
    m_lastSession->setVisible(!captures.isEmpty());
}

void StartPage::fill(QVBoxLayout *list, const QList<Example> &entries, const QString &objectPrefix,
                     const QString &emptyText)
{
    while (QLayoutItem *item = list->takeAt(0)) {
        // Later: the list may be refilled from a button's own clicked().
        if (QWidget *w = item->widget()) {
            w->hide();
            w->deleteLater();
        }
        delete item;
    }
    if (entries.isEmpty()) {
        auto *empty = new QLabel(emptyText);
        empty->setEnabled(false);
        list->addWidget(empty);
        return;
    }
    for (const Example &entry : entries) {
        auto *button = new QCommandLinkButton(QFileInfo(entry.path).fileName(), entry.description);
        button->setObjectName(objectPrefix + entry.path);
        button->setToolTip(entry.path);
        const QString path = entry.path;
        connect(button, &QCommandLinkButton::clicked, this,
                [this, path] { emit fileRequested(path); });
        list->addWidget(button);
    }
}

void StartPage::setRecentFiles(const QStringList &paths)
{
    m_recent = paths;
    QList<Example> entries;
    for (const QString &path : paths)
        entries.append({path, QFileInfo(path).absolutePath()});
    fill(m_recentList, entries, QStringLiteral("recent:"), tr("No recent files"));
}

void StartPage::setExamples(const QList<Example> &examples)
{
    m_examples = examples;
    fill(m_exampleList, examples, QStringLiteral("example:"), tr("No examples installed"));
}

QStringList StartPage::exampleFiles() const
{
    QStringList paths;
    for (const Example &e : m_examples)
        paths << e.path;
    return paths;
}

} // namespace embers
