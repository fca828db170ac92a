// ddpprofdemo: a CPU-bound script that profiles itself with @datadog/pprof's time
// profiler (lines, not only functions) and writes the pprof to the file named first, for
// tst_sourcelist's `go tool pprof -list` references of a pprof Embers did not convert
// (see ../generate.sh). Run as: NODE_PATH=DIR/node_modules node app.js OUT.pb.gz SECONDS
'use strict';

const fs = require('fs');
const pprof = require('@datadog/pprof');

function collatz(n) {
  let steps = 0;
  while (n !== 1) {
    n = n % 2 === 0 ? n / 2 : 3 * n + 1;
    steps++;
  }
  return steps;
}

function words(count) {
  const out = [];
  for (let i = 0; i < count; i++) {
    out.push('w' + (i * 2654435761 % 1000003).toString(36));
  }
  return out.sort().join(' ');
}

function work(seconds) {
  const deadline = Date.now() + seconds * 1000;
  let sink = 0;
  while (Date.now() < deadline) {
    for (let n = 1; n < 30000; n++) sink += collatz(n);
    sink += words(20000).length;
  }
  return sink;
}

async function main() {
  const out = process.argv[2];
  pprof.time.start({intervalMicros: 1000, lineNumbers: true});
  work(Number(process.argv[3] || 3));
  const profile = pprof.time.stop();
  fs.writeFileSync(out, await pprof.encode(profile));
}

main();
