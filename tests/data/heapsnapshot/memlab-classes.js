// The reference for tst_heapsnapshot: memlab's (npm @memlab/core) dominators and retained
// sizes of a snapshot, summed per class as DevTools' Summary groups objects (a class's
// retained size counts an object only when no object of the same class dominates it).
// Prints "class\tobjects\tshallow\tretained" per class. NODE_PATH finds @memlab/core.
//   node memlab-classes.js FILE.heapsnapshot [--retained-only]
// --retained-only stops after memlab's own work (load, dominators, retained sizes), for
// bench/snapshot_benchmark.cpp.
const core = require('@memlab/core');

function classOf(node) {
  switch (node.type) {
    case 'object':
    case 'native':
    case 'synthetic':
      return node.name || '(anonymous)';
    case 'hidden':
      return '(system)';
    case 'code':
      return '(compiled code)';
    case 'string':
    case 'concatenated string':
    case 'sliced string':
      return '(string)';
    default:
      return '(' + node.type + ')';
  }
}

(async () => {
  const snapshot = await core.utils.getSnapshotFromFile(process.argv[2], {});
  new core.TraceFinder().calculateAllNodesRetainedSizes(snapshot);
  if (process.argv[3] === '--retained-only') return;
  const byClass = new Map();
  const nodes = snapshot.nodes;
  for (let i = 1; i < nodes.length; i++) {
    const node = nodes.get(i);
    const name = classOf(node);
    let entry = byClass.get(name);
    if (!entry) byClass.set(name, (entry = [0, 0, 0]));
    entry[0] += 1;
    entry[1] += node.self_size;
    let nested = false;
    for (let d = node.dominatorNode; d && d.nodeIndex !== 0; d = d.dominatorNode) {
      if (classOf(d) === name) {
        nested = true;
        break;
      }
    }
    if (!nested) entry[2] += node.retainedSize;
  }
  const lines = [...byClass.entries()].map(([name, e]) => `${name}\t${e.join('\t')}`);
  process.stdout.write(lines.sort().join('\n') + '\n');
})();
