// A small Node program to capture real V8 profiles of (see README.md).
'use strict';

function fib(n) {
  return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

class Tokenizer {
  constructor(text) {
    this.text = text;
  }
  tokens() {
    return this.text.split(/\s+/).map((t) => t.toLowerCase());
  }
}

function countWords(text) {
  const counts = new Map();
  for (const t of new Tokenizer(text).tokens())
    counts.set(t, (counts.get(t) || 0) + 1);
  return counts;
}

const kept = [];
function allocate(round) {
  // Live objects for the heap profile: strings and arrays kept to the end.
  kept.push(new Array(256).fill(round));
  kept.push('x'.repeat(1024 + round));
}

const words = 'the quick brown fox jumps over the lazy dog '.repeat(2000);
const until = Date.now() + Number(process.argv[2] || 1500);
let rounds = 0;
while (Date.now() < until) {
  fib(20);
  countWords(words);
  allocate(rounds++);
  [3, 1, 2].sort(function (a, b) { return a - b; });
}
console.log(rounds, kept.length);
