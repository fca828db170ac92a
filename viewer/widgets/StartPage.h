// StartPage: what the window shows with no capture open: Open…, the recent files and
// the bundled example captures.
#pragma once

#include <QStringList>
#include <QWidget>

class QVBoxLayout;
class QLabel;
class QPushButton;

namespace embers {

class StartPage : public QWidget
{
    Q_OBJECT
public:
    struct Example
    {
        QString path;
        QString description;
    };

    explicit StartPage(QWidget *parent = nullptr);

    void setRecentFiles(const QStringList &paths);
    // The captures open when the window last closed (each a file, or files merged), for
    // "Reopen Last Session"; the button hides when there are none.
    void setLastSession(const QList<QStringList> &captures);
    void setExamples(const QList<Example> &examples);
    QStringList recentFiles() const { return m_recent; }
    QStringList exampleFiles() const;

signals:
    void openRequested();
    void fileRequested(const QString &path);
    void lastSessionRequested();

private:
    void fill(QVBoxLayout *list, const QList<Example> &entries, const QString &objectPrefix,
              const QString &emptyText);

    QStringList m_recent;
    QList<Example> m_examples;
    QPushButton *m_lastSession;
    QVBoxLayout *m_recentList;
    QVBoxLayout *m_exampleList;
};

} // namespace embers
