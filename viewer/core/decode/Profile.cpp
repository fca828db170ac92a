#include "Profile.h"

namespace embers {

int Profile::defaultSampleIndex() const
{
    if (sampleTypes.empty())
        return -1;
    if (defaultSampleType != 0) {
        for (size_t i = 0; i < sampleTypes.size(); ++i) {
            if (str(sampleTypes[i].type) == str(defaultSampleType))
                return int(i);
        }
    }
    return int(sampleTypes.size()) - 1;
}

std::string Profile::sampleTypeLabel(int index) const
{
    if (index < 0 || size_t(index) >= sampleTypes.size())
        return {};
    return str(sampleTypes[index].type) + "/" + str(sampleTypes[index].unit);
}

bool Profile::labelSetIsDiffBase(uint32_t labelSet) const
{
    for (uint32_t i = labelSetOffsets[labelSet]; i < labelSetOffsets[labelSet + 1]; ++i) {
        if (str(labels[i].key) == "pprof::base" && str(labels[i].str) == "true")
            return true;
    }
    return false;
}

bool Profile::hasDiffBaseSamples() const
{
    for (uint32_t set = 1; set + 1 < labelSetOffsets.size(); ++set) {
        if (labelSetIsDiffBase(set))
            return true;
    }
    return false;
}

} // namespace embers
