// The "Why?" sheet over the table: a rule's entry opened in place (a refusal's "Why?", a search result),
// and a rules search that answers in the sheet, from the server or, without network, from the copy
// the service worker keeps (offline-search.js). The table underneath, and its refusal, stay as they are.
(function () {
  "use strict";
  var sheet = document.getElementById("why-sheet");
  if (!sheet) return;
  var $ = function (sel) { return sheet.querySelector(sel); };
  var body = $("[data-why-body]"), results = $("[data-why-results]"), form = $("[data-why-search]");
  var game = form ? form.dataset.game : "";

  function show() { if (sheet.showModal && !sheet.open) sheet.showModal(); }

  function keyOf(href) {
    var m = new URL(href, location.href).pathname.match(/^\/rules\/([^/]+)\/$/);
    return m ? decodeURIComponent(m[1]) : null;
  }

  function open(href) {
    $("[data-why-full]").href = href;
    $("[data-why-full-line]").hidden = false;
    body.innerHTML = "<p class=\"muted\">Loading the rule…</p>";
    show();
    var url = new URL(href, location.href);
    url.searchParams.set("sheet", "1");
    fetch(url.toString(), { credentials: "same-origin" }).then(function (r) {
      if (!r.ok) throw new Error(r.status);
      return r.text();
    }).then(function (html) { body.innerHTML = html; }, function () {
      var key = keyOf(href);
      var saved = key && window.tkRules ? window.tkRules.entry(body, key) : Promise.resolve(false);
      saved.then(function (shown) {
        if (!shown) body.innerHTML = "<p>This entry is not saved on this phone and there is no network: " +
          "search the rules above, they work offline.</p>";
      }, function () { body.innerHTML = "<p>No network, and the rules are not saved on this phone yet.</p>"; });
    });
  }

  var timer = null, asked = 0;
  function ask(text) {
    var mine = ++asked;
    if (!text.trim()) { results.innerHTML = ""; return; }
    var offline = function () { if (window.tkRules && mine === asked) window.tkRules.show(results, text, game); };
    if (!navigator.onLine) { offline(); return; }
    fetch("/rules/results/?q=" + encodeURIComponent(text) + "&prefer=" + encodeURIComponent(game),
          { credentials: "same-origin" }).then(function (r) {
      if (!r.ok) throw new Error(r.status);
      return r.text();
    }).then(function (html) { if (mine === asked) results.innerHTML = html; }, offline);
  }

  if (form) {
    form.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(function () { ask(form.elements.q.value); }, 200);
    });
    form.addEventListener("submit", function (ev) { ev.preventDefault(); ask(form.elements.q.value); });
  }
  // A result opens in the sheet too: the table is never left for the rules.
  results.addEventListener("click", function (ev) {
    var link = ev.target.closest("a[href^='/rules/']");
    if (link && keyOf(link.href)) { ev.preventDefault(); open(link.href); }
  });
  document.addEventListener("click", function (ev) {
    if (!ev.target.closest("[data-ask-rules]")) return;
    body.innerHTML = "";
    $("[data-why-full-line]").hidden = true;
    show();
    if (form) form.elements.q.focus();
  });

  window.tkWhy = { open: open, ask: ask };
})();
