// A Node process for the capture tests: a known hot function and a known hoarder, a tick
// per turn of the event loop, for SECONDS seconds (default 60).
const kept = [];
const end = Date.now() + Number(process.env.SECONDS ?? "60") * 1000;

function spinHot(n) {
  let s = 0;
  for (let i = 0; i < n; i++) s += (i * i) % 7;
  return s;
}

function hoardObjects() {
  for (let i = 0; i < 200; i++) kept.push({ index: i, payload: new Array(64).fill(i) });
  if (kept.length > 200000) kept.splice(0, 100000);
}

function tick() {
  spinHot(2e5);
  hoardObjects();
  if (Date.now() < end) setImmediate(tick);
}

tick();
