// Dark Force pages: the Essen '96 hour counting down, and the destroy form's value ("3" or "#").
// Loaded once with the page (templates/games/dark-force/duel.html); everything is looked up again on
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
  document.addEventListener("submit", function (ev) {
    ev.target.querySelectorAll && ev.target.querySelectorAll("[data-df-value]").forEach(function (el) {
      var v = el.value.trim();
      el.value = v;
      if (/^\d+$/.test(v)) el.setAttribute("data-int", ""); else el.removeAttribute("data-int");
    });
  }, true);

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
  setInterval(tick, 1000);
})();
