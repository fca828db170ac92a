// SampleTypeChoice: a combo box as the choice of a sample type, as the capture page and the
// comparison views offer it: one item per type (its data: the column), the shown one
// current, enabled only when there is something to choose.
#pragma once

#include "SampleType.h"
#include "StackTable.h"

class QComboBox;

namespace embers {

// The first `count` types of `stacks` (a comparison offers one group's).
void fillSampleTypes(QComboBox *combo, const StackTable &stacks, size_t count, SampleType current);
void selectSampleType(QComboBox *combo, SampleType current);
SampleType sampleTypeAt(const QComboBox *combo, int index);

} // namespace embers
