#include "ProfileSummary.h"

#include "CaptureDescription.h"
#include "Units.h"

#include <QFormLayout>
#include <QLabel>
#include <QLocale>
#include <QScrollArea>
#include <QVBoxLayout>

namespace embers {

ProfileSummary::ProfileSummary(QWidget *parent) : QWidget(parent)
{
    auto *scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto *content = new QWidget(scroll);
    m_form = new QFormLayout(content);
    m_form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_form->setLabelAlignment(Qt::AlignLeft | Qt::AlignTop);
    scroll->setWidget(content);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(scroll);
}

void ProfileSummary::addRow(const QString &label, const QString &value, bool rich)
{
    if (value.isEmpty())
        return;
    auto *text = new QLabel(value);
    text->setTextFormat(rich ? Qt::RichText : Qt::PlainText);
    text->setWordWrap(true);
    text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *name = new QLabel(label);
    name->setBuddy(text);
    m_form->addRow(name, text);
}

QString ProfileSummary::field(const QString &label) const
{
    for (int row = 0; row < m_form->rowCount(); ++row) {
        auto *name =
            qobject_cast<QLabel *>(m_form->itemAt(row, QFormLayout::LabelRole)
                                       ? m_form->itemAt(row, QFormLayout::LabelRole)->widget()
                                       : nullptr);
        if (name && name->text() == label)
            return static_cast<QLabel *>(name->buddy())->text();
    }
    return {};
}

void ProfileSummary::addShown(const Capture &shown)
{
    const StackTable &t = *shown.stacks;
    QStringList lines;
    for (size_t c = 0; c < t.columnCount(); ++c) {
        int64_t sum = 0;
        for (size_t s = 0; s < t.stackCount(); ++s)
            sum = addSaturating(sum, t.value(s, c));
        const std::string &unit = t.columns[c].unit;
        QString line = tr("%1: %2 of %3")
                           .arg(CaptureDescription::sampleType(t.columns[c]),
                                QString::fromStdString(units::humanValue(sum, unit)),
                                QString::fromStdString(units::humanValue(t.totals[c], unit)));
        if (t.totals[c] != 0)
            line += QStringLiteral(" (%1 %)").arg(
                QLocale().toString(100.0 * double(sum) / double(t.totals[c]), 'f', 1));
        lines << line;
    }
    addRow(tr("Shown"), lines.join(QLatin1Char('\n')));
}

void ProfileSummary::setCapture(std::shared_ptr<const Capture> capture)
{
    while (m_form->rowCount() > 0)
        m_form->removeRow(0);
    if (!capture)
        return;
    const StackTable &stacks = *capture->stacks;
    const CaptureHeader &header = stacks.header;
    auto str = [](const std::string &s) { return QString::fromStdString(s); };

    addRow(capture->paths.size() == 1 ? tr("File") : tr("Files"),
           capture->paths.join(QLatin1Char('\n')));
    addRow(tr("File size"), QLocale().formattedDataSize(qint64(capture->fileBytes)));

    QStringList types;
    for (size_t i = 0; i < stacks.columnCount(); ++i) {
        //: one sample type in the summary: "cpu (nanoseconds): 7.39 s total"
        QString line = tr("%1: %2 total")
                           .arg(CaptureDescription::sampleType(stacks.columns[i]),
                                str(units::humanValue(stacks.totals[i], stacks.columns[i].unit)));
        if (int(i) == stacks.defaultColumn)
            line += QLatin1Char(' ') + tr("(default)");
        types << line;
    }
    addRow(tr("Sample types"), types.isEmpty() ? tr("None") : types.join(QLatin1Char('\n')));

    if (header.period != 0) {
        QString period = str(units::humanValue(header.period, header.periodType.unit));
        if (!header.periodType.type.empty())
            period += QLatin1Char(' ') + str(header.periodType.type);
        addRow(tr("Period"), period);
    }
    addRow(tr("Duration"), CaptureDescription::duration(header));
    addRow(tr("Captured"), CaptureDescription::captureTime(header));
    addRow(tr("Program"), str(header.mainBinary));
    addRow(tr("Build ID"), str(header.buildId));

    QStringList comments;
    for (const std::string &c : header.comments)
        comments << str(c);
    addRow(tr("Comments"), comments.join(QLatin1Char('\n')));
    addRow(tr("Drop frames"), str(header.dropFrames));
    addRow(tr("Keep frames"), str(header.keepFrames));

    size_t samples = 0;
    for (const ProfilePtr &p : capture->profiles)
        samples += p->sampleCount();
    QLocale locale;
    //: counts in the model: "1,848 samples, 120 unique stacks, 15 functions"
    addRow(tr("Contents"), tr("%1 samples, %2 unique stacks, %3 functions")
                               .arg(locale.toString(qulonglong(samples)),
                                    locale.toString(qulonglong(stacks.stackCount())),
                                    locale.toString(qulonglong(stacks.frameCount()))));

    QStringList warnings;
    for (const std::string &w : stacks.warnings)
        warnings << str(w);
    addRow(tr("Warnings"), warnings.join(QLatin1Char('\n')));
}

} // namespace embers
