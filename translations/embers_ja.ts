<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ja">
<context>
    <name>CaptureDescription</name>
    <message>
        <location filename="../viewer/widgets/CaptureDescription.cpp" line="+46"/>
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
    <name>InflatingStream</name>
    <message>
        <location filename="../viewer/core/decode/InflatingStream.cpp" line="+66"/>
        <source>cannot initialise zlib</source>
        <translation>zlib を初期化できません</translation>
    </message>
    <message>
        <location line="+67"/>
        <source>read error: %1</source>
        <translation>読み取りエラー: %1</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>truncated gzip data: the file ends before the compressed stream does (after %1 bytes)</source>
        <translation>gzip データが途中で切れています: 圧縮ストリームが終わる前にファイルが終わっています（%1 バイトの後）</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>the file holds several gzip members (concatenated profiles, as from `cat a.pb.gz b.pb.gz`); open each profile as its own file</source>
        <translation>ファイルに複数の gzip メンバーが含まれています（`cat a.pb.gz b.pb.gz` のように連結されたプロファイル）。各プロファイルを別々のファイルとして開いてください</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>unexpected data after the end of the gzip stream</source>
        <translation>gzip ストリームの終わりの後に予期しないデータがあります</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>corrupt gzip data: %1</source>
        <translation>gzip データが壊れています: %1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>the profile inflates to more than the size limit of %1 (a gzip bomb?)</source>
        <translation>展開後のプロファイルがサイズ上限 %1 を超えます（gzip 爆弾？）</translation>
    </message>
    <message>
        <location line="+80"/>
        <source>the profile is larger than the size limit of %1</source>
        <translation>プロファイルがサイズ上限 %1 を超えています</translation>
    </message>
</context>
<context>
    <name>PprofDecoder</name>
    <message>
        <location filename="../viewer/core/decode/PprofDecoder.cpp" line="+882"/>
        <source>not a valid pprof protobuf message (it stops in the middle of a field at byte %1)</source>
        <translation>有効な pprof の protobuf メッセージではありません（%1 バイト目でフィールドの途中で終わっています）</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>not a valid pprof profile: %1</source>
        <translation>有効な pprof プロファイルではありません: %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>out of memory while decoding the profile</source>
        <translation>プロファイルのデコード中にメモリが不足しました</translation>
    </message>
</context>
<context>
    <name>ProfileLoader</name>
    <message>
        <location filename="../viewer/core/decode/ProfileLoader.cpp" line="+29"/>
        <source>convert it with `go tool pprof -proto FILE &gt; FILE.pb.gz`</source>
        <translation>`go tool pprof -proto FILE &gt; FILE.pb.gz` で変換してください</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>this is a JSON error response, not a profile: &quot;%1&quot;</source>
        <translation>これはプロファイルではなく JSON のエラー応答です: &quot;%1&quot;</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>this is JSON (a Chrome .cpuprofile?), not a pprof profile</source>
        <translation>これは pprof プロファイルではなく JSON です（Chrome の .cpuprofile？）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>this is a JSON document, not a pprof profile</source>
        <translation>これは pprof プロファイルではなく JSON 文書です</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>this is a PNG image, not a profile</source>
        <translation>これはプロファイルではなく PNG 画像です</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>this is a JPEG image, not a profile</source>
        <translation>これはプロファイルではなく JPEG 画像です</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>this is a PDF document, not a profile</source>
        <translation>これはプロファイルではなく PDF 文書です</translation>
    </message>
    <message>
        <location line="-21"/>
        <source>this is a zip archive, not a profile; extract the profile first</source>
        <translation>これはプロファイルではなく zip アーカイブです。先にプロファイルを取り出してください</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>this is zstd-compressed data; decompress it with `zstd -d` first</source>
        <translation>これは zstd で圧縮されたデータです。先に `zstd -d` で展開してください</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>this is bzip2-compressed data; decompress it with `bunzip2` first</source>
        <translation>これは bzip2 で圧縮されたデータです。先に `bunzip2` で展開してください</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>this is an HTML or XML document, not a profile</source>
        <translation>これはプロファイルではなく HTML または XML 文書です</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>legacy text profile (gperftools or Go debug format); %1</source>
        <translation>旧形式のテキストプロファイル（gperftools または Go のデバッグ形式）です。%1</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>this is a text file, not a pprof profile or folded stacks (it begins &quot;%1&quot;)</source>
        <translation>これは pprof プロファイルでも折りたたみスタックでもなく、テキストファイルです（先頭は「%1」）</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>the data is larger than %1 MiB, more than Embers reads as %2</source>
        <translation>データが %1 MiB を超えており、Embers が %2 として読める量を超えています</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>it is too large for Qt&apos;s JSON reader</source>
        <translation>Qt の JSON リーダーには大きすぎます</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>this Chrome .cpuprofile is not valid JSON (%1 at byte %2); is it truncated?</source>
        <translation>この Chrome .cpuprofile は有効な JSON ではありません（%2 バイト目で %1）。途中で切れていませんか？</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>this Chrome .cpuprofile is not valid JSON (%1 at byte %2)</source>
        <translation>この Chrome .cpuprofile は有効な JSON ではありません（%2 バイト目で %1）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>this Chrome .heapprofile is not valid JSON (%1 at byte %2); is it truncated?</source>
        <translation>この Chrome .heapprofile は有効な JSON ではありません（%2 バイト目で %1）。途中で切れていませんか？</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>this Chrome .heapprofile is not valid JSON (%1 at byte %2)</source>
        <translation>この Chrome .heapprofile は有効な JSON ではありません（%2 バイト目で %1）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>this JSON document is not valid JSON (%1 at byte %2); is it truncated?</source>
        <translation>この JSON 文書は有効な JSON ではありません（%2 バイト目で %1）。途中で切れていませんか？</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>this JSON document is not valid JSON (%1 at byte %2)</source>
        <translation>この JSON 文書は有効な JSON ではありません（%2 バイト目で %1）</translation>
    </message>
    <message>
        <location line="+32"/>
        <location line="+8"/>
        <source>the file is empty</source>
        <translation>ファイルが空です</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>legacy binary CPU profile (gperftools format); %1</source>
        <translation>旧形式のバイナリ CPU プロファイル（gperftools 形式）です。%1</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>the data is gzip-compressed twice; decompress it once with `gunzip` first</source>
        <translation>データが二重に gzip 圧縮されています。先に `gunzip` で一度展開してください</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>gzip-compressed legacy binary CPU profile (gperftools format); %1</source>
        <translation>gzip 圧縮された旧形式のバイナリ CPU プロファイル（gperftools 形式）です。%1</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+58"/>
        <source>gzip-compressed, but %1</source>
        <translation>gzip 圧縮されていますが、%1</translation>
    </message>
    <message>
        <location line="-39"/>
        <source>JSON</source>
        <translation>JSON</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>folded stacks</source>
        <translation>折りたたみスタック</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+7"/>
        <location line="+18"/>
        <source>loading was cancelled</source>
        <translation>読み込みはキャンセルされました</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the gzip data inflates to nothing</source>
        <translation>gzip データを展開しても何も得られません</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>the gzip data inflates to an empty file</source>
        <translation>gzip データを展開すると空のファイルになります</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>cannot open: %1</source>
        <translation>開けません: %1</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <location filename="../viewer/widgets/TransformMenu.cpp" line="+59"/>
        <source>Focus on Function</source>
        <translation>関数にフォーカス</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Root the graph at %1, its callers merged</source>
        <translation>%1 をグラフの根にし、呼び出し元をまとめる</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Focus on This Call Path</source>
        <translation>この呼び出し経路にフォーカス</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Show From Here</source>
        <translation>ここから表示</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Merge into Caller (Hide)</source>
        <translation>呼び出し元に統合（非表示）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Drop Samples with This Function</source>
        <translation>この関数を含むサンプルを除外</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Collapse Recursion</source>
        <translation>再帰を折りたたむ</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Collapse Direct Recursion Everywhere</source>
        <translation>すべての直接再帰を折りたたむ</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Collapse File</source>
        <translation>ファイルを折りたたむ</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Collapse File %1</source>
        <translation>ファイル %1 を折りたたむ</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Collapse Package</source>
        <translation>パッケージを折りたたむ</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Collapse Package %1</source>
        <translation>パッケージ %1 を折りたたむ</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Collapse Library</source>
        <translation>ライブラリを折りたたむ</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Collapse Library %1</source>
        <translation>ライブラリ %1 を折りたたむ</translation>
    </message>
    <message>
        <location filename="../viewer/widgets/CopyActions.cpp" line="+54"/>
        <source>Copy Function Name</source>
        <translation>関数名をコピー</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Copy Call Stack</source>
        <translation>呼び出しスタックをコピー</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Copy Row</source>
        <translation>行をコピー</translation>
    </message>
</context>
<context>
    <name>Transform</name>
    <message>
        <location filename="../viewer/core/transforms/TagFilter.cpp" line="+103"/>
        <location filename="../viewer/core/transforms/Transform.cpp" line="+155"/>
        <source>bad regular expression &apos;%1&apos;: %2</source>
        <translation>正規表現 &apos;%1&apos; が不正です: %2</translation>
    </message>
    <message>
        <location filename="../viewer/core/transforms/LabelTransforms.cpp" line="+22"/>
        <source>the profile was opened without its labels</source>
        <translation>プロファイルはラベルなしで開かれています</translation>
    </message>
    <message>
        <location line="+56"/>
        <source>(no %1)</source>
        <translation>（%1 なし）</translation>
    </message>
</context>
<context>
    <name>embers::AboutDialog</name>
    <message>
        <location filename="../app/AboutDialog.cpp" line="+43"/>
        <source>About Embers</source>
        <translation>Embers について</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>&amp;About</source>
        <translation>情報(&amp;A)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Licence</source>
        <translation>ライセンス(&amp;L)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Third-Party Notices</source>
        <translation>サードパーティーのライセンス(&amp;T)</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>&lt;h2&gt;Embers %1&lt;/h2&gt;&lt;p&gt;A flame graph viewer for pprof profiles.&lt;/p&gt;&lt;p&gt;Built with Qt %2, running on Qt %3.&lt;/p&gt;&lt;p&gt;Copyright © 2026 The Embers developers.&lt;br&gt;Embers is free software under the MIT licence.&lt;/p&gt;&lt;p&gt;Embers uses Qt (LGPL-3.0), Protocol Buffers (BSD-3-Clause) and zlib (zlib licence); see the third-party notices.&lt;/p&gt;&lt;p&gt;&lt;a href=&quot;%4&quot;&gt;%4&lt;/a&gt;&lt;/p&gt;</source>
        <translation>&lt;h2&gt;Embers %1&lt;/h2&gt;&lt;p&gt;pprof プロファイル用のフレームグラフビューアです。&lt;/p&gt;&lt;p&gt;Qt %2 でビルド、Qt %3 で実行中。&lt;/p&gt;&lt;p&gt;Copyright © 2026 The Embers developers.&lt;br&gt;Embers は MIT ライセンスのフリーソフトウェアです。&lt;/p&gt;&lt;p&gt;Embers は Qt (LGPL-3.0)、Protocol Buffers (BSD-3-Clause)、zlib (zlib ライセンス) を使用しています。詳しくはサードパーティーのライセンスをご覧ください。&lt;/p&gt;&lt;p&gt;&lt;a href=&quot;%4&quot;&gt;%4&lt;/a&gt;&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>embers::BottomUpModel</name>
    <message>
        <location filename="../viewer/widgets/BottomUpModel.cpp" line="+108"/>
        <source>Called from here: the cost that came through this caller</source>
        <translation>ここから呼ばれた: この呼び出し元を経由したコスト</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Samples taken in this function (its self cost); expand for its callers</source>
        <translation>この関数内で取られたサンプル（自己コスト）。展開すると呼び出し元を表示</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Function (callers below)</source>
        <translation>関数（下に呼び出し元）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cost</source>
        <translation>コスト</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cost %</source>
        <translation>コスト %</translation>
    </message>
</context>
<context>
    <name>embers::BottomUpView</name>
    <message>
        <location filename="../viewer/widgets/BottomUpView.cpp" line="+23"/>
        <source>Building the bottom-up tree…</source>
        <translation>ボトムアップツリーを構築中…</translation>
    </message>
</context>
<context>
    <name>embers::Breadcrumbs</name>
    <message>
        <location filename="../viewer/widgets/Breadcrumbs.cpp" line="+34"/>
        <source>all</source>
        <translation>すべて</translation>
    </message>
</context>
<context>
    <name>embers::CallerCalleeView</name>
    <message>
        <location filename="../viewer/widgets/CallerCalleeView.cpp" line="+32"/>
        <source>%1 (%2 %)</source>
        <extracomment>A value and its share of the profile, e.g. &quot;1.2 s (43.1 %)&quot;</extracomment>
        <translation>%1 (%2 %)</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Select a function in the table or the flame graph to see who calls it and what it calls, merged over every place it appears.</source>
        <translation>表またはフレームグラフで関数を選択すると、その関数の呼び出し元と呼び出し先を、現れるすべての場所について合算して表示します。</translation>
    </message>
    <message>
        <location line="+144"/>
        <source>all callers of %1</source>
        <translation>%1 のすべての呼び出し元</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+2"/>
        <source>Every stack through %1</source>
        <translation>%1 を通るすべてのスタック</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>all calls of %1</source>
        <translation>%1 のすべての呼び出し</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>&lt;b&gt;%1&lt;/b&gt; &amp;nbsp; Total: %2 &amp;nbsp; Self: %3</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; &amp;nbsp; 合計: %2 &amp;nbsp; 自己: %3</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&lt;i&gt;(building…)&lt;/i&gt;</source>
        <translation>&lt;i&gt;(作成中…)&lt;/i&gt;</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>&lt;b&gt;Callers&lt;/b&gt; of %1 — who called it, merged over all its calls</source>
        <translation>%1 の&lt;b&gt;呼び出し元&lt;/b&gt; — それを呼び出した関数 (すべての呼び出しを合算)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;b&gt;Callees&lt;/b&gt; of %1 — what it called, merged over all its calls</source>
        <translation>%1 の&lt;b&gt;呼び出し先&lt;/b&gt; — それが呼び出した関数 (すべての呼び出しを合算)</translation>
    </message>
    <message>
        <location line="-8"/>
        <source>Double-click a function to centre the view on it.</source>
        <translation>関数をダブルクリックすると、その関数を中心に表示します。</translation>
    </message>
</context>
<context>
    <name>embers::CaptureBar</name>
    <message>
        <location filename="../app/CaptureBar.cpp" line="+15"/>
        <source>S&amp;top</source>
        <translation>停止(&amp;T)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>End the recording now and keep what was recorded</source>
        <translation>記録を今すぐ終え、記録した分を残す</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Discard this capture</source>
        <translation>このキャプチャを破棄する</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Dismiss</source>
        <translation>閉じる</translation>
    </message>
    <message>
        <location line="+54"/>
        <source>a heap snapshot</source>
        <translation>ヒープスナップショット</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>heap</source>
        <translation>ヒープ</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a profile</source>
        <translation>プロファイル</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Recording %1 from %2: %3 s left</source>
        <translation>%2 から %1 を記録中: 残り %3 秒</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Recording %1 from %2: %3 s</source>
        <translation>%2 から %1 を記録中: %3 秒</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Collecting the profile from %1…</source>
        <translation>%1 からプロファイルを受け取り中…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Connecting to %1…</source>
        <translation>%1 に接続中…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Saving and opening the capture from %1…</source>
        <translation>%1 のキャプチャを保存して開いています…</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>Next capture from %1 in %2 s (%n saved)</source>
        <translation>
            <numerusform>%2 秒後に %1 から次のキャプチャ（保存済み %n 件）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>embers::CaptureDialog</name>
    <message>
        <location filename="../app/CaptureDialog.cpp" line="+66"/>
        <source>&amp;Discover</source>
        <translation>検出(&amp;D)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Repeat every</source>
        <translation>繰り返す間隔(&amp;R)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Capture a Profile</source>
        <translation>プロファイルをキャプチャ</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>http://host:6060/debug/pprof/profile or inspect://127.0.0.1:9229</source>
        <translation>http://host:6060/debug/pprof/profile または inspect://127.0.0.1:9229</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A URL that serves a profile (Go&apos;s net/http/pprof, a profiling API&apos;s download link), a Go service&apos;s address (http://host:port) to list what it offers, or a V8 inspector: node --inspect, workerd --inspector-addr, wrangler dev</source>
        <translation>プロファイルを返す URL（Go の net/http/pprof、プロファイリング API のダウンロードリンク）、提供内容を一覧する Go サービスのアドレス（http://host:port）、または V8 インスペクター: node --inspect、workerd --inspector-addr、wrangler dev</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>List the inspector&apos;s targets or the service&apos;s profiles</source>
        <translation>インスペクターのターゲットまたはサービスのプロファイルを一覧する</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>CPU time</source>
        <translation>CPU 時間</translation>
    </message>
    <message>
        <location line="+17"/>
        <location line="+6"/>
        <location line="+9"/>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <location line="-14"/>
        <location line="+136"/>
        <source>until stopped</source>
        <translation>停止するまで</translation>
    </message>
    <message>
        <location line="-89"/>
        <source>Sampling &amp;interval:</source>
        <translation>サンプリング間隔(&amp;I):</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Time-&amp;out:</source>
        <translation>タイムアウト(&amp;O):</translation>
    </message>
    <message>
        <location line="+70"/>
        <source> µs</source>
        <translation> µs</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>V8&apos;s CPU sampling interval: one sample every so many microseconds</source>
        <translation>V8 の CPU サンプリング間隔: 何マイクロ秒ごとに 1 サンプルを取るか</translation>
    </message>
    <message>
        <location line="-106"/>
        <source>Capture again and again: a series to compare as it grows</source>
        <translation>何度もキャプチャする: 増えていく系列を比較できる</translation>
    </message>
    <message>
        <location line="-32"/>
        <source>Heap allocations (sampling)</source>
        <translation>ヒープの割り当て（サンプリング）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Live heap objects (sampling)</source>
        <translation>生存中のヒープオブジェクト（サンプリング）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Heap snapshot</source>
        <translation>ヒープスナップショット</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Every sampled allocation of the recording, collected by the garbage collector or not: who allocates</source>
        <translation>記録中にサンプルしたすべての割り当て（ガベージコレクターに回収されたものも含む）: だれが割り当てるか</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The sampled objects still live when the recording stops</source>
        <translation>記録を止めた時点でまだ生きている、サンプルしたオブジェクト</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Every object on the heap now, by what retains it (the dominator tree), saved as the .heapsnapshot itself</source>
        <translation>今ヒープにあるすべてのオブジェクトを、それを保持するもの（支配木）ごとに示す。.heapsnapshot そのものとして保存</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>default</source>
        <translation>既定</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>How long to wait for the target beyond the recording, at each step (as --timeout): by default half the duration, at least 10 s, and 60 s for the profile</source>
        <translation>記録のあと、各段階でターゲットを待つ時間 (--timeout と同じ)。既定は記録時間の半分 (最低 10 秒)、プロファイルには 60 秒</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Authorization: Bearer …</source>
        <translation>Authorization: Bearer …</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sent with this capture&apos;s requests only; never saved</source>
        <translation>このキャプチャのリクエストにだけ送り、保存しない</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>C&amp;hange…</source>
        <translation>変更(&amp;H)…</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Target:</source>
        <translation>ターゲット(&amp;T):</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Record:</source>
        <translation>記録する内容(&amp;R):</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Duration:</source>
        <translation>時間(&amp;D):</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>HTTP &amp;header:</source>
        <translation>HTTP ヘッダー(&amp;H):</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Saved in:</source>
        <translation>保存先:</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Start</source>
        <translation>開始(&amp;S)</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Captures Folder</source>
        <translation>キャプチャのフォルダ</translation>
    </message>
    <message>
        <location line="+27"/>
        <source> bytes</source>
        <translation> バイト</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>V8&apos;s heap sampling interval: one sample every so many bytes allocated, on average (Cloudflare&apos;s heap profiles use 524288)</source>
        <translation>V8 のヒープのサンプリング間隔: 平均して何バイト割り当てるごとに 1 サンプルを取るか（Cloudflare のヒーププロファイルは 524288）</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>as the server decides</source>
        <translation>サーバーの既定</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>Write http://HOST:PORT or inspect://HOST:PORT first.</source>
        <translation>先に http://HOST:PORT または inspect://HOST:PORT を入力してください。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Asking %1…</source>
        <translation>%1 に問い合わせ中…</translation>
    </message>
    <message>
        <location line="+23"/>
        <source> (in use)</source>
        <translation>（使用中）</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Nothing to profile there.</source>
        <translation>プロファイルできるものがありません。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pick one:</source>
        <translation>1 つ選んでください:</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>Write a URL (http://..., https://...) or an inspector&apos;s address (inspect://HOST:PORT).</source>
        <translation>URL（http://...、https://...）またはインスペクターのアドレス（inspect://HOST:PORT）を入力してください。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>An inspector&apos;s address is inspect://HOST:PORT or inspect://HOST:PORT/ID.</source>
        <translation>インスペクターのアドレスは inspect://HOST:PORT または inspect://HOST:PORT/ID です。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The header must read &quot;Name: value&quot;.</source>
        <translation>ヘッダーは「Name: value」の形で入力してください。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A repeated capture needs a duration.</source>
        <translation>繰り返しキャプチャには時間の指定が必要です。</translation>
    </message>
</context>
<context>
    <name>embers::CaptureExport</name>
    <message>
        <location filename="../app/CaptureExport.cpp" line="+41"/>
        <source>%1: is an input of the capture; choose another file</source>
        <translation>%1: このキャプチャの入力ファイルです。別のファイルを選んでください</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>Export HTML Page</source>
        <translation>HTML ページとしてエクスポート</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Web page (*.html)</source>
        <translation>Web ページ (*.html)</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>%1: the capture has no sample type to export</source>
        <translation>%1: このキャプチャには書き出せるサンプルの種類がありません</translation>
    </message>
    <message>
        <location line="+24"/>
        <location line="+44"/>
        <source>Open a capture first: there is nothing to export.</source>
        <translation>先にキャプチャを開いてください。書き出すものがありません。</translation>
    </message>
    <message>
        <location line="-39"/>
        <source>pprof, gzip&apos;d (*.pb.gz)</source>
        <translation>pprof (gzip 圧縮) (*.pb.gz)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Folded stacks (*.folded *.txt)</source>
        <translation>折りたたみスタック (*.folded *.txt)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Export Capture</source>
        <translation>キャプチャを書き出す</translation>
    </message>
    <message>
        <location line="+64"/>
        <source>The diff is still being computed; export it when it is shown.</source>
        <translation>差分はまだ計算中です。表示されてからエクスポートしてください。</translation>
    </message>
    <message>
        <location line="-112"/>
        <location line="+70"/>
        <source>Exported to %1</source>
        <translation>%1 に書き出しました</translation>
    </message>
</context>
<context>
    <name>embers::CaptureListModel</name>
    <message>
        <location filename="../viewer/widgets/CaptureListModel.cpp" line="+146"/>
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
    <name>embers::CaptureMatrixModel</name>
    <message>
        <location filename="../viewer/widgets/CaptureMatrixModel.cpp" line="+36"/>
        <location line="+304"/>
        <source>%1: %2</source>
        <extracomment>a capture&apos;s column header when several captures have the same file name: its place in the comparison, then its name, e.g. &quot;2: cpu.pb.gz&quot;
----------
one line of the trend tooltip: a capture and the function&apos;s share in it</extracomment>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location line="-217"/>
        <source>Steady</source>
        <extracomment>a function&apos;s verdict across a series of captures: no change beyond noise</extracomment>
        <translation>安定</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Grew</source>
        <extracomment>a function&apos;s verdict: its level rose from one capture on</extracomment>
        <translation>増加</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Shrank</source>
        <extracomment>a function&apos;s verdict: its level fell from one capture on</extracomment>
        <translation>減少</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Appeared</source>
        <extracomment>a function&apos;s verdict: absent before one capture, present from it on</extracomment>
        <translation>出現</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Vanished</source>
        <extracomment>a function&apos;s verdict: present before one capture, absent from it on</extracomment>
        <translation>消滅</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Growing</source>
        <extracomment>a function&apos;s verdict: a steady climb across the series (a leak suspect)</extracomment>
        <translation>増加傾向</translation>
    </message>
    <message>
        <location line="+107"/>
        <source>&lt; %1 %</source>
        <extracomment>a share of a capture&apos;s total too small to show with two decimals</extracomment>
        <translation>&lt; %1%</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 %</source>
        <extracomment>a share of a capture&apos;s total, e.g. &quot;12.34 %&quot;</extracomment>
        <translation>%1%</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>%1 of %2</source>
        <extracomment>in how many captures a function was sampled, e.g. &quot;2 of 3&quot;</extracomment>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>#%1</source>
        <extracomment>the capture a function changed at, by its place in the series: &quot;#5&quot;</extracomment>
        <translation>#%1</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Not sampled in %1</source>
        <translation>%1 ではサンプルされていません</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 of %2 (%3)</source>
        <extracomment>share of a capture&apos;s total, the capture, the value: &quot;12.34 % of a.pb.gz (1.2 s)&quot;</extracomment>
        <translation>%2 の %1 (%3)</translation>
    </message>
    <message>
        <location line="+59"/>
        <source>Total: %1</source>
        <extracomment>the capture&apos;s total in the sample type shown, e.g. &quot;Total: 7.39 s cpu&quot;</extracomment>
        <translation>合計: %1</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Function</source>
        <translation>関数</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Min</source>
        <translation>最小</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Median</source>
        <translation>中央値</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Max</source>
        <translation>最大</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Present in</source>
        <translation>出現</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Trend</source>
        <translation>推移</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Verdict</source>
        <translation>判定</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>From</source>
        <extracomment>column header: the capture from which a function changed</extracomment>
        <translation>開始</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>p-value</source>
        <translation>p 値</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Shares are of the function&apos;s own samples (self)</source>
        <translation>割合は関数自身のサンプル (自己) に対するものです</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Shares are of the function and everything it calls (total)</source>
        <translation>割合は関数とその呼び出し先すべて (合計) に対するものです</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The smallest share over the captures (a capture without the function counts as 0)</source>
        <translation>キャプチャ間で最小の割合 (関数のないキャプチャは 0 として数えます)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The median share over the captures (a capture without the function counts as 0)</source>
        <translation>キャプチャ間の割合の中央値 (関数のないキャプチャは 0 として数えます)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The largest share over the captures</source>
        <translation>キャプチャ間で最大の割合</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>In how many captures the function was sampled</source>
        <translation>関数がサンプルされたキャプチャの数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The shares capture by capture, scaled to the row&apos;s largest; sorts by the slope</source>
        <translation>キャプチャごとの割合 (行の最大値に合わせた縮尺)。傾きで並べ替えます</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>What the function&apos;s total did across the captures, in their order: steady, grew or shrank (from one capture on), appeared, vanished, or growing (a steady climb: a leak suspect). Changes must be beyond sampling noise, tested over every split and every function</source>
        <translation>キャプチャを順に見たときの関数の合計の動き: 安定、増加または減少 (あるキャプチャ以降)、出現、消滅、増加傾向 (着実な増加: リークの疑い)。変化はサンプリングのノイズを超えている必要があり、すべての分割とすべての関数について検定します</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The first capture of the new level</source>
        <translation>新しい水準が始まる最初のキャプチャ</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>How likely a change this large is from sampling noise alone (before the false discovery rate of 5% across functions)</source>
        <translation>これほどの変化がサンプリングのノイズだけで起こる確率 (関数全体での偽発見率 5% を適用する前)</translation>
    </message>
</context>
<context>
    <name>embers::CaptureMatrixView</name>
    <message>
        <location filename="../viewer/widgets/CaptureMatrixView.cpp" line="+28"/>
        <source>S&amp;elf instead of total</source>
        <translation>合計の代わりに自己(&amp;E)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;Sample type:</source>
        <translation>サンプルの種類(&amp;S):</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Compare the functions&apos; own samples (self) instead of everything they call (total)</source>
        <translation>呼び出し先すべて (合計) ではなく、関数自身のサンプル (自己) を比較します</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>All functions</source>
        <translation>すべての関数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Changed</source>
        <extracomment>shows only the functions whose verdict is not &quot;steady&quot;</extracomment>
        <translation>変化あり</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Leak suspects</source>
        <extracomment>shows only the functions growing steadily across the captures</extracomment>
        <translation>リークの疑い</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Which functions to list, by what they did across the captures</source>
        <translation>キャプチャ全体での動きに応じて、一覧に表示する関数を選びます</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sho&amp;w:</source>
        <translation>表示(&amp;W):</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Finding changes…</source>
        <translation>変化を検出中…</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Filter functions…</source>
        <translation>関数を絞り込み…</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>Show &amp;Source</source>
        <translation>ソースを表示(&amp;S)</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Show &amp;Source in %1</source>
        <extracomment>Context menu of the all-captures table: a capture&apos;s source lines of the function</extracomment>
        <translation>%1 のソースを表示(&amp;S)</translation>
    </message>
    <message numerus="yes">
        <location line="+230"/>
        <source>%n function(s)</source>
        <translation>
            <numerusform>%n 個の関数</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%1 of %n function(s)</source>
        <translation>
            <numerusform>%n 個中 %1 個の関数</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>embers::CapturePage</name>
    <message>
        <location filename="../viewer/widgets/CapturePage.cpp" line="+388"/>
        <source>Loading was cancelled.</source>
        <translation>読み込みはキャンセルされました。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 was not opened</source>
        <translation>%1 は開かれませんでした</translation>
    </message>
    <message>
        <location line="-295"/>
        <location line="+280"/>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <location line="-246"/>
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
        <location line="+6"/>
        <location line="+431"/>
        <location line="+12"/>
        <source>Hide &amp;idle/program frames</source>
        <translation>アイドル/プログラムのフレームを隠す(&amp;I)</translation>
    </message>
    <message>
        <location line="-427"/>
        <source>Show the flame graph bottom-up: the functions where samples were taken at the root, their callers above them</source>
        <translation>フレームグラフをボトムアップで表示: サンプルが取られた関数を根に、その上に呼び出し元</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>In&amp;vert Graph (Bottom-Up)</source>
        <translation>グラフを反転（ボトムアップ）(&amp;V)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Group &amp;Truncated Stacks</source>
        <translation>切り詰められたスタックをまとめる(&amp;T)</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Graph &amp;Options</source>
        <translation>グラフのオプション(&amp;O)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Invert the graph, group truncated stacks</source>
        <translation>グラフの反転、切り詰められたスタックのまとめ</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Flame &amp;Graph</source>
        <translation>フレームグラフ(&amp;G)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Callers/Callees</source>
        <translation>呼び出し元/呼び出し先(&amp;C)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The whole profile&apos;s call tree</source>
        <translation>プロファイル全体の呼び出しツリー</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Who calls the selected function and what it calls, merged over every place it appears</source>
        <translation>選択した関数の呼び出し元と呼び出し先 (現れるすべての場所を合算)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>A function&apos;s source lines with their costs (Show Source on a function)</source>
        <translation>関数のソースの各行とそのコスト (関数で「ソースを表示」)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Show &amp;Source</source>
        <translation>ソースを表示(&amp;S)</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>&amp;Functions</source>
        <translation>関数(&amp;F)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>S&amp;ummary</source>
        <translation>概要(&amp;U)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Labels</source>
        <translation>ラベル(&amp;L)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Bottom-Up</source>
        <translation>ボトムアップ(&amp;B)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Each function with its self cost, expanding to its callers</source>
        <translation>各関数と自己コスト。展開すると呼び出し元</translation>
    </message>
    <message>
        <location line="+95"/>
        <source>Opening %1…</source>
        <translation>%1 を開いています…</translation>
    </message>
    <message>
        <location line="-11"/>
        <source>Cancelling…</source>
        <translation>キャンセルしています…</translation>
    </message>
    <message>
        <location line="-131"/>
        <source>Source</source>
        <translation>ソース</translation>
    </message>
    <message>
        <location line="+182"/>
        <source>%1 of %2 read</source>
        <translation>%2 中 %1 を読み込みました</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Building the call tree of %1…</source>
        <translation>%1 のコールツリーを構築しています…</translation>
    </message>
    <message>
        <location line="+139"/>
        <source>%1 stacks reach the profiler&apos;s depth limit of %2 frames: their outermost frames are not real roots. Group them under [truncated].</source>
        <translation>%1 個のスタックがプロファイラの深さ上限 %2 フレームに達しています。最も外側のフレームは本当のルートではありません。[truncated] の下にまとめます。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>No stack of this capture reaches a known profiler depth limit.</source>
        <translation>このキャプチャには既知のプロファイラ深さ上限に達するスタックはありません。</translation>
    </message>
    <message>
        <location line="-48"/>
        <source>root (bottom-up)</source>
        <translation>根（ボトムアップ）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Bottom-up: the functions where samples were taken, callers above</source>
        <translation>ボトムアップ: サンプルが取られた関数、その上に呼び出し元</translation>
    </message>
    <message>
        <location line="+84"/>
        <source>This capture has no V8 (program), (idle) or garbage-collector frames.</source>
        <translation>このキャプチャには V8 の (program)、(idle)、ガベージコレクタのフレームがありません。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Hide &amp;idle/program frames (%1 %)</source>
        <translation>アイドル/プログラムのフレームを隠す(&amp;I) (%1 %)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Drop the samples in V8&apos;s (program), (idle) and garbage-collector frames (%1 of %2), so that percentages are of the JavaScript work</source>
        <translation>V8 の (program)、(idle)、ガベージコレクタのフレームのサンプル (%2 のうち %1) を除き、割合を JavaScript の処理に対するものにします</translation>
    </message>
    <message>
        <location line="-226"/>
        <source>Could not open %1</source>
        <translation>%1 を開けませんでした</translation>
    </message>
</context>
<context>
    <name>embers::CaptureSession</name>
    <message>
        <location filename="../viewer/capture/CaptureSession.cpp" line="+46"/>
        <source>: not a URL or inspector address</source>
        <translation>: URL でもインスペクターのアドレスでもありません</translation>
    </message>
</context>
<context>
    <name>embers::CaptureStore</name>
    <message>
        <location filename="../viewer/capture/CaptureStore.cpp" line="+92"/>
        <source>not a usable profile (it has no sample types); nothing was saved</source>
        <translation>使えるプロファイルではありません (サンプルの種類がありません)。何も保存していません</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>: cannot create the captures folder</source>
        <translation>: キャプチャの保存フォルダーを作成できません</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>: cannot write a capture there</source>
        <translation>: そこにキャプチャを書き込めません</translation>
    </message>
</context>
<context>
    <name>embers::ChildOrderCombo</name>
    <message>
        <location filename="../viewer/widgets/ChildOrderCombo.cpp" line="+8"/>
        <source>Largest first</source>
        <translation>大きい順</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A to Z</source>
        <translation>名前順</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Callees side by side by size, the widest on the left</source>
        <translation>呼び出し先をサイズ順に並べ、最も幅の広いものを左に</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Callees side by side by name</source>
        <translation>呼び出し先を名前順に並べる</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>How callees are ordered under their caller</source>
        <translation>呼び出し元の下での呼び出し先の並び順</translation>
    </message>
</context>
<context>
    <name>embers::CommandLine</name>
    <message>
        <location filename="../app/CommandLine.cpp" line="+40"/>
        <source>Window:
  --watch=DIR            open the window watching DIR: every profile written
                         there from now on opens as a new capture
</source>
        <translation>ウィンドウ:
  --watch=DIR            DIR を監視した状態でウィンドウを開く。これ以降そこに書かれた
                         プロファイルはそれぞれ新しいキャプチャとして開く
</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Capture (TARGET: http://... or https://... serving a profile, such as Go&apos;s
/debug/pprof/profile or heap; http://HOST:PORT lists what a Go service offers;
inspect://HOST:PORT[/ID]: a V8 inspector, node --inspect, workerd or wrangler dev,
its first target unless ID is given). Each capture is saved as a gzip&apos;d pprof
file in the captures folder, then opened or reported like any FILE:
  --seconds=N            record for N seconds (HTTP: passed as pprof passes it;
                         inspector default 30)
  --capture=KIND         what an inspector records: cpu (the default), heap
                         (every sampled allocation, collected or not) or
                         heap-live (the sampled objects still live at the end)
                         or snapshot (every object now, with what retains it;
                         saved as the .heapsnapshot itself)
  --interval=N           V8&apos;s sampling interval: microseconds for cpu (default
                         1000), bytes allocated for heap (default 32768)
  --header=&apos;Name: value&apos; send this HTTP header (may be repeated; also
                         EMBERS_CAPTURE_HEADERS, one per line); never saved
  --cacert=FILE          trust the CA certificates in FILE (PEM) for https://
  --timeout=N            give up N seconds after the recording should have
                         ended (default: half the duration, at least 10 s)
  --captures=DIR         the captures folder (default
                         ~/.local/share/embers/captures)
</source>
        <translation>キャプチャ (TARGET: プロファイルを返す http://... または https://... (Go の
/debug/pprof/profile や heap など)。http://HOST:PORT は Go サービスの提供内容を一覧する。
inspect://HOST:PORT[/ID]: V8 インスペクター (node --inspect、workerd、wrangler dev)。
ID がなければ最初のターゲット)。各キャプチャは gzip 圧縮した pprof ファイルとして
キャプチャのフォルダに保存し、ほかの FILE と同じように開くかレポートする:
  --seconds=N            N 秒間記録する (HTTP では pprof と同じく渡す。
                         インスペクターの既定は 30)
  --capture=KIND         インスペクターで記録する内容: cpu (既定)、heap
                         (回収されたものも含む、サンプルしたすべての割り当て)、
                         heap-live (最後にまだ生きている、サンプルしたオブジェクト)
                         または snapshot (今あるすべてのオブジェクトとその保持元。
                         .heapsnapshot そのものとして保存)
  --interval=N           V8 のサンプリング間隔: cpu ではマイクロ秒 (既定 1000)、
                         heap では割り当てバイト数 (既定 32768)
  --header=&apos;Name: value&apos; この HTTP ヘッダーを送る (複数指定可。環境変数
                         EMBERS_CAPTURE_HEADERS に 1 行 1 つでも可)。保存しない
  --cacert=FILE          https:// では FILE (PEM) の CA 証明書も信頼する
  --timeout=N            記録が終わるはずの時刻から N 秒で諦める
                         (既定: 記録時間の半分、最低 10 秒)
  --captures=DIR         キャプチャのフォルダ (既定
                         ~/.local/share/embers/captures)
</translation>
    </message>
    <message>
        <location line="-21"/>
        <source>Usage: embers [FILE...]
       embers --diff BASE NEW
       embers --top [OPTIONS] FILE...
       embers --list=REGEX [OPTIONS] FILE...
       embers --export=OUT [--format=pprof|folded] [OPTIONS] FILE...
       embers --check --diff-base=BASE [OPTIONS] NEW...
       embers --trend [OPTIONS] FILE...
A FILE may also be a TARGET to capture a profile from now (see Capture).

Embers opens profiles in a flamegraph window: pprof (gzip&apos;d or raw protobuf),
Chrome/V8 .cpuprofile and .heapprofile, and folded stacks (&apos;a;b;c 42&apos;), told
apart by their content, plain or gzip&apos;d.
Several files open as several captures; --diff opens a comparison of two.
  --lang=ja|zh_TW|en     the window&apos;s language (default: the system&apos;s)
</source>
        <translation>使い方: embers [FILE...]
        embers --diff BASE NEW
        embers --top [OPTIONS] FILE...
        embers --list=REGEX [OPTIONS] FILE...
        embers --export=OUT [--format=pprof|folded] [OPTIONS] FILE...
        embers --check --diff-base=BASE [OPTIONS] NEW...
        embers --trend [OPTIONS] FILE...
FILE には、今プロファイルをキャプチャする TARGET も指定できます (「キャプチャ」を参照)。

Embers はプロファイルをフレームグラフのウィンドウで開きます: pprof (gzip 圧縮または
生の protobuf)、Chrome/V8 の .cpuprofile と .heapprofile、folded スタック (&apos;a;b;c 42&apos;)。
形式はファイル名ではなく内容で判別します (gzip 圧縮されていても構いません)。
複数のファイルはそれぞれ別のキャプチャとして開きます。--diff は 2 つを比較します。
  --lang=ja|zh_TW|en     ウィンドウの言語 (既定: システムの言語)
</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>Headless report (no display needed):
  --top                  print the function table, as `go tool pprof -top` does;
                         several FILEs are merged (common sample types only)
  --list=REGEX           print the source lines of the functions matching REGEX
                         with their flat and cum, as `go tool pprof -list` does
  --source-path=DIRS     where --list looks for sources (&apos;:&apos;-separated; default:
                         the working folder), as pprof&apos;s -source_path
  --trim-path=PREFIXES   prefixes --list takes off recorded file names before it
                         looks (&apos;:&apos;-separated), as pprof&apos;s -trim_path
  --sample-index=NAME|N  sample type to report (default: the profile&apos;s default,
                         else the last one); inuse_X also finds X
  --cum                  sort by cumulative value instead of flat
  --nodecount=N          print at most N rows (default: all)
  --nodefraction=F       hide rows whose |cum| is below F of the total
                         (default 0.005 as pprof; 0 with --tsv)
  --granularity=G        functions (default), filefunctions, lines or addresses
  --noinlines            attribute inlined functions to their out-of-line caller
  --tsv                  print &apos;flat&lt;TAB&gt;cum&lt;TAB&gt;name&apos; with raw integer values in
                         the sample type&apos;s own unit
  --diff-base=BASE       subtract BASE and show the change (pprof&apos;s -diff_base:
                         percentages are of BASE&apos;s total); may be repeated
  --base=BASE            subtract BASE (pprof&apos;s -base: percentages of the result)
  --normalize            scale FILE... to BASE&apos;s total first, so that captures
                         of different length compare fairly
</source>
        <translation>ヘッドレスのレポート (ディスプレイ不要):
  --top                  関数の表を `go tool pprof -top` と同じ形で出力する。
                         複数の FILE は統合する (共通のサンプルの種類のみ)
  --list=REGEX           REGEX に一致する関数のソースの行を、flat と cum 付きで
                         `go tool pprof -list` と同じ形で出力する
  --source-path=DIRS     --list がソースを探す場所 (&apos;:&apos; 区切り。既定:
                         作業フォルダー)。pprof の -source_path と同じ
  --trim-path=PREFIXES   --list が記録されたファイル名から探す前に取り除く接頭辞
                         (&apos;:&apos; 区切り)。pprof の -trim_path と同じ
  --sample-index=NAME|N  出力するサンプルの種類 (既定: プロファイルの既定、
                         なければ最後の種類)。inuse_X で X も見つかる
  --cum                  flat ではなく累積値 (cum) で並べる
  --nodecount=N          最大 N 行まで出力する (既定: すべて)
  --nodefraction=F       |cum| が合計の F 未満の行を隠す
                         (既定は pprof と同じ 0.005、--tsv では 0)
  --granularity=G        functions (既定)、filefunctions、lines または addresses
  --noinlines            インライン展開された関数を呼び出し元の関数に計上する
  --tsv                  &apos;flat&lt;TAB&gt;cum&lt;TAB&gt;name&apos; を、サンプルの種類の単位の
                         整数値で出力する
  --diff-base=BASE       BASE を差し引いて変化を示す (pprof の -diff_base:
                         パーセントは BASE の合計に対する値)。複数指定できる
  --base=BASE            BASE を差し引く (pprof の -base: パーセントは結果に対する値)
  --normalize            先に FILE... を BASE の合計に合わせて拡大縮小し、長さの
                         異なるキャプチャを公平に比較する
</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Regressions (no display needed; also --sample-index, --normalize, --granularity):
  --check                compare NEW... (merged) with --diff-base=BASE and print a
                         Markdown summary; exit status 3 when a function or the
                         total grew beyond both the threshold and sampling noise
                         (binomial test on the sample counts, 5% false discovery
                         rate). Profiles without sample counts (heap profiles
                         hold scaled estimates) are judged by the threshold alone
  --threshold=PERCENT    the least growth that counts, in percent of the base
                         total (default 1)
  --budget=FILE          also check a JSON file of rules, such as
                         {&quot;rules&quot;: [{&quot;function&quot;: &quot;RE&quot;, &quot;max_share&quot;: 5,
                         &quot;max_growth&quot;: 1}]} (percent of the new / base total)
  --report=OUT           write the summary (OUT.md, OUT.html) or the differential
                         flamegraph (OUT.svg, OUT.png)
  --trend                one row per function across FILE... in the order given:
                         steady, grew or shrank (a change of level from capture
                         change_at on), appeared, vanished, or growing (a steady
                         climb: a leak suspect; the only verdict besides steady for
                         profiles without sample counts); with --tsv:
                         &apos;name&lt;TAB&gt;verdict&lt;TAB&gt;change_at&lt;TAB&gt;p_value&apos; and a raw
                         value per capture. Values are absolute; --normalize
                         compares shares of each capture&apos;s total
</source>
        <translation>回帰 (ディスプレイ不要。--sample-index、--normalize、--granularity も使える):
  --check                NEW... (統合) を --diff-base=BASE と比べ、Markdown の要約を
                         出力する。関数または合計が、しきい値とサンプリングの
                         ノイズの両方を超えて増えたとき終了ステータス 3
                         (サンプル数の二項検定、偽発見率 5%)。サンプル数を持たない
                         プロファイル (ヒーププロファイルの値は推定値) は
                         しきい値だけで判定する
  --threshold=PERCENT    意味のある増加の最小値。BASE の合計に対するパーセント
                         (既定 1)
  --budget=FILE          JSON のルールファイルも検査する。例:
                         {&quot;rules&quot;: [{&quot;function&quot;: &quot;RE&quot;, &quot;max_share&quot;: 5,
                         &quot;max_growth&quot;: 1}]} (NEW / BASE の合計に対するパーセント)
  --report=OUT           要約 (OUT.md、OUT.html) または差分フレームグラフ
                         (OUT.svg、OUT.png) を書き出す
  --trend                FILE... を指定した順に読み、関数ごとに 1 行を出力する:
                         steady (変化なし)、grew / shrank (change_at 番目の
                         キャプチャから水準が変化)、appeared (出現)、vanished (消滅)、
                         growing (着実な増加: リークの疑い。サンプル数を持たない
                         プロファイルでは steady 以外の唯一の判定)。--tsv では
                         &apos;name&lt;TAB&gt;verdict&lt;TAB&gt;change_at&lt;TAB&gt;p_value&apos; とキャプチャ
                         ごとの生の値。値は絶対値。--normalize は各キャプチャの
                         合計に対する割合を比べる
</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Filters, as pprof&apos;s options of the same names (for --top and --export;
RE is a regular expression matched against function names, source files and
binaries):
  --focus=RE             keep only the samples with a matching frame
  --ignore=RE            drop the samples with a matching frame
  --hide=RE              remove matching frames; their cost goes to their callers
  --show=RE              keep only matching frames
  --show-from=RE         drop the frames above the outermost matching one
  --prune-from=RE        drop the frames beneath the innermost matching one
                         (function names only; applied before the other filters)
  --tagfocus=FILTER      keep the samples whose labels match: &apos;key=RE&apos;,
                         &apos;RE&apos; (matched against &apos;key:value&apos;) or a numeric range
                         such as &apos;bytes=1kb:64kb&apos;, &apos;:64kb&apos; or &apos;4mb:&apos;
  --tagignore=FILTER     drop the samples whose labels match
  --tagroot=KEY,...      put each label&apos;s values as root frames
  --tagleaf=KEY,...      put each label&apos;s values as leaf frames
  --tagshow=RE, --taghide=RE  accepted as pprof&apos;s (no effect on --top)
  --relative-percentages  percentages of what the filters leave, not of all
</source>
        <translation>フィルタ。pprof の同名のオプションと同じ動作 (--top と --export で使える。RE は
関数名、ソースファイル、バイナリに対して照合する正規表現):
  --focus=RE             一致するフレームを含むサンプルだけを残す
  --ignore=RE            一致するフレームを含むサンプルを除く
  --hide=RE              一致するフレームを取り除く。そのコストは呼び出し元に付く
  --show=RE              一致するフレームだけを残す
  --show-from=RE         最も外側の一致するフレームより上のフレームを除く
  --prune-from=RE        最も内側の一致するフレームより下のフレームを除く
                         (関数名のみ。ほかのフィルタより先に適用)
  --tagfocus=FILTER      ラベルが一致するサンプルだけを残す: &apos;key=RE&apos;、
                         &apos;RE&apos; (&apos;key:value&apos; に対して照合)、または数値の範囲
                         (&apos;bytes=1kb:64kb&apos;、&apos;:64kb&apos;、&apos;4mb:&apos; など)
  --tagignore=FILTER     ラベルが一致するサンプルを除く
  --tagroot=KEY,...      各ラベルの値をルートのフレームとして置く
  --tagleaf=KEY,...      各ラベルの値をリーフのフレームとして置く
  --tagshow=RE, --taghide=RE  pprof と同じく受け付ける (--top には影響しない)
  --relative-percentages  パーセントを、全体ではなくフィルタ後に残った分に対する値にする
</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Source maps (for --top and --export):
  --source-map=FILE      remap the frames of the bundled script the map FILE is
                         for (or of the *.map files in a folder) to the original
                         functions, files and lines; may be repeated
</source>
        <translation>ソースマップ (--top と --export で使える):
  --source-map=FILE      マップ FILE (またはフォルダ内の *.map ファイル) が対象とする
                         バンドル済みスクリプトのフレームを、元の関数、ファイル、行に
                         戻す。複数回指定できる
</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Export (no display needed; FILE... merged, after the filters):
  --export=OUT           write to OUT in the format --format names, else in the
                         one OUT&apos;s ending names (.pb.gz, .folded, .png, .svg);
                         an input file is never overwritten
  --format=pprof         a gzip&apos;d pprof profile with every sample type, which
                         `go tool pprof` reads with the same numbers
  --format=folded        folded stacks &apos;a;b;c 42&apos; (root first) in the sample type
                         --sample-index names, frames named as --granularity makes
                         them
  OUT.png, OUT.svg       the flamegraph as an image, in the --sample-index sample
                         type, --width=PIXELS wide (default 1200)
  OUT.html               one self-contained page to share: the flame graph, the
                         function table, search, every sample type; opens offline
                         in any browser. With --diff-base=BASE [--normalize], the
                         differential graph and the diff table
  --with-source          (OUT.html) carry the source lines of the profiled
                         functions with their costs, found as --list finds them
                         (--source-path, --trim-path): a Source panel per function

  --help                 show this help
  --version              show the version

Exit status: 0 success, 1 unreadable or invalid input, 2 usage error,
3 --check found a regression.
</source>
        <translation>エクスポート (ディスプレイ不要。FILE... を統合し、フィルタの後に書き出す):
  --export=OUT           OUT に書き出す。形式は --format で指定し、なければ OUT の
                         拡張子 (.pb.gz、.folded、.png、.svg) で決まる。入力ファイルを
                         上書きすることはない
  --format=pprof         すべてのサンプルの種類を含む gzip 圧縮の pprof プロファイル。
                         `go tool pprof` で読むと同じ数値になる
  --format=folded        folded スタック &apos;a;b;c 42&apos; (ルートが先頭)。サンプルの種類は
                         --sample-index で指定し、フレーム名は --granularity に従う
  OUT.png, OUT.svg       フレームグラフの画像。サンプルの種類は --sample-index、
                         幅は --width=PIXELS (既定 1200)
  OUT.html               共有用の 1 つのページ: フレームグラフ、関数の表、検索、
                         すべてのサンプルの種類。どのブラウザでもオフラインで開ける。
                         --diff-base=BASE [--normalize] では差分のグラフと差分の表
  --with-source          (OUT.html) 計測された関数のソース行をコスト付きで含める。
                         ファイルは --list と同じく探す (--source-path、
                         --trim-path)。関数ごとにソースのパネルが開く

  --help                 このヘルプを表示する
  --version              バージョンを表示する

終了ステータス: 0 成功、1 読めない入力または不正な入力、2 使い方の誤り、
3 --check が回帰を見つけた。
</translation>
    </message>
</context>
<context>
    <name>embers::CompareDialog</name>
    <message>
        <location filename="../app/CompareDialog.cpp" line="+18"/>
        <source>Compare Captures</source>
        <translation>キャプチャを比較</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>&amp;Diff: what changed from a base capture to a new one</source>
        <translation>差分: 基準キャプチャから新しいキャプチャへの変化(&amp;D)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Side by side: flame graphs next to each other, linked</source>
        <translation>並べて表示: フレームグラフを連動させて並べる(&amp;S)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Table: every function&apos;s share in each capture</source>
        <translation>表: 各キャプチャでの各関数の割合(&amp;T)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Merge: one capture with the samples of all</source>
        <translation>統合: すべてのサンプルを 1 つのキャプチャにまとめる(&amp;M)</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>&amp;Base:</source>
        <translation>基準キャプチャ(&amp;B):</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;New:</source>
        <translation>新しいキャプチャ(&amp;N):</translation>
    </message>
</context>
<context>
    <name>embers::ComparisonWindow</name>
    <message>
        <location filename="../app/ComparisonWindow.cpp" line="+118"/>
        <source>Compare %1 — Embers</source>
        <extracomment>Window title: the compared files, then the application name</extracomment>
        <translation>%1 の比較 — Embers</translation>
    </message>
    <message numerus="yes">
        <location line="-20"/>
        <source>Comparing %n captures…</source>
        <translation>
            <numerusform>%n 個のキャプチャを比較しています…</numerusform>
        </translation>
    </message>
    <message>
        <location line="-51"/>
        <source>Export HTML Page…</source>
        <translation>HTML ページとしてエクスポート…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Save the diff as shown as one web page that anyone can open in a browser, offline</source>
        <translation>表示中の差分を、誰でもブラウザでオフラインで開ける 1 つの Web ページとして保存します</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>With source</source>
        <translation>ソース付き</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Put each function&apos;s source lines, before and after, in the page, where this machine has them: whoever opens it reads that code</source>
        <translation>このマシンにある関数のソース行を、変更前と変更後の値とともにページに含めます。ページを開く人はそのコードを読めます</translation>
    </message>
    <message numerus="yes">
        <location line="+47"/>
        <source>Comparing %n captures (building %1 again at %2 first)…</source>
        <extracomment>%1: the captures built again; %2: the granularity (Lines...)</extracomment>
        <translation>
            <numerusform>%n 個のキャプチャを比較しています（先に %1 を「%2」で再構築します）…</numerusform>
        </translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Cannot compare: %1</source>
        <translation>比較できません: %1</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Diff</source>
        <translation>差分</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Side by side</source>
        <translation>並べて表示</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>All captures</source>
        <translation>すべてのキャプチャ</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>%1 (%2)</source>
        <extracomment>A capture and the granularity its page shows, e.g. &quot;cpu.pb.gz (Functions)&quot;</extracomment>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Frames: %1, the finest of these captures. Built again at %1 for this comparison only, their pages unchanged: %2.</source>
        <extracomment>%1: a granularity (Lines...); %2: the captures built again, with their pages&apos; own</extracomment>
        <translation>比較の単位: %1（これらのキャプチャで最も細かい単位）。この比較のためだけに「%1」で再構築しました（各ページは変わりません）: %2。</translation>
    </message>
</context>
<context>
    <name>embers::DiffLegend</name>
    <message>
        <location filename="../viewer/widgets/DiffLegend.cpp" line="+42"/>
        <location line="+21"/>
        <source>shrank</source>
        <translation>減少</translation>
    </message>
    <message>
        <location line="-20"/>
        <location line="+30"/>
        <source>grew</source>
        <translation>増加</translation>
    </message>
    <message>
        <location line="-29"/>
        <location line="+35"/>
        <source>removed</source>
        <translation>削除</translation>
    </message>
    <message>
        <location line="-34"/>
        <location line="+41"/>
        <source>new</source>
        <translation>新規</translation>
    </message>
    <message>
        <location line="-39"/>
        <location line="+44"/>
        <source>noise</source>
        <translation>ノイズ</translation>
    </message>
</context>
<context>
    <name>embers::DiffTableModel</name>
    <message>
        <location filename="../viewer/widgets/DiffTableModel.cpp" line="+118"/>
        <source>new</source>
        <translation>新規</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>removed</source>
        <translation>削除</translation>
    </message>
    <message>
        <location line="+73"/>
        <source>Within sampling noise (p = %1)</source>
        <translation>サンプリングノイズの範囲内 (p = %1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Beyond sampling noise (p = %1)</source>
        <translation>サンプリングノイズを超える変化 (p = %1)</translation>
    </message>
    <message>
        <location line="+40"/>
        <location filename="../viewer/widgets/DiffView.cpp" line="+359"/>
        <source>noise</source>
        <translation>ノイズ</translation>
    </message>
    <message>
        <location line="+0"/>
        <location filename="../viewer/widgets/DiffView.cpp" line="+1"/>
        <source>real</source>
        <translation>有意</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Whether the change of the total is beyond sampling noise (binomial test on the sample counts, 5% false discovery rate)</source>
        <translation>合計の変化がサンプリングノイズを超えるかどうか (サンプル数に対する二項検定、偽発見率 5%)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Function</source>
        <translation>関数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Self before</source>
        <translation>自己 (前)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Self after</source>
        <translation>自己 (後)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Self Δ</source>
        <translation>自己 Δ</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Self Δ%</source>
        <translation>自己 Δ%</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Total before</source>
        <translation>合計 (前)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Total after</source>
        <translation>合計 (後)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Total Δ</source>
        <translation>合計 Δ</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Total Δ%</source>
        <translation>合計 Δ%</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Change</source>
        <translation>変化</translation>
    </message>
</context>
<context>
    <name>embers::DiffView</name>
    <message>
        <location filename="../viewer/widgets/DiffView.cpp" line="-316"/>
        <source>Base: %1  →  New: %2</source>
        <translation>基準: %1  →  新: %2</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Sample type</source>
        <translation>サンプルの種類</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Normalise</source>
        <translation>正規化</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Scale the base to the new capture&apos;s total, so that captures of different length compare fairly; off: absolute values</source>
        <translation>基準を新しいキャプチャの合計に合わせて拡大縮小し、長さの異なるキャプチャを公平に比較します。オフ: 絶対値</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Red / green</source>
        <translation>赤 / 緑</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Orange / blue (colour-blind safe)</source>
        <translation>オレンジ / 青 (色覚多様性に配慮)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Colours of grown and shrunk frames</source>
        <translation>増加・減少したフレームの色</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Hide noise</source>
        <translation>ノイズを隠す</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Changes within sampling noise: left uncoloured in the graph and out of the table</source>
        <translation>サンプリングノイズの範囲内の変化: グラフでは色を付けず、表からは除外します</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Computing…</source>
        <translation>計算中…</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>All frames</source>
        <translation>すべてのフレーム</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show the whole profile (Esc)</source>
        <translation>プロファイル全体を表示 (Esc)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Search functions</source>
        <translation>関数を検索</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Show &amp;Source</source>
        <translation>ソースを表示(&amp;S)</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>All changes</source>
        <translation>すべての変化</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>New</source>
        <translation>新規</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Removed</source>
        <translation>削除</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Grew</source>
        <translation>増加</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Shrank</source>
        <translation>減少</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Filter functions</source>
        <translation>関数を絞り込み</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>Flame &amp;Graph</source>
        <translation>フレームグラフ(&amp;G)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Source</source>
        <translation>ソース</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A function&apos;s source lines with their totals before, after and the change (Show Source on a function)</source>
        <translation>関数のソースの各行と、その合計の前・後・変化 (関数で「ソースを表示」)</translation>
    </message>
    <message>
        <location line="+175"/>
        <source>This profile has no sample counts: no noise test</source>
        <translation>このプロファイルにはサンプル数がありません: ノイズ検定は行いません</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>Matched: %1 of the new capture</source>
        <translation>一致: 新しいキャプチャの %1</translation>
    </message>
</context>
<context>
    <name>embers::FlameGraphView</name>
    <message>
        <location filename="../viewer/widgets/FlamePainter.cpp" line="+117"/>
        <source>root</source>
        <translation>ルート</translation>
    </message>
    <message numerus="yes">
        <location line="+12"/>
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
        <location filename="../viewer/widgets/FlameToolTip.cpp" line="+78"/>
        <location line="+63"/>
        <source>root (the whole profile)</source>
        <translation>ルート (プロファイル全体)</translation>
    </message>
    <message>
        <location line="-46"/>
        <source>(inlined)</source>
        <translation>(インライン展開)</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Total: %1 (%2 of all, %3 of focus)</source>
        <translation>合計: %1 (全体の %2、フォーカスの %3)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Self: %1 (%2 of all)</source>
        <translation>自己: %1 (全体の %2)</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Samples: %1</source>
        <translation>サンプル数: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Count: %1 (%2)</source>
        <translation>カウント: %1 (%2)</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>New: only in the new capture</source>
        <translation>新規: 新しいキャプチャにのみ存在</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Removed: only in the base capture</source>
        <translation>削除: 基準キャプチャにのみ存在</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Total: %1 → %2</source>
        <translation>合計: %1 → %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Change: %1 (%2)</source>
        <translation>変化: %1 (%2)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Change: %1</source>
        <translation>変化: %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Self: %1 → %2</source>
        <translation>自己: %1 → %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Share of all: %1 → %2</source>
        <translation>全体に占める割合: %1 → %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Base scaled by %1 to the new capture&apos;s total</source>
        <translation>基準を新しいキャプチャの合計に合わせて %1 倍に拡大縮小</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Within sampling noise (p = %1)</source>
        <translation>サンプリングノイズの範囲内 (p = %1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Beyond sampling noise (p = %1)</source>
        <translation>サンプリングノイズを超える変化 (p = %1)</translation>
    </message>
    <message numerus="yes">
        <location filename="../viewer/widgets/FlamePainter.cpp" line="-64"/>
        <source>%n small frame(s) under %1</source>
        <translation>
            <numerusform>%1 の下の小さなフレーム %n 個</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../viewer/widgets/FlameToolTip.cpp" line="-68"/>
        <location line="+78"/>
        <source>Total: %1 (%2 of all)</source>
        <translation>合計: %1 (全体の %2)</translation>
    </message>
</context>
<context>
    <name>embers::FlamePanel</name>
    <message>
        <location filename="../viewer/widgets/FlamePanel.cpp" line="+72"/>
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
        <location line="+1"/>
        <source>Forward</source>
        <translation>進む</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Forward (Alt+Right)</source>
        <translation>次のフォーカスに進む (Alt+Right)</translation>
    </message>
    <message>
        <location line="+1"/>
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
        <location line="+3"/>
        <source>Search functions (Ctrl+F)</source>
        <translation>関数を検索 (Ctrl+F)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Colour by function</source>
        <translation>関数ごとに色分け</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Colour by package</source>
        <translation>パッケージごとに色分け</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>One colour per function name</source>
        <translation>関数名ごとに 1 色</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>One colour per package (or source directory), to see which code is whose</source>
        <translation>パッケージ (またはソースのディレクトリ) ごとに 1 色。どのコードがどこのものかがわかります</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>How the boxes are coloured</source>
        <translation>ボックスの色分けの方法</translation>
    </message>
    <message>
        <location line="+62"/>
        <source>Matched: %1% of total (1 frame)</source>
        <translation>一致: 合計の %1% (1 フレーム)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Matched: %1% of total (%2 frames)</source>
        <translation>一致: 合計の %1% (%2 フレーム)</translation>
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
        <location filename="../viewer/widgets/FunctionTableWidget.cpp" line="+37"/>
        <source>Filter functions…</source>
        <translation>関数を絞り込み…</translation>
    </message>
</context>
<context>
    <name>embers::GranularityChooser</name>
    <message>
        <location filename="../viewer/widgets/GranularityChooser.cpp" line="+20"/>
        <source>What makes two frames the same: the function, the function and its file, the source line, or the machine address (for native profiles without symbols)</source>
        <translation>2 つのフレームを同じとみなす基準: 関数、関数とそのファイル、ソース行、またはマシンアドレス (シンボルのないネイティブプロファイル向け)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>F&amp;rames:</source>
        <translation>フレーム(&amp;R):</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+68"/>
        <source>Rebuilding…</source>
        <translation>再構築中…</translation>
    </message>
    <message>
        <location line="-46"/>
        <source>Functions</source>
        <translation>関数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Functions + file</source>
        <translation>関数 + ファイル</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Lines</source>
        <translation>行</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Addresses</source>
        <translation>アドレス</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>Failed</source>
        <translation>失敗しました</translation>
    </message>
</context>
<context>
    <name>embers::HtmlPage</name>
    <message>
        <location filename="../viewer/core/report/PageTexts.cpp" line="+14"/>
        <source>all</source>
        <translation>すべて</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Measuring…</source>
        <translation>計測中…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No match</source>
        <translation>一致なし</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>1 function: %1, %2 of all</source>
        <translation>1 個の関数: %1、全体の %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 functions: %2, %3 of all</source>
        <translation>%1 個の関数: %2、全体の %3</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>(%1 small frames)</source>
        <translation>(小さなフレーム %1 個)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 small frames under %2</source>
        <translation>%2 の下の小さなフレーム %1 個</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reset zoom</source>
        <translation>ズームを戻す</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Self</source>
        <translation>自己</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Total</source>
        <translation>合計</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>% of all</source>
        <translation>全体に占める割合</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>% of focus</source>
        <translation>フォーカスに占める割合</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 (%2 of all)</source>
        <translation>%1 (全体の %2)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Before</source>
        <translation>変更前</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Before (scaled)</source>
        <translation>変更前 (スケール済み)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>After</source>
        <translation>変更後</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Change</source>
        <translation>変化</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>(new)</source>
        <translation>(新規)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Noise</source>
        <translation>ノイズ</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>within sampling noise</source>
        <translation>サンプリングのノイズの範囲内</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>beyond sampling noise</source>
        <translation>サンプリングのノイズを超える</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Double-click for its source lines</source>
        <translation>ダブルクリックでソース行を表示</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Function</source>
        <translation>関数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Self %</source>
        <translation>自己 %</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Total %</source>
        <translation>合計 %</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>new</source>
        <translation>新規</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>noise</source>
        <translation>ノイズ</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show all %1 functions</source>
        <translation>%1 個の関数をすべて表示</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Source</source>
        <translation>ソース</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Line</source>
        <translation>行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Close</source>
        <translation>閉じる</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Source — %1</source>
        <translation>ソース — %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Self %1, total %2 (%3 of all)</source>
        <translation>自己 %1、合計 %2 (全体の %3)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Before %1, after %2, change %3</source>
        <translation>変更前 %1、変更後 %2、変化 %3</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No source text: %1. The lines with a cost:</source>
        <translation>ソースのテキストがありません: %1。コストのある行:</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This page has no source lines for this function (the profile names no file or line for it).</source>
        <translation>このページにはこの関数のソース行がありません (プロファイルにファイルや行の記録がありません)。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Profile</source>
        <translation>プロファイル</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sample type</source>
        <translation>サンプルの種類</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Search functions (regular expression)</source>
        <translation>関数を検索 (正規表現)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Flame graph</source>
        <translation>フレームグラフ</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Made with Embers. This page works offline: it loads nothing from anywhere.</source>
        <translation>Embers で作成。このページはオフラインで動作し、どこからも何も読み込みません。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>(scaled to %1)</source>
        <translation>(%1 にスケール)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>grew</source>
        <translation>増加</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>shrank</source>
        <translation>減少</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>within sampling noise (faint)</source>
        <translation>サンプリングのノイズの範囲内 (淡色)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unchanged</source>
        <translation>変化なし</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Base scaled to the new total. Widths: before + after.</source>
        <translation>ベースを新しい合計にスケール。幅: 変更前 + 変更後。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Raw values. Widths: before + after.</source>
        <translation>生の値。幅: 変更前 + 変更後。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This page could not be shown: %1</source>
        <translation>このページを表示できませんでした: %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>File</source>
        <translation>ファイル</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Files</source>
        <translation>ファイル</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sample types</source>
        <translation>サンプルの種類</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Duration</source>
        <translation>期間</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Captured</source>
        <translation>取得日時</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Period</source>
        <translation>周期</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Binary</source>
        <translation>バイナリ</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Comment</source>
        <translation>コメント</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Functions</source>
        <translation>関数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stacks</source>
        <translation>スタック</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Base</source>
        <translation>ベース</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>New</source>
        <translation>新</translation>
    </message>
</context>
<context>
    <name>embers::HttpCapture</name>
    <message>
        <location filename="../viewer/capture/HttpCapture.cpp" line="+49"/>
        <source>: %1 holds no PEM certificate to trust</source>
        <translation>: %1 に信頼する PEM 証明書がありません</translation>
    </message>
    <message>
        <location line="-14"/>
        <source>: not a URL Embers can fetch</source>
        <translation>: Embers が取得できる URL ではありません</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>: names a service, not a profile, and its /debug/pprof/ page lists no profiles; give the profile&apos;s URL</source>
        <translation>: プロファイルではなくサービスを指しており、その /debug/pprof/ ページにはプロファイルがありません。プロファイルの URL を指定してください</translation>
    </message>
</context>
<context>
    <name>embers::HttpFetch</name>
    <message>
        <location filename="../viewer/capture/HttpFetch.cpp" line="+219"/>
        <source>its TLS certificate is not trusted: %1</source>
        <translation>TLS 証明書が信頼されていません: %1</translation>
    </message>
    <message>
        <location line="-178"/>
        <source>no complete answer within %1 s</source>
        <translation>%1 秒以内に完全な応答がありませんでした</translation>
    </message>
    <message>
        <location line="+69"/>
        <source>redirected to %1, another scheme: refused</source>
        <translation>別のスキームの %1 へリダイレクトされたため拒否しました</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>redirected to %1, another host: refused</source>
        <translation>別のホストの %1 へリダイレクトされたため拒否しました</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>the response is larger than %1 MiB; not a profile Embers can keep</source>
        <translation>応答が %1 MiB を超えています。Embers が保持できるプロファイルではありません</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>connection refused (is the service running on that port?)</source>
        <translation>接続を拒否されました（そのポートでサービスは動いていますか？）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the host name %1 does not resolve</source>
        <translation>ホスト名 %1 を名前解決できません</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the server closed the connection before the whole response arrived (%1 bytes)</source>
        <translation>応答をすべて受け取る前にサーバーが接続を閉じました（%1 バイト）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the request was cancelled</source>
        <translation>リクエストはキャンセルされました</translation>
    </message>
    <message>
        <location line="-90"/>
        <location line="+93"/>
        <source>too many redirects</source>
        <translation>リダイレクトが多すぎます</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>HTTP %1 without a usable redirect</source>
        <translation>HTTP %1（使えるリダイレクト先がありません）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>the server closed the connection before the whole response arrived (%1 of %2 bytes)</source>
        <translation>応答をすべて受け取る前にサーバーが接続を閉じました（%2 バイト中 %1 バイト）</translation>
    </message>
</context>
<context>
    <name>embers::InspectorCapture</name>
    <message>
        <location filename="../viewer/capture/InspectorTargets.cpp" line="+19"/>
        <source>/json/list did not answer with a list of targets (%1)</source>
        <translation>/json/list がターゲットの一覧を返しませんでした（%1）</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>the target&apos;s WebSocket address &quot;%1&quot; is not a valid URL</source>
        <translation>ターゲットの WebSocket アドレス「%1」は有効な URL ではありません</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>the target&apos;s WebSocket address &quot;%1&quot; is not a ws:// or wss:// URL</source>
        <translation>ターゲットの WebSocket アドレス「%1」は ws:// や wss:// の URL ではありません</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the target&apos;s WebSocket address &quot;%1&quot; is on another host than %2: refused</source>
        <translation>ターゲットの WebSocket アドレス「%1」は %2 とは別のホストにあるため拒否しました</translation>
    </message>
    <message>
        <location filename="../viewer/capture/InspectorCapture.cpp" line="+43"/>
        <source>the inspector did not answer within %1 s</source>
        <translation>インスペクターが %1 秒以内に応答しませんでした</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the profiler did not hand over its profile within %1 s</source>
        <translation>プロファイラーが %1 秒以内にプロファイルを渡しませんでした</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>: not an inspector address; write inspect://HOST:PORT or inspect://HOST:PORT/TARGET-ID</source>
        <translation>: インスペクターのアドレスではありません。inspect://HOST:PORT または inspect://HOST:PORT/TARGET-ID と書いてください</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>the inspector offers no targets to profile</source>
        <translation>インスペクターにプロファイルできるターゲットがありません</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>no target %1; the inspector offers %2</source>
        <translation>ターゲット %1 はありません。インスペクターにあるのは %2 です</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>the target is in use by another debugger (DevTools, an IDE); close it and try again</source>
        <translation>ターゲットは別のデバッガー（DevTools や IDE）が使用中です。それを閉じてからやり直してください</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>the target went away after %1 s of recording (%2); V8 keeps the profile inside the target, so nothing was recorded</source>
        <translation>記録開始から %1 秒後にターゲットがなくなりました（%2）。V8 はプロファイルをターゲットの中に保持するため、何も記録されていません</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>the inspector closed the connection (%1); another debugger may hold it</source>
        <translation>インスペクターが接続を閉じました（%1）。別のデバッガーが使用中かもしれません</translation>
    </message>
    <message>
        <location line="+16"/>
        <location line="+69"/>
        <source>the inspector refused %1: %2</source>
        <translation>インスペクターが %1 を拒否しました: %2</translation>
    </message>
    <message>
        <location line="-65"/>
        <source>the profiler did not start: %1</source>
        <translation>プロファイラーが開始しませんでした: %1</translation>
    </message>
    <message>
        <location line="+78"/>
        <location line="+58"/>
        <source>%1 failed: %2</source>
        <translation>%1 が失敗しました: %2</translation>
    </message>
    <message>
        <location line="-52"/>
        <location line="+62"/>
        <source>the profiler handed over no profile</source>
        <translation>プロファイラーからプロファイルが渡されませんでした</translation>
    </message>
    <message>
        <location line="-45"/>
        <source>the heap snapshot is larger than %1 MiB, more than Embers takes from a target</source>
        <translation>ヒープスナップショットが %1 MiB を超えています。Embers がターゲットから受け取る上限を超えています</translation>
    </message>
    <message>
        <location line="+75"/>
        <location line="+5"/>
        <source>: still loading when the capture ended</source>
        <translation>: キャプチャ終了時にまだ読み込み中でした</translation>
    </message>
    <message>
        <location filename="../viewer/capture/SourceMapIntake.cpp" line="+100"/>
        <source>%1: a file on the target&apos;s machine, not this one: not read</source>
        <translation>%1: このマシンではなくターゲットのマシン上のファイルのため読み込みません</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1: not a .map file: not read</source>
        <translation>%1: .map ファイルではないため読み込みません</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>%1: on another host than %2: not fetched</source>
        <translation>%1: %2 とは別のホストにあるため取得しません</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1: the capture&apos;s source maps already take %2 MiB: not read</source>
        <translation>%1: このキャプチャのソースマップがすでに %2 MiB に達しているため読み込みません</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>%1 more source maps were not usable</source>
        <translation>ほかに %1 個のソースマップを使用できませんでした</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 more scripts named source maps, beyond the %2 a capture takes in: not read</source>
        <translation>ほかに %1 個のスクリプトがソースマップを指定しましたが、1 回のキャプチャで扱う %2 個を超えるため読み込みません</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>cannot open it: %1</source>
        <translation>開けません: %1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>not a regular file (a device, a pipe, a folder...): not read</source>
        <translation>通常のファイルではない（デバイス、パイプ、フォルダーなど）ため読み込みません</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+23"/>
        <location line="+27"/>
        <source>larger than %1 MiB: not read</source>
        <translation>%1 MiB を超えるため読み込みません</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>: its inline source map is not a valid data: URL</source>
        <translation>: インラインのソースマップが有効な data: URL ではありません</translation>
    </message>
    <message>
        <location line="-124"/>
        <source>: not a source map Embers can fetch</source>
        <translation>: Embers が取得できるソースマップではありません</translation>
    </message>
    <message>
        <location filename="../viewer/capture/InspectorMessage.cpp" line="+29"/>
        <source>a message that is not JSON (%1 at byte %2): &quot;%3&quot;</source>
        <translation>JSON ではないメッセージ（%2 バイト目で %1）:「%3」</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>a message that is not a JSON object: &quot;%1&quot;</source>
        <translation>JSON オブジェクトではないメッセージ:「%1」</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>an answer whose id is not a command&apos;s number: &quot;%1&quot;</source>
        <translation>id がコマンドの番号ではない応答:「%1」</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>an error without a message</source>
        <translation>メッセージのないエラー</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>a message that is neither an answer nor an event: &quot;%1&quot;</source>
        <translation>応答でもイベントでもないメッセージ:「%1」</translation>
    </message>
</context>
<context>
    <name>embers::InspectorSession</name>
    <message>
        <location filename="../viewer/capture/InspectorSession.cpp" line="+36"/>
        <source>no WebSocket connection: %1</source>
        <translation>WebSocket 接続できません: %1</translation>
    </message>
    <message>
        <location line="+89"/>
        <source>the target closed the connection</source>
        <translation>ターゲットが接続を閉じました</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>the target sent %1</source>
        <translation>ターゲットが送ってきたのは %1</translation>
    </message>
</context>
<context>
    <name>embers::LabelsPanel</name>
    <message>
        <location filename="../viewer/widgets/LabelsPanel.cpp" line="+76"/>
        <source>Label</source>
        <translation>ラベル</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Cost</source>
        <translation>コスト</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Share</source>
        <translation>割合</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Check values to keep or exclude their samples; double-click a value to keep only it</source>
        <translation>値をチェックしてそのサンプルを残すか除外します。値をダブルクリックするとその値だけを残します</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>&amp;Keep Checked</source>
        <translation>チェックを残す(&amp;K)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Keep only the samples with a checked value (pprof&apos;s -tagfocus)</source>
        <translation>チェックした値を持つサンプルだけを残す（pprof の -tagfocus）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>E&amp;xclude Checked</source>
        <translation>チェックを除外(&amp;X)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Drop the samples with a checked value (pprof&apos;s -tagignore)</source>
        <translation>チェックした値を持つサンプルを除外（pprof の -tagignore）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Group by Label</source>
        <translation>ラベルでグループ化(&amp;G)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A root frame per value of the selected label (pprof&apos;s -tagroot)</source>
        <translation>選択したラベルの値ごとに根フレームを作る（pprof の -tagroot）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>L&amp;abel Leaves</source>
        <translation>葉にラベルを付ける(&amp;A)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A leaf frame per value of the selected label, below where each sample was taken (pprof&apos;s -tagleaf)</source>
        <translation>選択したラベルの値ごとに、各サンプルの採取位置の下へ葉フレームを作る（pprof の -tagleaf）</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>e.g. 1kb:4mb, :64b, 32b</source>
        <translation>例: 1kb:4mb, :64b, 32b</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Filter &amp;Range</source>
        <translation>範囲で絞り込む(&amp;R)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Keep the samples whose numeric label is in the range (from:to, :to, from:, or one value; units as pprof&apos;s)</source>
        <translation>数値ラベルが範囲内のサンプルを残す（from:to, :to, from:, または単一の値。単位は pprof と同じ）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Numeric:</source>
        <translation>数値:</translation>
    </message>
    <message>
        <location line="+58"/>
        <source>This capture has no labels. Profilers add them per request, thread or allocation size (pprof labels).</source>
        <translation>このキャプチャにはラベルがありません。プロファイラーはリクエスト、スレッド、割り当てサイズごとにラベルを付けます（pprof ラベル）。</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>%1 (%2, %3 – %4)</source>
        <translation>%1（%2、%3 – %4）</translation>
    </message>
    <message numerus="yes">
        <location line="+11"/>
        <source>%n value(s)</source>
        <translation>
            <numerusform>%n 個の値</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>embers::MainWindow</name>
    <message>
        <location filename="../app/MainWindow.cpp" line="+112"/>
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
        <location line="+29"/>
        <source>Captures</source>
        <translation>キャプチャ</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+953"/>
        <source>Embers</source>
        <translation>Embers</translation>
    </message>
    <message>
        <location line="-911"/>
        <source>Skipped in the watched folder: %1</source>
        <translation>監視フォルダでスキップしました: %1</translation>
    </message>
    <message>
        <location line="+41"/>
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
        <location line="+3"/>
        <source>&amp;Capture…</source>
        <translation>キャプチャ(&amp;C)…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Profile a running Go service, Node process or Worker now</source>
        <translation>実行中の Go サービス、Node プロセス、Worker を今すぐプロファイルする</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Main</source>
        <translation>メイン</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Co&amp;mpare Captures…</source>
        <translation>キャプチャを比較(&amp;M)…</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Watch Folder…</source>
        <translation>フォルダを監視(&amp;W)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open every profile written into a folder from now on</source>
        <translation>今後フォルダに書き込まれるすべてのプロファイルを開きます</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Compare &amp;Watched Captures</source>
        <translation>監視中のキャプチャを比較(&amp;W)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>S&amp;top Watching Folder</source>
        <translation>フォルダの監視を停止(&amp;T)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Apply &amp;Source Maps…</source>
        <translation>ソースマップを適用(&amp;S)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show bundled JavaScript frames as the original functions</source>
        <translation>バンドルされた JavaScript のフレームを元の関数として表示する</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Export</source>
        <translation>エクスポート(&amp;E)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Profile…</source>
        <translation>プロファイル(&amp;P)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Save the capture as shown as a pprof file or folded stacks</source>
        <translation>表示中のキャプチャを pprof ファイルまたは folded スタックとして保存します</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;HTML Page…</source>
        <translation>&amp;HTML ページ…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Save the capture as shown as one web page that anyone can open in a browser, offline</source>
        <translation>表示中のキャプチャを、誰でもブラウザでオフラインで開ける 1 つの Web ページとして保存します</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>HTML Page with &amp;Source…</source>
        <translation>ソース付きの HTML ページ(&amp;S)…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The same web page with the source lines of its functions, where this machine has them: whoever opens it reads that code</source>
        <translation>同じ Web ページに、このマシンにある関数のソース行を含めます。ページを開く人はそのコードを読めます</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Close Capture</source>
        <translation>キャプチャを閉じる(&amp;C)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Quit</source>
        <translation>終了(&amp;Q)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Edit</source>
        <translation>編集(&amp;E)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Undo Transform</source>
        <translation>変換を元に戻す(&amp;U)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;Redo Transform</source>
        <translation>変換をやり直す(&amp;R)</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>&amp;View</source>
        <translation>表示(&amp;V)</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>&amp;Help</source>
        <translation>ヘルプ(&amp;H)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>キーボードショートカット(&amp;K)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;About Embers</source>
        <translation>Embers について(&amp;A)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Close</source>
        <translation>閉じる</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Diff Selected (First Is the Base)</source>
        <translation>選択したキャプチャの差分 (最初が基準)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show Selected Side by Side</source>
        <translation>選択したキャプチャを並べて表示</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Compare Selected in a Table</source>
        <translation>選択したキャプチャを表で比較</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Merge Selected</source>
        <translation>選択したキャプチャを統合</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Compare Captures</source>
        <translation>キャプチャを比較</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open at least two captures to compare them.</source>
        <translation>比較するには、キャプチャを 2 つ以上開いてください。</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Select at least two loaded captures to compare.</source>
        <translation>比較する読み込み済みのキャプチャを 2 つ以上選択してください。</translation>
    </message>
    <message>
        <location line="+59"/>
        <source>Not compared: a capture could not be opened.</source>
        <translation>比較しませんでした: 開けなかったキャプチャがあります。</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>&amp;%1 %2</source>
        <extracomment>Open Recent menu entry: number (keyboard accelerator) and file name</extracomment>
        <translation>&amp;%1 %2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No Recent Files</source>
        <translation>最近使ったファイルはありません</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Clear Recent Files</source>
        <translation>最近使ったファイルの一覧を消去</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>Profiles (*.pprof *.pb.gz *.pb *.prof *.cpuprofile *.heapprofile *.heapsnapshot *.folded *.collapsed)</source>
        <translation>プロファイル (*.pprof *.pb.gz *.pb *.prof *.cpuprofile *.heapprofile *.heapsnapshot *.folded *.collapsed)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>All files (*)</source>
        <translation>すべてのファイル (*)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open Profiles</source>
        <translation>プロファイルを開く</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Capture list</source>
        <translation>キャプチャ一覧</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>&amp;Theme</source>
        <translation>テーマ(&amp;T)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;System</source>
        <translation>システムに合わせる(&amp;S)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>&amp;Light</source>
        <translation>ライト(&amp;L)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>&amp;Dark</source>
        <translation>ダーク(&amp;D)</translation>
    </message>
    <message>
        <location line="+130"/>
        <source>Cannot watch %1: not a readable folder.</source>
        <translation>%1 を監視できません: 読み取り可能なフォルダではありません。</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Watch Folder</source>
        <translation>フォルダを監視</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>Capture %1 of the series failed: %2</source>
        <translation>シリーズの %1 回目のキャプチャに失敗しました: %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 is a service; it offers %2. Pick one in File ▸ Capture… (Discover).</source>
        <translation>%1 はサービスで、%2 を提供しています。ファイル ▸ キャプチャ…（検出）で 1 つ選んでください。</translation>
    </message>
    <message>
        <location line="+71"/>
        <source>Not compared: nothing was captured from %1.</source>
        <translation>比較しませんでした: %1 から何も取得できませんでした。</translation>
    </message>
    <message>
        <location line="+61"/>
        <source>Compare needs at least two captures from the watched folder.</source>
        <translation>比較には監視フォルダからのキャプチャが 2 つ以上必要です。</translation>
    </message>
    <message numerus="yes">
        <location line="+28"/>
        <source>Watching %1 (%n new captures)</source>
        <translation>
            <numerusform>%1 を監視中 (新しいキャプチャ %n 件)</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>New profiles written into %1 open as captures (File ▸ Stop Watching Folder)</source>
        <translation>%1 に書き込まれた新しいプロファイルはキャプチャとして開かれます (ファイル ▸ フォルダの監視を停止)</translation>
    </message>
    <message>
        <location line="+166"/>
        <source>Open as New Captures</source>
        <translation>新しいキャプチャとして開く</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Diff against %1 (the Base)</source>
        <translation>%1 を基準に差分を表示</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Side by Side with %1</source>
        <translation>%1 と並べて表示</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Merge with %1</source>
        <translation>%1 と統合</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Open a capture first: source maps apply to the capture shown.</source>
        <translation>先にキャプチャを開いてください。ソースマップは表示中のキャプチャに適用されます。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Apply Source Maps</source>
        <translation>ソースマップを適用</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Source maps (*.map);;All files (*)</source>
        <translation>ソースマップ (*.map);;すべてのファイル (*)</translation>
    </message>
    <message>
        <location line="-66"/>
        <source>%1 — Embers</source>
        <extracomment>window title: capture name, then the application name</extracomment>
        <translation>%1 — Embers</translation>
    </message>
</context>
<context>
    <name>embers::ProfileSummary</name>
    <message>
        <location filename="../viewer/widgets/ProfileSummary.cpp" line="+64"/>
        <source>%1: %2 of %3</source>
        <translation>%1: %3 のうち %2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Shown</source>
        <translation>表示中</translation>
    </message>
    <message>
        <location line="+13"/>
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
    <name>embers::ShortcutsDialog</name>
    <message>
        <location filename="../app/ShortcutsDialog.cpp" line="+61"/>
        <source>Flame graph</source>
        <translation>フレームグラフ</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Click</source>
        <translation>クリック</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Focus on a frame: it and its callers fill the width</source>
        <translation>フレームにフォーカス: そのフレームと呼び出し元が幅いっぱいに表示されます</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Select the caller (the callee in the flame orientation)</source>
        <translation>呼び出し元を選択 (上向き表示では呼び出し先)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Select the widest callee (the caller in the flame orientation)</source>
        <translation>最も幅の広い呼び出し先を選択 (上向き表示では呼び出し元)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Select the previous sibling</source>
        <translation>前の兄弟フレームを選択</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Select the next sibling</source>
        <translation>次の兄弟フレームを選択</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Focus on the selected frame</source>
        <translation>選択したフレームにフォーカス</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show the whole profile</source>
        <translation>プロファイル全体を表示</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1, back mouse button</source>
        <translation>%1、マウスの「戻る」ボタン</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Back to the previous focus</source>
        <translation>前のフォーカスに戻る</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1, forward mouse button</source>
        <translation>%1、マウスの「進む」ボタン</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Forward to the next focus</source>
        <translation>次のフォーカスに進む</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Next search match</source>
        <translation>次の検索結果</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Previous search match</source>
        <translation>前の検索結果</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Zoom in</source>
        <translation>拡大</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Zoom out</source>
        <translation>縮小</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reset the zoom</source>
        <translation>拡大率をリセット</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ctrl+Wheel</source>
        <translation>Ctrl+ホイール</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Zoom in or out around the pointer</source>
        <translation>ポインタの位置を中心に拡大・縮小</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Shift+Wheel</source>
        <translation>Shift+ホイール</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Scroll sideways</source>
        <translation>横にスクロール</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Search</source>
        <translation>検索</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Search functions in the flame graph</source>
        <translation>フレームグラフ内の関数を検索</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>In the search field: next match</source>
        <translation>検索欄で: 次の検索結果</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>In the search field: previous match</source>
        <translation>検索欄で: 前の検索結果</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Function table</source>
        <translation>関数テーブル</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1, %2</source>
        <translation>%1、%2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Select a function: its boxes light up in the flame graph</source>
        <translation>関数を選択: フレームグラフでその関数のボックスが強調表示されます</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1, double-click</source>
        <translation>%1、ダブルクリック</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Focus the flame graph on the function</source>
        <translation>フレームグラフをその関数にフォーカス</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Copy Row</source>
        <translation>行をコピー</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Capture page</source>
        <translation>キャプチャのページ</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show the flame graph</source>
        <translation>フレームグラフを表示</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show the callers and callees of the selected function</source>
        <translation>選択した関数の呼び出し元と呼び出し先を表示</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Hide or show V8&apos;s idle and program frames</source>
        <translation>V8 の idle と program フレームを隠す/表示する</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Invert Graph (Bottom-Up)</source>
        <translation>グラフを反転（ボトムアップ）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1, double-click a box</source>
        <translation>%1、ボックスをダブルクリック</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show Source</source>
        <translation>ソースを表示</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show the labels</source>
        <translation>ラベルを表示</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show the bottom-up tree</source>
        <translation>ボトムアップツリーを表示</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Transforms</source>
        <translation>変換</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Right-click</source>
        <translation>右クリック</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>On a box or a table row: focus, merge, drop, collapse…</source>
        <translation>ボックスや表の行で: フォーカス、統合、除外、折りたたみ…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Undo the last change to the transforms</source>
        <translation>変換への最後の変更を元に戻す</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Redo it</source>
        <translation>やり直す</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Keyboard Shortcuts</source>
        <translation>キーボードショートカット</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Shortcut</source>
        <translation>ショートカット</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Action</source>
        <translation>操作</translation>
    </message>
</context>
<context>
    <name>embers::SideBySideView</name>
    <message>
        <location filename="../viewer/widgets/SideBySideView.cpp" line="+65"/>
        <source>&amp;Sample type:</source>
        <translation>サンプルの種類(&amp;S):</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>All frames</source>
        <translation>すべてのフレーム</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show the whole profile in every pane (Esc)</source>
        <translation>すべてのペインでプロファイル全体を表示 (Esc)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Search all panes (Ctrl+F)</source>
        <translation>すべてのペインを検索 (Ctrl+F)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Rege&amp;x</source>
        <translation>正規表現(&amp;X)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Flame</source>
        <translation>上向き</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Draw callers below their callees, as a classic flame graph</source>
        <translation>従来のフレームグラフのように、呼び出し元を呼び出し先の下に描画します</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>Lines &amp;of:</source>
        <translation>キャプチャ(&amp;O):</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Flame &amp;Graphs</source>
        <translation>フレームグラフ(&amp;G)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Source</source>
        <translation>ソース</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A function&apos;s source lines with one capture&apos;s costs (Show Source on a box, or double-click it)</source>
        <translation>関数のソース行と、1 つのキャプチャでのコスト(ボックスで「ソースを表示」、またはダブルクリック)</translation>
    </message>
    <message>
        <location line="+102"/>
        <source>Show &amp;Source</source>
        <translation>ソースを表示(&amp;S)</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>Matched: %1%</source>
        <extracomment>the share of a pane&apos;s total that the search matched, e.g. &quot;Matched: 12.3%&quot;</extracomment>
        <translation>一致: %1%</translation>
    </message>
    <message>
        <location line="+233"/>
        <source>No samples of this type in this capture.</source>
        <translation>このキャプチャにはこの種類のサンプルがありません。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&lt;b&gt;%1&lt;/b&gt; was not sampled on this call path in this capture.</source>
        <translation>このキャプチャでは、この呼び出しパス上で &lt;b&gt;%1&lt;/b&gt; はサンプルされていません。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show all frames</source>
        <translation>すべてのフレームを表示</translation>
    </message>
</context>
<context>
    <name>embers::SourceMapBar</name>
    <message>
        <location filename="../viewer/widgets/SourceMapBar.cpp" line="+13"/>
        <source>&amp;Apply</source>
        <translation>適用(&amp;A)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>&amp;Undo</source>
        <translation>元に戻す(&amp;U)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Dismiss</source>
        <translation>閉じる</translation>
    </message>
</context>
<context>
    <name>embers::SourceMapController</name>
    <message>
        <location filename="../viewer/document/SourceMapController.cpp" line="+101"/>
        <source>No source map found in %1.</source>
        <translation>%1 にソースマップが見つかりません。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No frame of %1 is in a script these source maps are for.</source>
        <translation>%1 には、これらのソースマップが対象とするスクリプトのフレームがありません。</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Source map: remapped by line only, approximate (the line holds code of several original lines)</source>
        <translation>ソースマップ: 行だけで対応付けたため近似です (その行に元の複数の行のコードがあります)</translation>
    </message>
    <message>
        <location line="+56"/>
        <source>Source maps found beside the capture&apos;s scripts: %1</source>
        <translation>キャプチャのスクリプトの隣にソースマップがあります: %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Applying source maps…</source>
        <translation>ソースマップを適用しています…</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Source maps: %1 frames remapped, %2 approximate (%3)</source>
        <extracomment>%1 and %2 are counts of frames, %3 the source map files used</extracomment>
        <translation>ソースマップ: %1 個のフレームを対応付け、うち %2 個は近似 (%3)</translation>
    </message>
</context>
<context>
    <name>embers::SourcePane</name>
    <message>
        <location filename="../viewer/widgets/SourcePane.cpp" line="+74"/>
        <source>&amp;Locate…</source>
        <translation>場所を指定(&amp;L)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Choose the file on this machine; files recorded under the same folder are then found there too</source>
        <translation>このマシン上のファイルを選びます。同じフォルダーで記録されたほかのファイルもそこで見つかるようになります</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Right-click a function in the flame graph or the table and choose &lt;b&gt;Show Source&lt;/b&gt; (or select it and press %1) to see its lines with their costs here.</source>
        <translation>フレームグラフか表で関数を右クリックして&lt;b&gt;ソースを表示&lt;/b&gt;を選ぶ (または選択して %1 を押す) と、ここにその行とコストが表示されます。</translation>
    </message>
    <message>
        <location line="+25"/>
        <location line="+78"/>
        <location line="+93"/>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <location line="-106"/>
        <source>The profile names no source file for &lt;b&gt;%1&lt;/b&gt;.</source>
        <translation>プロファイルには &lt;b&gt;%1&lt;/b&gt; のソースファイルの記録がありません。</translation>
    </message>
    <message>
        <location line="-61"/>
        <source>Reading %1…</source>
        <translation>%1 を読み込み中…</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>Reading the costs of %1…</source>
        <translation>%1 のコストを読み込み中…</translation>
    </message>
    <message>
        <location line="+87"/>
        <source>it is a folder</source>
        <translation>フォルダーです</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>it is not a regular file</source>
        <translation>通常のファイルではありません</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>it cannot be read</source>
        <translation>読み取れません</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>it is a binary file, not source text</source>
        <translation>ソースのテキストではなくバイナリファイルです</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>it is too large to show</source>
        <translation>大きすぎて表示できません</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>it is gone</source>
        <translation>なくなっています</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&lt;b&gt;%1&lt;/b&gt; was found, but %2.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; は見つかりましたが、%2。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;b&gt;%1&lt;/b&gt; was not found on this machine. Use &lt;b&gt;Locate…&lt;/b&gt; to choose it; other files recorded under the same folder are then found too.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; はこのマシンで見つかりませんでした。&lt;b&gt;場所を指定…&lt;/b&gt;で選んでください。同じフォルダーで記録されたほかのファイルも見つかるようになります。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Searched:</source>
        <translation>探した場所:</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Lines with a cost in this file:</source>
        <translation>このファイルでコストのある行:</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>line %1</source>
        <translation>%1 行目</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>self %1, total %2</source>
        <translation>self %1、total %2</translation>
    </message>
    <message numerus="yes">
        <location line="+21"/>
        <source>The file has %n lines, but the profile records costs on line %1: it is not the file the profile was taken from.</source>
        <translation>
            <numerusform>ファイルは %n 行ですが、プロファイルには %1 行目のコストが記録されています。プロファイルを取ったときのファイルではありません。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+13"/>
        <source>The file changed after the profile was taken (%1): lines may have moved.</source>
        <translation>プロファイルを取った後にファイルが変更されています (%1)。行がずれている可能性があります。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The file is not valid UTF-8; what cannot be read shows as �.</source>
        <translation>ファイルは正しい UTF-8 ではありません。読めない部分は � で表示します。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 — %2 (as embedded in %3)</source>
        <translation>%1 — %2 (%3 に埋め込まれたもの)</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Locate %1</source>
        <translation>%1 の場所を指定</translation>
    </message>
</context>
<context>
    <name>embers::SourceView</name>
    <message>
        <location filename="../viewer/widgets/SourceView.cpp" line="+144"/>
        <source>Each line&apos;s total (with what it calls) in the base and in the new capture, and the change; the base is scaled to the new total when the diff is normalised. A line&apos;s tooltip has its self values too.</source>
        <translation>各行の合計 (呼び出し先を含む) をベースと新しいキャプチャで示し、その変化を示します。差分を正規化すると、ベースは新しい合計に合わせて拡大縮小されます。行のツールチップには自己の値も表示されます。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Self: the line&apos;s own cost. Total: with what it calls.</source>
        <translation>自己: その行自身のコスト。合計: 呼び出し先を含むコスト。</translation>
    </message>
    <message>
        <location line="+37"/>
        <location line="+103"/>
        <source>Line</source>
        <translation>行</translation>
    </message>
    <message>
        <location line="-22"/>
        <source>Before</source>
        <translation>前</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>After</source>
        <translation>後</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Change</source>
        <translation>変化</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Self</source>
        <translation>自己</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Total</source>
        <translation>合計</translation>
    </message>
    <message numerus="yes">
        <location line="+75"/>
        <source> … %n more characters</source>
        <translation>
            <numerusform> … さらに %n 文字</numerusform>
        </translation>
    </message>
    <message>
        <location line="+85"/>
        <source>(past the end of the file)</source>
        <translation>(ファイルの末尾より後)</translation>
    </message>
    <message>
        <location line="+78"/>
        <source>Line %1</source>
        <translation>%1 行目</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>no change</source>
        <translation>変化なし</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Total: %1 → %2 (%3)</source>
        <translation>合計: %1 → %2 (%3)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Self: %1 → %2 (%3)</source>
        <translation>自己: %1 → %2 (%3)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Change: %1 of the new total</source>
        <translation>変化: 新しい合計の %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Self: %1 (%2 of all)</source>
        <translation>自己: %1 (全体の %2)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Total: %1 (%2 of all)</source>
        <translation>合計: %1 (全体の %2)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 of %2</source>
        <translation>%2 の %1</translation>
    </message>
</context>
<context>
    <name>embers::StandardInput</name>
    <message>
        <location filename="../app/StandardInput.cpp" line="+26"/>
        <source>standard input</source>
        <translation>標準入力</translation>
    </message>
</context>
<context>
    <name>embers::StartPage</name>
    <message>
        <location filename="../viewer/widgets/StartPage.cpp" line="+31"/>
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
        <location line="+3"/>
        <source>Reopen &amp;Last Session</source>
        <translation>前回のセッションを再度開く(&amp;L)</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Recent Files</source>
        <translation>最近使ったファイル</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Examples</source>
        <translation>例</translation>
    </message>
    <message>
        <location line="+79"/>
        <source>No recent files</source>
        <translation>最近使ったファイルはありません</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No examples installed</source>
        <translation>例はインストールされていません</translation>
    </message>
</context>
<context>
    <name>embers::TransformBar</name>
    <message>
        <location filename="../viewer/widgets/TransformBar.cpp" line="+54"/>
        <source>Transforms:</source>
        <translation>変換:</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>Pop</source>
        <translation>最後を削除</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove the last transform</source>
        <translation>最後の変換を削除</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>pprof&apos;s option: focus, ignore, hide, show and show_from take a regular expression; tagfocus and tagignore a label filter (key=value, key=1kb:4mb); tagroot and tagleaf label keys</source>
        <translation>pprof のオプション: focus、ignore、hide、show、show_from は正規表現、tagfocus と tagignore はラベルフィルター（key=value、key=1kb:4mb）、tagroot と tagleaf はラベルキー</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+11"/>
        <source>Regular expression…</source>
        <translation>正規表現…</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>Label keys…</source>
        <translation>ラベルキー…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>key=value…</source>
        <translation>key=value…</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>%1 (error)</source>
        <translation>%1（エラー）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 (no match)</source>
        <translation>%1（一致なし）</translation>
    </message>
    <message>
        <location line="+77"/>
        <source>This capture has no labels.</source>
        <translation>このキャプチャにはラベルがありません。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Failed: %1</source>
        <translation>失敗: %1</translation>
    </message>
    <message>
        <location line="-66"/>
        <source>This transform matched nothing.</source>
        <translation>この変換に一致するものはありませんでした。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Click to turn it off; right-click for more.</source>
        <translation>クリックで無効化、右クリックでその他の操作。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Turned off. Click to turn it on again.</source>
        <translation>無効です。クリックで再び有効にします。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Remove this transform</source>
        <translation>この変換を削除</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Turn Off</source>
        <translation>無効にする</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Turn On</source>
        <translation>有効にする</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Remove</source>
        <translation>削除</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pop Back to Here</source>
        <translation>ここまで戻す</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Applying…</source>
        <translation>適用中…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>none — right-click a function to add one</source>
        <translation>なし — 関数を右クリックして追加</translation>
    </message>
</context>
<context>
    <name>embers::TransformController</name>
    <message>
        <location filename="../viewer/document/TransformController.cpp" line="+150"/>
        <source>Focus</source>
        <translation>フォーカス</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Ignore</source>
        <translation>除外</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Hide</source>
        <translation>非表示</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show</source>
        <translation>表示</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show from</source>
        <translation>ここから表示</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Label filter</source>
        <translation>ラベルフィルター</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Label exclude</source>
        <translation>ラベル除外</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Group by label</source>
        <translation>ラベルでグループ化</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Labels at the leaf</source>
        <translation>リーフにラベル</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Focus on function</source>
        <translation>関数にフォーカス</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Focus on call path</source>
        <translation>呼び出し経路にフォーカス</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Merge</source>
        <translation>統合</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Drop</source>
        <translation>除外</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Collapse direct recursion</source>
        <translation>直接再帰を折りたたむ</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Collapse recursion</source>
        <translation>再帰を折りたたむ</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Collapse file</source>
        <translation>ファイルを折りたたむ</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Collapse package</source>
        <translation>パッケージを折りたたむ</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Collapse library</source>
        <translation>ライブラリを折りたたむ</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>everywhere</source>
        <translation>すべて</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
</context>
<context>
    <name>embers::TrendChart</name>
    <message>
        <location filename="../viewer/widgets/TrendChart.cpp" line="+122"/>
        <source>#%1 %2: %3</source>
        <extracomment>the trend chart&apos;s tooltip: the capture&apos;s place and name, the function&apos;s value</extracomment>
        <translation>#%1 %2: %3</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>%1 from #%2</source>
        <extracomment>the trend chart&apos;s finding: the verdict and the capture, e.g. &quot;Grew from #5&quot;</extracomment>
        <translation>#%2 から%1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Select a function to see it capture by capture</source>
        <translation>関数を選ぶと、キャプチャごとの値を表示します</translation>
    </message>
</context>
<context>
    <name>embers::TruncationNotes</name>
    <message>
        <location filename="../viewer/widgets/TruncationNotes.cpp" line="+23"/>
        <source>Stacks truncated at %1 frames by the profiler: their real roots are unknown</source>
        <translation>プロファイラにより %1 フレームで切り詰められたスタック: 本当のルートは不明です</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Stack truncated at %1 frames: its real root is unknown</source>
        <translation>%1 フレームで切り詰められたスタック: 本当のルートは不明です</translation>
    </message>
</context>
</TS>
