// StartPage: what the window shows with no capture open: Open…, the recent files and
// the bundled example captures.
#pragma once

#include <QStringList>
#include <QWidget>

class QVBoxLayout;
class QLabel;

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
    void setExamples(const QList<Example> &examples);
    QStringList recentFiles() const { return m_recent; }
    QStringList exampleFiles() const;

signals:
    void openRequested();
    void fileRequested(const QString &path);

private:
    void fill(QVBoxLayout *list, const QList<Example> &entries, const QString &objectPrefix,
              const QString &emptyText);

    QStringList m_recent;
    QList<Example> m_examples;
    QVBoxLayout *m_recentList;
    QVBoxLayout *m_exampleList;
};

} // namespace embers
