#!/bin/sh
# Regenerates the bundled TypeScript example: the bundles and their source maps (esbuild),
# a .cpuprofile (node --cpu-prof) of the fully minified bundle, a pprof capture
# (@datadog/pprof, line-only frames) of the bundle that keeps one statement per line,
# and the independent totals (expected.js, with Mozilla's source-map library).
# Versions: package.json (esbuild 0.19.12, @datadog/pprof 5.20.0, source-map 0.8.0,
# pprof-format 2.3.2), Node 20.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$here/package.json" "$here/profile-pprof.js" "$here/expected.js" "$work/"
cp -r "$here/src" "$work/src"
cd "$work"
npm install --silent --no-audit --no-fund >/dev/null
npm rebuild esbuild >/dev/null 2>&1 || true
esbuild=node_modules/.bin/esbuild
mkdir -p dist
# Fully minified: the whole bundle on one line; V8 gives each function's column.
"$esbuild" src/worker.ts --bundle --platform=node --minify --sourcemap --log-level=warning \
  --outfile=dist/worker.min.js
# Renamed and compacted, one statement per line: line-only frames can be told apart.
"$esbuild" src/worker.ts --bundle --platform=node --minify-identifiers --minify-syntax \
  --sourcemap --log-level=warning --outfile=dist/worker.lines.js
SECONDS_TO_RUN=${SECONDS_TO_RUN:-2}
SECONDS=$SECONDS_TO_RUN node --cpu-prof --cpu-prof-dir=prof --cpu-prof-interval=1000 dist/worker.min.js >/dev/null
mv prof/*.cpuprofile worker-min.cpuprofile
SECONDS=$SECONDS_TO_RUN node profile-pprof.js dist/worker.lines.js worker-lines-time.pb.gz >/dev/null
node expected.js worker-min.cpuprofile dist/worker.min.js.map > expected-worker-min.tsv
node expected.js worker-lines-time.pb.gz dist/worker.lines.js.map > expected-worker-lines.tsv
mkdir -p "$here/dist"
cp dist/worker.min.js dist/worker.min.js.map dist/worker.lines.js dist/worker.lines.js.map "$here/dist/"
cp worker-min.cpuprofile worker-lines-time.pb.gz expected-worker-min.tsv expected-worker-lines.tsv "$here/"
