// Curse of the Desert's helpers (templates/games/curse-of-the-desert/state.html). Everything is sent through
// table.js as a data-act tap or a form[data-action], so refusals (with "accept anyway"), undo and the offline
// queue work as everywhere. Here:
// - the start-of-night helper (form[data-cotd-action=start_exploration]): the Hasrabal Cards, the Courtyard and
//   the Manticore Cards tapped on the empty plan, the first guards, gathered into one start_exploration;
// - the skill test: the value chips only for a skill the hero card does not hold, and a word when the D20 is
//   tapped before the skill;
// - the plan: "don't turn up the neighbours" (Extinguished Lights) added to a move, and the card panel's
//   "another card" mode, where a tap on the plan picks a card instead of moving.
// - Part Two (the tower): the start-of-exploration helper, the face-down cards' pickers, Endeavor's price, the
//   removed cards' floors in the section reader, the card turned up by an effect (see "Part Two" below).
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
    if (tapTower(ev)) return;
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
    if (type === "start_exploration") tower = { entrance: null, hench: {}, entering: null, pay: null, removed: null };
    if (type === "move_hero" || type === "endeavor_move") tower.entering = null;
    if (type === "resolve_section") tower.removed = null;
  });

  // ---- Part Two: the tower ---------------------------------------------------------------------------
  // The start of an exploration (form[data-cotd-tower-setup]): the Entrance Stairs' cell and the starting
  // henchmen, gathered into one start_exploration. Step 0: a face-down card's tap opens its picker (a name
  // seen before also presses its floor), Endeavor's price written into every move it offers. The section
  // reader: the removed cards' floors written into both of its taps. A card turned up by an effect: the
  // cell tapped becomes the form's preset.
  var tower = { entrance: null, hench: {}, entering: null, pay: null, removed: null };

  function towerForm() { return document.querySelector("form[data-cotd-tower-setup]"); }

  function setParam(el, attr, key, value) {
    var params = json(el.getAttribute(attr) || "{}", {});
    params[key] = value;
    el.setAttribute(attr, JSON.stringify(params));
  }

  function renderTower() {
    var form = towerForm();
    if (form) {
      form.querySelectorAll("[data-cotd-entrance]").forEach(function (b) {
        var on = same(json(b.dataset.cotdEntrance, []), tower.entrance);
        b.classList.toggle("entrance", on);
        b.classList.toggle("down", !on);
        b.setAttribute("aria-pressed", on ? "true" : "false");
        say(b.querySelector("[data-cotd-mark]"), on ? "Entrance Stairs" : "");
      });
      Object.keys(tower.hench).forEach(function (i) {
        var box = form.querySelector("[data-cotd-hench='" + i + "']");
        var h = tower.hench[i];
        if (!box) return;
        var input = box.querySelector("[data-cotd-hench-name]");
        if (h.name !== undefined && input && document.activeElement !== input) input.value = h.name;
        box.querySelectorAll("[data-cotd-hench-field]").forEach(function (b) {
          var v = h[b.dataset.cotdHenchField];
          if (v !== undefined) b.setAttribute("aria-pressed", b.dataset.value === String(v) ? "true" : "false");
        });
      });
      say(form.querySelector("[data-cotd-status]"),
        tower.entrance ? "Entrance Stairs on " + label(tower.entrance) + "." : "Tap the Entrance Stairs.");
    }
    document.querySelectorAll("details[data-cotd-enter-for]").forEach(function (d) {
      if (tower.entering !== null && d.dataset.cotdEnterFor === tower.entering) d.open = true;
    });
    document.querySelectorAll("[data-cotd-cell]").forEach(function (c) {
      c.classList.toggle("entering", tower.entering !== null && c.dataset.cotdCell === tower.entering);
    });
    var payChips = document.querySelectorAll("[data-cotd-pay]");
    if (payChips.length) {
      var pay = tower.pay;
      if (!document.querySelector("[data-cotd-pay='" + pay + "']")) pay = null; // that price is gone: the page's own
      if (pay) {
        payChips.forEach(function (b) { b.setAttribute("aria-pressed", b.dataset.cotdPay === pay ? "true" : "false"); });
        document.querySelectorAll("[data-cotd-move]").forEach(function (b) { setParam(b, "data-params", "pay", pay); });
        document.querySelectorAll("form[data-cotd-enter-form]").forEach(function (f) { setParam(f, "data-preset", "pay", pay); });
      }
    }
    var removed = document.querySelector("[data-cotd-removed-json]");
    if (removed) {
      var counts = tower.removed || json(removed.dataset.cotdRemovedJson, {});
      removed.querySelectorAll("[data-cotd-removed]").forEach(function (b) {
        b.setAttribute("aria-pressed", String(counts[b.dataset.cotdRemoved]) === b.dataset.value ? "true" : "false");
      });
      document.querySelectorAll("[data-cotd-removed-target]").forEach(function (b) {
        setParam(b, "data-params", "removed_floors", counts);
      });
    }
  }

  function henchValues(form) {
    var out = [];
    form.querySelectorAll("fieldset[data-cotd-hench]").forEach(function (box) {
      var v = { kind: box.dataset.kind };
      var words = json(box.dataset.keywords || "", null);
      if (words && words.length) v.keywords = words;
      var name = box.querySelector("[data-cotd-hench-name]");
      v.name = (name && name.value.trim()) || "Orc";
      box.querySelectorAll("[data-cotd-hench-field][aria-pressed=true]").forEach(function (b) {
        var x = b.dataset.value;
        v[b.dataset.cotdHenchField] = /^-?\d+$/.test(x) ? parseInt(x, 10) : x;
      });
      out.push(v);
    });
    return out;
  }

  function tapTower(ev) {
    var t = ev.target;
    var form = towerForm();
    if (form && form.contains(t)) {
      var cellButton = t.closest("[data-cotd-entrance]");
      var chip = t.closest("[data-cotd-hench-field]");
      if (cellButton) {
        var rc = json(cellButton.dataset.cotdEntrance, null);
        tower.entrance = same(rc, tower.entrance) ? null : rc;
      } else if (chip) {
        var i = chip.closest("[data-cotd-hench]").dataset.cotdHench;
        (tower.hench[i] = tower.hench[i] || {})[chip.dataset.cotdHenchField] = chip.dataset.value;
      } else return false;
      ev.preventDefault();
      showInline(form, "");
      renderTower();
      return true;
    }
    var enter = t.closest("[data-cotd-enter]");
    if (enter && !picking) {
      // a face-down card: its picker asks for the name before anything is recorded
      ev.preventDefault();
      tower.entering = enter.dataset.cotdEnter;
      renderTower();
      var box = document.querySelector("details[data-cotd-enter-for='" + tower.entering + "']");
      if (box) {
        box.scrollIntoView({ block: "nearest" });
        var name = box.querySelector("input[name=card]");
        if (name && !box.querySelector("[data-chips-for=card]")) name.focus();
      }
      return true;
    }
    var named = t.closest("[data-chips-for=card] [data-floor]");
    if (named) {
      // a card named before: its floor is known, pressed with it
      var floorChip = named.closest("form").querySelector("[data-chips-for=floor] [data-chip='" + named.dataset.floor + "']");
      if (floorChip) floorChip.click();
      return false; // table-input.js still writes the name
    }
    var pay = t.closest("[data-cotd-pay]");
    if (pay) { ev.preventDefault(); tower.pay = pay.dataset.cotdPay; renderTower(); return true; }
    var removedChip = t.closest("[data-cotd-removed]");
    if (removedChip) {
      ev.preventDefault();
      var box2 = removedChip.closest("[data-cotd-removed-json]");
      tower.removed = tower.removed || json(box2.dataset.cotdRemovedJson, {});
      tower.removed[removedChip.dataset.cotdRemoved] = parseInt(removedChip.dataset.value, 10);
      renderTower();
      return true;
    }
    var reveal = t.closest("[data-cotd-reveal-cell]");
    if (reveal) {
      ev.preventDefault();
      var f = reveal.closest("form");
      f.dataset.preset = JSON.stringify({ cell: json(reveal.dataset.cotdRevealCell, null) });
      f.querySelectorAll("[data-cotd-reveal-cell]").forEach(function (b) { b.setAttribute("aria-pressed", b === reveal ? "true" : "false"); });
      return true;
    }
    return false;
  }

  document.addEventListener("input", function (ev) {
    var t = ev.target;
    if (!t.dataset || t.dataset.cotdHenchName === undefined) return;
    var h = tower.hench[t.dataset.cotdHenchName] = tower.hench[t.dataset.cotdHenchName] || {};
    h.name = t.value;
    // a henchman typed before at this table (the list of known opponents): its values come with its name
    var option = document.querySelector("#tk-cards-villain option[value='" + CSS.escape(t.value.trim()) + "']");
    var facts = option ? json(option.dataset.facts || "{}", {}) : {};
    ["life_points", "dodge", "armor", "actions", "tp"].forEach(function (k) {
      if (facts[k] !== undefined) h[k] = String(facts[k]);
    });
    renderTower();
  });

  document.addEventListener("submit", function (ev) {
    var form = ev.target;
    if (!form.matches || !form.matches("form[data-cotd-tower-setup]")) return;
    ev.preventDefault();
    ev.stopPropagation();
    if (!tower.entrance) { showInline(form, "Tap the Entrance Stairs on the tower first."); return; }
    showInline(form, "");
    var button = ev.submitter || form.querySelector("button[type=submit]");
    button.setAttribute("data-act", "start_exploration");
    button.setAttribute("data-params", JSON.stringify({ entrance: tower.entrance, villains: henchValues(form) }));
    try { button.click(); } finally { button.removeAttribute("data-act"); button.removeAttribute("data-params"); }
  }, true);

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
    renderTower();
    renderTest(testForm());
    renderPanel();
    follow();
  }

  var live = document.getElementById("state");
  if (live && window.MutationObserver) new MutationObserver(renderAll).observe(live, { childList: true });
  renderAll();
})();
