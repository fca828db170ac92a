// CaptureNames: what to call each of several open captures so that no two read the same.
// A capture is named by its files' names; when two captures would share a name, each
// gets as many of its trailing parent folders as set it apart, as editors do for tabs.
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace embers {

struct CaptureName
{
    QString name;   // "cpu.pb.gz", or "a.pb.gz + b.pb.gz" for a merged capture
    QString folder; // "go", "real/go"; empty when the name alone is unique
    // "cpu.pb.gz — go", or just the name when there is no folder.
    QString text() const;
};

// The name of a capture made of `paths`, alone.
QString captureFileName(const QStringList &paths);

// One name per capture, in the same order; each entry of `captures` is a capture's files.
QList<CaptureName> distinctCaptureNames(const QList<QStringList> &captures);

} // namespace embers
