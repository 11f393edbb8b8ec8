// SPDX-License-Identifier: GPL-2.0-or-later
// report-html-flame.js: the flame graph of cg_annotate --format=html, an
// icicle (the whole program at the top, what each frame called below it).
// The writer puts the call paths into a JSON block (#fl-data) and leaves
// #fl empty: every control, frame, key and table in #fl is made here,
// because the frames' places follow the chosen event, the zoom and the
// window's width, which HTML written once cannot.  It runs after
// report-html.js (and report-html-graph.js) in the same script, so it does
// nothing on a page without the block.  Widths are exact fractions of the
// zoomed frame's: a frame is left out when it would be under half a pixel,
// never widened, so that what is drawn can be measured against the data.
'use strict';
(function () {
  var data = document.getElementById('fl-data');
  var box = document.getElementById('fl');
  if (!data || !box) return;
  var D = null;
  try { D = JSON.parse(data.textContent); } catch (err) { D = null; }
  if (!D || !D.views || !D.views.length || !D.events || !D.fns) {
    box.textContent = 'The flame graph\u2019s data could not be read.';
    return;
  }

  var ROW = 20;       // px per depth; the CSS gives a frame the same height
  var MIN_W = 0.5;    // narrower frames are not made at all
  var LABEL_W = 22;   // narrower frames carry no text (an ellipsis alone says nothing)
  var OLD_ROWS = 50;  // rows of the table of vanished frames
  var diff = !!D.diff;
  var nev = D.events.length;
  var ARROW = ' \u2192 ';

  function num(n) { return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ','); }
  function signed(n) { return (n > 0 ? '+' : n < 0 ? '\u2212' : '\u00b1') + num(Math.abs(n)); }
  // Two decimals only where one would round a real share to 0.0%.
  function pct(part, whole, sign) {
    if (!whole) return '\u2013';
    var p = part / whole * 100, a = Math.abs(p);
    var s = a !== 0 && a < 0.005 ? '<0.01%' : a.toFixed(a !== 0 && a < 0.1 ? 2 : 1) + '%';
    return sign ? (p > 0 ? '+' : p < 0 ? '\u2212' : '\u00b1') + s : (p < 0 ? '\u2212' : '') + s;
  }
  function esc(s) {
    return String(s).replace(/[&<>"']/g, function (c) { return '&#' + c.charCodeAt(0) + ';'; });
  }
  function link(href) { return typeof href === 'string' && href.charAt(0) === '#' ? href : ''; }

  // Names, lower-cased names for the search, and a hue per file: the files
  // with the most own cost get the palette's distinct hues first, so that
  // the frames that matter most are told apart by colour.
  var fnName = D.fns.map(function (f) { return String(f[0]); });
  var fnLow = fnName.map(function (s) { return s.toLowerCase(); });
  var fnHue = (function () {
    var V = D.views[0], e0 = D.event || 0, cost = {}, files = [], hueOf = {};
    for (var i = 1; i < V.fn.length; i++) {
      var f = V.fn[i] >= 0 && D.fns[V.fn[i]] ? D.fns[V.fn[i]][1] : '';
      if (!f) continue;
      if (!(f in cost)) { cost[f] = 0; files.push(f); }
      cost[f] += V.self[i][e0] || 0;
    }
    files.sort(function (a, b) { return cost[b] - cost[a] || (a < b ? -1 : a > b ? 1 : 0); });
    files.forEach(function (f, k) { hueOf[f] = k % 7; });
    return D.fns.map(function (f) { return f[1] && f[1] in hueOf ? hueOf[f[1]] : 7; });
  })();

  // Per view: children lists and depths, made once; children in the order
  // of an event's inclusive cost, made when first asked for.
  var preps = D.views.map(function (V) {
    var n = V.parent.length, kids = [], depth = new Int32Array(n);
    for (var i = 0; i < n; i++) kids.push([]);
    for (i = 1; i < n; i++) {
      var p = V.parent[i];
      // A parent comes before its children; anything else is not drawn.
      if (p < 0 || p >= i) { depth[i] = -1; continue; }
      kids[p].push(i);
      depth[i] = depth[p] < 0 ? -1 : depth[p] + 1;
    }
    return {V: V, n: n, kids: kids, depth: depth, sorted: {}};
  });
  function nameOf(V, i) { return V.fn[i] >= 0 ? fnName[V.fn[i]] : 'all'; }
  function kidsOf(P, i, e) {
    var s = P.sorted[e] || (P.sorted[e] = []);
    if (!s[i]) {
      var V = P.V;
      s[i] = P.kids[i].slice().sort(function (a, b) {
        var na = nameOf(V, a), nb = nameOf(V, b);
        return V.incl[b][e] - V.incl[a][e] || (na < nb ? -1 : na > nb ? 1 : 0) || a - b;
      });
    }
    return s[i];
  }
  var any = {rec: false, est: false, split: false, inl: false};
  D.views.forEach(function (V) {
    for (var i = 0; i < V.parent.length; i++) {
      if (V.rec && V.rec[i] > 0) any.rec = true;
      if (V.est && V.est[i] & 1) any.est = true;
      if (V.est && V.est[i] & 2) any.split = true;
      if (V.est && V.est[i] & 4) any.inl = true;
    }
  });
  // views[0 .. recViews) have the inlined frames, the others as many with
  // them folded into the frames they were inlined into.
  var recViews = D.recViews || D.views.length;

  var st = {view: 0, ev: D.event >= 0 && D.event < nev ? D.event : 0, zoom: 0, cur: 0,
            q: '', w: 0, shown: -1};
  function P() { return preps[st.view]; }

  // ------------------------------------------------------------ controls

  var opts = D.events.map(function (ev, k) {
    var long = D.names && D.names[k] ? ' \u2014 ' + D.names[k] : '';
    return '<option value="' + k + '"' + (k === st.ev ? ' selected' : '') + '>' + esc(ev + long) + '</option>';
  }).join('');
  function chip(cls, title) { return '<span class="fl-sw ' + cls + '" title="' + esc(title) + '"></span>'; }
  var key = [];
  if (diff) {
    // The chips' titles and the words on the scale depend on the largest
    // change, so scaleKey() writes them for the view and event drawn.
    var chips = '';
    for (var g = 5; g >= 1; g--) chips += chip('down' + g, '');
    chips += chip('same', 'unchanged');
    for (g = 1; g <= 5; g++) chips += chip('up' + g, '');
    key.push('<span class="fl-k">shrank <span class="fl-scale" aria-hidden="true">' + chips + '</span> grew</span>',
             '<span class="fl-k fl-scalenote"></span>');
  } else {
    key.push('<span class="fl-k"><span class="fl-scale" aria-hidden="true">' + chip('h0 k0', '') + chip('h1 k0', '') +
             chip('h2 k0', '') + chip('h4 k0', '') + '</span> a hue per file, shades alternating between neighbours</span>');
  }
  if (any.est) key.push('<span class="fl-k">' + chip('h7 k1 est', 'estimate') + ' width estimated: a proportional share, not measured</span>');
  if (any.split) key.push('<span class="fl-k">' + chip('h7 k1 split', 'several callers') + ' several callers: the frames below are estimates</span>');
  if (any.inl) key.push('<span class="fl-k">' + chip('h7 k1 inl', 'inlined') + ' an inlined function, drawn in the frame it was inlined into</span>');
  if (any.rec) key.push('<span class="fl-k"><b aria-hidden="true">\u21bb</b> direct recursion collapsed</span>');
  key.push('<span class="fl-k fl-keys">click or <kbd>Enter</kbd> zoom \u00b7 <kbd>Esc</kbd> out \u00b7 ' +
           '<kbd>\u2190</kbd><kbd>\u2191</kbd><kbd>\u2192</kbd><kbd>\u2193</kbd> move \u00b7 <kbd>Home</kbd> top</span>');

  box.innerHTML =
    '<div class="tools fl-bar">' +
    '<label>Event <select class="fl-ev">' + opts + '</select></label>' +
    '<input type="search" class="fl-q" placeholder="Search functions" autocomplete="off" spellcheck="false" ' +
    'aria-label="Search the flame graph by function name">' +
    (recViews > 1 ? '<span class="fl-recs"><label><input type="checkbox" class="fl-rec"> Expand recursion</label> ' +
                    '<span class="fl-recnote"></span></span>' : '') +
    (D.inlined ? '<label><input type="checkbox" class="fl-inl"> Fold inlined functions</label>' : '') +
    '<button type="button" class="fl-reset" disabled>Reset zoom</button>' +
    '<output class="fl-out" aria-live="polite"></output></div>' +
    '<div class="fl-key" id="fl-key">' + key.join('') + '</div>' +
    '<div class="fl-area"><div class="fl-g" role="tree" aria-label="Flame graph: a frame per call path, ' +
    'as wide as its inclusive cost" aria-describedby="fl-key"></div></div>' +
    '<p class="fl-left" hidden></p>' +
    '<div class="fl-info" role="region" aria-label="The frame in focus"></div>' +
    (diff ? '<div class="fl-old" hidden></div>' : '') +
    '<div class="fl-tip" hidden></div>';
  function $(sel) { return box.querySelector(sel); }
  var sel = $('.fl-ev'), search = $('.fl-q'), out = $('.fl-out'), recBox = $('.fl-rec');
  var inlBox = $('.fl-inl');
  var recNote = $('.fl-recnote'), resetBtn = $('.fl-reset'), area = $('.fl-area'), canvas = $('.fl-g');
  var leftOut = $('.fl-left'), info = $('.fl-info'), oldBox = $('.fl-old'), tip = $('.fl-tip');

  // ------------------------------------------------------------ drawing

  // What the last drawing made: the element of each drawn frame, each
  // row's frames left to right, and a frame's place in its row.
  var drawn = [], rows = [], rowPos = null, shade = null;

  // Under --diff a frame's colour grades its change in the event on a
  // scale of decades down from the largest change of any frame of the view
  // (docs/post-processors.md, "The page's flame graph"): 5 for a change
  // above a tenth of the largest, 4 above a hundredth, and so on, 1 for
  // anything smaller; the sign says growth or shrinkage.  A fixed scale
  // would give nearly every frame one grade whenever the change is large
  // (every frame of a run on more input grows) or small.
  var DECADES = 4;
  function largest(p, e) {
    var m = p.largest || (p.largest = []);
    if (m[e] === undefined) {
      var V = p.V, a = 0;
      for (var i = 0; i < p.n; i++) a = Math.max(a, Math.abs(V.incl[i][e] - V.old[i][e]));
      m[e] = a;
    }
    return m[e];
  }
  function grade(V, i) {
    var e = st.ev, d = V.incl[i][e] - V.old[i][e], m = largest(P(), e);
    if (d === 0) return 0;
    var g = 5, a = Math.abs(d);
    for (var k = 0; k < DECADES && a * 10 <= m; k++, a *= 10) g--;
    return d > 0 ? g : -g;
  }
  // The key's words for the view and event drawn: what each grade spans,
  // as shares of the old total.
  function scaleKey() {
    if (!diff) return;
    var e = st.ev, m = largest(P(), e), t = D.oldTotal[e], note = box.querySelector('.fl-scalenote');
    var lim = function (k) { return pct(m / Math.pow(10, k), t); };
    var span = function (g) {
      return g === 5 ? 'by more than ' + lim(1) : g === 1 ? 'by up to ' + lim(DECADES) :
             'by ' + lim(6 - g) + ' to ' + lim(5 - g);
    };
    for (var g = 1; g <= 5; g++) {
      box.querySelector('.fl-sw.up' + g).title = 'grew ' + span(g) + ' of the old total';
      box.querySelector('.fl-sw.down' + g).title = 'shrank ' + span(g) + ' of the old total';
    }
    note.textContent = m === 0 ? 'no frame changed' :
      'the change in inclusive cost, a step per factor of 10 below the largest change (' + pct(m, t) +
      ' of the old total); the darkest, over ' + lim(1);
  }

  function label(V, i) {
    return nameOf(V, i) + (V.rec && V.rec[i] > 0 ? ' \u21bb' : '');
  }
  // The root frame of an estimate says so on the graph itself, where the
  // eye is.
  function frameText(V, i) {
    if (i === 0 && D.estimate)
      return 'all \u2014 an estimate: below each dashed frame (several callers) the hatched ' +
             'frames are proportional shares, not measurements';
    return label(V, i);
  }

  function ariaLabel(V, i) {
    var e = st.ev, s = nameOf(V, i) + ', incl ' + num(V.incl[i][e]) + ' ' + D.events[e] +
        ' (' + pct(V.incl[i][e], D.total[e]) + ')';
    if (V.rec && V.rec[i] > 0) s += ', recursion collapsed: ' + V.rec[i] + ' levels';
    if (diff) {
      var d = V.incl[i][e] - V.old[i][e];
      s += ', change ' + signed(d) + ' (' + pct(d, D.oldTotal[e], true) + ' of the old total)';
    }
    if (V.est && V.est[i]) s += ', estimate';
    return s;
  }

  // A frame's shade differs from its left neighbour's and its parent's,
  // which three shades always allow; so no two touching frames of one
  // file look alike.
  function pickShade(left, up) {
    for (var k = 0; k < 3; k++) if (k !== left && k !== up) return k;
    return 0;
  }

  function place(V, i, d, x, w, cls, frag) {
    var el = document.createElement('div');
    var row = rows[d] || (rows[d] = []);
    var prev = row.length ? row[row.length - 1] : -1;
    var up = V.parent[i] >= 0 && drawn[V.parent[i]] ? shade[V.parent[i]] : -1;
    shade[i] = pickShade(prev >= 0 ? shade[prev] : -1, up);
    rowPos[i] = row.length;
    row.push(i);
    var c = 'fr' + cls, fn = V.fn[i];
    if (diff) {
      var g = grade(V, i);
      c += g > 0 ? ' up' + g : g < 0 ? ' down' + -g : ' same';
      el.setAttribute('data-grade', Math.abs(g));
      el.setAttribute('data-sign', g > 0 ? '+' : g < 0 ? '-' : '0');
    } else {
      c += ' h' + (fn >= 0 ? fnHue[fn] : 7) + ' k' + shade[i];
    }
    if (V.rec && V.rec[i] > 0) c += ' rec';
    if (V.est && V.est[i] & 1) c += ' est';
    if (V.est && V.est[i] & 2) c += ' split';
    if (V.est && V.est[i] & 4) c += ' inl';
    if (w < 2) c += ' thin';
    if (w >= LABEL_W) {
      c += ' lb';
      el.textContent = frameText(V, i);
    }
    el.className = c;
    el.style.left = x + 'px';
    el.style.width = w + 'px';
    el.style.top = d * ROW + 'px';
    el.setAttribute('data-i', i);
    el.setAttribute('data-fn', fn);
    el.setAttribute('role', 'treeitem');
    el.setAttribute('aria-level', d + 1);
    el.setAttribute('aria-label', ariaLabel(V, i));
    el.tabIndex = -1;
    drawn[i] = el;
    frag.appendChild(el);
  }

  function render() {
    var p = P(), V = p.V, e = st.ev, z = st.zoom;
    var had = canvas.contains(document.activeElement);
    hideTip();
    st.w = area.clientWidth;
    var W = st.w;
    drawn = [];
    rows = [];
    rowPos = new Int32Array(p.n);
    shade = new Int8Array(p.n);
    var frag = document.createDocumentFragment();
    var chain = [];
    for (var a = V.parent[z]; a >= 0; a = V.parent[a]) chain.unshift(a);
    chain.forEach(function (i) { place(V, i, p.depth[i], 0, W, ' anc', frag); });
    place(V, z, p.depth[z], 0, W, ' zoom', frag);
    var zi = V.incl[z][e], x0 = new Float64Array(p.n), w0 = new Float64Array(p.n), queue = [z];
    w0[z] = W;
    for (var q = 0; q < queue.length; q++) {
      var par = queue[q], x = x0[par], end = x + w0[par];
      var ks = kidsOf(p, par, e);
      for (var k = 0; k < ks.length; k++) {
        var c = ks[k], v = V.incl[c][e];
        if (v <= 0 || zi <= 0) break;
        // Children that claim more than their parent (rounding in an
        // estimate) are cut at its edge rather than spill into a neighbour.
        var w = Math.min(v / zi * W, end - x);
        if (w < MIN_W) break;
        place(V, c, p.depth[c], x, w, '', frag);
        x0[c] = x;
        w0[c] = w;
        x += w;
        queue.push(c);
      }
    }
    canvas.textContent = '';
    canvas.style.height = rows.length * ROW + 'px';
    canvas.appendChild(frag);
    box.setAttribute('data-zoom', z);
    box.setAttribute('data-view', st.view);
    box.setAttribute('data-event', e);
    scaleKey();
    resetBtn.disabled = z === 0;
    if (!drawn[st.cur]) st.cur = z;
    drawn[st.cur].tabIndex = 0;
    if (had) drawn[st.cur].focus({preventScroll: true});
    markHits();
    countHits();
    show(st.cur, true);
  }

  // ------------------------------------------------------------ zoom

  function zoomTo(i, focusOn) {
    if (i !== st.zoom) {
      st.zoom = i;
      render();
    }
    var f = focusOn !== undefined && drawn[focusOn] ? focusOn : i;
    moveTo(f);
  }
  function zoomOut() {
    var z = st.zoom;
    if (z !== 0) zoomTo(P().V.parent[z], z);
  }
  function moveTo(i) {
    if (!drawn[i]) return;
    if (drawn[st.cur]) drawn[st.cur].tabIndex = -1;
    st.cur = i;
    drawn[i].tabIndex = 0;
    drawn[i].focus();
    show(i);
  }

  // The zoom after a change of view: the same functions from the top
  // down, where the expanded view may take more than one level for a
  // frame of the collapsed one.
  function fnPath(p, i) {
    var path = [];
    for (; i > 0; i = p.V.parent[i]) {
      var f = p.V.fn[i];
      if (path[0] !== f) path.unshift(f);
    }
    return path;
  }
  function findPath(p, path) {
    var budget = 100000;
    function walk(i, k) {
      if (k === path.length) return i;
      if (--budget < 0) return -1;
      var ks = p.kids[i], fn = p.V.fn, r, j;
      for (j = 0; j < ks.length; j++) if (fn[ks[j]] === path[k] && (r = walk(ks[j], k + 1)) >= 0) return r;
      if (k > 0 && fn[i] === path[k - 1])
        for (j = 0; j < ks.length; j++) if (fn[ks[j]] === fn[i] && (r = walk(ks[j], k)) >= 0) return r;
      return -1;
    }
    return walk(0, 0);
  }

  // After a change of event: the nearest frame up from the zoom that has
  // some of the event's cost.
  function liveZoom() {
    var V = P().V;
    while (st.zoom > 0 && !(V.incl[st.zoom][st.ev] > 0)) st.zoom = V.parent[st.zoom];
  }

  // ------------------------------------------------------------ search

  function markHits() {
    var q = st.q, V = P().V;
    canvas.classList.toggle('fl-searching', !!q);
    drawn.forEach(function (el, i) {
      el.classList.toggle('hit', !!q && V.fn[i] >= 0 && fnLow[V.fn[i]].indexOf(q) >= 0);
    });
  }

  // How many frames match, and the share of the cost under them: a match
  // inside another match is already in that one.
  function countHits() {
    var q = st.q;
    if (!q) { out.value = ''; return; }
    var p = P(), V = p.V, e = st.ev, n = 0, sum = 0, shownN = 0;
    var inHit = new Uint8Array(p.n);
    for (var i = 1; i < p.n; i++) {
      var par = V.parent[i];
      if (p.depth[i] < 0) continue;
      var hit = V.fn[i] >= 0 && fnLow[V.fn[i]].indexOf(q) >= 0 && V.incl[i][e] > 0;
      inHit[i] = inHit[par] || hit ? 1 : 0;
      if (!hit) continue;
      n++;
      if (drawn[i]) shownN++;
      if (!inHit[par]) sum += V.incl[i][e];
    }
    if (!n) { out.value = 'No frame matches.'; return; }
    out.value = n + (n === 1 ? ' frame matches: ' : ' frames match: ') + num(sum) + ' ' + D.events[e] +
      ', ' + pct(sum, D.total[e]) + ' of the total' + (shownN < n ? ' (' + shownN + ' drawn here)' : '');
  }

  // ------------------------------------------------------------ details

  function pathText(V, i, max) {
    var names = [];
    for (; i > 0; i = V.parent[i]) names.unshift(label(V, i));
    if (max && names.length > max) names = ['\u2026'].concat(names.slice(-max));
    return names.join(ARROW);
  }

  function notes(V, i) {
    var n = [];
    if (V.rec && V.rec[i] > 0) n.push('recursion collapsed: ' + V.rec[i] + ' level' + (V.rec[i] === 1 ? '' : 's'));
    if (V.est && V.est[i] & 1) n.push('width: a proportional share of the arcs\u2019 cost, not measured');
    if (V.est && V.est[i] & 2) n.push('its function has several callers: the frames below are estimates');
    if (diff && V.old[i][st.ev] === 0 && V.incl[i][st.ev] > 0) n.push('only in the new profile');
    return n;
  }

  function show(i, force) {
    if (i === st.shown && !force) return;
    st.shown = i;
    var p = P(), V = p.V, e = st.ev, ev = esc(D.events[e]), fn = V.fn[i], f = fn >= 0 ? D.fns[fn] : null;
    var z = st.zoom, inZoom = false;
    for (var a = i; a >= 0; a = V.parent[a]) if (a === z) inZoom = true;
    var h = '<div class="fl-hd"><strong class="mono">' + esc(label(V, i)) + '</strong>' +
      (f && f[1] ? ' <span class="fl-file mono">' + esc(f[1]) + '</span>' : fn < 0 ? ' <span class="fl-file">the whole program</span>' : '') +
      (i === z && z !== 0 ? ' <span class="fl-tag">zoomed</span>' : '') + '</div>';
    if (p.depth[i] > 1) h += '<div class="fl-path mono">' + esc(pathText(V, i, 8)) + '</div>';
    h += '<div class="fl-tw"><table class="fl-nums">';
    if (diff) {
      var ot = D.oldTotal[e];
      h += '<thead><tr><th scope="col">' + ev + '</th><th scope="col">old</th><th scope="col">new</th>' +
           '<th scope="col">change (of the old total)</th></tr></thead><tbody>';
      [['inclusive', V.old, V.incl], ['self', V.oldSelf, V.self]].forEach(function (r) {
        var o = r[1] ? r[1][i][e] : 0, nw = r[2][i][e];
        h += '<tr><th scope="row">' + r[0] + '</th><td>' + num(o) + '</td><td>' + num(nw) + '</td><td>' +
             signed(nw - o) + ' (' + pct(nw - o, ot, true) + ')</td></tr>';
      });
      if (i > 0) h += '<tr><th scope="row">calls</th><td></td><td>' + num(V.calls[i]) + '</td><td></td></tr>';
    } else {
      var zoomed = z !== 0 && inZoom;
      h += '<thead><tr><th scope="col">' + ev + '</th><th scope="col">count</th><th scope="col">of the total</th>' +
           (zoomed ? '<th scope="col">of the zoomed frame</th>' : '') + '</tr></thead><tbody>';
      [['inclusive', V.incl], ['self', V.self]].forEach(function (r) {
        var v = r[1][i][e];
        h += '<tr><th scope="row">' + r[0] + '</th><td>' + num(v) + '</td><td>' + pct(v, D.total[e]) + '</td>' +
             (zoomed ? '<td>' + pct(v, V.incl[z][e]) + '</td>' : '') + '</tr>';
      });
      if (i > 0) h += '<tr><th scope="row">calls</th><td>' + num(V.calls[i]) + '</td><td></td>' + (zoomed ? '<td></td>' : '') + '</tr>';
    }
    h += '</tbody></table></div>';
    var n = notes(V, i);
    if (n.length) h += '<ul class="fl-notes">' + n.map(function (s) { return '<li>' + esc(s) + '</li>'; }).join('') + '</ul>';
    var links = [];
    if (f && link(f[2])) links.push('<a href="' + esc(link(f[2])) + '">in the call graph</a>');
    if (f && link(f[3])) links.push('<a href="' + esc(link(f[3])) + '">source lines</a>');
    if (links.length) h += '<div class="fl-links">' + links.join(' \u00b7 ') + '</div>';
    info.innerHTML = h;
  }

  // ------------------------------------------------------------ tooltip

  function hideTip() { tip.hidden = true; }
  function showTip(i, ev) {
    var V = P().V, e = st.ev, fn = V.fn[i];
    var h = '<strong class="mono">' + esc(label(V, i)) + '</strong>';
    if (fn >= 0 && D.fns[fn][1]) h += '<div class="fl-file mono">' + esc(D.fns[fn][1]) + '</div>';
    h += '<div>' + num(V.incl[i][e]) + ' ' + esc(D.events[e]) + ' (' + pct(V.incl[i][e], D.total[e]) + ')' +
         (diff ? ', change ' + signed(V.incl[i][e] - V.old[i][e]) + ' (' + pct(V.incl[i][e] - V.old[i][e], D.oldTotal[e], true) + ' of the old total)' : '') + '</div>';
    notes(V, i).forEach(function (s) { h += '<div class="fl-tnote">' + esc(s) + '</div>'; });
    tip.innerHTML = h;
    tip.hidden = false;
    moveTip(ev);
  }
  function moveTip(ev) {
    if (tip.hidden) return;
    var pad = 14, w = tip.offsetWidth, hgt = tip.offsetHeight;
    var x = ev.clientX + pad, y = ev.clientY + pad;
    if (x + w > window.innerWidth - 4) x = Math.max(4, ev.clientX - pad - w);
    if (y + hgt > window.innerHeight - 4) y = Math.max(4, ev.clientY - pad - hgt);
    tip.style.left = x + 'px';
    tip.style.top = y + 'px';
  }

  // ------------------------------------------------------------ tables

  function leftNote() {
    var pr = P().V.pruned, e = st.ev;
    if (!pr || !pr.frames) { leftOut.hidden = true; return; }
    leftOut.hidden = false;
    leftOut.textContent = 'Left out: ' + num(pr.frames) + ' frame' + (pr.frames === 1 ? '' : 's') + ' under ' +
      D.threshold + '% of the total in every event, holding ' + num(pr.cost[e]) + ' ' + D.events[e] +
      ' (' + pct(pr.cost[e], D.total[e]) + ').';
  }

  // Frames only in the old profile cannot be drawn (they have no width);
  // they are listed instead, each under its nearest drawn ancestor, so
  // that the ones below a listed frame, which it holds, are not repeated.
  function oldTable() {
    if (!oldBox) return;
    var p = P(), V = p.V, e = st.ev, gone = [];
    for (var i = 1; i < p.n; i++) {
      if (p.depth[i] < 0 || V.incl[i][e] !== 0 || !(V.old[i][e] > 0)) continue;
      if (V.incl[V.parent[i]][e] > 0) gone.push(i);
    }
    if (!gone.length) { oldBox.hidden = true; return; }
    gone.sort(function (a, b) { return V.old[b][e] - V.old[a][e] || a - b; });
    var ot = D.oldTotal[e], ev = esc(D.events[e]);
    var h = '<div class="scroll"><table class="fl-oldt"><caption>Only in the old profile</caption>' +
      '<thead><tr><th scope="col" class="fl-p">call path</th><th scope="col">' + ev + ' (old)</th>' +
      '<th scope="col">of the old total</th></tr></thead><tbody>';
    gone.slice(0, OLD_ROWS).forEach(function (i) {
      h += '<tr data-i="' + i + '"><td class="fl-p">' + esc(pathText(V, i)) + '</td><td>' + num(V.old[i][e]) +
           '</td><td>' + pct(V.old[i][e], ot) + '</td></tr>';
    });
    if (gone.length > OLD_ROWS) h += '<tr class="fl-more"><td colspan="3">and ' + num(gone.length - OLD_ROWS) + ' more</td></tr>';
    h += '</tbody></table></div><p class="note">Frames whose ' + ev + ' went to 0: they have no width in the graph. ' +
         'A listed frame holds the frames below it, which are not listed again.</p>';
    oldBox.innerHTML = h;
    oldBox.hidden = false;
  }

  function refresh() {
    render();
    leftNote();
    oldTable();
    if (recNote) recNote.textContent = st.view % recViews === 0 ? '\u21bb: direct recursion collapsed into one frame'
                                                                : 'every level of recursion drawn';
  }

  // ------------------------------------------------------------ events

  function frameOf(t) {
    var el = t && t.closest ? t.closest('.fr') : null;
    return el && canvas.contains(el) ? Number(el.getAttribute('data-i')) : -1;
  }

  canvas.addEventListener('click', function (ev) {
    var i = frameOf(ev.target);
    if (i >= 0) zoomTo(i);
  });
  canvas.addEventListener('focusin', function (ev) {
    var i = frameOf(ev.target);
    if (i < 0 || i === st.cur) { if (i >= 0) show(i); return; }
    if (drawn[st.cur]) drawn[st.cur].tabIndex = -1;
    st.cur = i;
    ev.target.tabIndex = 0;
    show(i);
  });
  // A finger has no hover: its tap zooms, and a tooltip would stay behind.
  canvas.addEventListener('pointerover', function (ev) {
    var i = frameOf(ev.target);
    if (i < 0) return;
    if (ev.pointerType === 'mouse' || ev.pointerType === 'pen') showTip(i, ev);
    show(i);
  });
  canvas.addEventListener('pointermove', moveTip);
  canvas.addEventListener('pointerleave', function () {
    hideTip();
    show(st.cur);
  });

  canvas.addEventListener('keydown', function (ev) {
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    var i = frameOf(ev.target);
    if (i < 0) return;
    var p = P(), V = p.V, row = rows[p.depth[i]], to = -1;
    switch (ev.key) {
      case 'ArrowDown':
        var ks = kidsOf(p, i, st.ev);
        for (var k = 0; k < ks.length && to < 0; k++) if (drawn[ks[k]]) to = ks[k];
        break;
      case 'ArrowUp': to = V.parent[i]; break;
      case 'ArrowLeft': to = rowPos[i] > 0 ? row[rowPos[i] - 1] : -1; break;
      case 'ArrowRight': to = rowPos[i] + 1 < row.length ? row[rowPos[i] + 1] : -1; break;
      case 'Home': to = 0; break;
      case 'Enter': case ' ': zoomTo(i); ev.preventDefault(); return;
      default: return;
    }
    ev.preventDefault();
    if (to >= 0) moveTo(to);
  });
  // Escape anywhere in the graph's part of the page but its text box,
  // where it empties the box.
  box.addEventListener('keydown', function (ev) {
    if (ev.key !== 'Escape' || ev.target === search || ev.target === sel) return;
    if (st.zoom !== 0) {
      ev.preventDefault();
      zoomOut();
    }
  });

  sel.addEventListener('change', function () {
    st.ev = Number(sel.value);
    liveZoom();
    refresh();
  });
  search.addEventListener('input', function () {
    st.q = search.value.trim().toLowerCase();
    markHits();
    countHits();
  });
  resetBtn.addEventListener('click', function () { zoomTo(0, st.zoom); });
  // The view the switches ask for, keeping the zoom where the other view
  // has the same path.
  function switchView() {
    var path = fnPath(P(), st.zoom);
    st.view = (recBox && recBox.checked ? 1 : 0) + (inlBox && inlBox.checked ? recViews : 0);
    var z = st.zoom === 0 ? 0 : findPath(P(), path);
    st.zoom = z >= 0 && P().V.incl[z][st.ev] > 0 ? z : 0;
    st.cur = st.zoom;
    liveZoom();
    refresh();
  }
  if (recBox) recBox.addEventListener('change', switchView);
  if (inlBox) inlBox.addEventListener('change', switchView);

  // A new width, a new drawing; but not for every step of a drag.
  var timer = 0;
  window.addEventListener('resize', function () {
    clearTimeout(timer);
    timer = setTimeout(function () {
      if (area.clientWidth !== st.w) render();
    }, 120);
  });

  // --collapse-recursion=no: the page opens on the expanded view.
  if (D.expanded && recBox) {
    recBox.checked = true;
    st.view = 1;
  }
  refresh();
})();
