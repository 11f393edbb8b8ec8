// SPDX-License-Identifier: GPL-2.0-or-later
// report-html.js: the script of cg_annotate --format=html, inlined into
// every page (docs/post-processors.md, "The HTML report").  It only
// rearranges what the page holds: sorting and filtering the function
// tables, opening runs of lines without counts, the heat scale, the
// percentages, and keys.  Every count is read back from the page's text.
'use strict';
(function () {
  var diff = document.body.classList.contains('diff');

  // The count a cell shows: its first text, without the commas (under
  // compact numbers, report-html-compact.js, the exact text it keeps).
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
