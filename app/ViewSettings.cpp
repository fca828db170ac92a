#include "ViewSettings.h"

#include "CapturePage.h"
#include "FlamePanel.h"

#include <QSettings>
#include <QSplitter>
#include <QVariantMap>

namespace embers {

namespace {

const QString kSplitterKey = QStringLiteral("capture/splitter");
const QString kSampleTypesKey = QStringLiteral("capture/sampleTypes");
const QString kColorModeKey = QStringLiteral("flameGraph/colors");

QString columnName(const SampleColumn &column)
{
    return QString::fromStdString(column.type) + QLatin1Char('/') +
           QString::fromStdString(column.unit);
}

} // namespace

ViewSettings::ViewSettings(QObject *parent)
    : QObject(parent),
      m_colorMode(QSettings().value(kColorModeKey).toString() == QLatin1String("package")
                      ? colors::ColorMode::Package
                      : colors::ColorMode::Function)
{}

QString ViewSettings::profileKind(const StackTable &stacks)
{
    QStringList names;
    for (const SampleColumn &column : stacks.columns)
        names << columnName(column);
    return names.join(QLatin1Char(','));
}

QString ViewSettings::savedSampleType(const QString &kind)
{
    return QSettings().value(kSampleTypesKey).toMap().value(kind).toString();
}

void ViewSettings::attach(CapturePage *page)
{
    m_pages.append(page);
    page->flamePanel()->setColorMode(m_colorMode);
    connect(page->flamePanel(), &FlamePanel::colorModeChanged, this, &ViewSettings::setColorMode);
    QSplitter *splitter = page->splitter();
    splitter->restoreState(QSettings().value(kSplitterKey).toByteArray());
    connect(splitter, &QSplitter::splitterMoved, this, [page] { saveSplitter(page); });
    connect(page, &CapturePage::loaded, this, [this, page] { restoreSampleType(page); });
    connect(page, &CapturePage::sampleTypeChanged, this, [this, page] { saveSampleType(page); });
    connect(page, &QObject::destroyed, this, [this](QObject *gone) {
        m_pages.removeIf([gone](const QPointer<QObject> &p) { return p.isNull() || p == gone; });
    });
}

void ViewSettings::saveSplitter(CapturePage *page)
{
    QSettings().setValue(kSplitterKey, page->splitter()->saveState());
}

void ViewSettings::setColorMode(colors::ColorMode mode)
{
    if (mode == m_colorMode)
        return;
    m_colorMode = mode;
    QSettings().setValue(kColorModeKey, mode == colors::ColorMode::Package
                                            ? QStringLiteral("package")
                                            : QStringLiteral("function"));
    // One choice for every page: the others follow the one the user changed.
    for (const QPointer<QObject> &object : std::as_const(m_pages)) {
        if (auto *page = qobject_cast<CapturePage *>(object.data()))
            page->flamePanel()->setColorMode(mode);
    }
    emit colorModeChanged(mode);
}

void ViewSettings::restoreSampleType(CapturePage *page)
{
    if (!page->capture())
        return;
    const StackTable &stacks = *page->capture()->stacks;
    const QString wanted = savedSampleType(profileKind(stacks));
    if (wanted.isEmpty())
        return;
    for (size_t i = 0; i < stacks.columnCount(); ++i) {
        if (columnName(stacks.columns[i]) == wanted) {
            page->setSampleType(SampleType(i));
            return;
        }
    }
}

void ViewSettings::saveSampleType(CapturePage *page)
{
    if (!page->capture() || !page->sampleType().isIn(*page->capture()->stacks))
        return;
    const StackTable &stacks = *page->capture()->stacks;
    QSettings settings;
    QVariantMap kinds = settings.value(kSampleTypesKey).toMap();
    kinds.insert(profileKind(stacks), columnName(page->sampleType().describedIn(stacks)));
    settings.setValue(kSampleTypesKey, kinds);
}

} // namespace embers
