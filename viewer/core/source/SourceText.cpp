#include "SourceText.h"

#include <QFile>
#include <QFileInfo>
#include <QStringDecoder>

#include <cstdio>
#include <cstring>
#include <filesystem>

namespace embers {

QByteArrayView SourceText::lineBytes(int n) const
{
    if (n < 1 || n > lineCount())
        return {};
    const qsizetype start = lineStarts[size_t(n - 1)];
    qsizetype end = n < lineCount() ? lineStarts[size_t(n)] - 1 : bytes.size();
    if (end > start && bytes[end - 1] == '\n')
        --end; // the file's final newline
    if (end > start && bytes[end - 1] == '\r')
        --end;
    return QByteArrayView(bytes.constData() + start, end - start);
}

QString SourceText::line(int n, int maxChars) const
{
    QByteArrayView utf8 = lineBytes(n);
    // A character takes at most 4 bytes: decode no more than can be shown.
    if (utf8.size() > qsizetype(maxChars) * 4)
        utf8 = utf8.first(qsizetype(maxChars) * 4);
    QString text = QString::fromUtf8(utf8);
    if (text.size() > maxChars)
        text.truncate(maxChars);
    return text;
}

qsizetype SourceText::lineLength(int n) const
{
    const QByteArrayView utf8 = lineBytes(n);
    qsizetype units = 0;
    for (const char c : utf8) {
        const auto b = static_cast<unsigned char>(c);
        if ((b & 0xC0) != 0x80)
            units += b >= 0xF0 ? 2 : 1; // a 4-byte sequence is a surrogate pair
    }
    return units;
}

SourceText readSourceText(const QString &path, int64_t maxBytes)
{
    SourceText source;
    source.path = path;
    const QFileInfo info(path);
    if (!info.exists())
        return source;
    source.modified = info.lastModified();
    if (info.isDir()) {
        source.status = SourceText::Status::Folder;
        return source;
    }
    if (!info.isFile()) {
        source.status = SourceText::Status::Special;
        return source;
    }
    if (info.size() > maxBytes) {
        source.status = SourceText::Status::TooLarge;
        return source;
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        source.status = SourceText::Status::Unreadable;
        return source;
    }
    // Read to the end (not info.size(): a pipe or /proc file says 0), within the cap.
    QByteArray bytes = file.read(maxBytes + 1);
    if (int64_t(bytes.size()) > maxBytes) {
        source.status = SourceText::Status::TooLarge;
        return source;
    }
    if (file.error() != QFileDevice::NoError) {
        source.status = SourceText::Status::Unreadable;
        return source;
    }
    SourceText read = sourceTextFromBytes(std::move(bytes), path);
    read.modified = source.modified;
    return read;
}

SourceText sourceTextFromBytes(QByteArray bytes, const QString &path)
{
    SourceText source;
    source.path = path;
    if (bytes.left(64 << 10).contains('\0')) {
        source.status = SourceText::Status::Binary;
        return source;
    }
    // Valid UTF-8 is checked only where a byte is not ASCII.
    const char *data = bytes.constData();
    const qsizetype size = bytes.size();
    unsigned char any = 0;
    for (qsizetype i = 0; i < size; ++i)
        any |= static_cast<unsigned char>(data[i]);
    if (any >= 0x80) {
        QStringDecoder decode(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
        const QString checked = decode(bytes);
        source.invalidUtf8 = decode.hasError();
    }
    source.lineStarts.reserve(size_t(size / 40));
    qsizetype start = 0;
    while (start < size) {
        source.lineStarts.push_back(start);
        const void *nl = std::memchr(data + start, '\n', size_t(size - start));
        const qsizetype end = nl ? static_cast<const char *>(nl) - data : size;
        source.longestLine = std::max(source.longestLine, end - start);
        start = end + 1;
    }
    source.bytes = std::move(bytes);
    source.status = SourceText::Status::Ok;
    return source;
}

std::vector<std::string> readLinesAsPprof(const std::string &path)
{
    std::vector<std::string> lines;
    // Regular files and folders only (a folder opens and reads nothing, as in Go): a
    // pipe would block.
    std::error_code error;
    const auto type = std::filesystem::status(path, error).type();
    if (type != std::filesystem::file_type::regular &&
        type != std::filesystem::file_type::directory)
        return lines;
    std::FILE *file = std::fopen(path.c_str(), "rb");
    if (!file)
        return lines;
    constexpr size_t kMaxToken = size_t(64) << 10; // bufio.MaxScanTokenSize
    std::string line;
    bool tooLong = false;
    char buffer[1 << 16];
    size_t got;
    while (!tooLong && (got = std::fread(buffer, 1, sizeof buffer, file)) > 0) {
        for (size_t i = 0; i < got; ++i) {
            if (buffer[i] != '\n') {
                line += buffer[i];
                if (line.size() >= kMaxToken) {
                    tooLong = true;
                    break;
                }
                continue;
            }
            if (!line.empty() && line.back() == '\r')
                line.pop_back();
            lines.push_back(std::move(line));
            line.clear();
        }
    }
    const bool failed = std::ferror(file) != 0;
    std::fclose(file);
    if (!tooLong && !failed && !line.empty()) {
        if (line.back() == '\r')
            line.pop_back();
        lines.push_back(std::move(line));
    }
    return lines;
}

} // namespace embers
