<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_TW">
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
    <name>InflatingStream</name>
    <message>
        <location filename="../viewer/core/decode/InflatingStream.cpp" line="+66"/>
        <source>cannot initialise zlib</source>
        <translation>無法初始化 zlib</translation>
    </message>
    <message>
        <location line="+67"/>
        <source>read error: %1</source>
        <translation>讀取錯誤：%1</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>truncated gzip data: the file ends before the compressed stream does (after %1 bytes)</source>
        <translation>gzip 資料不完整：檔案在壓縮串流結束前就結束了（在 %1 位元組之後）</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>the file holds several gzip members (concatenated profiles, as from `cat a.pb.gz b.pb.gz`); open each profile as its own file</source>
        <translation>檔案包含多個 gzip 成員（串接的剖析檔，例如以 `cat a.pb.gz b.pb.gz` 產生）；請將每個剖析檔分別開啟</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>unexpected data after the end of the gzip stream</source>
        <translation>gzip 串流結束後出現非預期的資料</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>corrupt gzip data: %1</source>
        <translation>gzip 資料已損毀：%1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>the profile inflates to more than the size limit of %1 (a gzip bomb?)</source>
        <translation>剖析檔解壓縮後超過大小上限 %1（gzip 炸彈？）</translation>
    </message>
    <message>
        <location line="+80"/>
        <source>the profile is larger than the size limit of %1</source>
        <translation>剖析檔超過大小上限 %1</translation>
    </message>
</context>
<context>
    <name>PprofDecoder</name>
    <message>
        <location filename="../viewer/core/decode/PprofDecoder.cpp" line="+882"/>
        <source>not a valid pprof protobuf message (it stops in the middle of a field at byte %1)</source>
        <translation>不是有效的 pprof protobuf 訊息（在第 %1 位元組處於欄位中途結束）</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>not a valid pprof profile: %1</source>
        <translation>不是有效的 pprof 剖析檔：%1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>out of memory while decoding the profile</source>
        <translation>解碼剖析檔時記憶體不足</translation>
    </message>
</context>
<context>
    <name>ProfileLoader</name>
    <message>
        <location filename="../viewer/core/decode/ProfileLoader.cpp" line="+29"/>
        <source>convert it with `go tool pprof -proto FILE &gt; FILE.pb.gz`</source>
        <translation>請以 `go tool pprof -proto FILE &gt; FILE.pb.gz` 轉換</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>this is a JSON error response, not a profile: &quot;%1&quot;</source>
        <translation>這是 JSON 錯誤回應，不是剖析檔：&quot;%1&quot;</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>this is JSON (a Chrome .cpuprofile?), not a pprof profile</source>
        <translation>這是 JSON（Chrome 的 .cpuprofile？），不是 pprof 剖析檔</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>this is a JSON document, not a pprof profile</source>
        <translation>這是 JSON 文件，不是 pprof 剖析檔</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>this is a PNG image, not a profile</source>
        <translation>這是 PNG 圖片，不是剖析檔</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>this is a JPEG image, not a profile</source>
        <translation>這是 JPEG 圖片，不是剖析檔</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>this is a PDF document, not a profile</source>
        <translation>這是 PDF 文件，不是剖析檔</translation>
    </message>
    <message>
        <location line="-21"/>
        <source>this is a zip archive, not a profile; extract the profile first</source>
        <translation>這是 zip 封存檔，不是剖析檔；請先解壓出剖析檔</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>this is zstd-compressed data; decompress it with `zstd -d` first</source>
        <translation>這是以 zstd 壓縮的資料；請先以 `zstd -d` 解壓縮</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>this is bzip2-compressed data; decompress it with `bunzip2` first</source>
        <translation>這是以 bzip2 壓縮的資料；請先以 `bunzip2` 解壓縮</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>this is an HTML or XML document, not a profile</source>
        <translation>這是 HTML 或 XML 文件，不是剖析檔</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>legacy text profile (gperftools or Go debug format); %1</source>
        <translation>舊式文字剖析檔（gperftools 或 Go 除錯格式）；%1</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>this is a text file, not a pprof profile or folded stacks (it begins &quot;%1&quot;)</source>
        <translation>這是文字檔，不是 pprof 剖析檔，也不是摺疊堆疊（開頭為「%1」）</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>the data is larger than %1 MiB, more than Embers reads as %2</source>
        <translation>資料超過 %1 MiB，超出 Embers 以 %2 讀取的上限</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>it is too large for Qt&apos;s JSON reader</source>
        <translation>對 Qt 的 JSON 讀取器而言太大</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>this Chrome .cpuprofile is not valid JSON (%1 at byte %2); is it truncated?</source>
        <translation>此 Chrome .cpuprofile 不是有效的 JSON（第 %2 位元組：%1）；檔案是否不完整？</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>this Chrome .cpuprofile is not valid JSON (%1 at byte %2)</source>
        <translation>此 Chrome .cpuprofile 不是有效的 JSON（第 %2 位元組：%1）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>this Chrome .heapprofile is not valid JSON (%1 at byte %2); is it truncated?</source>
        <translation>此 Chrome .heapprofile 不是有效的 JSON（第 %2 位元組：%1）；檔案是否不完整？</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>this Chrome .heapprofile is not valid JSON (%1 at byte %2)</source>
        <translation>此 Chrome .heapprofile 不是有效的 JSON（第 %2 位元組：%1）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>this JSON document is not valid JSON (%1 at byte %2); is it truncated?</source>
        <translation>此 JSON 文件不是有效的 JSON（第 %2 位元組：%1）；檔案是否不完整？</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>this JSON document is not valid JSON (%1 at byte %2)</source>
        <translation>此 JSON 文件不是有效的 JSON（第 %2 位元組：%1）</translation>
    </message>
    <message>
        <location line="+32"/>
        <location line="+8"/>
        <source>the file is empty</source>
        <translation>檔案是空的</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>legacy binary CPU profile (gperftools format); %1</source>
        <translation>舊式二進位 CPU 剖析檔（gperftools 格式）；%1</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>the data is gzip-compressed twice; decompress it once with `gunzip` first</source>
        <translation>資料經過兩次 gzip 壓縮；請先以 `gunzip` 解壓縮一次</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>gzip-compressed legacy binary CPU profile (gperftools format); %1</source>
        <translation>以 gzip 壓縮的舊式二進位 CPU 剖析檔（gperftools 格式）；%1</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+58"/>
        <source>gzip-compressed, but %1</source>
        <translation>以 gzip 壓縮，但%1</translation>
    </message>
    <message>
        <location line="-39"/>
        <source>JSON</source>
        <translation>JSON</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>folded stacks</source>
        <translation>摺疊堆疊</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+7"/>
        <location line="+18"/>
        <source>loading was cancelled</source>
        <translation>已取消載入</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the gzip data inflates to nothing</source>
        <translation>gzip 資料解壓縮後沒有內容</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>the gzip data inflates to an empty file</source>
        <translation>gzip 資料解壓縮後是空檔案</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>cannot open: %1</source>
        <translation>無法開啟：%1</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <location filename="../viewer/widgets/TransformMenu.cpp" line="+59"/>
        <source>Focus on Function</source>
        <translation>聚焦於函式</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Root the graph at %1, its callers merged</source>
        <translation>以 %1 作為圖的根，合併其呼叫者</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Focus on This Call Path</source>
        <translation>聚焦於此呼叫路徑</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Show From Here</source>
        <translation>從這裡開始顯示</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Merge into Caller (Hide)</source>
        <translation>合併至呼叫者（隱藏）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Drop Samples with This Function</source>
        <translation>捨棄含此函式的樣本</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Collapse Recursion</source>
        <translation>摺疊遞迴</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Collapse Direct Recursion Everywhere</source>
        <translation>摺疊所有直接遞迴</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Collapse File</source>
        <translation>摺疊檔案</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Collapse File %1</source>
        <translation>摺疊檔案 %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Collapse Package</source>
        <translation>摺疊套件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Collapse Package %1</source>
        <translation>摺疊套件 %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Collapse Library</source>
        <translation>摺疊函式庫</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Collapse Library %1</source>
        <translation>摺疊函式庫 %1</translation>
    </message>
    <message>
        <location filename="../viewer/widgets/CopyActions.cpp" line="+54"/>
        <source>Copy Function Name</source>
        <translation>複製函式名稱</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Copy Call Stack</source>
        <translation>複製呼叫堆疊</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Copy Row</source>
        <translation>複製列</translation>
    </message>
</context>
<context>
    <name>Transform</name>
    <message>
        <location filename="../viewer/core/transforms/TagFilter.cpp" line="+103"/>
        <location filename="../viewer/core/transforms/Transform.cpp" line="+155"/>
        <source>bad regular expression &apos;%1&apos;: %2</source>
        <translation>正規表示式 &apos;%1&apos; 無效：%2</translation>
    </message>
    <message>
        <location filename="../viewer/core/transforms/LabelTransforms.cpp" line="+22"/>
        <source>the profile was opened without its labels</source>
        <translation>開啟剖析檔時未保留其標籤</translation>
    </message>
    <message>
        <location line="+56"/>
        <source>(no %1)</source>
        <translation>（無 %1）</translation>
    </message>
</context>
<context>
    <name>embers::AboutDialog</name>
    <message>
        <location filename="../app/AboutDialog.cpp" line="+43"/>
        <source>About Embers</source>
        <translation>關於 Embers</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>&amp;About</source>
        <translation>關於(&amp;A)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Licence</source>
        <translation>授權條款(&amp;L)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Third-Party Notices</source>
        <translation>第三方授權聲明(&amp;T)</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>&lt;h2&gt;Embers %1&lt;/h2&gt;&lt;p&gt;A flame graph viewer for pprof profiles.&lt;/p&gt;&lt;p&gt;Built with Qt %2, running on Qt %3.&lt;/p&gt;&lt;p&gt;Copyright © 2026 The Embers developers.&lt;br&gt;Embers is free software under the MIT licence.&lt;/p&gt;&lt;p&gt;Embers uses Qt (LGPL-3.0), Protocol Buffers (BSD-3-Clause) and zlib (zlib licence); see the third-party notices.&lt;/p&gt;&lt;p&gt;&lt;a href=&quot;%4&quot;&gt;%4&lt;/a&gt;&lt;/p&gt;</source>
        <translation>&lt;h2&gt;Embers %1&lt;/h2&gt;&lt;p&gt;pprof 剖析檔的火焰圖檢視器。&lt;/p&gt;&lt;p&gt;以 Qt %2 建置，在 Qt %3 上執行。&lt;/p&gt;&lt;p&gt;Copyright © 2026 The Embers developers.&lt;br&gt;Embers 是以 MIT 授權條款發布的自由軟體。&lt;/p&gt;&lt;p&gt;Embers 使用 Qt (LGPL-3.0)、Protocol Buffers (BSD-3-Clause) 與 zlib (zlib 授權條款)；詳見第三方授權聲明。&lt;/p&gt;&lt;p&gt;&lt;a href=&quot;%4&quot;&gt;%4&lt;/a&gt;&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>embers::BottomUpModel</name>
    <message>
        <location filename="../viewer/widgets/BottomUpModel.cpp" line="+108"/>
        <source>Called from here: the cost that came through this caller</source>
        <translation>由此呼叫：經過此呼叫者的成本</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Samples taken in this function (its self cost); expand for its callers</source>
        <translation>在此函式中取得的樣本（自身成本）；展開可看其呼叫者</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Function (callers below)</source>
        <translation>函式（下方為呼叫者）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cost</source>
        <translation>成本</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cost %</source>
        <translation>成本 %</translation>
    </message>
</context>
<context>
    <name>embers::BottomUpView</name>
    <message>
        <location filename="../viewer/widgets/BottomUpView.cpp" line="+23"/>
        <source>Building the bottom-up tree…</source>
        <translation>正在建立由下而上樹…</translation>
    </message>
</context>
<context>
    <name>embers::Breadcrumbs</name>
    <message>
        <location filename="../viewer/widgets/Breadcrumbs.cpp" line="+34"/>
        <source>all</source>
        <translation>全部</translation>
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
        <translation>在表格或火焰圖中選取函式，即可查看呼叫它的函式與它呼叫的函式，並合併它出現的每個位置。</translation>
    </message>
    <message>
        <location line="+144"/>
        <source>all callers of %1</source>
        <translation>%1 的所有呼叫者</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+2"/>
        <source>Every stack through %1</source>
        <translation>經過 %1 的所有堆疊</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>all calls of %1</source>
        <translation>%1 的所有呼叫</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>&lt;b&gt;%1&lt;/b&gt; &amp;nbsp; Total: %2 &amp;nbsp; Self: %3</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; &amp;nbsp; 總計：%2 &amp;nbsp; 自身：%3</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&lt;i&gt;(building…)&lt;/i&gt;</source>
        <translation>&lt;i&gt;(建立中…)&lt;/i&gt;</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>&lt;b&gt;Callers&lt;/b&gt; of %1 — who called it, merged over all its calls</source>
        <translation>%1 的&lt;b&gt;呼叫者&lt;/b&gt; — 呼叫它的函式（合併所有呼叫）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;b&gt;Callees&lt;/b&gt; of %1 — what it called, merged over all its calls</source>
        <translation>%1 的&lt;b&gt;被呼叫者&lt;/b&gt; — 它呼叫的函式（合併所有呼叫）</translation>
    </message>
    <message>
        <location line="-8"/>
        <source>Double-click a function to centre the view on it.</source>
        <translation>按兩下函式即可以該函式為中心顯示。</translation>
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
        <translation>取消</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>End the recording now and keep what was recorded</source>
        <translation>立即結束記錄並保留已記錄的內容</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Discard this capture</source>
        <translation>捨棄此擷取</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Dismiss</source>
        <translation>關閉</translation>
    </message>
    <message>
        <location line="+54"/>
        <source>a heap snapshot</source>
        <translation>堆積快照</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>heap</source>
        <translation>堆積</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a profile</source>
        <translation>剖析檔</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Recording %1 from %2: %3 s left</source>
        <translation>正在從 %2 記錄 %1：剩餘 %3 秒</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Recording %1 from %2: %3 s</source>
        <translation>正在從 %2 記錄 %1：%3 秒</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Collecting the profile from %1…</source>
        <translation>正在從 %1 取得剖析檔…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Connecting to %1…</source>
        <translation>正在連線至 %1…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Saving and opening the capture from %1…</source>
        <translation>正在儲存並開啟來自 %1 的擷取…</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>Next capture from %1 in %2 s (%n saved)</source>
        <translation>
            <numerusform>%2 秒後從 %1 進行下一次擷取（已儲存 %n 個）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>embers::CaptureDialog</name>
    <message>
        <location filename="../app/CaptureDialog.cpp" line="+66"/>
        <source>&amp;Discover</source>
        <translation>探索(&amp;D)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Repeat every</source>
        <translation>重複間隔(&amp;R)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Capture a Profile</source>
        <translation>擷取剖析檔</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>http://host:6060/debug/pprof/profile or inspect://127.0.0.1:9229</source>
        <translation>http://host:6060/debug/pprof/profile 或 inspect://127.0.0.1:9229</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A URL that serves a profile (Go&apos;s net/http/pprof, a profiling API&apos;s download link), a Go service&apos;s address (http://host:port) to list what it offers, or a V8 inspector: node --inspect, workerd --inspector-addr, wrangler dev</source>
        <translation>提供剖析檔的 URL（Go 的 net/http/pprof、剖析 API 的下載連結）、列出其提供內容的 Go 服務位址（http://host:port），或 V8 檢查器：node --inspect、workerd --inspector-addr、wrangler dev</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>List the inspector&apos;s targets or the service&apos;s profiles</source>
        <translation>列出檢查器的目標或服務的剖析檔</translation>
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
        <translation>直到停止</translation>
    </message>
    <message>
        <location line="-89"/>
        <source>Sampling &amp;interval:</source>
        <translation>取樣間隔(&amp;I)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Time-&amp;out:</source>
        <translation>逾時(&amp;O)：</translation>
    </message>
    <message>
        <location line="+70"/>
        <source> µs</source>
        <translation> µs</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>V8&apos;s CPU sampling interval: one sample every so many microseconds</source>
        <translation>V8 的 CPU 取樣間隔：每隔多少微秒取一個樣本</translation>
    </message>
    <message>
        <location line="-106"/>
        <source>Capture again and again: a series to compare as it grows</source>
        <translation>反覆擷取：形成可隨時比較的系列</translation>
    </message>
    <message>
        <location line="-32"/>
        <source>Heap allocations (sampling)</source>
        <translation>堆積配置（取樣）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Live heap objects (sampling)</source>
        <translation>存活的堆積物件（取樣）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Heap snapshot</source>
        <translation>堆積快照</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Every sampled allocation of the recording, collected by the garbage collector or not: who allocates</source>
        <translation>記錄期間取樣到的每一次配置，不論是否已被垃圾回收器回收：誰在配置</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The sampled objects still live when the recording stops</source>
        <translation>記錄停止時仍存活的取樣物件</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Every object on the heap now, by what retains it (the dominator tree), saved as the .heapsnapshot itself</source>
        <translation>此刻堆積上的每個物件，依保留它的物件（支配樹）呈現，以 .heapsnapshot 原樣儲存</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>default</source>
        <translation>預設</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>How long to wait for the target beyond the recording, at each step (as --timeout): by default half the duration, at least 10 s, and 60 s for the profile</source>
        <translation>記錄之後每個步驟等待目標的時間 (同 --timeout)：預設為記錄時間的一半 (至少 10 秒)，剖析檔為 60 秒</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Authorization: Bearer …</source>
        <translation>Authorization: Bearer …</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sent with this capture&apos;s requests only; never saved</source>
        <translation>僅隨此擷取的請求傳送；絕不儲存</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>C&amp;hange…</source>
        <translation>變更(&amp;H)…</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Target:</source>
        <translation>目標(&amp;T)：</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Record:</source>
        <translation>記錄內容(&amp;R)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Duration:</source>
        <translation>時長(&amp;D)：</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>HTTP &amp;header:</source>
        <translation>HTTP 標頭(&amp;H)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Saved in:</source>
        <translation>儲存於：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Start</source>
        <translation>開始(&amp;S)</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Captures Folder</source>
        <translation>擷取資料夾</translation>
    </message>
    <message>
        <location line="+27"/>
        <source> bytes</source>
        <translation> 位元組</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>V8&apos;s heap sampling interval: one sample every so many bytes allocated, on average (Cloudflare&apos;s heap profiles use 524288)</source>
        <translation>V8 的堆積取樣間隔：平均每配置多少位元組取一個樣本（Cloudflare 的堆積剖析使用 524288）</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>as the server decides</source>
        <translation>依伺服器預設</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>Write http://HOST:PORT or inspect://HOST:PORT first.</source>
        <translation>請先輸入 http://HOST:PORT 或 inspect://HOST:PORT。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Asking %1…</source>
        <translation>正在詢問 %1…</translation>
    </message>
    <message>
        <location line="+23"/>
        <source> (in use)</source>
        <translation>（使用中）</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Nothing to profile there.</source>
        <translation>那裡沒有可剖析的對象。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pick one:</source>
        <translation>請選擇一個：</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>Write a URL (http://..., https://...) or an inspector&apos;s address (inspect://HOST:PORT).</source>
        <translation>請輸入 URL（http://...、https://...）或檢查器位址（inspect://HOST:PORT）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>An inspector&apos;s address is inspect://HOST:PORT or inspect://HOST:PORT/ID.</source>
        <translation>檢查器位址為 inspect://HOST:PORT 或 inspect://HOST:PORT/ID。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The header must read &quot;Name: value&quot;.</source>
        <translation>標頭的格式必須為「Name: value」。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A repeated capture needs a duration.</source>
        <translation>重複擷取需要指定時長。</translation>
    </message>
</context>
<context>
    <name>embers::CaptureExport</name>
    <message>
        <location filename="../app/CaptureExport.cpp" line="+41"/>
        <source>%1: is an input of the capture; choose another file</source>
        <translation>%1：這是擷取的輸入檔案；請選擇其他檔案</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>Export HTML Page</source>
        <translation>匯出 HTML 網頁</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Web page (*.html)</source>
        <translation>網頁 (*.html)</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>%1: the capture has no sample type to export</source>
        <translation>%1：此擷取沒有可匯出的樣本類型</translation>
    </message>
    <message>
        <location line="+24"/>
        <location line="+44"/>
        <source>Open a capture first: there is nothing to export.</source>
        <translation>請先開啟擷取：沒有可匯出的內容。</translation>
    </message>
    <message>
        <location line="-39"/>
        <source>pprof, gzip&apos;d (*.pb.gz)</source>
        <translation>pprof（gzip 壓縮）(*.pb.gz)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Folded stacks (*.folded *.txt)</source>
        <translation>摺疊堆疊 (*.folded *.txt)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Export Capture</source>
        <translation>匯出擷取</translation>
    </message>
    <message>
        <location line="+64"/>
        <source>The diff is still being computed; export it when it is shown.</source>
        <translation>差異仍在計算中；顯示後再匯出。</translation>
    </message>
    <message>
        <location line="-112"/>
        <location line="+70"/>
        <source>Exported to %1</source>
        <translation>已匯出至 %1</translation>
    </message>
</context>
<context>
    <name>embers::CaptureListModel</name>
    <message>
        <location filename="../viewer/widgets/CaptureListModel.cpp" line="+146"/>
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
    <name>embers::CaptureMatrixModel</name>
    <message>
        <location filename="../viewer/widgets/CaptureMatrixModel.cpp" line="+36"/>
        <location line="+304"/>
        <source>%1: %2</source>
        <extracomment>a capture&apos;s column header when several captures have the same file name: its place in the comparison, then its name, e.g. &quot;2: cpu.pb.gz&quot;
----------
one line of the trend tooltip: a capture and the function&apos;s share in it</extracomment>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location line="-217"/>
        <source>Steady</source>
        <extracomment>a function&apos;s verdict across a series of captures: no change beyond noise</extracomment>
        <translation>穩定</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Grew</source>
        <extracomment>a function&apos;s verdict: its level rose from one capture on</extracomment>
        <translation>增加</translation>
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
        <translation>消失</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Growing</source>
        <extracomment>a function&apos;s verdict: a steady climb across the series (a leak suspect)</extracomment>
        <translation>持續增加</translation>
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
        <translation>%1 中沒有取樣到</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 of %2 (%3)</source>
        <extracomment>share of a capture&apos;s total, the capture, the value: &quot;12.34 % of a.pb.gz (1.2 s)&quot;</extracomment>
        <translation>佔 %2 的 %1 (%3)</translation>
    </message>
    <message>
        <location line="+59"/>
        <source>Total: %1</source>
        <extracomment>the capture&apos;s total in the sample type shown, e.g. &quot;Total: 7.39 s cpu&quot;</extracomment>
        <translation>總計：%1</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Function</source>
        <translation>函式</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Min</source>
        <translation>最小</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Median</source>
        <translation>中位數</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Max</source>
        <translation>最大</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Present in</source>
        <translation>出現於</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Trend</source>
        <translation>趨勢</translation>
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
        <translation>起始</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>p-value</source>
        <translation>p 值</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Shares are of the function&apos;s own samples (self)</source>
        <translation>比例以函式自身的樣本 (自身) 計算</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Shares are of the function and everything it calls (total)</source>
        <translation>比例以函式及其呼叫的所有函式 (總計) 計算</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The smallest share over the captures (a capture without the function counts as 0)</source>
        <translation>各擷取中最小的比例 (沒有該函式的擷取以 0 計)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The median share over the captures (a capture without the function counts as 0)</source>
        <translation>各擷取比例的中位數 (沒有該函式的擷取以 0 計)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The largest share over the captures</source>
        <translation>各擷取中最大的比例</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>In how many captures the function was sampled</source>
        <translation>該函式在多少個擷取中被取樣</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The shares capture by capture, scaled to the row&apos;s largest; sorts by the slope</source>
        <translation>逐一擷取的比例，依該列的最大值縮放；依斜率排序</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>What the function&apos;s total did across the captures, in their order: steady, grew or shrank (from one capture on), appeared, vanished, or growing (a steady climb: a leak suspect). Changes must be beyond sampling noise, tested over every split and every function</source>
        <translation>依擷取順序觀察函式總計的變化: 穩定、增加或減少 (自某個擷取起)、出現、消失，或持續增加 (穩定攀升: 疑似洩漏)。變化必須超出取樣雜訊，並對每種分割與每個函式進行檢定</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The first capture of the new level</source>
        <translation>新水準開始的第一個擷取</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>How likely a change this large is from sampling noise alone (before the false discovery rate of 5% across functions)</source>
        <translation>僅由取樣雜訊造成如此變化的機率 (套用所有函式 5% 偽發現率之前)</translation>
    </message>
</context>
<context>
    <name>embers::CaptureMatrixView</name>
    <message>
        <location filename="../viewer/widgets/CaptureMatrixView.cpp" line="+28"/>
        <source>S&amp;elf instead of total</source>
        <translation>以自身取代總計(&amp;E)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;Sample type:</source>
        <translation>樣本類型(&amp;S)：</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Compare the functions&apos; own samples (self) instead of everything they call (total)</source>
        <translation>比較函式自身的樣本 (自身)，而非其呼叫的所有函式 (總計)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>All functions</source>
        <translation>所有函式</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Changed</source>
        <extracomment>shows only the functions whose verdict is not &quot;steady&quot;</extracomment>
        <translation>有變化</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Leak suspects</source>
        <extracomment>shows only the functions growing steadily across the captures</extracomment>
        <translation>疑似洩漏</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Which functions to list, by what they did across the captures</source>
        <translation>依函式在各擷取間的變化，選擇要列出的函式</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sho&amp;w:</source>
        <translation>顯示(&amp;W):</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Finding changes…</source>
        <translation>正在找出變化…</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Filter functions…</source>
        <translation>篩選函式…</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>Show &amp;Source</source>
        <translation>顯示原始碼(&amp;S)</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Show &amp;Source in %1</source>
        <extracomment>Context menu of the all-captures table: a capture&apos;s source lines of the function</extracomment>
        <translation>顯示 %1 的原始碼(&amp;S)</translation>
    </message>
    <message numerus="yes">
        <location line="+230"/>
        <source>%n function(s)</source>
        <translation>
            <numerusform>%n 個函式</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%1 of %n function(s)</source>
        <translation>
            <numerusform>%n 個函式中的 %1 個</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>embers::CapturePage</name>
    <message>
        <location filename="../viewer/widgets/CapturePage.cpp" line="+388"/>
        <source>Loading was cancelled.</source>
        <translation>已取消載入。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 was not opened</source>
        <translation>未開啟 %1</translation>
    </message>
    <message>
        <location line="-295"/>
        <location line="+280"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location line="-246"/>
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
        <location line="+6"/>
        <location line="+431"/>
        <location line="+12"/>
        <source>Hide &amp;idle/program frames</source>
        <translation>隱藏閒置/程式框架(&amp;I)</translation>
    </message>
    <message>
        <location line="-427"/>
        <source>Show the flame graph bottom-up: the functions where samples were taken at the root, their callers above them</source>
        <translation>以由下而上顯示火焰圖：取得樣本的函式在根部，其呼叫者在上方</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>In&amp;vert Graph (Bottom-Up)</source>
        <translation>反轉圖（由下而上）(&amp;V)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Group &amp;Truncated Stacks</source>
        <translation>歸組截斷的堆疊(&amp;T)</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Graph &amp;Options</source>
        <translation>圖形選項(&amp;O)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Invert the graph, group truncated stacks</source>
        <translation>反轉圖形、歸組截斷的堆疊</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Flame &amp;Graph</source>
        <translation>火焰圖(&amp;G)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Callers/Callees</source>
        <translation>呼叫者/被呼叫者(&amp;C)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The whole profile&apos;s call tree</source>
        <translation>整個剖析檔的呼叫樹</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Who calls the selected function and what it calls, merged over every place it appears</source>
        <translation>選取函式的呼叫者與被呼叫者（合併它出現的每個位置）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>A function&apos;s source lines with their costs (Show Source on a function)</source>
        <translation>函式的原始碼各行及其成本（在函式上「顯示原始碼」）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Show &amp;Source</source>
        <translation>顯示原始碼(&amp;S)</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>&amp;Functions</source>
        <translation>函式(&amp;F)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>S&amp;ummary</source>
        <translation>摘要(&amp;U)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Labels</source>
        <translation>標籤(&amp;L)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Bottom-Up</source>
        <translation>由下而上(&amp;B)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Each function with its self cost, expanding to its callers</source>
        <translation>每個函式及其自身成本，展開可看其呼叫者</translation>
    </message>
    <message>
        <location line="+95"/>
        <source>Opening %1…</source>
        <translation>正在開啟 %1…</translation>
    </message>
    <message>
        <location line="-11"/>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <location line="-131"/>
        <source>Source</source>
        <translation>原始碼</translation>
    </message>
    <message>
        <location line="+182"/>
        <source>%1 of %2 read</source>
        <translation>已讀取 %1 / %2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Building the call tree of %1…</source>
        <translation>正在建立 %1 的呼叫樹…</translation>
    </message>
    <message>
        <location line="+139"/>
        <source>%1 stacks reach the profiler&apos;s depth limit of %2 frames: their outermost frames are not real roots. Group them under [truncated].</source>
        <translation>%1 個堆疊達到分析器的深度上限 %2 個框架：其最外層框架並非真正的根。將它們歸組於 [truncated] 之下。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>No stack of this capture reaches a known profiler depth limit.</source>
        <translation>此擷取中沒有堆疊達到已知的分析器深度上限。</translation>
    </message>
    <message>
        <location line="-48"/>
        <source>root (bottom-up)</source>
        <translation>根（由下而上）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Bottom-up: the functions where samples were taken, callers above</source>
        <translation>由下而上：取得樣本的函式，呼叫者在上方</translation>
    </message>
    <message>
        <location line="+84"/>
        <source>This capture has no V8 (program), (idle) or garbage-collector frames.</source>
        <translation>此擷取沒有 V8 的 (program)、(idle) 或垃圾回收器框架。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Hide &amp;idle/program frames (%1 %)</source>
        <translation>隱藏閒置/程式框架(&amp;I) (%1 %)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Drop the samples in V8&apos;s (program), (idle) and garbage-collector frames (%1 of %2), so that percentages are of the JavaScript work</source>
        <translation>移除 V8 的 (program)、(idle) 與垃圾回收器框架中的樣本（%2 中的 %1），讓百分比以 JavaScript 工作為準</translation>
    </message>
    <message>
        <location line="-226"/>
        <source>Could not open %1</source>
        <translation>無法開啟 %1</translation>
    </message>
</context>
<context>
    <name>embers::CaptureSession</name>
    <message>
        <location filename="../viewer/capture/CaptureSession.cpp" line="+46"/>
        <source>: not a URL or inspector address</source>
        <translation>: 不是 URL，也不是檢查器位址</translation>
    </message>
</context>
<context>
    <name>embers::CaptureStore</name>
    <message>
        <location filename="../viewer/capture/CaptureStore.cpp" line="+92"/>
        <source>not a usable profile (it has no sample types); nothing was saved</source>
        <translation>不是可用的剖析檔 (沒有樣本類型)；未儲存任何內容</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>: cannot create the captures folder</source>
        <translation>: 無法建立擷取資料夾</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>: cannot write a capture there</source>
        <translation>: 無法在此寫入擷取</translation>
    </message>
</context>
<context>
    <name>embers::ChildOrderCombo</name>
    <message>
        <location filename="../viewer/widgets/ChildOrderCombo.cpp" line="+8"/>
        <source>Largest first</source>
        <translation>由大到小</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A to Z</source>
        <translation>依名稱</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Callees side by side by size, the widest on the left</source>
        <translation>被呼叫者依大小並排，最寬的在左</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Callees side by side by name</source>
        <translation>被呼叫者依名稱並排</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>How callees are ordered under their caller</source>
        <translation>被呼叫者在其呼叫者之下的排列順序</translation>
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
        <translation>視窗：
  --watch=DIR            開啟視窗並監看 DIR：此後寫入其中的每個設定檔
                         都會以新的擷取開啟
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
        <translation>擷取 (TARGET: 提供剖析檔的 http://... 或 https://...，例如 Go 的
/debug/pprof/profile 或 heap；http://HOST:PORT 列出 Go 服務提供的內容；
inspect://HOST:PORT[/ID]: V8 檢查器 (node --inspect、workerd 或 wrangler dev)，
未指定 ID 時為第一個目標)。每次擷取都以 gzip 壓縮的 pprof 檔儲存在擷取資料夾，
再像任何 FILE 一樣開啟或產生報表:
  --seconds=N            記錄 N 秒 (HTTP: 依 pprof 的方式傳遞；
                         檢查器預設 30)
  --capture=KIND         檢查器要記錄的內容: cpu (預設)、heap
                         (取樣到的每一次配置，不論是否已被回收) 或
                         heap-live (結束時仍存活的取樣物件)
                         或 snapshot (此刻的每個物件及其保留者；
                         以 .heapsnapshot 原樣儲存)
  --interval=N           V8 的取樣間隔: cpu 為微秒 (預設 1000)，
                         heap 為配置的位元組數 (預設 32768)
  --header=&apos;Name: value&apos; 傳送此 HTTP 標頭 (可重複；也可用
                         EMBERS_CAPTURE_HEADERS，每行一個)；絕不儲存
  --cacert=FILE          https:// 時也信任 FILE (PEM) 中的 CA 憑證
  --timeout=N            在記錄應結束後 N 秒放棄
                         (預設: 時長的一半，至少 10 秒)
  --captures=DIR         擷取資料夾 (預設
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
        <translation>用法: embers [FILE...]
      embers --diff BASE NEW
      embers --top [OPTIONS] FILE...
      embers --list=REGEX [OPTIONS] FILE...
      embers --export=OUT [--format=pprof|folded] [OPTIONS] FILE...
      embers --check --diff-base=BASE [OPTIONS] NEW...
      embers --trend [OPTIONS] FILE...
FILE 也可以是要立即擷取剖析檔的 TARGET (見「擷取」)。

Embers 在火焰圖視窗中開啟剖析檔: pprof (gzip 壓縮或原始 protobuf)、Chrome/V8 的
.cpuprofile 與 .heapprofile，以及 folded 堆疊 (&apos;a;b;c 42&apos;)。格式依內容判斷，
而非檔名 (可為 gzip 壓縮)。
多個檔案各自開啟為一個擷取；--diff 開啟兩者的比較。
  --lang=ja|zh_TW|en     視窗的語言 (預設: 系統的語言)
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
        <translation>無介面報表（不需要顯示器）：
  --top                  以 `go tool pprof -top` 的格式輸出函式表；
                         多個 FILE 會合併（僅限共同的樣本類型）
  --list=REGEX           以 `go tool pprof -list` 的格式輸出符合 REGEX 的函式的
                         原始碼各行及其 flat 與 cum
  --source-path=DIRS     --list 尋找原始碼的位置（以 &apos;:&apos; 分隔；預設：
                         工作資料夾），同 pprof 的 -source_path
  --trim-path=PREFIXES   --list 搜尋前從記錄的檔名去除的前綴（以 &apos;:&apos;
                         分隔），同 pprof 的 -trim_path
  --sample-index=NAME|N  要報告的樣本類型（預設：剖析檔的預設值，
                         否則為最後一個）；inuse_X 也能找到 X
  --cum                  依累計值 (cum) 而非 flat 排序
  --nodecount=N          最多輸出 N 列（預設：全部）
  --nodefraction=F       隱藏 |cum| 低於總計之 F 比例的列
                         （預設與 pprof 相同為 0.005；搭配 --tsv 時為 0）
  --granularity=G        functions（預設）、filefunctions、lines 或 addresses
  --noinlines            將內聯函式計入其非內聯的呼叫端
  --tsv                  以樣本類型本身單位的整數值輸出
                         &apos;flat&lt;TAB&gt;cum&lt;TAB&gt;name&apos;
  --diff-base=BASE       減去 BASE 並顯示變化（pprof 的 -diff_base：
                         百分比相對於 BASE 的總計）；可重複指定
  --base=BASE            減去 BASE（pprof 的 -base：百分比相對於結果）
  --normalize            先將 FILE... 縮放至 BASE 的總計，讓長度不同的
                         擷取能公平比較
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
        <translation>迴歸 (不需顯示器；也可搭配 --sample-index、--normalize、--granularity):
  --check                將 NEW... (合併) 與 --diff-base=BASE 比較，並輸出 Markdown
                         摘要；若有函式或總計的增加同時超過門檻與取樣雜訊
                         (樣本數的二項檢定，偽發現率 5%)，結束狀態為 3。沒有
                         樣本數的剖析檔 (堆積剖析檔的值為估計值) 僅以門檻判定
  --threshold=PERCENT    視為有意義的最小增加，為 BASE 總計的百分比 (預設 1)
  --budget=FILE          另外檢查 JSON 規則檔，例如
                         {&quot;rules&quot;: [{&quot;function&quot;: &quot;RE&quot;, &quot;max_share&quot;: 5,
                         &quot;max_growth&quot;: 1}]} (NEW / BASE 總計的百分比)
  --report=OUT           寫出摘要 (OUT.md、OUT.html) 或差異火焰圖
                         (OUT.svg、OUT.png)
  --trend                依給定順序讀取 FILE...，每個函式輸出一列:
                         steady (無變化)、grew / shrank (自第 change_at 個擷取起
                         水準改變)、appeared (出現)、vanished (消失)、growing
                         (穩定攀升：疑似洩漏；沒有樣本數的剖析檔除 steady 外
                         僅有此判定)；搭配 --tsv 時輸出
                         &apos;name&lt;TAB&gt;verdict&lt;TAB&gt;change_at&lt;TAB&gt;p_value&apos; 及每個擷取的
                         原始值。值為絕對值；--normalize 比較各擷取佔其總計的比例
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
        <translation>篩選條件，行為與 pprof 的同名選項相同（用於 --top 與 --export；
RE 是比對函式名稱、原始碼檔案與二進位檔的正規表示式）：
  --focus=RE             只保留含有相符框架的樣本
  --ignore=RE            捨棄含有相符框架的樣本
  --hide=RE              移除相符的框架；其成本歸於呼叫端
  --show=RE              只保留相符的框架
  --show-from=RE         捨棄最外層相符框架以上的框架
  --prune-from=RE        捨棄最內層相符框架以下的框架
                         （僅比對函式名稱；先於其他篩選套用）
  --tagfocus=FILTER      只保留標籤相符的樣本：&apos;key=RE&apos;、
                         &apos;RE&apos;（比對 &apos;key:value&apos;）或數值範圍，
                         例如 &apos;bytes=1kb:64kb&apos;、&apos;:64kb&apos; 或 &apos;4mb:&apos;
  --tagignore=FILTER     捨棄標籤相符的樣本
  --tagroot=KEY,...      將各標籤的值作為根節點框架
  --tagleaf=KEY,...      將各標籤的值作為葉端框架
  --tagshow=RE, --taghide=RE  與 pprof 相同地接受（對 --top 無影響）
  --relative-percentages  百分比相對於篩選後剩下的部分，而非全部
</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Source maps (for --top and --export):
  --source-map=FILE      remap the frames of the bundled script the map FILE is
                         for (or of the *.map files in a folder) to the original
                         functions, files and lines; may be repeated
</source>
        <translation>原始碼對應（用於 --top 與 --export）：
  --source-map=FILE      將對應檔 FILE（或資料夾中的 *.map 檔案）所對應之打包
                         腳本的框架，還原為原本的函式、檔案與行；可重複指定
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
        <translation>匯出 (不需顯示器；合併 FILE... 並套用篩選後寫出):
  --export=OUT           寫入 OUT，格式由 --format 指定，否則依 OUT 的副檔名
                         (.pb.gz、.folded、.png、.svg) 決定；絕不覆寫輸入檔
  --format=pprof         gzip 壓縮的 pprof 剖析檔，含所有樣本類型，
                         `go tool pprof` 讀取後數值相同
  --format=folded        folded 堆疊 &apos;a;b;c 42&apos; (根節點在前)，樣本類型由
                         --sample-index 指定，框架名稱依 --granularity 而定
  OUT.png, OUT.svg       火焰圖影像，樣本類型由 --sample-index 指定，
                         寬度為 --width=PIXELS (預設 1200)
  OUT.html               可分享的單一網頁：火焰圖、函式表、搜尋、所有樣本類型；
                         任何瀏覽器皆可離線開啟。搭配 --diff-base=BASE [--normalize]
                         則為差異火焰圖與差異表
  --with-source          (OUT.html) 附上被剖析函式的原始碼行與其成本，
                         依 --list 的方式尋找檔案 (--source-path、
                         --trim-path)：每個函式一個原始碼面板

  --help                 顯示此說明
  --version              顯示版本

結束狀態: 0 成功，1 無法讀取或無效的輸入，2 用法錯誤，
3 --check 發現迴歸。
</translation>
    </message>
</context>
<context>
    <name>embers::CompareDialog</name>
    <message>
        <location filename="../app/CompareDialog.cpp" line="+18"/>
        <source>Compare Captures</source>
        <translation>比較擷取</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>&amp;Diff: what changed from a base capture to a new one</source>
        <translation>差異：從基準擷取到新擷取的變化(&amp;D)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Side by side: flame graphs next to each other, linked</source>
        <translation>並排：火焰圖並列顯示並相互連動(&amp;S)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Table: every function&apos;s share in each capture</source>
        <translation>表格：每個函式在各擷取中的比例(&amp;T)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Merge: one capture with the samples of all</source>
        <translation>合併：將所有樣本合為一個擷取(&amp;M)</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>&amp;Base:</source>
        <translation>基準擷取(&amp;B)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;New:</source>
        <translation>新擷取(&amp;N)：</translation>
    </message>
</context>
<context>
    <name>embers::ComparisonWindow</name>
    <message>
        <location filename="../app/ComparisonWindow.cpp" line="+118"/>
        <source>Compare %1 — Embers</source>
        <extracomment>Window title: the compared files, then the application name</extracomment>
        <translation>比較 %1 — Embers</translation>
    </message>
    <message numerus="yes">
        <location line="-20"/>
        <source>Comparing %n captures…</source>
        <translation>
            <numerusform>正在比較 %n 個擷取…</numerusform>
        </translation>
    </message>
    <message>
        <location line="-51"/>
        <source>Export HTML Page…</source>
        <translation>匯出 HTML 網頁…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Save the diff as shown as one web page that anyone can open in a browser, offline</source>
        <translation>將目前顯示的差異存成單一網頁，任何人都能以瀏覽器離線開啟</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>With source</source>
        <translation>含原始碼</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Put each function&apos;s source lines, before and after, in the page, where this machine has them: whoever opens it reads that code</source>
        <translation>在網頁中附上本機找得到的函式原始碼行，以及變更前後的值：開啟網頁的人都能讀到這些程式碼</translation>
    </message>
    <message numerus="yes">
        <location line="+47"/>
        <source>Comparing %n captures (building %1 again at %2 first)…</source>
        <extracomment>%1: the captures built again; %2: the granularity (Lines...)</extracomment>
        <translation>
            <numerusform>正在比較 %n 個擷取（先以「%2」重新建置 %1）…</numerusform>
        </translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Cannot compare: %1</source>
        <translation>無法比較：%1</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Diff</source>
        <translation>差異</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Side by side</source>
        <translation>並排</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>All captures</source>
        <translation>所有擷取</translation>
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
        <translation>比較單位：%1（這些擷取中最細的單位）。僅為此比較以「%1」重新建置（各頁面維持不變）：%2。</translation>
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
        <translation>增加</translation>
    </message>
    <message>
        <location line="-29"/>
        <location line="+35"/>
        <source>removed</source>
        <translation>已移除</translation>
    </message>
    <message>
        <location line="-34"/>
        <location line="+41"/>
        <source>new</source>
        <translation>新增</translation>
    </message>
    <message>
        <location line="-39"/>
        <location line="+44"/>
        <source>noise</source>
        <translation>雜訊</translation>
    </message>
</context>
<context>
    <name>embers::DiffTableModel</name>
    <message>
        <location filename="../viewer/widgets/DiffTableModel.cpp" line="+118"/>
        <source>new</source>
        <translation>新增</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>removed</source>
        <translation>已移除</translation>
    </message>
    <message>
        <location line="+73"/>
        <source>Within sampling noise (p = %1)</source>
        <translation>在取樣雜訊範圍內 (p = %1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Beyond sampling noise (p = %1)</source>
        <translation>超出取樣雜訊 (p = %1)</translation>
    </message>
    <message>
        <location line="+40"/>
        <location filename="../viewer/widgets/DiffView.cpp" line="+359"/>
        <source>noise</source>
        <translation>雜訊</translation>
    </message>
    <message>
        <location line="+0"/>
        <location filename="../viewer/widgets/DiffView.cpp" line="+1"/>
        <source>real</source>
        <translation>顯著</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Whether the change of the total is beyond sampling noise (binomial test on the sample counts, 5% false discovery rate)</source>
        <translation>總計的變化是否超出取樣雜訊 (以樣本數進行二項檢定，偽發現率 5%)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Function</source>
        <translation>函式</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Self before</source>
        <translation>自身 (前)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Self after</source>
        <translation>自身 (後)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Self Δ</source>
        <translation>自身 Δ</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Self Δ%</source>
        <translation>自身 Δ%</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Total before</source>
        <translation>總計 (前)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Total after</source>
        <translation>總計 (後)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Total Δ</source>
        <translation>總計 Δ</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Total Δ%</source>
        <translation>總計 Δ%</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Change</source>
        <translation>變化</translation>
    </message>
</context>
<context>
    <name>embers::DiffView</name>
    <message>
        <location filename="../viewer/widgets/DiffView.cpp" line="-316"/>
        <source>Base: %1  →  New: %2</source>
        <translation>基準：%1  →  新：%2</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Sample type</source>
        <translation>樣本類型</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Normalise</source>
        <translation>正規化</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Scale the base to the new capture&apos;s total, so that captures of different length compare fairly; off: absolute values</source>
        <translation>將基準縮放至新擷取的總計，讓長度不同的擷取能公平比較；關閉時：絕對值</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Red / green</source>
        <translation>紅 / 綠</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Orange / blue (colour-blind safe)</source>
        <translation>橘 / 藍 (色盲友善)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Colours of grown and shrunk frames</source>
        <translation>增加與減少之框架的顏色</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Hide noise</source>
        <translation>隱藏雜訊</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Changes within sampling noise: left uncoloured in the graph and out of the table</source>
        <translation>取樣雜訊範圍內的變化：在圖中不著色，也不列入表格</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Computing…</source>
        <translation>正在計算…</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>All frames</source>
        <translation>所有框架</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show the whole profile (Esc)</source>
        <translation>顯示整個剖析資料 (Esc)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Search functions</source>
        <translation>搜尋函式</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Show &amp;Source</source>
        <translation>顯示原始碼(&amp;S)</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>All changes</source>
        <translation>所有變化</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>New</source>
        <translation>新增</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Removed</source>
        <translation>已移除</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Grew</source>
        <translation>增加</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Shrank</source>
        <translation>減少</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Filter functions</source>
        <translation>篩選函式</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>Flame &amp;Graph</source>
        <translation>火焰圖(&amp;G)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Source</source>
        <translation>原始碼</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A function&apos;s source lines with their totals before, after and the change (Show Source on a function)</source>
        <translation>函式的原始碼各行，及其總計的前、後與變化（在函式上「顯示原始碼」）</translation>
    </message>
    <message>
        <location line="+175"/>
        <source>This profile has no sample counts: no noise test</source>
        <translation>此剖析資料沒有樣本數：不進行雜訊檢定</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>Matched: %1 of the new capture</source>
        <translation>符合：新擷取的 %1</translation>
    </message>
</context>
<context>
    <name>embers::FlameGraphView</name>
    <message>
        <location filename="../viewer/widgets/FlamePainter.cpp" line="+117"/>
        <source>root</source>
        <translation>根節點</translation>
    </message>
    <message numerus="yes">
        <location line="+12"/>
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
        <location filename="../viewer/widgets/FlameToolTip.cpp" line="+78"/>
        <location line="+63"/>
        <source>root (the whole profile)</source>
        <translation>根節點 (整個剖析資料)</translation>
    </message>
    <message>
        <location line="-46"/>
        <source>(inlined)</source>
        <translation>(內嵌)</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Total: %1 (%2 of all, %3 of focus)</source>
        <translation>總計：%1 (佔全部 %2，佔焦點 %3)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Self: %1 (%2 of all)</source>
        <translation>自身：%1（佔全部 %2）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Samples: %1</source>
        <translation>樣本數：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Count: %1 (%2)</source>
        <translation>計數：%1 (%2)</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>New: only in the new capture</source>
        <translation>新增：僅存在於新擷取</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Removed: only in the base capture</source>
        <translation>已移除：僅存在於基準擷取</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Total: %1 → %2</source>
        <translation>總計：%1 → %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Change: %1 (%2)</source>
        <translation>變化：%1 (%2)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Change: %1</source>
        <translation>變化：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Self: %1 → %2</source>
        <translation>自身：%1 → %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Share of all: %1 → %2</source>
        <translation>佔全部的比例：%1 → %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Base scaled by %1 to the new capture&apos;s total</source>
        <translation>基準已乘以 %1，以符合新擷取的總計</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Within sampling noise (p = %1)</source>
        <translation>在取樣雜訊範圍內 (p = %1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Beyond sampling noise (p = %1)</source>
        <translation>超出取樣雜訊 (p = %1)</translation>
    </message>
    <message numerus="yes">
        <location filename="../viewer/widgets/FlamePainter.cpp" line="-64"/>
        <source>%n small frame(s) under %1</source>
        <translation>
            <numerusform>%1 下的 %n 個小框架</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../viewer/widgets/FlameToolTip.cpp" line="-68"/>
        <location line="+78"/>
        <source>Total: %1 (%2 of all)</source>
        <translation>總計：%1（佔全部 %2）</translation>
    </message>
</context>
<context>
    <name>embers::FlamePanel</name>
    <message>
        <location filename="../viewer/widgets/FlamePanel.cpp" line="+72"/>
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
        <location line="+1"/>
        <source>Forward</source>
        <translation>前進</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Forward (Alt+Right)</source>
        <translation>前進到下一個焦點 (Alt+Right)</translation>
    </message>
    <message>
        <location line="+1"/>
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
        <location line="+3"/>
        <source>Search functions (Ctrl+F)</source>
        <translation>搜尋函式 (Ctrl+F)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Colour by function</source>
        <translation>依函式著色</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Colour by package</source>
        <translation>依套件著色</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>One colour per function name</source>
        <translation>每個函式名稱一種顏色</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>One colour per package (or source directory), to see which code is whose</source>
        <translation>每個套件（或原始碼目錄）一種顏色，看出哪段程式碼屬於誰</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>How the boxes are coloured</source>
        <translation>方塊的著色方式</translation>
    </message>
    <message>
        <location line="+62"/>
        <source>Matched: %1% of total (1 frame)</source>
        <translation>符合：總計的 %1%（1 個框架）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Matched: %1% of total (%2 frames)</source>
        <translation>符合：總計的 %1%（%2 個框架）</translation>
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
        <location filename="../viewer/widgets/FunctionTableWidget.cpp" line="+37"/>
        <source>Filter functions…</source>
        <translation>篩選函式…</translation>
    </message>
</context>
<context>
    <name>embers::GranularityChooser</name>
    <message>
        <location filename="../viewer/widgets/GranularityChooser.cpp" line="+20"/>
        <source>What makes two frames the same: the function, the function and its file, the source line, or the machine address (for native profiles without symbols)</source>
        <translation>判定兩個框架相同的依據：函式、函式及其檔案、原始碼行，或機器位址（用於沒有符號的原生設定檔）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>F&amp;rames:</source>
        <translation>框架(&amp;R):</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+68"/>
        <source>Rebuilding…</source>
        <translation>重建中…</translation>
    </message>
    <message>
        <location line="-46"/>
        <source>Functions</source>
        <translation>函式</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Functions + file</source>
        <translation>函式 + 檔案</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Lines</source>
        <translation>行</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Addresses</source>
        <translation>位址</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>Failed</source>
        <translation>失敗</translation>
    </message>
</context>
<context>
    <name>embers::HtmlPage</name>
    <message>
        <location filename="../viewer/core/report/PageTexts.cpp" line="+14"/>
        <source>all</source>
        <translation>全部</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Measuring…</source>
        <translation>計算中…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No match</source>
        <translation>沒有相符項目</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>1 function: %1, %2 of all</source>
        <translation>1 個函式：%1，佔全部的 %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 functions: %2, %3 of all</source>
        <translation>%1 個函式：%2，佔全部的 %3</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>(%1 small frames)</source>
        <translation>(%1 個小框架)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 small frames under %2</source>
        <translation>%2 之下的 %1 個小框架</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reset zoom</source>
        <translation>重設縮放</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Self</source>
        <translation>自身</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Total</source>
        <translation>總計</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>% of all</source>
        <translation>佔全部的比例</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>% of focus</source>
        <translation>佔焦點的比例</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 (%2 of all)</source>
        <translation>%1 (佔全部的 %2)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Before</source>
        <translation>之前</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Before (scaled)</source>
        <translation>之前 (已縮放)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>After</source>
        <translation>之後</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Change</source>
        <translation>變化</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>(new)</source>
        <translation>(新增)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Noise</source>
        <translation>雜訊</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>within sampling noise</source>
        <translation>在取樣雜訊範圍內</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>beyond sampling noise</source>
        <translation>超出取樣雜訊</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Double-click for its source lines</source>
        <translation>按兩下以檢視原始碼行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Function</source>
        <translation>函式</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Self %</source>
        <translation>自身 %</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Total %</source>
        <translation>總計 %</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>new</source>
        <translation>新增</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>noise</source>
        <translation>雜訊</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show all %1 functions</source>
        <translation>顯示全部 %1 個函式</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Source</source>
        <translation>原始碼</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Line</source>
        <translation>行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Close</source>
        <translation>關閉</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Source — %1</source>
        <translation>原始碼 — %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Self %1, total %2 (%3 of all)</source>
        <translation>自身 %1，總計 %2 (佔全部的 %3)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Before %1, after %2, change %3</source>
        <translation>之前 %1，之後 %2，變化 %3</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No source text: %1. The lines with a cost:</source>
        <translation>沒有原始碼文字：%1。有成本的行：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This page has no source lines for this function (the profile names no file or line for it).</source>
        <translation>此網頁沒有這個函式的原始碼行 (剖析檔未記錄其檔案或行號)。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Profile</source>
        <translation>剖析檔</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sample type</source>
        <translation>樣本類型</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Search functions (regular expression)</source>
        <translation>搜尋函式 (正規表示式)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Flame graph</source>
        <translation>火焰圖</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Made with Embers. This page works offline: it loads nothing from anywhere.</source>
        <translation>以 Embers 製作。此網頁可離線使用：不會從任何地方載入任何內容。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>(scaled to %1)</source>
        <translation>(縮放至 %1)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>grew</source>
        <translation>增加</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>shrank</source>
        <translation>減少</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>within sampling noise (faint)</source>
        <translation>在取樣雜訊範圍內 (淡色)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unchanged</source>
        <translation>未變</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Base scaled to the new total. Widths: before + after.</source>
        <translation>基準已縮放至新的總計。寬度：之前 + 之後。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Raw values. Widths: before + after.</source>
        <translation>原始數值。寬度：之前 + 之後。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This page could not be shown: %1</source>
        <translation>無法顯示此網頁：%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>File</source>
        <translation>檔案</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Files</source>
        <translation>檔案</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sample types</source>
        <translation>樣本類型</translation>
    </message>
    <message>
        <location line="+1"/>
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
        <source>Period</source>
        <translation>週期</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Binary</source>
        <translation>二進位檔</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Comment</source>
        <translation>註解</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Functions</source>
        <translation>函式</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stacks</source>
        <translation>堆疊</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Base</source>
        <translation>基準</translation>
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
        <translation>: %1 中沒有可信任的 PEM 憑證</translation>
    </message>
    <message>
        <location line="-14"/>
        <source>: not a URL Embers can fetch</source>
        <translation>: 不是 Embers 能取得的 URL</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>: names a service, not a profile, and its /debug/pprof/ page lists no profiles; give the profile&apos;s URL</source>
        <translation>: 指向的是服務而非剖析檔，且其 /debug/pprof/ 頁面未列出任何剖析檔；請提供剖析檔的 URL</translation>
    </message>
</context>
<context>
    <name>embers::HttpFetch</name>
    <message>
        <location filename="../viewer/capture/HttpFetch.cpp" line="+219"/>
        <source>its TLS certificate is not trusted: %1</source>
        <translation>其 TLS 憑證不受信任：%1</translation>
    </message>
    <message>
        <location line="-178"/>
        <source>no complete answer within %1 s</source>
        <translation>%1 秒內未收到完整回應</translation>
    </message>
    <message>
        <location line="+69"/>
        <source>redirected to %1, another scheme: refused</source>
        <translation>被重新導向至其他協定的 %1：已拒絕</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>redirected to %1, another host: refused</source>
        <translation>被重新導向至其他主機的 %1：已拒絕</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>the response is larger than %1 MiB; not a profile Embers can keep</source>
        <translation>回應大於 %1 MiB；不是 Embers 能保留的剖析檔</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>connection refused (is the service running on that port?)</source>
        <translation>連線被拒（該連接埠上有服務在執行嗎？）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the host name %1 does not resolve</source>
        <translation>無法解析主機名稱 %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the server closed the connection before the whole response arrived (%1 bytes)</source>
        <translation>伺服器在完整回應送達前關閉了連線（%1 位元組）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the request was cancelled</source>
        <translation>已取消請求</translation>
    </message>
    <message>
        <location line="-90"/>
        <location line="+93"/>
        <source>too many redirects</source>
        <translation>重新導向次數過多</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>HTTP %1 without a usable redirect</source>
        <translation>HTTP %1，且沒有可用的重新導向</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>the server closed the connection before the whole response arrived (%1 of %2 bytes)</source>
        <translation>伺服器在完整回應送達前關閉了連線（%2 位元組中的 %1）</translation>
    </message>
</context>
<context>
    <name>embers::InspectorCapture</name>
    <message>
        <location filename="../viewer/capture/InspectorTargets.cpp" line="+19"/>
        <source>/json/list did not answer with a list of targets (%1)</source>
        <translation>/json/list 未回傳目標清單（%1）</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>the target&apos;s WebSocket address &quot;%1&quot; is not a valid URL</source>
        <translation>目標的 WebSocket 位址「%1」不是有效的 URL</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>the target&apos;s WebSocket address &quot;%1&quot; is not a ws:// or wss:// URL</source>
        <translation>目標的 WebSocket 位址「%1」不是 ws:// 或 wss:// URL</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the target&apos;s WebSocket address &quot;%1&quot; is on another host than %2: refused</source>
        <translation>目標的 WebSocket 位址「%1」位於 %2 以外的主機：已拒絕</translation>
    </message>
    <message>
        <location filename="../viewer/capture/InspectorCapture.cpp" line="+43"/>
        <source>the inspector did not answer within %1 s</source>
        <translation>檢查器未在 %1 秒內回應</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the profiler did not hand over its profile within %1 s</source>
        <translation>分析器未在 %1 秒內交出剖析檔</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>: not an inspector address; write inspect://HOST:PORT or inspect://HOST:PORT/TARGET-ID</source>
        <translation>: 不是檢查器位址；請寫成 inspect://HOST:PORT 或 inspect://HOST:PORT/TARGET-ID</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>the inspector offers no targets to profile</source>
        <translation>檢查器沒有可分析的目標</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>no target %1; the inspector offers %2</source>
        <translation>沒有目標 %1；檢查器提供的是 %2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>the target is in use by another debugger (DevTools, an IDE); close it and try again</source>
        <translation>目標正被其他偵錯器（DevTools、IDE）使用；請關閉後再試一次</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>the target went away after %1 s of recording (%2); V8 keeps the profile inside the target, so nothing was recorded</source>
        <translation>目標在記錄 %1 秒後消失（%2）；V8 將剖析檔保存在目標內，因此沒有記錄到任何內容</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>the inspector closed the connection (%1); another debugger may hold it</source>
        <translation>檢查器關閉了連線（%1）；可能有其他偵錯器占用</translation>
    </message>
    <message>
        <location line="+16"/>
        <location line="+69"/>
        <source>the inspector refused %1: %2</source>
        <translation>檢查器拒絕了 %1：%2</translation>
    </message>
    <message>
        <location line="-65"/>
        <source>the profiler did not start: %1</source>
        <translation>分析器未啟動：%1</translation>
    </message>
    <message>
        <location line="+78"/>
        <location line="+58"/>
        <source>%1 failed: %2</source>
        <translation>%1 失敗：%2</translation>
    </message>
    <message>
        <location line="-52"/>
        <location line="+62"/>
        <source>the profiler handed over no profile</source>
        <translation>分析器未交出任何剖析檔</translation>
    </message>
    <message>
        <location line="-45"/>
        <source>the heap snapshot is larger than %1 MiB, more than Embers takes from a target</source>
        <translation>堆積快照大於 %1 MiB，超過 Embers 從目標接收的上限</translation>
    </message>
    <message>
        <location line="+75"/>
        <location line="+5"/>
        <source>: still loading when the capture ended</source>
        <translation>: 擷取結束時仍在載入</translation>
    </message>
    <message>
        <location filename="../viewer/capture/SourceMapIntake.cpp" line="+100"/>
        <source>%1: a file on the target&apos;s machine, not this one: not read</source>
        <translation>%1：是目標機器上的檔案，而非本機：未讀取</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1: not a .map file: not read</source>
        <translation>%1：不是 .map 檔案：未讀取</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>%1: on another host than %2: not fetched</source>
        <translation>%1：位於 %2 以外的主機：未取得</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1: the capture&apos;s source maps already take %2 MiB: not read</source>
        <translation>%1：此擷取的原始碼對應已佔用 %2 MiB：未讀取</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>%1 more source maps were not usable</source>
        <translation>另有 %1 個原始碼對應無法使用</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 more scripts named source maps, beyond the %2 a capture takes in: not read</source>
        <translation>另有 %1 個指令碼指定了原始碼對應，超過單次擷取可接受的 %2 個：未讀取</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>cannot open it: %1</source>
        <translation>無法開啟：%1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>not a regular file (a device, a pipe, a folder...): not read</source>
        <translation>不是一般檔案（裝置、管線、資料夾……）：未讀取</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+23"/>
        <location line="+27"/>
        <source>larger than %1 MiB: not read</source>
        <translation>大於 %1 MiB：未讀取</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>: its inline source map is not a valid data: URL</source>
        <translation>: 其內嵌原始碼對應不是有效的 data: URL</translation>
    </message>
    <message>
        <location line="-124"/>
        <source>: not a source map Embers can fetch</source>
        <translation>: 不是 Embers 能取得的原始碼對應</translation>
    </message>
    <message>
        <location filename="../viewer/capture/InspectorMessage.cpp" line="+29"/>
        <source>a message that is not JSON (%1 at byte %2): &quot;%3&quot;</source>
        <translation>不是 JSON 的訊息（第 %2 位元組處 %1）：「%3」</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>a message that is not a JSON object: &quot;%1&quot;</source>
        <translation>不是 JSON 物件的訊息：「%1」</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>an answer whose id is not a command&apos;s number: &quot;%1&quot;</source>
        <translation>id 不是指令編號的回應：「%1」</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>an error without a message</source>
        <translation>沒有訊息的錯誤</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>a message that is neither an answer nor an event: &quot;%1&quot;</source>
        <translation>既非回應也非事件的訊息：「%1」</translation>
    </message>
</context>
<context>
    <name>embers::InspectorSession</name>
    <message>
        <location filename="../viewer/capture/InspectorSession.cpp" line="+36"/>
        <source>no WebSocket connection: %1</source>
        <translation>無法建立 WebSocket 連線：%1</translation>
    </message>
    <message>
        <location line="+89"/>
        <source>the target closed the connection</source>
        <translation>目標關閉了連線</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>the target sent %1</source>
        <translation>目標送來了%1</translation>
    </message>
</context>
<context>
    <name>embers::LabelsPanel</name>
    <message>
        <location filename="../viewer/widgets/LabelsPanel.cpp" line="+76"/>
        <source>Label</source>
        <translation>標籤</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Cost</source>
        <translation>成本</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Share</source>
        <translation>比例</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Check values to keep or exclude their samples; double-click a value to keep only it</source>
        <translation>勾選值以保留或排除其樣本；雙擊某值則只保留它</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>&amp;Keep Checked</source>
        <translation>保留已勾選(&amp;K)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Keep only the samples with a checked value (pprof&apos;s -tagfocus)</source>
        <translation>只保留具有已勾選值的樣本（pprof 的 -tagfocus）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>E&amp;xclude Checked</source>
        <translation>排除已勾選(&amp;X)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Drop the samples with a checked value (pprof&apos;s -tagignore)</source>
        <translation>捨棄具有已勾選值的樣本（pprof 的 -tagignore）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Group by Label</source>
        <translation>依標籤分組(&amp;G)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A root frame per value of the selected label (pprof&apos;s -tagroot)</source>
        <translation>為所選標籤的每個值建立根框架（pprof 的 -tagroot）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>L&amp;abel Leaves</source>
        <translation>在葉節點標示標籤(&amp;A)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A leaf frame per value of the selected label, below where each sample was taken (pprof&apos;s -tagleaf)</source>
        <translation>為所選標籤的每個值，在每個樣本的取樣位置下方建立葉框架（pprof 的 -tagleaf）</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>e.g. 1kb:4mb, :64b, 32b</source>
        <translation>例如 1kb:4mb, :64b, 32b</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Filter &amp;Range</source>
        <translation>依範圍篩選(&amp;R)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Keep the samples whose numeric label is in the range (from:to, :to, from:, or one value; units as pprof&apos;s)</source>
        <translation>保留數值標籤在範圍內的樣本（from:to、:to、from: 或單一值；單位同 pprof）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Numeric:</source>
        <translation>數值：</translation>
    </message>
    <message>
        <location line="+58"/>
        <source>This capture has no labels. Profilers add them per request, thread or allocation size (pprof labels).</source>
        <translation>此擷取沒有標籤。分析器會依請求、執行緒或配置大小加上標籤（pprof 標籤）。</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>%1 (%2, %3 – %4)</source>
        <translation>%1（%2，%3 – %4）</translation>
    </message>
    <message numerus="yes">
        <location line="+11"/>
        <source>%n value(s)</source>
        <translation>
            <numerusform>%n 個值</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>embers::MainWindow</name>
    <message>
        <location filename="../app/MainWindow.cpp" line="+112"/>
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
        <location line="+29"/>
        <source>Captures</source>
        <translation>擷取</translation>
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
        <translation>已略過監看資料夾中的檔案：%1</translation>
    </message>
    <message>
        <location line="+41"/>
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
        <location line="+3"/>
        <source>&amp;Capture…</source>
        <translation>擷取(&amp;C)…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Profile a running Go service, Node process or Worker now</source>
        <translation>立即剖析執行中的 Go 服務、Node 程序或 Worker</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Main</source>
        <translation>主要</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Co&amp;mpare Captures…</source>
        <translation>比較擷取(&amp;M)…</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Watch Folder…</source>
        <translation>監看資料夾(&amp;W)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open every profile written into a folder from now on</source>
        <translation>從現在起開啟寫入資料夾的每個設定檔</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Compare &amp;Watched Captures</source>
        <translation>比較監看的擷取(&amp;W)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>S&amp;top Watching Folder</source>
        <translation>停止監看資料夾(&amp;T)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Apply &amp;Source Maps…</source>
        <translation>套用原始碼對應(&amp;S)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show bundled JavaScript frames as the original functions</source>
        <translation>將打包後的 JavaScript 框架顯示為原本的函式</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Export</source>
        <translation>匯出(&amp;E)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Profile…</source>
        <translation>剖析檔(&amp;P)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Save the capture as shown as a pprof file or folded stacks</source>
        <translation>將目前顯示的擷取存成 pprof 檔或 folded 堆疊</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;HTML Page…</source>
        <translation>&amp;HTML 網頁…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Save the capture as shown as one web page that anyone can open in a browser, offline</source>
        <translation>將目前顯示的擷取存成單一網頁，任何人都能以瀏覽器離線開啟</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>HTML Page with &amp;Source…</source>
        <translation>含原始碼的 HTML 網頁(&amp;S)…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The same web page with the source lines of its functions, where this machine has them: whoever opens it reads that code</source>
        <translation>同樣的網頁，並附上本機找得到的函式原始碼行：開啟網頁的人都能讀到這些程式碼</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Close Capture</source>
        <translation>關閉擷取(&amp;C)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Quit</source>
        <translation>結束(&amp;Q)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Edit</source>
        <translation>編輯(&amp;E)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Undo Transform</source>
        <translation>復原轉換(&amp;U)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;Redo Transform</source>
        <translation>重做轉換(&amp;R)</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>&amp;View</source>
        <translation>檢視(&amp;V)</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>&amp;Help</source>
        <translation>說明(&amp;H)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>鍵盤快速鍵(&amp;K)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;About Embers</source>
        <translation>關於 Embers(&amp;A)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Close</source>
        <translation>關閉</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Diff Selected (First Is the Base)</source>
        <translation>比較選取項目的差異 (第一個為基準)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show Selected Side by Side</source>
        <translation>並排顯示選取項目</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Compare Selected in a Table</source>
        <translation>以表格比較選取項目</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Merge Selected</source>
        <translation>合併選取項目</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Compare Captures</source>
        <translation>比較擷取</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open at least two captures to compare them.</source>
        <translation>請至少開啟兩個擷取才能進行比較。</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Select at least two loaded captures to compare.</source>
        <translation>請選取至少兩個已載入的擷取以進行比較。</translation>
    </message>
    <message>
        <location line="+59"/>
        <source>Not compared: a capture could not be opened.</source>
        <translation>未比較：有擷取無法開啟。</translation>
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
        <translation>沒有最近的檔案</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Clear Recent Files</source>
        <translation>清除最近的檔案清單</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>Profiles (*.pprof *.pb.gz *.pb *.prof *.cpuprofile *.heapprofile *.heapsnapshot *.folded *.collapsed)</source>
        <translation>剖析檔 (*.pprof *.pb.gz *.pb *.prof *.cpuprofile *.heapprofile *.heapsnapshot *.folded *.collapsed)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>All files (*)</source>
        <translation>所有檔案 (*)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open Profiles</source>
        <translation>開啟剖析檔</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Capture list</source>
        <translation>擷取清單</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>&amp;Theme</source>
        <translation>主題(&amp;T)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;System</source>
        <translation>跟隨系統(&amp;S)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>&amp;Light</source>
        <translation>淺色(&amp;L)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>&amp;Dark</source>
        <translation>深色(&amp;D)</translation>
    </message>
    <message>
        <location line="+130"/>
        <source>Cannot watch %1: not a readable folder.</source>
        <translation>無法監看 %1：不是可讀取的資料夾。</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Watch Folder</source>
        <translation>監看資料夾</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>Capture %1 of the series failed: %2</source>
        <translation>系列中的第 %1 次擷取失敗：%2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 is a service; it offers %2. Pick one in File ▸ Capture… (Discover).</source>
        <translation>%1 是服務，提供 %2。請在「檔案 ▸ 擷取…」（探索）中選擇一個。</translation>
    </message>
    <message>
        <location line="+71"/>
        <source>Not compared: nothing was captured from %1.</source>
        <translation>未比較：無法從 %1 擷取任何內容。</translation>
    </message>
    <message>
        <location line="+61"/>
        <source>Compare needs at least two captures from the watched folder.</source>
        <translation>比較至少需要兩個來自監看資料夾的擷取。</translation>
    </message>
    <message numerus="yes">
        <location line="+28"/>
        <source>Watching %1 (%n new captures)</source>
        <translation>
            <numerusform>正在監看 %1（%n 個新擷取）</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>New profiles written into %1 open as captures (File ▸ Stop Watching Folder)</source>
        <translation>寫入 %1 的新設定檔會開啟為擷取（檔案 ▸ 停止監看資料夾）</translation>
    </message>
    <message>
        <location line="+166"/>
        <source>Open as New Captures</source>
        <translation>開啟為新擷取</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Diff against %1 (the Base)</source>
        <translation>以 %1 為基準比較差異</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Side by Side with %1</source>
        <translation>與 %1 並排</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Merge with %1</source>
        <translation>與 %1 合併</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Open a capture first: source maps apply to the capture shown.</source>
        <translation>請先開啟擷取：原始碼對應會套用到顯示中的擷取。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Apply Source Maps</source>
        <translation>套用原始碼對應</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Source maps (*.map);;All files (*)</source>
        <translation>原始碼對應 (*.map);;所有檔案 (*)</translation>
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
        <translation>%1：%3 中的 %2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Shown</source>
        <translation>顯示中</translation>
    </message>
    <message>
        <location line="+13"/>
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
    <name>embers::ShortcutsDialog</name>
    <message>
        <location filename="../app/ShortcutsDialog.cpp" line="+61"/>
        <source>Flame graph</source>
        <translation>火焰圖</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Click</source>
        <translation>按一下</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Focus on a frame: it and its callers fill the width</source>
        <translation>聚焦於框架：它與其呼叫端佔滿整個寬度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Select the caller (the callee in the flame orientation)</source>
        <translation>選取呼叫端 (火焰方向時為被呼叫端)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Select the widest callee (the caller in the flame orientation)</source>
        <translation>選取最寬的被呼叫端 (火焰方向時為呼叫端)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Select the previous sibling</source>
        <translation>選取上一個同層框架</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Select the next sibling</source>
        <translation>選取下一個同層框架</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Focus on the selected frame</source>
        <translation>聚焦於選取的框架</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show the whole profile</source>
        <translation>顯示整個剖析資料</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1, back mouse button</source>
        <translation>%1、滑鼠的「上一頁」按鈕</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Back to the previous focus</source>
        <translation>返回上一個焦點</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1, forward mouse button</source>
        <translation>%1、滑鼠的「下一頁」按鈕</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Forward to the next focus</source>
        <translation>前進到下一個焦點</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Next search match</source>
        <translation>下一個搜尋結果</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Previous search match</source>
        <translation>上一個搜尋結果</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Zoom in</source>
        <translation>放大</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Zoom out</source>
        <translation>縮小</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reset the zoom</source>
        <translation>重設縮放</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ctrl+Wheel</source>
        <translation>Ctrl+滾輪</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Zoom in or out around the pointer</source>
        <translation>以指標位置為中心放大或縮小</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Shift+Wheel</source>
        <translation>Shift+滾輪</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Scroll sideways</source>
        <translation>水平捲動</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Search</source>
        <translation>搜尋</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Search functions in the flame graph</source>
        <translation>在火焰圖中搜尋函式</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>In the search field: next match</source>
        <translation>在搜尋欄中：下一個搜尋結果</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>In the search field: previous match</source>
        <translation>在搜尋欄中：上一個搜尋結果</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Function table</source>
        <translation>函式表格</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1, %2</source>
        <translation>%1、%2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Select a function: its boxes light up in the flame graph</source>
        <translation>選取函式：火焰圖中該函式的方塊會反白顯示</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1, double-click</source>
        <translation>%1、按兩下</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Focus the flame graph on the function</source>
        <translation>將火焰圖聚焦於該函式</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Copy Row</source>
        <translation>複製列</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Capture page</source>
        <translation>擷取頁面</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show the flame graph</source>
        <translation>顯示火焰圖</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show the callers and callees of the selected function</source>
        <translation>顯示所選函式的呼叫者與被呼叫者</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Hide or show V8&apos;s idle and program frames</source>
        <translation>隱藏或顯示 V8 的 idle 與 program 框架</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Invert Graph (Bottom-Up)</source>
        <translation>反轉圖（由下而上）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1, double-click a box</source>
        <translation>%1、雙擊方塊</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show Source</source>
        <translation>顯示原始碼</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show the labels</source>
        <translation>顯示標籤</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show the bottom-up tree</source>
        <translation>顯示由下而上樹</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Transforms</source>
        <translation>轉換</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Right-click</source>
        <translation>按右鍵</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>On a box or a table row: focus, merge, drop, collapse…</source>
        <translation>在方塊或表格列上：聚焦、合併、捨棄、摺疊…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Undo the last change to the transforms</source>
        <translation>復原對轉換的最後一次變更</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Redo it</source>
        <translation>重做</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Keyboard Shortcuts</source>
        <translation>鍵盤快速鍵</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Shortcut</source>
        <translation>快速鍵</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Action</source>
        <translation>動作</translation>
    </message>
</context>
<context>
    <name>embers::SideBySideView</name>
    <message>
        <location filename="../viewer/widgets/SideBySideView.cpp" line="+65"/>
        <source>&amp;Sample type:</source>
        <translation>樣本類型(&amp;S)：</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>All frames</source>
        <translation>所有框架</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show the whole profile in every pane (Esc)</source>
        <translation>在每個窗格中顯示整個剖析資料 (Esc)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Search all panes (Ctrl+F)</source>
        <translation>搜尋所有窗格 (Ctrl+F)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Rege&amp;x</source>
        <translation>正規表示式(&amp;X)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Flame</source>
        <translation>火焰</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Draw callers below their callees, as a classic flame graph</source>
        <translation>如傳統火焰圖，將呼叫端繪製在被呼叫端下方</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>Lines &amp;of:</source>
        <translation>擷取(&amp;O):</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Flame &amp;Graphs</source>
        <translation>火焰圖(&amp;G)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Source</source>
        <translation>原始碼</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A function&apos;s source lines with one capture&apos;s costs (Show Source on a box, or double-click it)</source>
        <translation>函式的原始碼行及其在一個擷取中的成本(在方塊上「顯示原始碼」,或按兩下)</translation>
    </message>
    <message>
        <location line="+102"/>
        <source>Show &amp;Source</source>
        <translation>顯示原始碼(&amp;S)</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>Matched: %1%</source>
        <extracomment>the share of a pane&apos;s total that the search matched, e.g. &quot;Matched: 12.3%&quot;</extracomment>
        <translation>符合：%1%</translation>
    </message>
    <message>
        <location line="+233"/>
        <source>No samples of this type in this capture.</source>
        <translation>此擷取中沒有此類型的樣本。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&lt;b&gt;%1&lt;/b&gt; was not sampled on this call path in this capture.</source>
        <translation>此擷取中，&lt;b&gt;%1&lt;/b&gt; 在這條呼叫路徑上沒有被取樣。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show all frames</source>
        <translation>顯示所有框架</translation>
    </message>
</context>
<context>
    <name>embers::SourceMapBar</name>
    <message>
        <location filename="../viewer/widgets/SourceMapBar.cpp" line="+13"/>
        <source>&amp;Apply</source>
        <translation>套用(&amp;A)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>&amp;Undo</source>
        <translation>復原(&amp;U)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Dismiss</source>
        <translation>關閉</translation>
    </message>
</context>
<context>
    <name>embers::SourceMapController</name>
    <message>
        <location filename="../viewer/document/SourceMapController.cpp" line="+101"/>
        <source>No source map found in %1.</source>
        <translation>在 %1 中找不到原始碼對應。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No frame of %1 is in a script these source maps are for.</source>
        <translation>%1 沒有任何框架位於這些原始碼對應所對應的腳本中。</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Source map: remapped by line only, approximate (the line holds code of several original lines)</source>
        <translation>原始碼對應：僅依行對應，為近似值（該行含有多個原始行的程式碼）</translation>
    </message>
    <message>
        <location line="+56"/>
        <source>Source maps found beside the capture&apos;s scripts: %1</source>
        <translation>在擷取的腳本旁找到原始碼對應：%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Applying source maps…</source>
        <translation>正在套用原始碼對應…</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Source maps: %1 frames remapped, %2 approximate (%3)</source>
        <extracomment>%1 and %2 are counts of frames, %3 the source map files used</extracomment>
        <translation>原始碼對應：已對應 %1 個框架，其中 %2 個為近似 (%3)</translation>
    </message>
</context>
<context>
    <name>embers::SourcePane</name>
    <message>
        <location filename="../viewer/widgets/SourcePane.cpp" line="+74"/>
        <source>&amp;Locate…</source>
        <translation>指定位置(&amp;L)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Choose the file on this machine; files recorded under the same folder are then found there too</source>
        <translation>選擇本機上的檔案；記錄在同一資料夾下的其他檔案也會在那裡找到</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Right-click a function in the flame graph or the table and choose &lt;b&gt;Show Source&lt;/b&gt; (or select it and press %1) to see its lines with their costs here.</source>
        <translation>在火焰圖或表格中的函式上按右鍵並選擇&lt;b&gt;顯示原始碼&lt;/b&gt;（或選取後按 %1），即可在此查看其各行與成本。</translation>
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
        <translation>剖析檔未記錄 &lt;b&gt;%1&lt;/b&gt; 的原始碼檔案。</translation>
    </message>
    <message>
        <location line="-61"/>
        <source>Reading %1…</source>
        <translation>正在讀取 %1…</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>Reading the costs of %1…</source>
        <translation>正在讀取 %1 的成本…</translation>
    </message>
    <message>
        <location line="+87"/>
        <source>it is a folder</source>
        <translation>它是資料夾</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>it is not a regular file</source>
        <translation>它不是一般檔案</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>it cannot be read</source>
        <translation>無法讀取</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>it is a binary file, not source text</source>
        <translation>它是二進位檔，不是原始碼文字</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>it is too large to show</source>
        <translation>檔案太大無法顯示</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>it is gone</source>
        <translation>它已不存在</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&lt;b&gt;%1&lt;/b&gt; was found, but %2.</source>
        <translation>找到了 &lt;b&gt;%1&lt;/b&gt;，但%2。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;b&gt;%1&lt;/b&gt; was not found on this machine. Use &lt;b&gt;Locate…&lt;/b&gt; to choose it; other files recorded under the same folder are then found too.</source>
        <translation>在本機上找不到 &lt;b&gt;%1&lt;/b&gt;。請用&lt;b&gt;指定位置…&lt;/b&gt;選擇它；記錄在同一資料夾下的其他檔案也會一併找到。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Searched:</source>
        <translation>已搜尋：</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Lines with a cost in this file:</source>
        <translation>此檔案中有成本的行：</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>line %1</source>
        <translation>第 %1 行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>self %1, total %2</source>
        <translation>self %1，total %2</translation>
    </message>
    <message numerus="yes">
        <location line="+21"/>
        <source>The file has %n lines, but the profile records costs on line %1: it is not the file the profile was taken from.</source>
        <translation>
            <numerusform>檔案只有 %n 行，但剖析檔記錄了第 %1 行的成本：這不是擷取剖析檔時的檔案。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+13"/>
        <source>The file changed after the profile was taken (%1): lines may have moved.</source>
        <translation>檔案在擷取剖析檔之後變更過（%1）：各行可能已移動。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The file is not valid UTF-8; what cannot be read shows as �.</source>
        <translation>檔案不是有效的 UTF-8；無法讀取的部分顯示為 �。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 — %2 (as embedded in %3)</source>
        <translation>%1 — %2（內嵌於 %3）</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Locate %1</source>
        <translation>指定 %1 的位置</translation>
    </message>
</context>
<context>
    <name>embers::SourceView</name>
    <message>
        <location filename="../viewer/widgets/SourceView.cpp" line="+144"/>
        <source>Each line&apos;s total (with what it calls) in the base and in the new capture, and the change; the base is scaled to the new total when the diff is normalised. A line&apos;s tooltip has its self values too.</source>
        <translation>每一行在基準與新擷取中的總計（含其呼叫的內容），以及其變化；差異正規化時，基準會縮放至新的總計。行的提示中也有自身的值。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Self: the line&apos;s own cost. Total: with what it calls.</source>
        <translation>自身：該行本身的成本。總計：含其呼叫的內容。</translation>
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
        <translation>之前</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>After</source>
        <translation>之後</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Change</source>
        <translation>變化</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Self</source>
        <translation>自身</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Total</source>
        <translation>總計</translation>
    </message>
    <message numerus="yes">
        <location line="+75"/>
        <source> … %n more characters</source>
        <translation>
            <numerusform> … 還有 %n 個字元</numerusform>
        </translation>
    </message>
    <message>
        <location line="+85"/>
        <source>(past the end of the file)</source>
        <translation>（超過檔案結尾）</translation>
    </message>
    <message>
        <location line="+78"/>
        <source>Line %1</source>
        <translation>第 %1 行</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>no change</source>
        <translation>無變化</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Total: %1 → %2 (%3)</source>
        <translation>總計：%1 → %2（%3）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Self: %1 → %2 (%3)</source>
        <translation>自身：%1 → %2（%3）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Change: %1 of the new total</source>
        <translation>變化：佔新總計的 %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Self: %1 (%2 of all)</source>
        <translation>自身：%1（佔全部 %2）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Total: %1 (%2 of all)</source>
        <translation>總計：%1（佔全部 %2）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 of %2</source>
        <translation>%2 的 %1</translation>
    </message>
</context>
<context>
    <name>embers::StandardInput</name>
    <message>
        <location filename="../app/StandardInput.cpp" line="+26"/>
        <source>standard input</source>
        <translation>標準輸入</translation>
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
        <location line="+3"/>
        <source>Reopen &amp;Last Session</source>
        <translation>重新開啟上次的工作階段(&amp;L)</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Recent Files</source>
        <translation>最近的檔案</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Examples</source>
        <translation>範例</translation>
    </message>
    <message>
        <location line="+79"/>
        <source>No recent files</source>
        <translation>沒有最近的檔案</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No examples installed</source>
        <translation>未安裝範例</translation>
    </message>
</context>
<context>
    <name>embers::TransformBar</name>
    <message>
        <location filename="../viewer/widgets/TransformBar.cpp" line="+54"/>
        <source>Transforms:</source>
        <translation>轉換：</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>Pop</source>
        <translation>移除最後</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove the last transform</source>
        <translation>移除最後一個轉換</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>pprof&apos;s option: focus, ignore, hide, show and show_from take a regular expression; tagfocus and tagignore a label filter (key=value, key=1kb:4mb); tagroot and tagleaf label keys</source>
        <translation>pprof 的選項：focus、ignore、hide、show、show_from 接受正規表示式；tagfocus 與 tagignore 接受標籤篩選（key=value、key=1kb:4mb）；tagroot 與 tagleaf 接受標籤鍵</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+11"/>
        <source>Regular expression…</source>
        <translation>正規表示式…</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>Label keys…</source>
        <translation>標籤鍵…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>key=value…</source>
        <translation>key=value…</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>%1 (error)</source>
        <translation>%1（錯誤）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 (no match)</source>
        <translation>%1（無符合）</translation>
    </message>
    <message>
        <location line="+77"/>
        <source>This capture has no labels.</source>
        <translation>此擷取沒有標籤。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Failed: %1</source>
        <translation>失敗：%1</translation>
    </message>
    <message>
        <location line="-66"/>
        <source>This transform matched nothing.</source>
        <translation>此轉換沒有符合任何項目。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Click to turn it off; right-click for more.</source>
        <translation>按一下停用；按右鍵看更多。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Turned off. Click to turn it on again.</source>
        <translation>已停用。按一下重新啟用。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Remove this transform</source>
        <translation>移除此轉換</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Turn Off</source>
        <translation>停用</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Turn On</source>
        <translation>啟用</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pop Back to Here</source>
        <translation>退回到這裡</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Applying…</source>
        <translation>套用中…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>none — right-click a function to add one</source>
        <translation>無 — 在函式上按右鍵新增</translation>
    </message>
</context>
<context>
    <name>embers::TransformController</name>
    <message>
        <location filename="../viewer/document/TransformController.cpp" line="+150"/>
        <source>Focus</source>
        <translation>聚焦</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Ignore</source>
        <translation>忽略</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Hide</source>
        <translation>隱藏</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show</source>
        <translation>顯示</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show from</source>
        <translation>從此顯示</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Label filter</source>
        <translation>標籤篩選</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Label exclude</source>
        <translation>標籤排除</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Group by label</source>
        <translation>依標籤分組</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Labels at the leaf</source>
        <translation>標籤置於葉端</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Focus on function</source>
        <translation>聚焦於函式</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Focus on call path</source>
        <translation>聚焦於呼叫路徑</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Merge</source>
        <translation>合併</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Drop</source>
        <translation>捨棄</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Collapse direct recursion</source>
        <translation>摺疊直接遞迴</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Collapse recursion</source>
        <translation>摺疊遞迴</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Collapse file</source>
        <translation>摺疊檔案</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Collapse package</source>
        <translation>摺疊套件</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Collapse library</source>
        <translation>摺疊函式庫</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>everywhere</source>
        <translation>全部</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
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
        <translation>自 #%2 起%1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Select a function to see it capture by capture</source>
        <translation>選擇函式以逐一檢視各擷取的值</translation>
    </message>
</context>
<context>
    <name>embers::TruncationNotes</name>
    <message>
        <location filename="../viewer/widgets/TruncationNotes.cpp" line="+23"/>
        <source>Stacks truncated at %1 frames by the profiler: their real roots are unknown</source>
        <translation>被分析器截斷於 %1 個框架的堆疊：其真正的根不明</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Stack truncated at %1 frames: its real root is unknown</source>
        <translation>堆疊截斷於 %1 個框架：其真正的根不明</translation>
    </message>
</context>
</TS>
