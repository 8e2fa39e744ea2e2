// Dark Force pages: the Essen '96 hour counting down, the destroy form's value ("3" or "#"), and the play
// forms (terrains, recruits, moves, magic, ships) whose params nest.
// Loaded once with the table page (PAGE.scripts in page.py); everything is looked up again on
// each tick because table.js swaps the live part of the page when the game moves on.
(function () {
  "use strict";
  if (window.tkDarkForce) return;
  window.tkDarkForce = true;

  function pad(n) { return (n < 10 ? "0" : "") + n; }

  function tick() {
    var clock = document.querySelector("[data-df-clock]");
    if (!clock) return;
    var start = +clock.dataset.start * 1000;
    var minutes = +clock.dataset.minutes || 60;
    if (!start) return;
    var left = Math.round((start + minutes * 60000 - Date.now()) / 1000);
    var out = clock.querySelector("[data-testid=df-clock-remaining]");
    var up = left <= 0;
    if (up) left = 0;
    var text = Math.floor(left / 60) + ":" + pad(left % 60);
    if (out && out.textContent !== text) out.textContent = text;
    clock.classList.toggle("due", up);
    clock.classList.toggle("low", !up && left < 300);
  }

  // The Value field takes a number or "#" (an uncontrollable creature): send it as a number unless it
  // is "#". Runs before table.js reads the form (capture phase), so it holds after a live refresh too.
  // Forms marked data-df-nested (the play forms, _plays.html) are read here instead of by table.js.
  document.addEventListener("submit", function (ev) {
    var form = ev.target;
    form.querySelectorAll && form.querySelectorAll("[data-df-value]").forEach(function (el) {
      var v = el.value.trim();
      el.value = v;
      if (/^-?\d+$/.test(v)) el.setAttribute("data-int", ""); else el.removeAttribute("data-int");
    });
    if (form.matches && form.matches("form[data-df-nested][data-action]")) sendNested(ev, form);
  }, true);

  // ---- the play forms: nested params -------------------------------------------------------------
  // name="unit.values.cs" -> {unit: {values: {cs: ...}}}; "cell.0", "cell.1" -> {cell: [q, r]};
  // name="units[u3]" (a checkbox) -> {units: ["u3", ...]}; a lone checkbox -> true when ticked; radios -> the
  // checked one's value;
  // type=number or data-int -> an integer; data-df-value -> an integer unless it is "#"; empty -> left out;
  // <select data-df-leads="u3"> -> leader_of[<chosen hero>] gets "u3" when u3 moves too.
  function setPath(obj, path, value, push) {
    var parts = path.split(".");
    var at = obj;
    for (var i = 0; i < parts.length - 1; i++) {
      var key = parts[i];
      if (at[key] === undefined) at[key] = /^\d+$/.test(parts[i + 1]) ? [] : {};
      at = at[key];
    }
    var last = parts[parts.length - 1];
    if (push) { (at[last] = at[last] || []).push(value); } else { at[last] = value; }
  }

  function tidy(value) {
    // arrays lose their gaps (an empty path step), and empty objects and lists are left out
    if (Array.isArray(value)) {
      var list = value.map(tidy).filter(function (v) { return v !== undefined; });
      return list.length ? list : undefined;
    }
    if (value && typeof value === "object") {
      var out = {}, any = false;
      Object.keys(value).forEach(function (k) {
        var v = tidy(value[k]);
        if (v !== undefined) { out[k] = v; any = true; }
      });
      return any ? out : undefined;
    }
    return value;
  }

  function readValue(el) {
    var v = el.value.trim();
    if (v === "") return undefined;
    if ("dfValue" in el.dataset) return /^-?\d+$/.test(v) ? parseInt(v, 10) : v;
    if (el.type === "number" || "int" in el.dataset) {
      var n = parseInt(v, 10);
      return isNaN(n) ? v : n;
    }
    return v;
  }

  // A field marked data-df-default-from="type" left empty takes that field's value (a terrain named by its
  // type: "Plains"), so the name is typed only when the card's differs.
  function fillDefaults(form) {
    form.querySelectorAll("[data-df-default-from]").forEach(function (el) {
      var from = form.querySelector("[name='" + el.dataset.dfDefaultFrom + "']");
      if (!el.value.trim() && from) el.value = from.value;
    });
  }

  function nestedParams(form) {
    syncMoves(form);
    fillDefaults(form);
    var params = {};
    var leads = [];
    form.querySelectorAll("[name]").forEach(function (el) {
      if (el.disabled || el.type === "submit" || el.type === "button") return;
      if ("dfLeads" in el.dataset) { leads.push(el); return; }
      var list = /^(.+)\[[^\]]*\]$/.exec(el.name);
      if (el.type === "radio") { if (el.checked) setPath(params, el.name, el.value); return; }
      if (el.type === "checkbox") {
        if (!el.checked) return;
        if (list) setPath(params, list[1], el.value, true); else setPath(params, el.name, true);
        return;
      }
      var value = readValue(el);
      if (value === undefined) return;
      if (list) setPath(params, list[1], value, true); else setPath(params, el.name, value);
    });
    var moving = params.units || [];
    leads.forEach(function (el) {
      var unit = el.dataset.dfLeads;
      if (el.disabled || !el.value || moving.indexOf(unit) < 0) return;
      params.leader_of = params.leader_of || {};
      (params.leader_of[el.value] = params.leader_of[el.value] || []).push(unit);
    });
    return tidy(params) || {};
  }

  // The tap goes through table.js as a data-act tap (its refusals, "accept anyway", offline queue): the
  // submit button carries the params for the moment of a synthetic click, and table.js's own reading of
  // the form is skipped.
  var sending = false;
  var sentForms = [];
  function sendNested(ev, form) {
    ev.preventDefault();
    ev.stopPropagation();
    if (sending) return;
    var button = ev.submitter || form.querySelector("button[type=submit]");
    if (!button) return;
    sending = true;
    try {
      button.setAttribute("data-act", form.dataset.action);
      button.setAttribute("data-params", JSON.stringify(nestedParams(form)));
      if ("versioned" in form.dataset) button.setAttribute("data-versioned", "");
      button.click();
    } finally {
      button.removeAttribute("data-act");
      button.removeAttribute("data-params");
      button.removeAttribute("data-versioned");
      sending = false;
    }
    if (sentForms.indexOf(form.dataset.action) < 0) sentForms.push(form.dataset.action);
  }

  // When the game moves on after a play, the forms just sent come back empty (table.js keeps what was
  // typed only while it is marked dirty); a refused play keeps its fields, since the version stays.
  var table = document.getElementById("table");
  if (table && window.MutationObserver) {
    new MutationObserver(function () {
      sentForms.forEach(function (action) {
        document.querySelectorAll("form[data-action='" + action + "'] [data-dirty]").forEach(function (el) {
          delete el.dataset.dirty;
        });
      });
      sentForms = [];
    }).observe(table, { attributes: true, attributeFilter: ["data-version"] });
  }

  // The move form (and the over-limit claim form, same markup): only the units of the chosen terrain count
  // (and show).
  function syncMoves(from) {
    var forms = from && from.matches && from.matches("form[data-df-move]") ? [from]
      : document.querySelectorAll("form[data-df-move]");
    Array.prototype.forEach.call(forms, function (form) {
      var select = form.querySelector("[data-df-from-select]");
      if (!select) return;
      form.querySelectorAll("[data-df-from]").forEach(function (group) {
        var off = group.dataset.dfFrom !== select.value;
        if (group.hidden !== off) group.hidden = off;
        group.querySelectorAll("input, select").forEach(function (el) { if (el.disabled !== off) el.disabled = off; });
      });
    });
  }

  document.addEventListener("change", function (ev) {
    if (ev.target.matches && ev.target.matches("[data-df-from-select]")) syncMoves(ev.target.form);
  });

  // Which play panels are open survives the live refresh (table.js replaces the markup).
  var opened = {};
  document.addEventListener("toggle", function (ev) {
    var d = ev.target;
    if (d.dataset && d.dataset.dfKey) opened[d.dataset.dfKey] = d.open;
  }, true);
  function reopen() {
    document.querySelectorAll("details[data-df-key]").forEach(function (d) {
      var want = opened[d.dataset.dfKey];
      if (want !== undefined && d.open !== want) d.open = want;
    });
  }
  var live = document.getElementById("state");
  if (live && window.MutationObserver) {
    new MutationObserver(function () { reopen(); syncMoves(); }).observe(live, { childList: true });
  }

  // Retreats: the ticked units go into the button's params, read by table.js when it is tapped.
  document.addEventListener("change", function (ev) {
    if (!ev.target.matches || !ev.target.matches("[data-df-retreat]")) return;
    var box = ev.target.closest("[data-testid=df-retreat]");
    var button = box && box.querySelector("[data-df-retreat-button]");
    if (!button) return;
    var params = JSON.parse(button.dataset.params || "{}");
    params.units = Array.prototype.map.call(box.querySelectorAll("[data-df-retreat]:checked"), function (el) { return el.value; });
    button.dataset.params = JSON.stringify(params);
  });

  tick();
  syncMoves();
  setInterval(tick, 1000);
})();
