#include "GranularityChooser.h"

#include "CaptureDocument.h"
#include "Regranulate.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>

#include <algorithm>

namespace embers {

GranularityChooser::GranularityChooser(CaptureDocument *document, QWidget *parent)
    : QWidget(parent), m_document(document), m_combo(new QComboBox), m_status(new QLabel)
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
    connect(document, &CaptureDocument::changed, this, [this](CaptureDocument::Changes what) {
        if (what & CaptureDocument::CaptureChanged)
            showCapture();
        if (what & (CaptureDocument::CaptureChanged | CaptureDocument::GranularityChanged))
            showBuild();
    });
    showCapture();
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

bool GranularityChooser::isBuilding() const
{
    return m_document->isRegranulating();
}

void GranularityChooser::showCapture()
{
    m_combo->clear();
    const std::shared_ptr<const Capture> capture = m_document->capture();
    if (!capture) {
        setEnabled(false);
        return;
    }
    std::vector<Granularity> offered = availableGranularities(capture->profiles);
    Granularity current = capture->stacks->granularity;
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

void GranularityChooser::showBuild()
{
    const bool building = m_document->isRegranulating();
    const QString error = m_document->regranulateError();
    m_status->setVisible(building || !error.isEmpty());
    m_status->setText(building ? tr("Rebuilding\u2026") : tr("Failed"));
    m_status->setToolTip(building ? QString() : error);
    // The list says what is shown once no build is under way.
    if (!building)
        m_combo->setCurrentIndex(m_combo->findData(int(m_shown)));
}

void GranularityChooser::choose(Granularity g)
{
    if (!m_document->capture())
        return;
    const int index = m_combo->findData(int(g));
    if (index >= 0)
        m_combo->setCurrentIndex(index);
    if (g == m_shown)
        m_document->cancelRegranulate(); // back to what is shown: nothing to build
    else
        m_document->setGranularity(g);
}

Granularity GranularityChooser::chosen() const
{
    const QVariant data = m_combo->currentData();
    return data.isValid() ? Granularity(data.toInt()) : m_shown;
}

} // namespace embers
