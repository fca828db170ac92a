#!/usr/bin/env bash
# Fuzzes the open path (tests/fuzz/fuzz_open.cpp) and the source map decoder
# (tests/fuzz/fuzz_sourcemap.cpp) with libFuzzer for N seconds in all
# (default 60), seeded with every profile in ../shared/profiles, tests/data and the
# bundled examples.
#   scripts/fuzz.sh [SECONDS]
# Builds with the "fuzz" preset (clang, ASan + UBSan, its own folder build/fuzz: nothing
# is shared with the gcc presets). On Debian 12 it installs what it needs: clang, and
# libclang-rt-14-dev for libFuzzer's runtime (only "recommended" by clang-14, so a
# --no-install-recommends install lacks it). EMBERS_SKIP_APT=1 skips apt-get.
# EMBERS_LEAN_DEBUG_INFO=1 builds at -O1 with line tables only (quicker to compile),
# EMBERS_CCACHE=1 compiles through ccache and EMBERS_WERROR=1 makes warnings errors, as in
# scripts/dev.sh.
# New findings land in build/fuzz/crashes; the growing corpus in build/fuzz/corpus.
# Exit status: 0 when nothing was found, non-zero otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}

PACKAGES=(
  clang libclang-rt-14-dev cmake ninja-build pkg-config
  qt6-base-dev qt6-base-dev-tools libgl-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
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
corpus=build/fuzz/corpus
mkdir -p "$corpus" build/fuzz/crashes
shared=${EMBERS_PROFILES:-../shared/profiles}
# Seeds: every file under 256 KiB that may be a profile or a near miss (legacy formats,
# edge cases), the regressions and the examples; named by their path, so none hides another.
seeds=build/fuzz/seeds
rm -rf "$seeds" && mkdir -p "$seeds"
while IFS= read -r -d '' f; do
  cp "$f" "$seeds/$(tr '/' '_' <<<"${f#../}")"
done < <(find "$shared" tests/data resources/examples -type f -size -256k ! -name '*.txt' \
         ! -name '*.txt.gz' ! -name '*.md' ! -name '*.sh' ! -name '*.tsv' -print0)
# One worker, 4 GiB per process, leaks reported, and a timeout per input: the slowest
# seed takes well under 1 s, but a busy machine (or `nice`) can stretch that many times
# (EMBERS_FUZZ_TIMEOUT, seconds). Three quarters of the time go to the open path, the rest
# to the source map decoder (its seeds: our maps and tests/fuzz/sourcemap-seeds).
open_seconds=$(( seconds * 3 / 4 ))
map_seconds=$(( seconds - open_seconds ))
build/fuzz/tests/fuzz/embers_fuzz_open -max_total_time="$open_seconds" \
  -timeout="${EMBERS_FUZZ_TIMEOUT:-30}" -rss_limit_mb=4096 \
  -max_len=262144 -artifact_prefix=build/fuzz/crashes/ -print_final_stats=1 "$corpus" "$seeds"

map_corpus=build/fuzz/corpus-sourcemap
map_seeds=build/fuzz/seeds-sourcemap
rm -rf "$map_seeds" && mkdir -p "$map_seeds" "$map_corpus"
while IFS= read -r -d '' f; do
  cp "$f" "$map_seeds/$(tr '/' '_' <<<"$f")"
done < <(find tests/data/sourcemap tests/fuzz/sourcemap-seeds -type f -size -256k \
         \( -name '*.map' -o -path '*sourcemap-seeds*' \) -print0)
build/fuzz/tests/fuzz/embers_fuzz_sourcemap -max_total_time="$map_seconds" \
  -timeout="${EMBERS_FUZZ_TIMEOUT:-30}" -rss_limit_mb=4096 \
  -max_len=262144 -artifact_prefix=build/fuzz/crashes/sourcemap- -print_final_stats=1 \
  "$map_corpus" "$map_seeds"
