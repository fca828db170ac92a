#!/usr/bin/env bash
# Regenerates the go tool pprof references for pprof's own test profiles, for every
# sample type. Needs Go (Debian's golang-go 1.19: its vendored pprof is the one the
# shared references were made with). Run from this folder:
#   ./generate.sh ../../../../shared/profiles/pprof-testdata
# References are stored gzip'd. Each line of manifest.tsv: input (relative to pprof-testdata), sample type, flags,
# reference file, and the exact command that made it.
set -euo pipefail
src=${1:?path to shared/profiles/pprof-testdata}
export TZ=UTC
printf 'file\tsample_index\tflags\treference\tcommand\n' > manifest.tsv
inputs=(sample.cpu large.cpu cppbench.cpu_no_samples_type go.nomappings.crash
        derived/sample.cpu.raw.pb derived/sample.variant.cpu.pb.gz derived/sample.diff_base.cpu.pb.gz
        derived/converted/java.cpu.pb.gz derived/converted/java.heap.pb.gz
        derived/converted/java.contention.pb.gz derived/converted/cppbench.heap.pb.gz
        derived/converted/cppbench.contention.pb.gz derived/converted/gobench.heap.pb.gz
        derived/converted/gobench.cpu.pb.gz derived/converted/go.godoc.thread.pb.gz
        derived/edge-cases/sparse-ids.pb.gz derived/edge-cases/unknown-fields.pb.gz
        derived/edge-cases/invalid-utf8-string.pb.gz derived/edge-cases/dangling-mapping-ref.pb.gz
        derived/edge-cases/field-number-zero.pb.gz derived/edge-cases/odd-samples.pb.gz)
for f in "${inputs[@]}"; do
  types=$(cd "$src" && go tool pprof -raw "$f" 2>/dev/null | sed -n "/^Samples:/{n;p;q}" | tr -s " " "\n" | sed -n "s/\/.*//p" || true)
  for t in $types; do
    for flags in "-nodefraction=0" "" "-cum -nodefraction=0" "-lines -nodefraction=0" "-filefunctions -nodefraction=0"; do
      name=$(echo "$f" | tr '/' '_').${t}$(echo "$flags" | tr -d ' =' | tr '-' '_').txt
      cmd="go tool pprof -top -nodecount=0 $flags -sample_index=$t $f"
      (cd "$src" && $cmd) > "$name" 2>/dev/null || { rm -f "$name"; continue; }
      gzip -9nf "$name"
      name=$name.gz
      printf '%s\t%s\t%s\t%s\t%s\n' "$f" "$t" "$flags" "$name" "TZ=UTC $cmd" >> manifest.tsv
    done
  done
done
