#!/usr/bin/env bash
# The real window on a real X server (Xvfb, with openbox so that windows get focus), driven
# by real input events (xdotool), checked by what it shows: the text on the screen read by
# OCR (tesseract), the clipboard after a real copy (xclip), window titles, the files it
# writes. Opens the example captures; copies a box's name from its context menu and clicks
# the box: the breadcrumbs end with that name; Show Source (Ctrl+U): the Source tab names
# the function's file and shows its hot line with go tool pprof -list's total; Esc: the
# breadcrumbs are the root again; a regex search: the match label's share is go tool pprof
# -focus's; File > Export > HTML Page: a page that parses, titled and with data of the
# capture; switches capture in the list; diffs two captures through File > Compare
# (Ctrl+D); captures from a local HTTP target through File > Capture: the new capture is in
# the list and the window's title; quits (Ctrl+Q). Fails on a crash, a non-zero exit, a
# step whose effect does not show, or any line on the window's stderr (Qt's warnings).
# A screenshot after each step goes to ARTIFACTS.
#   tests/real_window_test.sh EMBERS EXAMPLES_DIR EXTRA_CAPTURE ARTIFACTS
# EXTRA_CAPTURE is a wall-time profile like kvworker-time.pb.gz, to diff it against.
# Exit status 77 (ctest: skipped) when a tool is missing (scripts/dev.sh test installs them),
# except under CI=true, where a missing tool fails the test.
set -eEuo pipefail
embers=$1 examples=$2 extra=$3 artifacts=$4
check="$(cd "$(dirname "$0")" && pwd)/real_window_check.py"

for tool in Xvfb openbox xdotool xprop import compare convert tesseract xclip python3 go; do
  if ! command -v "$tool" >/dev/null; then
    if [[ ${CI:-} == true ]]; then
      echo "FAIL: $tool is not installed, and CI must run this test (scripts/dev.sh test installs it)"
      exit 1
    fi
    echo "SKIP: $tool is not installed (scripts/dev.sh test installs it)"
    exit 77
  fi
done

work=$(mktemp -d)
xvfb='' wm='' app='' target=''
cleanup() {
  for pid in $app $target $wm $xvfb; do
    kill "$pid" 2>/dev/null || true
  done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
trap 'fail "line $LINENO: $BASH_COMMAND"' ERR
rm -rf "$artifacts" && mkdir -p "$artifacts"
shots=0 last=''

fail() {
  echo "FAIL: $*"
  if [[ -s $work/stderr ]]; then
    echo "--- the window's stderr:"
    cat "$work/stderr"
  fi
  echo "Screenshots: $artifacts"
  exit 1
}

# Polls COMMAND... until it succeeds, for up to SECONDS; fails with WHAT and what the last
# try printed otherwise.
wait_for() {
  local seconds=$1 what=$2
  shift 2
  local end=$((SECONDS + seconds))
  until "$@" >"$work/why" 2>&1; do
    if [[ -n $app ]] && ! kill -0 "$app" 2>/dev/null; then
      local status=0
      wait "$app" || status=$?
      app=''
      fail "the window exited (status $status) while waiting for $what"
    fi
    if ((SECONDS >= end)); then
      grab "$artifacts/failed.png"
      fail "no $what after $seconds s: $(cat "$work/why")"
    fi
    sleep 0.2
  done
  cat "$work/why"
}

grab() { import -window root "$1"; }
same() { compare -metric AE "$1" "$2" null: 2>/dev/null; }
differs_from_last() {
  grab "$work/now.png"
  ! same "$last" "$work/now.png"
}
# Once two screenshots in a row are alike, the window has settled; keeps it as NN-NAME.png.
shot() {
  local name=$1 end=$((SECONDS + 10))
  grab "$work/a.png"
  while grab "$work/b.png" && ! same "$work/a.png" "$work/b.png" && ((SECONDS < end)); do
    mv "$work/b.png" "$work/a.png"
  done
  shots=$((shots + 1))
  last=$(printf '%s/%02d-%s.png' "$artifacts" "$shots" "$name")
  mv "$work/b.png" "$last"
  echo "step $shots: $name"
}
window_named() { xdotool search --onlyvisible --name "$1"; }
# The text in the screen's rectangle WIDTH HEIGHT LEFT TOP, scaled up three times (small UI
# text is below what tesseract reads well), to OUT.txt, or OUT.tsv with words' boxes (in the
# scaled picture) when FORMAT is tsv.
read_screen() {
  local out=$1 w=$2 h=$3 x=$4 y=$5 format=${6:-txt}
  import -window root -crop "${w}x${h}+${x}+${y}" +repage "$work/crop.png"
  convert "$work/crop.png" -resize 300% -colorspace Gray "$out.png"
  if [[ $format == tsv ]]; then
    tesseract "$out.png" "$out" --psm 11 tsv >/dev/null 2>&1
  else
    tesseract "$out.png" "$out" --psm 4 >/dev/null 2>&1
  fi
}
# The flame graph's bar (All frames, breadcrumbs, match label, search), and the tab's pane
# from there down.
read_bar() { read_screen "$work/bar" $((X + WIDTH - bar_x)) "$bar_h" "$bar_x" "$bar_y"; }
read_pane() { read_screen "$work/pane" $((X + WIDTH - pane_x)) "$pane_h" "$pane_x" "$bar_y"; }
crumb_is() { read_bar && python3 "$check" crumb "$work/bar.txt" "$1"; }
crumb_is_root() { read_bar && python3 "$check" crumb-root "$work/bar.txt"; }
clipboard() { xclip -o -selection clipboard 2>/dev/null; }
clipboard_filled() { [[ -n $(clipboard) ]]; }

# The references, while the window starts: go tool pprof's share for the search's regex.
regex='parse(Expr|Term|Factor)'
(cd "$examples" && TZ=UTC go tool pprof -top -nodecount=0 -nodefraction=0 -focus="$regex" \
  cpu-parser.pb.gz >"$work/focus.txt" 2>"$work/focus.err") &
pprof_focus=$!
# A capture target on loopback, on a port the kernel picks: a copy of an example.
cp "$examples"/heap-cache.pb.gz "$work/served.pb.gz"
python3 "$check" serve "$work/served.pb.gz" 170 >"$work/target.port" 2>"$work/target.err" &
target=$!

# The X server picks a free display and writes its number once it accepts clients. The
# window takes most of the screen: 1280x800 here (at a 1280x800 screen its breadcrumbs are
# too narrow for a focused name like main.(*parser).parseTerm).
Xvfb -displayfd 3 -screen 0 1600x1000x24 -nolisten tcp 3>"$work/display" 2>"$work/xvfb.log" &
xvfb=$!
wait_for 30 "X server" test -s "$work/display"
DISPLAY=:$(cat "$work/display")
export DISPLAY
openbox --sm-disable >"$work/openbox.log" 2>&1 &
wm=$!
wait_for 30 "window manager" sh -c 'xprop -root _NET_SUPPORTING_WM_CHECK | grep -q "window id"'

# A first start: no settings, no recent files; English; the X11 platform, not offscreen.
mkdir -m 700 "$work/runtime"
env -u QT_QPA_PLATFORM LANG=C.UTF-8 LC_ALL=C.UTF-8 HOME="$work" \
  XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data" XDG_CACHE_HOME="$work/cache" \
  XDG_RUNTIME_DIR="$work/runtime" \
  "$embers" "$examples"/cpu-parser.pb.gz "$examples"/heap-cache.pb.gz \
  "$examples"/kvworker-time.pb.gz "$extra" >"$work/stdout" 2>"$work/stderr" &
app=$!

wait_for 30 "window showing cpu-parser.pb.gz" window_named '^cpu-parser\.pb\.gz — Embers$'
main=$(window_named '^cpu-parser\.pb\.gz — Embers$' | head -1)
xdotool windowactivate --sync "$main"
# X, Y, WIDTH, HEIGHT: the window's inside on the screen. Positions below are the screen's
# (mousemove --window counts from the frame openbox puts around it).
eval "$(xdotool getwindowgeometry --shell "$main")"
shot opened

# Where things are, read from the screen: the flame graph's bar by its "All frames" button,
# the captures by their names (both in the window's upper left).
read_screen "$work/upper" $((WIDTH / 2)) $((HEIGHT / 2)) "$X" "$Y" tsv
python3 "$check" words "$work/upper.tsv" All frames >"$work/at" || fail "$(cat "$work/at")"
read -r l t w h <"$work/at"
bar_x=$((X + l / 3 - 6)) bar_y=$((Y + t / 3 - 8)) bar_h=$((h / 3 + 16))
pane_h=$((HEIGHT * 6 / 10 - (bar_y - Y)))
# The view's tabs start where the capture's bar does, with "Sample type:".
python3 "$check" words "$work/upper.tsv" Sample type: >"$work/at" || fail "$(cat "$work/at")"
read -r l t w h <"$work/at"
pane_x=$((X + l / 3 - 8))
python3 "$check" words "$work/upper.tsv" heap-cache.pb.gz >"$work/at" || fail "$(cat "$work/at")"
read -r l t w h <"$work/at"
heap_x=$((X + l / 3 + w / 6)) heap_y=$((Y + t / 3 + h / 6))
wait_for 30 "root alone in the breadcrumbs" crumb_is_root

# A box in the flame graph (among the parser's frames, at this window's size): its context
# menu's "Copy Function Name", the last but one item, puts its name on the clipboard; a click
# focuses the graph on it, and the breadcrumbs end with that name.
box_x=$((X + WIDTH * 65 / 100)) box_y=$((Y + HEIGHT * 36 / 100))
# The box's tooltip comes up a moment after the pointer stops: the screen is taken once it
# has, so that only the menu changes it.
xdotool mousemove "$box_x" "$box_y"
sleep 1.5
shot hover
xdotool click 3
wait_for 10 "context menu of a box" differs_from_last
xdotool key Up Up Return
wait_for 10 "function name on the clipboard" clipboard_filled
name=$(clipboard)
[[ $name == main.* && $name != *$'\n'* ]] || fail "the box at $box_x,$box_y is '$name', not one of main's functions"
echo "the box: $name"
xdotool click 1
wait_for 30 "breadcrumbs ending with $name" crumb_is "$name"
shot box-clicked

# Show Source on the clicked box: the Source tab names the file that go tool pprof -list
# names and shows the line with the largest total, with that total.
(cd "$examples" && TZ=UTC go tool pprof -list="^$(python3 -c 'import re, sys; print(re.escape(sys.argv[1]))' "$name")\$" \
  cpu-parser.pb.gz >"$work/list.txt" 2>"$work/list.err") || fail "go tool pprof -list $name: $(cat "$work/list.err")"
source_shows() { read_pane && python3 "$check" source "$work/pane.txt" "$name" "$work/list.txt"; }
xdotool key ctrl+u
wait_for 30 "source of $name in the Source tab" source_shows
shot source

xdotool key alt+g Escape
wait_for 30 "root alone in the breadcrumbs after Esc" crumb_is_root
shot escape

# A regex search: the label's share of the samples is go tool pprof -focus's.
wait "$pprof_focus" || fail "go tool pprof -focus: $(cat "$work/focus.err")"
share_shown() { read_bar && python3 "$check" share "$work/bar.txt" "$work/focus.txt"; }
xdotool key ctrl+f
xdotool type --delay 30 "$regex"
xdotool key alt+x
wait_for 30 "share of /$regex/ in the match label" share_shown
shot search

# File > Export > HTML Page: a page that parses, titled by the capture, with its functions.
page=$work/exported/cpu-parser.html
mkdir -p "$(dirname "$page")"
xdotool key --delay 150 alt+f e h
wait_for 10 "Export HTML Page dialog" window_named '^Export HTML Page$'
dialog=$(window_named '^Export HTML Page$' | head -1)
wait_for 10 "Export HTML Page dialog with the focus" sh -c "[ \$(xdotool getactivewindow) = $dialog ]"
xdotool key ctrl+a
xdotool type --delay 20 "$page"
xdotool key Return
wait_for 30 "exported page $page" python3 "$check" html "$page" "$name" cpu-parser.pb.gz
shot exported

# The second capture in the list, where its name is on the screen.
xdotool mousemove "$heap_x" "$heap_y" click 1
wait_for 10 "heap-cache.pb.gz as the current capture" window_named '^heap-cache\.pb\.gz — Embers$'
shot switched-capture

# File > Compare: a diff, base kvworker-time (third), new the extra capture (last).
xdotool key ctrl+d
wait_for 10 "Compare Captures dialog" window_named '^Compare Captures$'
dialog=$(window_named '^Compare Captures$' | head -1)
wait_for 10 "Compare Captures dialog with the focus" sh -c "[ \$(xdotool getactivewindow) = $dialog ]"
# Diff, Base: the last but one, New: the last; one key at a time, as a user types them.
xdotool key --delay 150 alt+d alt+b End Up alt+n End
shot compare-dialog
xdotool key Return
diff_title="^Compare kvworker-time\.pb\.gz, $(basename "$extra" | sed 's/\./\\./g') — Embers$"
wait_for 30 "diff window ($diff_title)" window_named "$diff_title"
shot diff

# File > Capture from the local target: the new capture is saved, listed, and current.
wait_for 10 "capture target's port" test -s "$work/target.port"
port=$(cat "$work/target.port")
xdotool windowactivate --sync "$main"
xdotool key ctrl+shift+r
wait_for 10 "Capture a Profile dialog" window_named '^Capture a Profile$'
dialog=$(window_named '^Capture a Profile$' | head -1)
wait_for 10 "Capture a Profile dialog with the focus" sh -c "[ \$(xdotool getactivewindow) = $dialog ]"
xdotool type --delay 20 "http://127.0.0.1:$port/debug/pprof/profile"
# Start, where it is on the screen (Return in the target field runs Discover instead).
eval "$(xdotool getwindowgeometry --shell "$dialog" | sed 's/^/dialog_/')"
# shellcheck disable=SC2154 # dialog_*: from the eval above
read_screen "$work/dialog" "$dialog_WIDTH" "$dialog_HEIGHT" "$dialog_X" "$dialog_Y" tsv
python3 "$check" words "$work/dialog.tsv" Start >"$work/at" || fail "$(cat "$work/at")"
read -r l t w h <"$work/at"
xdotool mousemove $((dialog_X + (l + w / 2) / 3)) $((dialog_Y + (t + h / 2) / 3)) click 1
captured="^127\.0\.0\.1_$port-profile-[0-9]{8}-[0-9]{6}\.pb\.gz — Embers$"
wait_for 30 "window titled by the new capture ($captured)" window_named "$captured"
title=$(xdotool getwindowname "$main")
capture=${title% — Embers}
[[ -s $work/data/embers/captures/$capture ]] || fail "no saved capture $work/data/embers/captures/$capture"
# The list is narrower than the name: up to the date (the time is cut off).
captures_list() {
  read_screen "$work/list" $((pane_x - X)) $((HEIGHT * 8 / 10)) "$X" "$Y" &&
    python3 "$check" listed "$work/list.txt" "${capture%-*}"
}
wait_for 30 "$capture in the captures list" captures_list
shot captured

xdotool key ctrl+q
end=$((SECONDS + 30))
while kill -0 "$app" 2>/dev/null; do
  ((SECONDS < end)) || fail "the window did not close after Ctrl+Q"
  sleep 0.1
done
status=0
wait "$app" || status=$?
app=''
((status == 0)) || fail "the window exited with status $status"
[[ ! -s $work/stderr ]] || fail "the window wrote to stderr"
echo "PASS: $shots steps; screenshots in $artifacts"
