// ProfileBuilder: writes small pprof profiles for tests, with the generated protobuf
// classes, so hand-checked cases need no binary fixtures.
#pragma once

#include "ProfileLoader.h"
#include "profile.pb.h"

#include <QByteArray>

#include <zlib.h>

#include <map>
#include <string>
#include <vector>

namespace embers::test {

inline QByteArray gzipBytes(const QByteArray &raw)
{
    z_stream z{};
    deflateInit2(&z, Z_BEST_SPEED, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY);
    QByteArray out(int(deflateBound(&z, uLong(raw.size()))) + 64, Qt::Uninitialized);
    z.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(raw.constData()));
    z.avail_in = uInt(raw.size());
    z.next_out = reinterpret_cast<Bytef *>(out.data());
    z.avail_out = uInt(out.size());
    deflate(&z, Z_FINISH);
    out.resize(int(z.total_out));
    deflateEnd(&z);
    return out;
}

class ProfileBuilder
{
public:
    ProfileBuilder() { m_p.add_string_table(""); }

    int64_t str(const std::string &s)
    {
        auto it = m_strings.find(s);
        if (it != m_strings.end())
            return it->second;
        m_p.add_string_table(s);
        return m_strings[s] = m_p.string_table_size() - 1;
    }

    ProfileBuilder &sampleType(const std::string &type, const std::string &unit)
    {
        auto *vt = m_p.add_sample_type();
        vt->set_type(str(type));
        vt->set_unit(str(unit));
        return *this;
    }

    uint64_t function(const std::string &name, const std::string &file = "", int64_t startLine = 0)
    {
        std::string key = name + "\n" + file + "\n" + std::to_string(startLine);
        auto it = m_functions.find(key);
        if (it != m_functions.end())
            return it->second;
        auto *f = m_p.add_function();
        f->set_id(m_nextFunctionId);
        f->set_name(str(name));
        f->set_system_name(str(name));
        f->set_filename(str(file));
        f->set_start_line(startLine);
        m_nextFunctionId += m_idStride;
        return m_functions[key] = f->id();
    }

    // A location whose lines are given innermost first (inlined callees first).
    uint64_t location(const std::vector<std::pair<std::string, int64_t>> &linesInnermostFirst,
                      const std::string &file = "")
    {
        auto *l = m_p.add_location();
        l->set_id(m_nextLocationId);
        m_nextLocationId += m_idStride;
        for (const auto &[name, line] : linesInnermostFirst) {
            auto *ln = l->add_line();
            ln->set_function_id(function(name, file));
            ln->set_line(line);
        }
        return l->id();
    }

    // One location per function name (line 1), cached.
    uint64_t locationOf(const std::string &name)
    {
        auto it = m_simpleLocations.find(name);
        if (it != m_simpleLocations.end())
            return it->second;
        return m_simpleLocations[name] = location({{name, 1}});
    }

    // A sample whose stack is given root first, by function names.
    ProfileBuilder &sample(const std::vector<std::string> &rootToLeaf,
                           const std::vector<int64_t> &values)
    {
        std::vector<uint64_t> ids;
        for (auto it = rootToLeaf.rbegin(); it != rootToLeaf.rend(); ++it)
            ids.push_back(locationOf(*it));
        return sampleIds(ids, values);
    }

    // A sample by location ids, leaf first as in the file.
    ProfileBuilder &sampleIds(const std::vector<uint64_t> &leafFirst,
                              const std::vector<int64_t> &values)
    {
        auto *s = m_p.add_sample();
        for (uint64_t id : leafFirst)
            s->add_location_id(id);
        for (int64_t v : values)
            s->add_value(v);
        return *this;
    }

    // Ids are 1, 2, 3, ... by default; a stride makes them sparse.
    ProfileBuilder &idStride(uint64_t stride, uint64_t first)
    {
        m_idStride = stride;
        m_nextFunctionId = m_nextLocationId = first;
        return *this;
    }

    perftools::profiles::Profile &proto() { return m_p; }
    QByteArray raw() const
    {
        std::string s;
        m_p.SerializeToString(&s);
        return QByteArray(s.data(), int(s.size()));
    }
    QByteArray gzip() const { return gzipBytes(raw()); }
    LoadResult load(bool gzipped = true) const
    {
        return loadProfileFromBytes(gzipped ? gzip() : raw(), QStringLiteral("test.pb.gz"));
    }

private:
    perftools::profiles::Profile m_p;
    std::map<std::string, int64_t> m_strings;
    std::map<std::string, uint64_t> m_functions;
    std::map<std::string, uint64_t> m_simpleLocations;
    uint64_t m_nextFunctionId = 1, m_nextLocationId = 1, m_idStride = 1;
};

} // namespace embers::test
