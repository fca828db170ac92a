#!/usr/bin/env bash
# Regenerates the go tool pprof references for -prune_from: each stack cut beneath its
# leaf-most matching frame, and a matching location's inner (inlined) lines dropped. On
# real and test profiles, alone and with -lines / -cum. Needs Go (Debian's golang-go
# 1.19, whose vendored pprof made the shared references). Run from this folder:
#   ./generate-prune.sh ../../../../shared/profiles
# Each line of prune-manifest.tsv: input (relative to the profiles folder), sample type,
# pprof's flags, reference file, and the exact command that made it.
set -euo pipefail
set -f # the regexes hold * and [ ]: no globbing
src=${1:?path to shared/profiles}
export TZ=UTC
mkdir -p prune
printf 'file\tsample_index\tflags\treference\tcommand\n' > prune-manifest.tsv
cases='
real/go/cpu-parser.pb.gz	cpu	-prune_from=parseFactor -nodefraction=0
real/go/cpu-parser.pb.gz	cpu	-prune_from=parseExpr -cum -nodefraction=0
real/go/cpu-parser.pb.gz	cpu	-prune_from=^main\. -nodefraction=0
real/go/cpu-parser.pb.gz	cpu	-prune_from=peek -lines -nodefraction=0
real/go/heap-cache.pb.gz	alloc_space	-prune_from=main -nodefraction=0
pprof-testdata/sample.cpu	cpu	-prune_from=busyLoop -nodefraction=0
pprof-testdata/sample.cpu	cpu	-prune_from=Abs -lines -nodefraction=0
pprof-testdata/sample.cpu	cpu	-prune_from=runtime -nodefraction=0
real/node/kvworker-time.pb.gz	sample	-prune_from=deepSanitize -nodefraction=0
'
while IFS=$'\t' read -r f t flags; do
  [ -n "$f" ] || continue
  name=prune/$(echo "$f" | tr '/' '_').${t}$(echo "$flags" | tr -d ' =^\\' | tr '-' '_').txt
  cmd="go tool pprof -top -nodecount=0 $flags -sample_index=$t $f"
  (cd "$src" && $cmd) > "$name" 2>/dev/null || { echo "failed: $cmd" >&2; rm -f "$name"; continue; }
  gzip -9nf "$name"
  printf '%s\t%s\t%s\t%s\t%s\n' "$f" "$t" "$flags" "$name.gz" "TZ=UTC $cmd" >> prune-manifest.tsv
done <<< "$cases"
