<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_TW">
<context>
    <name>CaptureDescription</name>
    <message>
        <location filename="../viewer/widgets/CaptureDescription.cpp" line="+32"/>
        <source>%1 (%2)</source>
        <extracomment>sample type and its unit, e.g. &quot;cpu (nanoseconds)&quot;</extracomment>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>%1 %2</source>
        <extracomment>a sample type&apos;s total, e.g. &quot;7.39 s cpu&quot;</extracomment>
        <translation>%2 %1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>No sample types</source>
        <translation>沒有樣本類型</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 in %2</source>
        <extracomment>total of the default sample type, then how long the profile ran: &quot;7.39 s cpu in 7.52 s&quot;</extracomment>
        <translation>%1，歷時 %2</translation>
    </message>
</context>
<context>
    <name>embers::CaptureListModel</name>
    <message>
        <location filename="../viewer/widgets/CaptureListModel.cpp" line="+129"/>
        <source>Loading…</source>
        <translation>正在載入…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Loading… %1 %</source>
        <translation>正在載入… %1%</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Could not be opened</source>
        <translation>無法開啟</translation>
    </message>
</context>
<context>
    <name>embers::CapturePage</name>
    <message>
        <location filename="../viewer/widgets/CapturePage.cpp" line="+61"/>
        <source>Loading was cancelled.</source>
        <translation>已取消載入。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 was not opened</source>
        <translation>未開啟 %1</translation>
    </message>
    <message>
        <location line="+19"/>
        <location line="+136"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location line="-102"/>
        <source>Try Again</source>
        <translation>重試</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Close</source>
        <translation>關閉</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>&amp;Sample type:</source>
        <translation>樣本類型(&amp;S)：</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>&amp;Functions</source>
        <translation>函式(&amp;F)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>S&amp;ummary</source>
        <translation>摘要(&amp;U)</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>Opening %1…</source>
        <translation>正在開啟 %1…</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1 of %2 read</source>
        <translation>已讀取 %1 / %2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Building the call tree of %1…</source>
        <translation>正在建立 %1 的呼叫樹…</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Could not open %1</source>
        <translation>無法開啟 %1</translation>
    </message>
</context>
<context>
    <name>embers::FlameGraphView</name>
    <message>
        <location filename="../viewer/widgets/FlameGraphView.cpp" line="+607"/>
        <location line="+12"/>
        <source>root</source>
        <translation>根節點</translation>
    </message>
    <message numerus="yes">
        <location line="-4"/>
        <source>(%n small frame(s))</source>
        <translation>
            <numerusform>(%n 個小框架)</numerusform>
        </translation>
    </message>
    <message>
        <location line="+58"/>
        <source>Nothing to show at this width</source>
        <translation>此寬度下沒有可顯示的內容</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>No profile</source>
        <translation>沒有剖析資料</translation>
    </message>
    <message>
        <location line="+116"/>
        <source>root (the whole profile)</source>
        <translation>根節點 (整個剖析資料)</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>(inlined)</source>
        <translation>(內嵌)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Total: %1 (%2 of all, %3 of focus)</source>
        <translation>總計：%1 (佔全部 %2，佔焦點 %3)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Self: %1 (%2 of all)</source>
        <translation>自身：%1 (佔全部 %2)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Samples: %1</source>
        <translation>樣本數：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Count: %1 (%2)</source>
        <translation>計數：%1 (%2)</translation>
    </message>
    <message numerus="yes">
        <location line="+109"/>
        <location line="+175"/>
        <source>%n small frame(s) under %1</source>
        <translation>
            <numerusform>%1 下的 %n 個小框架</numerusform>
        </translation>
    </message>
    <message>
        <location line="-173"/>
        <source>Total: %1 (%2 of all)</source>
        <translation>總計：%1 (佔全部 %2)</translation>
    </message>
</context>
<context>
    <name>embers::FlamePanel</name>
    <message>
        <location filename="../viewer/widgets/FlamePanel.cpp" line="+23"/>
        <source>Rege&amp;x</source>
        <translation>正規表示式(&amp;X)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Back</source>
        <translation>返回</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Back to the previous focus (Alt+Left)</source>
        <translation>返回上一個焦點 (Alt+Left)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Forward</source>
        <translation>前進</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Forward (Alt+Right)</source>
        <translation>前進到下一個焦點 (Alt+Right)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>All frames</source>
        <translation>所有框架</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show the whole profile (Esc)</source>
        <translation>顯示整個剖析資料 (Esc)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Flame</source>
        <translation>火焰</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Draw callers below their callees, as a classic flame graph</source>
        <translation>如傳統火焰圖，將呼叫端繪製在被呼叫端下方</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Search functions (Ctrl+F)</source>
        <translation>搜尋函式 (Ctrl+F)</translation>
    </message>
    <message numerus="yes">
        <location line="+47"/>
        <source>Matched: %1% of total (%n frame(s))</source>
        <translation>
            <numerusform>符合：總計的 %1% (%n 個框架)</numerusform>
        </translation>
    </message>
    <message>
        <location line="+83"/>
        <source>all</source>
        <translation>全部</translation>
    </message>
</context>
<context>
    <name>embers::FunctionTableModel</name>
    <message>
        <location filename="../viewer/widgets/FunctionTableModel.cpp" line="+161"/>
        <source>%1 %</source>
        <extracomment>A share of the profile&apos;s total, e.g. &quot;12.34 %&quot;</extracomment>
        <translation>%1%</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Name</source>
        <translation>名稱</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Self</source>
        <translation>自身</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Self %</source>
        <translation>自身 %</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Total</source>
        <translation>總計</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Total %</source>
        <translation>總計 %</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Samples</source>
        <translation>樣本數</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Function and source file</source>
        <translation>函式與原始檔</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Sampled in the function itself</source>
        <translation>函式本身取樣到的值</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Sampled in the function and everything it called</source>
        <translation>函式及其呼叫的所有函式取樣到的值</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Self, counted in %1</source>
        <translation>自身，以 %1 計數</translation>
    </message>
</context>
<context>
    <name>embers::FunctionTableWidget</name>
    <message>
        <location filename="../viewer/widgets/FunctionTableWidget.cpp" line="+24"/>
        <source>Filter functions…</source>
        <translation>篩選函式…</translation>
    </message>
</context>
<context>
    <name>embers::MainWindow</name>
    <message>
        <location filename="../app/MainWindow.cpp" line="+55"/>
        <source>Go CPU profile: a parser, a sort and deep recursion</source>
        <translation>Go CPU 剖析資料：剖析器、排序與深度遞迴</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Node.js wall-time profile of a key-value service</source>
        <translation>鍵值服務的 Node.js 實際時間剖析資料</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Go heap profile of an LRU cache</source>
        <translation>LRU 快取的 Go 堆積剖析資料</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Example capture</source>
        <translation>範例擷取</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Captures</source>
        <translation>擷取</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+300"/>
        <source>Embers</source>
        <translation>Embers</translation>
    </message>
    <message>
        <location line="-239"/>
        <source>&amp;File</source>
        <translation>檔案(&amp;F)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Open…</source>
        <translation>開啟(&amp;O)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open &amp;Recent</source>
        <translation>開啟最近的檔案(&amp;R)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Close Capture</source>
        <translation>關閉擷取(&amp;C)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Quit</source>
        <translation>結束(&amp;Q)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;View</source>
        <translation>檢視(&amp;V)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Help</source>
        <translation>說明(&amp;H)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;About Embers</source>
        <translation>關於 Embers(&amp;A)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Close</source>
        <translation>關閉</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>&amp;%1 %2</source>
        <extracomment>Open Recent menu entry: number (keyboard accelerator) and file name</extracomment>
        <translation>&amp;%1 %2</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>No Recent Files</source>
        <translation>沒有最近的檔案</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Clear Recent Files</source>
        <translation>清除最近的檔案清單</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Profiles (*.pprof *.pb.gz *.pb *.prof)</source>
        <translation>剖析檔 (*.pprof *.pb.gz *.pb *.prof)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>All files (*)</source>
        <translation>所有檔案 (*)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open Profiles</source>
        <translation>開啟剖析檔</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>About Embers</source>
        <translation>關於 Embers</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;h3&gt;Embers %1&lt;/h3&gt;&lt;p&gt;A flame graph viewer for pprof profiles.&lt;/p&gt;&lt;p&gt;Built with Qt %2, running on Qt %3.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Embers %1&lt;/h3&gt;&lt;p&gt;pprof 剖析檔的火焰圖檢視器。&lt;/p&gt;&lt;p&gt;以 Qt %2 建置，在 Qt %3 上執行。&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+171"/>
        <source>%1 — Embers</source>
        <extracomment>window title: capture name, then the application name</extracomment>
        <translation>%1 — Embers</translation>
    </message>
</context>
<context>
    <name>embers::ProfileSummary</name>
    <message>
        <location filename="../viewer/widgets/ProfileSummary.cpp" line="+65"/>
        <source>File</source>
        <translation>檔案</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Files</source>
        <translation>檔案</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>File size</source>
        <translation>檔案大小</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1: %2 total</source>
        <extracomment>one sample type in the summary: &quot;cpu (nanoseconds): 7.39 s total&quot;</extracomment>
        <translation>%1：總計 %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>(default)</source>
        <translation>(預設)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Sample types</source>
        <translation>樣本類型</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>None</source>
        <translation>無</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Period</source>
        <translation>取樣週期</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Duration</source>
        <translation>持續時間</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Captured</source>
        <translation>擷取時間</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Program</source>
        <translation>程式</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Build ID</source>
        <translation>建置 ID</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Comments</source>
        <translation>註解</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Drop frames</source>
        <translation>捨棄的框架</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keep frames</source>
        <translation>保留的框架</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Contents</source>
        <extracomment>counts in the model: &quot;1,848 samples, 120 unique stacks, 15 functions&quot;</extracomment>
        <translation>內容</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 samples, %2 unique stacks, %3 functions</source>
        <translation>%1 個樣本、%2 個不重複堆疊、%3 個函式</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Warnings</source>
        <translation>警告</translation>
    </message>
</context>
<context>
    <name>embers::StartPage</name>
    <message>
        <location filename="../viewer/widgets/StartPage.cpp" line="+29"/>
        <source>Embers</source>
        <translation>Embers</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A flame graph viewer for pprof profiles.</source>
        <translation>pprof 剖析檔的火焰圖檢視器。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Open Profile…</source>
        <translation>開啟剖析檔(&amp;O)…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>or drop profile files onto this window</source>
        <translation>或將剖析檔拖放到此視窗</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Recent Files</source>
        <translation>最近的檔案</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Examples</source>
        <translation>範例</translation>
    </message>
    <message>
        <location line="+69"/>
        <source>No recent files</source>
        <translation>沒有最近的檔案</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No examples installed</source>
        <translation>未安裝範例</translation>
    </message>
</context>
</TS>
