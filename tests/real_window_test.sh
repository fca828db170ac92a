#!/usr/bin/env bash
# The real window on a real X server (Xvfb, with openbox so that windows get focus), driven
# by real input events (xdotool): open the example captures, click a box in the flame
# graph, Esc, Ctrl+F and a search, switch capture in the list, diff two captures through
# File > Compare (Ctrl+D), quit (Ctrl+Q). Fails on a crash, a non-zero exit, a step whose
# effect does not show, or any line on the window's stderr (where Qt's warnings go).
# A screenshot after each step goes to ARTIFACTS.
#   tests/real_window_test.sh EMBERS EXAMPLES_DIR EXTRA_CAPTURE ARTIFACTS
# EXTRA_CAPTURE is a wall-time profile like kvworker-time.pb.gz, to diff it against.
# Exit status 77 (ctest: skipped) when a tool is missing (scripts/dev.sh test installs them).
set -eEuo pipefail
embers=$1 examples=$2 extra=$3 artifacts=$4

for tool in Xvfb openbox xdotool xprop import compare; do
  if ! command -v "$tool" >/dev/null; then
    echo "SKIP: $tool is not installed (scripts/dev.sh test installs it)"
    exit 77
  fi
done

work=$(mktemp -d)
xvfb='' wm='' app=''
cleanup() {
  for pid in $app $wm $xvfb; do
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

# Polls COMMAND... until it succeeds, for up to SECONDS; fails with WHAT otherwise.
wait_for() {
  local seconds=$1 what=$2
  shift 2
  local end=$((SECONDS + seconds))
  until "$@" >/dev/null 2>&1; do
    if [[ -n $app ]] && ! kill -0 "$app" 2>/dev/null; then
      local status=0
      wait "$app" || status=$?
      app=''
      fail "the window exited (status $status) while waiting for $what"
    fi
    ((SECONDS < end)) || fail "no $what after $seconds s"
    sleep 0.1
  done
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

# The X server picks a free display and writes its number once it accepts clients.
Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp 3>"$work/display" 2>"$work/xvfb.log" &
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
shot opened

# A box in the middle of the flame graph (the capture list is on the left, the function
# table below): it is selected, and the graph zooms to it.
eval "$(xdotool getwindowgeometry --shell "$main")" # WIDTH, HEIGHT
xdotool mousemove --window "$main" $((WIDTH * 45 / 100)) $((HEIGHT * 36 / 100)) click 1
wait_for 10 "change after clicking a box" differs_from_last
shot box-clicked

xdotool key Escape
wait_for 10 "change after Esc (the whole profile again)" differs_from_last
shot escape

xdotool key ctrl+f
xdotool type --delay 30 parse
xdotool key Return
wait_for 10 "search matches" differs_from_last
shot search

# The second capture in the list (its rows start below the menu bar and the toolbar, at
# about 70 px; each is about 46 px high).
xdotool mousemove --window "$main" 30 160 click 1
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

xdotool windowactivate --sync "$main"
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
