#include "CaptureNames.h"

#include <QDir>
#include <QFileInfo>
#include <QHash>

#include <algorithm>

namespace embers {

QString CaptureName::text() const
{
    return folder.isEmpty() ? name : name + QStringLiteral(" \u2014 ") + folder;
}

QString captureFileName(const QStringList &paths)
{
    QStringList names;
    for (const QString &path : paths)
        names << QFileInfo(path).fileName();
    return names.join(QStringLiteral(" + "));
}

namespace {

// The folders a file is in, innermost first: "/a/b/c.pb" -> {"b", "a"}.
QStringList parentFolders(const QString &path)
{
    const QString dir = QDir::cleanPath(QFileInfo(path).absolutePath());
    QStringList parts = dir.split(QLatin1Char('/'), Qt::SkipEmptyParts);
    std::reverse(parts.begin(), parts.end());
    return parts;
}

// The last `depth` folders of each file, outermost first: "a/b", or "/a/b" when that
// is all of them (files joined by ", ").
QString folderSuffix(const QList<QStringList> &folders, qsizetype depth)
{
    QStringList perFile;
    for (const QStringList &f : folders) {
        QStringList kept = f.mid(0, std::min(depth, f.size()));
        std::reverse(kept.begin(), kept.end());
        // Past the outermost folder the path is whole: say so with its leading "/".
        const QString root = depth > f.size() ? QStringLiteral("/") : QString();
        perFile << root + kept.join(QLatin1Char('/'));
    }
    return perFile.join(QStringLiteral(", "));
}

} // namespace

QList<CaptureName> distinctCaptureNames(const QList<QStringList> &captures)
{
    QList<CaptureName> names;
    QHash<QString, QList<qsizetype>> byName;
    for (qsizetype i = 0; i < captures.size(); ++i) {
        names.append({captureFileName(captures[i]), {}});
        byName[names.back().name].append(i);
    }
    for (const QList<qsizetype> &group : std::as_const(byName)) {
        if (group.size() < 2)
            continue;
        QList<QList<QStringList>> folders;
        qsizetype deepest = 1;
        for (qsizetype i : group) {
            QList<QStringList> perFile;
            for (const QString &path : captures[i]) {
                perFile.append(parentFolders(path));
                deepest = std::max(deepest, perFile.back().size());
            }
            folders.append(perFile);
        }
        // Each capture takes the fewest folders that no other capture of the group
        // shares at that depth; the same file opened twice, which no folder sets apart,
        // keeps its innermost one (a whole path would only make the name long).
        for (qsizetype g = 0; g < group.size(); ++g) {
            QString chosen = folderSuffix(folders[g], 1);
            for (qsizetype depth = 1; depth <= deepest; ++depth) {
                const QString suffix = folderSuffix(folders[g], depth);
                bool unique = true;
                for (qsizetype other = 0; other < group.size() && unique; ++other)
                    unique = other == g || folderSuffix(folders[other], depth) != suffix;
                if (unique) {
                    chosen = suffix;
                    break;
                }
            }
            names[group[g]].folder = chosen;
        }
    }
    return names;
}

} // namespace embers
