// embers_open_benchmark: how fast Embers opens a profile, against a plain zlib inflate
// of the same file measured in the same run. Each measurement runs in a child process
// so that its peak memory (VmHWM) is its own.
//
//   embers_open_benchmark [--rounds=N] [--pprof] [--labels] FILE
//
// --labels keeps the samples' labels by stack (what the window's label filters need).
// --pprof also times `go tool pprof -top` on the file (needs Go; not for CI).
#include "CallTree.h"
#include "FreedMemory.h"
#include "FunctionTable.h"
#include "ProfileLoader.h"
#include "StackTable.h"

#include <QFile>

#include <zlib.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;
bool g_keepLabels = false;

double seconds(Clock::time_point a, Clock::time_point b)
{
    return std::chrono::duration<double>(b - a).count();
}

double cpuSeconds()
{
    timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return double(t.tv_sec) + double(t.tv_nsec) / 1e9;
}

uint64_t peakRssBytes()
{
    FILE *f = std::fopen("/proc/self/status", "r");
    char line[256];
    uint64_t kb = 0;
    while (f && std::fgets(line, sizeof line, f)) {
        if (std::strncmp(line, "VmHWM:", 6) == 0)
            kb = std::strtoull(line + 6, nullptr, 10);
    }
    if (f)
        std::fclose(f);
    return kb * 1024;
}

struct Figures
{
    double inflate = 0; // baseline: zlib inflate of the file, output discarded
    uint64_t inflated = 0;
    double decode = 0;    // inflate + protobuf decode into Profile
    double stacks = 0;    // StackTable
    double functions = 0; // FunctionTable
    double tree = 0;      // CallTree
    // CPU time of the phases above, all threads: above the wall time where they use both
    // cores, the same where they run on one.
    double decodeCpu = 0, stacksCpu = 0, functionsCpu = 0, treeCpu = 0;
    uint64_t peak = 0;
    uint64_t samples = 0, uniqueStacks = 0, frames = 0, nodes = 0, mergedStacks = 0;
};

// Plain zlib: the floor every viewer pays for a gzip'd file.
Figures measureInflate(const char *path)
{
    Figures f;
    auto start = Clock::now();
    FILE *in = std::fopen(path, "rb");
    std::vector<unsigned char> inBuf(1 << 20), outBuf(1 << 20);
    z_stream z{};
    inflateInit2(&z, 16 + MAX_WBITS);
    size_t n;
    bool gzip = false, first = true;
    while ((n = std::fread(inBuf.data(), 1, inBuf.size(), in)) > 0) {
        if (first) {
            gzip = n >= 2 && inBuf[0] == 0x1f && inBuf[1] == 0x8b;
            first = false;
        }
        if (!gzip) {
            f.inflated += n;
            continue;
        }
        z.next_in = inBuf.data();
        z.avail_in = uInt(n);
        while (z.avail_in > 0) {
            z.next_out = outBuf.data();
            z.avail_out = uInt(outBuf.size());
            int rc = inflate(&z, Z_NO_FLUSH);
            f.inflated += outBuf.size() - z.avail_out;
            if (rc == Z_STREAM_END || rc < 0)
                break;
        }
    }
    inflateEnd(&z);
    std::fclose(in);
    f.inflate = seconds(start, Clock::now());
    return f;
}

Figures measureOpen(const char *path)
{
    Figures f;
    const double c0 = cpuSeconds();
    auto t0 = Clock::now();
    embers::LoadResult loaded = embers::loadProfile(QString::fromLocal8Bit(path));
    auto t1 = Clock::now();
    const double c1 = cpuSeconds();
    if (!loaded.profile) {
        std::fprintf(stderr, "%s\n", loaded.error.toLocal8Bit().constData());
        std::exit(1);
    }
    f.samples = loaded.profile->sampleCount();
    f.uniqueStacks = loaded.profile->stackCount();
    f.inflated = loaded.profile->messageBytes;
    embers::StackTableOptions options;
    options.granularity = embers::Granularity::FileFunctions;
    options.keepLabels = g_keepLabels;
    std::string error;
    auto stacks = embers::StackTable::build({loaded.profile}, options, &error);
    // What the model keeps: the samples are no longer needed once the stacks exist.
    // (Swapped out: assigning {} would keep the vectors' memory.)
    std::vector<uint32_t>().swap(loaded.profile->sampleStacks);
    std::vector<uint32_t>().swap(loaded.profile->sampleLabelSets);
    std::vector<int64_t>().swap(loaded.profile->sampleValues);
    std::vector<uint32_t>().swap(loaded.profile->stackLocations);
    auto t2 = Clock::now();
    const double c2 = cpuSeconds();
    auto functions = embers::FunctionTable::build(*stacks);
    auto t3 = Clock::now();
    const double c3 = cpuSeconds();
    auto shared = std::make_shared<const embers::StackTable>(std::move(*stacks));
    auto tree =
        std::make_shared<embers::CallTree>(shared, size_t(std::max(0, shared->defaultColumn)));
    auto t4 = Clock::now();
    const double c4 = cpuSeconds();
    f.decodeCpu = c1 - c0;
    f.stacksCpu = c2 - c1;
    f.functionsCpu = c3 - c2;
    f.treeCpu = c4 - c3;
    f.decode = seconds(t0, t1);
    f.stacks = seconds(t1, t2);
    f.functions = seconds(t2, t3);
    f.tree = seconds(t3, t4);
    f.frames = shared->frameCount();
    f.mergedStacks = shared->stackCount();
    f.nodes = tree->nodeCount();
    f.peak = peakRssBytes();
    (void)functions;
    return f;
}

// Wall time and peak memory of `go tool pprof -top FILE`, from GNU time.
bool measurePprof(const char *path, double *seconds, double *peakMb)
{
    std::string cmd = std::string("/usr/bin/time -f '%e %M' go tool pprof -top -nodecount=1 '") +
                      path + "' 2>&1 >/dev/null | tail -1";
    FILE *p = popen(cmd.c_str(), "r");
    if (!p)
        return false;
    double kb = 0;
    bool ok = std::fscanf(p, "%lf %lf", seconds, &kb) == 2;
    pclose(p);
    *peakMb = kb * 1024 / 1e6;
    return ok;
}

template <typename Fn> Figures inChild(Fn fn, const char *path)
{
    int fds[2];
    if (pipe(fds) != 0)
        std::exit(1);
    pid_t pid = fork();
    if (pid == 0) {
        close(fds[0]);
        Figures f = fn(path);
        f.peak = peakRssBytes();
        if (write(fds[1], &f, sizeof f) != ssize_t(sizeof f))
            _exit(1);
        _exit(0);
    }
    // Only the child writes: a child that dies before it does ends the read, not hangs it.
    close(fds[1]);
    Figures f;
    const bool got = read(fds[0], &f, sizeof f) == ssize_t(sizeof f);
    close(fds[0]);
    waitpid(pid, nullptr, 0);
    if (!got) {
        std::fprintf(stderr, "measurement failed on %s\n", path);
        std::exit(1);
    }
    return f;
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

} // namespace

int main(int argc, char **argv)
{
    embers::keepFreedMemory(); // as the app does
    int rounds = 3;
    bool pprof = false, usage = false;
    const char *path = nullptr;
    for (int i = 1; i < argc; ++i) {
        if (std::strncmp(argv[i], "--rounds=", 9) == 0)
            rounds = std::max(1, std::atoi(argv[i] + 9));
        else if (std::strcmp(argv[i], "--pprof") == 0)
            pprof = true;
        else if (std::strcmp(argv[i], "--labels") == 0)
            g_keepLabels = true;
        else if (argv[i][0] == '-' || path)
            usage = true; // an unknown option, or a second file
        else
            path = argv[i];
    }
    if (usage || !path) {
        std::fprintf(stderr, "usage: %s [--rounds=N] [--pprof] [--labels] FILE\n", argv[0]);
        return 2;
    }
    QFile file(QString::fromLocal8Bit(path));
    if (!file.open(QIODevice::ReadOnly)) {
        std::fprintf(stderr, "%s: %s\n", path, qPrintable(file.errorString()));
        return 1;
    }
    const double fileBytes = double(file.size());

    std::vector<double> inflate, decode, stacks, functions, tree, open;
    std::vector<double> decodeCpu, stacksCpu, functionsCpu, treeCpu, openCpu;
    Figures last, base;
    uint64_t peak = 0, basePeak = 0;
    for (int r = 0; r < rounds; ++r) {
        // Alternate, so that both see the same machine noise.
        base = inChild(measureInflate, path);
        last = inChild(measureOpen, path);
        inflate.push_back(base.inflate);
        decode.push_back(last.decode);
        stacks.push_back(last.stacks);
        functions.push_back(last.functions);
        tree.push_back(last.tree);
        open.push_back(last.decode + last.stacks + last.functions + last.tree);
        decodeCpu.push_back(last.decodeCpu);
        stacksCpu.push_back(last.stacksCpu);
        functionsCpu.push_back(last.functionsCpu);
        treeCpu.push_back(last.treeCpu);
        openCpu.push_back(last.decodeCpu + last.stacksCpu + last.functionsCpu + last.treeCpu);
        peak = std::max(peak, last.peak);
        basePeak = std::max(basePeak, base.peak);
    }
    const double mb = 1e6, protobuf = double(last.inflated);
    std::printf("file                 %s\n", path);
    std::printf("file size            %.1f MB (protobuf %.1f MB)\n", fileBytes / mb, protobuf / mb);
    std::printf("samples              %llu (unique location stacks %llu, frame stacks %llu)\n",
                (unsigned long long)last.samples, (unsigned long long)last.uniqueStacks,
                (unsigned long long)last.mergedStacks);
    std::printf("frames               %llu; call tree nodes %llu\n",
                (unsigned long long)last.frames, (unsigned long long)last.nodes);
    std::printf("rounds               %d (medians below)%s\n", rounds,
                g_keepLabels ? ", labels kept" : "");
    std::printf("baseline zlib inflate %.3f s  (%.0f MB/s of file)\n", median(inflate),
                fileBytes / mb / median(inflate));
    std::printf("inflate + decode     %.3f s  (cpu %.3f s; %.0f MB/s of protobuf)\n",
                median(decode), median(decodeCpu), protobuf / mb / median(decode));
    std::printf("stack table (trie)   %.3f s  (cpu %.3f s)\n", median(stacks), median(stacksCpu));
    std::printf("function table       %.3f s  (cpu %.3f s)\n", median(functions),
                median(functionsCpu));
    std::printf("call tree values     %.3f s  (cpu %.3f s)\n", median(tree), median(treeCpu));
    std::printf("open, total          %.3f s  (cpu %.3f s; %.0f MB/s of file)\n", median(open),
                median(openCpu), fileBytes / mb / median(open));
    std::printf("RATIO open / inflate %.2f   (target <= 2)\n", median(open) / median(inflate));
    std::printf("peak memory          %.1f MB (baseline process %.1f MB)\n", double(peak) / mb,
                double(basePeak) / mb);
    std::printf("RATIO peak / protobuf %.2f  (target <= 2)\n", double(peak) / protobuf);
    double pprofSeconds, pprofMb;
    if (pprof && measurePprof(path, &pprofSeconds, &pprofMb)) {
        std::printf("go tool pprof -top   %.3f s, peak %.1f MB\n", pprofSeconds, pprofMb);
        std::printf("RATIO pprof / open   %.1f (time), %.1f (peak memory)\n",
                    pprofSeconds / median(open), pprofMb * mb / double(peak));
    }
    return 0;
}
