// FlameGraphView offscreen: clicks, keys and hovers at positions taken from the layout,
// then the focus, history, tooltip, search and orientation are checked unconditionally.
#include "FlameGraphExport.h"
#include "FlameGraphView.h"
#include "FrameColors.h"
#include "ModelHelpers.h"
#include "ProfileBuilder.h"

#include <QBuffer>
#include <QScrollBar>
#include <QSignalSpy>
#include <QtTest>

using namespace embers;
using namespace embers::test;

namespace {

// main 100 ms: a 40 ms (b 30, c 10), d 20 ms, self 40 ms; sample counts 3, 1, 2, 4.
std::shared_ptr<const CallTree> cpuTree()
{
    ProfileBuilder b;
    b.sampleType("samples", "count").sampleType("cpu", "nanoseconds");
    b.sample({"main", "a", "b"}, {3, 30'000'000});
    b.sample({"main", "a", "c"}, {1, 10'000'000});
    b.sample({"main", "d"}, {2, 20'000'000});
    b.sample({"main"}, {4, 40'000'000});
    return treeOf(b, 1);
}

QColor toQColor(colors::Rgb c)
{
    return QColor(c.r, c.g, c.b);
}

} // namespace

class TestFlameGraphView : public QObject
{
    Q_OBJECT

    std::unique_ptr<FlameGraphView> m_view;
    std::shared_ptr<const CallTree> m_tree;

    // The centre of a node's box, computed from the layout (not from nodeRect), in
    // viewport coordinates of the icicle orientation without scrolling.
    QPoint centreOf(uint32_t node) const
    {
        size_t row = 0, index = 0;
        if (!m_view->layout().findBox(node, &row, &index))
            qFatal("node %u is not laid out", node);
        const FlameBox &b = m_view->layout().boxes()[index];
        const qreal dpr = m_view->viewport()->devicePixelRatioF();
        return QPoint(int((b.x + b.width / 2) / dpr),
                      int(row) * m_view->rowHeight() + m_view->rowHeight() / 2);
    }

private slots:
    void init()
    {
        m_tree = cpuTree();
        m_view = std::make_unique<FlameGraphView>();
        m_view->setFont(QFont(QStringLiteral("DejaVu Sans"), 9));
        m_view->resize(800 + m_view->verticalScrollBar()->sizeHint().width(), 400);
        m_view->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_view.get()));
        m_view->setTree(m_tree);
        QCOMPARE(m_view->viewport()->width(), 800);
        QCOMPARE(m_view->layout().width(), 800.0 * m_view->viewport()->devicePixelRatioF());
    }
    void cleanup() { m_view.reset(); }

    void clickFocusesTheNode()
    {
        QSignalSpy focus(m_view.get(), &FlameGraphView::focusChanged);
        QSignalSpy selected(m_view.get(), &FlameGraphView::nodeSelected);
        const uint32_t a = nodeOf(*m_tree, {"main", "a"});
        QCOMPARE(m_view->nodeAt(centreOf(a)), a);
        QTest::mouseClick(m_view->viewport(), Qt::LeftButton, {}, centreOf(a));
        QCOMPARE(m_view->focusNode(), a);
        QCOMPARE(focus.count(), 1);
        QCOMPARE(focus.at(0).at(0).toUInt(), a);
        QCOMPARE(selected.count(), 1);
        QCOMPARE(selected.at(0).at(0).toUInt(), m_tree->frame(a));
        QCOMPARE(selected.at(0).at(1).toUInt(), a);
        // a now fills the width, with its ancestors.
        const QList<quint32> path{CallTree::kRoot, nodeOf(*m_tree, {"main"}), a};
        QCOMPARE(m_view->focusPath(), path);
        QCOMPARE(m_view->layout().row(2).size(), size_t(1));
        QCOMPARE(m_view->layout().row(2)[0].width, m_view->layout().width());
        QCOMPARE(m_view->nodeRect(a).width(), 800.0);
        // b is 30 of a's 40 ms: three quarters of the width.
        QCOMPARE(m_view->nodeRect(nodeOf(*m_tree, {"main", "a", "b"})).width(), 600.0);
        // A click on a gap changes nothing.
        QTest::mouseClick(m_view->viewport(), Qt::LeftButton, {},
                          QPoint(700, 5 * m_view->rowHeight() + 5));
        QCOMPARE(m_view->focusNode(), a);
        QCOMPARE(focus.count(), 1);
    }

    void escapeResets()
    {
        const uint32_t d = nodeOf(*m_tree, {"main", "d"});
        QTest::mouseClick(m_view->viewport(), Qt::LeftButton, {}, centreOf(d));
        QCOMPARE(m_view->focusNode(), d);
        QSignalSpy focus(m_view.get(), &FlameGraphView::focusChanged);
        QTest::keyClick(m_view.get(), Qt::Key_Escape);
        QCOMPARE(m_view->focusNode(), CallTree::kRoot);
        QCOMPARE(m_view->focusPath(), QList<quint32>{CallTree::kRoot});
        QCOMPARE(focus.count(), 1);
        QCOMPARE(focus.at(0).at(0).toUInt(), CallTree::kRoot);
        QCOMPARE(m_view->nodeRect(d).width(), 160.0); // 20 of 100 ms at 800 px
    }

    void backAndForward()
    {
        const uint32_t a = nodeOf(*m_tree, {"main", "a"});
        const uint32_t b = nodeOf(*m_tree, {"main", "a", "b"});
        QVERIFY(!m_view->canGoBack());
        QTest::mouseClick(m_view->viewport(), Qt::LeftButton, {}, centreOf(a));
        QTest::mouseClick(m_view->viewport(), Qt::LeftButton, {}, centreOf(b));
        QCOMPARE(m_view->focusNode(), b);
        QTest::keyClick(m_view.get(), Qt::Key_Escape);
        QCOMPARE(m_view->focusNode(), CallTree::kRoot);
        QVERIFY(m_view->canGoBack());
        QVERIFY(!m_view->canGoForward());

        m_view->back();
        QCOMPARE(m_view->focusNode(), b);
        QTest::keyClick(m_view.get(), Qt::Key_Left, Qt::AltModifier);
        QCOMPARE(m_view->focusNode(), a);
        QTest::mouseClick(m_view->viewport(), Qt::BackButton, {}, QPoint(10, 10));
        QCOMPARE(m_view->focusNode(), CallTree::kRoot);
        QVERIFY(!m_view->canGoBack());
        m_view->back(); // nothing left: no change
        QCOMPARE(m_view->focusNode(), CallTree::kRoot);

        m_view->forward();
        QCOMPARE(m_view->focusNode(), a);
        QTest::keyClick(m_view.get(), Qt::Key_Right, Qt::AltModifier);
        QCOMPARE(m_view->focusNode(), b);
        QTest::mouseClick(m_view->viewport(), Qt::ForwardButton, {}, QPoint(10, 10));
        QCOMPARE(m_view->focusNode(), CallTree::kRoot);
        QVERIFY(!m_view->canGoForward());

        // A new focus drops the forward history.
        m_view->back();
        QVERIFY(m_view->canGoForward());
        m_view->setFocusNode(a);
        QVERIFY(!m_view->canGoForward());
    }

    void hoverShowsNameAndValues()
    {
        QSignalSpy hovered(m_view.get(), &FlameGraphView::nodeHovered);
        const uint32_t a = nodeOf(*m_tree, {"main", "a"});
        QTest::mouseMove(m_view->viewport(), centreOf(a));
        QTRY_COMPARE(m_view->hoveredNode(), a);
        QVERIFY(hovered.count() >= 1);
        QCOMPARE(hovered.last().at(0).toUInt(), a);
        const QString text = m_view->hoverText();
        const QStringList lines = text.split(QLatin1Char('\n'));
        QCOMPARE(lines.value(0), QStringLiteral("a"));
        // No focus: the whole profile is the only reference.
        QVERIFY2(text.contains(QStringLiteral("Total: 40 ms (40.0% of all)\n")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("Self: 0 ns")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("Samples: 4")), qPrintable(text));

        // Focused on a, b is 75% of the focus and 30% of the whole profile.
        m_view->setFocusNode(a);
        const QString b = m_view->toolTipText(nodeOf(*m_tree, {"main", "a", "b"}));
        QVERIFY2(b.contains(QStringLiteral("Total: 30 ms (30.0% of all, 75.0% of focus)")),
                 qPrintable(b));
        QVERIFY2(b.contains(QStringLiteral("Self: 30 ms (30.0% of all)")), qPrintable(b));
        QVERIFY2(b.contains(QStringLiteral("Samples: 3")), qPrintable(b));
        // The focus itself is all of it; its caller, drawn above it, only a share of all.
        QVERIFY2(m_view->toolTipText(a).contains(
                     QStringLiteral("Total: 40 ms (40.0% of all, 100.0% of focus)")),
                 qPrintable(m_view->toolTipText(a)));
        const QString main = m_view->toolTipText(nodeOf(*m_tree, {"main"}));
        QVERIFY2(main.contains(QStringLiteral("% of all)\n")) &&
                     !main.contains(QStringLiteral("of focus")),
                 qPrintable(main));

        // Over a gap: nothing.
        m_view->resetFocus();
        QTest::mouseMove(m_view->viewport(), QPoint(700, 2 * m_view->rowHeight() + 5));
        QTRY_COMPARE(m_view->hoveredNode(), FlameGraphView::kNoNode);
        QVERIFY(m_view->hoverText().isEmpty());
    }

    void searchReportsMatchedTotal()
    {
        QSignalSpy result(m_view.get(), &FlameGraphView::searchResult);
        m_view->setSearch(QStringLiteral("^(b|c)$"), true);
        QCOMPARE(result.count(), 1);
        QCOMPARE(result.at(0).at(0).toLongLong(), 40'000'000LL);
        QCOMPARE(result.at(0).at(1).toDouble(), 40.0);
        QCOMPARE(result.at(0).at(2).toInt(), 2);

        // Matches keep their colour, the rest is dimmed.
        const QImage img = flameGraphImage(*m_view, QSize(800, 200));
        const QRgb matched =
            img.pixel(centreOf(nodeOf(*m_tree, {"main", "a", "b"})) + QPoint(0, 3));
        const uint32_t bFrame = m_tree->frame(nodeOf(*m_tree, {"main", "a", "b"}));
        QCOMPARE(QColor(matched), toQColor(colors::frameColor(m_tree->stacks(), bFrame,
                                                              m_view->colorMode(), false)));
        const uint32_t d = nodeOf(*m_tree, {"main", "d"});
        const QColor dimmedD(img.pixel(centreOf(d) + QPoint(0, 3)));
        const colors::Rgb dNormal =
            colors::frameColor(m_tree->stacks(), m_tree->frame(d), m_view->colorMode(), false);
        QVERIFY(dimmedD != toQColor(dNormal));

        // Next/previous cycle through the matches, wrapping.
        m_view->nextMatch();
        QCOMPARE(m_view->selectedNode(), nodeOf(*m_tree, {"main", "a", "b"}));
        QTest::keyClick(m_view.get(), Qt::Key_F3);
        QCOMPARE(m_view->selectedNode(), nodeOf(*m_tree, {"main", "a", "c"}));
        m_view->nextMatch();
        QCOMPARE(m_view->selectedNode(), nodeOf(*m_tree, {"main", "a", "b"}));
        m_view->previousMatch();
        QCOMPARE(m_view->selectedNode(), nodeOf(*m_tree, {"main", "a", "c"}));

        // Substring, case-insensitive: "MAIN" matches main, which holds everything.
        m_view->setSearch(QStringLiteral("MAIN"), false);
        QCOMPARE(result.count(), 2);
        QCOMPARE(result.at(1).at(1).toDouble(), 100.0);
        QCOMPARE(result.at(1).at(2).toInt(), 1);

        // Invalid regex and clearing: nothing matched.
        m_view->setSearch(QStringLiteral("(b"), true);
        QCOMPARE(result.count(), 3);
        QCOMPARE(result.at(2).at(0).toLongLong(), 0LL);
        QVERIFY(!m_view->currentSearch().valid);
        m_view->clearSearch();
        QCOMPARE(result.count(), 4);
        QCOMPARE(result.at(3).at(2).toInt(), 0);
    }

    void orientationPutsTheRootOnTopOrBottom()
    {
        const int rowH = m_view->rowHeight();
        const int h = m_view->viewport()->height();
        QCOMPARE(m_view->orientation(), FlameGraphView::Orientation::Icicle);
        QCOMPARE(m_view->nodeAt(QPointF(400, rowH / 2.0)), CallTree::kRoot);
        QCOMPARE(m_view->nodeRect(CallTree::kRoot).top(), 0.0);
        QCOMPARE(m_view->nodeAt(QPointF(400, h - 2)), FlameGraphView::kNoNode);

        m_view->toggleOrientation();
        QCOMPARE(m_view->orientation(), FlameGraphView::Orientation::Flame);
        QCOMPARE(m_view->nodeAt(QPointF(400, h - rowH / 2.0)), CallTree::kRoot);
        QCOMPARE(m_view->nodeRect(CallTree::kRoot).bottom(), double(h));
        QCOMPARE(m_view->nodeAt(QPointF(400, rowH / 2.0)), FlameGraphView::kNoNode);
        // main is just above the root; b is at the top of the stack, above a.
        const uint32_t a = nodeOf(*m_tree, {"main", "a"});
        QCOMPARE(m_view->nodeAt(QPointF(10, h - rowH * 1.5)), nodeOf(*m_tree, {"main"}));
        QVERIFY(m_view->nodeRect(nodeOf(*m_tree, {"main", "a", "b"})).bottom() <=
                m_view->nodeRect(a).top());

        // A click still focuses what is under it.
        QTest::mouseClick(m_view->viewport(), Qt::LeftButton, {},
                          m_view->nodeRect(a).center().toPoint());
        QCOMPARE(m_view->focusNode(), a);

        // What is painted: the root's colour in the bottom row, in the top row for icicle.
        const QColor root = toQColor(colors::rootColor());
        QImage flame = flameGraphImage(*m_view, QSize(800, 300));
        QCOMPARE(QColor(flame.pixel(10, 300 - rowH / 2)), root);
        QVERIFY(QColor(flame.pixel(10, rowH / 2)) != root);
        m_view->setOrientation(FlameGraphView::Orientation::Icicle);
        QImage icicle = flameGraphImage(*m_view, QSize(800, 300));
        QCOMPARE(QColor(icicle.pixel(10, rowH / 2)), root);
        QVERIFY(QColor(icicle.pixel(10, 300 - rowH / 2)) != root);
    }

    void keyboardMovesTheSelection()
    {
        const uint32_t main = nodeOf(*m_tree, {"main"});
        const uint32_t a = nodeOf(*m_tree, {"main", "a"});
        const uint32_t d = nodeOf(*m_tree, {"main", "d"});
        m_view->setSelectedNode(main);
        QSignalSpy selected(m_view.get(), &FlameGraphView::nodeSelected);
        QTest::keyClick(m_view.get(), Qt::Key_Down); // widest child
        QCOMPARE(m_view->selectedNode(), a);
        QTest::keyClick(m_view.get(), Qt::Key_Right);
        QCOMPARE(m_view->selectedNode(), d);
        QTest::keyClick(m_view.get(), Qt::Key_Right); // no sibling further right
        QCOMPARE(m_view->selectedNode(), d);
        QTest::keyClick(m_view.get(), Qt::Key_Left);
        QCOMPARE(m_view->selectedNode(), a);
        QTest::keyClick(m_view.get(), Qt::Key_Down);
        QCOMPARE(m_view->selectedNode(), nodeOf(*m_tree, {"main", "a", "b"}));
        QTest::keyClick(m_view.get(), Qt::Key_Up);
        QCOMPARE(m_view->selectedNode(), a);
        QCOMPARE(selected.count(), 5);
        QCOMPARE(selected.last().at(0).toUInt(), m_tree->frame(a));
        QTest::keyClick(m_view.get(), Qt::Key_Return);
        QCOMPARE(m_view->focusNode(), a);
    }

    void highlightFrameAndZoom()
    {
        const uint32_t d = nodeOf(*m_tree, {"main", "d"});
        m_view->setHighlightFrame(m_tree->frame(d));
        const QImage img = flameGraphImage(*m_view, QSize(800, 200));
        QCOMPARE(QColor(img.pixel(centreOf(d) + QPoint(0, 3))),
                 m_view->palette().color(QPalette::Highlight));
        m_view->setHighlightFrame(FlameGraphView::kNoFrame);

        // Ctrl+wheel zooms around the cursor: the node under it stays under it.
        const QPoint at = centreOf(d);
        QWheelEvent wheel(at, m_view->viewport()->mapToGlobal(at), QPoint(), QPoint(0, 120 * 3),
                          Qt::NoButton, Qt::ControlModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(m_view->viewport(), &wheel);
        QVERIFY(m_view->zoom() > 1.9);
        QCOMPARE(m_view->nodeAt(at), d);
        QVERIFY(m_view->nodeRect(d).width() > 300);
        QVERIFY(m_view->horizontalScrollBar()->value() > 0);
        // Shift+wheel pans.
        const int before = m_view->horizontalScrollBar()->value();
        QWheelEvent pan(at, m_view->viewport()->mapToGlobal(at), QPoint(), QPoint(0, -120),
                        Qt::NoButton, Qt::ShiftModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(m_view->viewport(), &pan);
        QVERIFY(m_view->horizontalScrollBar()->value() > before);
        // Focusing resets the zoom.
        m_view->setFocusNode(d);
        QCOMPARE(m_view->zoom(), 1.0);
    }

    void switchingSampleTypeKeepsTheFocus()
    {
        const uint32_t a = nodeOf(*m_tree, {"main", "a"});
        const uint32_t b = nodeOf(*m_tree, {"main", "a", "b"});
        m_view->setFocusNode(a);
        m_view->setSelectedNode(b);
        std::shared_ptr<const StackTable> stacks(m_tree, &m_tree->stacks());
        auto samples = std::make_shared<const CallTree>(stacks, 0);
        QSignalSpy focus(m_view.get(), &FlameGraphView::focusChanged);
        m_view->setTree(samples);
        QCOMPARE(m_view->focusNode(), a);
        QCOMPARE(m_view->selectedNode(), b);
        QVERIFY(m_view->canGoBack());
        QCOMPARE(focus.count(), 1);
        const QString text = m_view->toolTipText(b);
        QVERIFY2(text.contains(QStringLiteral("Total: 3 (30.0% of all, 75.0% of focus)")),
                 qPrintable(text));
        QVERIFY2(!text.contains(QStringLiteral("Samples:")), qPrintable(text)); // shown already

        // Another capture: everything starts over.
        m_view->setTree(cpuTree());
        QCOMPARE(m_view->focusNode(), CallTree::kRoot);
        QCOMPARE(m_view->selectedNode(), FlameGraphView::kNoNode);
        QVERIFY(!m_view->canGoBack());
    }

    void emptyTree()
    {
        m_view->setTree(nullptr);
        QCOMPARE(m_view->layout().rowCount(), size_t(0));
        QCOMPARE(m_view->nodeAt(QPointF(10, 5)), FlameGraphView::kNoNode);
        QCOMPARE(m_view->focusPath(), QList<quint32>{});
        m_view->setSearch(QStringLiteral("a"), false);
        QVERIFY(!m_view->currentSearch().valid);
        QTest::keyClick(m_view.get(), Qt::Key_Down);
        QTest::keyClick(m_view.get(), Qt::Key_Escape);
        QVERIFY(!m_view->viewport()->grab().isNull());
        QCOMPARE(flameGraphImage(*m_view, QSize(100, 50)).size(), QSize(100, 50));
        QBuffer buffer;
        QVERIFY(buffer.open(QIODevice::WriteOnly));
        QVERIFY(writeFlameGraphSvg(*m_view, &buffer, 100));
    }

    void deepStackScrollsToTheLeaf()
    {
        const int depth = 100000;
        std::vector<std::string> stack;
        for (int i = 0; i < depth; ++i)
            stack.push_back("f" + std::to_string(i % 5));
        stack.push_back("leaf");
        ProfileBuilder b;
        b.sampleType("cpu", "nanoseconds");
        b.sample(stack, {1000});
        auto tree = treeOf(b, 0);
        m_view->setTree(tree);
        QCOMPARE(m_view->layout().rowCount(), size_t(depth + 2));
        QCOMPARE(m_view->verticalScrollBar()->maximum(),
                 (depth + 2) * m_view->rowHeight() - m_view->viewport()->height());
        m_view->setSearch(QStringLiteral("leaf"), false);
        QCOMPARE(m_view->currentSearch().matchedPercent, 100.0);
        m_view->nextMatch();
        const quint32 leaf = m_view->selectedNode();
        QCOMPARE(tree->depth(leaf), uint32_t(depth + 1));
        const QRectF r = m_view->nodeRect(leaf);
        QVERIFY(r.top() >= 0 && r.bottom() <= m_view->viewport()->height());
        QCOMPARE(m_view->nodeAt(r.center()), leaf);
        QVERIFY(!m_view->viewport()->grab().isNull());
        QTest::keyClick(m_view.get(), Qt::Key_Return);
        QCOMPARE(m_view->focusNode(), leaf);
        QCOMPARE(m_view->focusPath().size(), qsizetype(depth + 2));
    }

    void exports()
    {
        QBuffer buffer;
        QVERIFY(buffer.open(QIODevice::WriteOnly));
        QVERIFY(writeFlameGraphSvg(*m_view, &buffer, 600));
        const QString svg = QString::fromUtf8(buffer.data());
        QVERIFY(svg.startsWith(QStringLiteral("<?xml")));
        QVERIFY(svg.contains(QStringLiteral("<svg ")));
        QVERIFY(svg.contains(QStringLiteral("', sans-serif\"")));
        QVERIFY(svg.trimmed().endsWith(QStringLiteral("</svg>")));
        // root, main, a, b, c, d.
        QCOMPARE(svg.count(QStringLiteral("<rect x=")), 6);
        QVERIFY(svg.contains(QStringLiteral(">main</text>")));
        QVERIFY(svg.contains(QStringLiteral("Total: 40 ms")));

        const QImage img = flameGraphImage(*m_view, QSize(640, 0), 2.0);
        QCOMPARE(img.size(), QSize(1280, 2 * 4 * m_view->rowHeight()));
        QCOMPARE(img.devicePixelRatio(), 2.0);
        QCOMPARE(QColor(img.pixel(20, m_view->rowHeight())), toQColor(colors::rootColor()));
    }
};

QTEST_MAIN(TestFlameGraphView)
#include "tst_flamegraphview.moc"
