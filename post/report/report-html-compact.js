// SPDX-License-Identifier: GPL-2.0-or-later
// report-html-compact.js: compact numbers, after report-html.js in every
// page's script (docs/post-processors.md, "Compact numbers").  It keeps
// each shortened cell's exact text as td.cgExact, which report-html.js's
// and report-html-graph.js's sorting read.
'use strict';
(function () {
  // Compact numbers, for tables too wide for the window (13 events do not
  // fit 1280 px with full counts and percentages): a count of 100,000 or
  // more shows four significant figures (290.2M), the percentages leave
  // the cells, and a cell's tooltip gives its exact count and percentage.
  // The short form replaces the text node's value, and the exact text is
  // kept on the cell (cgExact) for sorting and the tooltip: cheaper on a
  // page of 200,000 cells than any per-cell style.  On when a function
  // table or the call graph would overflow its box; re-decided on resizing
  // and when a column is hidden, until the Columns menu's box says
  // otherwise.
  var units = ['', 'k', 'M', 'G', 'T', 'P', 'E'];
  function short1(text) {
    var m = /^([+-]?)([0-9,]+)$/.exec(text), v = m ? Number(m[2].replace(/,/g, '')) : 0;
    if (v < 100000) return text;
    var u = 0;
    while (v >= 999.95 && u < units.length - 1) { v /= 1000; u++; }
    return m[1] + v.toPrecision(4) + units[u];
  }
  // A count, or a call graph's `CALLS/TOTAL`; null when nothing is large.
  function short(text) {
    var s = text.split('/').map(short1).join('/');
    return s === text ? null : s;
  }
  var compact = document.getElementById('compact'), chosen = false, on = false;
  // The page in parts, each with the [text node, exact, short] of its large
  // counts, found when first needed: the tables at once, a source file's
  // listing when it comes near the window (a page may hold 200,000 cells,
  // most of them in listings, and every cell visited costs).
  function part(root) { return {root: root, swaps: null, near: false, on: false}; }
  var parts = Array.prototype.map.call(document.querySelectorAll('table.fn, table.cg, table.where'), part);
  var files = Array.prototype.map.call(document.querySelectorAll('section.file'), part);
  function shorten(p, want) {
    if (want && !p.swaps) {
      p.swaps = [];
      var cells = p.root.querySelectorAll('td');
      for (var k = 0; k < cells.length; k++) {
        // The length goes first: "99,999" is the longest count left alone.
        var td = cells[k], t = td.firstChild, s;
        if (!t || t.nodeType !== 3 || t.length < 7 || /\b(nm|ln|code)\b/.test(td.className) ||
            !(s = short(t.nodeValue)))
          continue;
        td.cgExact = t.nodeValue;
        p.swaps.push([t, t.nodeValue, s]);
      }
    }
    if (p.on === want) return;
    for (var i = 0; p.swaps && i < p.swaps.length; i++) p.swaps[i][0].nodeValue = p.swaps[i][want ? 2 : 1];
    p.on = want;
  }
  function setCompact(want) {
    if (compact) compact.checked = want;
    if (want === on) return;
    on = want;
    parts.forEach(function (p) { shorten(p, want); });
    files.forEach(function (p) { if (p.near || !want) shorten(p, want); });
    document.body.classList.toggle('cn', want);
  }
  if (files.length && window.IntersectionObserver) {
    var watch = new IntersectionObserver(function (entries) {
      entries.forEach(function (e) {
        if (!e.isIntersecting) return;
        var p = files[e.target.cgPart];
        p.near = true;
        if (on) shorten(p, true);
        watch.unobserve(e.target);
      });
    }, {rootMargin: '100% 0px'});
    files.forEach(function (p, i) {
      p.root.cgPart = i;
      watch.observe(p.root);
    });
  } else {
    files.forEach(function (p) { p.near = true; });
  }
  // Whether the full tables fit: at load, estimated from their text
  // without a layout, so that the page's first layout already has the
  // right numbers (measuring first would lay a large page out twice: 1.6 s
  // more for GCC's cc1).  The estimate sizes columns as the style sheet
  // does: a name column at its minimum width, a count column as its longest
  // text plus the percentage's 9ch, 16 px of padding each.  After the first
  // paint, and after a resize, a full table that overflows its box turns
  // compact numbers on after all.
  var wide = document.querySelectorAll('.scroll > table.fn, .scroll > table.cg'), cols = null;
  function estimate() {
    if (!cols) cols = Array.prototype.map.call(wide, function (t) {
      var head = t.tHead.rows[0].cells, n = head.length, max = [], rows = t.rows;
      for (var c = 0; c < n; c++) max[c] = head[c].classList.contains('nm') ? -1 : head[c].textContent.length + 2;
      for (var r = 1; r < rows.length; r++) {
        var cells = rows[r].cells;
        if (cells.length !== n) continue;
        for (c = 0; c < n; c++) {
          var x = cells[c].firstChild;
          if (x && x.nodeType === 3 && x.length > max[c] && max[c] >= 0) max[c] = x.length;
        }
      }
      return {head: head, max: max, pc: t.classList.contains('pc')};
    });
    // A hidden column counts for nothing (asked only once one is hidden).
    var some = document.querySelector('details.cols input[type=checkbox]:not(:checked):not(#compact)');
    var phone = innerWidth <= 720, ch = phone ? 7.23 : 7.83, pad = phone ? 10 : 16;
    var name = phone ? 14 : innerWidth >= 1200 ? 34 : 24, pc = !document.body.classList.contains('np');
    var need = 0;
    cols.forEach(function (t) {
      var w = 0;
      t.max.forEach(function (m, c) {
        if (some && getComputedStyle(t.head[c]).display === 'none') return;
        w += (m < 0 ? name : m + (t.pc && pc ? 9 : 0)) * ch + pad;
      });
      need = Math.max(need, w);
    });
    return need;
  }
  // The room for a table: the page's width less its margins and a scroll
  // bar (innerWidth needs no layout).
  function room() {
    return Math.min(innerWidth - 16, 1600) - (innerWidth <= 720 ? 20 : 40) - 2;
  }
  function overflows() {
    return Array.prototype.some.call(wide, function (t) {
      return t.parentNode.scrollWidth > t.parentNode.clientWidth + 1;
    });
  }
  function check() {
    if (!chosen && !on && overflows()) setCompact(true);
  }
  if (compact) compact.addEventListener('change', function () {
    chosen = true;
    setCompact(compact.checked);
  });
  if (wide.length && estimate() > room()) setCompact(true);
  requestAnimationFrame(function () { setTimeout(check, 0); });
  // Hiding or showing a column or the percentages changes the widths.
  var menu = document.querySelector('details.cols');
  if (menu) menu.addEventListener('change', function (e) {
    if (e.target === compact || chosen) return;
    setCompact(false);
    check();
  });
  var resized = 0;
  window.addEventListener('resize', function () {
    clearTimeout(resized);
    resized = setTimeout(function () {
      if (chosen) return;
      if (on && estimate() <= room()) setCompact(false);
      check();
    }, 150);
  });
  // The tooltip is written when the pointer first reaches a cell.
  document.addEventListener('mouseover', function (e) {
    var td = e.target.closest && e.target.closest('td');
    if (!td || td.title || td.cgExact === undefined || !document.body.classList.contains('cn')) return;
    var i = td.querySelector('i');
    td.title = td.cgExact + (i ? ' ' + i.textContent : '');
  });
})();
