// Decoding pprof protobuf: every field kept, any field order, packed or not, sparse
// ids, gzip or raw, inline frames in the right order.
#include "BackgroundInterner.h"
#include "PprofDecoder.h"
#include "ProfileBuilder.h"
#include "StackLabels.h"
#include "StackTable.h"
#include "TestData.h"

#include <QtTest>

#include <google/protobuf/io/zero_copy_stream_impl_lite.h>

#include <set>

using namespace embers;
using namespace embers::test;

namespace {

// Protobuf wire helpers for hand-made messages.
QByteArray varint(uint64_t v)
{
    QByteArray out;
    while (v >= 0x80) {
        out.append(char(v | 0x80));
        v >>= 7;
    }
    out.append(char(v));
    return out;
}
QByteArray field(int number, uint64_t value)
{
    return varint(uint64_t(number) << 3) + varint(value);
}
QByteArray message(int number, const QByteArray &body)
{
    return varint((uint64_t(number) << 3) | 2) + varint(uint64_t(body.size())) + body;
}
// A sample with these location ids, packed, and the value 1.
QByteArray sample(const std::vector<uint64_t> &ids)
{
    QByteArray packed;
    for (uint64_t id : ids)
        packed += varint(id);
    return message(2, message(1, packed) + message(2, varint(1)));
}

// Decodes `bytes` handed over in blocks of `blockSize` (-1: at once). `busyBeside` 1000
// means no machine has the cores for a helper thread: stacks then go by packed bytes.
DecodeResult decodeWith(const QByteArray &bytes, unsigned busyBeside, int blockSize = -1)
{
    google::protobuf::io::ArrayInputStream in(bytes.constData(), int(bytes.size()), blockSize);
    return decodePprof(in, nullptr, {}, busyBeside);
}

std::vector<std::string> frameNames(const StackTable &t, size_t stack)
{
    std::vector<uint32_t> frames;
    t.stackFrames(stack, frames);
    std::vector<std::string> names;
    for (uint32_t f : frames)
        names.push_back(t.frameName(f) + ((f & kInlineBit) ? " (inline)" : ""));
    return names;
}

StackTable tableOf(const LoadResult &r, Granularity g = Granularity::Functions)
{
    StackTableOptions o;
    o.granularity = g;
    std::string error;
    auto t = StackTable::build({r.profile}, o, &error);
    if (!t)
        qFatal("%s", error.c_str());
    return std::move(*t);
}

} // namespace

class TestDecoder : public QObject
{
    Q_OBJECT

private slots:
    void rawAndGzipDecodeTheSame()
    {
        const QString dir = sharedProfiles() + QStringLiteral("/pprof-testdata/");
        LoadResult gz = loadProfile(dir + QStringLiteral("sample.cpu"));
        LoadResult raw = loadProfile(dir + QStringLiteral("derived/sample.cpu.raw.pb"));
        QVERIFY2(gz.profile && raw.profile, qPrintable(gz.error + raw.error));
        QVERIFY(gz.wasGzip);
        QVERIFY(!raw.wasGzip);
        QCOMPARE(gz.profile->strings, raw.profile->strings);
        QCOMPARE(gz.profile->sampleValues, raw.profile->sampleValues);
        QCOMPARE(gz.profile->stackLocations, raw.profile->stackLocations);
        QCOMPARE(gz.profile->sampleCount(), size_t(76)); // README: 76 samples
        QCOMPARE(gz.profile->locations.size(), size_t(86));
        QCOMPARE(gz.profile->functions.size(), size_t(14));
        QCOMPARE(gz.profile->mappings.size(), size_t(3));
        QCOMPARE(gz.profile->messageBytes, uint64_t(raw.fileBytes));
    }

    void keepsEveryField()
    {
        ProfileBuilder b;
        b.sampleType("samples", "count").sampleType("cpu", "nanoseconds");
        auto &p = b.proto();
        p.set_period(10000000);
        p.mutable_period_type()->set_type(b.str("cpu"));
        p.mutable_period_type()->set_unit(b.str("nanoseconds"));
        p.set_duration_nanos(2000000000);
        p.set_time_nanos(1506718679257235370);
        p.add_comment(b.str("first comment"));
        p.add_comment(b.str("#hidden"));
        p.set_drop_frames(b.str("runtime\\..*"));
        p.set_keep_frames(b.str("runtime\\.keep"));
        p.set_default_sample_type(b.str("samples"));
        p.set_doc_url(b.str("https://example.com/doc"));
        auto *m = p.add_mapping();
        m->set_id(7);
        m->set_memory_start(0x400000);
        m->set_memory_limit(0x500000);
        m->set_file_offset(0x1000);
        m->set_filename(b.str("/bin/server"));
        m->set_build_id(b.str("abc123"));
        m->set_has_functions(true);
        m->set_has_inline_frames(true);
        uint64_t fn = b.function("main.work", "main.go", 42);
        auto *loc = p.add_location();
        loc->set_id(99);
        loc->set_mapping_id(7);
        loc->set_address(0x401234);
        loc->set_is_folded(true);
        auto *line = loc->add_line();
        line->set_function_id(fn);
        line->set_line(45);
        line->set_column(9);
        auto *s = p.add_sample();
        s->add_location_id(99);
        s->add_value(3);
        s->add_value(30000000);
        auto *l1 = s->add_label();
        l1->set_key(b.str("thread"));
        l1->set_str(b.str("worker-1"));
        auto *l2 = s->add_label();
        l2->set_key(b.str("bytes"));
        l2->set_num(4096);
        l2->set_num_unit(b.str("bytes"));
        auto *l3 = s->add_label(); // key only: dropped, as pprof does
        l3->set_key(b.str("empty"));
        auto *l4 = s->add_label(); // str and num: the string wins
        l4->set_key(b.str("both"));
        l4->set_str(b.str("text"));
        l4->set_num(5);

        LoadResult r = b.load();
        QVERIFY2(r.profile, qPrintable(r.error));
        const Profile &q = *r.profile;
        QCOMPARE(q.period, int64_t(10000000));
        QCOMPARE(q.str(q.periodType.type), std::string("cpu"));
        QCOMPARE(q.str(q.periodType.unit), std::string("nanoseconds"));
        QCOMPARE(q.durationNanos, int64_t(2000000000));
        QCOMPARE(q.timeNanos, int64_t(1506718679257235370));
        QCOMPARE(q.comments.size(), size_t(2));
        QCOMPARE(q.str(q.comments[1]), std::string("#hidden"));
        QCOMPARE(q.str(q.dropFrames), std::string("runtime\\..*"));
        QCOMPARE(q.str(q.keepFrames), std::string("runtime\\.keep"));
        QCOMPARE(q.str(q.docUrl), std::string("https://example.com/doc"));
        QCOMPARE(q.defaultSampleIndex(), 0); // names "samples", not the last column
        QCOMPARE(q.sampleTypeLabel(1), std::string("cpu/nanoseconds"));
        QCOMPARE(q.mappings.size(), size_t(1));
        const Mapping &mm = q.mappings[0];
        QCOMPARE(mm.id, uint64_t(7));
        QCOMPARE(mm.memoryStart, uint64_t(0x400000));
        QCOMPARE(mm.memoryLimit, uint64_t(0x500000));
        QCOMPARE(mm.fileOffset, uint64_t(0x1000));
        QCOMPARE(q.str(mm.filename), std::string("/bin/server"));
        QCOMPARE(q.str(mm.buildId), std::string("abc123"));
        QVERIFY(mm.hasFunctions && mm.hasInlineFrames && !mm.hasFilenames && !mm.hasLineNumbers);
        QCOMPARE(q.locations.size(), size_t(1));
        const Location &ll = q.locations[0];
        QCOMPARE(ll.id, uint64_t(99));
        QCOMPARE(ll.mapping, 0u);
        QCOMPARE(ll.address, uint64_t(0x401234));
        QVERIFY(ll.isFolded);
        QCOMPARE(ll.lineCount, 1u);
        const Line &ln = q.lines[ll.firstLine];
        QCOMPARE(ln.line, int64_t(45));
        QCOMPARE(ln.column, int64_t(9));
        const Function &ff = q.functions[ln.function];
        QCOMPARE(q.str(ff.name), std::string("main.work"));
        QCOMPARE(q.str(ff.filename), std::string("main.go"));
        QCOMPARE(ff.startLine, int64_t(42));
        // Labels: three kept (thread, bytes, both), the key-only one dropped.
        QCOMPARE(q.sampleLabelSets[0], 1u);
        const uint32_t begin = q.labelSetOffsets[1], end = q.labelSetOffsets[2];
        QCOMPARE(end - begin, 3u);
        QCOMPARE(q.str(q.labels[begin].str), std::string("worker-1"));
        QCOMPARE(q.labels[begin + 1].num, int64_t(4096));
        QCOMPARE(q.str(q.labels[begin + 1].numUnit), std::string("bytes"));
        QCOMPARE(q.str(q.labels[begin + 2].str), std::string("text"));
        QCOMPARE(q.labels[begin + 2].num, int64_t(0));
    }

    // Location lines are innermost first; the expanded stack is main -> printf -> memcpy,
    // with memcpy inlined into printf, and the flat value lands on memcpy.
    // A label set per sample is kept only once a sample has labels: before, every set is
    // 0 and the array stays empty; from then on it holds one per sample, zeros included.
    void labelSetsOnlyOnceASampleHasLabels()
    {
        auto build = [](int labelled) { // the sample with a label, or -1
            ProfileBuilder b;
            b.sampleType("samples", "count");
            for (int i = 0; i < 4; ++i)
                b.sample({"main", i % 2 ? "a" : "b"}, {i + 1});
            if (labelled >= 0) {
                auto *l = b.proto().mutable_sample(labelled)->add_label();
                l->set_key(b.str("thread"));
                l->set_str(b.str("t1"));
            }
            return b.load();
        };
        LoadResult plain = build(-1);
        QVERIFY2(plain.profile, qPrintable(plain.error));
        QVERIFY(plain.profile->sampleLabelSets.empty());
        for (size_t i = 0; i < 4; ++i)
            QCOMPARE(plain.profile->labelSetOf(i), 0u);
        for (int labelled : {0, 2}) {
            LoadResult r = build(labelled);
            QVERIFY2(r.profile, qPrintable(r.error));
            std::vector<uint32_t> expected(4, 0);
            expected[size_t(labelled)] = 1;
            QCOMPARE(r.profile->sampleLabelSets, expected);
            // The label counts its own sample's value; every value stays in the total.
            StackTableOptions options;
            options.keepLabels = true;
            std::string error;
            auto t = StackTable::build({r.profile}, options, &error);
            QVERIFY2(t, error.c_str());
            QVERIFY(t->sampleLabels);
            const auto threads = t->sampleLabels->valuesOf("thread", 0);
            QCOMPARE(threads.size(), size_t(1));
            QCOMPARE(threads[0].totals, std::vector<int64_t>{labelled + 1});
            QCOMPARE(t->totals, std::vector<int64_t>{10});
        }
    }

    void inlineFramesInOrder()
    {
        ProfileBuilder b;
        b.sampleType("samples", "count");
        uint64_t inner = b.location({{"memcpy", 10}, {"printf", 20}});
        uint64_t outer = b.location({{"main", 30}});
        b.sampleIds({inner, outer}, {5});
        LoadResult r = b.load();
        QVERIFY2(r.profile, qPrintable(r.error));
        StackTable t = tableOf(r);
        QCOMPARE(t.stackCount(), size_t(1));
        QCOMPARE(frameNames(t, 0), (std::vector<std::string>{"main", "printf", "memcpy (inline)"}));
        QCOMPARE(t.value(0, 0), int64_t(5));
    }

    void sparseOutOfOrderIds()
    {
        ProfileBuilder dense, sparse;
        sparse.idStride(104729, 1000000000000ULL);
        for (ProfileBuilder *b : {&dense, &sparse}) {
            b->sampleType("samples", "count");
            b->sample({"main", "a", "b"}, {3});
            b->sample({"main", "a", "c"}, {4});
            b->sample({"main", "c"}, {5});
        }
        // Definitions after use, in reverse order.
        auto &p = sparse.proto();
        std::reverse(p.mutable_location()->begin(), p.mutable_location()->end());
        std::reverse(p.mutable_function()->begin(), p.mutable_function()->end());
        LoadResult a = dense.load(), b = sparse.load();
        QVERIFY2(a.profile && b.profile, qPrintable(a.error + b.error));
        QVERIFY(b.profile->locations[0].id >= 1000000000000ULL);
        StackTable ta = tableOf(a), tb = tableOf(b);
        QCOMPARE(ta.stackCount(), tb.stackCount());
        for (size_t s = 0; s < ta.stackCount(); ++s) {
            QCOMPARE(frameNames(ta, s), frameNames(tb, s));
            QCOMPARE(ta.value(s, 0), tb.value(s, 0));
        }
    }

    // Samples first, then locations, functions, strings, sample types last; one sample
    // with unpacked ids and values, one packed: all the same to the decoder.
    void interleavedFieldsAndUnpackedValues()
    {
        QByteArray strings;
        for (const char *s : {"", "samples", "count", "main", "work"})
            strings += message(6, QByteArray(s));
        QByteArray unpacked = field(1, 2) + field(1, 1) + field(2, 7); // ids 2, 1; value 7
        QByteArray packed = message(1, varint(2) + varint(1)) + message(2, varint(5));
        QByteArray bytes = message(2, unpacked) +
                           message(4, field(1, 1) + message(4, field(1, 10) + field(2, 3))) +
                           message(5, field(1, 10) + field(2, 3)) + strings + message(2, packed) +
                           message(4, field(1, 2) + message(4, field(1, 20) + field(2, 9))) +
                           message(5, field(1, 20) + field(2, 4)) +
                           message(1, field(1, 1) + field(2, 2));
        for (bool gz : {false, true}) {
            LoadResult r = loadProfileFromBytes(gz ? gzipBytes(bytes) : bytes, QStringLiteral("x"));
            QVERIFY2(r.profile, qPrintable(r.error));
            QCOMPARE(r.profile->sampleCount(), size_t(2));
            QCOMPARE(r.profile->stackCount(), size_t(1)); // same stack twice
            StackTable t = tableOf(r);
            QCOMPARE(t.stackCount(), size_t(1));
            QCOMPARE(frameNames(t, 0), (std::vector<std::string>{"main", "work"}));
            QCOMPARE(t.value(0, 0), int64_t(12));
        }
    }

    // Locations are numbered by first use in the file, by a location message or by a
    // sample: samples before, between and after the messages, one id above 32 bits. The
    // frames' order follows from it. (A decoder that looks the ids up per unique stack,
    // after the samples, must renumber its slots to keep it.)
    void locationsInOrderOfFirstUse()
    {
        const uint64_t big = 5000000000ULL;
        auto location = [](uint64_t id, uint64_t function) {
            return message(4, field(1, id) + message(4, field(1, function) + field(2, 1)));
        };
        QByteArray strings;
        for (const char *s : {"", "samples", "count", "main", "a", "b", "c", "unused"})
            strings += message(6, QByteArray(s));
        QByteArray functions;
        for (uint64_t f = 1; f <= 5; ++f)
            functions += message(5, field(1, f) + field(2, f + 2));
        const QByteArray bytes = message(1, field(1, 1) + field(2, 2)) + sample({3, 1}) +
                                 location(2, 2) + sample({big, 2, 1}) + sample({3, 1}) +
                                 location(1, 1) + location(3, 3) + location(big, 4) +
                                 location(7, 5) + functions + strings;
        LoadResult r = loadProfileFromBytes(bytes, QStringLiteral("order.pb"));
        QVERIFY2(r.profile, qPrintable(r.error));
        std::vector<uint64_t> ids;
        for (const Location &l : r.profile->locations)
            ids.push_back(l.id);
        QCOMPARE(ids, (std::vector<uint64_t>{3, 1, 2, big, 7}));
        StackTable t = tableOf(r);
        QCOMPARE(t.stackCount(), size_t(2));
        std::set<std::vector<std::string>> stacks;
        for (size_t s = 0; s < t.stackCount(); ++s)
            stacks.insert(frameNames(t, s));
        QCOMPARE(stacks, (std::set<std::vector<std::string>>{{"main", "b"}, {"main", "a", "c"}}));
    }

    // Writers such as Go number locations 1, 2, 3, ... in order of first use, and the
    // decoder then takes an id for its slot + 1 without a lookup. Here ids 1 and 2 come in
    // that order and 4 breaks it: 3 and 4 must still be told apart.
    void locationIdsThatStopBeingInOrder()
    {
        auto location = [](uint64_t id) {
            return message(4, field(1, id) + message(4, field(1, id) + field(2, 1)));
        };
        QByteArray strings;
        for (const char *s : {"", "samples", "count", "main", "a", "b", "c"})
            strings += message(6, QByteArray(s));
        QByteArray functions;
        for (uint64_t f = 1; f <= 4; ++f)
            functions += message(5, field(1, f) + field(2, f + 2));
        const QByteArray bytes = message(1, field(1, 1) + field(2, 2)) + location(1) + location(2) +
                                 sample({2, 1}) + location(4) + sample({3, 1}) + location(3) +
                                 sample({4, 2, 1}) + sample({5, 3, 1}) + functions + strings;
        LoadResult r = loadProfileFromBytes(bytes, QStringLiteral("order.pb"));
        QVERIFY2(r.profile, qPrintable(r.error));
        std::vector<uint64_t> ids;
        for (const Location &l : r.profile->locations)
            ids.push_back(l.id);
        QCOMPARE(ids, (std::vector<uint64_t>{1, 2, 4, 3, 5}));
        StackTable t = tableOf(r);
        std::set<std::vector<std::string>> stacks;
        for (size_t s = 0; s < t.stackCount(); ++s)
            stacks.insert(frameNames(t, s));
        QCOMPARE(stacks,
                 (std::set<std::vector<std::string>>{{"main", "a"},
                                                     {"main", "b"},
                                                     {"main", "a", "c"},
                                                     {"main", "b", "<missing location 5>"}}));
    }

    // Varints of one to ten bytes, at the edges of each length, in one packed run of ids,
    // are read back whole (checked here as the locations, in order of first use).
    void varintsOfEveryLength()
    {
        const std::vector<uint64_t> ids = {1,          127,
                                           128,        16383,
                                           16384,      (1ULL << 21) - 1,
                                           1ULL << 21, (1ULL << 28) - 1,
                                           1ULL << 28, (1ULL << 35) - 1,
                                           1ULL << 35, 1ULL << 56,
                                           1ULL << 63, ~0ULL,
                                           200,        3};
        QByteArray strings;
        for (const char *s : {"", "samples", "count"})
            strings += message(6, QByteArray(s));
        const QByteArray bytes =
            message(1, field(1, 1) + field(2, 2)) + sample(ids) + sample({3, 200}) + strings;
        LoadResult r = loadProfileFromBytes(bytes, QStringLiteral("varints.pb"));
        QVERIFY2(r.profile, qPrintable(r.error));
        std::vector<uint64_t> read;
        for (const Location &l : r.profile->locations)
            read.push_back(l.id);
        QCOMPARE(read, ids);
        QCOMPARE(r.profile->stackCount(), size_t(2));
    }

    // Samples come in the shapes the decoder reads straight from its buffer (ids and
    // values packed or not, labels of numbers) and in shapes it leaves to the general
    // reader: an unknown field in the sample or in a label, or a sample cut by the end
    // of an inflated chunk. Each pair here differs only in that, so must decode alike.
    void everySampleShapeDecodesAlike()
    {
        QByteArray strings;
        for (const char *s :
             {"", "samples", "count", "main", "work", "thread", "t1", "bytes", "size"})
            strings += message(6, QByteArray(s));
        const QByteArray header = strings + message(1, field(1, 1) + field(2, 2)) +
                                  message(4, field(1, 1) + message(4, field(1, 10))) +
                                  message(5, field(1, 10) + field(2, 3)) +
                                  message(4, field(1, 300) + message(4, field(1, 20))) +
                                  message(5, field(1, 20) + field(2, 4));
        const QByteArray strLabel = message(3, field(1, 5) + field(2, 6));
        const QByteArray numLabel = message(3, field(1, 8) + field(3, 4096) + field(4, 7));
        const QByteArray negativeValue = field(2, uint64_t(-3)); // ten bytes
        struct Shape
        {
            const char *what;
            QByteArray fast, general;
        };
        const Shape shapes[] = {
            {"packed", message(1, varint(300) + varint(1)) + message(2, varint(5)) + strLabel,
             message(1, varint(300) + varint(1)) + message(2, varint(5)) + strLabel + field(9, 1)},
            {"unpacked", field(1, 300) + field(1, 1) + negativeValue + numLabel,
             field(1, 300) + numLabel + field(1, 1) + negativeValue + field(9, 1)},
            {"label", field(1, 1) + field(2, 2) + numLabel + strLabel,
             field(1, 1) + field(2, 2) +
                 message(3, field(1, 8) + field(3, 4096) + field(4, 7) + field(5, 1)) + strLabel},
        };
        for (const Shape &shape : shapes) {
            LoadResult fast = loadProfileFromBytes(header + message(2, shape.fast), "fast");
            LoadResult general =
                loadProfileFromBytes(header + message(2, shape.general), "general");
            QVERIFY2(fast.profile && general.profile, qPrintable(fast.error + general.error));
            QVERIFY2(fast.profile->stackLocations == general.profile->stackLocations, shape.what);
            QVERIFY2(fast.profile->sampleValues == general.profile->sampleValues, shape.what);
            QCOMPARE(fast.profile->labels.size(), general.profile->labels.size());
            for (size_t i = 0; i < fast.profile->labels.size(); ++i) {
                const Label &a = fast.profile->labels[i], &b = general.profile->labels[i];
                QVERIFY2(a.key == b.key && a.str == b.str && a.num == b.num &&
                             a.numUnit == b.numUnit,
                         shape.what);
            }
        }
        // Hand-checked: the packed shape is main -> work (ids leaf first), value 5,
        // label thread=t1; the unpacked one has value -3 and size=4096 bytes.
        LoadResult packed = loadProfileFromBytes(header + message(2, shapes[0].fast), "x");
        QCOMPARE(packed.profile->stackLocations.size(), size_t(2));
        QCOMPARE(packed.profile->sampleValues, (std::vector<int64_t>{5}));
        QCOMPARE(packed.profile->labels.size(), size_t(1));
        QCOMPARE(packed.profile->strings[packed.profile->labels[0].str], std::string("t1"));
        LoadResult unpacked = loadProfileFromBytes(header + message(2, shapes[1].fast), "x");
        QCOMPARE(unpacked.profile->sampleValues, (std::vector<int64_t>{-3}));
        QCOMPARE(unpacked.profile->labels[0].num, int64_t(4096));

        // Many samples, so that inflated chunks (1 MiB) end inside some of them: gzip'd
        // and raw decode alike.
        QByteArray many = header;
        for (int i = 0; i < 100000; ++i) {
            QByteArray ids;
            for (int d = 0; d < 1 + i % 9; ++d)
                ids += varint(d % 2 ? 1 : 300);
            many += message(2, message(1, ids) + message(2, varint(uint64_t(i))) +
                                   (i % 3 ? strLabel : numLabel));
        }
        QVERIFY(many.size() > 2 * (1 << 20));
        LoadResult raw = loadProfileFromBytes(many, "raw");
        LoadResult gz = loadProfileFromBytes(gzipBytes(many), "gz");
        QVERIFY2(raw.profile && gz.profile, qPrintable(raw.error + gz.error));
        QVERIFY(gz.wasGzip);
        QCOMPARE(raw.profile->sampleCount(), size_t(100000));
        QCOMPARE(raw.profile->stackCount(), size_t(9));
        QVERIFY(raw.profile->sampleStacks == gz.profile->sampleStacks);
        QVERIFY(raw.profile->sampleValues == gz.profile->sampleValues);
        QVERIFY(raw.profile->sampleLabelSets == gz.profile->sampleLabelSets);
        for (int64_t i = 0; i < 100000; ++i) // sample i has the value i, in order
            QCOMPARE(gz.profile->sampleValues[size_t(i)], i);
    }

    // Where no helper thread pays, stacks are found by the bytes of their packed ids and
    // only new bytes are decoded. That must give what decoding every sample gives: the
    // same stacks, in the same order, for samples over several batches, with locations
    // between them, ids unpacked, a stack written with an overlong varint, a sample with
    // no ids, and samples cut by the end of an input block (left to the general reader).
    void packedBytesFindTheSameStacks()
    {
        auto location = [](uint64_t id) {
            return message(4, field(1, id) + message(4, field(1, 1) + field(2, 1)));
        };
        QByteArray bytes = message(6, QByteArray()) + message(6, QByteArray("samples")) +
                           message(6, QByteArray("count")) + message(6, QByteArray("f")) +
                           message(1, field(1, 1) + field(2, 2)) +
                           message(5, field(1, 1) + field(2, 3));
        const QByteArray overlongOne =
            message(2, message(1, QByteArray("\x81\x00", 2) + varint(2)) + message(2, varint(1)));
        const QByteArray unpacked = message(2, field(1, 1) + field(1, 2) + field(2, 1));
        const QByteArray noIds = message(2, message(2, varint(1)));
        for (uint64_t i = 0; i < 20000; ++i) {
            if (i % 997 == 0)
                bytes += location(1 + i / 997); // some ids are defined before their use
            bytes += i % 5000 == 7   ? overlongOne
                     : i % 5000 == 8 ? unpacked
                     : i % 5000 == 9 ? noIds
                                     : sample({1 + (i * 7) % 50, 1 + i % 3, 2});
        }
        for (uint64_t id = 1; id <= 60; ++id)
            bytes += location(id); // duplicates of the early ones are warned about
        for (int blockSize : {-1, 4096}) {
            DecodeResult byBytes = decodeWith(bytes, 1000, blockSize),
                         decoded = decodeWith(bytes, 0, blockSize);
            QVERIFY2(byBytes.profile && decoded.profile, (byBytes.error + decoded.error).c_str());
            const Profile &a = *byBytes.profile, &b = *decoded.profile;
            QCOMPARE(a.sampleCount(), size_t(20000));
            QVERIFY(a.sampleStacks == b.sampleStacks);
            QVERIFY(a.stackOffsets == b.stackOffsets && a.stackLocations == b.stackLocations);
            QCOMPARE(a.locations.size(), b.locations.size());
            for (size_t l = 0; l < a.locations.size(); ++l)
                QCOMPARE(a.locations[l].id, b.locations[l].id);
            // Hand-checked: samples 7 and 5007 (ids 1 overlong, 2) and 8 and 5008 (1, 2
            // unpacked) are one stack of two locations; 9 and 5009 have none.
            for (size_t i : {5007, 8, 5008})
                QCOMPARE(a.sampleStacks[i], a.sampleStacks[7]);
            auto stackSize = [&](uint32_t stack) {
                return a.stackOffsets[stack + 1] - a.stackOffsets[stack];
            };
            QCOMPARE(stackSize(a.sampleStacks[7]), uint64_t(2));
            QCOMPARE(a.sampleStacks[5009], a.sampleStacks[9]);
            QCOMPARE(stackSize(a.sampleStacks[9]), uint64_t(0));
            std::set<std::vector<uint64_t>> distinct{{1, 2}, {}};
            for (uint64_t i = 0; i < 20000; ++i)
                if (i % 5000 < 7 || i % 5000 > 9)
                    distinct.insert({1 + (i * 7) % 50, 1 + i % 3, 2});
            QCOMPARE(a.stackCount(), distinct.size());
        }
        // Mostly new stacks: the packed bytes stop paying after a window of 65536 samples,
        // and the rest go by their slots, in order, as decoding gives them.
        QByteArray unique = message(1, field(1, 1) + field(2, 2)) + message(6, QByteArray()) +
                            message(6, QByteArray("samples")) + message(6, QByteArray("count"));
        for (uint64_t i = 0; i < 100000; ++i)
            unique += sample({1 + i, 1 + i % 7, 1 + (i * 13) % 100});
        for (int blockSize : {-1, 4096}) {
            DecodeResult byBytes = decodeWith(unique, 1000, blockSize),
                         decoded = decodeWith(unique, 0, blockSize);
            QVERIFY2(byBytes.profile && decoded.profile, (byBytes.error + decoded.error).c_str());
            QCOMPARE(byBytes.profile->stackCount(), size_t(100000));
            QVERIFY(byBytes.profile->sampleStacks == decoded.profile->sampleStacks);
            QVERIFY(byBytes.profile->stackLocations == decoded.profile->stackLocations);
        }

        // A corrupt number in a queued run: the same message either way.
        const QByteArray corrupt = bytes + message(2, message(1, QByteArray("\x81", 1)));
        DecodeResult byBytes = decodeWith(corrupt, 1000), decoded = decodeWith(corrupt, 0);
        QVERIFY(!byBytes.profile && !decoded.profile);
        QCOMPARE(byBytes.error, decoded.error);
        QVERIFY2(byBytes.error.find("packed number is corrupt") != std::string::npos,
                 byBytes.error.c_str());
    }

    // The helper thread interns in order, over many batches, exactly as interning in
    // place would; dropped unfinished, it stops without waiting for the rest.
    void backgroundInterningMatchesInPlace()
    {
        std::vector<uint64_t> offsetsA, offsetsB;
        std::vector<uint32_t> poolA, poolB, indicesA, indicesB;
        SequenceInterner direct(offsetsA, poolA), helped(offsetsB, poolB);
        {
            BackgroundInterner background(helped, indicesB);
            std::vector<uint32_t> seq;
            std::set<std::vector<uint32_t>> distinct;
            for (uint32_t i = 0; i < 50000; ++i) {
                seq.assign(1 + i % 7, i % 1000);
                seq.back() = i % 3;
                distinct.insert(seq);
                indicesA.push_back(direct.intern(seq));
                background.add(seq, SequenceInterner::hashOf(seq));
            }
            background.finish();
            QCOMPARE(direct.size(), distinct.size());
        }
        QVERIFY(indicesA == indicesB);
        QVERIFY(offsetsA == offsetsB && poolA == poolB);

        std::vector<uint32_t> dropped;
        const size_t before = helped.size();
        {
            BackgroundInterner background(helped, dropped);
            const uint32_t seq[] = {1, 2, 3};
            for (int i = 0; i < 100000; ++i)
                background.add(seq, SequenceInterner::hashOf(seq));
        }
        // Whatever was interned before the stop is right: one new sequence, every time.
        QVERIFY(helped.size() <= before + 1);
        for (uint32_t index : dropped)
            QCOMPARE(index, uint32_t(before));
    }

    void invalidUtf8StringsLoad()
    {
        LoadResult r = loadProfile(
            sharedProfiles() +
            QStringLiteral("/pprof-testdata/derived/edge-cases/invalid-utf8-string.pb.gz"));
        QVERIFY2(r.profile, qPrintable(r.error));
        bool found = false;
        for (const std::string &s : r.profile->strings)
            found = found || s == "\xFF\xFE";
        QVERIFY(found);
    }

    void defaultSampleType()
    {
        ProfileBuilder b;
        b.sampleType("alloc_objects", "count")
            .sampleType("alloc_space", "bytes")
            .sampleType("inuse_objects", "count")
            .sampleType("inuse_space", "bytes");
        b.sample({"main"}, {1, 2, 3, 4});
        LoadResult r = b.load();
        QCOMPARE(r.profile->defaultSampleIndex(), 3); // none given: the last
        b.proto().set_default_sample_type(b.str("nonexistent"));
        QCOMPARE(b.load().profile->defaultSampleIndex(), 3);
        b.proto().set_default_sample_type(b.str("alloc_space"));
        QCOMPARE(b.load().profile->defaultSampleIndex(), 1);
        StackTable t = tableOf(b.load());
        std::string error;
        QCOMPARE(t.columnByName("inuse_space", &error), 3);
        QCOMPARE(t.columnByName("2", &error), 2);
        QCOMPARE(t.columnByName("", &error), 1);
        QCOMPARE(t.columnByName("cpu", &error), -1);
        QVERIFY(error.find("alloc_objects") != std::string::npos);
    }

    void inusePrefixFindsPlainName()
    {
        LoadResult r =
            loadProfile(sharedProfiles() +
                        QStringLiteral("/pprof-testdata/derived/converted/cppbench.heap.pb.gz"));
        QVERIFY2(r.profile, qPrintable(r.error));
        StackTable t = tableOf(r);
        std::string error;
        QCOMPARE(t.columnByName("inuse_space", &error), t.columnByName("space", &error));
        QVERIFY(t.columnByName("space", &error) >= 0);
    }

    void cancelStopsDecoding()
    {
        ProfileBuilder b;
        b.sampleType("samples", "count");
        for (int i = 0; i < 20000; ++i)
            b.sample({"main", "f" + std::to_string(i % 100)}, {1});
        std::atomic_bool cancel{true};
        LoadOptions o;
        o.cancel = &cancel;
        LoadResult r = loadProfileFromBytes(b.gzip(), QStringLiteral("big.pb.gz"), o);
        QVERIFY(!r.profile);
        QVERIFY(r.cancelled);
        cancel = false;
        QVERIFY(loadProfileFromBytes(b.gzip(), QStringLiteral("big.pb.gz"), o).profile);
    }

    void progressReportsBytes()
    {
        const QString path = sharedProfiles() + QStringLiteral("/pprof-testdata/large.cpu");
        uint64_t last = 0, total = 0;
        LoadOptions o;
        o.progress = [&](uint64_t done, uint64_t of) {
            last = std::max(last, done);
            total = of;
        };
        LoadResult r = loadProfile(path, o);
        QVERIFY(r.profile);
        QCOMPARE(total, r.fileBytes);
        QCOMPARE(last, r.fileBytes);
    }
};

QTEST_GUILESS_MAIN(TestDecoder)
#include "tst_decoder.moc"
