#!/usr/bin/env python3
"""What real_window_test.sh cannot say in shell: reads OCR'd text of the window against the
names and numbers it expects, checks an exported page, and serves a capture target.
Each check prints what it saw and exits 1 when the window does not show what it should.
  real_window_check.py words TSV WORD...       the box (left top width height) of the first
                                               line holding WORD... in tesseract's TSV
TEXT is a file of tesseract's text.
  real_window_check.py crumb TEXT NAME          the breadcrumbs end with NAME (the focus)
  real_window_check.py crumb-root TEXT          the breadcrumbs are the root alone
  real_window_check.py share TEXT PPROF_TOP     the match label's share is pprof's -focus share
  real_window_check.py source TEXT NAME LIST    the Source tab: NAME's file and its hot line
  real_window_check.py html FILE NAME TITLE     an exported page that parses, with NAME in it
  real_window_check.py listed TEXT NAME         a captures list that shows NAME
  real_window_check.py serve FILE SECONDS       serves FILE at /debug/pprof/profile on
                                               127.0.0.1 (a kernel-given port, printed), for
                                               SECONDS at most
"""
import base64
import gzip
import html.parser
import http.server
import json
import os
import re
import sys
import time


def squash(text):
    # OCR reads "(*" as "(+" and "›" as ">" or "»": letters and digits are what it gets right.
    return re.sub(r"[^a-z0-9]", "", text.lower())


def fail(message):
    print("real_window_check: " + message)
    sys.exit(1)


def words(tsv, wanted):
    found = []
    with open(tsv, encoding="utf-8") as f:
        for row in f.read().splitlines()[1:]:
            cells = row.split("\t")
            if len(cells) >= 12 and cells[11].strip():
                found.append((cells[11], [int(c) for c in cells[6:10]]))
    # Sparse text (--psm 11) puts words of one row in blocks of their own: a row is words
    # next to each other at about the same height.
    # OCR may also run two words together ("Allframes"): compared without the spaces.
    target = squash("".join(wanted))
    runs = [found[i:i + n] for n in range(1, len(wanted) + 2) for i in range(len(found))]
    for run in runs:
        if squash("".join(w for w, _ in run)) != target:
            continue
        boxes = [b for _, b in run]
        if any(abs(b[1] - boxes[0][1]) > boxes[0][3] for b in boxes):
            continue
        left, top = boxes[0][0], min(b[1] for b in boxes)
        right = max(b[0] + b[2] for b in boxes)
        bottom = max(b[1] + b[3] for b in boxes)
        print(left, top, right - left, bottom - top)
        return
    fail("no %r on the screen; tesseract read: %s" % (" ".join(wanted), " ".join(w for w, _ in found)))


def crumbs(text):
    # The flame graph's bar reads "All frames <crumbs> Search functions (Ctrl+F) Regex ..."
    # (or the match label before the search field once a search is on).
    m = re.search(r"frames(.*?)(Search functions|Matched|No match|$)", text, re.S)
    if not m:
        fail("no breadcrumbs after 'All frames' in %r" % text)
    return m.group(1)


def crumb(text, name):
    shown = crumbs(text)
    if not squash(shown).endswith(squash(name)) or not squash(shown).startswith("all"):
        fail("the breadcrumbs read %r, not all › … › %s" % (shown.strip(), name))
    print("breadcrumbs: " + shown.strip())


def crumb_root(text):
    shown = crumbs(text)
    if squash(shown) != "all":
        fail("the breadcrumbs read %r, not the root 'all' alone" % shown.strip())
    print("breadcrumbs: " + shown.strip())


def share(text, pprof_top):
    with open(pprof_top, encoding="utf-8") as f:
        report = f.read()
    # -nodecount=0 -nodefraction=0: every node shown, so this is the focused samples' share.
    m = re.search(r"Showing nodes accounting for \S+, ([0-9.]+)% of \S+ total", report)
    if not m or "Active filters:" not in report:
        fail("no focused total in go tool pprof's report:\n" + report)
    want = float(m.group(1))
    seen = re.search(r"Matched[:;.,]?\s*([0-9]+[.,][0-9])\s*%\s*of\s*total", text)
    if not seen:
        fail("the match label reads %r: no 'Matched: N% of total'" % text)
    got = float(seen.group(1).replace(",", "."))
    # The label has one decimal, pprof two.
    if abs(got - want) > 0.051:
        fail("the match label says %.1f%%, go tool pprof -focus %.2f%%" % (got, want))
    print("match label: %s%% of total; go tool pprof: %.2f%%" % (seen.group(1), want))


def seconds(value):
    m = re.fullmatch(r"([0-9.]+)(ns|us|µs|ms|s|m|h)", value)
    if not m:
        return None
    scale = {"ns": 1e-9, "us": 1e-6, "µs": 1e-6, "ms": 1e-3, "s": 1, "m": 60, "h": 3600}
    return float(m.group(1)) * scale[m.group(2)]


def source(text, name, listing):
    with open(listing, encoding="utf-8") as f:
        lines = f.read().splitlines()
    routine = next((l for l in lines if l.startswith("ROUTINE ")), None)
    if not routine or " in " not in routine:
        fail("no ROUTINE in go tool pprof -list:\n" + "\n".join(lines))
    recorded = routine.rsplit(" in ", 1)[1]
    costly = []
    for l in lines:
        m = re.match(r"\s*(\S+)\s+(\S+)\s+(\d+):(.*)$", l)
        if m and m.group(2) != ".":
            costly.append((seconds(m.group(2)), int(m.group(3)), m.group(4), m.group(2)))
    if not costly:
        fail("no line with a cost in go tool pprof -list:\n" + "\n".join(lines))
    total, number, code, shown_total = max(costly)
    shown = text.splitlines()
    # The pane's title: "NAME — FOUND_PATH", the path ending in the recorded one.
    title = next((l for l in shown if squash(name) in squash(l)), None)
    if not title or squash(recorded) not in squash(title):
        fail("the Source tab's title is not '%s — …/%s'; it reads:\n%s" %
             (name, recorded, text))
    # The hot line: its number, its code and its total on one line of the pane.
    hot, values = None, []
    for l in shown:
        fields = l.split()
        # The heat bar beside the number may be read as a letter ("O67").
        at = next((i for i, f in enumerate(fields)
                   if re.fullmatch(r"[^0-9]*%d[^0-9]*" % number, f)), None)
        if at is not None and squash(code) and squash(code) in squash(" ".join(fields[at:])):
            hot = l
            # Self and total left of the number, each a value and a unit ("3.16 s").
            gutter = "".join(fields[:at])
            values = [seconds(v) for v in re.findall(r"[0-9.]+(?:ns|us|µs|ms|s)", gutter)]
            values = [v for v in values if v is not None]
            break
    if not hot:
        fail("the Source tab does not show hot line %d (%s) of %s; it reads:\n%s" %
             (number, code.strip(), recorded, text))
    if not any(abs(v - total) <= 0.01 * total for v in values):
        fail("hot line %d shows no total of %s (go tool pprof -list): %r" %
             (number, shown_total, hot))
    print("Source tab: %s" % title.strip())
    print("hot line %d, total %s: %s" % (number, shown_total, hot.strip()))


class Page(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.title = ""
        self.scripts = {}
        self._in = None

    def handle_starttag(self, tag, attrs):
        if tag == "title":
            self._in = "title"
        elif tag == "script":
            self._in = dict(attrs).get("id") or "inline"
            self.scripts.setdefault(self._in, "")

    def handle_endtag(self, tag):
        self._in = None

    def handle_data(self, data):
        if self._in == "title":
            self.title += data
        elif self._in:
            self.scripts[self._in] += data


def page(path, name, title):
    if not os.path.isfile(path):
        fail("no file %s" % path)
    with open(path, encoding="utf-8") as f:
        text = f.read()
    if not text.startswith("<!DOCTYPE html>") or not text.rstrip().endswith("</html>"):
        fail("%s is not a whole HTML document" % path)
    p = Page()
    p.feed(text)
    p.close()
    if title not in p.title:
        fail("the page's title is %r, not the capture's %r" % (p.title, title))
    try:
        data = json.loads(p.scripts.get("embers-data", ""))
    except ValueError as e:
        fail("the page's embers-data is not JSON: %s" % e)
    for part in ("embers-arrays", "embers-tree"):
        if not p.scripts.get(part, "").strip():
            fail("the page has no %s" % part)
    # The function names are the arrays' strings: gzip'd, base64, at the offsets in the data.
    try:
        arrays = gzip.decompress(base64.b64decode(p.scripts["embers-arrays"]))
        offset, size = data["arrays"]["stringBytes"][:2]
        blob = arrays[offset:offset + size]
        at, count, kind = data["arrays"]["stringLength"][:3]
        width = {"u8": 1, "u16": 2, "u32": 4}[kind]
        strings, start = [], 0
        for i in range(count):
            length = int.from_bytes(arrays[at + i * width:at + (i + 1) * width], "little")
            strings.append(blob[start:start + length].decode("utf-8"))
            start += length
    except (ValueError, KeyError, OSError) as e:
        fail("the page's strings cannot be read: %s" % e)
    # At "Functions + file" a frame is named "NAME FILE".
    if not any(s == name or s.startswith(name + " ") for s in strings):
        fail("the page's strings do not name %s: %r" % (name, strings))
    print("page: %s, %d bytes, title %r, names %s" % (path, len(text), p.title, name))


def listed(text, name):
    if squash(name) not in squash(text):
        fail("the captures list does not show %s; it reads:\n%s" % (name, text))
    print("captures list shows " + name)


def serve(path, limit):
    with open(path, "rb") as f:
        body = f.read()

    class Profile(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            if self.path.split("?")[0] != "/debug/pprof/profile":
                self.send_error(404)
                return
            self.send_response(200)
            self.send_header("Content-Type", "application/octet-stream")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = http.server.HTTPServer(("127.0.0.1", 0), Profile)
    print(server.server_address[1], flush=True)
    server.timeout = 0.5
    end = time.monotonic() + limit  # stops by itself, should nobody stop it
    while time.monotonic() < end:
        server.handle_request()


def main():
    what, args = sys.argv[1], sys.argv[2:]
    if what in ("crumb", "crumb-root", "share", "source", "listed"):
        with open(args[0], encoding="utf-8") as f:
            args[0] = f.read()  # TEXT: tesseract's output
    if what == "words":
        words(args[0], args[1:])
    elif what == "crumb":
        crumb(args[0], args[1])
    elif what == "crumb-root":
        crumb_root(args[0])
    elif what == "share":
        share(args[0], args[1])
    elif what == "source":
        source(args[0], args[1], args[2])
    elif what == "html":
        page(args[0], args[1], args[2])
    elif what == "listed":
        listed(args[0], args[1])
    elif what == "serve":
        serve(args[0], float(args[1]))
    else:
        fail("unknown check " + what)


if __name__ == "__main__":
    main()
