// MainWindow: the explorer window.
#pragma once

#include <QMainWindow>

namespace embers {

class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);
    void openFiles(const QStringList &paths);
};

} // namespace embers
