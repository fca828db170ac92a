// GranularityChooser: the page's "Frames:" selector (functions, functions and file,
// lines, addresses; only those the capture can tell apart). Choosing one asks the
// document to build its capture again (CaptureDocument::setGranularity), and the chooser
// says so while it builds, and why a build failed.
#pragma once

#include "StackTable.h"

#include <QWidget>

class QComboBox;
class QLabel;

namespace embers {

class CaptureDocument;

class GranularityChooser : public QWidget
{
    Q_OBJECT
public:
    explicit GranularityChooser(CaptureDocument *document, QWidget *parent = nullptr);

    // The granularity shown (functions + file is shown as functions without files).
    Granularity granularity() const { return m_shown; }
    // The granularity selected in the list: the one shown, or the one being built.
    Granularity chosen() const;
    // Starts building the capture at `g` (as if chosen in the list).
    void choose(Granularity g);
    bool isBuilding() const;
    QComboBox *combo() const { return m_combo; }

    static QString displayName(Granularity g);

private:
    void showCapture();
    void showBuild();

    CaptureDocument *m_document;
    QComboBox *m_combo;
    QLabel *m_status;
    Granularity m_shown = Granularity::FileFunctions;
};

} // namespace embers
