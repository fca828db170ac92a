#!/usr/bin/env bash
# Checks the desktop integration files and the .deb built from a configured build
# directory (scripts/dev.sh package runs it on build/release, CI too):
#   desktop-file-validate, appstreamcli validate, update-mime-database on the MIME file;
#   cpack -G DEB; the package's fields, files and Depends (satisfiable here, via apt);
#   the packaged binary, extracted to a temporary root: --version, a report from an
#   installed example, and (when xvfb-run is there) its window on a virtual display.
# Usage: packaging/check.sh BUILD_DIR
set -euo pipefail
cd "$(dirname "$0")/.."
build=$(realpath "${1:?usage: packaging/check.sh BUILD_DIR}")
id=dev.embers.Embers
version=$(sed -n 's/^project(Embers VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

step() { printf '\n== %s\n' "$*"; }
fail() {
  echo "packaging check FAILED: $*" >&2
  exit 1
}

step "desktop file"
desktop-file-validate "packaging/$id.desktop"
echo "ok"

step "AppStream metainfo"
appstreamcli validate --no-net "packaging/$id.metainfo.xml"

step "MIME type"
mkdir -p "$work/mime/packages"
cp "packaging/$id.mime.xml" "$work/mime/packages/$id.xml"
update-mime-database "$work/mime" 2>"$work/mime.log" || { cat "$work/mime.log"; fail "update-mime-database"; }
if grep -qiE "error|warning|invalid|unknown" "$work/mime.log"; then
  cat "$work/mime.log"
  fail "update-mime-database complained"
fi
[[ -f "$work/mime/application/x-pprof.xml" ]] || fail "no application/x-pprof in the MIME database"
grep -q "^application/x-pprof application/gzip$" "$work/mime/subclasses" || fail "not a gzip subclass"
grep -q "application/x-pprof:\*\.pb\.gz" "$work/mime/globs2" || fail "no *.pb.gz glob"
echo "ok: application/x-pprof, globs $(grep -c 'application/x-pprof:' "$work/mime/globs2"), a gzip subclass"

step "cpack -G DEB"
rm -f "$build"/embers_*.deb
(cd "$build" && cpack -G DEB >"$work/cpack.log" 2>&1) || { cat "$work/cpack.log"; fail "cpack"; }
debs=("$build"/embers_"$version"_*.deb)
deb=${debs[0]}
[[ -f "$deb" ]] || fail "no embers_${version}_*.deb in $build"
dpkg-deb --info "$deb"
field() { dpkg-deb --field "$deb" "$1"; }
[[ $(field Package) == embers ]] || fail "package name"
[[ $(field Version) == "$version" ]] || fail "version"
[[ $(field Section) == devel ]] || fail "section"
[[ -n $(field Maintainer) && -n $(field Description) ]] || fail "maintainer or description missing"
depends=$(field Depends)
for needed in libc6 libstdc++6 libqt6core6 libqt6gui6 libqt6widgets6 libqt6network6 libqt6websockets6 \
  libprotobuf zlib1g \
  qt6-qpa-plugins libqt6svg6; do
  [[ ", $depends" == *", $needed"* ]] || fail "Depends lacks $needed: $depends"
done

step "files"
dpkg-deb --contents "$deb" | awk '{print $6}' >"$work/contents"
for path in usr/bin/embers \
  "usr/share/applications/$id.desktop" \
  "usr/share/metainfo/$id.metainfo.xml" \
  "usr/share/mime/packages/$id.xml" \
  "usr/share/icons/hicolor/scalable/apps/$id.svg" \
  usr/share/doc/embers/LICENSE usr/share/doc/embers/THIRD-PARTY-NOTICES.md \
  usr/share/doc/embers/user-guide.md \
  usr/share/embers/examples/cpu-parser.pb.gz usr/share/embers/examples/README.md \
  usr/share/embers/examples/corpus/progs/dev_cpu_parser/main.go; do
  grep -qx "\./$path" "$work/contents" || fail "$path is not in the package"
done
if grep -vE '^\./$|^\./usr/$|^\./usr/(bin|share)/' "$work/contents" >"$work/outside"; then
  fail "files outside /usr/bin and /usr/share: $(cat "$work/outside")"
fi
echo "ok: $(grep -vc '/$' "$work/contents") files"

step "dependencies satisfiable (apt-get --simulate)"
apt-get install --simulate --no-install-recommends "$deb" >"$work/apt.log" 2>&1 ||
  { cat "$work/apt.log"; fail "apt cannot install the package's dependencies"; }
grep -E "^(Inst|Conf) " "$work/apt.log" || true
# On a fresh machine apt fetches them: each must come from an archive, not only be here.
if [[ -n $(apt-cache madison libc6 2>/dev/null) ]]; then
  for package in $(tr ',|' '\n\n' <<<"$depends" | sed 's/(.*)//; s/ //g' | grep .); do
    [[ -n $(apt-cache madison "$package") ]] && continue
    # A virtual package (qt6-websockets-abi) counts when an archive's package provides it.
    provided=""
    for provider in $(apt-cache showpkg "$package" | sed -n '/^Reverse Provides:/,$p' |
      tail -n +2 | awk '{print $1}'); do
      [[ -n $(apt-cache madison "$provider") ]] && provided=$provider
    done
    [[ -n $provided ]] || fail "$package is in no apt archive"
  done
  echo "ok: every dependency is in the apt archives"
else
  echo "(no apt package lists: not checked against the archives)"
fi

step "the packaged binary"
dpkg-deb -x "$deb" "$work/root"
bin=$work/root/usr/bin/embers
file "$bin" | grep -q "ELF 64-bit.*, stripped" || fail "not a stripped ELF: $(file "$bin")"
# The same libraries apt would install; nothing from the build tree.
ldd "$bin" | grep -q "not found" && fail "unresolved libraries: $(ldd "$bin" | grep 'not found')"
out=$(env -u LD_LIBRARY_PATH "$bin" --version)
[[ $out == "embers $version" ]] || fail "--version said '$out'"
echo "$out"
# The examples are found next to the binary, as installed.
report=$(env -u LD_LIBRARY_PATH "$bin" --top --nodecount=3 "$work/root/usr/share/embers/examples/cpu-parser.pb.gz")
grep -q "^Type: cpu" <<<"$report" || fail "--top on an installed example: $report"
echo "$report"

if command -v xvfb-run >/dev/null && command -v xwininfo >/dev/null; then
  step "the window (xvfb-run)"
  # The window's title names the capture once it has loaded.
  xvfb-run -a -s "-screen 0 1280x800x24" bash -c '
    QT_QPA_PLATFORM=xcb "$1" "$2" >"$3/window.log" 2>&1 &
    pid=$!
    for _ in $(seq 60); do
      if xwininfo -root -tree | grep -q "cpu-parser.pb.gz"; then
        xwininfo -root -tree | grep "cpu-parser.pb.gz"
        kill "$pid"
        exit 0
      fi
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.5
    done
    cat "$3/window.log"
    kill "$pid" 2>/dev/null
    exit 1' _ "$bin" "$work/root/usr/share/embers/examples/cpu-parser.pb.gz" "$work" ||
    fail "no Embers window with the capture"
fi

step "packaging OK: $deb"
