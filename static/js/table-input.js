// Entering numbers on the table by tapping: a die's faces, amounts as chips. A roll is never typed.
(function () {
  "use strict";
  // Every required field of the form holds a value: the last face tapped may send the form.
  function complete(form) {
    return Array.prototype.every.call(form.querySelectorAll("[required], [data-required]"), function (el) {
      return el.value !== "";
    });
  }

  document.addEventListener("click", function (ev) {
    var face = ev.target.closest("[data-face]");
    if (face) {
      ev.preventDefault();
      var field = face.closest(".dice-field");
      var pad = face.closest("[data-die-pad]");
      pad.querySelectorAll("[data-face]").forEach(function (b) { b.setAttribute("aria-pressed", b === face ? "true" : "false"); });
      var input = field.querySelector("input[type=hidden]");
      var chosen = field.querySelectorAll("[data-face][aria-pressed=true]");
      var dice = +input.dataset.dice || 1;
      input.value = chosen.length === dice
        ? Array.prototype.reduce.call(chosen, function (sum, b) { return sum + +b.dataset.face; }, 0) : "";
      input.dataset.dirty = "1";
      var form = face.closest("form");
      if (input.value !== "" && form && complete(form) && form.querySelectorAll(".dice-field").length === 1) {
        form.requestSubmit();
      }
      return;
    }
    var chip = ev.target.closest("[data-chip]");
    if (chip) {
      ev.preventDefault();
      var row = chip.closest("[data-chips-for]");
      var target = chip.closest("form").querySelector("[name=\"" + row.dataset.chipsFor + "\"]");
      target.value = chip.dataset.chip;
      target.dataset.dirty = "1";
      row.querySelectorAll("[data-chip]").forEach(function (b) { b.setAttribute("aria-pressed", b === chip ? "true" : "false"); });
    }
  });
})();
