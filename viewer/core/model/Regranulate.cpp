#include "Regranulate.h"

#include "FinerFrames.h"
#include "TruncatedStacks.h"

namespace embers {

std::vector<Granularity> availableGranularities(const std::vector<ProfilePtr> &profiles)
{
    bool files = false, lines = false, addresses = false;
    for (const ProfilePtr &p : profiles) {
        for (const Function &f : p->functions)
            files = files || !p->str(f.filename).empty();
        for (const Line &l : p->lines)
            lines = lines || l.line != 0;
        for (const Location &l : p->locations)
            addresses = addresses || l.address != 0;
    }
    std::vector<Granularity> out{Granularity::Functions};
    if (files)
        out.push_back(Granularity::FileFunctions);
    if (lines)
        out.push_back(Granularity::Lines);
    if (addresses)
        out.push_back(Granularity::Addresses);
    return out;
}

bool hasSamples(const std::vector<ProfilePtr> &profiles)
{
    for (const ProfilePtr &p : profiles) {
        // OpenOptions::keepSamples == false leaves the stacks and samples empty.
        if (p->sampleStacks.empty() && p->stackOffsets.size() <= 1 && !p->locations.empty())
            return false;
    }
    return !profiles.empty();
}

std::shared_ptr<const Capture> regranulate(const Capture &capture, Granularity granularity,
                                           int column, const std::atomic_bool *cancel,
                                           QString *error, bool groupCut, bool withTree)
{
    OpenOptions options;
    options.model.granularity = granularity;
    options.model.cancel = cancel;
    options.load.cancel = cancel;
    options.buildTree = false;
    std::shared_ptr<Capture> out;
    if (hasSamples(capture.profiles)) {
        std::string message;
        auto stacks = StackTable::build(capture.profiles, options.model, &message);
        if (!stacks) {
            if (error)
                *error = QString::fromStdString(message);
            return nullptr;
        }
        out = std::make_shared<Capture>();
        out->paths = capture.paths;
        out->profiles = capture.profiles;
        out->fileBytes = capture.fileBytes;
        out->stacks = std::make_shared<const StackTable>(std::move(*stacks));
        if (cancel && cancel->load())
            return nullptr;
        out->functions = std::make_shared<const FunctionTable>(FunctionTable::build(*out->stacks));
    } else {
        OpenResult opened = openCapture(capture.paths, options);
        if (!opened.capture) {
            if (error)
                *error = opened.error;
            return nullptr;
        }
        out = std::const_pointer_cast<Capture>(opened.capture);
    }
    if (cancel && cancel->load())
        return nullptr;
    if (groupCut) {
        const StackTruncation cut = detectTruncation(*out->stacks);
        if (cut.any() && cut.groupNode == StackTable::kNoFrame) {
            auto grouped = groupTruncated(*out->stacks, cut, cancel);
            if (!grouped)
                return nullptr;
            out->stacks = std::make_shared<const StackTable>(std::move(*grouped));
            out->functions =
                std::make_shared<const FunctionTable>(FunctionTable::build(*out->stacks));
        }
    }
    if (column < 0 || size_t(column) >= out->stacks->columnCount())
        column = out->stacks->defaultColumn;
    if (column >= 0 && withTree)
        out->tree = std::make_shared<const CallTree>(out->stacks, size_t(column));
    return out;
}

uint32_t mapFrame(const StackTable &from, uint32_t frame, const StackTable &to)
{
    if (frame == StackTable::kNoFrame || (frame & kFrameMask) >= from.frameCount())
        return StackTable::kNoFrame;
    // The first best: a coarser frame maps to the first of its finer ones (frame order).
    return nearestFrame(from, frame, to);
}

} // namespace embers
