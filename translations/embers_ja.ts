<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ja">
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
        <translation>サンプルの種類がありません</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 in %2</source>
        <extracomment>total of the default sample type, then how long the profile ran: &quot;7.39 s cpu in 7.52 s&quot;</extracomment>
        <translation>%1 (計測時間 %2)</translation>
    </message>
</context>
<context>
    <name>embers::CaptureListModel</name>
    <message>
        <location filename="../viewer/widgets/CaptureListModel.cpp" line="+129"/>
        <source>Loading…</source>
        <translation>読み込み中…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Loading… %1 %</source>
        <translation>読み込み中… %1%</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Could not be opened</source>
        <translation>開けませんでした</translation>
    </message>
</context>
<context>
    <name>embers::CapturePage</name>
    <message>
        <location filename="../viewer/widgets/CapturePage.cpp" line="+61"/>
        <source>Loading was cancelled.</source>
        <translation>読み込みはキャンセルされました。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 was not opened</source>
        <translation>%1 は開かれませんでした</translation>
    </message>
    <message>
        <location line="+19"/>
        <location line="+136"/>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <location line="-102"/>
        <source>Try Again</source>
        <translation>再試行</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Close</source>
        <translation>閉じる</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>&amp;Sample type:</source>
        <translation>サンプルの種類(&amp;S):</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>&amp;Functions</source>
        <translation>関数(&amp;F)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>S&amp;ummary</source>
        <translation>概要(&amp;U)</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>Opening %1…</source>
        <translation>%1 を開いています…</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Cancelling…</source>
        <translation>キャンセルしています…</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1 of %2 read</source>
        <translation>%2 中 %1 を読み込みました</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Building the call tree of %1…</source>
        <translation>%1 のコールツリーを構築しています…</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Could not open %1</source>
        <translation>%1 を開けませんでした</translation>
    </message>
</context>
<context>
    <name>embers::FlameGraphView</name>
    <message>
        <location filename="../viewer/widgets/FlameGraphView.cpp" line="+607"/>
        <location line="+12"/>
        <source>root</source>
        <translation>ルート</translation>
    </message>
    <message numerus="yes">
        <location line="-4"/>
        <source>(%n small frame(s))</source>
        <translation>
            <numerusform>(小さなフレーム %n 個)</numerusform>
        </translation>
    </message>
    <message>
        <location line="+58"/>
        <source>Nothing to show at this width</source>
        <translation>この幅では表示できるものがありません</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>No profile</source>
        <translation>プロファイルがありません</translation>
    </message>
    <message>
        <location line="+116"/>
        <source>root (the whole profile)</source>
        <translation>ルート (プロファイル全体)</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>(inlined)</source>
        <translation>(インライン展開)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Total: %1 (%2 of all, %3 of focus)</source>
        <translation>合計: %1 (全体の %2、フォーカスの %3)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Self: %1 (%2 of all)</source>
        <translation>自己: %1 (全体の %2)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Samples: %1</source>
        <translation>サンプル数: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Count: %1 (%2)</source>
        <translation>カウント: %1 (%2)</translation>
    </message>
    <message numerus="yes">
        <location line="+109"/>
        <location line="+175"/>
        <source>%n small frame(s) under %1</source>
        <translation>
            <numerusform>%1 の下の小さなフレーム %n 個</numerusform>
        </translation>
    </message>
    <message>
        <location line="-173"/>
        <source>Total: %1 (%2 of all)</source>
        <translation>合計: %1 (全体の %2)</translation>
    </message>
</context>
<context>
    <name>embers::FlamePanel</name>
    <message>
        <location filename="../viewer/widgets/FlamePanel.cpp" line="+23"/>
        <source>Rege&amp;x</source>
        <translation>正規表現(&amp;X)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Back</source>
        <translation>戻る</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Back to the previous focus (Alt+Left)</source>
        <translation>前のフォーカスに戻る (Alt+Left)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Forward</source>
        <translation>進む</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Forward (Alt+Right)</source>
        <translation>次のフォーカスに進む (Alt+Right)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>All frames</source>
        <translation>すべてのフレーム</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show the whole profile (Esc)</source>
        <translation>プロファイル全体を表示 (Esc)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Flame</source>
        <translation>上向き</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Draw callers below their callees, as a classic flame graph</source>
        <translation>従来のフレームグラフのように、呼び出し元を呼び出し先の下に描画します</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Search functions (Ctrl+F)</source>
        <translation>関数を検索 (Ctrl+F)</translation>
    </message>
    <message numerus="yes">
        <location line="+47"/>
        <source>Matched: %1% of total (%n frame(s))</source>
        <translation>
            <numerusform>一致: 合計の %1% (%n フレーム)</numerusform>
        </translation>
    </message>
    <message>
        <location line="+83"/>
        <source>all</source>
        <translation>すべて</translation>
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
        <translation>名前</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Self</source>
        <translation>自己</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Self %</source>
        <translation>自己 %</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Total</source>
        <translation>合計</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Total %</source>
        <translation>合計 %</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Samples</source>
        <translation>サンプル数</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Function and source file</source>
        <translation>関数とソースファイル</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Sampled in the function itself</source>
        <translation>関数自体でサンプリングされた値</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Sampled in the function and everything it called</source>
        <translation>関数とその呼び出し先すべてでサンプリングされた値</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Self, counted in %1</source>
        <translation>自己 (%1 で計数)</translation>
    </message>
</context>
<context>
    <name>embers::FunctionTableWidget</name>
    <message>
        <location filename="../viewer/widgets/FunctionTableWidget.cpp" line="+24"/>
        <source>Filter functions…</source>
        <translation>関数を絞り込み…</translation>
    </message>
</context>
<context>
    <name>embers::MainWindow</name>
    <message>
        <location filename="../app/MainWindow.cpp" line="+55"/>
        <source>Go CPU profile: a parser, a sort and deep recursion</source>
        <translation>Go の CPU プロファイル: パーサー、ソート、深い再帰</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Node.js wall-time profile of a key-value service</source>
        <translation>キーバリューサービスの Node.js 実時間プロファイル</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Go heap profile of an LRU cache</source>
        <translation>LRU キャッシュの Go ヒーププロファイル</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Example capture</source>
        <translation>キャプチャの例</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Captures</source>
        <translation>キャプチャ</translation>
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
        <translation>ファイル(&amp;F)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Open…</source>
        <translation>開く(&amp;O)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open &amp;Recent</source>
        <translation>最近使ったファイルを開く(&amp;R)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Close Capture</source>
        <translation>キャプチャを閉じる(&amp;C)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Quit</source>
        <translation>終了(&amp;Q)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;View</source>
        <translation>表示(&amp;V)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Help</source>
        <translation>ヘルプ(&amp;H)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;About Embers</source>
        <translation>Embers について(&amp;A)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Close</source>
        <translation>閉じる</translation>
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
        <translation>最近使ったファイルはありません</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Clear Recent Files</source>
        <translation>最近使ったファイルの一覧を消去</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Profiles (*.pprof *.pb.gz *.pb *.prof)</source>
        <translation>プロファイル (*.pprof *.pb.gz *.pb *.prof)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>All files (*)</source>
        <translation>すべてのファイル (*)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open Profiles</source>
        <translation>プロファイルを開く</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>About Embers</source>
        <translation>Embers について</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;h3&gt;Embers %1&lt;/h3&gt;&lt;p&gt;A flame graph viewer for pprof profiles.&lt;/p&gt;&lt;p&gt;Built with Qt %2, running on Qt %3.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Embers %1&lt;/h3&gt;&lt;p&gt;pprof プロファイル用のフレームグラフビューアです。&lt;/p&gt;&lt;p&gt;Qt %2 でビルド、Qt %3 で実行中。&lt;/p&gt;</translation>
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
        <translation>ファイル</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Files</source>
        <translation>ファイル</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>File size</source>
        <translation>ファイルサイズ</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1: %2 total</source>
        <extracomment>one sample type in the summary: &quot;cpu (nanoseconds): 7.39 s total&quot;</extracomment>
        <translation>%1: 合計 %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>(default)</source>
        <translation>(既定)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Sample types</source>
        <translation>サンプルの種類</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>None</source>
        <translation>なし</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Period</source>
        <translation>サンプリング間隔</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Duration</source>
        <translation>計測時間</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Captured</source>
        <translation>キャプチャ日時</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Program</source>
        <translation>プログラム</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Build ID</source>
        <translation>ビルド ID</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Comments</source>
        <translation>コメント</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Drop frames</source>
        <translation>除外するフレーム</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keep frames</source>
        <translation>保持するフレーム</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Contents</source>
        <extracomment>counts in the model: &quot;1,848 samples, 120 unique stacks, 15 functions&quot;</extracomment>
        <translation>内容</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 samples, %2 unique stacks, %3 functions</source>
        <translation>サンプル %1 個、固有スタック %2 個、関数 %3 個</translation>
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
        <translation>pprof プロファイル用のフレームグラフビューアです。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Open Profile…</source>
        <translation>プロファイルを開く(&amp;O)…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>or drop profile files onto this window</source>
        <translation>またはプロファイルをこのウィンドウにドロップします</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Recent Files</source>
        <translation>最近使ったファイル</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Examples</source>
        <translation>例</translation>
    </message>
    <message>
        <location line="+69"/>
        <source>No recent files</source>
        <translation>最近使ったファイルはありません</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No examples installed</source>
        <translation>例はインストールされていません</translation>
    </message>
</context>
</TS>
