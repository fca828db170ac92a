// Independent totals for the remapped captures, with Mozilla's source-map library (not
// Embers' decoder): usage node expected.js CAPTURE MAP > expected.tsv. Writes
// "flat<TAB>cum<TAB>name" in samples for every original function of the bundle, as
// Embers should show them after remapping:
// - .cpuprofile (frames with a column): V8 places a function at its parameter list;
//   the identifier just before it is the minified name, which the map maps to the
//   original name.
// - pprof from @datadog/pprof (line only): on the function's generated line, the first
//   mapping that carries a name names the function.
// Anonymous functions keep "(anonymous)" (the map names no function for them); they are
// left out here, since the rest of the profile has some too.
const fs = require("fs");
const zlib = require("zlib");
const { SourceMapConsumer } = require("source-map");
const { Profile } = require("pprof-format");

async function main() {
  const [capture, mapPath] = process.argv.slice(2);
  const raw = JSON.parse(fs.readFileSync(mapPath, "utf8"));
  const bundleName = raw.file || require("path").basename(mapPath, ".map");
  const consumer = await new SourceMapConsumer(raw);
  const byLine = new Map(); // generated line (1-based) -> mappings, by column
  consumer.eachMapping((m) => {
    if (!byLine.has(m.generatedLine)) byLine.set(m.generatedLine, []);
    byLine.get(m.generatedLine).push(m);
  }, null, SourceMapConsumer.GENERATED_ORDER);

  const original = (name, line, column) => {
    if (name === "" || name.startsWith("(anonymous")) return null;
    if (column > 0) {
      const ident = name.split(".").pop();
      if (ident && !ident.startsWith("(")) {
        const at = consumer.originalPositionFor({ line, column: column - 1 - ident.length, bias: SourceMapConsumer.GREATEST_LOWER_BOUND });
        const exact = (byLine.get(line) || []).find((m) => m.generatedColumn === column - 1 - ident.length && m.name);
        if (exact && at.name) return at.name;
      }
      return name;
    }
    const named = (byLine.get(line) || []).find((m) => m.source && m.name);
    return named ? named.name : name;
  };

  const stacks = []; // [frames (original names of the bundle's frames, or null), count]
  if (capture.endsWith(".cpuprofile")) {
    const p = JSON.parse(fs.readFileSync(capture, "utf8"));
    const nodes = new Map(p.nodes.map((n) => [n.id, n]));
    const parent = new Map();
    for (const n of p.nodes) for (const c of n.children || []) parent.set(c, n.id);
    const counts = new Map();
    for (const s of p.samples) counts.set(s, (counts.get(s) || 0) + 1);
    for (const [id, count] of counts) {
      const frames = [];
      for (let n = id; n !== undefined; n = parent.get(n)) {
        const cf = nodes.get(n).callFrame;
        frames.push(cf.url.endsWith(bundleName) ? original(cf.functionName, cf.lineNumber + 1, cf.columnNumber + 1) : null);
      }
      stacks.push([frames, count]);
    }
  } else {
    const p = Profile.decode(zlib.gunzipSync(fs.readFileSync(capture)));
    const str = (i) => p.stringTable.strings[Number(i)];
    const fns = new Map(p.function.map((f) => [Number(f.id), f]));
    const locs = new Map(p.location.map((l) => [Number(l.id), l]));
    const countIndex = p.sampleType.findIndex((t) => str(t.type) === "sample");
    for (const s of p.sample) {
      const frames = [];
      for (const id of s.locationId) {
        for (const line of locs.get(Number(id)).line) {
          const f = fns.get(Number(line.functionId));
          frames.push(str(f.filename).endsWith(bundleName) ? original(str(f.name), Number(line.line), 0) : null);
        }
      }
      stacks.push([frames, Number(s.value[countIndex])]);
    }
  }
  const flat = new Map(), cum = new Map();
  for (const [frames, count] of stacks) {
    if (frames[0]) flat.set(frames[0], (flat.get(frames[0]) || 0) + count);
    for (const name of new Set(frames.filter((f) => f))) cum.set(name, (cum.get(name) || 0) + count);
  }
  const names = [...cum.keys()].sort();
  for (const name of names) console.log(`${flat.get(name) || 0}\t${cum.get(name)}\t${name}`);
}
main();
