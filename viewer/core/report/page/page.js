// The page's viewer: the flame graph (click to focus, breadcrumbs, hover details,
// search), the function table and the summary, from the data Embers wrote into the page
// (report/HtmlPage.cpp says how it is packed). Names from the profile reach the page
// only through textContent and canvas text: they are never parsed as markup.

// The page's words in the language it was exported in (data.texts), %1, %2... filled in.
let pageTexts = {};
function T(text, ...args) {
  return (pageTexts[text] ?? text).replace(/%(\d)/g, (m, n) => (n <= args.length ? String(args[n - 1]) : m));
}

(async () => {
  'use strict';
  performance.mark('start');
  const data = JSON.parse(document.getElementById('embers-data').textContent);
  pageTexts = data.texts || {};
  document.documentElement.lang = data.lang || 'en';
  performance.mark('parsed');
  const arrays = await inflateArrays(document.getElementById('embers-arrays').textContent, data.arrays);
  performance.mark('inflated');
  const isDiff = data.kind === 'diff';
  const strings = decodeStrings(arrays.stringBytes, arrays.stringLength);
  const frames = {
    name: arrays.frameName, file: arrays.frameFile, line: arrays.frameLine,
    fill: arrays.frameFill, inlinedFill: arrays.frameInlinedFill,
  };
  performance.mark('strings');
  const palette = {
    fill: Array.from(arrays.paletteRgb, (c) => '#' + c.toString(16).padStart(6, '0')),
    darkText: arrays.paletteDarkText,
  };
  const ROW = 18;              // a row's height, one pixel of it the seam, as in the window
  const MIN_BOX = 1;           // boxes narrower than this (CSS pixels) are culled
  const ROOT_FILL = '#c4b2a0'; // FrameColors' rootColor()
  const OTHERS_FILL = '#aaaaaa';
  const FONT = '12px system-ui, -apple-system, "Segoe UI", "Noto Sans", "Noto Sans CJK JP", sans-serif';
  const $ = (id) => document.getElementById(id);

  // The trie, in breadth-first order (node 0 is the root, a node's children follow one
  // another): each node's child count, and its frame as the how-manyth callee of its
  // parent's frame. Decoded into where each node's children start and its frame code
  // (frame * 2 + inlined). A big capture's page holds an overview too (the nodes wide
  // enough to be seen unzoomed), drawn first while the browser still reads the rest.
  const frameCount = frames.name.length;
  let complete = !data.overview; // the whole trie decoded
  let tree = arrays;             // where the whole trie's arrays are (a diff: with the rest)
  let nodeCount = 0, childStart = null, frameCode = null;
  // `codes`: the frame codes as they are (the overview), else from the callee indexes.
  function decodeTrie(shape, bigChildren, bigCalls, codes) {
    // One byte per node: children << 4 | callee index, 15 meaning "the next big one".
    nodeCount = shape.length;
    childStart = new Uint32Array(nodeCount + 1);
    frameCode = codes || new Uint32Array(nodeCount);
    const calleeStart = tree.calleeStart, callee = tree.callee;
    childStart[0] = 1;
    for (let p = 0, nextChildren = 0, nextCall = 0; p < nodeCount; p++) {
      const count = shape[p] >>> 4;
      const first = childStart[p];
      const end = first + (count === 15 ? bigChildren[nextChildren++] : count);
      childStart[p + 1] = end;
      if (codes) continue;
      const base = calleeStart[p === 0 ? frameCount : frameCode[p] >>> 1];
      for (let n = first; n < end; n++) {
        const k = shape[n] & 15;
        frameCode[n] = callee[base + (k === 15 ? bigCalls[nextCall++] : k)];
      }
    }
  }
  const frameOf = (n) => frameCode[n] >>> 1;
  const isInlined = (n) => n !== 0 && (frameCode[n] & 1) === 1;
  const childBegin = (n) => childStart[n];
  const childEnd = (n) => childStart[n + 1];
  // A node's parent: the node whose children's range holds it.
  function parentOf(n) {
    let lo = 0, hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (childStart[mid] <= n) lo = mid; else hi = mid - 1;
    }
    return lo;
  }
  const ancestry = (n) => {
    const path = [n];
    while (n !== 0) path.push(n = parentOf(n));
    return path.reverse();
  };

  const nameOf = (node) => node === 0 ? T('all') : strings[frames.name[frameOf(node)]];
  const fileOf = (frame) => strings[frames.file[frame]];

  // Values in the shown sample type: per node its total and its weight (the sum of
  // |value| over the stacks beneath it, what widths measure).
  let column = data.column;
  let total = null, weight = null, before = null;
  let overviewSelf = null; // the overview's self values (its nodes lack small children)
  // The same exactly, as BigInts, when values pass 2^53 (else null): what the page shows.
  let exactTotal = null, exactBefore = null, exactOverviewSelf = null;
  function computeValues() {
    exactTotal = exactBefore = exactOverviewSelf = null;
    if (!complete) {
      total = arrays.overviewTotal;
      weight = arrays.overviewWeight;
      overviewSelf = arrays.overviewSelf;
      exactTotal = arrays['overviewTotal.exact'] || null;
      exactOverviewSelf = arrays['overviewSelf.exact'] || null;
      return;
    }
    overviewSelf = null;
    total = new Float64Array(nodeCount);
    weight = isDiff ? new Float64Array(nodeCount) : null;
    if (isDiff) {
      before = new Float64Array(nodeCount);
      total.set(arrays.after, 1);
      before.set(arrays.before, 1);
      weight.set(arrays.weight, 1);
      for (let n = childBegin(0); n < childEnd(0); n++) {
        total[0] += total[n];
        before[0] += before[n];
        weight[0] += weight[n];
      }
      if (arrays['after.exact'] || arrays['before.exact']) {
        exactTotal = new Array(nodeCount);
        exactBefore = new Array(nodeCount);
        exactTotal[0] = exactBefore[0] = 0n;
        for (let n = 1; n < nodeCount; n++) {
          exactTotal[n] = BigInt(exactIn(arrays, 'after', n - 1));
          exactBefore[n] = BigInt(exactIn(arrays, 'before', n - 1));
        }
        for (let n = childBegin(0); n < childEnd(0); n++) {
          exactTotal[0] += exactTotal[n];
          exactBefore[0] += exactBefore[n];
        }
      }
      return;
    }
    const steps = tree.stackStep;
    const values = tree['value' + column];
    const exactValues = tree['value' + column + '.exact'];
    if (exactValues) {
      exactTotal = new Array(nodeCount).fill(0n);
      for (let i = 0, node = 0; i < steps.length; i++) {
        node += steps[i];
        exactTotal[node] += exactValues[i];
      }
      for (let p = nodeCount - 1; p >= 0; p--) {
        for (let c = childStart[p], end = childStart[p + 1]; c < end; c++) exactTotal[p] += exactTotal[c];
      }
    }
    let negative = false;
    for (let i = 0, node = 0; i < steps.length; i++) {
      node += steps[i];
      total[node] += values[i];
      if (values[i] < 0) negative = true;
    }
    weight = negative ? new Float64Array(nodeCount) : total;
    if (negative) {
      for (let i = 0, node = 0; i < steps.length; i++) {
        node += steps[i];
        weight[node] += Math.abs(values[i]);
      }
    }
    // Children come after their parent: from the last node back, each is complete when
    // its parent adds it. (Without negative values, weight is total: one array.)
    for (let p = nodeCount - 1; p >= 0; p--) {
      let t = total[p];
      for (let c = childStart[p], end = childStart[p + 1]; c < end; c++) t += total[c];
      total[p] = t;
      if (negative) {
        let w = weight[p];
        for (let c = childStart[p], end = childStart[p + 1]; c < end; c++) w += weight[c];
        weight[p] = w;
      }
    }
  }
  const selfOf = (values, n) => {
    if (overviewSelf) return overviewSelf[n];
    let v = values[n];
    for (let c = childBegin(n); c < childEnd(n); c++) v -= values[c];
    return v;
  };
  // A node's values to show: exact (BigInt) past 2^53, else the number.
  const totalOf = (n) => (exactTotal ? exactTotal[n] : total[n]);
  const beforeOf = (n) => (exactBefore ? exactBefore[n] : before[n]);
  const shownSelfOf = (n) => {
    if (!exactTotal) return selfOf(total, n);
    if (overviewSelf) return exactOverviewSelf ? exactOverviewSelf[n] : overviewSelf[n];
    let v = exactTotal[n];
    for (let c = childBegin(n); c < childEnd(n); c++) v -= exactTotal[c];
    return v;
  };

  // Numbers as the window prints them (units::humanValue).
  function fixed2(x) {
    const s = x * 100;
    let r = Math.round(s);
    const t = Math.trunc(s);
    if (Math.abs(s - t) === 0.5) r = t % 2 === 0 ? t : t + Math.sign(s); // printf's ties to even
    return (r / 100).toFixed(2);
  }
  function trimmed(x, suffix) {
    let s = fixed2(x);
    if (s.includes('.')) s = s.replace(/0+$/, '').replace(/\.$/, '');
    if (s === '-0') s = '0';
    return s + suffix;
  }
  function human(v, col = data.columns[column]) {
    if (typeof v === 'bigint' && col.family !== 'count') v = Number(v); // 2 decimals: enough
    if (col.family === 'memory') {
      let x = v * col.factor;
      const names = [' B', ' KiB', ' MiB', ' GiB', ' TiB', ' PiB'];
      let i = 0;
      while (i < 5 && Math.abs(x) >= 1024) { x /= 1024; i++; }
      return trimmed(x, names[i]);
    }
    if (col.family === 'time') {
      const ns = v * col.factor, a = Math.abs(ns);
      if (a >= 3600e9) return trimmed(ns / 3600e9, ' h');
      if (a >= 60e9) return trimmed(ns / 60e9, ' min');
      if (a >= 1e9) return trimmed(ns / 1e9, ' s');
      if (a >= 1e6) return trimmed(ns / 1e6, ' ms');
      if (a >= 1e3) return trimmed(ns / 1e3, ' \u00b5s');
      return trimmed(ns, ' ns');
    }
    const digits = typeof v === 'bigint' ? (v < 0n ? -v : v).toString() : Math.round(Math.abs(v)).toString();
    const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    const plain = ['', 'count', 'sample', 'samples'].includes(col.unit);
    return (v < 0 ? '-' : '') + grouped + (plain ? '' : ' ' + col.unit);
  }
  const signed = (v) => (v > 0 ? '+' : '') + human(v);
  const percent = (v, of) => of ? (100 * Number(v) / Number(of)).toFixed(2) + '%' : '\u2013';
  const reportTotal = () => data.columns[column].total;
  // Integers past 2^53 come exactly too: an array's as NAME.exact (BigInts), a field of the
  // data as NAMEExact (text). Shown from there; widths and shares take the numbers.
  const exactField = (o, name) => (o[name + 'Exact'] !== undefined ? BigInt(o[name + 'Exact']) : o[name]);
  const minus = (a, b) => (typeof a === 'bigint' || typeof b === 'bigint' ? BigInt(a) - BigInt(b) : a - b);

  // Fills: the frame's colour (lighter when inlined), or the node's change in a diff.
  function fillOf(node) {
    if (isDiff) return node === 0 ? data.diff.legend.same : palette.fill[arrays.nodeFill[node - 1]];
    if (node === 0) return ROOT_FILL;
    const f = frameOf(node);
    return palette.fill[isInlined(node) ? frames.inlinedFill[f] : frames.fill[f]];
  }
  function darkTextOn(node) {
    if (node === 0) return true;
    const index = isDiff ? arrays.nodeFill[node - 1] : (isInlined(node) ? frames.inlinedFill : frames.fill)[frameOf(node)];
    return palette.darkText[index] === 1;
  }

  // Layout: the focused node and its ancestors fill the width; beneath it, children are
  // left-aligned under their parent, widest first (ties by name), and the narrow ones
  // merge into one "(n small frames)" box, as FlameLayout lays them out.
  let focus = 0;
  let rows = [];
  const sortedChildren = new Map();
  function childrenBySize(n) {
    let list = sortedChildren.get(n);
    if (!list) {
      list = [];
      for (let c = childBegin(n); c < childEnd(n); c++) list.push(c);
      list.sort((a, b) => weight[b] - weight[a] || (nameOf(a) < nameOf(b) ? -1 : nameOf(a) > nameOf(b) ? 1 : a - b));
      sortedChildren.set(n, list);
    }
    return list;
  }
  function layout(width) {
    rows = [];
    const put = (d, box) => { (rows[d] || (rows[d] = [])).push(box); };
    const path = ancestry(focus);
    path.forEach((n, d) => put(d, { node: n, x: 0, w: width, others: 0 }));
    const scale = weight[focus] > 0 ? width / weight[focus] : 0;
    const stack = [[focus, 0, path.length - 1]];
    while (stack.length) {
      const [n, x0, d] = stack.pop();
      let x = x0;
      const kids = childrenBySize(n);
      for (let i = 0; i < kids.length; i++) {
        const c = kids[i];
        const w = weight[c] * scale;
        if (w < MIN_BOX) {
          let rest = 0;
          for (let j = i; j < kids.length; j++) rest += weight[kids[j]] * scale;
          if (rest >= MIN_BOX) put(d + 1, { node: n, x, w: rest, others: kids.length - i });
          break;
        }
        put(d + 1, { node: c, x, w, others: 0 });
        stack.push([c, x, d + 1]);
        x += w;
      }
    }
    for (let d = path.length; d < rows.length; d++) rows[d].sort((a, b) => a.x - b.x);
  }

  // Search: the frames whose name matches, and the share of the stacks through any of
  // them (each stack counted once: a match beneath a match adds nothing).
  let matchedFrames = null;
  let matchedNodes = null;
  function runSearch(text) {
    const input = $('search');
    input.classList.remove('invalid');
    matchedFrames = null;
    matchedNodes = null;
    if (text) {
      let re;
      try { re = new RegExp(text, 'i'); } catch (e) { input.classList.add('invalid'); re = null; }
      if (re) {
        matchedFrames = new Uint8Array(frames.name.length);
        const names = new Map();
        for (let f = 0; f < matchedFrames.length; f++) {
          const s = frames.name[f];
          let m = names.get(s);
          if (m === undefined) { m = re.test(strings[s]) ? 1 : 0; names.set(s, m); }
          matchedFrames[f] = m;
        }
      }
    }
    updateMatches();
  }
  function updateMatches() {
    const status = $('matched');
    if (!matchedFrames) { status.textContent = ''; return; }
    if (!complete) { status.textContent = T('Measuring\u2026'); return; } // again when complete
    matchedNodes = new Uint8Array(nodeCount);
    let share = exactTotal ? 0n : 0, count = 0;
    for (let p = 0; p < nodeCount; p++) {
      const above = matchedNodes[p];
      for (let n = childStart[p], end = childStart[p + 1]; n < end; n++) {
        const m = matchedFrames[frameCode[n] >>> 1];
        if (m && !above) share += totalOf(n);
        matchedNodes[n] = m | above;
      }
    }
    for (let f = 0; f < matchedFrames.length; f++) count += matchedFrames[f];
    status.textContent = count === 0 ? T('No match')
      : count === 1 ? T('1 function: %1, %2 of all', human(share), percent(share, reportTotal()))
        : T('%1 functions: %2, %3 of all', count, human(share), percent(share, reportTotal()));
    status.dataset.share = String(share);
  }

  // Drawing.
  const canvas = $('graph');
  const ctx = canvas.getContext('2d');
  const textWidths = new Map();
  function measured(text) {
    let w = textWidths.get(text);
    if (w === undefined) { w = ctx.measureText(text).width; textWidths.set(text, w); }
    return w;
  }
  function elided(text, room) {
    if (measured(text) <= room) return text;
    const dots = measured('\u2026');
    if (room <= dots) return '';
    let k = Math.floor(text.length * (room - dots) / measured(text));
    while (k > 0 && ctx.measureText(text.slice(0, k)).width + dots > room) k--;
    return k > 0 ? text.slice(0, k) + '\u2026' : '';
  }
  function draw() {
    const width = $('graph-scroll').clientWidth;
    layout(width);
    const height = Math.max(rows.length, 1) * ROW;
    const ratio = window.devicePixelRatio || 1;
    canvas.style.height = height + 'px';
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    const css = getComputedStyle(document.documentElement);
    const background = css.getPropertyValue('--graph-bg').trim() || '#fff';
    ctx.fillStyle = background;
    ctx.fillRect(0, 0, width, height);
    ctx.font = FONT;
    ctx.textBaseline = 'middle';
    for (let d = 0; d < rows.length; d++) {
      const y = d * ROW;
      for (const box of rows[d]) {
        const w = Math.max(box.w - 1, 1); // one pixel of seam between boxes
        // As in the window: the matching boxes keep their colour, the rest are dimmed.
        const dim = matchedFrames && box.node !== 0 && (box.others || !matchedFrames[frameOf(box.node)]);
        ctx.globalAlpha = 1;
        ctx.fillStyle = box.others ? OTHERS_FILL : fillOf(box.node);
        ctx.fillRect(box.x, y, w, ROW - 1);
        if (dim) {
          ctx.globalAlpha = 0.65;
          ctx.fillStyle = background;
          ctx.fillRect(box.x, y, w, ROW - 1);
          ctx.globalAlpha = 1;
        }
        if (w < 20) continue;
        const label = elided(box.others ? T('(%1 small frames)', box.others) : nameOf(box.node), w - 6);
        if (!label) continue;
        ctx.fillStyle = dim ? css.getPropertyValue('--muted') : (box.others || darkTextOn(box.node) ? '#000' : '#fff');
        ctx.fillText(label, box.x + 3, y + ROW / 2);
      }
    }
    canvas.dataset.focus = nameOf(focus);
    drawCrumbs();
  }

  function boxAt(x, y) {
    const row = rows[Math.floor(y / ROW)];
    if (!row) return null;
    let lo = 0, hi = row.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1, b = row[mid];
      if (x < b.x) hi = mid - 1;
      else if (x >= b.x + b.w) lo = mid + 1;
      else return b;
    }
    return null;
  }

  // Focus and breadcrumbs.
  function setFocus(node) {
    focus = node;
    draw();
  }
  function drawCrumbs() {
    const crumbs = $('crumbs');
    crumbs.replaceChildren();
    ancestry(focus).forEach((n, i) => {
      if (i) {
        const sep = document.createElement('span');
        sep.className = 'sep';
        sep.textContent = '\u203a';
        crumbs.append(sep);
      }
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = nameOf(n);
      b.title = nameOf(n);
      b.disabled = n === focus;
      b.addEventListener('click', () => setFocus(n));
      crumbs.append(b);
    });
    if (focus !== 0) {
      const reset = document.createElement('button');
      reset.type = 'button';
      reset.id = 'reset';
      reset.textContent = T('Reset zoom');
      reset.style.marginLeft = '12px';
      reset.addEventListener('click', () => setFocus(0));
      crumbs.append(reset);
    }
  }

  // Hover details.
  const tip = $('tooltip');
  function tipRow(table, label, value) {
    const tr = table.insertRow();
    tr.insertCell().textContent = label;
    tr.insertCell().textContent = value;
  }
  function showTip(box, event) {
    tip.replaceChildren();
    const name = document.createElement('div');
    name.className = 'tip-name';
    const node = box.node;
    name.textContent = box.others ? T('%1 small frames under %2', box.others, nameOf(node)) : nameOf(node);
    tip.append(name);
    if (!box.others && node !== 0) {
      const f = frameOf(node);
      const file = fileOf(f);
      if (file) {
        const where = document.createElement('div');
        where.className = 'tip-file';
        where.textContent = frames.line[f] > 0 ? `${file}:${frames.line[f]}` : file;
        tip.append(where);
      }
    }
    const table = document.createElement('table');
    if (box.others) {
      let w = exactTotal ? 0n : 0;
      const kids = childrenBySize(node);
      for (let i = kids.length - box.others; i < kids.length; i++) w += totalOf(kids[i]);
      tipRow(table, isDiff ? T('After') : T('Total'), T('%1 (%2 of all)', human(w), percent(w, reportTotal())));
    } else if (isDiff) {
      const d = data.diff;
      const delta = minus(totalOf(node), beforeOf(node));
      tipRow(table, d.normalized ? T('Before (scaled)') : T('Before'), human(beforeOf(node)));
      tipRow(table, T('After'), human(totalOf(node)));
      const rel = before[node] ? ` (${delta > 0 ? '+' : ''}${(100 * Number(delta) / Math.abs(before[node])).toFixed(1)}%)` : (total[node] ? ' ' + T('(new)') : '');
      tipRow(table, T('Change'), signed(delta) + rel);
      if (node !== 0 && d.noiseTest && Number(delta) !== 0)
        tipRow(table, T('Noise'), arrays.noise[node - 1] ? T('within sampling noise') : T('beyond sampling noise'));
    } else {
      const self = shownSelfOf(node);
      tipRow(table, T('Self'), `${human(self)} (${percent(self, reportTotal())})`);
      tipRow(table, T('Total'), `${human(totalOf(node))} (${percent(total[node], reportTotal())})`);
      tipRow(table, T('% of all'), percent(total[node], reportTotal()));
      tipRow(table, T('% of focus'), percent(total[node], total[focus]));
    }
    tip.append(table);
    if (sources && !box.others && node !== 0 && sourceBlocksOf(frameOf(node)).length) {
      const hint = document.createElement('div');
      hint.className = 'tip-file';
      hint.textContent = T('Double-click for its source lines');
      tip.append(hint);
    }
    tip.hidden = false;
    const pad = 14;
    let x = event.clientX + pad, y = event.clientY + pad;
    const r = tip.getBoundingClientRect();
    if (x + r.width > window.innerWidth) x = Math.max(0, event.clientX - r.width - pad);
    if (y + r.height > window.innerHeight) y = Math.max(0, event.clientY - r.height - pad);
    tip.style.left = x + 'px';
    tip.style.top = y + 'px';
  }
  const local = (event) => {
    const r = canvas.getBoundingClientRect();
    return [event.clientX - r.left, event.clientY - r.top];
  };
  canvas.addEventListener('mousemove', (event) => {
    const box = boxAt(...local(event));
    if (box) showTip(box, event); else tip.hidden = true;
  });
  canvas.addEventListener('mouseleave', () => { tip.hidden = true; });
  canvas.addEventListener('click', (event) => {
    const box = boxAt(...local(event));
    if (box && !box.others) setFocus(box.node);
  });
  canvas.addEventListener('dblclick', (event) => {
    const box = boxAt(...local(event));
    if (sources && box && !box.others && box.node !== 0) showSource(frameOf(box.node));
  });
  document.addEventListener('keydown', (event) => {
    if (event.target === $('search')) return;
    if (event.key === 'Escape') setFocus(0);
    else if (event.key === 'Backspace' && focus !== 0) setFocus(parentOf(focus));
  });

  // The function table, headed as the window's: the profile's (self and total, by self)
  // or the diff's (before, after and the change of total, by the size of the change).
  const PAGE_ROWS = 300;
  let shownRows = PAGE_ROWS;
  let sortKey = null, sortDescending = true;
  let tableRows = [];
  function tableColumns() {
    if (isDiff) {
      const f = {
        frame: arrays.fnFrame, cumBefore: arrays.fnCumBefore, cumAfter: arrays.fnCumAfter,
        pValue: arrays.fnPValue, noise: arrays.fnNoise,
      };
      const delta = (i) => f.cumAfter[i] - f.cumBefore[i];
      const shownBefore = (i) => exactIn(arrays, 'fnCumBefore', i), shownAfter = (i) => exactIn(arrays, 'fnCumAfter', i);
      const shownDelta = (i) => minus(shownAfter(i), shownBefore(i));
      return [
        { title: T('Function'), text: (i) => strings[frames.name[f.frame[i]]], key: (i) => strings[frames.name[f.frame[i]]] },
        { title: T('Before'), num: true, key: (i) => f.cumBefore[i], text: (i) => human(shownBefore(i)), value: shownBefore },
        { title: T('After'), num: true, key: (i) => f.cumAfter[i], text: (i) => human(shownAfter(i)), value: shownAfter },
        { title: '\u0394', num: true, key: (i) => Math.abs(delta(i)), text: (i) => signed(shownDelta(i)), change: true, value: shownDelta },
        { title: '\u0394%', num: true, key: (i) => f.cumBefore[i] ? delta(i) / Math.abs(f.cumBefore[i]) : Infinity,
          text: (i) => f.cumBefore[i] ? `${delta(i) > 0 ? '+' : ''}${(100 * delta(i) / Math.abs(f.cumBefore[i])).toFixed(1)}%` : (f.cumAfter[i] ? T('new') : '') },
        { title: 'p', num: true, key: (i) => f.pValue[i], text: (i) => data.diff.noiseTest ? (f.noise[i] ? T('noise') : f.pValue[i].toPrecision(2)) : '' },
      ];
    }
    const c = { flat: arrays['flat' + column], cum: arrays['cum' + column] };
    const shownFlat = (i) => exactIn(arrays, 'flat' + column, i), shownCum = (i) => exactIn(arrays, 'cum' + column, i);
    const total = reportTotal();
    return [
      { title: T('Function'), key: (i) => strings[frames.name[i]], text: (i) => strings[frames.name[i]] },
      { title: T('Self'), num: true, key: (i) => c.flat[i], text: (i) => human(shownFlat(i)), value: shownFlat },
      { title: T('Self %'), num: true, key: (i) => c.flat[i], text: (i) => percent(c.flat[i], total) },
      { title: T('Total'), num: true, key: (i) => c.cum[i], text: (i) => human(shownCum(i)), value: shownCum },
      { title: T('Total %'), num: true, key: (i) => c.cum[i], text: (i) => percent(c.cum[i], total) },
    ];
  }
  function buildTable() {
    const columns = tableColumns();
    if (sortKey === null) sortKey = isDiff ? 3 : 1;
    const count = isDiff ? arrays.fnFrame.length : frames.name.length;
    const frameAt = (i) => isDiff ? arrays.fnFrame[i] : i;
    const flat = arrays['flat' + column], cum = arrays['cum' + column];
    tableRows = [];
    for (let i = 0; i < count; i++) {
      if (matchedFrames && !matchedFrames[frameAt(i)]) continue;
      if (!isDiff && cum[i] === 0 && flat[i] === 0) continue;
      tableRows.push(i);
    }
    const key = columns[sortKey].key;
    const name = columns[0].key;
    const direction = sortDescending ? -1 : 1;
    tableRows.sort((a, b) => {
      const ka = key(a), kb = key(b);
      if (ka < kb) return -direction;
      if (ka > kb) return direction;
      const na = name(a), nb = name(b);
      return na < nb ? -1 : na > nb ? 1 : a - b;
    });
    const head = $('functions').tHead;
    head.replaceChildren();
    const hr = head.insertRow();
    columns.forEach((col, k) => {
      const th = document.createElement('th');
      th.textContent = col.title;
      if (col.num) th.className = 'num';
      if (k === sortKey) th.setAttribute('aria-sort', sortDescending ? 'descending' : 'ascending');
      th.addEventListener('click', () => {
        if (sortKey === k) sortDescending = !sortDescending;
        else { sortKey = k; sortDescending = k !== 0; }
        shownRows = PAGE_ROWS;
        buildTable();
      });
      hr.append(th);
    });
    fillTable(columns, frameAt);
  }
  function fillTable(columns, frameAt) {
    const body = $('functions').tBodies[0];
    body.replaceChildren();
    const end = Math.min(shownRows, tableRows.length);
    const fragment = document.createDocumentFragment();
    for (let r = 0; r < end; r++) {
      const i = tableRows[r];
      const tr = document.createElement('tr');
      tr.dataset.frame = String(frameAt(i));
      for (const col of columns) {
        const td = document.createElement('td');
        td.textContent = col.text(i);
        if (col.num) td.className = 'num';
        else { td.className = 'name'; td.title = col.text(i); }
        if (col.value) td.dataset.value = String(col.value(i));
        if (col.change && isDiff) {
          td.classList.add(arrays.fnNoise[i] ? 'noise' : col.value(i) > 0 ? 'grew' : col.value(i) < 0 ? 'shrank' : 'same');
        }
        tr.append(td);
      }
      tr.addEventListener('click', () => selectFunction(frameAt(i), tr));
      // From the keyboard: Tab to the table, the arrows between rows, Enter to choose.
      tr.tabIndex = 0;
      tr.addEventListener('keydown', (event) => {
        const next = event.key === 'ArrowDown' ? tr.nextElementSibling : event.key === 'ArrowUp' ? tr.previousElementSibling : null;
        if (next) next.focus();
        else if (event.key === 'Enter' || event.key === ' ') selectFunction(frameAt(i), tr);
        else return;
        event.preventDefault();
        event.stopPropagation();
      });
      fragment.append(tr);
    }
    body.append(fragment);
    const more = $('more');
    more.hidden = end >= tableRows.length;
    more.textContent = T('Show all %1 functions', tableRows.length);
  }
  $('more').addEventListener('click', () => { shownRows = Infinity; buildTable(); });
  function selectFunction(frame, tr) {
    for (const row of $('functions').tBodies[0].querySelectorAll('tr.selected')) row.classList.remove('selected');
    tr.classList.add('selected');
    matchedFrames = new Uint8Array(frames.name.length);
    matchedFrames[frame] = 1;
    $('search').value = '';
    updateMatches();
    draw();
    if (sources) showSource(frame);
  }

  // Search as the user types (a short pause first: a big profile's names take a moment).
  let searchTimer = 0;
  $('search').addEventListener('input', () => {
    clearTimeout(searchTimer);
    searchTimer = setTimeout(() => {
      runSearch($('search').value);
      shownRows = PAGE_ROWS;
      buildTable();
      draw();
    }, 120);
  });

  // The Source panel, in a page exported with --with-source: per function and file the
  // lines `go tool pprof -list` prints, each with its self and total in the shown sample
  // type and a heat bar; a file that was not found lists its costly lines only.
  const sources = data.sources || null;
  let sourceFrame = -1;
  let sourceText = null, sourceLineAt = null, sourceTextAt = null;
  let tokenLineAt = null, tokenAt = null; // per block its first token line; per token line its first token
  function sourceBlocksOf(frame) {
    const out = [];
    if (!sources || frame < 0) return out;
    for (let i = arrays.srcFrameStart[frame]; i < arrays.srcFrameStart[frame + 1]; i++) out.push(arrays.srcFrameBlock[i]);
    return out;
  }
  function prepareSources() {
    sourceText = decodeStrings(arrays.srcText, arrays.srcLineLength);
    // Where each block's lines start in the per-line arrays and in the text.
    sourceLineAt = new Array(sources.length);
    sourceTextAt = new Array(sources.length);
    tokenLineAt = new Array(sources.length);
    for (let b = 0, line = 0, text = 0, tokenLine = 0; b < sources.length; b++) {
      sourceLineAt[b] = line;
      sourceTextAt[b] = text;
      tokenLineAt[b] = tokenLine;
      line += arrays.srcRows[b];
      text += arrays.srcTextLines[b];
      tokenLine += arrays.srcTokenLines[b];
    }
    const counts = arrays.srcTokenCount;
    tokenAt = new Uint32Array(counts.length + 1);
    for (let i = 0; i < counts.length; i++) tokenAt[i + 1] = tokenAt[i] + counts[i];
  }
  // A line of source as text, its keywords, strings, comments and numbers in spans (the
  // window's highlighting, lexed by Embers when it wrote the page).
  const TOKEN_CLASS = ['tk-keyword', 'tk-string', 'tk-comment', 'tk-number'];
  function fillCode(td, text, tokenLine) {
    if (tokenLine < 0) {
      td.textContent = text;
      return;
    }
    let at = 0;
    for (let t = tokenAt[tokenLine]; t < tokenAt[tokenLine + 1]; t++) {
      const start = Math.max(at, Math.min(arrays.srcTokenStart[t], text.length));
      const end = Math.min(start + arrays.srcTokenLength[t], text.length);
      if (start > at) td.append(text.slice(at, start));
      if (end > start) {
        const span = document.createElement('span');
        span.className = TOKEN_CLASS[arrays.srcTokenKind[t]] || '';
        span.textContent = text.slice(start, end);
        td.append(span);
      }
      at = Math.max(at, end);
    }
    if (at < text.length) td.append(text.slice(at));
  }
  // A block's value columns: a capture's self and total in the shown sample type; a
  // diff's total before, after and its change. `heat` sizes a line's bar.
  function sourceColumns(b) {
    if (isDiff) {
      const before = arrays.srcCum0, after = arrays.srcCum1;
      const fnBefore = exactIn(arrays, 'srcFnCum0', b), fnAfter = exactIn(arrays, 'srcFnCum1', b);
      return {
        titles: [T('Before'), T('After'), '\u0394'],
        values: (k) => {
          const shownBefore = exactIn(arrays, 'srcCum0', k), shownAfter = exactIn(arrays, 'srcCum1', k);
          return [shownBefore, shownAfter, minus(shownAfter, shownBefore)];
        },
        text: (v, i) => Number(v) === 0 ? '' : i === 2 ? signed(v) : human(v),
        heat: (k) => after[k] - before[k],
        costs: (k) => before[k] !== 0 || after[k] !== 0 || arrays.srcFlat0[k] !== 0 || arrays.srcFlat1[k] !== 0,
        summary: T('Before %1, after %2, change %3', human(fnBefore), human(fnAfter), signed(minus(fnAfter, fnBefore))),
      };
    }
    const flat = arrays['srcFlat' + column], cum = arrays['srcCum' + column];
    const fnFlat = exactIn(arrays, 'srcFnFlat' + column, b), fnCum = exactIn(arrays, 'srcFnCum' + column, b);
    return {
      titles: [T('Self'), T('Total')],
      values: (k) => [exactIn(arrays, 'srcFlat' + column, k), exactIn(arrays, 'srcCum' + column, k)],
      text: (v) => Number(v) === 0 ? '' : human(v),
      heat: (k) => cum[k],
      costs: (k) => flat[k] !== 0 || cum[k] !== 0,
      summary: T('Self %1, total %2 (%3 of all)', human(fnFlat), human(fnCum), percent(fnCum, reportTotal())),
    };
  }
  // A line of the panel clicked: the page's frames at that line lit in the graph (a page
  // exported at lines granularity has them), as the window's pane selects them.
  function lightLine(b, line, tr) {
    const lit = new Uint8Array(frames.name.length);
    let any = false;
    for (let f = 0; f < lit.length; f++) {
      if (frames.line[f] === line && sourceBlocksOf(f).includes(b)) lit[f] = 1, any = true;
    }
    if (!any) return;
    matchedFrames = lit;
    $('search').value = '';
    updateMatches();
    draw();
    for (const row of $('source-blocks').querySelectorAll('tr.target')) row.classList.remove('target');
    tr.classList.add('target');
  }
  function sourceBlock(b, frameLine) {
    const block = sources[b];
    const count = arrays.srcRows[b];
    const hasText = count > 0 && arrays.srcTextLines[b] === count;
    const highlighted = hasText && arrays.srcTokenLines[b] === count;
    const at = sourceLineAt[b];
    const columns = sourceColumns(b);
    const div = document.createElement('div');
    div.className = 'src-block';
    const head = document.createElement('div');
    head.className = 'src-head';
    const name = document.createElement('span');
    name.className = 'src-name';
    name.textContent = block.name;
    const file = document.createElement('span');
    file.className = 'src-file';
    file.textContent = block.file;
    const sum = document.createElement('span');
    sum.className = 'src-sum';
    sum.textContent = columns.summary;
    head.append(name, file, sum);
    div.append(head);
    if (block.why) {
      const why = document.createElement('div');
      why.className = 'src-why';
      why.textContent = hasText ? block.why : T('No source text: %1. The lines with a cost:', block.why);
      div.append(why);
    }
    let largest = 0;
    for (let i = 0; i < count; i++) largest = Math.max(largest, Math.abs(columns.heat(at + i)));
    const table = document.createElement('table');
    table.className = 'src-lines';
    const headRow = table.createTHead().insertRow();
    for (const [k, title] of [T('Line'), ...columns.titles, '', T('Source')].entries()) {
      const th = document.createElement('th');
      th.textContent = title;
      if (k <= columns.titles.length) th.className = 'num';
      headRow.append(th);
    }
    const body = table.createTBody();
    let target = null, hottest = null, hottestHeat = -1;
    for (let i = 0; i < count; i++) {
      const k = at + i, line = arrays.srcLine[k], costs = columns.costs(k);
      if (!hasText && !costs) continue;
      if (hasText && i > 0 && line > arrays.srcLine[k - 1] + 1) {
        // Lines left out between two costly ones far apart.
        const gap = body.insertRow();
        gap.className = 'gap';
        const td = gap.insertCell();
        td.colSpan = columns.titles.length + 3;
        td.textContent = '\u22ef';
      }
      const tr = body.insertRow();
      tr.dataset.line = String(line);
      if (costs) {
        tr.className = 'costly';
        tr.addEventListener('click', () => lightLine(b, line, tr));
      }
      const cell = (text, cls, value) => {
        const td = tr.insertCell();
        td.className = cls;
        td.textContent = text;
        if (value !== undefined) td.dataset.value = String(value);
        return td;
      };
      cell(String(line), 'num line');
      columns.values(k).forEach((v, n) => {
        const td = cell(columns.text(v, n), 'num', v);
        if (isDiff && n === 2 && Number(v) !== 0) td.classList.add(v > 0 ? 'grew' : 'shrank');
      });
      const heat = cell('', 'heat'), h = columns.heat(k);
      if (largest && h) {
        const bar = document.createElement('span');
        bar.style.width = (100 * Math.abs(h) / largest).toFixed(1) + '%';
        if (isDiff) bar.className = h > 0 ? 'grew' : 'shrank';
        heat.append(bar);
      }
      const code = cell('', 'code');
      if (hasText)
        fillCode(code, sourceText[sourceTextAt[b] + i], highlighted ? tokenLineAt[b] + i : -1);
      if (costs && line === frameLine) target = tr;
      if (costs && Math.abs(h) > hottestHeat) {
        hottest = tr;
        hottestHeat = Math.abs(h);
      }
    }
    div.append(table);
    // The frame's own line (a page at lines granularity), else the hottest.
    return [div, target || hottest];
  }
  function showSource(frame) {
    const pane = $('source-pane');
    if (!sources) return;
    const blocks = sourceBlocksOf(frame);
    sourceFrame = frame;
    if (!sourceText) prepareSources();
    $('source-title').textContent = T('Source \u2014 %1', strings[frames.name[frame]]);
    const list = $('source-blocks');
    list.replaceChildren();
    let target = null;
    for (const b of blocks) {
      const [div, row] = sourceBlock(b, frames.line[frame]);
      list.append(div);
      target = target || row;
    }
    if (!blocks.length) {
      const none = document.createElement('p');
      none.className = 'src-why';
      none.textContent = T('This page has no source lines for this function (the profile names no file or line for it).');
      list.append(none);
    }
    const opening = pane.hidden;
    pane.hidden = false;
    if (target) {
      target.classList.add('target');
      list.scrollTop = Math.max(0, target.offsetTop - list.clientHeight / 3);
    }
    // A panel that opens below the fold is brought into view; one already open stays put.
    if (opening) pane.scrollIntoView({ block: 'nearest' });
  }
  $('source-close').addEventListener('click', () => { $('source-pane').hidden = true; sourceFrame = -1; });

  // Sample types, summary, legend.
  function setUpHeader() {
    $('title').textContent = data.title || T('Profile');
    $('type-label').textContent = T('Sample type');
    $('search').placeholder = T('Search functions (regular expression)');
    $('graph').setAttribute('aria-label', T('Flame graph'));
    $('summary-title').textContent = T('Profile');
    $('source-close').textContent = T('Close');
    $('footer').textContent = T('Made with Embers. This page works offline: it loads nothing from anywhere.');
    const select = $('sample-type');
    if (!isDiff && data.columns.length > 1) {
      data.columns.forEach((c, i) => {
        const option = document.createElement('option');
        option.value = String(i);
        option.textContent = c.unit ? `${c.type} (${c.unit})` : c.type;
        select.append(option);
      });
      select.value = String(column);
      select.disabled = !complete; // the overview has the first sample type only
      $('type-choice').hidden = false;
      select.addEventListener('change', () => {
        column = Number(select.value);
        computeValues();
        sortedChildren.clear();
        if (matchedFrames) updateMatches();
        shownRows = PAGE_ROWS;
        buildTable();
        draw();
        if (sourceFrame >= 0 && !$('source-pane').hidden) showSource(sourceFrame);
      });
    }
    const dl = $('summary');
    const add = (label, value) => {
      const dt = document.createElement('dt');
      dt.textContent = label;
      const dd = document.createElement('dd');
      dd.textContent = value;
      dl.append(dt, dd);
    };
    for (const [label, value] of data.summary) add(T(label), value);
    if (isDiff) {
      const d = data.diff;
      add(T('Sample type'), data.columns[0].type);
      add(T('Before'), human(exactField(d, 'baseTotal')) + (d.normalized ? ' ' + T('(scaled to %1)', human(exactField(d, 'scaledBaseTotal'))) : ''));
      add(T('After'), human(exactField(d, 'newTotal')));
    } else {
      add(T('Total'), `${human(exactField(data.columns[column], 'total'))} (${data.columns[column].type})`);
    }
    if (isDiff) {
      const legend = $('legend');
      const d = data.diff;
      const swatch = (color, text) => {
        const span = document.createElement('span');
        const box = document.createElement('span');
        box.className = 'swatch';
        box.style.background = color;
        span.append(box, text);
        legend.append(span);
      };
      swatch(d.legend.grew, T('grew'));
      swatch(d.legend.shrank, T('shrank'));
      if (d.noiseTest) swatch(d.legend.noise, T('within sampling noise (faint)'));
      swatch(d.legend.same, T('unchanged'));
      const note = document.createElement('span');
      note.textContent = d.normalized ? T('Base scaled to the new total. Widths: before + after.') : T('Raw values. Widths: before + after.');
      legend.append(note);
      legend.hidden = false;
    }
  }

  if (data.overview) {
    decodeTrie(arrays.overviewShape, arrays['overviewChildren.big'], null, arrays.overviewFrame);
  } else {
    if (!isDiff) tree = await inflateArrays(await textOf('embers-tree'), data.treeArrays);
    decodeTrie(tree.nodeShape, tree['nodeChildren.big'], tree['nodeCall.big']);
  }
  performance.mark('trie');
  computeValues();
  performance.mark('values');
  setUpHeader();
  buildTable();
  performance.mark('table');
  draw();
  performance.mark('drawn');
  let resizeFrame = 0;
  new ResizeObserver(() => {
    cancelAnimationFrame(resizeFrame);
    resizeFrame = requestAnimationFrame(draw);
  }).observe($('graph-scroll'));
  window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', draw);

  // For tests and scripts: where the boxes are, in canvas coordinates.
  window.embersPage = {
    boxes: () => rows.flatMap((row, d) => row.map((b) => ({
      name: b.others ? T('(%1 small frames)', b.others) : nameOf(b.node), node: b.node,
      x: b.x, y: d * ROW, width: b.w, height: ROW - 1,
    }))),
    focus: () => nameOf(focus),
  };
  document.body.dataset.ready = String(Math.round(performance.now()));

  if (data.overview) {
    // The whole trie, once the browser has read it: the same view, every box.
    tree = await inflateArrays(await textOf('embers-tree'), data.treeArrays);
    const overviewNode = arrays.overviewNode;
    decodeTrie(tree.nodeShape, tree['nodeChildren.big'], tree['nodeCall.big']);
    complete = true;
    focus = overviewNode[focus];
    computeValues();
    sortedChildren.clear();
    if (matchedFrames) updateMatches();
    $('sample-type').disabled = false;
    draw();
  }
  document.body.dataset.complete = String(Math.round(performance.now()));
})().catch((error) => {
    // A browser without DecompressionStream, or a damaged page: say so where the graph goes.
    const message = document.createElement('p');
    message.textContent = T('This page could not be shown: %1', error);
    document.querySelector('main').replaceChildren(message);
    document.body.dataset.failed = String(error);
  });

// An array's value to show: exact (a BigInt) where the page has it so (NAME.exact), else
// the number.
function exactIn(from, name, i) {
  const exact = from[name + '.exact'];
  return exact ? exact[i] : from[name][i];
}

// The text of an element the browser may still be reading (after this script).
async function textOf(id) {
  if (document.readyState === 'loading')
    await new Promise((resolve) => document.addEventListener('DOMContentLoaded', resolve, { once: true }));
  return document.getElementById(id).textContent;
}

// The strings: UTF-8, one after another (invalid sequences become U+FFFD).
function decodeStrings(bytes, lengths) {
  const decoder = new TextDecoder();
  const out = new Array(lengths.length);
  // All ASCII (most profiles): one decode, then slices, as bytes are characters.
  let ascii = true;
  for (let i = 0; i < bytes.length && ascii; i++) ascii = bytes[i] < 0x80;
  const whole = ascii ? decoder.decode(bytes) : null;
  for (let i = 0, at = 0; i < lengths.length; at += lengths[i], i++)
    out[i] = ascii ? whole.slice(at, at + lengths[i]) : decoder.decode(bytes.subarray(at, at + lengths[i]));
  return out;
}

// The arrays' blob: base64 of gzip, inflated by the browser, viewed as typed arrays.
async function inflateArrays(base64, directory) {
  const text = atob(base64);
  performance.mark('atob');
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  performance.mark('bytes');
  const types = { u8: Uint8Array, u16: Uint16Array, u32: Uint32Array, i32: Int32Array, i64: BigInt64Array, f64: Float64Array };
  let size = 0;
  for (const [offset, count, type] of Object.values(directory))
    size = Math.max(size, offset + count * types[type].BYTES_PER_ELEMENT);
  // Read straight into one buffer of the blob's size: no growing copies.
  const buffer = new ArrayBuffer(size);
  const whole = new Uint8Array(buffer);
  const reader = new Response(bytes).body.pipeThrough(new DecompressionStream('gzip')).getReader();
  for (let at = 0; ;) {
    const { done, value } = await reader.read();
    if (done) break;
    whole.set(value, at);
    at += value.length;
  }
  performance.mark('decompressed');
  const out = {};
  for (const [name, [offset, count, type, scale]] of Object.entries(directory)) {
    const view = new types[type](buffer, offset, count);
    if (type === 'i64') { // past 2^53: exact as NAME.exact, numbers for the arithmetic
      const exact = scale === 1 ? view : BigInt64Array.from(view, (v) => v * BigInt(scale));
      out[name + '.exact'] = exact;
      out[name] = Float64Array.from(exact, (v) => Number(v));
    } else if (scale === 1) {
      out[name] = view;
    } else { // integers divided by their common divisor: multiplied back
      const values = new Float64Array(count);
      for (let i = 0; i < count; i++) values[i] = view[i] * scale;
      out[name] = values;
    }
  }
  return out;
}
