// A Node script for the heap capture tests: makeGarbage allocates objects that are garbage
// as soon as it returns (a request handler's), keepSome keeps a few alive; a tick per turn
// of the event loop, for SECONDS seconds (default 60).
const kept = [];
const end = Date.now() + Number(process.env.SECONDS ?? "60") * 1000;

// Each batch escapes through `latest` (so that the optimizer cannot do away with the
// allocations) and is garbage once the next one replaces it: a turn allocates 20,000
// objects and leaves 200 of them live, however fast or slow the turns come.
let latest = null;
function makeGarbage() {
  for (let b = 0; b < 100; b++) {
    const batch = [];
    for (let i = 0; i < 200; i++) batch.push({ id: i, headers: [i, i + 1, i + 2] });
    latest = batch;
  }
  return latest.length;
}

function keepSome() {
  for (let i = 0; i < 64; i++) kept.push(new Array(16).fill(i));
  if (kept.length > 1000000) kept.length = 0;
}

function tick() {
  makeGarbage();
  keepSome();
  if (Date.now() < end) setImmediate(tick);
}

tick();
