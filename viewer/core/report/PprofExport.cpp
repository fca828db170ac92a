#include "PprofExport.h"

#include "Hashing.h"
#include "profile.pb.h"

#include <QSaveFile>

#include <algorithm>
#include <unordered_map>
#include <zlib.h>

namespace embers {

namespace {

struct WordsHash
{
    size_t operator()(const std::vector<uint32_t> &w) const
    {
        return size_t(hashWords(w.data(), w.size()));
    }
};

struct FunctionKey
{
    uint32_t name, file;
    int64_t startLine;
    bool operator==(const FunctionKey &) const = default;
};

struct FunctionKeyHash
{
    size_t operator()(const FunctionKey &k) const
    {
        return size_t(mix64(k.name ^ mix64(k.file ^ mix64(uint64_t(k.startLine)))));
    }
};

class Encoder
{
public:
    Encoder(const StackTable &stacks, int defaultColumn)
        : m_t(stacks), m_defaultColumn(defaultColumn < 0 ? stacks.defaultColumn : defaultColumn)
    {
        m_p.add_string_table(std::string());
        m_strings.emplace(std::string(), 0);
    }

    std::string encode();

private:
    int64_t str(const std::string &s)
    {
        auto [it, added] = m_strings.try_emplace(s, int64_t(m_p.string_table_size()));
        if (added)
            m_p.add_string_table(s);
        return it->second;
    }
    uint64_t mappingOf(uint32_t objfile);
    uint64_t functionOf(const Frame &f);
    // The location of a frame and the frames inlined into it (outermost first).
    uint64_t locationOf(const std::vector<uint32_t> &group);

    const StackTable &m_t;
    const int m_defaultColumn;
    perftools::profiles::Profile m_p;
    std::unordered_map<std::string, int64_t> m_strings;
    std::unordered_map<uint32_t, uint64_t> m_mappings; // objfile -> id
    uint64_t m_mainMapping = 0;
    std::unordered_map<FunctionKey, uint64_t, FunctionKeyHash> m_functions;
    std::unordered_map<std::vector<uint32_t>, uint64_t, WordsHash> m_locations;
};

uint64_t Encoder::mappingOf(uint32_t objfile)
{
    if (objfile == 0)
        return 0; // no binary known: "<unknown>", not the main binary
    if (m_mainMapping && m_t.strings[objfile] == m_t.header.mainBinary)
        return m_mainMapping;
    auto [it, added] = m_mappings.try_emplace(objfile, uint64_t(m_p.mapping_size() + 1));
    if (added) {
        auto *m = m_p.add_mapping();
        m->set_id(it->second);
        m->set_filename(str(m_t.strings[objfile]));
    }
    return it->second;
}

uint64_t Encoder::functionOf(const Frame &f)
{
    auto [it, added] = m_functions.try_emplace(FunctionKey{f.name, f.file, f.startLine},
                                               uint64_t(m_p.function_size() + 1));
    if (added) {
        auto *fn = m_p.add_function();
        fn->set_id(it->second);
        fn->set_name(str(m_t.strings[f.name]));
        // Most producers write the name here too; pprof simplifies C++ names only then.
        fn->set_system_name(fn->name());
        fn->set_filename(str(m_t.strings[f.file]));
        fn->set_start_line(f.startLine);
    }
    return it->second;
}

uint64_t Encoder::locationOf(const std::vector<uint32_t> &group)
{
    auto [it, added] = m_locations.try_emplace(group, uint64_t(m_p.location_size() + 1));
    if (!added)
        return it->second;
    auto *loc = m_p.add_location();
    loc->set_id(it->second);
    const Frame &outer = m_t.frames[group.front()];
    if (group.size() == 1 && outer.name == 0) {
        // No function name: an unsymbolized frame in its binary.
        loc->set_mapping_id(mappingOf(outer.objfile));
        loc->set_address(outer.address);
        return it->second;
    }
    loc->set_mapping_id(m_mainMapping);
    loc->set_address(outer.address);          // 0 unless the table is at Granularity::Addresses
    for (size_t i = group.size(); i-- > 0;) { // innermost first
        const Frame &f = m_t.frames[group[i]];
        auto *line = loc->add_line();
        line->set_function_id(functionOf(f));
        line->set_line(f.line);
    }
    return it->second;
}

std::string Encoder::encode()
{
    const CaptureHeader &h = m_t.header;
    for (const SampleColumn &c : m_t.columns) {
        auto *vt = m_p.add_sample_type();
        vt->set_type(str(c.type));
        vt->set_unit(str(c.unit));
    }
    if (m_defaultColumn >= 0 && size_t(m_defaultColumn) < m_t.columns.size())
        m_p.set_default_sample_type(str(m_t.columns[size_t(m_defaultColumn)].type));
    if (!h.periodType.type.empty() || !h.periodType.unit.empty()) {
        m_p.mutable_period_type()->set_type(str(h.periodType.type));
        m_p.mutable_period_type()->set_unit(str(h.periodType.unit));
    }
    m_p.set_period(h.period);
    m_p.set_time_nanos(h.timeNanos);
    m_p.set_duration_nanos(h.durationNanos);
    for (const std::string &c : h.comments)
        m_p.add_comment(str(c));
    if (!h.docUrl.empty())
        m_p.set_doc_url(str(h.docUrl));
    if (!h.mainBinary.empty() || !h.buildId.empty()) {
        // pprof reports mapping[0] as the profile's binary ("File: ...").
        auto *m = m_p.add_mapping();
        m_mainMapping = 1;
        m->set_id(1);
        m->set_filename(str(h.mainBinary));
        m->set_build_id(str(h.buildId));
        // Symbolized already: nothing for pprof to look up in the binary.
        m->set_has_functions(true);
        m->set_has_filenames(true);
        m->set_has_line_numbers(true);
        m->set_has_inline_frames(true);
    }

    std::vector<uint32_t> frames, group;
    std::vector<uint64_t> locations;
    const size_t columns = m_t.columnCount();
    for (size_t s = 0; s < m_t.stackCount(); ++s) {
        bool any = false;
        for (size_t c = 0; c < columns && !any; ++c)
            any = m_t.value(s, c) != 0;
        if (!any)
            continue;
        m_t.stackFrames(s, frames);
        // Root first: a frame starts a location, the frames inlined into it join it.
        locations.clear();
        group.clear();
        for (size_t i = 0; i <= frames.size(); ++i) {
            if (i == frames.size() || !(frames[i] & kInlineBit) || group.empty()) {
                if (!group.empty())
                    locations.push_back(locationOf(group));
                group.clear();
            }
            if (i < frames.size())
                group.push_back(frames[i] & kFrameMask);
        }
        auto *sample = m_p.add_sample();
        for (size_t i = locations.size(); i-- > 0;) // leaf first
            sample->add_location_id(locations[i]);
        for (size_t c = 0; c < columns; ++c)
            sample->add_value(m_t.value(s, c));
    }
    return m_p.SerializeAsString();
}

} // namespace

std::string encodePprof(const StackTable &stacks, int defaultColumn)
{
    return Encoder(stacks, defaultColumn).encode();
}

std::string gzipBytes(const std::string &bytes)
{
    z_stream z{};
    if (deflateInit2(&z, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 16 + MAX_WBITS, 8,
                     Z_DEFAULT_STRATEGY) != Z_OK)
        return {};
    std::string out;
    char buffer[1 << 16];
    size_t offset = 0;
    int rc = Z_OK;
    do {
        // zlib counts in 32 bits: feed at most 1 GiB at a time.
        const size_t chunk = std::min<size_t>(bytes.size() - offset, size_t(1) << 30);
        z.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(bytes.data() + offset));
        z.avail_in = uInt(chunk);
        offset += chunk;
        const int flush = offset == bytes.size() ? Z_FINISH : Z_NO_FLUSH;
        do {
            z.next_out = reinterpret_cast<Bytef *>(buffer);
            z.avail_out = sizeof buffer;
            rc = deflate(&z, flush);
            out.append(buffer, sizeof buffer - z.avail_out);
        } while (z.avail_out == 0);
    } while (offset < bytes.size());
    deflateEnd(&z);
    return rc == Z_STREAM_END ? out : std::string();
}

bool writePprof(const StackTable &stacks, const QString &path, QString *error, int defaultColumn)
{
    const std::string data = gzipBytes(encodePprof(stacks, defaultColumn));
    QSaveFile file(path);
    if (data.empty() || !file.open(QIODevice::WriteOnly) ||
        file.write(data.data(), qint64(data.size())) != qint64(data.size()) || !file.commit()) {
        if (error)
            *error = path + QStringLiteral(": cannot write: ") +
                     (data.empty() ? QStringLiteral("compression failed") : file.errorString());
        return false;
    }
    return true;
}

} // namespace embers
