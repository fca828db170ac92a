// SourceView: a source file with its per-line costs, painted a line at a time: a gutter of
// flat and cum (in the sample type's unit) with a heat bar, the line numbers, then the
// text, highlighted; for a comparison, the gutter holds each line's total before, after
// and the change, its bar and tint in the diff's colours. A header names the columns. Only the
// lines on screen are laid out and highlighted, so a file of 100,000 lines opens and scrolls as
// fast as one of ten; a minified bundle's megabyte line is cut, not laid out whole. The function's
// lines are marked, other costly lines tinted by their share, and a line's tooltip gives its share
// of the profile and of the function.
#pragma once

#include "FrameColors.h"
#include "LineCosts.h"
#include "SourceText.h"
#include "SourceTokens.h"

#include <QAbstractScrollArea>
#include <QStringList>
#include <QTextLayout>

#include <map>
#include <memory>
#include <string>
#include <vector>

class QPainter;

namespace embers {

class SourceView : public QAbstractScrollArea
{
    Q_OBJECT
public:
    // Characters of a line laid out at most (the rest is elided with a note).
    static constexpr int kMaxShownChars = 1000;

    explicit SourceView(QWidget *parent = nullptr);
    ~SourceView() override;

    // The file's text and the state each line starts in (lineEntryStates, found off the
    // GUI thread); both may be empty (no file: the gutter alone is not shown).
    void setSource(std::shared_ptr<const SourceText> text, SourceLanguage language,
                   std::vector<SourceLineState> entryStates);
    // The costs: the file's costly lines, the function's lines and range, the profile's
    // total, and how values are written (units::humanValue's unit).
    // `labelChars`: the longest value label's length (widestLabel(), off the GUI thread:
    // formatting every line's values costs more than painting).
    void setCosts(SourceFileCosts costs, std::pair<int64_t, int64_t> functionRange,
                  std::string unit, int labelChars);
    static int widestLabel(const SourceFileCosts &costs, const std::string &unit);
    // The colours of grown and shrunk lines in a comparison.
    void setDiffPalette(colors::DiffPalette palette);
    const SourceFileCosts &costs() const { return m_costs; }
    const std::shared_ptr<const SourceText> &source() const { return m_text; }

    // Scrolls so that `line` (1-based) is near the top third, and marks it current.
    void showLine(int line);
    int currentLine() const { return m_current; }
    int firstVisibleLine() const;
    int lineAt(const QPoint &viewportPos) const;
    // How many lines are laid out now (the ones on screen): for the tests.
    int laidOutLines() const { return int(m_layouts.size()); }
    // The tooltip of a line: its self and total, their shares of the profile and of the
    // function; empty for a line without cost.
    QString toolTipAt(int line) const;
    // The gutter's column titles, left to right.
    QStringList columnTitles() const;

signals:
    // A line was clicked (1-based): the page selects the frames at it.
    void lineActivated(int line);

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void scrollContentsBy(int dx, int dy) override;
    void mousePressEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    bool viewportEvent(QEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    friend class SourceViewHeader;
    struct Metrics
    {
        int lineHeight = 0, ascent = 0;
        int valueWidth = 0, heatWidth = 0, numberWidth = 0, gutter = 0;
    };
    void updateMetrics();
    void paintHeader(QPainter &p, const QRect &area) const;
    int valueColumns() const { return m_costs.compared ? 3 : 2; }
    const LineCost *baseAt(int line) const;
    // What a line's bar and tint measure: its total, or in a comparison its change.
    int64_t heatValue(int line) const;
    QColor lineColor(int line, bool dark) const; // the bar's; invalid without a cost
    static QString signedText(int64_t value, const std::string &unit);
    void updateScrollBars();
    void layOutLines(int first, int last);
    const LineCost *costAt(int line) const;
    QString valueText(int64_t value) const;
    int lineCount() const;

    std::shared_ptr<const SourceText> m_text;
    SourceLanguage m_language = SourceLanguage::Plain;
    std::vector<SourceLineState> m_states;
    SourceFileCosts m_costs;
    std::map<int64_t, size_t> m_costIndex; // line -> index in m_costs.fileLines
    int64_t m_maxCum = 0;                  // the largest |heatValue()|
    colors::DiffPalette m_diffPalette = colors::DiffPalette::RedGreen;
    QWidget *m_header;
    std::pair<int64_t, int64_t> m_range{0, 0};
    std::string m_unit;
    int m_current = 0;
    int m_labelChars = 4;
    Metrics m_metrics;
    // The lines laid out, by line number; rebuilt when the lines on screen change.
    std::map<int, std::unique_ptr<QTextLayout>> m_layouts;
    int m_textWidth = 0; // the widest laid-out line, for the horizontal scroll bar
};

} // namespace embers
