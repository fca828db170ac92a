// CaptureDialog: File > Capture... — what to profile now: a target (a URL serving a
// profile, a Go service's address, or a V8 inspector's inspect://HOST:PORT), with the
// targets it offers to pick from (Discover) and the recent ones remembered; what to record,
// for how long, how often, and where captures are kept. Extra HTTP headers are used for
// this capture only: never remembered.
#pragma once

#include "CaptureTarget.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QNetworkAccessManager;
class QPushButton;
class QSpinBox;

namespace embers {

class HttpFetch;

class CaptureDialog : public QDialog
{
    Q_OBJECT
public:
    explicit CaptureDialog(QWidget *parent = nullptr);

    // The capture asked for; valid once the dialog is accepted.
    CaptureRequest request() const;
    int repeatSeconds() const;
    QString capturesFolder() const;

    // Targets used before (URLs without user info or query), newest first.
    static QStringList recentTargets();
    static void rememberTarget(const QString &target);
    // The captures folder the user chose, else the default.
    static QString savedCapturesFolder();

    // For tests and the command line: fills the target.
    void setTarget(const QString &target);
    void discover();

private:
    void updateControls();
    // The interval field in the unit of `kind`'s profiler: µs for CPU, bytes for heap.
    void showIntervalOf(RecordKind kind);
    void showIntervalUnit();
    void showOffered(const QStringList &labels, const QStringList &targets);
    void accept() override;

    QComboBox *m_target;
    QPushButton *m_discoverButton;
    QListWidget *m_offered;
    QLabel *m_discoverStatus;
    QComboBox *m_kind;
    QSpinBox *m_seconds;
    QSpinBox *m_interval;
    QSpinBox *m_timeout; // 0: the default
    int m_cpuIntervalMicros = 1000;
    int m_heapIntervalBytes = kDefaultHeapIntervalBytes;
    bool m_intervalIsHeap = false;
    QCheckBox *m_repeat;
    QSpinBox *m_repeatSeconds;
    QLineEdit *m_header;
    QLabel *m_folder;
    QLabel *m_error;
    QNetworkAccessManager *m_network;
    HttpFetch *m_discovery = nullptr;
};

} // namespace embers
