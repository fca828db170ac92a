// CapturePage: one capture's page in the window. While the capture loads it shows the
// progress and a Cancel button; if it cannot be opened, the error inline; once loaded,
// the sample-type chooser, the area for the flame graph, the function table and the
// summary. It routes selection between its views.
#pragma once

#include "Capture.h"

#include <QStringList>
#include <QWidget>

#include <cstdint>
#include <memory>

class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSplitter;
class QStackedWidget;
class QTabWidget;

namespace embers {

class CaptureLoader;
class FlamePanel;
class FunctionTableWidget;
class ProfileSummary;

class CapturePage : public QWidget
{
    Q_OBJECT
public:
    // Cancelled: the user stopped the load; the page has nothing to show.
    enum class State { Loading, Loaded, Failed, Cancelled };
    Q_ENUM(State)

    explicit CapturePage(const QStringList &paths, QWidget *parent = nullptr);
    ~CapturePage() override;

    // Starts (or restarts) loading the page's files.
    void load();
    void cancel();

    QStringList paths() const { return m_paths; }
    State state() const { return m_state; }
    std::shared_ptr<const Capture> capture() const { return m_capture; }
    QString errorText() const { return m_error; }
    CaptureLoader *loader() const { return m_loader; }

    // The StackTable column shown (the sample type), -1 before loading.
    int currentColumn() const { return m_column; }
    void setCurrentColumn(int column);

    // Reserved for the flame graph: an empty widget with a zero-margin layout, in a
    // splitter above the function table.
    QWidget *flamegraphArea() const { return m_flamegraphArea; }
    QSplitter *splitter() const { return m_splitter; }
    FunctionTableWidget *functionTable() const { return m_functionTable; }
    FlamePanel *flamePanel() const { return m_flame; }
    ProfileSummary *summary() const { return m_summary; }

public slots:
    // Selects the frame in the function table (e.g. when the flame graph selects it).
    void selectFrame(uint32_t frame);

signals:
    void stateChanged(embers::CapturePage::State state);
    void progress(qint64 bytesDone, qint64 bytesTotal);
    void loaded(std::shared_ptr<const embers::Capture> capture);
    void cancelled();
    // The user chose another sample type.
    void columnChanged(int column);
    // A frame was picked in the function table (current row) or activated (double-click).
    void frameSelected(uint32_t frame);
    void frameActivated(uint32_t frame);
    // The error page's Close button.
    void closeRequested();

private:
    QWidget *createLoadingPage();
    QWidget *createErrorPage();
    QWidget *createContentPage();
    void setState(State state);
    void showProgress(qint64 bytesDone, qint64 bytesTotal);
    void showCapture(std::shared_ptr<const Capture> capture);
    void showError(const QString &error);

    QStringList m_paths;
    State m_state = State::Loading;
    std::shared_ptr<const Capture> m_capture;
    QString m_error;
    int m_column = -1;

    CaptureLoader *m_loader;
    QStackedWidget *m_stack;
    // Loading page
    QWidget *m_loadingPage;
    QLabel *m_loadingLabel;
    QProgressBar *m_progressBar;
    QPushButton *m_cancelButton;
    // Error page
    QWidget *m_errorPage;
    QLabel *m_errorTitle;
    QLabel *m_errorLabel;
    // Content page
    QWidget *m_contentPage;
    QComboBox *m_sampleTypeCombo;
    QSplitter *m_splitter;
    QWidget *m_flamegraphArea;
    FlamePanel *m_flame;
    QTabWidget *m_tabs;
    FunctionTableWidget *m_functionTable;
    ProfileSummary *m_summary;
};

} // namespace embers
