// Work in progress: filled in by the flamegraph / window work.
#include <QtTest>

class Placeholder : public QObject
{
    Q_OBJECT
private slots:
    void nothingYet() { QSKIP("not written yet"); }
};

QTEST_GUILESS_MAIN(Placeholder)
#include "tst_flamegraphview.moc"
