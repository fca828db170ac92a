// TrendChart: one function's values across a series of captures, drawn large under the
// all-captures table: a point per capture joined by a line, the axis in the sample
// type's unit, and what the trend test found — the change point (a dashed line before the
// capture the new level starts at, and each level's mean) or the fitted climb.
#pragma once

#include "Trend.h"

#include <QStringList>
#include <QWidget>

#include <string>
#include <vector>

namespace embers {

class TrendChart : public QWidget
{
    Q_OBJECT
public:
    explicit TrendChart(QWidget *parent = nullptr);

    // `row` null: nothing to draw but `title`. `captureNames` label the points' tooltips.
    // Not `judged`: the values alone, before the verdicts are known.
    void setSeries(const QString &title, const TrendRow *row, const std::string &unit,
                   const QStringList &captureNames, bool judged = true);
    void clear();

    const std::vector<int64_t> &values() const { return m_values; }
    int changeAt() const { return m_changeAt; }
    TrendVerdict verdict() const { return m_verdict; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;
    bool event(QEvent *event) override;

private:
    QRectF plotRect() const;
    QPointF pointAt(size_t capture) const;
    int captureAt(QPointF position) const;

    QString m_title;
    std::vector<int64_t> m_values;
    int m_changeAt = -1;
    TrendVerdict m_verdict = TrendVerdict::Steady;
    double m_pValue = 1;
    bool m_judged = false;
    std::string m_unit;
    QStringList m_captureNames;
    int64_t m_low = 0, m_high = 0;
};

} // namespace embers
