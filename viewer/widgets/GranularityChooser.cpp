#include "GranularityChooser.h"

#include "Regranulate.h"

#include <QComboBox>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QLabel>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>

namespace embers {

GranularityChooser::GranularityChooser(QWidget *parent)
    : QWidget(parent), m_combo(new QComboBox), m_status(new QLabel)
{
    m_combo->setObjectName(QStringLiteral("granularityCombo"));
    m_combo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_combo->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
    m_combo->setToolTip(tr("What makes two frames the same: the function, the function and "
                           "its file, the source line, or the machine address (for native "
                           "profiles without symbols)"));
    auto *label = new QLabel(tr("F&rames:"));
    label->setBuddy(m_combo);
    m_status->setObjectName(QStringLiteral("granularityStatus"));
    m_status->setText(tr("Rebuilding\u2026"));
    m_status->hide();
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(label);
    layout->addWidget(m_combo);
    layout->addWidget(m_status);
    connect(m_combo, &QComboBox::activated, this,
            [this](int index) { choose(Granularity(m_combo->itemData(index).toInt())); });
    setEnabled(false);
}

GranularityChooser::~GranularityChooser()
{
    cancelBuild();
}

QString GranularityChooser::displayName(Granularity g)
{
    switch (g) {
    case Granularity::Functions:
        return tr("Functions");
    case Granularity::FileFunctions:
        return tr("Functions + file");
    case Granularity::Lines:
        return tr("Lines");
    case Granularity::Addresses:
        return tr("Addresses");
    }
    return {};
}

void GranularityChooser::cancelBuild()
{
    if (m_cancel)
        *m_cancel = true; // the worker stops; its result is dropped
    m_cancel.reset();
    m_status->hide();
}

void GranularityChooser::setCapture(std::shared_ptr<const Capture> capture)
{
    cancelBuild();
    m_capture = std::move(capture);
    m_combo->clear();
    if (!m_capture) {
        setEnabled(false);
        return;
    }
    std::vector<Granularity> offered = availableGranularities(m_capture->profiles);
    Granularity current = m_capture->stacks->granularity;
    // Without files, functions + file tells nothing more apart: it is shown as functions.
    if (current == Granularity::FileFunctions &&
        std::find(offered.begin(), offered.end(), current) == offered.end())
        current = Granularity::Functions;
    m_shown = current;
    if (std::find(offered.begin(), offered.end(), current) == offered.end())
        offered.push_back(current);
    for (Granularity g : offered) {
        m_combo->addItem(displayName(g), int(g));
        if (g == current)
            m_combo->setCurrentIndex(m_combo->count() - 1);
    }
    setEnabled(offered.size() > 1);
}

void GranularityChooser::choose(Granularity g)
{
    if (!m_capture)
        return;
    const int index = m_combo->findData(int(g));
    if (index >= 0)
        m_combo->setCurrentIndex(index);
    const Granularity shown = granularity();
    if (g == shown && !m_cancel)
        return;
    cancelBuild();
    if (g == shown)
        return; // back to what is shown: nothing to build
    start(g);
}

Granularity GranularityChooser::chosen() const
{
    const QVariant data = m_combo->currentData();
    return data.isValid() ? Granularity(data.toInt()) : m_shown;
}

void GranularityChooser::rebuild()
{
    if (!m_capture)
        return;
    cancelBuild();
    start(m_shown);
}

void GranularityChooser::start(Granularity g)
{
    auto cancel = std::make_shared<std::atomic_bool>(false);
    m_cancel = cancel;
    m_status->show();
    const int column = m_column ? m_column() : -1;
    const bool group = m_group && m_group();
    auto *watcher = new QFutureWatcher<std::pair<std::shared_ptr<const Capture>, QString>>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, cancel] {
        watcher->deleteLater();
        if (cancel != m_cancel || cancel->load())
            return; // superseded or cancelled
        m_cancel.reset();
        m_status->hide();
        auto [capture, error] = watcher->result();
        if (capture)
            emit rebuilt(capture);
        else
            emit failed(error);
    });
    // `cancel` rides along so that the flag outlives this chooser.
    watcher->setFuture(QtConcurrent::run([capture = m_capture, g, column, group, cancel] {
        QString error;
        auto out = regranulate(*capture, g, column, cancel.get(), &error, group);
        return std::pair{out, error};
    }));
}

} // namespace embers
