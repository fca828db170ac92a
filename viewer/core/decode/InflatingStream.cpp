#include "InflatingStream.h"

#include "LargeArrays.h"

#include <QCoreApplication>
#include <QIODevice>

#include <zlib.h>

#include <condition_variable>
#include <cstring>
#include <deque>
#include <mutex>
#include <thread>

namespace embers {

namespace {
constexpr size_t kInputChunk = size_t(1) << 20;
constexpr size_t kOutputChunk = size_t(1) << 20;
constexpr size_t kChunksAhead = 8;

QString sizeText(uint64_t bytes)
{
    if (bytes >= (uint64_t(1) << 30))
        return QStringLiteral("%1 GiB").arg(bytes >> 30);
    return QStringLiteral("%1 MiB").arg(bytes >> 20);
}

// A message for the user in the window's language (English where no translation is
// installed, as on the command line). `source` is marked with QT_TRANSLATE_NOOP.
std::string text(const char *source, const QString &arg = {})
{
    QString message = QCoreApplication::translate("InflatingStream", source);
    if (!arg.isNull())
        message = message.arg(arg);
    return message.toStdString();
}
} // namespace

// State shared between the reader and the inflating thread, under `mutex`.
struct InflatingStream::Shared
{
    std::mutex mutex;
    std::condition_variable changed;
    std::deque<std::vector<unsigned char>> ready;
    std::vector<std::vector<unsigned char>> spare;
    bool done = false; // the producer will add no more chunks
    bool stop = false; // the reader is gone
    bool cancelled = false;
    std::string error;
    std::thread thread;
    z_stream z{};
    bool zInitialised = false;
};

InflatingStream::InflatingStream(QIODevice *device, uint64_t inputSize, StreamOptions options)
    : m_device(device), m_inputSize(inputSize), m_options(std::move(options)), m_in(kInputChunk),
      m_shared(std::make_unique<Shared>())
{
    fillInput();
    m_gzip = m_inEnd - m_inBegin >= 2 && m_in[m_inBegin] == 0x1f && m_in[m_inBegin + 1] == 0x8b;
    if (!m_gzip)
        return;
    if (inflateInit2(&m_shared->z, 16 + MAX_WBITS) != Z_OK) {
        setError(text(QT_TRANSLATE_NOOP("InflatingStream", "cannot initialise zlib")));
        m_shared->done = true;
        return;
    }
    m_shared->zInitialised = true;
    m_shared->thread = std::thread([this] { inflateLoop(); });
}

InflatingStream::~InflatingStream()
{
    if (m_shared->thread.joinable()) {
        {
            std::lock_guard lock(m_shared->mutex);
            m_shared->stop = true;
        }
        m_shared->changed.notify_all();
        m_shared->thread.join();
    }
    if (m_shared->zInitialised)
        inflateEnd(&m_shared->z);
}

std::string InflatingStream::error() const
{
    std::lock_guard lock(m_shared->mutex);
    return m_shared->error;
}

bool InflatingStream::cancelled() const
{
    std::lock_guard lock(m_shared->mutex);
    return m_shared->cancelled;
}

void InflatingStream::setError(std::string message)
{
    std::lock_guard lock(m_shared->mutex);
    if (m_shared->error.empty())
        m_shared->error = std::move(message);
}

bool InflatingStream::cancelRequested() const
{
    if (!m_options.cancel || !m_options.cancel->load(std::memory_order_relaxed))
        return false;
    std::lock_guard lock(m_shared->mutex);
    m_shared->cancelled = true;
    if (m_shared->error.empty())
        m_shared->error = "cancelled";
    return true;
}

bool InflatingStream::fillInput()
{
    if (m_inputEof)
        return false;
    if (m_inBegin == m_inEnd)
        m_inBegin = m_inEnd = 0;
    if (m_inEnd == m_in.size()) {
        std::memmove(m_in.data(), m_in.data() + m_inBegin, m_inEnd - m_inBegin);
        m_inEnd -= m_inBegin;
        m_inBegin = 0;
    }
    qint64 n = m_device->read(reinterpret_cast<char *>(m_in.data() + m_inEnd),
                              qint64(m_in.size() - m_inEnd));
    if (n < 0) {
        setError(
            text(QT_TRANSLATE_NOOP("InflatingStream", "read error: %1"), m_device->errorString()));
        m_inputEof = true;
        return false;
    }
    if (n == 0) {
        m_inputEof = true;
        return false;
    }
    m_inEnd += size_t(n);
    m_inputRead += uint64_t(n);
    if (m_options.progress)
        m_options.progress(m_inputRead, m_inputSize);
    return true;
}

// Inflates the next chunk into `out`. False at the end of the stream or on error.
bool InflatingStream::inflateChunk(std::vector<unsigned char> &out)
{
    if (m_streamEnded)
        return false;
    z_stream &z = m_shared->z;
    if (out.capacity() < kOutputChunk)
        out = freshLargeArray<unsigned char>(kOutputChunk, 0); // a new chunk
    out.resize(kOutputChunk);
    z.next_out = out.data();
    z.avail_out = uInt(out.size());
    bool end = false;
    while (z.avail_out == out.size() && !end) {
        if (m_inBegin == m_inEnd && !fillInput()) {
            setError(text(
                QT_TRANSLATE_NOOP("InflatingStream",
                                  "truncated gzip data: the file ends before the compressed stream "
                                  "does (after %1 bytes)"),
                QString::number(m_inputRead)));
            return false;
        }
        z.next_in = m_in.data() + m_inBegin;
        z.avail_in = uInt(m_inEnd - m_inBegin);
        int rc = inflate(&z, Z_NO_FLUSH);
        m_inBegin = m_inEnd - z.avail_in;
        if (rc == Z_STREAM_END) {
            // One gzip member is one profile; another member means several profiles
            // concatenated, whose string tables would silently mix.
            end = true;
            m_streamEnded = true;
            do {
                while (m_inBegin < m_inEnd && m_in[m_inBegin] == 0)
                    ++m_inBegin; // zero padding is harmless
                if (m_inBegin < m_inEnd) {
                    if (m_inEnd - m_inBegin >= 2 && m_in[m_inBegin] == 0x1f &&
                        m_in[m_inBegin + 1] == 0x8b)
                        setError(text(
                            QT_TRANSLATE_NOOP("InflatingStream",
                                              "the file holds several gzip members (concatenated "
                                              "profiles, as from `cat a.pb.gz b.pb.gz`); open each "
                                              "profile as its own file")));
                    else
                        setError(text(
                            QT_TRANSLATE_NOOP("InflatingStream",
                                              "unexpected data after the end of the gzip stream")));
                    return false;
                }
            } while (fillInput());
        } else if (rc == Z_BUF_ERROR && z.avail_in == 0) {
            continue; // needs more input
        } else if (rc != Z_OK) {
            setError(text(QT_TRANSLATE_NOOP("InflatingStream", "corrupt gzip data: %1"),
                          z.msg ? QString::fromUtf8(z.msg) : QStringLiteral("inflate failed")));
            return false;
        }
    }
    out.resize(out.size() - z.avail_out);
    m_produced += out.size();
    if (m_produced > m_options.maxInflatedBytes) {
        setError(text(QT_TRANSLATE_NOOP(
                          "InflatingStream",
                          "the profile inflates to more than the size limit of %1 (a gzip bomb?)"),
                      sizeText(m_options.maxInflatedBytes)));
        return false;
    }
    return !out.empty();
}

void InflatingStream::inflateLoop()
{
    Shared &s = *m_shared;
    bool more = true;
    while (more) {
        std::vector<unsigned char> chunk;
        {
            std::unique_lock lock(s.mutex);
            s.changed.wait(lock, [&] { return s.stop || s.ready.size() < kChunksAhead; });
            if (s.stop)
                break;
            if (!s.spare.empty()) {
                chunk = std::move(s.spare.back());
                s.spare.pop_back();
            }
        }
        more = !cancelRequested() && inflateChunk(chunk);
        std::lock_guard lock(s.mutex);
        if (more)
            s.ready.push_back(std::move(chunk));
        s.changed.notify_all();
    }
    std::lock_guard lock(s.mutex);
    s.done = true;
    s.changed.notify_all();
}

bool InflatingStream::nextChunk()
{
    Shared &s = *m_shared;
    std::unique_lock lock(s.mutex);
    if (!m_chunk.empty())
        s.spare.push_back(std::move(m_chunk));
    m_chunk.clear();
    s.changed.notify_all();
    s.changed.wait(lock, [&] { return !s.ready.empty() || s.done; });
    if (s.ready.empty())
        return false;
    m_chunk = std::move(s.ready.front());
    s.ready.pop_front();
    m_chunkSize = m_chunk.size();
    s.changed.notify_all();
    return true;
}

bool InflatingStream::Next(const void **data, int *size)
{
    if (m_backedUp > 0) {
        // Hand back the tail of the previous chunk.
        *data = (m_gzip ? m_chunk.data() + m_chunkSize : m_in.data() + m_inBegin) - m_backedUp;
        *size = m_backedUp;
        m_position += uint64_t(m_backedUp);
        m_backedUp = 0;
        return true;
    }
    if (m_gzip) {
        if (!nextChunk())
            return false;
        *data = m_chunk.data();
        *size = int(m_chunkSize);
        m_position += m_chunkSize;
        return true;
    }
    // Raw protobuf: hand out the read buffer itself.
    if (cancelRequested())
        return false;
    if (m_inBegin == m_inEnd && !fillInput())
        return false;
    size_t n = m_inEnd - m_inBegin;
    if (m_position + n > m_options.maxInflatedBytes) {
        setError(text(
            QT_TRANSLATE_NOOP("InflatingStream", "the profile is larger than the size limit of %1"),
            sizeText(m_options.maxInflatedBytes)));
        return false;
    }
    *data = m_in.data() + m_inBegin;
    *size = int(n);
    m_inBegin = m_inEnd;
    m_position += n;
    return true;
}

void InflatingStream::BackUp(int count)
{
    m_backedUp = count;
    m_position -= uint64_t(count);
}

bool InflatingStream::Skip(int count)
{
    const void *data;
    int size;
    while (count > 0) {
        if (!Next(&data, &size))
            return false;
        if (size > count) {
            BackUp(size - count);
            return true;
        }
        count -= size;
    }
    return true;
}

} // namespace embers
