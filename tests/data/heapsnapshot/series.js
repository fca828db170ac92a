// A Node program for tst_heapsnapshot: a leak that keeps 2,000 more Leak objects (each
// with its string) before each of COUNT snapshots, written as PREFIX-N.heapsnapshot.
//   node series.js PREFIX COUNT
const v8 = require('v8');

class Leak {
  constructor(i) {
    this.i = i;
    this.blob = 'x'.repeat(100) + i;
  }
}

const leaks = [];
const [prefix, count] = [process.argv[2], Number(process.argv[3])];
for (let s = 0; s < count; s++) {
  for (let i = 0; i < 2000; i++) leaks.push(new Leak(i));
  v8.writeHeapSnapshot(`${prefix}-${s}.heapsnapshot`);
}
