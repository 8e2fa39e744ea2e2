// Home: the games opened on this phone, and a new-game form that follows the chosen game.
(function () {
  "use strict";
  var list = document.querySelector("[data-testid=resume-list]");
  var saved = [];
  try { saved = JSON.parse(localStorage.getItem("tk.sessions") || "[]"); } catch (e) { saved = []; }
  // only this site's own table pages: anything else in storage is not ours to turn into a link
  saved = (Array.isArray(saved) ? saved : []).filter(function (s) {
    return s && typeof s.url === "string" && /^\/t\/[\w-]+\/$/.test(s.url);
  });
  if (list && saved.length) {
    saved.forEach(function (s) {
      var li = document.createElement("li");
      var a = document.createElement("a");
      a.href = s.url; a.textContent = s.title || s.url;
      li.appendChild(a); list.appendChild(li);
    });
    document.querySelector("[data-resume]").hidden = false;
  }
  var game = document.getElementById("ng-game"), mode = document.getElementById("ng-mode");
  if (!game || !mode) return;
  // a game's options may differ by mode (data-modes): only the chosen mode's are shown and sent
  function forMode(el) {
    var o = mode.selectedOptions[0];
    return !el.dataset.modes || !o || el.dataset.modes.split(" ").indexOf(o.value) >= 0;
  }
  function rows() { return Array.prototype.slice.call(document.querySelectorAll(".player-row")); }
  function syncModes() {
    // only the chosen game's player fields and options are shown and sent
    Array.prototype.forEach.call(document.querySelectorAll("#new-game [data-game]:not(option)"), function (el) {
      var mine = el.dataset.game === game.value;
      el.hidden = !mine;
      (el.matches("input, select") ? [el] : Array.prototype.slice.call(el.querySelectorAll("input, select")))
        .forEach(function (input) { input.disabled = !mine; });
    });
    var first = null;
    Array.prototype.forEach.call(mode.options, function (o) {
      o.hidden = o.disabled = o.dataset.game !== game.value;
      if (!o.hidden && !first) first = o;
    });
    // Select the option itself: two games may share a mode's value ("duel"), and setting
    // mode.value would pick the other game's hidden, disabled option, which is never sent.
    if ((!mode.selectedOptions[0] || mode.selectedOptions[0].disabled) && first) first.selected = true;
    syncOptions();
    syncRows();
    syncSeatNames();
  }
  // Seats offered in the options ("who goes first") read as the names typed above.
  function syncSeatNames() {
    var names = rows().map(function (r, i) {
      var v = r.querySelector("input[name=name]").value.trim();
      return v || "Player " + (i + 1);
    });
    document.querySelectorAll("select[data-seat-names] option").forEach(function (o) {
      if (o.value !== "") o.textContent = names[+o.value] || ("Player " + (+o.value + 1));
    });
  }
  function syncRows() {
    var o = mode.selectedOptions[0]; if (!o) return;
    var min = +o.dataset.min;
    rows().forEach(function (r, i) {
      if (i < min) r.hidden = false;
      r.querySelector("input[name=name]").required = i < min;
    });
  }
  document.querySelector("[data-add-player]").addEventListener("click", function () {
    var hidden = rows().filter(function (r) { return r.hidden; });
    if (hidden.length) { hidden[0].hidden = false; hidden[0].querySelector("input").focus(); }
  });
  game.addEventListener("change", syncModes);
  document.getElementById("new-game").addEventListener("input", function (ev) {
    if (ev.target.name === "name") syncSeatNames();
  });
  function syncOptions() {
    var sets = document.querySelectorAll("#new-game details.options[data-game='" + game.value + "'] [data-modes]");
    Array.prototype.forEach.call(sets, function (el) {
      var mine = forMode(el);
      el.hidden = !mine;
      el.querySelectorAll("input, select").forEach(function (input) { input.disabled = !mine; });
    });
  }
  mode.addEventListener("change", function () { syncOptions(); syncRows(); });
  syncModes();
})();
