#include "SampleTypeChoice.h"

#include "CaptureDescription.h"

#include <QComboBox>

namespace embers {

void fillSampleTypes(QComboBox *combo, const StackTable &stacks, size_t count, SampleType current)
{
    combo->clear();
    for (size_t c = 0; c < count; ++c)
        combo->addItem(CaptureDescription::sampleType(stacks.columns[c]), uint(c));
    combo->setEnabled(count > 1);
    selectSampleType(combo, current);
}

void selectSampleType(QComboBox *combo, SampleType current)
{
    if (!current.isNone())
        combo->setCurrentIndex(combo->findData(uint(current.column())));
}

SampleType sampleTypeAt(const QComboBox *combo, int index)
{
    return SampleType(combo->itemData(index).toUInt());
}

} // namespace embers
