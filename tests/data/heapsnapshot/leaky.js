// A Node program for tst_heapsnapshot: a Cache holding Items (each with a string and an
// array), a closure over a Map, and garbage; writes a heap snapshot to the file named by
// its argument.
const v8 = require('v8');

class Item {
  constructor(i) {
    this.index = i;
    this.label = 'item ' + i;
    this.payload = new Array(32).fill(i);
  }
}

class Cache {
  constructor() {
    this.items = [];
  }
  add(item) {
    this.items.push(item);
  }
}

const cache = new Cache();
for (let i = 0; i < 5000; i++) cache.add(new Item(i));
const lookup = new Map(cache.items.map((item) => [item.label, item]));
globalThis.keep = { cache, find: (label) => lookup.get(label) };
v8.writeHeapSnapshot(process.argv[2]);
