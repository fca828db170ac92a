// Runs a bundle under @datadog/pprof's wall-time profiler and writes the gzip'd pprof
// file: usage node profile-pprof.js BUNDLE OUT.pb.gz. Default options: frames carry the
// function's line but no column, as most Node profiles do.
const fs = require("fs");
const path = require("path");
const pprof = require("@datadog/pprof");

const [bundle, out] = process.argv.slice(2);
pprof.time.start({ intervalMicros: 1000 });
require(path.resolve(bundle));
const profile = pprof.time.stop();
pprof.encode(profile).then((buf) => fs.writeFileSync(out, buf));
