(function () {
  "use strict";
  var doc = document;
  var violations = [];
  doc.addEventListener("securitypolicyviolation", function (e) {
    violations.push(e.violatedDirective + " " + e.blockedURI);
    doc.body.setAttribute("data-csp-violations", violations.join("; "));
  });

  function keyOf(cell, numeric) {
    var s = cell.getAttribute("data-sort");
    if (s === null) s = cell.textContent;
    if (!numeric) return s.toLowerCase();
    var v = parseFloat(s);
    return isNaN(v) ? -Infinity : v;
  }

  function setupTable(table) {
    var head = table.tHead.rows[0];
    var tbody = table.tBodies[0];
    var rows = Array.prototype.slice.call(tbody.rows);
    var cols = Array.prototype.slice.call(head.cells);
    var numeric = cols.map(function (th) { return th.hasAttribute("data-num"); });
    var cache = [];
    function keys(c) {
      if (!cache[c]) cache[c] = rows.map(function (r) { return keyOf(r.cells[c], numeric[c]); });
      return cache[c];
    }
    var status = doc.createElement("p");
    status.className = "status";
    table.parentNode.parentNode.insertBefore(status, table.parentNode);
    function count() {
      var shown = 0;
      for (var i = 0; i < rows.length; i++) if (!rows[i].hidden) shown++;
      status.textContent = "Showing " + shown + " of " + rows.length + " rows. Click a column's name to sort by it.";
    }
    var order = rows.map(function (_, i) { return i; });
    cols.forEach(function (th, c) {
      var b = doc.createElement("button");
      b.type = "button";
      while (th.firstChild) b.appendChild(th.firstChild);
      th.appendChild(b);
      b.addEventListener("click", function () {
        var desc = th.getAttribute("aria-sort") !== (numeric[c] ? "descending" : "ascending");
        if (!th.hasAttribute("aria-sort")) desc = numeric[c];
        cols.forEach(function (o) { o.removeAttribute("aria-sort"); });
        th.setAttribute("aria-sort", desc ? "descending" : "ascending");
        var k = keys(c);
        order.sort(function (x, y) {
          var a = k[x], bb = k[y];
          if (a < bb) return desc ? 1 : -1;
          if (a > bb) return desc ? -1 : 1;
          return x - y;
        });
        var frag = doc.createDocumentFragment();
        order.forEach(function (i) { frag.appendChild(rows[i]); });
        tbody.appendChild(frag);
      });
    });
    if (cols.some(function (th) { return th.hasAttribute("data-filter"); })) {
      var fr = table.tHead.insertRow(-1);
      fr.className = "filters";
      var filters = [];
      var timer = 0;
      var apply = function () {
        var active = filters.filter(function (f) { return f.input.value.trim() !== ""; });
        var tests = active.map(function (f) {
          var v = f.input.value.trim();
          var k = keys(f.col);
          if (f.kind === "min") {
            var m = parseFloat(v);
            return function (i) { return isNaN(m) || k[i] >= m; };
          }
          v = v.toLowerCase();
          var kk = numeric[f.col] ? rows.map(function (r) { return r.cells[f.col].textContent.toLowerCase(); }) : k;
          return function (i) { return kk[i].indexOf(v) >= 0; };
        });
        for (var i = 0; i < rows.length; i++) {
          var ok = true;
          for (var t = 0; t < tests.length && ok; t++) ok = tests[t](i);
          rows[i].hidden = !ok;
        }
        count();
      };
      cols.forEach(function (th, c) {
        var cell = doc.createElement("th");
        var kind = th.getAttribute("data-filter");
        if (kind) {
          var input = doc.createElement("input");
          input.type = kind === "min" ? "number" : "search";
          input.placeholder = kind === "min" ? "\u2265" : "filter";
          input.setAttribute("aria-label", "filter by " + th.textContent + (kind === "min" ? " (at least)" : ""));
          input.addEventListener("input", function () { clearTimeout(timer); timer = setTimeout(apply, 150); });
          filters.push({ input: input, col: c, kind: kind });
          cell.appendChild(input);
        }
        fr.appendChild(cell);
      });
    }
    count();
  }
  Array.prototype.forEach.call(doc.querySelectorAll("table.data"), setupTable);

  var tm = doc.querySelector("svg.treemap");
  if (tm) {
    var full = tm.getAttribute("viewBox");
    var width = parseFloat(full.split(" ")[2]);
    var bar = tm.parentNode.querySelector(".tm-bar");
    var where = bar.querySelector(".tm-where");
    var up = bar.querySelector(".tm-up");
    var labels = Array.prototype.slice.call(tm.querySelectorAll("text.tm-label"));
    var current = null;
    var fit = function (name, room) {
      var n = Math.floor(room / 6.2);
      if (n < 2) return "";
      return name.length <= n ? name : name.slice(0, n - 1) + "\u2026";
    };
    var relabel = function (k) {
      labels.forEach(function (t) {
        var s = fit(t.getAttribute("data-name"), parseFloat(t.getAttribute("data-room")) * k);
        t.textContent = s;
        t.classList.toggle("hid", s === "");
      });
    };
    var zoom = function (g) {
      current = g;
      var box = g ? g.getAttribute("data-box") : full;
      tm.setAttribute("viewBox", box);
      var k = width / parseFloat(box.split(" ")[2]);
      tm.style.setProperty("--k", String(k));
      relabel(k);
      var names = [];
      for (var p = g; p; p = p.parentNode.closest ? p.parentNode.closest("g.tm-dir") : null) {
        names.unshift(p.querySelector("text").getAttribute("data-name"));
      }
      where.textContent = names.join("");
      up.disabled = !g || !g.parentNode.closest("g.tm-dir");
    };
    bar.hidden = false;
    zoom(null);
    tm.addEventListener("click", function (e) {
      if (e.target.classList && e.target.classList.contains("tm-frame")) {
        var g = e.target.parentNode;
        zoom(g === current ? (g.parentNode.closest("g.tm-dir") || null) : g);
      }
    });
    up.addEventListener("click", function () {
      zoom(current && current.parentNode.closest("g.tm-dir"));
    });
  }
  // When the page was parsed and set up, for bench/html.sh.
  doc.body.setAttribute("data-ready-ms", String(Math.round(performance.now())));
  doc.body.setAttribute("data-js", "ready");
})();
