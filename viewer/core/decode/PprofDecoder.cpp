#include "PprofDecoder.h"

#include "BackgroundInterner.h"
#include "IdIndex.h"
#include "LargeArrays.h"
#include "PackedStackInterner.h"
#include "SequenceInterner.h"
#include "profile.pb.h"

#include <QCoreApplication>

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/wire_format_lite.h>

#include <climits>
#include <map>
#include <unordered_map>

namespace embers {

namespace {

using google::protobuf::internal::WireFormatLite;
using google::protobuf::io::CodedInputStream;

constexpr uint32_t kVarint = 0, kLengthDelimited = 2;

struct Malformed
{
    std::string message;
};

const char *topLevelFieldName(uint32_t field)
{
    static const char *const names[] = {"?",
                                        "sample_type",
                                        "sample",
                                        "mapping",
                                        "location",
                                        "function",
                                        "string_table",
                                        "drop_frames",
                                        "keep_frames",
                                        "time_nanos",
                                        "duration_nanos",
                                        "period_type",
                                        "period",
                                        "comment",
                                        "default_sample_type",
                                        "doc_url"};
    return field < std::size(names) ? names[field] : "?";
}

// A location as read, with its lines still pointing at file ids.
struct RawLocation
{
    bool defined = false;
    uint64_t id = 0;
    uint64_t mappingId = 0;
    uint64_t address = 0;
    bool isFolded = false;
    uint32_t firstLine = 0, lineCount = 0; // into rawLines
};

struct RawLine
{
    uint64_t functionId;
    int64_t line;
    int64_t column;
};

struct RawFunction
{
    uint64_t id;
    int64_t name, systemName, filename, startLine;
};

struct RawMapping
{
    perftools::profiles::Mapping m;
};

class Decoder
{
public:
    Decoder(google::protobuf::io::ZeroCopyInputStream &input, const std::atomic_bool *cancel,
            unsigned busyBeside)
        : m_input(input), m_cancel(cancel), m_stacks(m_p->stackOffsets, m_p->stackLocations),
          m_stackInterner(m_stacks, m_p->sampleStacks, 2 + busyBeside),
          m_packedStacks(m_stacks, m_p->sampleStacks),
          m_byPackedBytes(!BackgroundInterner::helperPays(2 + busyBeside)),
          m_labelSets(m_labelSetOffsets, m_labelWords)
    {
        m_labelSets.intern({}); // set 0 is the empty set
    }

    // Returns false when the message ended early (not at a field boundary).
    bool parse();
    void link();

    std::shared_ptr<Profile> profile() { return m_p; }
    uint64_t bytesRead() const { return m_bytesBefore + uint64_t(m_coded->CurrentPosition()); }

private:
    void newCodedStream()
    {
        if (m_coded)
            m_bytesBefore += uint64_t(m_coded->CurrentPosition());
        m_coded.reset(); // hands unread bytes back to the stream
        m_coded = std::make_unique<CodedInputStream>(&m_input);
        m_coded->SetTotalBytesLimit(INT_MAX);
        m_coded->SetRecursionLimit(16);
    }

    static void expectWireType(uint32_t tag, uint32_t wireType)
    {
        if (WireFormatLite::GetTagWireType(tag) != wireType) {
            uint32_t field = WireFormatLite::GetTagFieldNumber(tag);
            throw Malformed{"field " + std::to_string(field) + " (" + topLevelFieldName(field) +
                            ") has wire type " +
                            std::to_string(WireFormatLite::GetTagWireType(tag)) + " instead of " +
                            std::to_string(wireType)};
        }
    }

    uint64_t readVarint()
    {
        uint64_t v;
        if (!m_coded->ReadVarint64(&v))
            throw Malformed{"truncated or overlong varint"};
        return v;
    }

    template <typename Message> void readMessage(Message &msg, const char *what)
    {
        uint32_t length;
        if (!m_coded->ReadVarint32(&length))
            throw Malformed{std::string("bad length of a ") + what};
        auto limit = m_coded->PushLimit(int(length));
        msg.Clear();
        if (!msg.MergePartialFromCodedStream(m_coded.get()) || !m_coded->ConsumedEntireMessage() ||
            m_coded->BytesUntilLimit() != 0)
            throw Malformed{std::string("a ") + what + " message is corrupt"};
        m_coded->PopLimit(limit);
    }

    // Reads a repeated scalar field that may come packed or one value per tag.
    template <typename Out> void readRepeated(uint32_t tag, Out &out)
    {
        uint32_t wt = WireFormatLite::GetTagWireType(tag);
        if (wt == kVarint) {
            out.push_back(static_cast<typename Out::value_type>(readVarint()));
        } else if (wt == kLengthDelimited) {
            uint32_t length;
            if (!m_coded->ReadVarint32(&length))
                throw Malformed{"bad length of a packed field"};
            const void *data;
            int available;
            if (m_coded->GetDirectBufferPointer(&data, &available) &&
                uint32_t(available) >= length) {
                // Fast path: the whole run is in the buffer.
                const uint8_t *p = static_cast<const uint8_t *>(data), *end = p + length;
                while (p < end) {
                    uint64_t v = 0;
                    int shift = 0;
                    for (;;) {
                        if (p == end || shift > 63)
                            throw Malformed{"a packed number is corrupt"};
                        uint8_t b = *p++;
                        v |= uint64_t(b & 0x7F) << shift;
                        if (!(b & 0x80))
                            break;
                        shift += 7;
                    }
                    out.push_back(static_cast<typename Out::value_type>(v));
                }
                m_coded->Skip(int(length));
                return;
            }
            auto limit = m_coded->PushLimit(int(length));
            while (m_coded->BytesUntilLimit() > 0)
                out.push_back(static_cast<typename Out::value_type>(readVarint()));
            m_coded->PopLimit(limit);
        } else {
            throw Malformed{"a repeated number field has wire type " + std::to_string(wt)};
        }
    }

    void readSample();
    bool readSampleBytes(const uint8_t *p, const uint8_t *end);
    bool tryReadSampleBytes(const uint8_t *p, const uint8_t *end);
    // Reads the samples that come next, for as long as each is whole in the buffer and
    // in the common shape, without a round trip through the stream per sample.
    size_t readSampleRun();
    void readSampleFields(uint32_t length);
    void finishSample(size_t valueCount);
    bool slotsFromHere();
    bool appendSlots(const uint8_t *p, const uint8_t *end, std::vector<uint32_t> &out);
    void flushPackedStacks();
    void addLabelWords(int64_t key, int64_t str, int64_t num, int64_t numUnit);
    void readLabel();
    void readLocation();

    // Locations are numbered by first use. Writers such as Go's number them so too, from 1:
    // while every id is its slot + 1, no lookup is needed (a cache miss per location of
    // every sample otherwise).
    uint32_t locationSlot(uint64_t id)
    {
        if (id - 1 < m_idsAreSlots)
            return uint32_t(id - 1);
        return newLocationSlot(id);
    }
    [[gnu::noinline]] uint32_t newLocationSlot(uint64_t id)
    {
        const uint32_t count = uint32_t(m_rawLocations.size());
        const uint32_t slot = m_locationIds.insert(id, count);
        if (slot == count) {
            growLarge(m_rawLocations, 1);
            m_rawLocations.push_back(RawLocation{false, id, 0, 0, false, 0, 0});
            m_idsAreSlots = m_idsAreSlots == count && id == uint64_t(count) + 1 ? count + 1 : 0;
        }
        return slot;
    }

    StringId stringId(int64_t index, const char *what);
    void warn(std::string text)
    {
        if (m_p->warnings.size() < 50)
            m_p->warnings.push_back(std::move(text));
    }

    std::shared_ptr<Profile> m_p = std::make_shared<Profile>();
    google::protobuf::io::ZeroCopyInputStream &m_input;
    const std::atomic_bool *m_cancel;
    std::unique_ptr<CodedInputStream> m_coded;
    uint64_t m_bytesBefore = 0;

    SequenceInterner m_stacks;
    // Stacks are interned by a helper thread where one pays, else in this one: by the
    // bytes of their packed ids while that pays, then in place by m_stackInterner.
    BackgroundInterner m_stackInterner;
    PackedStackInterner m_packedStacks;
    bool m_byPackedBytes; // until the packed bytes stop paying
    std::vector<uint64_t> m_labelSetOffsets;
    std::vector<uint32_t> m_labelWords; // 6 words per label: key, str, num lo/hi, unit, spare
    SequenceInterner m_labelSets;

    IdIndex m_locationIds;
    uint64_t m_idsAreSlots = 0; // ids 1..this are slots 0..this - 1, or 0
    std::vector<RawLocation> m_rawLocations;
    std::vector<RawLine> m_rawLines;
    std::vector<RawFunction> m_rawFunctions;
    std::vector<perftools::profiles::Mapping> m_rawMappings;
    std::vector<perftools::profiles::ValueType> m_rawSampleTypes;
    perftools::profiles::ValueType m_rawPeriodType;
    std::vector<int64_t> m_rawComments;
    int64_t m_dropFrames = 0, m_keepFrames = 0, m_defaultSampleType = 0, m_docUrl = 0;
    bool m_sawTime = false;
    bool m_sawFieldZero = false;

    // Scratch for one sample.
    std::vector<uint64_t> m_sampleIds;
    std::vector<uint32_t> m_sampleSlots;
    const uint8_t *m_packedBegin = nullptr, *m_packedEnd = nullptr; // ids not decoded yet
    std::vector<uint32_t> m_sampleLabelWords;
    size_t m_samplesRead = 0;
    size_t m_valueCount = SIZE_MAX;
    size_t m_badValueCount = SIZE_MAX;

    perftools::profiles::Location m_location;
    perftools::profiles::Function m_function;
    perftools::profiles::ValueType m_valueType;
    perftools::profiles::Label m_label;

    std::map<int64_t, StringId> m_badStrings;
};

void Decoder::readLabel()
{
    readMessage(m_label, "label");
    addLabelWords(m_label.key(), m_label.str(), m_label.num(), m_label.num_unit());
}

void Decoder::addLabelWords(int64_t key, int64_t str, int64_t num, int64_t numUnit)
{
    auto clamp = [](int64_t v) {
        return v < 0 || v > INT32_MAX ? uint32_t(0x7FFFFFFF) : uint32_t(v);
    };
    m_sampleLabelWords.insert(m_sampleLabelWords.end(),
                              {clamp(key), clamp(str), uint32_t(uint64_t(num)),
                               uint32_t(uint64_t(num) >> 32), clamp(numUnit), 0});
}

// Reads a varint from [p, end); false when it runs past `end` or over ten bytes.
inline bool readRawVarint(const uint8_t *&p, const uint8_t *end, uint64_t &v)
{
    uint64_t r = 0;
    for (int shift = 0; shift < 64 && p != end; shift += 7) {
        uint8_t b = *p++;
        r |= uint64_t(b & 0x7F) << shift;
        if (!(b & 0x80)) {
            v = r;
            return true;
        }
    }
    return false;
}

// Reads a length and where the field it delimits ends; false when that is past `end`.
inline bool readRawLength(const uint8_t *&p, const uint8_t *end, const uint8_t *&fieldEnd)
{
    uint64_t length;
    if (!readRawVarint(p, end, length) || length > uint64_t(end - p))
        return false;
    fieldEnd = p + length;
    return true;
}

// Reads a repeated number field after its tag, packed or a single value, and hands each
// number to `add`.
template <typename Add>
bool readRawNumbers(const uint8_t *&p, const uint8_t *end, uint64_t wireType, Add add)
{
    uint64_t v;
    if (wireType == kVarint) {
        if (!readRawVarint(p, end, v))
            return false;
        add(v);
        return true;
    }
    const uint8_t *runEnd;
    if (wireType != kLengthDelimited || !readRawLength(p, end, runEnd))
        return false;
    while (p != runEnd) {
        if (!readRawVarint(p, runEnd, v))
            return false;
        add(v);
    }
    return true;
}

// The common sample, read straight from the buffer: location ids and values packed or
// not, labels of the four known number fields. Anything else (another field, a wire type
// that does not fit, a truncated number) returns false and leaves the sample to the
// general reader, which owns every error message.
bool Decoder::readSampleBytes(const uint8_t *p, const uint8_t *end)
{
    std::vector<int64_t> &values = m_p->sampleValues;
    while (p != end) {
        uint64_t tag, v;
        if (!readRawVarint(p, end, tag))
            return false;
        switch (tag) {
        case (1 << 3) | kVarint:
        case (1 << 3) | kLengthDelimited:
            if (m_byPackedBytes && tag == ((1 << 3) | kLengthDelimited) && !m_packedBegin &&
                m_sampleSlots.empty()) {
                if (!readRawLength(p, end, m_packedEnd))
                    return false;
                m_packedBegin = p;
                p = m_packedEnd;
                break;
            }
            if (!slotsFromHere() || !readRawNumbers(p, end, tag & 7, [&](uint64_t id) {
                    m_sampleSlots.push_back(locationSlot(id));
                }))
                return false;
            break;
        case (2 << 3) | kVarint:
        case (2 << 3) | kLengthDelimited:
            if (!readRawNumbers(p, end, tag & 7,
                                [&](uint64_t value) { values.push_back(int64_t(value)); }))
                return false;
            break;
        case (3 << 3) | kLengthDelimited: {
            const uint8_t *labelEnd;
            if (!readRawLength(p, end, labelEnd))
                return false;
            int64_t fields[5] = {}; // key, str, num, num_unit by field number; last one wins
            while (p != labelEnd) {
                if (!readRawVarint(p, labelEnd, tag) || (tag & 7) != kVarint || tag < (1 << 3) ||
                    tag > ((4 << 3) | kVarint) || !readRawVarint(p, labelEnd, v))
                    return false;
                fields[tag >> 3] = int64_t(v);
            }
            addLabelWords(fields[1], fields[2], fields[3], fields[4]);
            break;
        }
        default:
            return false;
        }
    }
    return true;
}

// A location id of this sample is about to get a slot: first those of the samples queued
// before it, then those of its own packed run, if one was left undecoded.
bool Decoder::slotsFromHere()
{
    if (m_byPackedBytes)
        flushPackedStacks();
    if (!m_packedBegin)
        return true;
    const uint8_t *begin = m_packedBegin;
    m_packedBegin = nullptr;
    return appendSlots(begin, m_packedEnd, m_sampleSlots);
}

// The slots of the packed location ids in [p, end); false if a number is corrupt.
bool Decoder::appendSlots(const uint8_t *p, const uint8_t *end, std::vector<uint32_t> &out)
{
    uint64_t id;
    while (p != end) {
        if (!readRawVarint(p, end, id))
            return false;
        out.push_back(locationSlot(id));
    }
    return true;
}

void Decoder::flushPackedStacks()
{
    if (m_packedStacks.empty())
        return;
    m_packedStacks.flush([this](std::span<const uint8_t> bytes, std::vector<uint32_t> &out) {
        if (!appendSlots(bytes.data(), bytes.data() + bytes.size(), out))
            throw Malformed{"a packed number is corrupt"}; // as readRepeated() says it
    });
    if (!m_packedStacks.pays()) { // the next samples' stacks go by their slots
        m_byPackedBytes = false;
        m_packedStacks.release();
    }
}

bool Decoder::tryReadSampleBytes(const uint8_t *p, const uint8_t *end)
{
    m_packedBegin = nullptr;
    m_sampleSlots.clear();
    m_sampleLabelWords.clear();
    std::vector<int64_t> &values = m_p->sampleValues;
    const size_t valuesBefore = values.size();
    if (!readSampleBytes(p, end)) {
        values.resize(valuesBefore);
        return false;
    }
    finishSample(values.size() - valuesBefore);
    return true;
}

void Decoder::readSample()
{
    uint32_t length;
    if (!m_coded->ReadVarint32(&length))
        throw Malformed{"bad length of a sample"};
    const void *data;
    int available;
    if (m_coded->GetDirectBufferPointer(&data, &available) && uint32_t(available) >= length &&
        tryReadSampleBytes(static_cast<const uint8_t *>(data),
                           static_cast<const uint8_t *>(data) + length)) {
        m_coded->Skip(int(length));
        return;
    }
    flushPackedStacks(); // this sample's ids get their slots after the queued ones'
    m_packedBegin = nullptr;
    m_sampleSlots.clear();
    m_sampleLabelWords.clear();
    const size_t valuesBefore = m_p->sampleValues.size();
    readSampleFields(length);
    finishSample(m_p->sampleValues.size() - valuesBefore);
}

size_t Decoder::readSampleRun()
{
    const void *data;
    int available;
    if (!m_coded->GetDirectBufferPointer(&data, &available))
        return 0;
    const uint8_t *begin = static_cast<const uint8_t *>(data), *end = begin + available;
    const uint8_t *p = begin;
    size_t count = 0;
    while (p != end && *p == ((2 << 3) | kLengthDelimited)) {
        const uint8_t *body = p + 1, *bodyEnd;
        if (!readRawLength(body, end, bodyEnd) || !tryReadSampleBytes(body, bodyEnd))
            break;
        p = bodyEnd;
        ++count;
    }
    m_coded->Skip(int(p - begin));
    return count;
}

void Decoder::readSampleFields(uint32_t length)
{
    auto limit = m_coded->PushLimit(int(length));
    m_sampleIds.clear();
    std::vector<int64_t> &values = m_p->sampleValues;
    for (;;) {
        uint32_t tag = m_coded->ReadTag();
        if (tag == 0)
            break;
        switch (WireFormatLite::GetTagFieldNumber(tag)) {
        case 1:
            readRepeated(tag, m_sampleIds);
            break;
        case 2:
            readRepeated(tag, values);
            break;
        case 3:
            if (WireFormatLite::GetTagWireType(tag) != kLengthDelimited)
                throw Malformed{"a sample label has the wrong wire type"};
            readLabel();
            break;
        default:
            if (!WireFormatLite::SkipField(m_coded.get(), tag))
                throw Malformed{"a sample is corrupt"};
        }
    }
    if (!m_coded->ConsumedEntireMessage() || m_coded->BytesUntilLimit() != 0)
        throw Malformed{"a sample is corrupt"};
    m_coded->PopLimit(limit);
    for (uint64_t id : m_sampleIds)
        m_locationIds.prefetch(id);
    m_sampleSlots.resize(m_sampleIds.size());
    for (size_t i = 0; i < m_sampleIds.size(); ++i)
        m_sampleSlots[i] = locationSlot(m_sampleIds[i]);
}

void Decoder::finishSample(size_t count)
{
    std::vector<int64_t> &values = m_p->sampleValues;
    // A value per sample type: the largest array of a profile, grown as a large array
    // (room for the next sample's values made here).
    growLarge(values, 64);
    if (m_valueCount == SIZE_MAX)
        m_valueCount = count;
    if (count != m_valueCount) {
        if (m_badValueCount == SIZE_MAX)
            m_badValueCount = count;
        values.resize(values.size() - count + m_valueCount, 0); // keep the arrays aligned
    }

    if (!m_byPackedBytes)
        m_stackInterner.add(m_sampleSlots, SequenceInterner::hashOf(m_sampleSlots));
    else if (m_packedBegin ? m_packedStacks.addPacked({m_packedBegin, m_packedEnd})
                           : m_packedStacks.addSlots(m_sampleSlots))
        flushPackedStacks();

    // A label set per sample only from the first sample with labels on (Profile.h).
    const uint32_t labelSet =
        m_sampleLabelWords.empty() ? 0 : m_labelSets.intern(m_sampleLabelWords);
    std::vector<uint32_t> &labelSets = m_p->sampleLabelSets;
    if (labelSet != 0 || !labelSets.empty()) {
        if (labelSets.empty())
            labelSets.assign(m_samplesRead, 0);
        growLarge(labelSets, 1);
        labelSets.push_back(labelSet);
    }
    ++m_samplesRead;
}

void Decoder::readLocation()
{
    flushPackedStacks(); // the queued samples' new ids get their slots first
    readMessage(m_location, "location");
    if (m_location.id() == 0) {
        warn("a location has the reserved id 0 and was ignored");
        return;
    }
    uint32_t slot = locationSlot(m_location.id());
    RawLocation &raw = m_rawLocations[slot];
    if (raw.defined) {
        warn("location id " + std::to_string(m_location.id()) +
             " is defined twice; the first definition is used");
        return;
    }
    raw.defined = true;
    raw.mappingId = m_location.mapping_id();
    raw.address = m_location.address();
    raw.isFolded = m_location.is_folded();
    raw.firstLine = uint32_t(m_rawLines.size());
    raw.lineCount = uint32_t(m_location.line_size());
    growLarge(m_rawLines, raw.lineCount);
    for (const auto &line : m_location.line())
        m_rawLines.push_back({line.function_id(), line.line(), line.column()});
}

bool Decoder::parse()
{
    newCodedStream();
    uint64_t samplesSinceCheck = 0;
    for (;;) {
        if (m_coded->CurrentPosition() > (1 << 30))
            newCodedStream(); // CodedInputStream counts to 2 GiB at most
        uint32_t tag = m_coded->ReadTag();
        if (tag == 0) {
            if (m_coded->ConsumedEntireMessage()) {
                flushPackedStacks();
                m_packedStacks.release();
                m_stackInterner.finish();
                return true;
            }
            // A zero tag byte (field number 0) is invalid protobuf; pprof skips it as a
            // number field, and so do we, since the rest of the profile is usable.
            uint64_t ignored;
            if (!m_coded->ReadVarint64(&ignored))
                return false;
            if (!m_sawFieldZero)
                warn("skipped a field with the invalid field number 0");
            m_sawFieldZero = true;
            continue;
        }
        uint32_t field = WireFormatLite::GetTagFieldNumber(tag);
        switch (field) {
        case 1:
            expectWireType(tag, kLengthDelimited);
            readMessage(m_valueType, "sample_type");
            m_rawSampleTypes.push_back(m_valueType);
            break;
        case 2:
            expectWireType(tag, kLengthDelimited);
            readSample();
            samplesSinceCheck += 1 + readSampleRun();
            if (samplesSinceCheck >= 4096) {
                samplesSinceCheck = 0;
                if (m_cancel && m_cancel->load(std::memory_order_relaxed))
                    return false;
            }
            break;
        case 3:
            expectWireType(tag, kLengthDelimited);
            m_rawMappings.emplace_back();
            readMessage(m_rawMappings.back(), "mapping");
            break;
        case 4:
            expectWireType(tag, kLengthDelimited);
            readLocation();
            break;
        case 5:
            expectWireType(tag, kLengthDelimited);
            readMessage(m_function, "function");
            growLarge(m_rawFunctions, 1);
            m_rawFunctions.push_back({m_function.id(), m_function.name(), m_function.system_name(),
                                      m_function.filename(), m_function.start_line()});
            break;
        case 6: {
            expectWireType(tag, kLengthDelimited);
            uint32_t length;
            if (!m_coded->ReadVarint32(&length))
                throw Malformed{"bad length of a string"};
            std::string s;
            if (!m_coded->ReadString(&s, int(length)))
                return false;
            m_p->strings.push_back(std::move(s));
            break;
        }
        case 7:
            expectWireType(tag, kVarint);
            m_dropFrames = int64_t(readVarint());
            break;
        case 8:
            expectWireType(tag, kVarint);
            m_keepFrames = int64_t(readVarint());
            break;
        case 9:
            expectWireType(tag, kVarint);
            if (m_sawTime)
                throw Malformed{"concatenated profiles detected (time_nanos appears twice); "
                                "open each profile as its own file"};
            m_sawTime = true;
            m_p->timeNanos = int64_t(readVarint());
            break;
        case 10:
            expectWireType(tag, kVarint);
            m_p->durationNanos = int64_t(readVarint());
            break;
        case 11:
            expectWireType(tag, kLengthDelimited);
            readMessage(m_rawPeriodType, "period_type");
            break;
        case 12:
            expectWireType(tag, kVarint);
            m_p->period = int64_t(readVarint());
            break;
        case 13:
            readRepeated(tag, m_rawComments);
            break;
        case 14:
            expectWireType(tag, kVarint);
            m_defaultSampleType = int64_t(readVarint());
            break;
        case 15:
            expectWireType(tag, kVarint);
            m_docUrl = int64_t(readVarint());
            break;
        default:
            if (!WireFormatLite::SkipField(m_coded.get(), tag))
                return false;
        }
    }
}

StringId Decoder::stringId(int64_t index, const char *what)
{
    if (index >= 0 && uint64_t(index) < m_p->strings.size())
        return StringId(index);
    auto it = m_badStrings.find(index);
    if (it != m_badStrings.end())
        return it->second;
    warn(std::string("a ") + what + " refers to string #" + std::to_string(index) +
         ", but the string table has " + std::to_string(m_p->strings.size()) + " entries");
    m_p->strings.push_back("<bad string #" + std::to_string(index) + ">");
    StringId id = StringId(m_p->strings.size() - 1);
    m_badStrings.emplace(index, id);
    return id;
}

void Decoder::link()
{
    Profile &p = *m_p;
    if (p.strings.size() == 1) {
        // The constructor's "" is our own; a real table starts after it.
        if (!m_rawFunctions.empty() || !m_rawSampleTypes.empty())
            warn("the profile has no string table");
    } else {
        // Drop our placeholder; the file's table starts at index 0.
        p.strings.erase(p.strings.begin());
        if (!p.strings[0].empty()) {
            warn("string_table[0] is \"" + p.strings[0] +
                 "\" instead of empty; it is read as empty");
            p.strings[0].clear();
        }
    }

    // Every sample needs one value per sample type (pprof rejects the profile otherwise;
    // padding or cutting would silently make numbers up).
    size_t types = m_rawSampleTypes.size();
    if (!p.sampleStacks.empty()) {
        size_t wrong = m_valueCount != types ? m_valueCount : m_badValueCount;
        if (wrong != SIZE_MAX) {
            if (types == 0)
                throw Malformed{"the profile has samples but no sample types"};
            throw Malformed{"mismatch: a sample has " + std::to_string(wrong) +
                            " values but the profile declares " + std::to_string(types) +
                            " sample types"};
        }
    }

    for (const auto &vt : m_rawSampleTypes)
        p.sampleTypes.push_back(
            {stringId(vt.type(), "sample type"), stringId(vt.unit(), "sample unit")});
    p.periodType = {stringId(m_rawPeriodType.type(), "period type"),
                    stringId(m_rawPeriodType.unit(), "period unit")};
    p.defaultSampleType = stringId(m_defaultSampleType, "default sample type");
    p.dropFrames = stringId(m_dropFrames, "drop_frames");
    p.keepFrames = stringId(m_keepFrames, "keep_frames");
    p.docUrl = stringId(m_docUrl, "doc_url");
    for (int64_t c : m_rawComments)
        p.comments.push_back(stringId(c, "comment"));

    // Mappings and functions: dense, first definition of an id wins, id 0 ignored.
    IdIndex mappingIds, functionIds;
    for (const auto &m : m_rawMappings) {
        if (m.id() == 0) {
            warn("a mapping has the reserved id 0 and was ignored");
            continue;
        }
        if (mappingIds.insert(m.id(), uint32_t(p.mappings.size())) != p.mappings.size()) {
            warn("mapping id " + std::to_string(m.id()) + " is defined twice");
            continue;
        }
        p.mappings.push_back({m.id(), m.memory_start(), m.memory_limit(), m.file_offset(),
                              stringId(m.filename(), "mapping file name"),
                              stringId(m.build_id(), "mapping build id"), m.has_functions(),
                              m.has_filenames(), m.has_line_numbers(), m.has_inline_frames()});
    }
    for (const auto &f : m_rawFunctions) {
        if (f.id == 0) {
            warn("a function has the reserved id 0 and was ignored");
            continue;
        }
        if (functionIds.insert(f.id, uint32_t(p.functions.size())) != p.functions.size()) {
            warn("function id " + std::to_string(f.id) + " is defined twice");
            continue;
        }
        p.functions.push_back({f.id, stringId(f.name, "function name"),
                               stringId(f.systemName, "function system name"),
                               stringId(f.filename, "function file name"), f.startLine});
    }

    // Locations keep their slot order, which the stacks already use.
    p.locations.resize(m_rawLocations.size());
    p.lines.reserve(m_rawLines.size());
    uint32_t missingFunction = kNone;
    for (size_t slot = 0; slot < m_rawLocations.size(); ++slot) {
        const RawLocation &raw = m_rawLocations[slot];
        Location &loc = p.locations[slot];
        loc.id = raw.id;
        loc.firstLine = uint32_t(p.lines.size());
        if (!raw.defined) {
            // A sample points at a location that does not exist: keep its value under a
            // placeholder frame rather than dropping it.
            warn("a sample refers to location id " + std::to_string(raw.id) +
                 ", which the profile does not define");
            p.strings.push_back("<missing location " + std::to_string(raw.id) + ">");
            p.functions.push_back({0, StringId(p.strings.size() - 1), 0, 0, 0});
            p.lines.push_back({uint32_t(p.functions.size() - 1), 0, 0});
            loc.lineCount = 1;
            continue;
        }
        loc.address = raw.address;
        loc.isFolded = raw.isFolded;
        if (raw.mappingId != 0) {
            loc.mapping = mappingIds.find(raw.mappingId);
            if (loc.mapping == IdIndex::kMissing) {
                loc.mapping = kNone;
                warn("location id " + std::to_string(raw.id) + " refers to mapping id " +
                     std::to_string(raw.mappingId) + ", which does not exist");
            }
        }
        for (uint32_t i = 0; i < raw.lineCount; ++i) {
            const RawLine &rl = m_rawLines[raw.firstLine + i];
            uint32_t fn = rl.functionId ? functionIds.find(rl.functionId) : IdIndex::kMissing;
            if (fn == IdIndex::kMissing) {
                if (missingFunction == kNone) {
                    p.strings.push_back("??");
                    p.functions.push_back({0, StringId(p.strings.size() - 1), 0, 0, 0});
                    missingFunction = uint32_t(p.functions.size() - 1);
                }
                warn("location id " + std::to_string(raw.id) + " has a line with " +
                     (rl.functionId ? "unknown function id " + std::to_string(rl.functionId)
                                    : std::string("no function")));
                fn = missingFunction;
            }
            p.lines.push_back({fn, rl.line, rl.column});
        }
        loc.lineCount = raw.lineCount;
    }

    // Label sets: resolve strings; pprof's rules drop key-only labels.
    p.labelSetOffsets.assign(1, 0);
    for (size_t set = 0; set + 1 < m_labelSetOffsets.size(); ++set) {
        for (uint64_t w = m_labelSetOffsets[set]; w < m_labelSetOffsets[set + 1]; w += 6) {
            const uint32_t *l = m_labelWords.data() + w;
            Label label;
            label.key = stringId(l[0], "label key");
            label.str = l[1] ? stringId(l[1], "label value") : 0;
            label.num = int64_t(uint64_t(l[2]) | (uint64_t(l[3]) << 32));
            label.numUnit = l[4] ? stringId(l[4], "label unit") : 0;
            if (label.str != 0) {
                label.num = 0;
                label.numUnit = 0;
            } else if (label.num == 0 && label.numUnit == 0) {
                continue;
            }
            p.labels.push_back(label);
        }
        p.labelSetOffsets.push_back(uint32_t(p.labels.size()));
    }
}

} // namespace

DecodeResult decodePprof(google::protobuf::io::ZeroCopyInputStream &input,
                         const std::atomic_bool *cancel,
                         const std::function<std::string()> &streamErrorOf, unsigned busyBeside)
{
    DecodeResult result;
    auto streamError = [&] { return streamErrorOf ? streamErrorOf() : std::string(); };
    Decoder decoder(input, cancel, busyBeside);
    try {
        bool complete = decoder.parse();
        if (cancel && cancel->load()) {
            result.cancelled = true;
            result.error = "cancelled";
            return result;
        }
        if (std::string e = streamError(); !e.empty()) {
            result.error = e;
            return result;
        }
        if (!complete) {
            result.error = QCoreApplication::translate(
                               "PprofDecoder", "not a valid pprof protobuf message (it stops in "
                                               "the middle of a field at byte %1)")
                               .arg(decoder.bytesRead())
                               .toStdString();
            return result;
        }
        decoder.link();
    } catch (const Malformed &m) {
        std::string e = streamError();
        // The detail (which field, what is wrong with it) stays English: it is for whoever
        // wrote the file.
        result.error =
            e.empty() ? QCoreApplication::translate("PprofDecoder", "not a valid pprof profile: %1")
                            .arg(QString::fromStdString(m.message))
                            .toStdString()
                      : e;
        return result;
    } catch (const std::bad_alloc &) {
        result.error =
            QCoreApplication::translate("PprofDecoder", "out of memory while decoding the profile")
                .toStdString();
        return result;
    }
    result.profile = decoder.profile();
    result.profile->messageBytes = decoder.bytesRead();
    return result;
}

} // namespace embers
