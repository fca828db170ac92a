#include "CaptureDialog.h"

#include "CaptureStore.h"
#include "HttpCapture.h"
#include "HttpFetch.h"
#include "InspectorCapture.h"
#include "TargetText.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QNetworkAccessManager>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>

namespace embers {

namespace {

const QString kRecentKey = QStringLiteral("capture/recentTargets");
const QString kFolderKey = QStringLiteral("capture/folder");
const QString kRepeatKey = QStringLiteral("capture/repeatSeconds");
const QString kSecondsKey = QStringLiteral("capture/seconds");
constexpr int kMaxRecent = 10;

} // namespace

QStringList CaptureDialog::recentTargets()
{
    return QSettings().value(kRecentKey).toStringList();
}

void CaptureDialog::rememberTarget(const QString &target)
{
    // What may be a secret stays out of the settings: user info and the query.
    QString kept = target;
    if (targetKind(target) == TargetKind::Http)
        kept =
            QUrl(target).toString(QUrl::RemoveUserInfo | QUrl::RemoveQuery | QUrl::RemoveFragment);
    if (kept.isEmpty())
        return;
    QStringList recent = recentTargets();
    recent.removeAll(kept);
    recent.prepend(kept);
    QSettings().setValue(kRecentKey, recent.mid(0, kMaxRecent));
}

QString CaptureDialog::savedCapturesFolder()
{
    const QString folder = QSettings().value(kFolderKey).toString();
    return folder.isEmpty() ? defaultCapturesFolder() : folder;
}

CaptureDialog::CaptureDialog(QWidget *parent)
    : QDialog(parent), m_target(new QComboBox), m_discoverButton(new QPushButton(tr("&Discover"))),
      m_offered(new QListWidget), m_discoverStatus(new QLabel), m_kind(new QComboBox),
      m_seconds(new QSpinBox), m_interval(new QSpinBox), m_timeout(new QSpinBox),
      m_repeat(new QCheckBox(tr("&Repeat every"))), m_repeatSeconds(new QSpinBox),
      m_header(new QLineEdit), m_folder(new QLabel), m_error(new QLabel),
      m_network(new QNetworkAccessManager(this))
{
    setWindowTitle(tr("Capture a Profile"));
    m_target->setObjectName(QStringLiteral("captureTarget"));
    m_target->setEditable(true);
    m_target->addItems(recentTargets());
    m_target->setMinimumContentsLength(40);
    m_target->lineEdit()->setPlaceholderText(
        tr("http://host:6060/debug/pprof/profile or inspect://127.0.0.1:9229"));
    m_target->setToolTip(
        tr("A URL that serves a profile (Go's net/http/pprof, a profiling API's download "
           "link), a Go service's address (http://host:port) to list what it offers, or a V8 "
           "inspector: node --inspect, workerd --inspector-addr, wrangler dev"));
    m_discoverButton->setObjectName(QStringLiteral("captureDiscover"));
    m_discoverButton->setToolTip(tr("List the inspector's targets or the service's profiles"));
    m_offered->setObjectName(QStringLiteral("captureOffered"));
    m_offered->hide();
    m_discoverStatus->setWordWrap(true);
    m_discoverStatus->setTextFormat(Qt::PlainText); // it quotes what targets answer
    m_discoverStatus->hide();

    m_kind->setObjectName(QStringLiteral("captureKind"));
    m_kind->addItem(tr("CPU time"), int(RecordKind::Cpu));
    m_kind->addItem(tr("Heap allocations (sampling)"), int(RecordKind::Heap));
    m_kind->addItem(tr("Live heap objects (sampling)"), int(RecordKind::HeapLive));
    m_kind->addItem(tr("Heap snapshot"), int(RecordKind::Snapshot));
    m_kind->setItemData(1,
                        tr("Every sampled allocation of the recording, collected by the garbage "
                           "collector or not: who allocates"),
                        Qt::ToolTipRole);
    m_kind->setItemData(2, tr("The sampled objects still live when the recording stops"),
                        Qt::ToolTipRole);
    m_kind->setItemData(3,
                        tr("Every object on the heap now, by what retains it (the dominator "
                           "tree), saved as the .heapsnapshot itself"),
                        Qt::ToolTipRole);
    m_seconds->setObjectName(QStringLiteral("captureSeconds"));
    m_seconds->setRange(0, 24 * 3600);
    m_seconds->setValue(QSettings().value(kSecondsKey, 10).toInt());
    m_seconds->setSuffix(tr(" s"));
    m_seconds->setSpecialValueText(tr("until stopped"));
    m_interval->setObjectName(QStringLiteral("captureInterval"));
    showIntervalUnit();
    m_timeout->setObjectName(QStringLiteral("captureTimeout"));
    m_timeout->setRange(0, 24 * 3600);
    m_timeout->setSuffix(tr(" s"));
    m_timeout->setSpecialValueText(tr("default"));
    m_timeout->setToolTip(
        tr("How long to wait for the target beyond the recording, at each step (as --timeout): "
           "by default half the duration, at least 10 s, and 60 s for the profile"));
    m_repeat->setObjectName(QStringLiteral("captureRepeat"));
    m_repeatSeconds->setObjectName(QStringLiteral("captureRepeatSeconds"));
    m_repeatSeconds->setRange(1, 24 * 3600);
    m_repeatSeconds->setValue(QSettings().value(kRepeatKey, 60).toInt());
    m_repeatSeconds->setSuffix(tr(" s"));
    m_repeat->setToolTip(tr("Capture again and again: a series to compare as it grows"));
    m_header->setObjectName(QStringLiteral("captureHeader"));
    m_header->setPlaceholderText(tr("Authorization: Bearer …"));
    m_header->setToolTip(tr("Sent with this capture's requests only; never saved"));
    m_header->setEchoMode(QLineEdit::PasswordEchoOnEdit);
    m_folder->setObjectName(QStringLiteral("captureFolder"));
    m_folder->setText(QDir::toNativeSeparators(savedCapturesFolder()));
    m_folder->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error->setObjectName(QStringLiteral("captureDialogError"));
    m_error->setWordWrap(true);
    m_error->hide();

    auto *targetRow = new QHBoxLayout;
    targetRow->addWidget(m_target, 1);
    targetRow->addWidget(m_discoverButton);
    auto *repeatRow = new QHBoxLayout;
    repeatRow->addWidget(m_repeat);
    repeatRow->addWidget(m_repeatSeconds);
    repeatRow->addStretch(1);
    auto *folderRow = new QHBoxLayout;
    auto *changeFolder = new QPushButton(tr("C&hange\u2026"));
    folderRow->addWidget(m_folder, 1);
    folderRow->addWidget(changeFolder);

    auto *form = new QFormLayout;
    auto *targetLabel = new QLabel(tr("&Target:"));
    targetLabel->setBuddy(m_target); // a row of two widgets gets no buddy by itself
    form->addRow(targetLabel, targetRow);
    form->addRow(QString(), m_discoverStatus);
    form->addRow(QString(), m_offered);
    form->addRow(tr("&Record:"), m_kind);
    form->addRow(tr("&Duration:"), m_seconds);
    form->addRow(tr("Sampling &interval:"), m_interval);
    form->addRow(tr("Time-&out:"), m_timeout);
    form->addRow(QString(), repeatRow);
    form->addRow(tr("HTTP &header:"), m_header);
    form->addRow(tr("Saved in:"), folderRow);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel);
    QPushButton *start = buttons->addButton(tr("&Start"), QDialogButtonBox::AcceptRole);
    start->setObjectName(QStringLiteral("captureStart"));
    start->setDefault(true);
    connect(buttons, &QDialogButtonBox::accepted, this, &CaptureDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_error);
    layout->addWidget(buttons);

    // An editable combo box keeps Enter from the dialog's default button: Enter in the
    // target starts, as Start does, and what was typed is not added to the recent targets.
    m_target->setInsertPolicy(QComboBox::NoInsert);
    // The combo box hands Enter to its line edit a second time: once accepted, the dialog
    // is hidden and the second press is not another Start.
    connect(m_target->lineEdit(), &QLineEdit::returnPressed, this, [this] {
        if (isVisible())
            accept();
    });
    connect(m_target, &QComboBox::currentTextChanged, this, &CaptureDialog::updateControls);
    connect(m_kind, &QComboBox::currentIndexChanged, this, &CaptureDialog::updateControls);
    connect(m_repeat, &QCheckBox::toggled, this, &CaptureDialog::updateControls);
    connect(m_discoverButton, &QPushButton::clicked, this, &CaptureDialog::discover);
    connect(m_offered, &QListWidget::currentRowChanged, this, [this](int row) {
        if (row >= 0)
            m_target->setCurrentText(m_offered->item(row)->data(Qt::UserRole).toString());
    });
    connect(changeFolder, &QPushButton::clicked, this, [this] {
        const QString folder =
            QFileDialog::getExistingDirectory(this, tr("Captures Folder"), m_folder->text());
        if (!folder.isEmpty())
            m_folder->setText(QDir::toNativeSeparators(folder));
    });
    updateControls();
}

void CaptureDialog::setTarget(const QString &target)
{
    m_target->setCurrentText(target);
}

void CaptureDialog::showIntervalOf(RecordKind kind)
{
    // One field, two units: each keeps the value last set in it.
    const bool heap = isHeapKind(kind);
    if (heap == m_intervalIsHeap)
        return;
    (m_intervalIsHeap ? m_heapIntervalBytes : m_cpuIntervalMicros) = m_interval->value();
    m_intervalIsHeap = heap;
    showIntervalUnit();
}

void CaptureDialog::showIntervalUnit()
{
    if (m_intervalIsHeap) {
        m_interval->setRange(64, 1 << 30);
        m_interval->setSuffix(tr(" bytes"));
        m_interval->setValue(m_heapIntervalBytes);
        m_interval->setToolTip(
            tr("V8's heap sampling interval: one sample every so many bytes allocated, on "
               "average (Cloudflare's heap profiles use 524288)"));
    } else {
        m_interval->setRange(10, 1000000);
        m_interval->setSuffix(tr(" µs"));
        m_interval->setValue(m_cpuIntervalMicros);
        m_interval->setToolTip(
            tr("V8's CPU sampling interval: one sample every so many microseconds"));
    }
}

void CaptureDialog::updateControls()
{
    const TargetKind kind = targetKind(m_target->currentText().trimmed());
    const bool inspector = kind == TargetKind::Inspector;
    // An HTTP target says by its URL what it records; only an inspector is told.
    m_kind->setEnabled(inspector);
    const auto record = RecordKind(m_kind->currentData().toInt());
    // A snapshot is one moment: nothing to time or to sample.
    m_interval->setEnabled(inspector && record != RecordKind::Snapshot);
    m_seconds->setEnabled(!inspector || record != RecordKind::Snapshot);
    showIntervalOf(record);
    m_seconds->setSpecialValueText(inspector ? tr("until stopped") : tr("as the server decides"));
    m_header->setEnabled(kind == TargetKind::Http);
    m_repeatSeconds->setEnabled(m_repeat->isChecked());
    m_discoverButton->setEnabled(kind != TargetKind::File);
}

void CaptureDialog::showOffered(const QStringList &labels, const QStringList &targets)
{
    m_offered->clear();
    for (qsizetype i = 0; i < labels.size(); ++i) {
        auto *item = new QListWidgetItem(printableTargetText(labels[i], 200), m_offered);
        item->setData(Qt::UserRole, targets[i]);
        item->setToolTip(displayTarget(targets[i]));
    }
    if (!labels.isEmpty()) {
        // As tall as its rows, up to six.
        const int rows = std::min(int(labels.size()), 6);
        m_offered->setFixedHeight(rows * m_offered->sizeHintForRow(0) +
                                  2 * m_offered->frameWidth());
    }
    m_offered->setVisible(!labels.isEmpty());
    adjustSize();
}

void CaptureDialog::discover()
{
    const QString target = m_target->currentText().trimmed();
    delete m_discovery;
    m_discovery = nullptr;
    QUrl list;
    QString id;
    const bool inspector = parseInspectorTarget(target, &list, &id);
    if (inspector) {
        list.setPath(QStringLiteral("/json/list"));
    } else if (targetKind(target) == TargetKind::Http) {
        list = QUrl(target);
        list.setPath(QStringLiteral("/debug/pprof/"));
        list.setQuery(QString());
    } else {
        m_discoverStatus->setText(tr("Write http://HOST:PORT or inspect://HOST:PORT first."));
        m_discoverStatus->show();
        return;
    }
    HttpFetchOptions options;
    options.deadlineMs = 10000;
    options.maxBytes = 16 << 20;
    options.headers = inspector ? HttpHeaders() : request().headers;
    if (const QString ca = caFileFromEnvironment(); !ca.isEmpty() && !inspector)
        options.caCertificates = QSslCertificate::fromPath(ca);
    m_discovery = new HttpFetch(m_network, list, options, this);
    m_discoverStatus->setText(tr("Asking %1\u2026").arg(displayUrl(list)));
    m_discoverStatus->show();
    m_discoverButton->setEnabled(false);
    connect(m_discovery, &HttpFetch::failed, this, [this, target](const QString &what) {
        m_discoverStatus->setText(
            printableTargetText(QString(displayTarget(target) + QStringLiteral(": ") + what)));
        m_discoverButton->setEnabled(true);
        adjustSize(); // the message may take two lines
    });
    connect(m_discovery, &HttpFetch::finished, this,
            [this, inspector, list](const QByteArray &body) {
                m_discoverButton->setEnabled(true);
                QStringList labels;
                QStringList targets;
                if (inspector) {
                    QList<InspectorTarget> found;
                    QString error;
                    if (!parseInspectorTargets(body, &found, &error)) {
                        m_discoverStatus->setText(printableTargetText(error));
                        return;
                    }
                    for (const InspectorTarget &t : std::as_const(found)) {
                        labels << printableTargetText(t.title.isEmpty() ? t.url : t.title, 120) +
                                      (t.webSocketUrl.isEmpty() ? tr(" (in use)") : QString());
                        targets << QStringLiteral("inspect://%1:%2/%3")
                                       .arg(list.host())
                                       .arg(list.port())
                                       .arg(t.id);
                    }
                } else {
                    QUrl profile = list;
                    for (const QString &name : goPprofIndexNames(body)) {
                        profile.setPath(QStringLiteral("/debug/pprof/") + name);
                        labels << name;
                        targets << profile.toString();
                    }
                }
                m_discoverStatus->setText(labels.isEmpty() ? tr("Nothing to profile there.")
                                                           : tr("Pick one:"));
                showOffered(labels, targets);
            });
    m_discovery->start();
}

CaptureRequest CaptureDialog::request() const
{
    CaptureRequest r;
    r.target = m_target->currentText().trimmed();
    r.kind = RecordKind(m_kind->currentData().toInt());
    r.seconds = m_seconds->value();
    r.timeoutSeconds = m_timeout->value();
    if (isHeapKind(r.kind))
        r.heapIntervalBytes = m_interval->value();
    else
        r.intervalMicros = m_interval->value();
    QString envError;
    r.headers = headersFromEnvironment(&envError);
    r.caFile = caFileFromEnvironment();
    QPair<QByteArray, QByteArray> header;
    // Only an HTTP target is sent the header (its field is disabled for the others).
    if (targetKind(r.target) == TargetKind::Http && !m_header->text().trimmed().isEmpty() &&
        parseHeader(m_header->text(), &header))
        r.headers << header;
    return r;
}

int CaptureDialog::repeatSeconds() const
{
    return m_repeat->isChecked() ? m_repeatSeconds->value() : 0;
}

QString CaptureDialog::capturesFolder() const
{
    return QDir::fromNativeSeparators(m_folder->text());
}

void CaptureDialog::accept()
{
    const QString target = m_target->currentText().trimmed();
    QString problem;
    QUrl http;
    QString id;
    QPair<QByteArray, QByteArray> header;
    const QUrl url(target, QUrl::StrictMode);
    // http:///path parses, with no host to ask.
    if (targetKind(target) == TargetKind::File ||
        (targetKind(target) == TargetKind::Http && (!url.isValid() || url.host().isEmpty())))
        problem = tr("Write a URL (http://..., https://...) or an inspector's address "
                     "(inspect://HOST:PORT).");
    else if (targetKind(target) == TargetKind::Inspector &&
             !parseInspectorTarget(target, &http, &id))
        problem = tr("An inspector's address is inspect://HOST:PORT or inspect://HOST:PORT/ID.");
    else if (targetKind(target) == TargetKind::Http && !m_header->text().trimmed().isEmpty() &&
             !parseHeader(m_header->text(), &header))
        problem = tr("The header must read \"Name: value\".");
    else if (m_repeat->isChecked() && m_seconds->value() == 0 &&
             targetKind(target) == TargetKind::Inspector)
        problem = tr("A repeated capture needs a duration.");
    if (!problem.isEmpty()) {
        m_error->setText(problem);
        m_error->show();
        adjustSize();
        return;
    }
    rememberTarget(target);
    QSettings settings;
    settings.setValue(kSecondsKey, m_seconds->value());
    settings.setValue(kRepeatKey, m_repeatSeconds->value());
    if (capturesFolder() != defaultCapturesFolder())
        settings.setValue(kFolderKey, capturesFolder());
    QDialog::accept();
}

} // namespace embers
