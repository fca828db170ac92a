// A Worker for the capture tests: every request runs a known hot function and builds a
// report that is garbage once the response is sent (a Worker's usual allocations).
function crunchNumbers(rounds) {
  let sum = 0;
  for (let r = 0; r < rounds; r++) {
    for (let i = 0; i < 10000; i++) sum = (sum * 31 + i + r) | 0;
  }
  return sum;
}

function buildReport(rows) {
  const report = [];
  for (let i = 0; i < rows; i++) report.push({ row: i, label: `row ${i}` });
  return report;
}

export default {
  async fetch(request) {
    const report = buildReport(2000);
    return new Response(`sum ${crunchNumbers(200)}, ${JSON.stringify(report).length} bytes\n`);
  },
};
