#include "ValueRange.h"

namespace embers {

std::string valuesBeyondRangeMessage(const SampleColumn &column)
{
    return "the values of sample type " + column.type + "/" + column.unit +
           " add up beyond what a profile can hold (" + std::to_string(INT64_MAX) + ")";
}

} // namespace embers
