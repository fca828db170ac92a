// Regressions and trends, in the core: --check's judgement (RegressionCheck), its budget
// and summary, and --trend's verdicts (Trend) on series with a known truth, from a
// generator that plants level shifts, climbs, appearances and vanishings, and on series
// with nothing planted for the rate of false alarms.
#include "CaptureHelpers.h"
#include "CheckReport.h"
#include "ProfileBuilder.h"
#include "RegressionBudget.h"
#include "RegressionCheck.h"
#include "TestData.h"
#include "Trend.h"

#include <QTemporaryDir>
#include <QtTest>

#include <map>
#include <random>

using namespace embers;
using namespace embers::test;

namespace {

// One capture: a count of samples per leaf function, all called from main.
using Counts = std::map<std::string, int64_t>;

enum class Kind {
    Cpu,  // samples/count and cpu/nanoseconds (10 ms a sample)
    Heap, // inuse_space/bytes alone: no sample counts
};

QByteArray profileOf(const Counts &counts, Kind kind)
{
    ProfileBuilder b;
    if (kind == Kind::Cpu)
        b.sampleType("samples", "count").sampleType("cpu", "nanoseconds");
    else
        b.sampleType("inuse_space", "bytes");
    for (const auto &[name, count] : counts) {
        if (count == 0)
            continue;
        if (kind == Kind::Cpu)
            b.sample({"main", name}, {count, count * 10'000'000});
        else
            b.sample({"main", name}, {count});
    }
    return b.raw();
}

class Series
{
public:
    explicit Series(QTemporaryDir &dir) : m_dir(dir) {}

    std::shared_ptr<const Capture> capture(const Counts &counts, Kind kind = Kind::Cpu)
    {
        const QString path = m_dir.filePath(QStringLiteral("p%1.pb").arg(m_next++));
        writeFileContent(path, profileOf(counts, kind));
        return openOne(path);
    }

    std::vector<std::shared_ptr<const Capture>> captures(const std::vector<Counts> &series,
                                                         Kind kind = Kind::Cpu)
    {
        std::vector<std::shared_ptr<const Capture>> out;
        for (const Counts &c : series)
            out.push_back(capture(c, kind));
        return out;
    }

    std::shared_ptr<const Comparison> compare(const std::vector<Counts> &series,
                                              Kind kind = Kind::Cpu)
    {
        return compareOrStop(captures(series, kind));
    }

private:
    QTemporaryDir &m_dir;
    int m_next = 0;
};

// Rates per capture of each function; Poisson counts drawn from them.
using Rates = std::map<std::string, std::vector<double>>;

std::vector<Counts> draw(const Rates &rates, size_t captures, std::mt19937_64 &random)
{
    std::vector<Counts> series(captures);
    for (const auto &[name, perCapture] : rates) {
        for (size_t c = 0; c < captures; ++c) {
            const double rate = perCapture[std::min(c, perCapture.size() - 1)];
            series[c][name] = rate > 0 ? std::poisson_distribution<int64_t>(rate)(random) : 0;
        }
    }
    return series;
}

std::vector<double> step(double before, double after, size_t at, size_t n)
{
    std::vector<double> v(n, before);
    std::fill(v.begin() + long(at), v.end(), after);
    return v;
}

const TrendRow *rowNamed(const Trend &trend, const Comparison &comparison, const std::string &name)
{
    for (const TrendRow &r : trend.rows) {
        if (comparison.stacks->frameName(r.frame) == name)
            return &r;
    }
    return nullptr;
}

// The combined stacks of two captures, for the check.
std::shared_ptr<const Comparison> pair(Series &s, const Counts &base, const Counts &next,
                                       Kind kind = Kind::Cpu)
{
    return s.compare({base, next}, kind);
}

size_t columnNamed(const Comparison &c, const std::string &type)
{
    const int column = c.stacks->columnByName(type, nullptr);
    if (column < 0)
        qFatal("no column %s", type.c_str());
    return size_t(column);
}

std::vector<std::string> namesOf(const Comparison &c, const std::vector<CheckChange> &changes)
{
    std::vector<std::string> names;
    for (const CheckChange &ch : changes)
        names.push_back(c.stacks->frameName(ch.frame));
    return names;
}

} // namespace

class TestRegressions : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void mannKendallByHand()
    {
        // 1..5: S = 10, variance 5*4*15/18, z = 9/sqrt(16.67) = 2.2045, one-sided p 0.01374.
        const double rising[] = {1, 2, 3, 4, 5};
        QVERIFY(std::abs(trend::mannKendallPValue(rising) - 0.01374) < 1e-4);
        const double falling[] = {5, 4, 3, 2, 1};
        QVERIFY(trend::mannKendallPValue(falling) > 0.95);
        const double flat[] = {3, 3, 3, 3};
        QCOMPARE(trend::mannKendallPValue(flat), 1.0);
        // Ties: {1, 1, 2, 3}: S = 5, variance (4*3*13 - 2*1*9)/18 = 7.667, z = 4/2.769.
        const double tied[] = {1, 1, 2, 3};
        QVERIFY(std::abs(trend::mannKendallPValue(tied) - 0.0743) < 1e-3);
        const double two[] = {1, 2};
        QCOMPARE(trend::mannKendallPValue(two), 1.0);
        // The least-squares line of {1, 3, 5}: 1 + 2x; of {2, 4, 3}: 2.5 + 0.5x.
        const double line[] = {1, 3, 5}, bent[] = {2, 4, 3};
        QCOMPARE(trend::fitLine(line).intercept, 1.0);
        QCOMPARE(trend::fitLine(line).slope, 2.0);
        QCOMPARE(trend::fitLine(bent).intercept, 2.5);
        QCOMPARE(trend::fitLine(bent).slope, 0.5);
    }

    void changePointFindsTheSplit()
    {
        const int64_t counts[] = {10, 12, 9, 40, 38, 41};
        const double shares[] = {1. / 6, 1. / 6, 1. / 6, 1. / 6, 1. / 6, 1. / 6};
        const trend::ChangePoint cp = trend::bestChangePoint(counts, shares);
        QCOMPARE(cp.split, size_t(3));
        QVERIFY(cp.pValue < 1e-10);
        const int64_t even[] = {20, 20, 20, 20};
        const double quarters[] = {0.25, 0.25, 0.25, 0.25};
        QVERIFY(trend::bestChangePoint(even, quarters).pValue > 0.5);
        // Captures of unequal length: the same counts are a change at equal shares, and
        // none when the late captures hold the samples' majority.
        const int64_t longer[] = {100, 100, 200, 200};
        QVERIFY(trend::bestChangePoint(longer, quarters).pValue < 1e-3);
        const double sixths[] = {1. / 6, 1. / 6, 2. / 6, 2. / 6};
        QVERIFY(trend::bestChangePoint(longer, sixths).pValue > 0.5);
    }

    // Each planted change is found with its kind and capture; the untouched functions
    // stay steady.
    void plantedChangesAreFound()
    {
        Series s(m_dir);
        std::mt19937_64 random(7);
        const size_t n = 10;
        std::vector<double> climb(n);
        for (size_t i = 0; i < n; ++i)
            climb[i] = 40 + 25 * double(i);
        size_t steadyFlagged = 0;
        for (int round = 0; round < 5; ++round) {
            const Rates rates{{"shifted", step(100, 200, 6, n)},
                              {"dropped", step(300, 120, 4, n)},
                              {"arrived", step(0, 60, 3, n)},
                              {"left", step(80, 0, 7, n)},
                              {"climbing", climb},
                              {"steadyA", {150}},
                              {"steadyB", {30}},
                              {"steadyC", {500}}};
            const auto comparison = s.compare(draw(rates, n, random));
            const Trend t =
                Trend::build(*comparison, columnNamed(*comparison, "samples"), TrendOptions{});
            QVERIFY(t.hasCounts);
            auto verdict = [&](const char *name) {
                const TrendRow *r = rowNamed(t, *comparison, name);
                return r ? std::pair(r->verdict, r->changeAt) : std::pair(TrendVerdict::Steady, -2);
            };
            QCOMPARE(verdict("shifted"), std::pair(TrendVerdict::Grew, 6));
            QCOMPARE(verdict("dropped"), std::pair(TrendVerdict::Shrank, 4));
            QCOMPARE(verdict("arrived"), std::pair(TrendVerdict::Appeared, 3));
            QCOMPARE(verdict("left"), std::pair(TrendVerdict::Vanished, 7));
            QCOMPARE(verdict("climbing").first, TrendVerdict::Growing);
            QCOMPARE(verdict("climbing").second, -1);
            for (const char *name : {"steadyA", "steadyB", "steadyC"})
                steadyFlagged += verdict(name).first != TrendVerdict::Steady ? 1 : 0;
            const TrendRow *shifted = rowNamed(t, *comparison, "shifted");
            QCOMPARE(shifted->values.size(), n);
            QVERIFY(shifted->pValue <= t.threshold);
        }
        QVERIFY2(steadyFlagged <= 1, qPrintable(QString::number(steadyFlagged)));
    }

    // Over 200 series with nothing planted, the share of series with any function
    // flagged stays near the chosen level (5%): the change-point test's splits and the
    // functions are both accounted for.
    void falseAlarmsStayNearTheLevel()
    {
        Series s(m_dir);
        std::mt19937_64 random(2026);
        const Rates rates{{"a", {400}}, {"b", {150}}, {"c", {60}}, {"d", {20}},
                          {"e", {8}},   {"f", {900}}, {"g", {35}}, {"h", {3}}};
        int flagged = 0, normalizedFlagged = 0;
        const int series = 200;
        for (int i = 0; i < series; ++i) {
            const auto comparison = s.compare(draw(rates, 8, random));
            const size_t column = columnNamed(*comparison, "cpu");
            auto any = [&](bool normalize) {
                const Trend t = Trend::build(*comparison, column, {normalize, 0.05});
                return std::any_of(t.rows.begin(), t.rows.end(), [](const TrendRow &r) {
                    return r.verdict != TrendVerdict::Steady;
                });
            };
            flagged += any(false) ? 1 : 0;
            normalizedFlagged += any(true) ? 1 : 0;
        }
        qInfo("series with a false alarm: %d of %d absolute, %d normalised", flagged, series,
              normalizedFlagged);
        QVERIFY(flagged <= series * 8 / 100);
        QVERIFY(normalizedFlagged <= series * 8 / 100);
    }

    // What --trend builds (the frames and the function tables, no stacks) gives the
    // verdicts, p-values and values of the whole comparison.
    void framesOnlyComparisonGivesTheSameTrend()
    {
        Series s(m_dir);
        std::mt19937_64 random(5);
        const Rates rates{{"shifted", step(100, 180, 3, 6)}, {"steady", {250}}, {"rare", {4}}};
        const auto opened = s.captures(draw(rates, 6, random));
        const auto whole = compareOrStop(opened);
        const ComparisonResult light = compareCaptures(opened, nullptr, CombineContent::FramesOnly);
        QVERIFY(light.comparison);
        QCOMPARE(light.comparison->stacks->stackCount(), size_t(0));
        QCOMPARE(light.comparison->stacks->totals, whole->stacks->totals);
        for (bool normalize : {false, true}) {
            const Trend a = Trend::build(*whole, 0, {normalize, 0.05});
            const Trend b = Trend::build(*light.comparison, 0, {normalize, 0.05});
            QCOMPARE(a.rows.size(), b.rows.size());
            QVERIFY(a.rows.size() >= 4);
            for (size_t r = 0; r < a.rows.size(); ++r) {
                QCOMPARE(whole->stacks->frameName(a.rows[r].frame),
                         light.comparison->stacks->frameName(b.rows[r].frame));
                QCOMPARE(a.rows[r].values, b.rows[r].values);
                QCOMPARE(a.rows[r].verdict, b.rows[r].verdict);
                QCOMPARE(a.rows[r].pValue, b.rows[r].pValue);
            }
        }
    }

    // Captures of different length: absolute values call everything changed, shares
    // (--normalize) nothing.
    void normalizeComparesShares()
    {
        Series s(m_dir);
        std::vector<Counts> series;
        for (int i = 0; i < 8; ++i) {
            const int64_t k = i < 4 ? 1 : 3;
            series.push_back({{"a", 200 * k}, {"b", 100 * k}, {"c", 50 * k}});
        }
        const auto comparison = s.compare(series);
        const size_t column = columnNamed(*comparison, "cpu");
        const Trend absolute = Trend::build(*comparison, column, {false, 0.05});
        const TrendRow *a = rowNamed(absolute, *comparison, "a");
        QCOMPARE(a->verdict, TrendVerdict::Grew);
        QCOMPARE(a->changeAt, 4);
        QCOMPARE(a->values[0], 200 * 10'000'000LL);
        QCOMPARE(a->values[7], 600 * 10'000'000LL);
        const Trend shares = Trend::build(*comparison, column, {true, 0.05});
        for (const TrendRow &r : shares.rows)
            QCOMPARE(r.verdict, TrendVerdict::Steady);
    }

    // Heap profiles carry no sample counts: a steady climb is found by the trend test
    // alone; a jump of the level is no climb of a count's test, so steady or growing.
    void heapSeriesFindsTheLeak()
    {
        Series s(m_dir);
        std::vector<Counts> series;
        std::mt19937_64 random(11);
        std::normal_distribution<double> jitter(0, 2000);
        for (int i = 0; i < 10; ++i)
            series.push_back({{"leak", 65536 * (i + 1)},
                              {"scratch", 100000 + int64_t(jitter(random))},
                              {"cache", 50000 + int64_t(jitter(random))}});
        const auto comparison = s.compare(series, Kind::Heap);
        const Trend t = Trend::build(*comparison, 0, TrendOptions{});
        QVERIFY(!t.hasCounts);
        QCOMPARE(rowNamed(t, *comparison, "leak")->verdict, TrendVerdict::Growing);
        QCOMPARE(rowNamed(t, *comparison, "scratch")->verdict, TrendVerdict::Steady);
        QCOMPARE(rowNamed(t, *comparison, "cache")->verdict, TrendVerdict::Steady);
        QCOMPARE(rowNamed(t, *comparison, "leak")->changeAt, -1);
    }

    void checkByHand()
    {
        Series s(m_dir);
        // hot triples; the total doubles: hot, main and the total grew by 200 samples.
        const auto c = pair(s, {{"hot", 100}, {"cold", 100}}, {{"hot", 300}, {"cold", 100}});
        const size_t column = columnNamed(*c, "cpu");
        RegressionCheck check = RegressionCheck::run(*c->stacks, *c->functions, column, {});
        QVERIFY(check.regressed());
        QVERIFY(check.hasNoiseTest);
        QCOMPARE(check.threshold, int64_t(2'000'000'000 / 100)); // 1% of 2 s
        QVERIFY(check.total && check.totalRegressed);
        QCOMPARE(check.total->delta(), int64_t(2'000'000'000));
        // Equal growth: by name.
        QCOMPARE(namesOf(*c, check.grew), (std::vector<std::string>{"hot", "main"}));
        QCOMPARE(check.grew[0].before, int64_t(1'000'000'000));
        QCOMPARE(check.grew[0].after, int64_t(3'000'000'000));
        QVERIFY(check.grew[0].tested && check.grew[0].pValue < 1e-20);
        QVERIFY(check.shrank.empty());

        // Normalised: hot's share grew 50% -> 75%, cold's fell; the totals are equal.
        CheckOptions normalized;
        normalized.normalize = true;
        check = RegressionCheck::run(*c->stacks, *c->functions, column, normalized);
        QVERIFY(!check.total);
        QCOMPARE(namesOf(*c, check.grew), std::vector<std::string>{"hot"});
        QCOMPARE(namesOf(*c, check.shrank), std::vector<std::string>{"cold"});
        QCOMPARE(check.grew[0].before, int64_t(2'000'000'000)); // 1 s scaled by 4/2

        // The same capture twice: nothing.
        const auto same = pair(s, {{"hot", 100}, {"cold", 100}}, {{"hot", 100}, {"cold", 100}});
        check = RegressionCheck::run(*same->stacks, *same->functions, column, {});
        QVERIFY(!check.regressed());
        QVERIFY(check.grew.empty() && check.shrank.empty() && !check.total);
    }

    // A change beyond the threshold that sampling noise explains does not count; a
    // threshold of 10% hides a significant change of 5%.
    void checkNeedsBothNoiseAndThreshold()
    {
        Series s(m_dir);
        const auto noisy = pair(s, {{"hot", 100}, {"cold", 100}}, {{"hot", 112}, {"cold", 96}});
        const size_t column = columnNamed(*noisy, "cpu");
        RegressionCheck check = RegressionCheck::run(*noisy->stacks, *noisy->functions, column, {});
        QVERIFY(!check.regressed());
        QVERIFY(check.grew.empty());

        const auto real =
            pair(s, {{"hot", 10000}, {"cold", 10000}}, {{"hot", 11000}, {"cold", 10000}});
        check = RegressionCheck::run(*real->stacks, *real->functions, column, {});
        QCOMPARE(namesOf(*real, check.grew), (std::vector<std::string>{"hot", "main"}));
        CheckOptions lenient;
        lenient.thresholdPercent = 10;
        check = RegressionCheck::run(*real->stacks, *real->functions, column, lenient);
        QVERIFY(!check.regressed());
    }

    // Without sample counts there is no noise test: the threshold alone judges.
    void heapCheckByThreshold()
    {
        Series s(m_dir);
        const auto c =
            pair(s, {{"hot", 1000}, {"cold", 1000}}, {{"hot", 1050}, {"cold", 1000}}, Kind::Heap);
        RegressionCheck check = RegressionCheck::run(*c->stacks, *c->functions, 0, {});
        QVERIFY(!check.hasNoiseTest);
        QCOMPARE(check.threshold, int64_t(20));
        QVERIFY(check.regressed());
        QCOMPARE(namesOf(*c, check.grew), (std::vector<std::string>{"hot", "main"}));
        QVERIFY(!check.grew[0].tested);
        CheckOptions lenient;
        lenient.thresholdPercent = 5;
        QVERIFY(!RegressionCheck::run(*c->stacks, *c->functions, 0, lenient).regressed());
    }

    void budgetParses()
    {
        QString error;
        const QByteArray good = "{\n"
                                "  \"rules\": [\n"
                                "    {\"function\": \"^hot$\", \"max_share\": 40},\n"
                                "    {\"function\": \"c{1}old\", \"max_growth\": 5},\n"
                                "    {\"function\": \"nothing\", \"max_share\": 1}\n"
                                "  ]\n"
                                "}\n";
        const std::optional<RegressionBudget> budget = RegressionBudget::parse(good, &error);
        QVERIFY2(budget, qPrintable(error));
        QCOMPARE(budget->rules.size(), size_t(3));
        QCOMPARE(budget->rules[1].line, 4);
        QCOMPARE(*budget->rules[0].maxShare, 40.0);
        QVERIFY(!budget->rules[0].maxGrowth);
        QVERIFY(RegressionBudget::parse("[{\"function\": \"x\", \"max_growth\": 1}]", &error));

        const struct
        {
            QByteArray text;
            const char *message;
        } bad[] = {
            {"{\n  \"rules\": [\n    {\"function\": \"x\" \"max_share\": 4}\n  ]\n}", "line 3: "},
            {"{\"rules\": [\n{\"function\": \"x\", \"max_share\": 4},\n{\"function\": \"y\", "
             "\"max_sahre\": 4}]}",
             "line 3: rule 2: unknown key \"max_sahre\""},
            {"[\n\n{\"function\": \"(\", \"max_share\": 4}]",
             "line 3: rule 1: bad regular expression"},
            {"[{\"function\": \"x\"}]", "line 1: rule 1: a rule needs \"max_share\" or"},
            {"[{\"function\": \"x\", \"max_share\": 140}]", "\"max_share\" must be a percentage"},
            {"[{\"function\": \"x\", \"max_share\": \"5%\"}]",
             "\"max_share\" must be a percentage"},
            {"{\"limits\": []}", "line 1: expected {\"rules\""},
            {"[3]", "rule 1: a rule is an object"},
        };
        for (const auto &b : bad) {
            error.clear();
            QVERIFY(!RegressionBudget::parse(b.text, &error));
            QVERIFY2(error.startsWith(QLatin1String(b.message)) ||
                         error.contains(QLatin1String(b.message)),
                     qPrintable(error));
        }
    }

    void budgetBreaches()
    {
        Series s(m_dir);
        const auto c = pair(s, {{"hot", 100}, {"cold", 100}}, {{"hot", 300}, {"cold", 100}});
        QString error;
        const auto budget =
            RegressionBudget::parse("[{\"function\": \"^hot$\", \"max_share\": 70},"
                                    " {\"function\": \"^cold$\", \"max_growth\": 1},"
                                    " {\"function\": \"^ma\", \"max_growth\": 50},"
                                    " {\"function\": \"nothing\", \"max_share\": 1}]",
                                    &error);
        QVERIFY(budget);
        CheckOptions options;
        options.budget = &*budget;
        options.thresholdPercent = 100; // the budget alone decides
        const RegressionCheck check =
            RegressionCheck::run(*c->stacks, *c->functions, columnNamed(*c, "cpu"), options);
        QVERIFY(check.grew.empty());
        QCOMPARE(check.breaches.size(), size_t(2));
        QCOMPARE(c->stacks->frameName(check.breaches[0].change.frame), std::string("hot"));
        QVERIFY(check.breaches[0].share); // 75% > 70%
        QCOMPARE(c->stacks->frameName(check.breaches[1].change.frame), std::string("main"));
        QVERIFY(!check.breaches[1].share); // +100% of the base > 50%
        QCOMPARE(check.unmatchedRules.size(), size_t(1));
        QCOMPARE(check.unmatchedRules[0]->function, QStringLiteral("nothing"));
        QVERIFY(check.regressed());
    }

    void summaryIsMarkdown()
    {
        Series s(m_dir);
        const auto c = pair(s, {{"hot", 100}, {"a|b", 100}, {"gone", 60}},
                            {{"hot", 300}, {"a|b", 100}, {"new`tick", 50}});
        const size_t column = columnNamed(*c, "cpu");
        const RegressionCheck check = RegressionCheck::run(*c->stacks, *c->functions, column, {});
        CheckReportInputs in;
        in.base = "base.pb.gz";
        in.current = "new.pb.gz";
        in.column = column;
        const std::string md = formatCheckMarkdown(check, *c->stacks, in);
        QVERIFY2(
            md.starts_with("## Embers check: regression (the total grew and 3 functions grew)\n"),
            md.c_str());
        // The total first, then grew by Δ (hot +2 s, main +1.9 s, new`tick), then shrank.
        const std::string table = "| Change | Function | Before | After | Δ | Δ % | p-value |\n"
                                  "|---|---|--:|--:|--:|--:|--:|\n"
                                  "| grew | (total) | 2.6 s | 4.5 s | +1.9 s | +73.1% |";
        QVERIFY2(md.find(table) != std::string::npos, md.c_str());
        QVERIFY2(md.find("| grew | `main` | 2.6 s | 4.5 s | +1.9 s | +73.1% |") !=
                     std::string::npos,
                 md.c_str());
        QVERIFY2(md.find("| grew | `hot` | 1 s | 3 s | +2 s | +200.0% |") != std::string::npos,
                 md.c_str());
        QVERIFY2(md.find("| grew | ``new`tick`` | 0 ns | 500 ms | +500 ms | new |") !=
                     std::string::npos,
                 md.c_str());
        QVERIFY2(md.find("| shrank | `gone` | 600 ms | 0 ns | -600 ms | -100.0% |") !=
                     std::string::npos,
                 md.c_str());
        QVERIFY(md.find("`a\\|b`") == std::string::npos);         // unchanged: not listed
        QVERIFY(md.find("hot") < md.find("new`tick"));            // +2 s before +500 ms
        QCOMPARE(formatCheckMarkdown(check, *c->stacks, in), md); // deterministic

        const std::string html = formatCheckHtml(check, *c->stacks, in);
        QVERIFY(html.starts_with("<!DOCTYPE html>"));
        QVERIFY(html.find("<td><code>new`tick</code></td>") != std::string::npos);
        QVERIFY(html.find("<h2 class=\"bad\">Embers check: regression") != std::string::npos);

        const auto same = pair(s, {{"hot", 100}}, {{"hot", 100}});
        const RegressionCheck none =
            RegressionCheck::run(*same->stacks, *same->functions, column, {});
        const std::string clean = formatCheckMarkdown(none, *same->stacks, in);
        QVERIFY2(clean.starts_with("## Embers check: no regression\n"), clean.c_str());
        QVERIFY(clean.find("No function changed beyond the threshold and noise.") !=
                std::string::npos);
    }

private:
    QTemporaryDir m_dir;
};

QTEST_GUILESS_MAIN(TestRegressions)
#include "tst_regressions.moc"
