#!/usr/bin/env bash
# Regenerates the go tool pprof references for pprof's filter options: -focus, -ignore,
# -hide, -show, -show_from, -tagfocus, -tagignore, -tagroot, -tagleaf, -tagshow, -taghide and
# -relative_percentages, alone and combined, on the shared profiles (those with labels for
# the tag options). Needs Go (Debian's golang-go 1.19, whose vendored pprof made the shared
# references). Run from this folder:
#   ./generate-filters.sh ../../../../shared/profiles
# Each line of filter-manifest.tsv: input (relative to the profiles folder), sample type,
# pprof's flags (space-separated; no flag holds a space), reference file, and the exact
# command that made it.
set -euo pipefail
set -f # the regexes hold * and [ ]: no globbing
src=${1:?path to shared/profiles}
export TZ=UTC
mkdir -p filters
printf 'file\tsample_index\tflags\treference\tcommand\n' > filter-manifest.tsv
cases='
real/go/cpu-parser.pb.gz	cpu	-focus=parseTerm
real/go/cpu-parser.pb.gz	cpu	-focus=peek -nodefraction=0
real/go/cpu-parser.pb.gz	cpu	-ignore=runtime
real/go/cpu-parser.pb.gz	cpu	-ignore=parseFactor -cum -nodefraction=0
real/go/cpu-parser.pb.gz	cpu	-hide=peek -nodefraction=0
real/go/cpu-parser.pb.gz	cpu	-hide=main\.\(\*parser\) -nodefraction=0
real/go/cpu-parser.pb.gz	cpu	-hide=proc\.go -nodefraction=0
real/go/cpu-parser.pb.gz	cpu	-show=main\. -nodefraction=0
real/go/cpu-parser.pb.gz	cpu	-show=parse -cum
real/go/cpu-parser.pb.gz	cpu	-show_from=parseExpr -nodefraction=0
real/go/cpu-parser.pb.gz	cpu	-show_from=peek -nodefraction=0
real/go/cpu-parser.pb.gz	cpu	-show_from=parseTerm -cum -nodefraction=0
real/go/cpu-parser.pb.gz	cpu	-focus=quicksort -hide=partition -nodefraction=0
real/go/cpu-parser.pb.gz	cpu	-focus=nest -show_from=phaseDeep -nodefraction=0
real/go/cpu-parser.pb.gz	cpu	-noinlines -focus=peek -nodefraction=0
real/go/cpu-parser.pb.gz	cpu	-lines -show_from=isDigit -nodefraction=0
real/go/cpu-parser.pb.gz	cpu	-filefunctions -hide=runtime -nodefraction=0
real/go/cpu-parser.pb.gz	cpu	-relative_percentages -focus=countSubsets
real/go/cpu-parser.pb.gz	cpu	-focus=cpu_parser -nodefraction=0
real/go/cpu-parser.pb.gz	samples	-ignore=vdso -nodefraction=0
real/go/cpu-parser.pb.gz	cpu	-show_from=main\.main -hide=runtime -nodefraction=0
real/go/cpu-parser.pb.gz	cpu	-focus=parseExpr -ignore=isDigit -cum
real/go/cpu-workers.pb.gz	cpu	-focus=enrichRecord -nodefraction=0
real/go/cpu-workers.pb.gz	cpu	-hide=normalize -nodefraction=0
real/go/cpu-workers.pb.gz	cpu	-show_from=normalize -nodefraction=0
real/go/cpu-workers.pb.gz	cpu	-show=mix64|Stage -nodefraction=0
real/go/cpu-workers.pb.gz	cpu	-ignore=runtime -cum -nodefraction=0
real/go/cpu-workers.pb.gz	cpu	-show_from=encodeStage -noinlines -nodefraction=0
real/go/heap-cache.pb.gz	alloc_space	-tagfocus=bytes=1kb -nodefraction=0
real/go/heap-cache.pb.gz	alloc_objects	-tagfocus=bytes=:64b -nodefraction=0
real/go/heap-cache.pb.gz	inuse_space	-tagfocus=bytes=1kb: -nodefraction=0
real/go/heap-cache.pb.gz	alloc_space	-tagignore=bytes=1024 -nodefraction=0
real/go/heap-cache.pb.gz	alloc_space	-tagroot=bytes -nodefraction=0
real/go/heap-cache.pb.gz	alloc_space	-focus=newEntry -tagroot=bytes -cum -nodefraction=0
real/go/heap-cache.pb.gz	inuse_space	-hide=runtime -nodefraction=0
real/go/heap-cache.pb.gz	alloc_space	-show_from=put -nodefraction=0
real/go/heap-cache.pb.gz	alloc_objects	-tagfocus=32b:64b -nodefraction=0
real/go/heap-cache.pb.gz	alloc_space	-tagfocus=bytes=1kb -relative_percentages
real/node/kvworker-time.pb.gz	wall	-focus=kvstore -nodefraction=0
real/node/kvworker-time.pb.gz	wall	-ignore=undici -nodefraction=0
real/node/kvworker-time.pb.gz	wall	-hide=node:internal -nodefraction=0
real/node/kvworker-time.pb.gz	wall	-show_from=fetch -nodefraction=0
real/node/kvworker-time.pb.gz	wall	-show=^(deepSanitize|exports) -nodefraction=0
real/node/kvworker-time.pb.gz	wall	-focus=sanitize\.js -cum
real/node/kvworker-time.pb.gz	wall	-filefunctions -focus=get -nodefraction=0
real/node/kvworker-time-labels.pb.gz	cpu	-tagfocus=route=health -nodefraction=0
real/node/kvworker-time-labels.pb.gz	cpu	-tagfocus=route: -nodefraction=0
real/node/kvworker-time-labels.pb.gz	cpu	-tagignore=batch=1 -nodefraction=0
real/node/kvworker-time-labels.pb.gz	wall	-tagignore=batch=[0-2] -cum
real/node/kvworker-time-labels.pb.gz	cpu	-tagroot=route
real/node/kvworker-time-labels.pb.gz	cpu	-tagroot=route,batch -nodefraction=0
real/node/kvworker-time-labels.pb.gz	cpu	-tagroot=batch -filefunctions -cum -nodefraction=0
real/node/kvworker-time-labels.pb.gz	cpu	-tagroot=route -focus=^health$ -nodefraction=0
real/node/kvworker-time-labels.pb.gz	cpu	-tagshow=route -focus=fetch
real/node/kvworker-time-labels.pb.gz	cpu	-taghide=batch -tagfocus=batch=3
real/node/kvworker-time-labels.pb.gz	wall	-tagfocus=route=v1 -tagignore=batch=5 -nodefraction=0
real/node/kvworker-time-labels.pb.gz	cpu	-tagfocus=users -nodefraction=0
real/synthetic/synth-S-seed2.pb.gz	cpu	-tagroot=thread,span_id -cum
real/synthetic/synth-S-seed2.pb.gz	cpu	-tagfocus=span_id=4000000000000000000:
real/synthetic/synth-S-seed2.pb.gz	cpu	-tagfocus=endpoint=/edge/write -ignore=runtime
real/synthetic/synth-S-seed2.pb.gz	cpu	-tagignore=endpoint=/edge
real/synthetic/synth-S-seed2.pb.gz	cpu	-tagfocus=thread=worker-0[0-3]
real/synthetic/synth-S-seed2.pb.gz	cpu	-focus=acme::
real/synthetic/synth-S-seed2.pb.gz	cpu	-hide=github.com/acme/[a-m]
real/synthetic/synth-S-seed2.pb.gz	cpu	-show_from=hashHeader
real/synthetic/synth-S-seed2.pb.gz	cpu	-focus=mergeTree -ignore=goexit
real/synthetic/synth-S-seed2.pb.gz	cpu	-lines -focus=EncodeStream
real/synthetic/synth-S-seed2.pb.gz	cpu	-tagroot=endpoint -tagfocus=thread=worker-01 -cum
real/synthetic/synth-S-seed2.pb.gz	samples	-hide=\.go$
real/synthetic/synth-S-seed2.pb.gz	cpu	-show=acme -noinlines
pprof-testdata/sample.cpu	samples	-focus=mapassign -nodefraction=0
pprof-testdata/sample.cpu	cpu	-hide=runtime -nodefraction=0
pprof-testdata/sample.cpu	cpu	-show_from=mapiternext -lines -nodefraction=0
pprof-testdata/large.cpu	cpu	-focus=main\.next -hide=time\.now
pprof-testdata/large.cpu	cpu	-show_from=main\.next -cum
real/node/kvworker-time-labels.pb.gz	cpu	-tagleaf=route
real/node/kvworker-time-labels.pb.gz	cpu	-tagleaf=route,batch -nodefraction=0
real/node/kvworker-time-labels.pb.gz	wall	-tagleaf=batch -cum -nodefraction=0
real/node/kvworker-time-labels.pb.gz	cpu	-tagroot=route -tagleaf=batch -nodefraction=0
real/node/kvworker-time-labels.pb.gz	cpu	-tagleaf=route -focus=^health$ -nodefraction=0
real/go/heap-cache.pb.gz	alloc_space	-tagleaf=bytes -nodefraction=0
real/go/heap-cache.pb.gz	alloc_space	-tagleaf=bytes -lines -cum -nodefraction=0
real/synthetic/synth-S-seed2.pb.gz	cpu	-tagleaf=thread,span_id -cum
real/synthetic/synth-S-seed2.pb.gz	cpu	-tagleaf=endpoint -tagfocus=thread=worker-01 -nodefraction=0
'
n=0
while IFS=$'\t' read -r file t flags; do
  [[ -z $file ]] && continue
  n=$((n + 1))
  name=filters/$(basename "$file" .pb.gz).$(printf '%02d' $n).$t.txt
  cmd="go tool pprof -top -nodecount=0 -sample_index=$t $flags $file"
  (cd "$src" && $cmd) > "$name" 2>/dev/null || { rm -f "$name"; echo "failed: $cmd" >&2; continue; }
  gzip -9nf "$name"
  printf '%s\t%s\t%s\t%s\t%s\n' "$file" "$t" "$flags" "$name.gz" "TZ=UTC $cmd" >> filter-manifest.tsv
done <<< "$cases"
