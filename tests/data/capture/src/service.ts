// A Node "service" for the capture tests: a tick every turn of the event loop that does
// a known hot computation and keeps some memory, until SECONDS have passed.
import { computeChecksum } from "./checksum";
import { retainBuffers } from "./retain";

const data = new Uint8Array(4096).map((_, i) => (i * 7) & 0xff);
const end = Date.now() + Number(process.env.SECONDS ?? "60") * 1000;
let total = 0;

function handleTick(): void {
  total ^= computeChecksum(data, 40);
  retainBuffers(50);
  if (Date.now() < end) setImmediate(handleTick);
  else console.log(`done ${total}`);
}

handleTick();
