#include "SourceText.h"

#include <QFile>
#include <QFileInfo>
#include <QStringDecoder>

#include <cstdio>
#include <filesystem>

namespace embers {

QStringView SourceText::line(int n, int maxChars) const
{
    if (n < 1 || n > lineCount())
        return {};
    const int start = lineStarts[size_t(n - 1)];
    return QStringView(text).mid(start, std::min(lineLength(n), maxChars));
}

int SourceText::lineLength(int n) const
{
    if (n < 1 || n > lineCount())
        return 0;
    const int start = lineStarts[size_t(n - 1)];
    int end = n < lineCount() ? lineStarts[size_t(n)] - 1 : int(text.size());
    if (n == lineCount() && end > start && text[end - 1] == QLatin1Char('\n'))
        --end; // the file's final newline
    return end - start;
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
    if (bytes.left(64 << 10).contains('\0')) {
        source.status = SourceText::Status::Binary;
        return source;
    }
    QStringDecoder decode(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    source.text = decode(bytes);
    source.invalidUtf8 = decode.hasError();
    bytes = QByteArray();
    source.text.remove(QLatin1Char('\r'));
    const qsizetype size = source.text.size();
    if (size > 0x7fffffff) {
        source.status = SourceText::Status::TooLarge;
        source.text.clear();
        return source;
    }
    int start = 0;
    const QChar *data = source.text.constData();
    while (start < size) {
        source.lineStarts.push_back(start);
        int end = start;
        while (end < size && data[end] != QLatin1Char('\n'))
            ++end;
        source.longestLine = std::max(source.longestLine, end - start);
        start = end + 1;
    }
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
    constexpr size_t kMaxToken = 64 * 1024; // bufio.MaxScanTokenSize
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
