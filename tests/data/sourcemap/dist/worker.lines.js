var s = Object.defineProperty;
var l = Object.getOwnPropertyDescriptor;
var g = Object.getOwnPropertyNames;
var m = Object.prototype.hasOwnProperty;
var f = (r, e) => {
  for (var t in e)
    s(r, t, { get: e[t], enumerable: !0 });
}, h = (r, e, t, n) => {
  if (e && typeof e == "object" || typeof e == "function")
    for (let o of g(e))
      !m.call(r, o) && o !== t && s(r, o, { get: () => e[o], enumerable: !(n = l(e, o)) || n.enumerable });
  return r;
};
var d = (r) => h(s({}, "__esModule", { value: !0 }), r);

// src/worker.ts
var $ = {};
f($, {
  handleRequest: () => a,
  serve: () => p
});
module.exports = d($);

// src/parse.ts
function b(r) {
  let e = [], t = "";
  for (let n = 0; n < r.length; n++) {
    let o = r[n];
    o === "&" || o === "=" || o === "?" ? (e.push(t, o), t = "") : t += o;
  }
  return e.push(t), e;
}
function c(r) {
  let e = b(r), t = /* @__PURE__ */ new Map();
  for (let n = 2; n + 2 < e.length; n += 4)
    t.set(decodeURIComponent(e[n]), decodeURIComponent(e[n + 2]));
  return { path: e[0], params: t };
}

// src/hash.ts
function x(r) {
  let e = 2166136261;
  for (let t = 0; t < r.length; t++)
    e ^= r.charCodeAt(t), e = Math.imul(e, 16777619);
  return e >>> 0;
}
function i(r, e) {
  let t = 0;
  for (let n = 0; n < e; n++)
    for (let o of r)
      t = (t ^ x(o + n)) >>> 0;
  return t;
}

// src/render.ts
function k(r) {
  let e = "";
  for (let t of r)
    switch (t) {
      case "<":
        e += "&lt;";
        break;
      case ">":
        e += "&gt;";
        break;
      case "&":
        e += "&amp;";
        break;
      case '"':
        e += "&quot;";
        break;
      default:
        e += t;
    }
  return e;
}
function u(r, e) {
  return r.replace(/\{\{(\w+)\}\}/g, (t, n) => k(e.get(n) ?? ""));
}

// src/worker.ts
var y = "<h1>{{title}}</h1><p>{{body}}</p><footer>{{user}} & co</footer>".repeat(20);
function a(r) {
  let e = c(r), t = u(y, e.params);
  return `${i(t.match(/.{1,64}/g) ?? [], 3).toString(16)} ${t.length}`;
}
function p(r) {
  let e = Date.now() + r * 1e3, t = 0, n = 0;
  for (; Date.now() < e; ) {
    let o = `/items?title=Item%20${t}&body=<b>${"x".repeat(t % 50)}</b>&user=u${t % 7}`;
    n ^= a(o).length, t++;
  }
  return t + n * 0;
}
var w = Number(process.env.SECONDS ?? "2");
console.log(`served ${p(w)} requests`);
// Annotate the CommonJS export names for ESM import in node:
0 && (module.exports = {
  handleRequest,
  serve
});
//# sourceMappingURL=worker.lines.js.map
