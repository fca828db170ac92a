// libFuzzer target over the whole open path: sniff, inflate, decode, stack trie,
// function table, call tree, pprof report. Any crash, hang, leak or undefined
// behaviour is a bug; bad input must only ever produce an error message.
#include "CallTree.h"
#include "FunctionTable.h"
#include "ProfileLoader.h"
#include "StackTable.h"
#include "TopReport.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    using namespace embers;
    LoadOptions load;
    load.maxInflatedBytes = 64 << 20; // keep each input cheap
    LoadResult r = loadProfileFromBytes(QByteArray(reinterpret_cast<const char *>(data), int(size)),
                                        QStringLiteral("fuzz"), load);
    if (!r.profile)
        return 0;
    for (Granularity g : {Granularity::Functions, Granularity::Lines}) {
        StackTableOptions options;
        options.granularity = g;
        options.pprofNames = g == Granularity::Functions;
        std::string error;
        auto stacks = StackTable::build({r.profile}, options, &error);
        if (!stacks)
            continue;
        auto shared = std::make_shared<const StackTable>(std::move(*stacks));
        FunctionTable functions = FunctionTable::build(*shared);
        for (size_t c = 0; c < shared->columnCount(); ++c) {
            CallTree tree(shared, c);
            volatile int64_t sink = tree.total(CallTree::kRoot) + tree.self(CallTree::kRoot);
            (void)sink;
            TopOptions top;
            top.column = int(c);
            top.nodeFraction = 0;
            (void)formatTopReport(*shared, buildTopTable(*shared, functions, top), top);
        }
    }
    return 0;
}
