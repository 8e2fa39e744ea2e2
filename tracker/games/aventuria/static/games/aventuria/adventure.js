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

// The narrative's worst-of-several test: a pad per die; once every die has a face, the worst (the
// highest) goes as the roll with the dice beside it, through the usual tap (a refusal shows as any).
(function () {
  "use strict";
  document.addEventListener("click", function (ev) {
    var face = ev.target.closest("[data-worst-face]");
    if (!face) return;
    ev.preventDefault();
    var box = face.closest("[data-worst]");
    var pad = face.closest("[data-worst-pad]");
    pad.querySelectorAll("[data-worst-face]").forEach(function (b) { b.setAttribute("aria-pressed", b === face ? "true" : "false"); });
    var pads = box.querySelectorAll("[data-worst-pad]");
    var dice = [];
    pads.forEach(function (p) {
      var on = p.querySelector("[data-worst-face][aria-pressed=true]");
      if (on) dice.push(+on.dataset.worstFace);
    });
    if (dice.length !== pads.length) return;
    var send = box.querySelector("[data-worst-send]");
    var params = JSON.parse(send.dataset.preset || "{}");
    params.dice = dice;
    params.roll = Math.max.apply(null, dice);
    send.dataset.params = JSON.stringify(params);
    box.querySelectorAll("[data-worst-face]").forEach(function (b) { b.setAttribute("aria-pressed", "false"); });
    send.click();
  });
})();
