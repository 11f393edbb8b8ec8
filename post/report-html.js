// SPDX-License-Identifier: GPL-2.0-or-later
// report-html.js: the script of cg_annotate --format=html, inlined into
// every page (docs/post-processors.md, "The HTML report").  It only
// rearranges what the page holds: sorting and filtering the function
// tables, opening runs of lines without counts, the heat scale, the
// percentages, and keys.  Every count is read back from the page's text.
'use strict';
(function () {
  var diff = document.body.classList.contains('diff');
  var each = function (list, fn) { Array.prototype.forEach.call(list, fn); };

  // The count a cell shows: its first text, without the commas (the
  // exact text under compact numbers, below).
  function count(td) {
    var t = td && td.cgExact !== undefined ? td.cgExact
          : td && td.firstChild && td.firstChild.nodeType === 3 ? td.firstChild.nodeValue : '';
    return t ? Number(t.replace(/,/g, '')) : 0;
  }

  // Sort keys: by |count| (largest first, as the report orders rows), then
  // under --diff by the signed change either way; names alphabetically.
  var orders = diff ? ['abs', 'up', 'down'] : ['abs', 'asc'];
  // Under --diff, largest change first is neither ascending nor descending.
  var aria = {abs: diff ? 'other' : 'descending', asc: 'ascending', up: 'descending',
              down: 'ascending', az: 'ascending', za: 'descending'};
  var orderNames = {abs: diff ? 'largest change first' : 'largest first', asc: 'smallest first',
                    up: 'largest increase first', down: 'largest decrease first',
                    az: 'A to Z', za: 'Z to A'};
  function compare(order) {
    return function (a, b) {
      var d;
      if (order === 'az' || order === 'za') {
        d = a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
        if (order === 'za') d = -d;
      } else if (order === 'abs') d = Math.abs(b.key) - Math.abs(a.key);
      else if (order === 'asc') d = Math.abs(a.key) - Math.abs(b.key);
      else if (order === 'up') d = b.key - a.key;
      else d = a.key - b.key;
      return d || a.index - b.index;
    };
  }

  function setupTable(table) {
    var heads = Array.prototype.slice.call(table.tHead.rows[0].cells);
    var status = document.getElementById(table.id + '-status');
    var groups = Array.prototype.slice.call(table.tBodies).filter(function (g) {
      return !g.classList.contains('more');
    });
    groups.forEach(function (g, i) {
      g.cgIndex = i;
      Array.prototype.forEach.call(g.rows, function (r, j) { r.cgIndex = j; });
    });
    var current = {col: -1, order: ''};

    function say(text) { if (status) status.value = text; }

    function sortBy(col, order) {
      var nameCol = heads[col].classList.contains('nm');
      var cmp = compare(order);
      function item(row, index) {
        var cell = row.cells[col];
        return {row: row, index: index,
                key: nameCol ? 0 : count(cell),
                name: nameCol ? cell.textContent.toLowerCase() : ''};
      }
      var tail = table.querySelector('tbody.more');
      var items = groups.map(function (g) { return {g: g, it: item(g.rows[0], g.cgIndex)}; });
      items.sort(function (a, b) { return cmp(a.it, b.it); });
      items.forEach(function (x) {
        var g = x.g;
        if (g.rows.length > 2) {
          var inner = Array.prototype.slice.call(g.rows, 1).map(function (r) {
            return item(r, r.cgIndex);
          });
          inner.sort(cmp);
          inner.forEach(function (y) { g.appendChild(y.row); });
        }
        table.insertBefore(g, tail);
      });
      heads.forEach(function (h, i) {
        if (i === col) h.setAttribute('aria-sort', aria[order]);
        else h.removeAttribute('aria-sort');
      });
      current = {col: col, order: order};
      say('Sorted by ' + heads[col].textContent.trim() + ', ' + orderNames[order] + '.');
    }

    heads.forEach(function (h, col) {
      var b = h.querySelector('button');
      if (!b) return;
      b.addEventListener('click', function () {
        var seq = h.classList.contains('nm') ? ['az', 'za'] : orders;
        var next = current.col === col ? seq[(seq.indexOf(current.order) + 1) % seq.length] : seq[0];
        sortBy(col, next);
      });
    });

    // Filter: a group stays when its name or a member's name holds the text.
    var input = document.querySelector('input[data-for="' + table.id + '"]');
    if (input) {
      var names = null;
      input.addEventListener('input', function () {
        var q = input.value.trim().toLowerCase();
        if (!names) {
          names = new Map();
          groups.forEach(function (g) {
            Array.prototype.forEach.call(g.rows, function (r) {
              var c = r.querySelector('.nm');
              names.set(r, c ? c.textContent.toLowerCase() : '');
            });
          });
        }
        var shown = 0;
        groups.forEach(function (g) {
          var rows = g.rows, whole = !q || names.get(rows[0]).indexOf(q) >= 0, any = whole;
          for (var i = 1; i < rows.length; i++) {
            var hit = whole || names.get(rows[i]).indexOf(q) >= 0;
            rows[i].hidden = !hit;
            any = any || hit;
          }
          g.hidden = !any;
          if (any) shown++;
        });
        say(q ? shown + ' of ' + groups.length + ' groups match.' : '');
      });
      input.addEventListener('keydown', function (e) {
        if (e.key === 'Escape') {
          input.value = '';
          input.dispatchEvent(new Event('input'));
          input.blur();
        }
      });
    }

    // Up and down arrows move between the rows' links.
    table.addEventListener('keydown', function (e) {
      if ((e.key !== 'ArrowDown' && e.key !== 'ArrowUp') || e.target.tagName !== 'A') return;
      var links = Array.prototype.filter.call(table.querySelectorAll('tbody a'), function (a) {
        return a.offsetParent !== null;
      });
      var i = links.indexOf(e.target) + (e.key === 'ArrowDown' ? 1 : -1);
      if (i >= 0 && i < links.length) {
        links[i].focus();
        e.preventDefault();
      }
    });
  }

  Array.prototype.forEach.call(document.querySelectorAll('table.fn'), setupTable);

  // Runs of lines without counts open and close.
  function openGap(button, open) {
    var body = document.getElementById(button.getAttribute('aria-controls'));
    if (!body) return;
    body.hidden = !open;
    button.setAttribute('aria-expanded', open ? 'true' : 'false');
  }
  document.addEventListener('click', function (e) {
    var b = e.target.closest && e.target.closest('tr.gap button');
    if (b) openGap(b, b.getAttribute('aria-expanded') !== 'true');
  });

  // Heat relative to the file's or the program's hottest line; percentages.
  Array.prototype.forEach.call(document.querySelectorAll('input[name=heat]'), function (r) {
    r.addEventListener('change', function () {
      document.body.classList.toggle('hp', r.value === 'program' && r.checked);
    });
  });
  // Columns hidden by the Columns menu: one rule per table kind, since the
  // event columns start after the name (function tables, the annotation
  // summary) or first (listings, whose rows without counts have one cell).
  var boxes = document.querySelectorAll('input[data-col]');
  if (boxes.length && window.CSSStyleSheet && document.adoptedStyleSheets) {
    var sheet = new CSSStyleSheet();
    document.adoptedStyleSheets = document.adoptedStyleSheets.concat([sheet]);
    Array.prototype.forEach.call(boxes, function (box) {
      box.addEventListener('change', function () {
        if (!document.querySelector('input[data-col]:checked')) box.checked = true;
        var rules = [];
        Array.prototype.forEach.call(boxes, function (b) {
          if (b.checked) return;
          var k = Number(b.getAttribute('data-col'));
          rules.push('table.fn tr > :nth-child(' + (k + 2) + ')', 'table.where tr > :nth-child(' + (k + 2) + ')',
                     'table.src thead th:nth-child(' + (k + 1) + ')', 'table.src tr.hot > td:nth-child(' + (k + 1) + ')',
                     '#totals tbody tr:nth-child(' + (k + 1) + ')');
        });
        sheet.replaceSync(rules.length ? rules.join(',') + '{display:none}' : '');
        // A listing's row without counts spans the count columns in one cell.
        var shown = boxes.length - rules.length / 5;
        Array.prototype.forEach.call(document.querySelectorAll('table.src td[colspan]'), function (td) {
          td.colSpan = td.parentNode.classList.length ? shown + 2 : Math.max(shown, 1);
        });
      });
    });
  }
  var pc = document.getElementById('show-percs');
  if (pc) pc.addEventListener('change', function () {
    document.body.classList.toggle('np', !pc.checked);
  });

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

  // `/` goes to the first filter box.
  document.addEventListener('keydown', function (e) {
    var t = e.target.tagName;
    if (e.ctrlKey || e.metaKey || e.altKey || t === 'INPUT' || t === 'TEXTAREA') return;
    if (e.key === '/') {
      var f = document.querySelector('input.filter');
      if (f) {
        e.preventDefault();
        f.focus();
      }
    }
  });
})();
