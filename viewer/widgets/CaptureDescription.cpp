#include "CaptureDescription.h"

#include "CaptureNames.h"
#include "Units.h"

#include <QDateTime>
#include <QLocale>

namespace embers {

QString CaptureDescription::displayName(const QStringList &paths)
{
    return captureFileName(paths);
}

QStringList CaptureDescription::displayNames(const QList<QStringList> &captures)
{
    QStringList texts;
    for (const CaptureName &name : distinctCaptureNames(captures))
        texts << name.text();
    return texts;
}

QStringList
CaptureDescription::displayNames(const std::vector<std::shared_ptr<const Capture>> &captures)
{
    QList<QStringList> paths;
    for (const auto &c : captures)
        paths << (c ? c->paths : QStringList());
    return displayNames(paths);
}

QString CaptureDescription::sampleTypes(const StackTable &stacks)
{
    QStringList types;
    for (const SampleColumn &column : stacks.columns)
        types << QString::fromStdString(column.type);
    return types.join(QStringLiteral(", "));
}

QString CaptureDescription::sampleType(const SampleColumn &column)
{
    if (column.unit.empty())
        return QString::fromStdString(column.type);
    //: sample type and its unit, e.g. "cpu (nanoseconds)"
    return tr("%1 (%2)").arg(QString::fromStdString(column.type),
                             QString::fromStdString(column.unit));
}

QString CaptureDescription::duration(const CaptureHeader &header)
{
    if (header.durationNanos <= 0)
        return {};
    return QString::fromStdString(units::humanValue(header.durationNanos, "nanoseconds"));
}

QString CaptureDescription::captureTime(const CaptureHeader &header)
{
    if (header.timeNanos <= 0)
        return {};
    QDateTime time = QDateTime::fromMSecsSinceEpoch(header.timeNanos / 1000000);
    // Qt 6.4's formats for Chinese (Taiwan) have CLDR's day period "B" ("Bh:mm"), which
    // QDateTime does not know and prints as a "B"; its AM/PM ("AP") is the same word there.
    const QLocale locale;
    QString format = locale.dateTimeFormat(QLocale::ShortFormat);
    bool quoted = false;
    for (qsizetype i = 0; i < format.size(); ++i) {
        if (format[i] == QLatin1Char('\''))
            quoted = !quoted;
        else if (!quoted && format[i] == QLatin1Char('B'))
            format.replace(i++, 1, QStringLiteral("AP"));
    }
    return locale.toString(time, format);
}

QString CaptureDescription::total(const StackTable &stacks, int column)
{
    if (column < 0 || size_t(column) >= stacks.columnCount())
        return {};
    const SampleColumn &c = stacks.columns[size_t(column)];
    //: a sample type's total, e.g. "7.39 s cpu"
    return tr("%1 %2").arg(
        QString::fromStdString(units::humanValue(stacks.totals[size_t(column)], c.unit)),
        QString::fromStdString(c.type));
}

QStringList CaptureDescription::overview(const Capture &capture)
{
    const StackTable &stacks = *capture.stacks;
    if (stacks.columns.empty())
        return {tr("No sample types")};
    QString total = CaptureDescription::total(stacks, stacks.defaultColumn);
    QString duration = CaptureDescription::duration(stacks.header);
    //: total of the default sample type, then how long the profile ran: "7.39 s cpu in 7.52 s"
    QString first = duration.isEmpty() ? total : tr("%1 in %2").arg(total, duration);
    QString second = sampleTypes(stacks);
    QString time = captureTime(stacks.header);
    if (!time.isEmpty())
        second += QStringLiteral(" \u00B7 ") + time;
    return {first, second};
}

} // namespace embers
