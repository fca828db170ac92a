// nodedemo: a CPU-bound script for tst_sourcelist's `go tool pprof -list` references,
// recorded with `node --cpu-prof` and converted to pprof by Embers (see ../generate.sh).
'use strict';

function fib(n) {
  return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

function checksum(text) {
  let h = 0;
  for (let i = 0; i < text.length; i++) {
    h = (h * 31 + text.charCodeAt(i)) | 0;
  }
  return h;
}

function buildText(n) {
  const parts = [];
  for (let i = 0; i < n; i++) {
    parts.push(String(i * 7919));
  }
  return parts.join(',');
}

function main(seconds) {
  const deadline = Date.now() + seconds * 1000;
  let sink = 0;
  while (Date.now() < deadline) {
    sink += fib(24);
    sink += checksum(buildText(20000));
  }
  return sink;
}

main(Number(process.argv[2] || 3));
