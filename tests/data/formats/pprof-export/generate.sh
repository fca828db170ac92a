#!/usr/bin/env bash
# Regenerates the `go tool pprof -top` references of profiles exported by Embers. Needs Go
# (Debian's golang-go 1.19, as the shared references) and a built `embers`. Run from this
# folder:
#   ./generate.sh ../../../../build/release/app/embers ../../../../../shared/profiles/real
# Each shared profile is exported with `embers --export=X.pb.gz` (to a temporary folder),
# then go tool pprof reports on the export; tst_formats checks that the report equals the
# shared reference of the original, and that Embers' --top on a fresh export equals it.
# References are stored gzip'd. Each line of manifest.tsv: the original (relative to
# shared/profiles/real), sample type, flags, this reference, the shared reference of the
# original, and the exact commands that made this one.
set -euo pipefail
embers=$(realpath "${1:?path to the embers binary}")
real=$(realpath "${2:?path to shared/profiles/real}")
export TZ=UTC
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf 'file\tsample_index\tflags\treference\toriginal_reference\tcommand\n' > manifest.tsv
rm -f ./*.txt.gz
for f in go/cpu-parser.pb.gz go/cpu-workers.pb.gz go/heap-cache.pb.gz go/mutex-jobqueue.pb.gz \
         node/kvworker-time.pb.gz node/kvworker-heap.pb.gz node/kvworker-time-labels.pb.gz \
         synthetic/synth-S-seed2.pb.gz; do
  name=$(basename "$f" .pb.gz)
  out="$tmp/$name.pb.gz"
  "$embers" --export="$out" "$real/$f"
  types=$(go tool pprof -raw "$real/$f" 2>/dev/null | sed -n "/^Samples:/{n;p;q}" | tr -s " " "\n" | sed -n "s/\/.*//p" || true)
  for t in $types; do
    for kind in top top-full; do
      flags=""
      [ "$kind" = top-full ] && flags="-nodefraction=0"
      # The big synthetic profile: the default pruning only.
      [ "$name" = synth-S-seed2 ] && [ "$kind" = top-full ] && continue
      original="${f%.pb.gz}.ref/$kind.$t.txt"
      [ -f "$real/$original" ] || continue
      ref="$name.$kind.$t.txt"
      cmd="go tool pprof -top -nodecount=0 $flags -sample_index=$t $name.pb.gz"
      (cd "$tmp" && $cmd) > "$ref" 2>/dev/null
      gzip -9nf "$ref"
      printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$f" "$t" "$flags" "$ref.gz" "$original" \
        "embers --export=$name.pb.gz $f && TZ=UTC $cmd" >> manifest.tsv
    done
  done
done
