#include "V8CallFrame.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QUrl>

#include <cmath>

namespace embers {

uint32_t v8FrameLocation(ProfileAssembler &assembler, const QJsonObject &callFrame,
                         int64_t sampledLine)
{
    QString name = callFrame.value(QLatin1String("functionName")).toString();
    if (name.isEmpty())
        name = QStringLiteral("(anonymous)");
    QString url = callFrame.value(QLatin1String("url")).toString();
    if (url.startsWith(QLatin1String("file://")))
        url = QUrl(url).toLocalFile();
    // -1 (or absent) is V8's "no position"; so is anything that is not one (1e83, 2.5).
    auto oneBased = [&](const char *key) {
        int64_t v = -1;
        return wholeNumber(callFrame.value(QLatin1String(key)), &v) && v >= 0 ? v + 1 : int64_t(0);
    };
    const int64_t line = oneBased("lineNumber");
    const int64_t column = oneBased("columnNumber");
    const bool elsewhere = sampledLine > 0 && sampledLine != line;
    return assembler.location(name.toStdString(), url.toStdString(), line, column,
                              elsewhere ? sampledLine : line, elsewhere ? 0 : column);
}

bool wholeNumber(const QJsonValue &value, int64_t *out)
{
    if (!value.isDouble())
        return false;
    const double d = value.toDouble();
    if (!std::isfinite(d) || d != std::floor(d) || std::fabs(d) > 9.0e15)
        return false;
    *out = int64_t(d);
    return true;
}

} // namespace embers
