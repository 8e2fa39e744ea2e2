// Cards typed once are remembered. The live part of the table page lists the cards this table (or its
// campaign or tournament) typed before, one <datalist> per sort of card, each name with its facts as JSON
// (templates/table/_cards.html). Here: the forms' name fields are pointed at those lists; choosing a known
// name fills the facts of that form, which the player may still change (recording them again corrects
// them); a form about the card in play (a check against the card encountered) starts with its facts.
// The phone also keeps what it recorded, per game ("tk.cards.<game>" in localStorage), and offers it at
// its other tables; the server never sends one table's cards to another.
(function () {
  "use strict";
  if (window.tkCards) return;
  window.tkCards = true;
  // the marks below live on a field being typed: table.js keeps them when the table is drawn again
  window.tkFieldMarks = (window.tkFieldMarks || []).concat(["cardFilled", "cardBy", "cardChosen"]);
  var LOCAL_LIMIT = 300; // names kept per game on one phone, the most recent

  function fold(name) { return String(name).trim().split(/\s+/).join(" ").toLowerCase(); }
  function base(path) { var i = path.lastIndexOf("."); return i < 0 ? "" : path.slice(0, i + 1); }
  function get(obj, path) {
    return path.split(".").reduce(function (at, key) { return at == null ? undefined : at[key]; }, obj);
  }

  function config() {
    var box = document.querySelector("[data-cards]");
    if (!box) return null;
    try { return { game: box.dataset.game, forms: JSON.parse(box.dataset.forms || "{}") }; } catch (e) { return null; }
  }

  // ---- what this phone recorded -----------------------------------------------------------------
  function localKey(game) { return "tk.cards." + game; }
  function readLocal(game) {
    try { return JSON.parse(localStorage.getItem(localKey(game)) || "{}") || {}; } catch (e) { return {}; }
  }
  function keep(game, list, name, facts) {
    var all = readLocal(game);
    var cards = all[list] = all[list] || {};
    var key = fold(name);
    var known = cards[key] ? cards[key].facts : {};
    cards[key] = { name: name, facts: Object.assign({}, known, facts), at: Date.now() };
    var keys = Object.keys(cards).sort(function (a, b) { return cards[b].at - cards[a].at; });
    keys.slice(LOCAL_LIMIT).forEach(function (k) { delete cards[k]; });
    try { localStorage.setItem(localKey(game), JSON.stringify(all)); } catch (e) { /* full: the table's list still works */ }
  }

  // The table's own list first (what its players last typed); the phone's memory adds the names the
  // table does not know yet.
  function known(list, name) {
    var key = fold(name);
    var datalist = document.getElementById(list);
    var options = datalist ? datalist.options : [];
    for (var i = 0; i < options.length; i++) {
      if (fold(options[i].value) === key && "facts" in options[i].dataset) {
        try { return JSON.parse(options[i].dataset.facts || "{}"); } catch (e) { return {}; }
      }
    }
    var cfg = config();
    var mine = cfg && (readLocal(cfg.game)[list] || {})[key];
    return mine ? mine.facts : null;
  }

  function offerLocal(cfg) {
    var all = readLocal(cfg.game);
    Object.keys(all).forEach(function (list) {
      var datalist = document.getElementById(list);
      if (!datalist) return;
      var have = {};
      Array.prototype.forEach.call(datalist.options, function (o) { have[fold(o.value)] = true; });
      Object.keys(all[list]).forEach(function (key) {
        if (have[key]) return;
        var option = document.createElement("option");
        option.value = all[list][key].name;
        option.dataset.local = "";
        datalist.appendChild(option);
      });
    });
  }

  // ---- filling a form -----------------------------------------------------------------------------
  function fields(form, path) {
    return Array.prototype.filter.call(form.elements, function (el) {
      return el.name === path || el.name.indexOf(path + "[") === 0;
    });
  }

  function setOne(el, value, mark, by) {
    if (!mark && el.dataset.dirty) return; // the player's own typing stays
    if (el.type === "checkbox" || el.type === "radio") {
      var listed = /\[[^\]]*\]$/.test(el.name);
      var on = Array.isArray(value) ? value.map(String).indexOf(el.value) >= 0
        : el.type === "radio" ? String(value) === el.value : listed ? false : !!value;
      if (el.checked === on) return;
      el.checked = on;
    } else {
      if (Array.isArray(value) || value === null || typeof value === "object") return;
      var text = String(value);
      if (el.tagName === "SELECT" && !Array.prototype.some.call(el.options, function (o) { return o.value === text; })) return;
      if (el.value === text) return;
      el.value = text;
    }
    el.dataset.cardFilled = shown(el);
    el.dataset.cardBy = by;
    if (mark) el.dataset.dirty = "1"; // table.js keeps a dirty field through a live refresh
  }

  function shown(el) { return el.type === "checkbox" || el.type === "radio" ? String(el.checked) : el.value; }

  function setPath(form, path, value, mark, by) {
    if (value && typeof value === "object" && !Array.isArray(value)) {
      Object.keys(value).forEach(function (k) { setPath(form, path + "." + k, value[k], mark, by); });
      return;
    }
    fields(form, path).forEach(function (el) { setOne(el, value, mark, by); });
  }

  // Which card filled a field: one form may name several (a terrain, the unit on it, its expansion).
  function filler(decl) { return decl.name || "in play"; }

  function fill(form, decl, facts, mark) {
    var prefix = decl.name ? base(decl.name) : "";
    decl.facts.forEach(function (fact) {
      if (fact in facts) setPath(form, prefix + fact, facts[fact], mark, filler(decl));
    });
  }

  // What a known name put in the form goes again when the name is changed to one that is not known, so
  // no card's facts are left standing under another card's name.
  function unfill(form, decl) {
    form.querySelectorAll("[data-card-filled]").forEach(function (el) {
      if (el.dataset.cardBy !== filler(decl)) return;
      var untouched = el.dataset.cardFilled === shown(el);
      delete el.dataset.cardFilled;
      if (!untouched) return; // changed by the player since: theirs now
      if (el.type === "checkbox" || el.type === "radio") el.checked = el.defaultChecked;
      else if (el.tagName === "SELECT") {
        Array.prototype.forEach.call(el.options, function (o) { o.selected = o.defaultSelected; });
      } else el.value = el.defaultValue;
    });
  }

  function declsOf(form, cfg) {
    return (cfg && form && form.dataset && cfg.forms[form.dataset.action]) || [];
  }

  function decorate() {
    var cfg = config();
    if (!cfg) return;
    offerLocal(cfg);
    document.querySelectorAll("form[data-action]").forEach(function (form) {
      declsOf(form, cfg).forEach(function (decl) {
        if (decl.name) {
          fields(form, decl.name).forEach(function (el) {
            if (el.tagName === "INPUT" && el.getAttribute("list") !== decl.list) el.setAttribute("list", decl.list);
          });
        }
        if (decl.current !== null && decl.current !== undefined && form.dataset.cardCurrent !== decl.current) {
          // a form about the card in play: its facts, unless the player typed something there already
          unfill(form, decl);
          form.dataset.cardCurrent = decl.current;
          var facts = known(decl.list, decl.current);
          if (facts) fill(form, decl, facts, false);
        }
      });
    });
  }

  function chosen(ev) {
    var el = ev.target;
    var form = el && el.form;
    var cfg = config();
    declsOf(form, cfg).forEach(function (decl) {
      if (!decl.name || el.name !== decl.name) return;
      var facts = el.value.trim() ? known(decl.list, el.value) : null;
      if (facts) {
        if (el.dataset.cardChosen === fold(el.value)) return;
        unfill(form, decl);
        fill(form, decl, facts, true);
        el.dataset.cardChosen = fold(el.value);
      } else if (el.dataset.cardChosen) {
        unfill(form, decl);
        delete el.dataset.cardChosen;
      }
    });
  }
  document.addEventListener("input", chosen);
  document.addEventListener("change", chosen);

  // table.js announces each recorded action: keep its cards on this phone.
  document.addEventListener("tk:recorded", function (ev) {
    var cfg = config();
    var detail = ev.detail || {};
    var params = detail.params || {};
    ((cfg && cfg.forms[detail.type]) || []).forEach(function (decl) {
      var name = decl.name ? get(params, decl.name) : null;
      if (typeof name !== "string" || !name.trim()) name = decl.current;
      if (typeof name !== "string" || !name.trim()) return;
      var prefix = decl.name ? base(decl.name) : "";
      var facts = {};
      decl.facts.forEach(function (fact) {
        var value = get(params, prefix + fact);
        if (value === undefined && (decl.flags || []).indexOf(fact) >= 0) value = false;
        if (value !== undefined) facts[fact] = value;
      });
      keep(cfg.game, decl.list, name.trim(), facts);
    });
    document.querySelectorAll("form[data-action='" + detail.type + "'] [data-card-filled], form[data-action='"
      + detail.type + "'] [data-card-chosen]").forEach(function (el) {
      delete el.dataset.cardFilled;
      delete el.dataset.cardBy;
      delete el.dataset.cardChosen;
    });
  });

  var live = document.getElementById("state");
  if (live && window.MutationObserver) new MutationObserver(decorate).observe(live, { childList: true });
  decorate();
})();
