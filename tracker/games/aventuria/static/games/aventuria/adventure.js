// Aventuria adventure combat: the villain's target-selection chips narrow the damage pads to the heroes
// that method can pick, and the method travels with the attack (a wrong pick is still refused, R126).
(function () {
  "use strict";
  document.addEventListener("click", function (ev) {
    var chip = ev.target.closest("[data-method]");
    if (!chip) return;
    var box = chip.closest("[data-testid=av-attack-pads]");
    var on = chip.getAttribute("aria-pressed") !== "true";
    box.querySelectorAll("[data-method]").forEach(function (b) { b.setAttribute("aria-pressed", b === chip && on ? "true" : "false"); });
    var targets = on ? chip.dataset.targets.split(",") : null;
    box.querySelectorAll("[data-target]").forEach(function (pad) {
      pad.hidden = targets !== null && targets.indexOf(pad.dataset.target) < 0;
      pad.querySelectorAll("[data-act=villain_attack]").forEach(function (b) {
        var params = JSON.parse(b.dataset.params);
        if (on) params.method = chip.dataset.method; else delete params.method;
        b.dataset.params = JSON.stringify(params);
      });
    });
  });
})();
