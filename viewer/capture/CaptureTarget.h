// CaptureTarget: what "profile it now" is asked to capture. A target is a file, an
// http(s):// URL that serves a profile (Go's net/http/pprof, a profiling API's download
// link) or inspect://HOST:PORT[/ID], a V8 inspector (node --inspect, workerd, wrangler dev).
#pragma once

#include <QByteArray>
#include <QList>
#include <QPair>
#include <QString>
#include <QUrl>

namespace embers {

enum class TargetKind { File, Http, Inspector };
// What an inspector records: V8's CPU profiler, or its sampling heap profiler keeping
// every sampled allocation of the recording (Heap: collected or not, as Cloudflare's heap
// profiles count them) or only the sampled objects still live at Stop (HeapLive). One
// recording cannot give both: V8 does not say which of its samples were collected. Or a
// heap snapshot (Snapshot): every object at one moment, kept as V8 writes it. HTTP targets
// say what they serve by their URL.
enum class RecordKind { Cpu, Heap, HeapLive, Snapshot };
// The sampling heap profiler's kinds, whose interval is in bytes.
inline bool isHeapKind(RecordKind kind)
{
    return kind == RecordKind::Heap || kind == RecordKind::HeapLive;
}

using HttpHeaders = QList<QPair<QByteArray, QByteArray>>;

constexpr int kDefaultHeapIntervalBytes = 32768;

struct CaptureRequest
{
    QString target;
    RecordKind kind = RecordKind::Cpu;
    // How long to record. 0: an inspector records until stopped; an HTTP target gets no
    // `seconds` and decides itself (Go: 30 s for a CPU profile).
    int seconds = 0;
    // V8's CPU sampling interval; the heap profiler's mean bytes between samples (V8's
    // own default; Cloudflare's production captures use 512 KiB).
    int intervalMicros = 1000;
    int heapIntervalBytes = kDefaultHeapIntervalBytes;
    // Sent with every HTTP request (never to disk: callers keep them out of settings).
    HttpHeaders headers;
    // The whole exchange's limit beyond the recording; 0: pprof's rule (half the duration
    // again, or 60 s when there is none).
    int timeoutSeconds = 0;
    qint64 maxResponseBytes = qint64(1) << 30;
    // A PEM file of CAs trusted for https:// besides the system's (--cacert).
    QString caFile;
};

TargetKind targetKind(const QString &target);
inline bool isRemoteTarget(const QString &target)
{
    return targetKind(target) != TargetKind::File;
}

// The URL fetched for an HTTP target, with `seconds` set as `go tool pprof -seconds`
// sets it. A URL with no path is a Go service's /debug/pprof/ index (listTargetUrl).
QUrl profileUrl(const CaptureRequest &request);
// True when the URL names a service rather than a profile (http://host:port).
bool isServiceUrl(const QUrl &url);
// The milliseconds a request may take in all: the recording plus the time-out.
int requestDeadlineMs(const CaptureRequest &request);

// inspect://HOST:PORT[/ID] as the inspector's HTTP address and the target id (empty:
// the first target). False when `target` is not such an address.
bool parseInspectorTarget(const QString &target, QUrl *http, QString *id);

// "Name: value" (from --header or EMBERS_CAPTURE_HEADERS, one per line); false when it is
// not a header.
bool parseHeader(const QString &text, QPair<QByteArray, QByteArray> *header);
// Why `text` is not a header, for a message: quotes its name only when it is a valid
// one (what is not may be the secret itself, "Bearer TOKEN" without its "Name:").
QString headerProblem(const QString &text);
// The headers in EMBERS_CAPTURE_HEADERS, one "Name: value" per line; *error names a bad one.
HttpHeaders headersFromEnvironment(QString *error);

// EMBERS_CAPTURE_CACERT: a PEM file of CAs to trust for https:// targets (empty: none).
QString caFileFromEnvironment();

// A short name for files and lists: "127.0.0.1_6060-profile", "127.0.0.1_9229-cpu".
QString targetLabel(const CaptureRequest &request);
QString recordKindName(RecordKind kind);

} // namespace embers
