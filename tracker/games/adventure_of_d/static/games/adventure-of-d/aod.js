// Adventure of D's helpers (templates/games/adventure-of-d/state.html): each form[data-aod-action] gathers taps
// (a type, a power, a place on the map, followers, the cards paid to a shadow) into one action, shows what it
// will do (the shadow met, the live test total, the rest's draw), and sends it through table.js as a data-act
// tap, so its refusals, "accept anyway" and the offline queue work as everywhere. A refusal is also copied
// beside the helper that was sent. What was tapped survives a live refresh until the action is recorded.
(function () {
  "use strict";
  if (window.tkAdventureOfD) return;
  window.tkAdventureOfD = true;

  var memory = {}; // form key -> {field: value}: the taps of a helper not sent yet
  var lastSent = null; // {key, at}: the helper a refusal is about

  function keyOf(form) { return form.dataset.aodAction + "|" + (form.dataset.preset || ""); }
  function field(form, name) { return form.querySelector("[name='" + name + "']"); }
  function values(form) { return memory[keyOf(form)] || (memory[keyOf(form)] = {}); }
  function json(text, fallback) { try { return JSON.parse(text); } catch (e) { return fallback; } }

  function ensureInput(form, name) {
    var el = field(form, name);
    if (!el) {
      el = document.createElement("input");
      el.type = "hidden";
      el.name = name;
      form.appendChild(el);
    }
    return el;
  }

  // ---- taps --------------------------------------------------------------------------------------
  document.addEventListener("click", function (ev) {
    var cell = ev.target.closest("[data-aod-map]");
    if (cell) {
      var target = document.querySelector("form[data-aod-map-field]");
      if (!target) return;
      ev.preventDefault();
      values(target)[target.dataset.aodMapField] = cell.dataset.aodMap;
      render(target);
      target.scrollIntoView({ block: "nearest" });
      return;
    }
    var tap = ev.target.closest("[data-aod-set], [data-aod-toggle], [data-aod-add], [data-aod-clear]");
    if (!tap) return;
    var form = tap.closest("form[data-aod-action]");
    if (!form) return;
    ev.preventDefault();
    var v = values(form);
    if (tap.dataset.aodSet) {
      var name = tap.dataset.aodSet;
      v[name] = v[name] === tap.dataset.value && name !== "player" ? undefined : tap.dataset.value;
      if (tap.dataset.alsoName !== undefined) v.name = v[name] === undefined ? undefined : tap.dataset.alsoName;
      else if (name === "source") v.name = undefined;
    } else if (tap.dataset.aodToggle) {
      var list = (v[tap.dataset.aodToggle] || []).slice();
      var at = list.indexOf(tap.dataset.value);
      if (at < 0) list.push(tap.dataset.value); else list.splice(at, 1);
      v[tap.dataset.aodToggle] = list;
    } else if (tap.dataset.aodAdd) {
      var max = +form.dataset.maxCards;
      var added = (v[tap.dataset.aodAdd] || []).slice();
      if (!(max >= 0) || added.length < max) added.push(tap.dataset.value);
      v[tap.dataset.aodAdd] = added;
    } else if (tap.dataset.aodClear) {
      v[tap.dataset.aodClear] = [];
    }
    render(form);
  });

  document.addEventListener("input", function (ev) {
    var form = ev.target.closest && ev.target.closest("form[data-aod-action]");
    if (!form || !("aodText" in ev.target.dataset)) return;
    values(form)[ev.target.name] = ev.target.value.trim() || undefined;
    render(form);
  });

  // ---- what a helper shows -----------------------------------------------------------------------
  function press(form) {
    var v = values(form);
    form.querySelectorAll("[data-aod-set]").forEach(function (b) {
      var on = v[b.dataset.aodSet] === b.dataset.value || (v[b.dataset.aodSet] === undefined &&
        (b.dataset.value === "" || (b.dataset.aodSet === "discard" && b.dataset.value === "0")));
      b.setAttribute("aria-pressed", on ? "true" : "false");
    });
    form.querySelectorAll("[data-aod-toggle]").forEach(function (b) {
      b.setAttribute("aria-pressed", (v[b.dataset.aodToggle] || []).indexOf(b.dataset.value) >= 0 ? "true" : "false");
    });
    document.querySelectorAll("[data-aod-map]").forEach(function (c) {
      var mine = form.dataset.aodMapField && v[form.dataset.aodMapField] === c.dataset.aodMap;
      c.classList.toggle("chosen", !!mine);
      c.setAttribute("aria-pressed", mine ? "true" : "false");
    });
    // a card type narrows the powers its cards can have (R78)
    var type = v.type || v.card_type;
    form.querySelectorAll("[data-types]").forEach(function (b) {
      var fits = !type || b.dataset.types.split(" ").indexOf(type) >= 0;
      b.disabled = !fits;
      if (!fits && v[b.dataset.aodSet] === b.dataset.value) v[b.dataset.aodSet] = undefined;
    });
    var text = form.querySelector("[data-aod-text]");
    if (text && document.activeElement !== text) text.value = v[text.name] || "";
  }

  function num(x) { return x === undefined || x === "" ? null : +x; }
  function say(el, text) { if (el && el.textContent !== text) el.textContent = text; }

  function dangerOf(name) {
    var b = document.querySelector("[data-aod-map='" + CSS.escape(name) + "']") ||
      document.querySelector("[data-aod-set=to][data-value='" + CSS.escape(name) + "']");
    return b ? +b.dataset.danger : null;
  }

  function renderMove(form) {
    var v = values(form);
    var verdict = form.querySelector("[data-aod-verdict]");
    var box = form.querySelector("[data-aod-shadow]");
    var power = num(v.card_power), check = num(v.check);
    var d = v.to ? dangerOf(v.to) : null;
    var shadow = 0;
    if (+form.dataset.hp <= 1) {
      say(verdict, "Last card: HP 0, the turn ends (the check does not count).");
    } else if (d === null || power === null || check === null) {
      say(verdict, d === null ? "" : "Danger at " + v.to + ": " + d + ". A check of " + (d + 1) + " or more is a safe journey.");
    } else if (power === 0) {
      say(verdict, "A move card of power 0 meets no shadow: safe journey.");
    } else if (check > d) {
      say(verdict, "Check " + check + " > danger " + d + ": safe journey.");
    } else {
      shadow = power;
      say(verdict, "Check " + check + " ≤ danger " + d + ": a shadow of power " + shadow + "!");
    }
    box.hidden = !shadow;
    if (!shadow) { v.shadow_pay = undefined; v.shadow_powers = []; }
    var pays = (json(form.dataset.pays, {})[v.to] || {})[String(shadow)] || [];
    box.querySelectorAll("[data-aod-set=shadow_pay]").forEach(function (b) {
      b.hidden = pays.indexOf(b.dataset.value) < 0;
      if (b.hidden && v.shadow_pay === b.dataset.value) v.shadow_pay = undefined;
    });
    say(form.querySelector("[data-aod-shadow-power]"), String(shadow));
    var magic = +form.dataset.magic;
    say(form.querySelector("[data-aod-shadow-why]"), !shadow ? "" : pays.indexOf("magic") < 0
      ? "Magic " + magic + " is less than " + shadow + ": it cannot pay."
      : "With magic " + magic + " the shadow must be defeated (no “not defeated”).");
    var cards = form.querySelector("[data-aod-cards]");
    cards.hidden = v.shadow_pay !== "cards";
    if (v.shadow_pay !== "cards") v.shadow_powers = [];
    var total = (v.shadow_powers || []).reduce(function (s, x) { return s + +x; }, 0);
    say(form.querySelector("[data-aod-cards-total]"), total + (shadow ? " of " + shadow + " (" + (v.shadow_powers || []).length + " card" + ((v.shadow_powers || []).length === 1 ? "" : "s") + ")" : ""));
    form.dataset.shadow = shadow;
    var submit = form.querySelector("button[type=submit]");
    var label = "Move" + (v.to ? " to " + v.to : "");
    if (shadow && v.shadow_pay === "cards") label += ": discard " + (v.shadow_powers || []).length + ", +" + shadow + " magic";
    else if (shadow && v.shadow_pay === "magic") label += ": spend " + shadow + " magic";
    else if (shadow && v.shadow_pay === "none") label += ": not defeated, HP 0";
    say(submit, label);
  }

  function renderTest(form) {
    var v = values(form);
    var seat = v.player !== undefined ? v.player : form.dataset.defaultPlayer;
    var stats = (json(form.dataset.stats, {})[seat]) || {};
    var hp = (json(form.dataset.hps, {})[seat]);
    var power = num(v.card_power), check = num(v.check), diff = num(v.difficulty);
    var stat = v.attribute ? stats[v.attribute] || 0 : null;
    var total = form.querySelector("[data-aod-total]");
    var bonus = form.querySelector("[data-aod-bonus]");
    var verdict = form.querySelector("[data-aod-test-verdict]");
    var parts = [power === null ? "card ?" : "card " + power, stat === null ? "stat ?" : v.attribute.slice(0, 3).toUpperCase() + " " + stat,
      check === null ? "check ?" : "check " + check];
    var sum = power !== null && stat !== null && check !== null ? power + stat + check : null;
    say(total, parts.join(" + ") + (sum === null ? "" : " = " + sum) + (diff === null ? "" : " vs " + diff));
    if (hp === 1) {
      say(bonus, "Last card: HP 0, no bonus and no result.");
      say(verdict, "");
      return;
    }
    say(bonus, v.card_type && v.attribute && v.card_type === v.attribute ? "Bonus: HEAL 1." : v.card_type && v.attribute ? "No bonus." : "");
    say(verdict, sum === null || diff === null ? "" : sum >= diff ? "W (win)" : "L (lose)");
  }

  function renderRest(form) {
    var v = values(form);
    var hp = +form.dataset.hp, target = +form.dataset.target, gain = +form.dataset.gain;
    var discard = num(v.discard) || 0;
    var choice = form.dataset.choice === "1";
    var to = choice ? (v.pay_magic === "true" ? 6 : 5) : target;
    var draw = Math.max(0, to - (hp - discard));
    var text = (discard ? "Discard " + discard + ", then d" : "D") + "raw " + draw + " (to HP " + Math.max(to, hp - discard) + "), gain " + gain + " magic" +
      (choice && v.pay_magic === "true" ? ", after paying 1 magic" : "") + "; the turn ends.";
    say(form.querySelector("[data-aod-rest-preview]"), text);
  }

  function renderReveal(form) {
    var v = values(form);
    say(form.querySelector("[data-aod-summary]"), v.type && v.power !== undefined && v.location
      ? (/^[aeiou]/.test(v.type) ? "An " : "A ") + v.type + " event of power " + v.power + " on " + v.location + (v.danger !== undefined ? " (danger " + v.danger + " on it)" : "") + "."
      : "Tap the type, the power and the location.");
  }

  function render(form) {
    press(form);
    var action = form.dataset.aodAction;
    if (action === "move") renderMove(form);
    else if (action === "test") renderTest(form);
    else if (action === "rest") renderRest(form);
    else if (action === "reveal_event") renderReveal(form);
    press(form); // what the step's own logic cleared shows unpressed
  }

  function renderAll() { document.querySelectorAll("form[data-aod-action]").forEach(render); }

  // ---- sending -----------------------------------------------------------------------------------
  var INTS = ["power", "danger", "card_power", "check", "difficulty", "discard", "player"];

  function paramsOf(form) {
    var v = values(form);
    var params = json(form.dataset.preset || "{}", {});
    Object.keys(v).forEach(function (k) {
      var x = v[k];
      if (x === undefined || x === "" || (Array.isArray(x) && !x.length)) return;
      if (k === "followers") params[k] = x.map(Number);
      else if (k === "shadow_powers") params[k] = x.map(Number);
      else if (k === "pay_magic") params[k] = x === "true";
      else params[k] = INTS.indexOf(k) >= 0 ? parseInt(x, 10) : x;
    });
    if (form.dataset.aodAction === "move" && !+form.dataset.shadow) { delete params.shadow_pay; delete params.shadow_powers; }
    return params;
  }

  function missing(form) {
    var params = paramsOf(form);
    var need = (form.dataset.aodRequired || "").split(" ").filter(Boolean);
    if (form.dataset.aodAction === "move" && +form.dataset.hp > 1 && +form.dataset.shadow) {
      need.push("shadow_pay");
      if (params.shadow_pay === "cards") need.push("shadow_powers");
    }
    return need.filter(function (k) { return params[k] === undefined; });
  }

  var LABELS = { type: "the type", power: "the power", location: "the location", to: "where to", card_type: "the card's type",
    card_power: "the card's power", check: "the check", attribute: "the attribute", difficulty: "the difficulty",
    shadow_pay: "how the shadow is faced", shadow_powers: "the cards' powers", name: "the name", danger: "the danger",
    player: "who tests" };

  function showInline(form, html) {
    var slot = form.querySelector("[data-aod-refusal]");
    if (!slot) return;
    slot.innerHTML = html;
    slot.hidden = !html;
  }

  document.addEventListener("submit", function (ev) {
    var form = ev.target;
    if (!form.matches || !form.matches("form[data-aod-action]")) return;
    ev.preventDefault();
    ev.stopPropagation();
    var gaps = missing(form);
    if (gaps.length) {
      showInline(form, "<p>Tap " + gaps.map(function (k) { return LABELS[k] || k; }).join(", ") + " first.</p>");
      return;
    }
    showInline(form, "");
    var button = ev.submitter || form.querySelector("button[type=submit]");
    button.setAttribute("data-act", form.dataset.aodAction);
    button.setAttribute("data-params", JSON.stringify(paramsOf(form)));
    lastSent = { key: keyOf(form), at: Date.now() };
    try { button.click(); } finally { button.removeAttribute("data-act"); button.removeAttribute("data-params"); }
  }, true);

  // recorded: the helper starts empty next time
  document.addEventListener("tk:recorded", function (ev) {
    var type = ev.detail && ev.detail.type;
    Object.keys(memory).forEach(function (k) { if (k.split("|")[0] === type) delete memory[k]; });
    lastSent = null;
  });

  // a refusal of a helper's action is shown beside it too (the box on top keeps "accept anyway")
  var refusal = document.querySelector("[data-testid=refusal]");
  if (refusal && window.MutationObserver) {
    new MutationObserver(function () {
      if (refusal.hidden || !lastSent || Date.now() - lastSent.at > 15000) return;
      var form = Array.prototype.filter.call(document.querySelectorAll("form[data-aod-action]"), function (f) {
        return keyOf(f) === lastSent.key;
      })[0];
      var list = refusal.querySelector("[data-refusal-list]");
      if (!form || !list) return;
      var copy = list.cloneNode(true);
      copy.removeAttribute("data-refusal-list");
      copy.querySelectorAll("[data-testid]").forEach(function (el) { el.setAttribute("data-testid", "aod-refusal-why"); });
      showInline(form, "");
      form.querySelector("[data-aod-refusal]").appendChild(copy);
      form.querySelector("[data-aod-refusal]").hidden = false;
    }).observe(refusal, { attributes: true, attributeFilter: ["hidden"], childList: true, subtree: true });
  }

  var live = document.getElementById("state");
  if (live && window.MutationObserver) new MutationObserver(renderAll).observe(live, { childList: true });
  renderAll();
})();
