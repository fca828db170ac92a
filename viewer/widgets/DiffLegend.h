// DiffLegend: the key to a diff flame graph's colours: the diverging scale from shrank
// to grew, and swatches for removed (hatched), new (outlined) and noise frames.
#pragma once

#include "FrameColors.h"

#include <QWidget>

namespace embers {

class DiffLegend : public QWidget
{
    Q_OBJECT
public:
    explicit DiffLegend(QWidget *parent = nullptr);
    void setPalette(colors::DiffPalette palette);
    void setNoiseShown(bool shown); // without a noise test there is no noise swatch

    QSize sizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    colors::DiffPalette m_palette = colors::DiffPalette::RedGreen;
    bool m_noise = true;
};

} // namespace embers
