// A Worker for the capture tests: every request runs a known hot function.
function crunchNumbers(rounds) {
  let sum = 0;
  for (let r = 0; r < rounds; r++) {
    for (let i = 0; i < 10000; i++) sum = (sum * 31 + i + r) | 0;
  }
  return sum;
}

export default {
  async fetch(request) {
    return new Response(`sum ${crunchNumbers(200)}\n`);
  },
};
