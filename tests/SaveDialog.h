// SaveDialog: answers a modal save dialog as a user would, by typing a file name.
#pragma once

#include <QApplication>
#include <QFileDialog>
#include <QLineEdit>
#include <QTimer>
#include <QtTest>

namespace embers::test {

// Once the next save dialog is up, types `path` into its name field and accepts it
// (selectFile() would keep the dialog's folder).
inline void answerSaveDialog(const QString &path)
{
    QTimer::singleShot(50, [path] {
        auto *dialog = qobject_cast<QFileDialog *>(QApplication::activeModalWidget());
        if (!dialog) {
            answerSaveDialog(path);
            return;
        }
        auto *name = dialog->findChild<QLineEdit *>(QStringLiteral("fileNameEdit"));
        QVERIFY(name);
        name->setText(path);
        static_cast<QDialog *>(dialog)->accept(); // QFileDialog's own is protected
    });
}

} // namespace embers::test
