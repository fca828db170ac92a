// embers_generate_profile: writes a large synthetic pprof CPU profile, laid out as the
// Go runtime writes one (samples interleaved with the locations and functions they
// first use, mappings after the samples, the string table last), gzip'd at BestSpeed.
//
// The program it pretends to profile: F functions with Go- and C++-style names spread
// over files and packages; each function calls a few others, chosen with Zipf-skewed
// popularity; stack depth is log-normal; some stacks recurse directly or mutually; some
// call edges are inlined (locations with 2-3 lines).
#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/gzip_stream.h>
#include <google/protobuf/io/zero_copy_stream_impl.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <random>
#include <string>
#include <unistd.h>
#include <unordered_map>
#include <vector>

using google::protobuf::io::CodedOutputStream;

namespace {

struct Options
{
    uint64_t samples = 3300000;
    uint32_t functions = 120000;
    uint32_t seed = 1;
    uint32_t sampleSeed = 0; // nonzero: the same program (seed), other samples
    double medianDepth = 18;
    uint32_t paths = 0; // nonzero: samples repeat this many hot call paths
    std::string out = "synthetic.pb.gz";
    bool raw = false;
};

// Writes one length-delimited submessage built in a scratch string.
void writeMessage(CodedOutputStream &out, int field, const std::string &bytes)
{
    out.WriteTag((uint32_t(field) << 3) | 2);
    out.WriteVarint32(uint32_t(bytes.size()));
    out.WriteRaw(bytes.data(), int(bytes.size()));
}

class MessageWriter
{
public:
    std::string bytes;
    void varint(int field, uint64_t v)
    {
        if (v == 0)
            return;
        put(uint64_t(field) << 3);
        put(v);
    }
    void packed(int field, const std::vector<uint64_t> &values)
    {
        std::string inner;
        std::swap(inner, bytes);
        for (uint64_t v : values)
            put(v);
        std::swap(inner, bytes);
        put((uint64_t(field) << 3) | 2);
        put(inner.size());
        bytes += inner;
    }
    void message(int field, const std::string &m)
    {
        put((uint64_t(field) << 3) | 2);
        put(m.size());
        bytes += m;
    }
    void put(uint64_t v)
    {
        while (v >= 0x80) {
            bytes.push_back(char(v | 0x80));
            v >>= 7;
        }
        bytes.push_back(char(v));
    }
};

} // namespace

int main(int argc, char **argv)
{
    Options o;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        auto value = [&](const char *name) -> const char * {
            size_t n = std::strlen(name);
            return a.compare(0, n, name) == 0 ? a.c_str() + n : nullptr;
        };
        if (const char *v = value("--samples="))
            o.samples = std::strtoull(v, nullptr, 10);
        else if (const char *v = value("--functions="))
            o.functions = uint32_t(std::strtoul(v, nullptr, 10));
        else if (const char *v = value("--sample-seed="))
            o.sampleSeed = uint32_t(std::strtoul(v, nullptr, 10));
        else if (const char *v = value("--seed="))
            o.seed = uint32_t(std::strtoul(v, nullptr, 10));
        else if (const char *v = value("--paths="))
            o.paths = uint32_t(std::strtoul(v, nullptr, 10));
        else if (const char *v = value("--median-depth="))
            o.medianDepth = std::strtod(v, nullptr);
        else if (const char *v = value("--out="))
            o.out = v;
        else if (a == "--raw")
            o.raw = true;
        else {
            std::fprintf(stderr,
                         "usage: %s [--samples=N] [--functions=N] [--seed=N] [--sample-seed=N] "
                         "[--median-depth=D] [--paths=N] "
                         "[--raw] [--out=FILE]\n",
                         argv[0]);
            return 2;
        }
    }

    std::mt19937_64 rng(o.seed);
    auto uniform = [&](uint64_t n) {
        return std::uniform_int_distribution<uint64_t>(0, n - 1)(rng);
    };
    const uint32_t F = o.functions;

    // Strings: collected as we go; index 0 is "".
    std::vector<std::string> strings{""};
    std::unordered_map<std::string, uint64_t> stringIndex{{"", 0}};
    auto str = [&](const std::string &s) {
        auto [it, added] = stringIndex.emplace(s, strings.size());
        if (added)
            strings.push_back(s);
        return it->second;
    };

    // The program: names, files, callees.
    const uint32_t packages = std::max<uint32_t>(50, F / 400);
    std::vector<std::string> names(F), files(F);
    std::vector<uint32_t> startLines(F);
    for (uint32_t f = 0; f < F; ++f) {
        uint32_t pkg = uint32_t(uniform(packages));
        if (f % 5 == 4) {
            names[f] = "acme::ns" + std::to_string(pkg) + "::Class" + std::to_string(f % 97) +
                       "::Method" + std::to_string(f) + "(std::string const&, int)";
            files[f] = "src/ns" + std::to_string(pkg) + "/class" + std::to_string(f % 97) + ".cc";
        } else if (f % 7 == 3) {
            names[f] = "github.com/acme/pkg" + std::to_string(pkg) + "/internal/sub.(*Type" +
                       std::to_string(f % 31) + ").Method" + std::to_string(f) + ".func" +
                       std::to_string(f % 4 + 1);
            files[f] = "github.com/acme/pkg" + std::to_string(pkg) + "/internal/sub/file" +
                       std::to_string(f % 13) + ".go";
        } else {
            names[f] = "github.com/acme/pkg" + std::to_string(pkg) + ".Func" + std::to_string(f);
            files[f] = "github.com/acme/pkg" + std::to_string(pkg) + "/file" +
                       std::to_string(f % 17) + ".go";
        }
        startLines[f] = uint32_t(10 + uniform(2000));
    }
    // Zipf-like popularity: a few functions are called from everywhere.
    std::vector<double> weights(F);
    for (uint32_t f = 0; f < F; ++f)
        weights[f] = 1.0 / std::pow(double(f + 1), 0.9);
    std::discrete_distribution<uint32_t> popular(weights.begin(), weights.end());
    std::vector<std::vector<uint32_t>> callees(F);
    for (uint32_t f = 0; f < F; ++f) {
        size_t n = 2 + uniform(7);
        for (size_t k = 0; k < n; ++k)
            callees[f].push_back(k % 2 ? popular(rng) : uint32_t(uniform(F)));
    }
    std::vector<uint32_t> roots;
    for (uint32_t r = 0; r < 40; ++r)
        roots.push_back(uint32_t(uniform(F)));
    // Another capture of the same program: same functions and calls, other samples.
    if (o.sampleSeed != 0)
        rng.seed(o.sampleSeed);

    // Locations: one per (function, call site), assigned lazily. A location may inline
    // its callee: then it has 2 lines (callee inlined into caller).
    std::unordered_map<uint64_t, uint64_t> locationOf; // (function << 20 | site) -> id
    std::vector<char> functionWritten(F, 0);

    int fd = ::open(o.out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) {
        std::perror(o.out.c_str());
        return 1;
    }
    google::protobuf::io::FileOutputStream file(fd);
    google::protobuf::io::GzipOutputStream::Options gz;
    gz.compression_level = 1;
    google::protobuf::io::GzipOutputStream gzip(&file, gz);
    google::protobuf::io::ZeroCopyOutputStream *sink =
        o.raw ? static_cast<google::protobuf::io::ZeroCopyOutputStream *>(&file) : &gzip;
    {
        CodedOutputStream out(sink);
        out.WriteTag(9 << 3);
        out.WriteVarint64(1764489600ULL * 1000000000ULL); // time_nanos
        auto valueType = [&](const char *type, const char *unit) {
            MessageWriter m;
            m.varint(1, str(type));
            m.varint(2, str(unit));
            return m.bytes;
        };
        writeMessage(out, 1, valueType("samples", "count"));
        writeMessage(out, 1, valueType("cpu", "nanoseconds"));
        out.WriteTag(10 << 3);
        out.WriteVarint64(60ULL * 1000000000ULL);
        writeMessage(out, 11, valueType("cpu", "nanoseconds"));
        out.WriteTag(12 << 3);
        out.WriteVarint64(10000000);

        auto writeFunction = [&](uint32_t f) {
            if (functionWritten[f])
                return;
            functionWritten[f] = 1;
            MessageWriter m;
            m.varint(1, f + 1);
            m.varint(2, str(names[f]));
            m.varint(3, str(names[f]));
            m.varint(4, str(files[f]));
            m.varint(5, startLines[f]);
            writeMessage(out, 5, m.bytes);
        };
        uint64_t nextLocation = 1;
        auto location = [&](uint32_t f, uint32_t site, uint32_t inlinedCallee) {
            uint64_t key = (uint64_t(f) << 24) | (uint64_t(site) << 20) | (inlinedCallee & 0xFFFFF);
            auto [it, added] = locationOf.emplace(key, nextLocation);
            if (!added)
                return it->second;
            uint64_t id = nextLocation++;
            writeFunction(f);
            if (inlinedCallee != UINT32_MAX)
                writeFunction(inlinedCallee);
            MessageWriter m;
            m.varint(1, id);
            m.varint(2, 1);
            m.varint(3, 0x400000 + id * 16);
            if (inlinedCallee != UINT32_MAX) {
                MessageWriter line;
                line.varint(1, inlinedCallee + 1);
                line.varint(2, startLines[inlinedCallee] + 3);
                m.message(4, line.bytes);
            }
            MessageWriter line;
            line.varint(1, f + 1);
            line.varint(2, startLines[f] + 1 + site * 7);
            m.message(4, line.bytes);
            writeMessage(out, 4, m.bytes);
            return id;
        };

        std::lognormal_distribution<double> depthDist(std::log(o.medianDepth), 0.45);
        // Walks from a root down the call graph into `stack`.
        auto walk = [&](std::vector<uint32_t> &stack) {
            size_t depth = std::clamp<size_t>(size_t(depthDist(rng)), 1, 128);
            stack.clear();
            uint32_t f = roots[uniform(roots.size())];
            stack.push_back(f);
            while (stack.size() < depth) {
                if (uniform(100) < 8 && stack.size() + 6 < depth) {
                    // Recursion: direct, or a 2-3 function cycle, a few times round.
                    size_t cycle = 1 + uniform(3), rounds = 2 + uniform(4);
                    std::vector<uint32_t> loop(stack.end() - std::min(cycle, stack.size()),
                                               stack.end());
                    for (size_t r = 0; r < rounds && stack.size() < depth; ++r)
                        for (uint32_t g : loop)
                            stack.push_back(g);
                    continue;
                }
                // A function spends most of its time in one or two of its callees.
                const auto &c = callees[f];
                size_t k = 0;
                while (k + 1 < c.size() && uniform(100) < 35)
                    ++k;
                f = c[k];
                stack.push_back(f);
            }
        };
        // --paths: a program whose time goes to a set of hot call paths, Zipf-popular,
        // as a real one's does; a sample is one of them, a third of the time with a
        // callee or two of its leaf below (the leaf's own calls vary most).
        std::vector<std::vector<uint32_t>> hot(o.paths);
        for (std::vector<uint32_t> &path : hot)
            walk(path);
        std::vector<double> pathWeights(o.paths);
        for (uint32_t p = 0; p < o.paths; ++p)
            pathWeights[p] = 1.0 / std::pow(double(p + 1), 0.8);
        std::discrete_distribution<uint32_t> hotPath(pathWeights.begin(), pathWeights.end());

        std::vector<uint32_t> frames;
        std::vector<uint64_t> ids, values(2);
        for (uint64_t s = 0; s < o.samples; ++s) {
            if (o.paths == 0) {
                walk(frames);
            } else {
                frames = hot[hotPath(rng)];
                if (uniform(3) == 0) {
                    for (size_t extra = 1 + uniform(2); extra > 0; --extra)
                        frames.push_back(callees[frames.back()][uniform(2)]);
                }
            }
            // Locations root first; some call edges are inlined (the callee's line
            // inside the caller's location). pprof wants them leaf first.
            ids.clear();
            for (size_t i = 0; i < frames.size();) {
                uint32_t fn = frames[i];
                uint32_t site = uint32_t(i + 1 < frames.size() ? frames[i + 1] % 4 : 0);
                if (i + 1 < frames.size() && (fn * 31 + frames[i + 1]) % 7 == 0 &&
                    fn != frames[i + 1]) {
                    ids.push_back(location(fn, site, frames[i + 1]));
                    i += 2;
                } else {
                    ids.push_back(location(fn, site, UINT32_MAX));
                    i += 1;
                }
            }
            std::reverse(ids.begin(), ids.end());
            uint64_t count = 1 + (uniform(10) == 0);
            values[0] = count;
            values[1] = count * 10000000;
            MessageWriter m;
            m.packed(2, values);
            m.packed(1, ids);
            writeMessage(out, 2, m.bytes);
        }
        {
            MessageWriter m;
            m.varint(1, 1);
            m.varint(2, 0x400000);
            m.varint(3, 0x400000 + nextLocation * 16 + 4096);
            m.varint(5, str("/usr/local/bin/synthetic-server"));
            m.varint(7, 1);
            m.varint(8, 1);
            m.varint(9, 1);
            m.varint(10, 1);
            writeMessage(out, 3, m.bytes);
        }
        for (const std::string &s : strings) {
            out.WriteTag((6 << 3) | 2);
            out.WriteVarint32(uint32_t(s.size()));
            out.WriteRaw(s.data(), int(s.size()));
        }
    }
    if (!o.raw)
        gzip.Close();
    file.Close();
    uint32_t used = uint32_t(std::count(functionWritten.begin(), functionWritten.end(), 1));
    std::fprintf(stderr, "wrote %s: %llu samples, %llu locations, %u functions used\n",
                 o.out.c_str(), (unsigned long long)o.samples,
                 (unsigned long long)(locationOf.size()), used);
    return 0;
}
