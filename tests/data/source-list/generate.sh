#!/usr/bin/env bash
# Regenerates tst_sourcelist's inputs and its `go tool pprof -list` references. Needs Go
# 1.19 (Debian's golang-go), Node and a built embers (for the Node profile's conversion).
# Run from this folder:
#   ./generate.sh ../../../build/release/app/embers
# The profiles (committed) come from the programs beside this script:
# - go-cpu-trimpath.pb.gz: listdemo built with -trimpath (files recorded as listdemo/…,
#   the standard library's as runtime/…);
# - go-cpu.pb.gz: listdemo built without it (files recorded as absolute paths under
#   this folder where it was made, /work/main/tests/data/source-list, which -trim_path
#   takes off: the references and the tests hold only that recorded prefix, never this
#   clone's path);
# - node-cpu.cpuprofile: nodedemo/app.js under `node --cpu-prof` (files recorded as
#   absolute paths, as the Go one; its nodes' positionTicks give the lines);
# - node-cpu.pb.gz: that profile converted by embers --export (made on every run, so that
#   it follows the importer; tst_sourcelist also lists the .cpuprofile itself);
# - node-ddpprof.pb.gz: ddpprofdemo/app.js profiling itself with the npm package
#   @datadog/pprof (its time profiler, at lines), a pprof Embers had no hand in. The script
#   runs from a copy under /tmp/embers-ddpprof, which its files are recorded under and
#   -trim_path takes off: the references do not depend on where the clone is. The copy is
#   removed afterwards, so that the listings read the script in this folder.
# The references quote listdemo/, nodedemo/ and ddpprofdemo/: change those only with
# REGENERATE_PROFILES=1.
# Each line of manifest.tsv: the pprof flags, the reference file, pprof's exit status and
# the exact command that made it (run here, with TZ=UTC), quoted to paste into a shell. Embers is run with the same
# flags spelled its way (--list, --source-path, --trim-path, --sample-index, ...).
set -euo pipefail
embers=${1:?path to the embers binary}
export TZ=UTC
here=$PWD
if [[ "${REGENERATE_PROFILES:-0}" == 1 ]]; then
  (cd listdemo && go build -trimpath -o /tmp/listdemo-trimpath . && go build -o /tmp/listdemo .)
  /tmp/listdemo-trimpath -o go-cpu-trimpath.pb.gz -d 3s
  /tmp/listdemo -o go-cpu.pb.gz -d 3s
  rm -rf /tmp/nodedemo-prof
  node --cpu-prof --cpu-prof-dir=/tmp/nodedemo-prof nodedemo/app.js 3
  cp /tmp/nodedemo-prof/*.cpuprofile node-cpu.cpuprofile
  dd=/tmp/embers-ddpprof
  rm -rf "$dd/ddpprofdemo"
  mkdir -p "$dd"
  npm install --prefix "$dd" --silent --no-audit --no-fund @datadog/pprof@5.20.0
  cp -r ddpprofdemo "$dd/"
  (cd "$dd" && NODE_PATH="$dd/node_modules" node ddpprofdemo/app.js "$here/node-ddpprof.pb.gz" 3)
  rm -rf "$dd/ddpprofdemo"
fi
"$embers" --export=node-cpu.pb.gz node-cpu.cpuprofile
printf 'flags\treference\tstatus\tcommand\n' > manifest.tsv
add() { # reference flags...
  local ref=$1 status=0
  shift
  go tool pprof "$@" > "$ref" 2>/dev/null || status=$?
  local quoted
  quoted=$(printf ' %q' "$@")
  printf '%s\t%s\t%s\t%s\n' "$*" "$ref" "$status" "TZ=UTC go tool pprof$quoted" >> manifest.tsv
}
# The folder the profiles were recorded in, as the Node profile's script URL has it (this
# folder when they were just made).
trim=$(grep -o '"url":"file://[^"]*/nodedemo/app\.js"' node-cpu.cpuprofile | head -1)
trim=${trim#\"url\":\"file://}
trim=${trim%/nodedemo/app.js\"}
[[ -n "$trim" ]] || { echo "node-cpu.cpuprofile records no nodedemo/app.js" >&2; exit 1; }
add go-main.txt -list='main\.' -source_path=. go-cpu-trimpath.pb.gz
add go-main-noinlines.txt -list='main\.' -noinlines -source_path=. go-cpu-trimpath.pb.gz
add go-main-samples-hide.txt -list=main -sample_index=samples -hide=square -source_path=. go-cpu-trimpath.pb.gz
add go-all-focus-mix.txt -list=. -focus=mix -source_path=. go-cpu-trimpath.pb.gz
add go-basename-heuristic.txt -list='main\.(mix|hashLoop)' -source_path=listdemo go-cpu-trimpath.pb.gz
add go-runtime-missing.txt -list='runtime\.|main\.mix' -source_path=. go-cpu-trimpath.pb.gz
add go-no-such-folder.txt -list='main\.s' -source_path=/nonexistent go-cpu-trimpath.pb.gz
add go-trim-path.txt -list='main\.' -trim_path=$trim -source_path=. go-cpu.pb.gz
add go-diff-base.txt -list='main\.' -diff_base=go-cpu.pb.gz -trim_path=$trim -source_path=. go-cpu-trimpath.pb.gz
add node-all.txt -list='fib|checksum|buildText|main' -trim_path=$trim -source_path=. node-cpu.pb.gz
add node-samples.txt -list='^(fib|checksum)$' -sample_index=sample -trim_path=$trim -source_path=. node-cpu.pb.gz
add node-basename-heuristic.txt -list='^fib$' -source_path=nodedemo node-cpu.pb.gz
add no-match.txt -list=nomatch -source_path=. go-cpu-trimpath.pb.gz
ddtrim=/tmp/embers-ddpprof
add node-ddpprof-all.txt -list=. -trim_path=$ddtrim -source_path=. node-ddpprof.pb.gz
add node-ddpprof-wall.txt -list='collatz|words|work' -trim_path=$ddtrim -source_path=. node-ddpprof.pb.gz
add node-ddpprof-samples.txt -list='^main$' -sample_index=sample -trim_path=$ddtrim -source_path=. node-ddpprof.pb.gz
add node-ddpprof-basename-heuristic.txt -list=words -source_path=ddpprofdemo node-ddpprof.pb.gz
