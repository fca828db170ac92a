// ProfileSummary: what a capture's header says (sample types, period, duration, time,
// comments, drop/keep frames, file size) and the warnings its loading produced.
#pragma once

#include "Capture.h"

#include <QWidget>

#include <memory>

class QFormLayout;

namespace embers {

class ProfileSummary : public QWidget
{
    Q_OBJECT
public:
    explicit ProfileSummary(QWidget *parent = nullptr);

    void setCapture(std::shared_ptr<const Capture> capture);
    // Adds what the page shows of the capture (after transforms or filters), per sample
    // type, as a share of the capture's total.
    void addShown(const Capture &shown);
    // The value shown for a field label (e.g. tr("Duration")), for tests; empty if none.
    QString field(const QString &label) const;

private:
    void addRow(const QString &label, const QString &value, bool rich = false);

    QFormLayout *m_form;
};

} // namespace embers
