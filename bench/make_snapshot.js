// Writes a V8 heap snapshot of a program holding OBJECTS objects of a few classes (a cache
// of records, each with strings, arrays and a closure), for embers_snapshot_benchmark:
//   node --max-old-space-size=8192 bench/make_snapshot.js OUT.heapsnapshot [OBJECTS]
// About 100 bytes of snapshot per object: 5,000,000 objects make about 500 MB.
const v8 = require('v8');

class Record {
  constructor(i) {
    this.id = i;
    this.name = 'record-' + i;
    this.tags = [i & 7, i & 15];
  }
}
class Bucket {
  constructor() {
    this.records = [];
  }
}

const count = Number(process.argv[3] ?? '5000000');
const buckets = [];
for (let i = 0; i < count / 4; i++) {
  if (i % 1000 === 0) buckets.push(new Bucket());
  const r = new Record(i);
  buckets[buckets.length - 1].records.push(r);
  if (i % 16 === 0) r.onChange = () => r.id;
}
globalThis.keep = buckets;
v8.writeHeapSnapshot(process.argv[2]);
