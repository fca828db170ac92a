#include "FlameGraphExport.h"

#include "FlameGraphView.h"

#include <QIODevice>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace embers {

namespace {

QString xmlEscaped(const QString &s)
{
    QString out = s.toHtmlEscaped();
    // Control characters are not allowed in XML 1.0.
    for (QChar &c : out) {
        if (c.unicode() < 0x20 && c != QLatin1Char('\n') && c != QLatin1Char('\t'))
            c = QLatin1Char(' ');
    }
    return out;
}

// The view's layout again at another width, from its focus (shares the weights).
FlameLayout layoutAt(const FlameGraphView &view, double width)
{
    FlameLayout layout = view.layout();
    layout.layout(view.focusNode(), width, 1.0);
    return layout;
}

} // namespace

QImage flameGraphImage(const FlameGraphView &view, QSize size, qreal devicePixelRatio)
{
    if (size.width() <= 0 || !(devicePixelRatio > 0))
        return {};
    const FlameLayout layout = layoutAt(view, size.width() * devicePixelRatio);
    const int rowHeight = view.rowHeight();
    const int content = int(std::min<qint64>(qint64(layout.rowCount()) * rowHeight, 32000));
    const int height = size.height() > 0 ? size.height() : std::max(content, rowHeight);
    QImage image(QSize(int(std::ceil(size.width() * devicePixelRatio)),
                       int(std::ceil(height * devicePixelRatio))),
                 QImage::Format_ARGB32_Premultiplied);
    if (image.isNull())
        return image;
    image.setDevicePixelRatio(devicePixelRatio);
    FlamePainter::Geometry g;
    g.size = QSizeF(size.width(), height);
    g.dpr = devicePixelRatio;
    g.contentHeight = content;
    g.rowHeight = rowHeight;
    g.rootAtBottom = view.orientation() == FlameGraphView::Orientation::Flame;
    g.scrollY = g.rootAtBottom ? std::max(0, content - height) : 0;
    QPainter p(&image);
    view.flamePainter().paint(p, layout, g, {view.palette(), view.font()});
    return image;
}

bool writeFlameGraphSvg(const FlameGraphView &view, QIODevice *device, int width)
{
    if (!device || width <= 0 || !device->isWritable())
        return false;
    const FlameLayout layout = layoutAt(view, width);
    const FlamePainter &painter = view.flamePainter();
    const int rowHeight = view.rowHeight();
    const bool rootAtBottom = view.orientation() == FlameGraphView::Orientation::Flame;
    const int rows = int(layout.rowCount());
    const int height = std::max(rows, 1) * rowHeight;
    const QFontMetricsF fm(view.font());
    const QColor base = view.palette().color(QPalette::Base);
    const QColor dimText = view.palette().color(QPalette::PlaceholderText);
    // The window's font first, then the reader's own sans-serif: a machine without that
    // font still finds one with the labels' glyphs (CJK names) rather than its serif default.
    const QFontInfo info(view.font());
    const qreal textY = (rowHeight - 1 - fm.height()) / 2 + fm.ascent();
    constexpr qreal padding = FlamePainter::kTextPadding;

    QByteArray out;
    out += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    out += QStringLiteral("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%1\" height=\"%2\" "
                          "viewBox=\"0 0 %1 %2\" font-family=\"'%3', sans-serif\" "
                          "font-size=\"%4px\" "
                          "stroke=\"none\">\n")
               .arg(width)
               .arg(height)
               .arg(xmlEscaped(info.family()))
               .arg(info.pixelSize())
               .toUtf8();
    out += QStringLiteral("<rect width=\"100%\" height=\"100%\" fill=\"%1\"/>\n")
               .arg(base.name())
               .toUtf8();
    const auto boxes = layout.boxes();
    for (int row = 0; row < rows; ++row) {
        const int y = rootAtBottom ? height - (row + 1) * rowHeight : row * rowHeight;
        for (size_t i = layout.rowBegin(size_t(row)); i < layout.rowBegin(size_t(row) + 1); ++i) {
            const FlameBox &box = boxes[i];
            double w = box.width >= 3 ? box.width - 1 : box.width;
            bool dim = false;
            const FlamePainter::BoxStyle style = painter.boxStyle(box, base, &dim);
            const QString title = box.others ? painter.othersText(box) : view.toolTipText(box.node);
            out += QStringLiteral("<g><title>%1</title><rect x=\"%2\" y=\"%3\" width=\"%4\" "
                                  "height=\"%5\" fill=\"%6\"/>")
                       .arg(xmlEscaped(title))
                       .arg(box.x, 0, 'f', 2)
                       .arg(y)
                       .arg(w, 0, 'f', 2)
                       .arg(rowHeight - 1)
                       .arg(QColor::fromRgb(style.fill).name())
                       .toUtf8();
            const QString label = painter.label(box, w - 2 * padding, fm);
            if (!label.isEmpty()) {
                const QColor text = dim ? dimText : QColor::fromRgb(style.text);
                out += QStringLiteral("<text x=\"%1\" y=\"%2\" fill=\"%3\">%4</text>")
                           .arg(box.x + padding, 0, 'f', 2)
                           .arg(y + textY, 0, 'f', 2)
                           .arg(text.name())
                           .arg(xmlEscaped(label))
                           .toUtf8();
            }
            out += "</g>\n";
            if (out.size() > (1 << 20)) {
                if (device->write(out) != out.size())
                    return false;
                out.clear();
            }
        }
    }
    out += "</svg>\n";
    return device->write(out) == out.size();
}

} // namespace embers
