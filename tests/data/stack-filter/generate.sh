#!/usr/bin/env bash
# Regenerates the go tool pprof references of tst_stackfilter: -top with -ignore on the
# team's real profiles, with pprof's totals (of the whole profile) and with
# -relative_percentages (of what is left). Needs Go 1.19's `go tool pprof` (Debian's
# golang-go). Run from this folder:
#   ./generate.sh ../../../../shared/profiles/real
# Each line of manifest.tsv: input (relative to shared/profiles/real), sample type,
# flags, -ignore pattern, reference file, and the exact command that made it.
set -euo pipefail
src=${1:?path to shared/profiles/real}
export TZ=UTC
v8='^(\((program|idle|garbage collector)\)|Garbage Collection)$'
printf 'file\tsample_index\tflags\tignore\treference\tcommand\n' > manifest.tsv
add() { # file sample_index flags ignore reference
  local cmd="go tool pprof -top -nodecount=0 -sample_index=$2 $3 -ignore='$4' $1"
  (cd "$src" && go tool pprof -top -nodecount=0 "-sample_index=$2" $3 "-ignore=$4" "$1") > "$5" 2>/dev/null
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$4" "$5" "TZ=UTC $cmd" >> manifest.tsv
}
add node/kvworker-time.pb.gz wall "-nodefraction=0" "$v8" kvworker-time.wall.ignore-v8.txt
add node/kvworker-time.pb.gz sample "-nodefraction=0" "$v8" kvworker-time.sample.ignore-v8.txt
add node/kvworker-time.pb.gz wall "-nodefraction=0 -relative_percentages" "$v8" kvworker-time.wall.ignore-v8.relative.txt
add node/kvworker-time.pb.gz wall "-relative_percentages" "$v8" kvworker-time.wall.ignore-v8.relative-trimmed.txt
add node/kvworker-time-labels.pb.gz cpu "-nodefraction=0 -relative_percentages" "$v8" kvworker-time-labels.cpu.ignore-v8.relative.txt
add node/kvworker-time-labels.pb.gz wall "-nodefraction=0 -relative_percentages" "$v8" kvworker-time-labels.wall.ignore-v8.relative.txt
add node/kvworker-time.pb.gz wall "-nodefraction=0" "Sanitize" kvworker-time.wall.ignore-sanitize.txt
add go/cpu-parser.pb.gz cpu "-nodefraction=0 -relative_percentages" "peek|quicksort" cpu-parser.cpu.ignore-peek-quicksort.relative.txt
