// Curse of the Desert's helpers (templates/games/curse-of-the-desert/state.html). Everything is sent through
// table.js as a data-act tap or a form[data-action], so refusals (with "accept anyway"), undo and the offline
// queue work as everywhere. Here:
// - the start-of-night helper (form[data-cotd-action=start_exploration]): the Hasrabal Cards, the Courtyard and
//   the Manticore Cards tapped on the empty plan, the first guards, gathered into one start_exploration;
// - the skill test: the value chips only for a skill the hero card does not hold, and a word when the D20 is
//   tapped before the skill;
// - the plan: "don't turn up the neighbours" (Extinguished Lights) added to a move, and the card panel's
//   "another card" mode, where a tap on the plan picks a card instead of moving.
// What was tapped survives a live refresh of the page until it is recorded.
(function () {
  "use strict";
  if (window.tkCurse) return;
  window.tkCurse = true;

  var setup = { hasrabal: {}, court: null, manticores: [], guards: {} };
  var picking = false;
  var picked = null; // [row, col] chosen in the card panel's "another card" mode

  function json(text, fallback) { try { return JSON.parse(text); } catch (e) { return fallback; } }
  function same(a, b) { return a && b && a[0] === b[0] && a[1] === b[1]; }
  function say(el, text) { if (el && el.textContent !== text) el.textContent = text; }
  function label(rc) { return "ABCD".charAt(rc[0]) + (rc[1] + 1); }

  // ---- the start-of-night helper ---------------------------------------------------------------------
  function setupForm() { return document.querySelector("form[data-cotd-action=start_exploration]"); }

  function lockedDoors() { return (setup.hasrabal["Locked Doors"] || 0) > 0; }

  function renderSetup() {
    var form = setupForm();
    if (!form) return;
    var cols = lockedDoors() ? 5 : 6;
    if (cols === 5) {
      if (setup.court && setup.court[1] > 4) setup.court = null;
      setup.manticores = setup.manticores.filter(function (rc) { return rc[1] < 5; });
    }
    var count = 0;
    form.querySelectorAll("[data-cotd-hasrabal]").forEach(function (b) {
      var n = setup.hasrabal[b.dataset.cotdHasrabal] || 0;
      count += n;
      b.setAttribute("aria-pressed", n ? "true" : "false");
      say(b.querySelector("[data-cotd-times]"), n > 1 ? " ×" + n : "");
    });
    say(form.querySelector("[data-cotd-hcount]"), String(count));
    var grid = form.querySelector(".cotd-setup-grid");
    grid.dataset.cotdCols = cols;
    form.querySelectorAll("[data-cotd-setup-cell]").forEach(function (b) {
      var rc = json(b.dataset.cotdSetupCell, []);
      b.hidden = rc[1] >= cols;
      var court = same(rc, setup.court);
      var manticore = setup.manticores.some(function (m) { return same(m, rc); });
      b.classList.toggle("court", court);
      b.classList.toggle("manticore", manticore);
      b.classList.toggle("down", !court && !manticore);
      b.setAttribute("aria-pressed", court || manticore ? "true" : "false");
      say(b.querySelector("[data-cotd-mark]"), court ? "Courtyard" : manticore ? "Manticore" : "");
    });
    Object.keys(setup.guards).forEach(function (i) {
      var g = setup.guards[i];
      Object.keys(g).forEach(function (field) {
        if (field === "name") {
          var input = form.querySelector("input[data-cotd-guard='" + i + "'][data-cotd-guard-field=name]");
          if (input && document.activeElement !== input) input.value = g.name;
          return;
        }
        var sel = "[data-cotd-guard='" + i + "'][data-cotd-guard-field='" + field + "'][data-value]";
        form.querySelectorAll(sel).forEach(function (b) {
          b.setAttribute("aria-pressed", b.dataset.value === String(g[field]) ? "true" : "false");
        });
      });
    });
    var want = +form.dataset.manticores, need = +form.dataset.hasrabal;
    var parts = [setup.court ? "Courtyard " + label(setup.court) : "Tap the Courtyard",
      "Manticore Cards " + setup.manticores.length + " of " + want, "Hasrabal Cards " + count + " of " + need];
    if (cols === 5) parts.push("Locked Doors: 4 rows of 5");
    say(form.querySelector("[data-cotd-status]"), parts.join(" · ") + ".");
  }

  function guardValues(form) {
    var out = [];
    form.querySelectorAll("fieldset.cotd-guard").forEach(function (box) {
      var g = { kind: "henchman", keywords: ["Guard (Palace)"] };
      var name = box.querySelector("input[data-cotd-guard-field=name]");
      g.name = (name && name.value.trim()) || "Palace Guard";
      box.querySelectorAll("[data-cotd-guard-field][data-value][aria-pressed=true]").forEach(function (b) {
        var v = b.dataset.value;
        g[b.dataset.cotdGuardField] = /^-?\d+$/.test(v) ? parseInt(v, 10) : v;
      });
      out.push(g);
    });
    return out;
  }

  function setupParams(form) {
    var names = [];
    form.querySelectorAll("[data-cotd-hasrabal]").forEach(function (b) {
      for (var i = 0; i < (setup.hasrabal[b.dataset.cotdHasrabal] || 0); i++) names.push(b.dataset.cotdHasrabal);
    });
    return { hasrabal: names, courtyard: setup.court, manticore_cells: setup.manticores.slice(), villains: guardValues(form) };
  }

  function tapSetup(ev) {
    var form = setupForm();
    if (!form || !form.contains(ev.target)) return false;
    var h = ev.target.closest("[data-cotd-hasrabal]");
    if (h) {
      var name = h.dataset.cotdHasrabal;
      setup.hasrabal[name] = ((setup.hasrabal[name] || 0) + 1) % (+form.dataset.hmax + 1);
    }
    var cellButton = ev.target.closest("[data-cotd-setup-cell]");
    if (cellButton) {
      var rc = json(cellButton.dataset.cotdSetupCell, null);
      if (!setup.court) setup.court = rc;
      else if (same(rc, setup.court)) setup.court = null;
      else {
        var at = setup.manticores.findIndex(function (m) { return same(m, rc); });
        if (at >= 0) setup.manticores.splice(at, 1); else setup.manticores.push(rc);
      }
    }
    var chip = ev.target.closest("[data-cotd-guard-field][data-value]");
    if (chip) {
      var g = setup.guards[chip.dataset.cotdGuard] = setup.guards[chip.dataset.cotdGuard] || {};
      g[chip.dataset.cotdGuardField] = chip.dataset.value;
    }
    if (!h && !cellButton && !chip) return false;
    ev.preventDefault();
    showInline(form, "");
    renderSetup();
    return true;
  }

  function showInline(form, text) {
    var slot = form.querySelector("[data-cotd-refusal]");
    if (!slot) return;
    slot.textContent = text;
    slot.hidden = !text;
  }

  document.addEventListener("input", function (ev) {
    var t = ev.target;
    if (!t.dataset || t.dataset.cotdGuardField !== "name") return;
    var g = setup.guards[t.dataset.cotdGuard] = setup.guards[t.dataset.cotdGuard] || {};
    g.name = t.value;
    // a guard typed before at this table (its name in the list of known opponents): its values with it
    var option = document.querySelector("#tk-cards-villain option[value='" + CSS.escape(t.value.trim()) + "']");
    var facts = option ? json(option.dataset.facts || "{}", {}) : {};
    ["life_points", "dodge", "armor", "actions", "tp"].forEach(function (k) {
      if (facts[k] !== undefined) g[k] = String(facts[k]);
    });
    renderSetup();
  });

  document.addEventListener("submit", function (ev) {
    var form = ev.target;
    if (!form.matches || !form.matches("form[data-cotd-action]")) return;
    ev.preventDefault();
    ev.stopPropagation();
    var params = setupParams(form);
    if (!params.courtyard) { showInline(form, "Tap the Courtyard on the plan first."); return; }
    showInline(form, "");
    var button = ev.submitter || form.querySelector("button[type=submit]");
    button.setAttribute("data-act", "start_exploration");
    button.setAttribute("data-params", JSON.stringify(params));
    try { button.click(); } finally { button.removeAttribute("data-act"); button.removeAttribute("data-params"); }
  }, true);

  // ---- the skill test ---------------------------------------------------------------------------------
  function renderTest(form) {
    if (!form) return;
    var values = json(form.dataset.cotdValues || "{}", {});
    var preset = json(form.dataset.preset || "{}", {});
    var who = form.querySelector("input[name=player]");
    var seat = who ? who.value : preset.player;
    var skill = form.querySelector("input[name=skill]").value;
    var mine = values[seat] || {};
    form.querySelectorAll("[data-cotd-skill-value]").forEach(function (el) {
      var v = mine[el.dataset.cotdSkillValue];
      say(el, v === null || v === undefined ? "" : String(v));
    });
    var row = form.querySelector("[data-cotd-value-row]");
    var input = row.querySelector("input[name=value]");
    var unknown = !!skill && (mine[skill] === null || mine[skill] === undefined);
    row.hidden = !unknown;
    if (unknown) input.setAttribute("data-required", ""); else { input.removeAttribute("data-required"); input.value = ""; }
    // a chip's pressed state follows its input (a refresh keeps the inputs, not the chips)
    form.querySelectorAll("[data-chips-for]").forEach(function (chips) {
      var field = form.querySelector("[name='" + chips.dataset.chipsFor + "']");
      chips.querySelectorAll("[data-chip]").forEach(function (b) {
        b.setAttribute("aria-pressed", field && field.value !== "" && field.value === b.dataset.chip ? "true" : "false");
      });
    });
    var hint = form.querySelector("[data-cotd-test-hint]");
    var roll = form.querySelector("input[name=roll]").value;
    say(hint, roll && !skill ? "Tap the skill tested, then the D20 again." :
      roll && unknown && !input.value ? "Tap the value on the hero card, then the D20 again." : "");
  }

  function testForm() { return document.querySelector("form.cotd-test-form"); }

  // ---- the plan ---------------------------------------------------------------------------------------
  function panel() { return document.querySelector("[data-cotd-panel]"); }

  function renderPanel() {
    var box = panel();
    if (!box) return;
    var pick = box.querySelector("[data-cotd-pick]");
    pick.setAttribute("aria-pressed", picking ? "true" : "false");
    say(pick, picking ? "Tap a card on the plan (or here to stop)" : "Another card: tap it on the plan");
    document.querySelectorAll("[data-cotd-cell]").forEach(function (c) {
      c.classList.toggle("picking", picking);
      c.classList.toggle("picked", !!picked && same(json(c.dataset.cotdCell, []), picked));
    });
    if (!picked) return;
    var cell = document.querySelector("[data-cotd-cell='" + JSON.stringify(picked).replace(",", ", ") + "']");
    if (!cell) { picked = null; return; }
    var params = JSON.stringify({ cell: picked });
    box.querySelectorAll("form[data-cotd-cellbound]").forEach(function (f) { f.dataset.preset = params; });
    box.querySelectorAll("button[data-cotd-cellbound]").forEach(function (b) { b.dataset.params = params; });
    say(box.querySelector("[data-cotd-panel-label]"), cell.dataset.label);
    say(box.querySelector("[data-cotd-panel-name]"), cell.dataset.card || "(not named)");
    var name = box.querySelector("[data-cotd-name]");
    if (name && !name.dataset.dirty) name.value = cell.dataset.card || "";
    box.querySelectorAll("[data-cotd-flag]").forEach(function (c) {
      if (!c.dataset.dirty) c.checked = cell.dataset[c.dataset.cotdFlag] === "1";
    });
  }

  // ---- taps -------------------------------------------------------------------------------------------
  document.addEventListener("click", function (ev) {
    if (tapSetup(ev)) return;
    var pick = ev.target.closest("[data-cotd-pick]");
    if (pick) {
      ev.preventDefault();
      picking = !picking;
      renderPanel();
      return;
    }
    var cell = ev.target.closest("[data-cotd-cell]");
    if (cell && picking) {
      // "another card": this tap picks the card for the panel; it moves nobody
      ev.preventDefault();
      ev.stopPropagation();
      picked = json(cell.dataset.cotdCell, null);
      picking = false;
      var box = panel();
      if (box) { box.open = true; box.querySelectorAll("[data-dirty]").forEach(function (el) { delete el.dataset.dirty; }); }
      renderPanel();
      if (box) box.scrollIntoView({ block: "nearest" });
      return;
    }
    var move = ev.target.closest("[data-cotd-move]");
    var dark = document.querySelector("[data-cotd-no-reveal]");
    if (move && dark) {
      var params = json(move.dataset.params, {});
      if (dark.checked) params.no_reveal = true; else delete params.no_reveal;
      move.dataset.params = JSON.stringify(params);
    }
  }, true);

  // after table-input.js set a chip's or a face's value
  document.addEventListener("click", function (ev) {
    var form = ev.target.closest && ev.target.closest("form.cotd-test-form");
    if (form) renderTest(form);
  });

  document.addEventListener("tk:recorded", function (ev) {
    var type = ev.detail && ev.detail.type;
    if (type === "start_exploration") setup = { hasrabal: {}, court: null, manticores: [], guards: {} };
    if (type === "move_hero" || type === "start_exploration") { picked = null; picking = false; }
  });

  // The eye follows the game: a new step's box, or Consult Your Fate when a test asks for it, comes into view.
  var seen = { step: null, consult: false };
  function follow() {
    var now = document.querySelector("[data-testid=cotd-stepper] li[aria-current=step]");
    var step = now ? now.dataset.step + "|" + (document.querySelector("[data-testid=cotd-round]") || {}).textContent : null;
    var consult = document.querySelector("[data-testid=cotd-consult]");
    var moved = step && seen.step !== null && step !== seen.step;
    var box = consult && !seen.consult ? consult : moved ? document.querySelector(".cotd-step") : null;
    if (box && box.scrollIntoView) box.scrollIntoView({ block: "nearest" });
    seen = { step: step, consult: !!consult };
  }

  function renderAll() {
    renderSetup();
    renderTest(testForm());
    renderPanel();
    follow();
  }

  var live = document.getElementById("state");
  if (live && window.MutationObserver) new MutationObserver(renderAll).observe(live, { childList: true });
  renderAll();
})();
