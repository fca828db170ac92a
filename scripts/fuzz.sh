#!/usr/bin/env bash
# Fuzzes the open path (tests/fuzz/fuzz_open.cpp) with libFuzzer for N seconds
# (default 60), seeded with every profile in ../shared/profiles and tests/data.
#   scripts/fuzz.sh [SECONDS]
# Needs clang (Debian: clang, libclang-rt-14-dev). New findings land in build/fuzz/crashes.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
if [[ "${EMBERS_SKIP_APT:-0}" != 1 ]] && ! command -v clang++ >/dev/null; then
  sudo=""; [[ $(id -u) -eq 0 ]] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends clang libclang-rt-14-dev
fi
cmake --preset fuzz >/dev/null
cmake --build --preset fuzz
corpus=build/fuzz/corpus
mkdir -p "$corpus" build/fuzz/crashes
shared=${EMBERS_PROFILES:-../shared/profiles}
find "$shared" tests/data -type f \( -name '*.pb*' -o -name '*.cpu' -o -name '*.crash' \
     -o -name '*.thread' -o -name '*_type' -o -path '*fuzz-regressions*' \) -size -2M \
     -exec cp -n {} "$corpus/" \; 2>/dev/null || true
build/fuzz/tests/fuzz/embers_fuzz_open -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 \
  -artifact_prefix=build/fuzz/crashes/ -print_final_stats=1 "$corpus"
