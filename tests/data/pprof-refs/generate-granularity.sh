#!/usr/bin/env bash
# Regenerates the go tool pprof references for the granularities: -addresses on
# unsymbolised native profiles (frames by address and binary, "<unknown>" without a
# mapping) and symbolised ones (address plus function and line), and -lines /
# -filefunctions on real profiles that the shared manifest covers only at function
# granularity. Needs Go (Debian's golang-go 1.19, whose vendored pprof made the shared
# references). Run from this folder:
#   ./generate-granularity.sh ../../../../shared/profiles
# Each line of granularity-manifest.tsv: input (relative to the profiles folder), sample
# type, pprof's flags, reference file, and the exact command that made it.
set -euo pipefail
src=${1:?path to shared/profiles}
export TZ=UTC
mkdir -p granularity
printf 'file\tsample_index\tflags\treference\tcommand\n' > granularity-manifest.tsv
cases='
pprof-testdata/cppbench.cpu_no_samples_type	cpu	-addresses -nodefraction=0
pprof-testdata/cppbench.cpu_no_samples_type	cpu	-addresses
pprof-testdata/cppbench.cpu_no_samples_type	cpu	-addresses -cum -nodefraction=0
pprof-testdata/go.nomappings.crash	inuse_space	-addresses -nodefraction=0
pprof-testdata/go.nomappings.crash	alloc_objects	-addresses -cum -nodefraction=0
pprof-testdata/derived/converted/cppbench.heap.pb.gz	inuse_space	-addresses -nodefraction=0
pprof-testdata/derived/converted/cppbench.contention.pb.gz	delay	-addresses -nodefraction=0
pprof-testdata/derived/converted/gobench.heap.pb.gz	alloc_space	-addresses -nodefraction=0
pprof-testdata/derived/converted/gobench.cpu.pb.gz	samples	-addresses -nodefraction=0
pprof-testdata/derived/converted/gobench.cpu.pb.gz	samples	-addresses -cum -nodefraction=0
pprof-testdata/derived/converted/go.godoc.thread.pb.gz	threadcreate	-addresses -nodefraction=0
pprof-testdata/sample.cpu	cpu	-addresses -nodefraction=0
pprof-testdata/sample.cpu	cpu	-addresses -cum -nodefraction=0
pprof-testdata/sample.cpu	cpu	-addresses -noinlines -nodefraction=0
pprof-testdata/derived/converted/java.cpu.pb.gz	cpu	-addresses -nodefraction=0
real/go/cpu-parser.pb.gz	cpu	-addresses -nodefraction=0
real/go/cpu-parser.pb.gz	cpu	-lines -nodefraction=0
real/go/cpu-parser.pb.gz	cpu	-filefunctions -cum -nodefraction=0
real/go/heap-cache.pb.gz	inuse_space	-addresses -nodefraction=0
real/go/heap-cache.pb.gz	alloc_space	-lines -nodefraction=0
real/node/kvworker-time-lines.pb.gz	sample	-lines -nodefraction=0
real/node/kvworker-time-lines.pb.gz	sample	-addresses -nodefraction=0
'
while IFS=$'\t' read -r f t flags; do
  [ -n "$f" ] || continue
  name=granularity/$(echo "$f" | tr '/' '_').${t}$(echo "$flags" | tr -d ' =' | tr '-' '_').txt
  cmd="go tool pprof -top -nodecount=0 $flags -sample_index=$t $f"
  (cd "$src" && $cmd) > "$name" 2>/dev/null || { echo "failed: $cmd" >&2; rm -f "$name"; continue; }
  gzip -9nf "$name"
  printf '%s\t%s\t%s\t%s\t%s\n' "$f" "$t" "$flags" "$name.gz" "TZ=UTC $cmd" >> granularity-manifest.tsv
done <<< "$cases"
