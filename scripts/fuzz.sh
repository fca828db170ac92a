#!/usr/bin/env bash
# Fuzzes Embers with libFuzzer, SECONDS per target (default 60), each target in turn:
#   open        the open path (tests/fuzz/fuzz_open.cpp): sniff, inflate, decode, model,
#               reports, layout
#   sourcemap   the source map decoder (tests/fuzz/fuzz_sourcemap.cpp)
#   transforms  any transform list on any profile, against its invariants
#   compare     diffs, merges, the N-way table and the noise test, against theirs
#   export      pprof, folded and picture exports, reopened and checked
#   inspector   what a V8 inspector target sends: protocol messages, one per line, and
#               the source maps its Debugger.scriptParsed events name
#   inspectorlist  an inspector's /json/list and the WebSocket addresses it names
#   scripts/fuzz.sh [SECONDS] [TARGET...]      (no TARGET: all seven)
# Seeds: every profile in ../shared/profiles, tests/data and the bundled examples; the last
# three targets take a 32-byte recipe before the profile (tests/fuzz/FuzzRecipe.h), so
# their seeds are those profiles behind a recipe made from each file's name; the
# inspector's two take tests/fuzz/<target>-seeds.
# Builds with the "fuzz" preset (clang, ASan + UBSan, its own folder build/fuzz: nothing
# is shared with the gcc presets). On Debian 12 it installs what it needs: clang, and
# libclang-rt-14-dev for libFuzzer's runtime (only "recommended" by clang-14, so a
# --no-install-recommends install lacks it). EMBERS_SKIP_APT=1 skips apt-get.
# EMBERS_LEAN_DEBUG_INFO=1 builds at -O1 with line tables only (quicker to compile),
# EMBERS_CCACHE=1 compiles through ccache and EMBERS_WERROR=1 makes warnings errors, as in
# scripts/dev.sh.
# New findings land in build/fuzz/crashes (named TARGET-crash-...); each target's growing
# corpus in build/fuzz/corpus-TARGET.
# Exit status: 0 when nothing was found, non-zero otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}

PACKAGES=(
  clang libclang-rt-14-dev cmake ninja-build pkg-config
  qt6-base-dev qt6-base-dev-tools libgl-dev qt6-websockets-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
  libprotobuf-dev protobuf-compiler zlib1g-dev
)
configure=()
if [[ "${EMBERS_LEAN_DEBUG_INFO:-0}" == 1 ]]; then
  configure+=(-DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG")
fi
if [[ "${EMBERS_CCACHE:-0}" == 1 ]]; then
  configure+=(-DEMBERS_CCACHE=ON)
  PACKAGES+=(ccache)
fi
if [[ "${EMBERS_WERROR:-0}" == 1 ]]; then
  configure+=(-DEMBERS_WERROR=ON)
else
  configure+=(-DEMBERS_WERROR=OFF)
fi
if [[ "${EMBERS_SKIP_APT:-0}" != 1 ]]; then
  missing=()
  for p in "${PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  if ((${#missing[@]})); then
    sudo=""; [[ $(id -u) -eq 0 ]] || sudo="sudo"
    echo "Installing: ${missing[*]}"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
  fi
fi

cmake --preset fuzz "${configure[@]}" >/dev/null
cmake --build --preset fuzz --parallel 2
targets=("${@:2}")
((${#targets[@]})) || targets=(open sourcemap transforms compare export inspector inspectorlist)
mkdir -p build/fuzz/crashes
shared=${EMBERS_PROFILES:-../shared/profiles}
# Profile seeds: every file under 256 KiB that may be a profile or a near miss (legacy
# formats, edge cases), the regressions and the examples; named by their path, so none
# hides another.
seeds=build/fuzz/seeds
rm -rf "$seeds" && mkdir -p "$seeds"
while IFS= read -r -d '' f; do
  cp "$f" "$seeds/$(tr '/' '_' <<<"${f#../}")"
done < <(find "$shared" tests/data resources/examples -type f -size -256k ! -name '*.txt' \
         ! -name '*.txt.gz' ! -name '*.md' ! -name '*.sh' ! -name '*.tsv' \
         ! -path '*fuzz-regressions/*/*' -print0)
# The same behind a recipe (the first 32 bytes of the SHA-256 of the seed's name), and
# the analysis targets' own findings.
recipe_seeds=build/fuzz/seeds-recipe
rm -rf "$recipe_seeds" && mkdir -p "$recipe_seeds"
for f in "$seeds"/*; do
  name=$(basename "$f")
  hex=$(sha256sum <<<"$name" | cut -c1-64)
  { printf "$(sed 's/../\\x&/g' <<<"$hex")"; cat "$f"; } >"$recipe_seeds/$name"
done
find tests/data/fuzz-regressions -mindepth 2 -type f -exec cp {} "$recipe_seeds/" \;
# Source map seeds: our maps and tests/fuzz/sourcemap-seeds.
map_seeds=build/fuzz/seeds-sourcemap
rm -rf "$map_seeds" && mkdir -p "$map_seeds"
while IFS= read -r -d '' f; do
  cp "$f" "$map_seeds/$(tr '/' '_' <<<"$f")"
done < <(find tests/data/sourcemap tests/fuzz/sourcemap-seeds -type f -size -256k \
         \( -name '*.map' -o -path '*sourcemap-seeds*' \) -print0)

# One worker, 4 GiB per process, leaks reported (but fontconfig's caches, which the
# pictures fill: tests/fuzz/lsan.supp), and a timeout per input: the slowest seed takes
# well under 1 s, but a busy machine (or `nice`) can stretch that many times
# (EMBERS_FUZZ_TIMEOUT, seconds).
export LSAN_OPTIONS=suppressions=$PWD/tests/fuzz/lsan.supp
for target in "${targets[@]}"; do
  case $target in
    open) target_seeds=$seeds ;;
    sourcemap) target_seeds=$map_seeds ;;
    transforms | compare | export) target_seeds=$recipe_seeds ;;
    inspector | inspectorlist) target_seeds=tests/fuzz/$target-seeds ;;
    *) echo "fuzz.sh: no target $target" >&2; exit 2 ;;
  esac
  corpus=build/fuzz/corpus-$target
  mkdir -p "$corpus"
  echo "== $target: ${seconds} s"
  build/fuzz/tests/fuzz/embers_fuzz_$target -max_total_time="$seconds" \
    -timeout="${EMBERS_FUZZ_TIMEOUT:-30}" -rss_limit_mb=4096 -max_len=262144 \
    -artifact_prefix="build/fuzz/crashes/$target-" -print_final_stats=1 "$corpus" "$target_seeds"
done
