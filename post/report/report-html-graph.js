// SPDX-License-Identifier: GPL-2.0-or-later
// report-html-graph.js: what the page of an input with calls adds to
// report-html.js (the pages of the others go without it).  The Columns
// menu, whose boxes hide a column of the function tables and the call
// graph and, for an own-count column, of the listings, which have no
// inclusive ones; and sorting by an inclusive column, which orders a
// file's group by its functions' inclusive costs (a file has none), as
// the text report does.
'use strict';
(function () {
  var diff = document.body.classList.contains('diff');
  var each = function (list, fn) { Array.prototype.forEach.call(list, fn); };

  // The count a cell shows (as report-html.js reads it, exact under
  // compact numbers); null for a blank cell.
  function count(td) {
    var t = td && td.cgExact !== undefined ? td.cgExact
          : td && td.firstChild && td.firstChild.nodeType === 3 ? td.firstChild.nodeValue : '';
    return t ? Number(t.replace(/,/g, '')) : null;
  }

  // report-html.js has sorted the groups by their first rows, a file's
  // blank inclusive cell counting as 0, and the members; this runs after
  // it and puts the groups in order, a file's by the member that leads
  // the order (the largest in magnitude, or under --diff the largest
  // increase or decrease).
  var orderOf = diff ? {other: 'abs', descending: 'up', ascending: 'down'}
                     : {descending: 'abs', ascending: 'asc'};
  function key(g, col, order) {
    var v = count(g.rows[0].cells[col]);
    if (v !== null) return v;
    var best = null;
    for (var i = 1; i < g.rows.length; i++) {
      var m = count(g.rows[i].cells[col]);
      if (m === null) continue;
      if (best === null ||
          (order === 'up' ? m > best : order === 'down' ? m < best : Math.abs(m) > Math.abs(best)))
        best = m;
    }
    return best === null ? 0 : best;
  }
  function regroup(table, col, order) {
    var groups = Array.prototype.filter.call(table.tBodies, function (g) {
      return !g.classList.contains('more');
    });
    if (!groups.some(function (g) { return count(g.rows[0].cells[col]) === null; })) return;
    var items = groups.map(function (g, i) { return {g: g, i: i, k: key(g, col, order)}; });
    items.sort(function (a, b) {
      var d = order === 'abs' ? Math.abs(b.k) - Math.abs(a.k)
            : order === 'asc' ? Math.abs(a.k) - Math.abs(b.k)
            : order === 'up' ? b.k - a.k : a.k - b.k;
      return d || a.i - b.i;
    });
    var tail = table.querySelector('tbody.more');
    items.forEach(function (x) { table.insertBefore(x.g, tail); });
  }
  each(document.querySelectorAll('table.fn'), function (table) {
    each(table.tHead.rows[0].cells, function (h, col) {
      var b = h.querySelector('button');
      if (!b || !h.classList.contains('incl')) return;
      b.addEventListener('click', function () {
        var order = orderOf[h.getAttribute('aria-sort')];
        if (order) regroup(table, col, order);
      });
    });
  });

  // The Columns menu.  Each box names its column in the function tables
  // (data-gcol, also a row of the totals), in the call graph (data-tree)
  // and, for an own-count column, in the listings and the annotation
  // summary (data-src).
  var boxes = document.querySelectorAll('input[data-gcol]');
  if (boxes.length && window.CSSStyleSheet && document.adoptedStyleSheets) {
    var sheet = new CSSStyleSheet();
    document.adoptedStyleSheets = document.adoptedStyleSheets.concat([sheet]);
    var at = function (b, name) {
      var v = b.getAttribute(name);
      return v === null ? -1 : Number(v);
    };
    each(boxes, function (box) {
      box.addEventListener('change', function () {
        if (!document.querySelector('input[data-gcol]:checked')) box.checked = true;
        var rules = [], src = 0;
        each(boxes, function (b) {
          var k = at(b, 'data-gcol'), t = at(b, 'data-tree'), s = at(b, 'data-src');
          if (b.checked) {
            if (s >= 0) src++;
            return;
          }
          rules.push('table.fn tr > :nth-child(' + (k + 2) + ')', '#totals tbody tr:nth-child(' + (k + 1) + ')');
          if (t >= 0) rules.push('table.cg tr > :nth-child(' + (t + 2) + ')');
          if (s >= 0) rules.push('table.where tr > :nth-child(' + (s + 2) + ')',
                                 'table.src thead th:nth-child(' + (s + 1) + ')',
                                 'table.src tr.hot > td:nth-child(' + (s + 1) + ')');
        });
        sheet.replaceSync(rules.length ? rules.join(',') + '{display:none}' : '');
        // A listing's row without counts spans the count columns in one
        // cell, which goes when none is left.
        each(document.querySelectorAll('table.src td[colspan]'), function (td) {
          var plain = !td.parentNode.classList.length;
          td.colSpan = plain ? Math.max(src, 1) : src + 2;
          td.hidden = plain && src === 0;
        });
      });
    });
  }
})();
