#include "MainWindow.h"

namespace embers {

MainWindow::MainWindow(QWidget *parent) : QMainWindow(parent)
{
    setWindowTitle(tr("Embers"));
}

void MainWindow::openFiles(const QStringList &) {}

} // namespace embers
