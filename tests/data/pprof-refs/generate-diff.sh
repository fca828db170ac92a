#!/usr/bin/env bash
# Regenerates the go tool pprof references for comparisons (-diff_base, -base,
# -normalize) on the shared diff pairs and pprof's own sample.cpu/variant pair. Needs
# Go (Debian's golang-go 1.19). Run from this folder:
#   ./generate-diff.sh ../../../../shared/profiles
# Each line of diff-manifest.tsv: new file, base file (relative to the profiles folder),
# sample type, flags, reference file, and the exact command that made it.
set -euo pipefail
src=${1:?path to shared/profiles}
export TZ=UTC
mkdir -p diff
printf 'file\tbase\tsample_index\tflags\treference\tcommand\n' > diff-manifest.tsv
pairs=("real/go/diff-render-slow.pb.gz real/go/diff-render-base.pb.gz samples cpu"
       "real/node/kvworker-diff-slow.pb.gz real/node/kvworker-diff-base.pb.gz sample wall"
       "pprof-testdata/derived/sample.variant.cpu.pb.gz pprof-testdata/sample.cpu samples cpu")
for pair in "${pairs[@]}"; do
  read -r new base types <<<"$(echo "$pair" | awk '{print $1, $2, $3 " " $4}')"
  for t in $types; do
    for mode in -diff_base -base; do
      for flags in "-normalize -nodefraction=0" "-normalize" "-normalize -cum -nodefraction=0" "-nodefraction=0"; do
        [[ $mode == -diff_base && $flags == -nodefraction=0 ]] && continue # in the shared refs
        name=diff/$(basename "$new" .pb.gz)$(echo "$mode $flags" | tr -d ' =' | tr '-' '_').$t.txt
        cmd="go tool pprof -top -nodecount=0 $flags -sample_index=$t $mode=$base $new"
        (cd "$src" && $cmd) > "$name" 2>/dev/null || { rm -f "$name"; continue; }
        gzip -9nf "$name"
        printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$new" "$base" "$t" "$mode $flags" "$name.gz" "TZ=UTC $cmd" >> diff-manifest.tsv
      done
    done
  done
done
