#include "SourceView.h"

#include "SourceHighlighter.h"
#include "Units.h"

#include <QEvent>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QPainter>
#include <QScrollBar>
#include <QTextBlock>
#include <QTextDocument>
#include <QToolTip>

#include <algorithm>
#include <climits>
#include <cmath>

namespace embers {

namespace {

constexpr int kPad = 6;

bool isDark(const QPalette &palette)
{
    return palette.color(QPalette::Base).lightness() < 128;
}

QString shareText(int64_t value, int64_t total)
{
    if (total == 0)
        return QStringLiteral("-");
    const double p = 100.0 * double(value) / double(total);
    return QString::number(p, 'f', std::fabs(p) < 10 ? 2 : 1) + QLatin1Char('%');
}

// Hot lines in the flame graph's warm colours, stronger with their share.
QColor heatColor(double share, bool dark)
{
    const QColor hot = dark ? QColor(0xff, 0x8a, 0x3d) : QColor(0xe8, 0x5d, 0x04);
    QColor c = hot;
    c.setAlphaF(float(std::clamp(0.12 + 0.88 * share, 0.0, 1.0)));
    return c;
}

QColor toColor(colors::Rgb c)
{
    return QColor(c.r, c.g, c.b);
}

} // namespace

// The column titles above the gutter, which stays put while the lines scroll.
class SourceViewHeader : public QWidget
{
public:
    explicit SourceViewHeader(SourceView *view) : QWidget(view), m_view(view) {}

protected:
    void paintEvent(QPaintEvent *) override
    {
        QPainter p(this);
        m_view->paintHeader(p, rect());
    }

private:
    SourceView *m_view;
};

SourceView::SourceView(QWidget *parent) : QAbstractScrollArea(parent)
{
    m_header = new SourceViewHeader(this);
    m_header->setObjectName(QStringLiteral("sourceHeader"));
    setFocusPolicy(Qt::StrongFocus);
    QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    setFont(mono);
    viewport()->setMouseTracking(true);
    viewport()->setAttribute(Qt::WA_OpaquePaintEvent);
    updateMetrics();
}

SourceView::~SourceView() = default;

void SourceView::setSource(std::shared_ptr<const SourceText> text, SourceLanguage language,
                           std::vector<SourceLineState> entryStates)
{
    m_text = std::move(text);
    m_language = language;
    m_states = std::move(entryStates);
    m_layouts.clear();
    m_textWidth = 0;
    m_current = 0;
    updateMetrics();
    updateScrollBars();
    viewport()->update();
}

int SourceView::widestLabel(const SourceFileCosts &costs, const std::string &unit)
{
    qsizetype widest = 4;
    auto consider = [&](int64_t v, bool sign) {
        if (v != 0)
            widest =
                std::max(widest, sign ? signedText(v, unit).size()
                                      : QString::fromStdString(units::humanValue(v, unit)).size());
    };
    for (size_t i = 0; i < costs.fileLines.size(); ++i) {
        const LineCost &c = costs.fileLines[i];
        if (!costs.compared) {
            consider(c.flat, false);
            consider(c.cum, false);
            continue;
        }
        const int64_t before = i < costs.baseLines.size() ? costs.baseLines[i].cum : 0;
        consider(c.cum, false);
        consider(before, false);
        consider(c.cum - before, true);
    }
    return int(widest);
}

QString SourceView::signedText(int64_t value, const std::string &unit)
{
    const QString text = QString::fromStdString(units::humanValue(value, unit));
    return value > 0 ? QLatin1Char('+') + text : text;
}

void SourceView::setDiffPalette(colors::DiffPalette palette)
{
    m_diffPalette = palette;
    viewport()->update();
}

void SourceView::setCosts(SourceFileCosts costs, std::pair<int64_t, int64_t> functionRange,
                          std::string unit, int labelChars)
{
    m_labelChars = labelChars;
    m_costs = std::move(costs);
    m_range = functionRange;
    m_unit = std::move(unit);
    m_header->setToolTip(
        m_costs.compared
            ? tr("Each line's total (with what it calls) in the base and in the new capture, and "
                 "the change; the base is scaled to the new total when the diff is normalised. "
                 "A line's tooltip has its self values too.")
            : tr("Self: the line's own cost. Total: with what it calls."));
    m_costIndex.clear();
    m_maxCum = 0;
    for (size_t i = 0; i < m_costs.fileLines.size(); ++i)
        m_costIndex[m_costs.fileLines[i].line] = i;
    for (const LineCost &c : m_costs.fileLines)
        m_maxCum = std::max(m_maxCum, std::abs(heatValue(int(c.line))));
    updateMetrics();
    updateScrollBars();
    viewport()->update();
}

int SourceView::lineCount() const
{
    const int text = m_text ? m_text->lineCount() : 0;
    // A recorded line past the file's end still has a row (the file is shorter than the
    // profile says: the pane flags it).
    const int costly = m_costs.fileLines.empty() ? 0 : int(m_costs.fileLines.back().line);
    return std::max(text, costly);
}

void SourceView::updateMetrics()
{
    const QFontMetrics fm(font());
    Metrics m;
    m.lineHeight = fm.height() + 2;
    m.ascent = fm.ascent() + 1;
    // The font is fixed-width: a label's width is its length.
    m.valueWidth = fm.horizontalAdvance(QLatin1Char('0')) * std::max(m_labelChars, 4) + 2 * kPad;
    m.heatWidth = fm.horizontalAdvance(QLatin1Char('0')) * 5;
    m.numberWidth = fm.horizontalAdvance(QString::number(std::max(lineCount(), 99))) + 2 * kPad;
    // Wide enough for the header's titles too (bold, and longer in some languages).
    QFont bold = font();
    bold.setBold(true);
    const QFontMetrics titles(bold);
    for (const QString &title : columnTitles())
        m.valueWidth = std::max(m.valueWidth, titles.horizontalAdvance(title) + 2 * kPad);
    m.numberWidth = std::max(m.numberWidth, fm.horizontalAdvance(tr("Line")) + 2 * kPad);
    m.gutter = valueColumns() * m.valueWidth + m.heatWidth + m.numberWidth + kPad;
    m_metrics = m;
    const int header = m.lineHeight + 2;
    setViewportMargins(0, header, 0, 0);
    const int frame = frameWidth();
    m_header->setGeometry(frame, frame, width() - 2 * frame, header);
    m_header->update();
}

void SourceView::updateScrollBars()
{
    const int visible = std::max(1, viewport()->height() / std::max(1, m_metrics.lineHeight));
    verticalScrollBar()->setRange(0, std::max(0, lineCount() - visible + 1));
    verticalScrollBar()->setPageStep(visible);
    verticalScrollBar()->setSingleStep(1);
    const int textArea = std::max(0, viewport()->width() - m_metrics.gutter);
    horizontalScrollBar()->setRange(0, std::max(0, m_textWidth + 2 * kPad - textArea));
    horizontalScrollBar()->setPageStep(textArea);
    horizontalScrollBar()->setSingleStep(QFontMetrics(font()).horizontalAdvance(QLatin1Char('0')) *
                                         4);
}

int SourceView::firstVisibleLine() const
{
    return verticalScrollBar()->value() + 1;
}

int SourceView::lineAt(const QPoint &pos) const
{
    const int line = firstVisibleLine() + pos.y() / std::max(1, m_metrics.lineHeight);
    return line >= 1 && line <= lineCount() ? line : 0;
}

void SourceView::showLine(int line)
{
    const int visible = std::max(1, viewport()->height() / std::max(1, m_metrics.lineHeight));
    verticalScrollBar()->setValue(std::max(0, line - 1 - visible / 3));
    m_current = line;
    viewport()->update();
}

const LineCost *SourceView::costAt(int line) const
{
    const auto it = m_costIndex.find(line);
    return it == m_costIndex.end() ? nullptr : &m_costs.fileLines[it->second];
}

const LineCost *SourceView::baseAt(int line) const
{
    const auto it = m_costIndex.find(line);
    return it == m_costIndex.end() || it->second >= m_costs.baseLines.size()
               ? nullptr
               : &m_costs.baseLines[it->second];
}

int64_t SourceView::heatValue(int line) const
{
    const LineCost *cost = costAt(line);
    if (!cost)
        return 0;
    const LineCost *base = m_costs.compared ? baseAt(line) : nullptr;
    return cost->cum - (base ? base->cum : 0);
}

QColor SourceView::lineColor(int line, bool dark) const
{
    const LineCost *cost = costAt(line);
    if (!cost || m_maxCum <= 0)
        return {};
    const int64_t heat = heatValue(line);
    const double size = double(std::abs(heat)) / double(m_maxCum);
    if (!m_costs.compared)
        return heatColor(size, dark);
    const int sign = heat > 0 ? 1 : heat < 0 ? -1 : 0;
    return toColor(colors::diffColor(sign, size, false, m_diffPalette));
}

QStringList SourceView::columnTitles() const
{
    if (m_costs.compared)
        return {tr("Before"), tr("After"), tr("Change")};
    return {tr("Self"), tr("Total")};
}

void SourceView::paintHeader(QPainter &p, const QRect &area) const
{
    const QPalette pal = palette();
    const Metrics &m = m_metrics;
    p.fillRect(area, pal.color(QPalette::Window));
    p.fillRect(QRect(0, 0, m.gutter - kPad, area.height()), pal.color(QPalette::AlternateBase));
    QFont bold = font();
    bold.setBold(true);
    p.setFont(bold);
    p.setPen(pal.color(QPalette::WindowText));
    const QStringList titles = columnTitles();
    for (int c = 0; c < titles.size(); ++c)
        p.drawText(QRect(c * m.valueWidth, 0, m.valueWidth - kPad, area.height()),
                   Qt::AlignRight | Qt::AlignVCenter, titles[c]);
    p.setFont(font());
    p.setPen(pal.color(QPalette::PlaceholderText));
    p.drawText(
        QRect(titles.size() * m.valueWidth + m.heatWidth, 0, m.numberWidth - kPad, area.height()),
        Qt::AlignRight | Qt::AlignVCenter, tr("Line"));
    p.setPen(pal.color(QPalette::Mid));
    p.drawLine(area.bottomLeft(), area.bottomRight());
}

QString SourceView::valueText(int64_t value) const
{
    return value == 0 ? QString() : QString::fromStdString(units::humanValue(value, m_unit));
}

void SourceView::layOutLines(int first, int last)
{
    if (!m_text)
        return;
    last = std::min(last, m_text->lineCount());
    // Keep what is near the screen; lay out the missing lines as one scratch document so
    // that the highlighter carries its state from line to line.
    for (auto it = m_layouts.begin(); it != m_layouts.end();)
        it =
            it->first < first - 200 || it->first > last + 200 ? m_layouts.erase(it) : std::next(it);
    int a = first;
    while (a <= last) {
        if (m_layouts.contains(a)) {
            ++a;
            continue;
        }
        int b = a;
        while (b + 1 <= last && !m_layouts.contains(b + 1))
            ++b;
        QStringList lines;
        std::vector<int> fullLength;
        for (int n = a; n <= b; ++n) {
            lines << m_text->line(n, kMaxShownChars);
            fullLength.push_back(int(std::min<qsizetype>(m_text->lineLength(n), INT_MAX)));
        }
        QTextDocument scratch;
        scratch.setPlainText(lines.join(QLatin1Char('\n')));
        SourceHighlighter highlighter(nullptr, m_language, isDark(palette()));
        highlighter.setEntryState(size_t(a - 1) < m_states.size() ? m_states[size_t(a - 1)]
                                                                  : kCode);
        highlighter.setDocument(&scratch);
        highlighter.rehighlight();
        QTextOption option;
        option.setWrapMode(QTextOption::NoWrap);
        option.setTabStopDistance(QFontMetricsF(font()).horizontalAdvance(QLatin1Char(' ')) * 4);
        QTextCharFormat noteFormat;
        noteFormat.setForeground(palette().color(QPalette::PlaceholderText));
        noteFormat.setFontItalic(true);
        QTextBlock block = scratch.firstBlock();
        for (int n = a; n <= b && block.isValid(); ++n, block = block.next()) {
            QString text = block.text();
            QList<QTextLayout::FormatRange> formats = block.layout()->formats();
            const int hidden = fullLength[size_t(n - a)] - int(text.size());
            if (hidden > 0) {
                const QString note = tr(" … %n more characters", nullptr, hidden);
                formats.append({int(text.size()), int(note.size()), noteFormat});
                text += note;
            }
            auto layout = std::make_unique<QTextLayout>(text, font());
            layout->setTextOption(option);
            layout->setFormats(formats);
            layout->setCacheEnabled(true);
            layout->beginLayout();
            QTextLine line = layout->createLine();
            if (line.isValid())
                line.setLineWidth(1e6);
            layout->endLayout();
            m_textWidth =
                std::max(m_textWidth, int(std::ceil(line.isValid() ? line.naturalTextWidth() : 0)));
            m_layouts.emplace(n, std::move(layout));
        }
        a = b + 1;
    }
    updateScrollBars();
}

void SourceView::paintEvent(QPaintEvent *)
{
    QPainter p(viewport());
    const QPalette pal = palette();
    const bool dark = isDark(pal);
    const Metrics &m = m_metrics;
    const QRect area = viewport()->rect();
    p.fillRect(area, pal.color(QPalette::Base));
    const int first = firstVisibleLine();
    const int rows = area.height() / std::max(1, m.lineHeight) + 1;
    const int last = std::min(first + rows, lineCount());
    layOutLines(first, last);

    const QColor gutterBg = pal.color(QPalette::AlternateBase);
    p.fillRect(QRect(0, 0, m.gutter - kPad, area.height()), gutterBg);
    const QColor muted = pal.color(QPalette::PlaceholderText);
    const QColor functionMark = pal.color(QPalette::Highlight);
    const int textX = m.gutter + kPad - horizontalScrollBar()->value();
    const int fileLines = m_text ? m_text->lineCount() : 0;
    for (int n = first, y = 0; n <= last; ++n, y += m.lineHeight) {
        const QRect row(0, y, area.width(), m.lineHeight);
        const LineCost *cost = costAt(n);
        const LineCost *base = baseAt(n);
        const bool inFunction = n >= m_range.first && n <= m_range.second;
        const int columns = valueColumns();
        if (const QColor color = lineColor(n, dark); color.isValid()) {
            const double share = double(std::abs(heatValue(n))) / double(m_maxCum);
            QColor tint = color;
            tint.setAlphaF((m_costs.compared ? 1.0f : tint.alphaF()) * 0.35f);
            if (share > 0)
                p.fillRect(row.adjusted(m.gutter - kPad, 0, 0, 0), tint);
            QRect bar(columns * m.valueWidth + 2, y + 2, int(std::ceil((m.heatWidth - 4) * share)),
                      m.lineHeight - 4);
            p.fillRect(bar, color);
        }
        if (n == m_current) {
            QColor current = pal.color(QPalette::Highlight);
            current.setAlphaF(0.22f);
            p.fillRect(row, current);
        }
        if (inFunction)
            p.fillRect(QRect(m.gutter - kPad - 3, y, 3, m.lineHeight), functionMark);
        p.setPen(pal.color(QPalette::Text));
        if (cost) {
            const int64_t before = base ? base->cum : 0;
            const QString texts[] = {
                valueText(m_costs.compared ? before : cost->flat), valueText(cost->cum),
                m_costs.compared && cost->cum != before ? signedText(cost->cum - before, m_unit)
                                                        : QString()};
            for (int c = 0; c < columns; ++c)
                p.drawText(QRect(c * m.valueWidth, y, m.valueWidth - kPad, m.lineHeight),
                           Qt::AlignRight | Qt::AlignVCenter, texts[c]);
        }
        p.setPen(n > fileLines ? pal.color(QPalette::BrightText) : muted);
        p.drawText(
            QRect(columns * m.valueWidth + m.heatWidth, y, m.numberWidth - kPad, m.lineHeight),
            Qt::AlignRight | Qt::AlignVCenter, QString::number(n));
        p.save();
        p.setClipRect(QRect(m.gutter, y, area.width() - m.gutter, m.lineHeight));
        p.setPen(pal.color(QPalette::Text));
        if (const auto layout = m_layouts.find(n); layout != m_layouts.end())
            layout->second->draw(&p, QPointF(textX, y + 1));
        else if (n > fileLines && m_text)
            p.drawText(QPoint(textX, y + m.ascent), tr("(past the end of the file)"));
        p.restore();
    }
}

void SourceView::resizeEvent(QResizeEvent *event)
{
    QAbstractScrollArea::resizeEvent(event);
    const int frame = frameWidth();
    m_header->setGeometry(frame, frame, width() - 2 * frame, m_header->height());
    updateScrollBars();
}

void SourceView::scrollContentsBy(int, int)
{
    viewport()->update();
}

void SourceView::mousePressEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton)
        return QAbstractScrollArea::mousePressEvent(event);
    const int line = lineAt(event->position().toPoint());
    if (line == 0)
        return;
    m_current = line;
    viewport()->update();
    emit lineActivated(line);
}

void SourceView::keyPressEvent(QKeyEvent *event)
{
    QScrollBar *v = verticalScrollBar();
    switch (event->key()) {
    case Qt::Key_Up:
    case Qt::Key_Down: {
        const int step = event->key() == Qt::Key_Up ? -1 : 1;
        const int line = std::clamp(m_current + step, 1, std::max(1, lineCount()));
        m_current = line;
        const int visible = std::max(1, viewport()->height() / std::max(1, m_metrics.lineHeight));
        if (line < firstVisibleLine())
            v->setValue(line - 1);
        else if (line >= firstVisibleLine() + visible)
            v->setValue(line - visible);
        viewport()->update();
        return;
    }
    case Qt::Key_PageUp:
        v->triggerAction(QAbstractSlider::SliderPageStepSub);
        return;
    case Qt::Key_PageDown:
        v->triggerAction(QAbstractSlider::SliderPageStepAdd);
        return;
    case Qt::Key_Home:
        v->setValue(0);
        return;
    case Qt::Key_End:
        v->setValue(v->maximum());
        return;
    case Qt::Key_Return:
    case Qt::Key_Enter:
        if (m_current > 0)
            emit lineActivated(m_current);
        return;
    default:
        QAbstractScrollArea::keyPressEvent(event);
    }
}

QString SourceView::toolTipAt(int line) const
{
    const LineCost *cost = costAt(line);
    if (!cost)
        return {};
    auto text = [this](int64_t v) {
        const QString t = valueText(v);
        return t.isEmpty() ? QStringLiteral("0") : t;
    };
    QString tip = QStringLiteral("<b>%1</b><br>").arg(tr("Line %1").arg(line));
    if (m_costs.compared) {
        const LineCost before = baseAt(line) ? *baseAt(line) : LineCost{};
        auto change = [&](int64_t from, int64_t to) {
            QString t = signedText(to - from, m_unit);
            if (to == from)
                t = tr("no change");
            else if (from != 0)
                t += QStringLiteral(", %1").arg((to > from ? QStringLiteral("+") : QString()) +
                                                shareText(to - from, from));
            return t;
        };
        tip += tr("Total: %1 \u2192 %2 (%3)")
                   .arg(text(before.cum), text(cost->cum), change(before.cum, cost->cum));
        tip += QStringLiteral("<br>");
        tip += tr("Self: %1 \u2192 %2 (%3)")
                   .arg(text(before.flat), text(cost->flat), change(before.flat, cost->flat));
        tip += QStringLiteral("<br>");
        tip +=
            tr("Change: %1 of the new total").arg(shareText(cost->cum - before.cum, m_costs.total));
        return tip;
    }
    const int64_t total = m_costs.total, fnCum = m_costs.function.cum;
    tip += tr("Self: %1 (%2 of all)").arg(text(cost->flat), shareText(cost->flat, total));
    tip += QStringLiteral("<br>");
    tip += tr("Total: %1 (%2 of all)").arg(text(cost->cum), shareText(cost->cum, total));
    if (line >= m_range.first && line <= m_range.second && fnCum != 0) {
        tip += QStringLiteral("<br>");
        tip += tr("%1 of %2")
                   .arg(shareText(cost->cum, fnCum),
                        QString::fromStdString(m_costs.function.name).toHtmlEscaped());
    }
    return tip;
}

bool SourceView::viewportEvent(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        const auto *help = static_cast<QHelpEvent *>(event);
        const QString tip = toolTipAt(lineAt(help->pos()));
        if (tip.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), tip, viewport());
        return true;
    }
    return QAbstractScrollArea::viewportEvent(event);
}

void SourceView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::FontChange || event->type() == QEvent::PaletteChange) {
        m_layouts.clear(); // laid out with the old font or colours
        updateMetrics();
        updateScrollBars();
    }
    QAbstractScrollArea::changeEvent(event);
}

} // namespace embers
