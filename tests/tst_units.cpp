#include <QtTest>

class Placeholder : public QObject
{
    Q_OBJECT
private slots:
    void nothingYet() { QSKIP("not written yet"); }
};

QTEST_GUILESS_MAIN(Placeholder)
#include "tst_units.moc"
