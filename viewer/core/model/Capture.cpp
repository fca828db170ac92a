#include "Capture.h"

#include "FunctionTableReuse.h"

#include <QFileInfo>

#include <algorithm>

namespace embers {

OpenResult openCapture(const QStringList &paths, const OpenOptions &options)
{
    OpenResult result;
    auto capture = std::make_shared<Capture>();
    capture->paths = paths;
    std::vector<std::shared_ptr<Profile>> loadedProfiles;
    StackTableOptions model = options.model;
    model.roles.assign(size_t(paths.size()), ProfileRole::Plain);
    model.roles.resize(size_t(paths.size() + options.basePaths.size()), options.baseRole);
    const QStringList all = paths + options.basePaths;
    for (qsizetype i = 0; i < all.size(); ++i) {
        const QString &path = all[i];
        LoadResult loaded;
        if (size_t(i) < options.preloaded.size() && options.preloaded[size_t(i)]) {
            loaded.profile = options.preloaded[size_t(i)];
            loaded.fileBytes = uint64_t(QFileInfo(path).size());
        } else {
            loaded = loadProfile(path, options.load);
        }
        if (!loaded.profile) {
            result.error = loaded.error;
            result.cancelled = loaded.cancelled;
            return result;
        }
        capture->fileBytes += loaded.fileBytes;
        if (options.rewrite)
            loaded.profile = options.rewrite(std::move(loaded.profile));
        loadedProfiles.push_back(loaded.profile);
        capture->profiles.push_back(loaded.profile);
    }
    // Labels by stack cost memory for every stack (+16 % peak on the 1M-sample benchmark);
    // without any label there is nothing to filter by.
    if (model.keepLabels && options.labelsOnlyIfAny)
        model.keepLabels = std::any_of(capture->profiles.begin(), capture->profiles.end(),
                                       [](const ProfilePtr &p) { return !p->labels.empty(); });
    std::string error;
    auto stacks = StackTable::build(capture->profiles, model, &error);
    if (!stacks) {
        result.cancelled = options.model.cancel && options.model.cancel->load();
        result.error = (paths.size() == 1 ? paths.front() : paths.join(QStringLiteral(", "))) +
                       QStringLiteral(": ") + QString::fromStdString(error);
        return result;
    }
    if (!options.keepSamples) {
        // The stacks are built from the samples; after that they are dead weight.
        for (const std::shared_ptr<Profile> &p : loadedProfiles) {
            // swap, not `= {}`: assigning an empty list keeps the capacity.
            std::vector<uint32_t>().swap(p->sampleStacks);
            std::vector<uint32_t>().swap(p->sampleLabelSets);
            std::vector<int64_t>().swap(p->sampleValues);
            std::vector<uint32_t>().swap(p->stackLocations);
            std::vector<uint64_t>{0}.swap(p->stackOffsets);
        }
    }
    // The function table and the tree take a few hundred milliseconds on a big capture;
    // a cancel between them is answered without waiting for both.
    auto cancelled = [&] {
        result.cancelled = options.model.cancel && options.model.cancel->load();
        return result.cancelled;
    };
    if (cancelled())
        return result;
    capture->stacks = std::make_shared<const StackTable>(std::move(*stacks));
    capture->functions =
        std::make_shared<const FunctionTable>(FunctionTable::build(*capture->stacks));
    if (cancelled())
        return result;
    if (options.buildTree && capture->stacks->defaultColumn >= 0)
        capture->tree = std::make_shared<const CallTree>(capture->stacks,
                                                         size_t(capture->stacks->defaultColumn));
    result.capture = capture;
    return result;
}

std::shared_ptr<const Capture> derivedCapture(const Capture &source,
                                              std::shared_ptr<const StackTable> stacks,
                                              SampleType treeType, const Capture *previous,
                                              const std::atomic_bool *cancel)
{
    auto c = std::make_shared<Capture>();
    c->paths = source.paths;
    c->profiles = source.profiles;
    c->fileBytes = source.fileBytes;
    c->stacks = std::move(stacks);
    c->functions = functionTableFollowing(c->stacks, previous ? previous->stacks : nullptr,
                                          previous ? previous->functions : nullptr, cancel);
    if (cancel && *cancel)
        return nullptr;
    if (treeType.isIn(*c->stacks))
        c->tree = std::make_shared<const CallTree>(c->stacks, treeType.column());
    return c;
}

} // namespace embers
