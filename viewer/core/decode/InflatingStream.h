// InflatingStream: a protobuf ZeroCopyInputStream over a file or buffer that is either
// gzip'd (sniffed by its magic bytes, never its name) or raw. Inflates as a stream with
// zlib, so the whole message never has to exist in memory; enforces a size cap against
// gzip bombs; reports progress by input bytes and stops when cancelled.
//
// A gzip'd input is inflated on a helper thread a few chunks ahead of the reader, so
// the protobuf decoding overlaps the inflate (the inflate is the floor of opening).
#pragma once

#include <google/protobuf/io/zero_copy_stream.h>

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

class QIODevice;

namespace embers {

struct StreamOptions
{
    uint64_t maxInflatedBytes = uint64_t(4) << 30;
    const std::atomic_bool *cancel = nullptr;
    // Called now and then with (input bytes consumed, input size or 0 if unknown),
    // possibly from the inflating thread.
    std::function<void(uint64_t, uint64_t)> progress;
};

class InflatingStream final : public google::protobuf::io::ZeroCopyInputStream
{
public:
    InflatingStream(QIODevice *device, uint64_t inputSize, StreamOptions options);
    ~InflatingStream() override;

    bool isGzip() const { return m_gzip; }
    // Empty while all is well; otherwise why the stream stopped early.
    std::string error() const;
    bool cancelled() const;

    bool Next(const void **data, int *size) override;
    void BackUp(int count) override;
    bool Skip(int count) override;
    int64_t ByteCount() const override { return int64_t(m_position); }

private:
    // Input side (the helper thread's, for gzip).
    bool fillInput();
    bool inflateChunk(std::vector<unsigned char> &out);
    void inflateLoop();
    void setError(std::string message);
    bool cancelRequested() const;

    // Reader side.
    bool nextChunk();

    QIODevice *m_device;
    uint64_t m_inputSize;
    StreamOptions m_options;

    std::vector<unsigned char> m_in;
    size_t m_inBegin = 0, m_inEnd = 0;
    bool m_inputEof = false;
    uint64_t m_inputRead = 0;
    uint64_t m_produced = 0;
    bool m_streamEnded = false;

    std::vector<unsigned char> m_chunk; // the chunk being read
    size_t m_chunkSize = 0;
    int m_backedUp = 0;
    uint64_t m_position = 0;

    struct Shared;
    std::unique_ptr<Shared> m_shared;
    bool m_gzip = false;
};

} // namespace embers
