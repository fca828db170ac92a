// libFuzzer target over the transforms: a list of one to three transforms of any kind,
// picked by the input's recipe (FuzzRecipe.h) from what the profile has, applied at any
// granularity. Checked on every input:
// - the shortcuts agree with the general rules (TransformContext::fastPaths);
// - a transform never raises a total: the report totals stay the source's, and the sum
//   of the values' magnitudes in each sample type never grows;
// - the function table that follows from the previous one (FunctionTableReuse.h) equals
//   one built from scratch;
// - the transform stack gives the same table applied at once, after undo and redo, and
//   after toggling a transform off and on;
// - the bottom-up table keeps every value.
#include "FunctionTable.h"
#include "FunctionTableReuse.h"
#include "FuzzRecipe.h"
#include "InvertedStacks.h"
#include "TransformStack.h"

using namespace embers;
using namespace embers::fuzz;

namespace {

constexpr size_t kColumnsChecked = 4;

size_t columnsChecked(const StackTable &t)
{
    return std::min(t.columnCount(), kColumnsChecked);
}

void sameStacks(const StackTable &a, const StackTable &b, const char *what)
{
    check(a.columnCount() == b.columnCount(), what);
    for (size_t c = 0; c < columnsChecked(a); ++c)
        checkSameStacks(namedStacks(a, c), namedStacks(b, c), what);
}

void sameFunctions(const FunctionTable &a, const FunctionTable &b, const StackTable &t)
{
    check(a.frameCount() == b.frameCount(), "followed function table: frame count");
    for (uint32_t f = 0; f < a.frameCount(); ++f) {
        for (size_t c = 0; c < t.columnCount(); ++c) {
            check(a.flat(f, c) == b.flat(f, c), "followed function table: flat");
            check(a.cum(f, c) == b.cum(f, c), "followed function table: cum");
        }
    }
}

void neverRaisesATotal(const StackTable &source, const StackTable &result)
{
    check(result.totals == source.totals, "a transform changed the report totals");
    for (size_t c = 0; c < source.columnCount(); ++c) {
        check(columnSums(result, c).magnitudes <= columnSums(source, c).magnitudes,
              "a transform raised the sum of |values|");
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const ProfilePtr profile = openAfterRecipe(data, size);
    if (!profile)
        return 0;
    Recipe recipe(data);
    StackTableOptions options;
    options.granularity = Granularity(recipe.inRange<int>(0, 3));
    options.noInlines = recipe.flag();
    options.origins = recipe.flag() ? FrameOriginMode::Split : FrameOriginMode::Listed;
    options.keepLabels = true;
    const std::shared_ptr<const StackTable> source = buildTable(profile, options);
    if (!source)
        return 0;

    std::vector<Transform> list(recipe.inRange<size_t>(1, 3));
    for (Transform &t : list)
        t = pickTransform(recipe, *source);

    // One at a time, each table's function table following the previous one's.
    std::shared_ptr<const StackTable> table = source;
    auto functions = std::make_shared<const FunctionTable>(FunctionTable::build(*table));
    bool ok = true;
    for (const Transform &t : list) {
        if (!t.enabled)
            continue;
        TransformContext general;
        general.fastPaths = false;
        const TransformResult fast = applyTransform(table, t);
        const TransformResult slow = applyTransform(table, t, general);
        check(bool(fast.table) == bool(slow.table), "shortcuts and general rules: success");
        check(fast.matched == slow.matched, "shortcuts and general rules: matched");
        if (!fast.table) {
            check(!fast.error.empty(), "a transform failed without saying why");
            ok = false;
            break;
        }
        sameStacks(*fast.table, *slow.table, "shortcuts and general rules: stacks");
        neverRaisesATotal(*table, *fast.table);
        const auto followed = functionTableFollowing(fast.table, table, functions);
        const FunctionTable built = FunctionTable::build(*fast.table);
        sameFunctions(*followed, built, *fast.table);
        table = fast.table;
        functions = followed;
    }

    // The same list through the window's transform stack, and its edits.
    TransformStack stack(source);
    stack.setTransforms(list);
    const TransformStack::Outcome outcome = stack.apply();
    check(outcome.ok == ok, "transform stack and single transforms disagree on failure");
    if (!ok)
        return 0;
    sameStacks(*stack.result(), *table, "transform stack and single transforms");
    stack.undo();
    stack.apply();
    sameStacks(*stack.result(), *source, "undo of the only edit");
    stack.redo();
    stack.apply();
    sameStacks(*stack.result(), *table, "redo");
    const size_t toggled = recipe.inRange<size_t>(0, list.size() - 1);
    stack.setEnabled(toggled, !list[toggled].enabled);
    stack.apply();
    stack.setEnabled(toggled, list[toggled].enabled);
    stack.apply();
    sameStacks(*stack.result(), *table, "toggled off and on");

    // Bottom-up: the same values under reversed stacks.
    const auto inverted = invertedStackTable(*table);
    for (size_t c = 0; c < table->columnCount(); ++c) {
        const ColumnSums a = columnSums(*table, c), b = columnSums(*inverted, c);
        check(a.values == b.values && a.magnitudes == b.magnitudes, "bottom-up lost values");
    }
    return 0;
}
