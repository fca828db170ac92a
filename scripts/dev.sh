#!/usr/bin/env bash
# Embers developer entry point for a fresh Debian 12 machine.
#   scripts/dev.sh run    install dependencies, build, open the bundled example captures
#   scripts/dev.sh test   install dependencies, build, run every test (one of them drives
#                         the real window on a virtual X server)
#   scripts/dev.sh asan   the same with AddressSanitizer + UndefinedBehaviorSanitizer (clang)
#   scripts/dev.sh tsan   the suites that run code on several threads, with ThreadSanitizer
#   scripts/dev.sh package  build the .deb from the release build and check it (validators,
#                           contents, dependencies, the packaged binary; packaging/check.sh)
#   scripts/dev.sh check-format  clang-format (the repository's .clang-format) finds
#                           nothing to change in any tracked .cpp or .h
#   scripts/dev.sh tidy   clang-tidy (.clang-tidy) on viewer/core, with the release build's
#                         compile commands (scripts/tidy.py)
#   scripts/dev.sh deps   install dependencies only
# Set EMBERS_SKIP_APT=1 to skip apt-get (dependencies already present), and
# EMBERS_LEAN_DEBUG_INFO=1 to build the release with no debug info and the debug builds
# with line tables only, instead of full debug info
# (CI does: it compiles everything twice, and full DWARF is a large part of that), and
# EMBERS_CCACHE=1 to compile through ccache (installed here; CI does, see .ci/run), and
# EMBERS_WERROR=1 to make every compiler warning an error (CI does).
set -euo pipefail
cd "$(dirname "$0")/.."

PACKAGES=(
  cmake ninja-build g++ pkg-config
  qt6-base-dev qt6-base-dev-tools libgl-dev qt6-websockets-dev
  qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
  libprotobuf-dev protobuf-compiler zlib1g-dev
  # the window icon is an SVG; tst_desktop checks our MIME type against the standard ones
  libqt6svg6 shared-mime-info
)
# Not needed to build or test, but for the window to speak Japanese and Chinese: CJK glyphs,
# and Qt's own translations (dialog buttons, the line edit's context menu).
RUN_PACKAGES=(fonts-noto-cjk qt6-translations-l10n)
# The real window test: a virtual X server, a window manager (so that windows get the
# focus), input events, screenshots (ImageMagick's import and compare), OCR of them, the
# clipboard, Python for its checks and its capture target, go tool pprof for references.
# The capture test's targets: a Go service (built by the test) and Node scripts; npm
# fetches workerd. The hostile-target test makes a TLS certificate with openssl;
# tst_cjkfont draws Traditional Chinese with the CJK font.
TEST_PACKAGES=(xvfb openbox xdotool x11-utils imagemagick golang-go chromium tesseract-ocr
  tesseract-ocr-eng xclip python3 openssl fonts-noto-cjk)
# Node and npm by command, not by package: a Node from elsewhere (NodeSource's nodejs
# bundles npm and conflicts with Debian's npm package) is as good.
TEST_COMMANDS=(node:nodejs npm:npm)
# Cloudflare's Workers runtime for tst_capture, from the npm registry into a cache outside
# the clone (EMBERS_SKIP_NPM=1 skips it; the test then skips, and fails under CI=true).
WORKERD_VERSION=1.20261123.1
# To build and check the .deb: cpack's dpkg-shlibdeps, the desktop validators, and a
# virtual display for a look at the packaged window.
PACKAGE_PACKAGES=(dpkg-dev file desktop-file-utils appstream xvfb xauth x11-utils)
# The sanitizer builds are clang's: it compiles the suites at -O0 in about half of g++'s
# time (CI builds everything several times), and its runtimes are a package of their own.
ASAN_PACKAGES=(clang libclang-rt-14-dev)
LINT_PACKAGES=(git clang-format-14 clang-tidy-14)

# deps [EXTRA_PACKAGE...]: PACKAGES and the extra ones; COMMAND:PACKAGE installs PACKAGE
# only when COMMAND is missing.
deps() {
  [[ "${EMBERS_SKIP_APT:-0}" == 1 ]] && return 0
  local missing=()
  for p in "${PACKAGES[@]}" "$@"; do
    if [[ "$p" == *:* ]]; then
      command -v "${p%%:*}" >/dev/null || missing+=("${p#*:}")
      continue
    fi
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  ((${#missing[@]})) || return 0
  local sudo=""
  [[ $(id -u) -eq 0 ]] || sudo="sudo"
  echo "Installing: ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

# Extra configure options and packages: lean debug info and ccache when asked for.
CONFIGURE=()
if [[ "${EMBERS_LEAN_DEBUG_INFO:-0}" == 1 ]]; then
  CONFIGURE+=(-DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -DNDEBUG" -DCMAKE_CXX_FLAGS_DEBUG="-O0 -g1")
fi
if [[ "${EMBERS_CCACHE:-0}" == 1 ]]; then
  CONFIGURE+=(-DEMBERS_CCACHE=ON)
  PACKAGES+=(ccache)
fi
# Always said, so that a build folder configured once for CI does not keep it.
if [[ "${EMBERS_WERROR:-0}" == 1 ]]; then
  CONFIGURE+=(-DEMBERS_WERROR=ON)
else
  CONFIGURE+=(-DEMBERS_WERROR=OFF)
fi

# CI sets CI=true: there a test that cannot run (a tool missing) is a failure, not a skip.
under_ci() { [[ "${CI:-}" == true || "${CI:-}" == 1 ]]; }

# npm_for_tests PACKAGE@VERSION CACHE-NAME FILE-IN-IT SUITE [NPM-OPTION...]: installs the
# package from the npm registry into a cache outside the clone, unless FILE-IN-IT (relative
# to the cache) is there already. A failure is an error under CI (SUITE needs it), a
# warning elsewhere (its case skips). Prints the cache folder.
npm_for_tests() {
  local package=$1 cache="${XDG_CACHE_HOME:-$HOME/.cache}/embers/$2" file=$3 suite=$4
  shift 4
  if [[ ! -e "$cache/$file" ]]; then
    mkdir -p "$cache"
    if ! npm install --prefix "$cache" --silent --no-audit --no-fund "$@" "$package" \
      >"$cache/npm-install.log" 2>&1; then
      if under_ci; then
        echo "error: could not install $package from npm into $cache" \
          "(CI=true: $suite needs it); npm said:" >&2
        tail -n 20 "$cache/npm-install.log" >&2
        return 1
      fi
      echo "warning: could not install $package from npm ($cache/npm-install.log); $suite will skip it" >&2
    fi
  fi
  echo "$cache"
}

# Exports EMBERS_WORKERD when workerd is (or can be) installed in the cache.
workerd_for_tests() {
  [[ "${EMBERS_SKIP_NPM:-0}" == 1 || -n "${EMBERS_WORKERD:-}" ]] && return 0
  local cache
  cache=$(npm_for_tests "workerd@$WORKERD_VERSION" "workerd-$WORKERD_VERSION" \
    node_modules/.bin/workerd tst_capture) || return 1
  [[ -x "$cache/node_modules/.bin/workerd" ]] && export EMBERS_WORKERD="$cache/node_modules/.bin/workerd"
  return 0
}

# memlab (npm @memlab/core), the reference for heap snapshots' retained sizes in
# tst_heapsnapshot; exports EMBERS_MEMLAB (its node_modules, for NODE_PATH). Its install
# scripts would fetch a browser it does not need here: they are skipped.
MEMLAB_VERSION=2.0.5
memlab_for_tests() {
  [[ "${EMBERS_SKIP_NPM:-0}" == 1 || -n "${EMBERS_MEMLAB:-}" ]] && return 0
  local cache
  cache=$(PUPPETEER_SKIP_DOWNLOAD=1 npm_for_tests "@memlab/core@$MEMLAB_VERSION" \
    "memlab-$MEMLAB_VERSION" node_modules/@memlab/core/package.json tst_heapsnapshot \
    --ignore-scripts) || return 1
  [[ -f "$cache/node_modules/@memlab/core/package.json" ]] && export EMBERS_MEMLAB="$cache/node_modules"
  return 0
}

# ctest with a preset, then what it skipped and why (scripts/skips.py: under CI=true a skip
# tests/allowed-skips.txt does not allow fails); the first failure is the status.
run_tests() {
  local status=0
  ctest --preset "$1" --output-junit "$PWD/build/$1/Testing/Temporary/LastTest.junit.xml" || status=$?
  scripts/skips.py "build/$1" || ((status)) || status=1
  return "$status"
}

build() {
  cmake --preset release "${CONFIGURE[@]}" >/dev/null
  cmake --build --preset release
}

case "${1:-}" in
  deps) deps "${RUN_PACKAGES[@]}" ;;
  run)
    deps "${RUN_PACKAGES[@]}"
    build
    shift
    exec build/release/app/embers "$@" resources/examples/*.pb.gz
    ;;
  test)
    deps "${TEST_PACKAGES[@]}" "${TEST_COMMANDS[@]}"
    workerd_for_tests
    memlab_for_tests
    build
    run_tests release
    ;;
  package)
    deps "${PACKAGE_PACKAGES[@]}"
    build
    packaging/check.sh build/release
    ;;
  asan | tsan)
    deps "${ASAN_PACKAGES[@]}"
    workerd_for_tests
    memlab_for_tests
    cmake --preset "$1" "${CONFIGURE[@]}" >/dev/null
    cmake --build --preset "$1" # tsan: only the suites that run code on several threads
    run_tests "$1"
    ;;
  check-format)
    deps "${LINT_PACKAGES[@]}"
    git ls-files -z '*.cpp' '*.h' | xargs -0 clang-format-14 --dry-run --Werror
    ;;
  tidy)
    deps "${LINT_PACKAGES[@]}"
    build
    scripts/tidy.py build/release
    ;;
  *)
    sed -n '2,15p' "$0"
    exit 2
    ;;
esac
