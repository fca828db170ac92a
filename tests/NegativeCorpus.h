// The negative corpus: files that are not usable pprof profiles (each refused with one
// message naming the file and the problem) and damaged ones that still load (with a
// warning naming the file and the problem). tst_errors loads them in-process, tst_cli
// runs `embers --top` on them, tst_worksafety opens them in the window.
#pragma once

#include "ProfileBuilder.h"
#include "TestData.h"

#include <QFile>
#include <QRandomGenerator>
#include <QString>

#include <zlib.h>

#include <vector>

namespace embers::test {

struct BadInput
{
    QString file;          // a file name for it
    QByteArray bytes;      // its content
    QString message;       // a fragment of the error, after "FILE: "
    QString message2 = {}; // another fragment the error must hold (how to convert), if any
};

struct DamagedInput
{
    QString file;
    QByteArray bytes;
    QString warning; // a fragment of the warning, after "FILE: "
};

inline QString edgeCase(const char *name)
{
    return sharedProfiles() + QStringLiteral("/pprof-testdata/derived/edge-cases/") +
           QLatin1String(name);
}

inline bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

// Inputs that must be refused.
inline std::vector<BadInput> rejectedInputs()
{
    const QString testdata = sharedProfiles() + QStringLiteral("/pprof-testdata/");
    const QByteArray sample = fileContent(testdata + QStringLiteral("sample.cpu"));
    const QByteArray raw = fileContent(testdata + QStringLiteral("derived/sample.cpu.raw.pb"));
    const QString convert = QStringLiteral("go tool pprof -proto");
    std::vector<BadInput> inputs;
    auto add = [&](const char *file, const QByteArray &bytes, const QString &message,
                   const QString &message2 = {}) {
        inputs.push_back({QLatin1String(file), bytes, message, message2});
    };

    add("empty.pb.gz", QByteArray(), QStringLiteral("the file is empty"));
    // pprof: "empty input file".
    add("empty.pb", fileContent(edgeCase("empty.pb")), QStringLiteral("the file is empty"));
    add("truncated.pb.gz", sample.left(sample.size() / 2), QStringLiteral("truncated gzip data"));
    QByteArray corrupt = sample;
    for (int i = 200; i < 260; ++i)
        corrupt[i] = char(corrupt[i] ^ 0x5A);
    add("corrupt-deflate.pb.gz", corrupt, QStringLiteral("corrupt gzip data"));
    add("inflates-to-nothing.pb.gz", gzipBytes(QByteArray()),
        QStringLiteral("the gzip data inflates to an empty file"));
    // pprof: "concatenated profiles detected".
    add("two-gzip-members.pb.gz", fileContent(edgeCase("concatenated-two-profiles.pb.gz")),
        QStringLiteral("several gzip members"));
    add("two-raw-messages.pb", raw + raw, QStringLiteral("concatenated profiles detected"));
    add("truncated-raw.pb", raw.left(1000), QStringLiteral("not a valid pprof profile"));
    QByteArray random(8192, Qt::Uninitialized);
    QRandomGenerator rng(42);
    for (char &c : random)
        c = char(rng.generate() & 0xFF);
    random[0] = char(0x5A); // not gzip magic, not JSON
    add("random.pb.gz", random, QStringLiteral("not a valid pprof"));
    add("image.pb.gz", QByteArray("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16),
        QStringLiteral("PNG image"));
    add("photo.pb", QByteArray("\xFF\xD8\xFF\xE0\0\x10JFIF", 10), QStringLiteral("JPEG image"));
    add("archive.pb.gz", QByteArray("PK\x03\x04\x14\0\0\0", 8), QStringLiteral("zip archive"));
    add("page.pb.gz", QByteArray("<!DOCTYPE html><html><body>502 Bad Gateway</body></html>"),
        QStringLiteral("HTML or XML document"));
    const QByteArray json =
        R"({"success":false,"errors":[{"code":10021,)"
        R"("message":"Profiling is not enabled for this Worker"}],"result":null})";
    add("error-body.pb.gz", json, QStringLiteral("Profiling is not enabled for this Worker"));
    add("gzipped-error-body.pb.gz", gzipBytes(json),
        QStringLiteral("Profiling is not enabled for this Worker"));
    add("trace.cpuprofile", QByteArray(R"({"nodes":[{"id":1}],"samples":[1]})"),
        QStringLiteral("Chrome .cpuprofile"));
    add("legacy-heap.txt", QByteArray("heap profile:   10:  1234 [  20:  5678] @ heapprofile\n"),
        QStringLiteral("legacy text profile"), convert);
    const QByteArray goText = fileContent(testdata + QStringLiteral("not-pprof/go.godoc.thread"));
    add("go.godoc.thread", goText, QStringLiteral("legacy text profile"), convert);
    add("go.godoc.thread.gz", gzipBytes(goText), QStringLiteral("legacy text profile"), convert);
    add("java.cpu", fileContent(testdata + QStringLiteral("not-pprof/java.cpu")),
        QStringLiteral("legacy binary CPU profile"), convert);
    add("twice.pb.gz.gz", gzipBytes(sample), QStringLiteral("gzip-compressed twice"));
    // A README picked up by a glob: its first line, not the decoder's field numbers. The
    // first 4096 bytes end inside a character.
    QByteArray readme =
        "# Example captures\n\nThree profiles to try: "
        "\xE3\x83\x97\xE3\x83\xAD\xE3\x83\x95\xE3\x82\xA1\xE3\x82\xA4\xE3\x83\xAB\n";
    while (readme.size() < 4000)
        readme += "Open them with `embers *.pb.gz`; \xE6\x80\xA7\xE8\x83\xBD\n";
    readme.append(4095 - readme.size(), '-');
    readme += "\xE6\x80\xA7\n";
    add("README.md", readme,
        QStringLiteral("this is a text file, not a pprof profile or folded stacks (it begins "
                       "\"# Example captures\")"));
    // With a BOM, which is no part of the first line shown.
    add("notes.txt.gz",
        gzipBytes("\xEF\xBB\xBFTODO: capture the worker again\tafter the deploy\r\n"),
        QStringLiteral("gzip-compressed, but this is a text file"),
        QStringLiteral("(it begins \"TODO: capture the worker again\tafter the deploy\")"));
    add("zstd.pb.zst", QByteArray("\x28\xB5\x2F\xFD\x00\x00", 6), QStringLiteral("zstd"));
    // pprof: "mismatch: sample has 3 values vs. 2 types".
    add("more-values-than-types.pb.gz", fileContent(edgeCase("value-count-mismatch.pb.gz")),
        QStringLiteral("a sample has 3 values but the profile declares 2 sample types"));
    {
        ProfileBuilder b; // samples but no sample types
        b.sample({"main"}, {});
        b.proto().mutable_sample(0)->add_value(5);
        add("samples-without-types.pb", b.raw(), QStringLiteral("samples but no sample types"));
    }
    // A string_table entry claiming 2 GiB, then three bytes.
    add("huge-length.pb",
        QByteArray("\x32\xFF\xFF\xFF\xFF\x07"
                   "abc",
                   9),
        QStringLiteral("not a valid pprof"));
    // A sample whose length runs far past the end, inside gzip.
    add("huge-sample-length.pb.gz", gzipBytes(QByteArray("\x12\xFF\xFF\xFF\xFF\x0F\x0a", 7)),
        QStringLiteral("not a valid pprof"));
    // An 11-byte varint (at most 10 are valid).
    add("huge-varint.pb", QByteArray("\x48\xFF\xFF\xFF\xFF\xFF\xFF\xFF\xFF\xFF\xFF\x01", 12),
        QStringLiteral("varint"));
    return inputs;
}

// Damaged profiles whose data is still usable: they load, with a warning (README, "Bad
// input", says what pprof does with each).
inline std::vector<DamagedInput> damagedInputs()
{
    std::vector<DamagedInput> inputs;
    auto add = [&](const char *file, const QByteArray &bytes, const char *warning) {
        inputs.push_back({QLatin1String(file), bytes, QLatin1String(warning)});
    };
    add("string-index-out-of-range.pb.gz", fileContent(edgeCase("string-index-out-of-range.pb.gz")),
        "refers to string #100000");
    add("missing-location.pb.gz", fileContent(edgeCase("missing-location-ref.pb.gz")),
        "location id 999999, which the profile does not define");
    add("missing-mapping.pb.gz", fileContent(edgeCase("dangling-mapping-ref.pb.gz")),
        "refers to mapping id 777, which does not exist");
    add("line-without-function.pb.gz", fileContent(edgeCase("line-without-function.pb.gz")),
        "has a line with no function");
    add("location-id-zero.pb.gz", fileContent(edgeCase("location-id-zero.pb.gz")),
        "a location has the reserved id 0");
    add("string0-not-empty.pb.gz", fileContent(edgeCase("string0-not-empty.pb.gz")),
        "string_table[0]");
    add("field-number-zero.pb.gz", fileContent(edgeCase("field-number-zero.pb.gz")),
        "field number 0");
    {
        ProfileBuilder b; // a location's line names a function that does not exist
        b.sampleType("samples", "count");
        b.sample({"main", "work"}, {3});
        b.proto().mutable_location(1)->mutable_line(0)->set_function_id(4242);
        add("missing-function.pb.gz", b.gzip(), "has a line with unknown function id 4242");
    }
    {
        ProfileBuilder b;
        b.sampleType("samples", "count");
        b.sample({"main", "work"}, {3});
        auto *dup = b.proto().add_function();
        dup->set_id(1);
        dup->set_name(b.str("impostor"));
        add("duplicate-function-id.pb.gz", b.gzip(), "function id 1 is defined twice");
    }
    {
        ProfileBuilder b;
        b.sampleType("samples", "count");
        b.sample({"main", "work"}, {3});
        *b.proto().add_location() = b.proto().location(0);
        add("duplicate-location-id.pb.gz", b.gzip(), "location id 1 is defined twice");
    }
    {
        ProfileBuilder b;
        b.sampleType("samples", "count");
        b.sample({"main", "work"}, {3});
        b.proto().add_function()->set_name(b.str("nobody"));
        add("function-id-zero.pb.gz", b.gzip(), "a function has the reserved id 0");
    }
    {
        ProfileBuilder b;
        b.sampleType("samples", "count");
        b.sample({"main", "work"}, {3});
        b.proto().add_mapping()->set_filename(b.str("/bin/x"));
        add("mapping-id-zero.pb.gz", b.gzip(), "a mapping has the reserved id 0");
    }
    return inputs;
}

// A gzip bomb: a stream that inflates to `inflated` bytes (rounded up to MiB) of an
// unknown, skippable field, so the size cap (not the decoder) is what stops it. Built
// from one compressed MiB repeated: after a full flush, deflate starts afresh, so the
// same input compresses to the same bytes. Its CRC and length are right.
inline QByteArray gzipBomb(uint64_t inflated)
{
    constexpr int kMiB = 1 << 20;
    QByteArray piece(kMiB, '\0');
    // Field 100, length-delimited, covering the rest of the MiB.
    const int payload = kMiB - 5;
    piece[0] = char(0xA2);
    piece[1] = char(0x06);
    piece[2] = char(0x80 | (payload & 0x7F));
    piece[3] = char(0x80 | ((payload >> 7) & 0x7F));
    piece[4] = char(payload >> 14);
    z_stream z{};
    deflateInit2(&z, Z_BEST_COMPRESSION, Z_DEFLATED, 16 + MAX_WBITS, 9, Z_DEFAULT_STRATEGY);
    auto compress = [&](const QByteArray &in, int flush) {
        QByteArray out(int(deflateBound(&z, uLong(in.size()))) + 64, Qt::Uninitialized);
        z.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(in.constData()));
        z.avail_in = uInt(in.size());
        z.next_out = reinterpret_cast<Bytef *>(out.data());
        z.avail_out = uInt(out.size());
        deflate(&z, flush);
        out.resize(out.size() - int(z.avail_out));
        return out;
    };
    QByteArray bomb = compress(piece, Z_FULL_FLUSH); // gzip header + the first MiB
    const QByteArray repeated = compress(piece, Z_FULL_FLUSH);
    const uint64_t pieces = (inflated + kMiB - 1) / kMiB;
    bomb.reserve(int(bomb.size() + repeated.size() * pieces + 64));
    for (uint64_t i = 2; i < pieces; ++i)
        bomb += repeated;
    bomb += compress(pieces >= 2 ? piece : QByteArray(), Z_FINISH).chopped(8);
    deflateEnd(&z);
    // The trailer: CRC-32 and length (mod 2^32) of everything.
    const uLong pieceCrc = crc32(0, reinterpret_cast<const Bytef *>(piece.constData()), kMiB);
    uLong crc = 0;
    for (uint64_t i = 0; i < pieces; ++i)
        crc = crc32_combine(crc, pieceCrc, kMiB);
    const uint32_t size = uint32_t(pieces * kMiB);
    for (uint32_t v : {uint32_t(crc), size}) {
        for (int b = 0; b < 4; ++b)
            bomb += char((v >> (8 * b)) & 0xFF);
    }
    return bomb;
}

// A profile with one stack `depth` frames deep (two functions alternating, then a leaf)
// and a short one.
inline QByteArray deepStackProfile(int depth)
{
    ProfileBuilder b;
    b.sampleType("samples", "count");
    std::vector<std::string> stack;
    for (int i = 0; i < depth; ++i)
        stack.push_back(i % 2 ? "recurse" : "descend");
    stack.push_back("leaf");
    b.sample(stack, {7});
    b.sample({"descend", "leaf"}, {1});
    return b.gzip();
}

} // namespace embers::test
