/* "Try it" on the play examples: no framework, no request. The verdict of every card (allowed and
   why, or refused and why) is the engine's, written into the page at build time (data-verdict);
   this only shows it. With script, each example starts with its answer hidden: no mark, no reason,
   and the lines that give the answer away (the allowed cards, the card played, the explanation)
   folded away until the player chooses a card (which is told its verdict) or asks for the answer
   ("Show the answer" shows every mark and reason). Without script the page shows all of it, as
   the source documents do. The arrow keys move between the cards of a hand. */
(function () {
  "use strict";
  function button(text) {
    var element = document.createElement("button");
    element.type = "button";
    element.textContent = text;
    return element;
  }
  Array.prototype.forEach.call(document.querySelectorAll(".example[data-try]"), function (example) {
    var hand = example.querySelector(".hand-cards");
    var label = example.querySelector(".hand");
    if (!hand || !label) return;
    var bar = document.createElement("p");
    var start = button(example.getAttribute("data-try"));
    var show = button(example.getAttribute("data-show"));
    var said = document.createElement("p");
    var cards = [];
    bar.className = "try";
    bar.appendChild(start);
    bar.appendChild(show);
    said.className = "said";
    said.setAttribute("role", "status");
    hand.parentNode.insertBefore(said, hand.nextSibling);
    hand.parentNode.insertBefore(bar, said.nextSibling);
    function choose(chosen) {
      cards.forEach(function (card) {
        card.setAttribute("aria-pressed", String(card === chosen));
        card.parentNode.classList.toggle("chosen", card === chosen);
      });
    }
    function trying(on) {
      example.classList.toggle("trying", on);
      example.classList.remove("tried");
      choose(null);
      start.hidden = on;
      show.hidden = !on;
      said.className = "said";
      said.textContent = on ? example.getAttribute("data-prompt") : "";
    }
    Array.prototype.forEach.call(hand.querySelectorAll(".face"), function (face) {
      var item = face.parentNode;
      var card = button("");
      card.setAttribute("aria-pressed", "false");
      item.replaceChild(card, face);
      card.appendChild(face);
      card.addEventListener("click", function () {
        choose(card);
        example.classList.add("tried");
        said.className = "said " + (item.classList.contains("ok") ? "ok" : "no");
        said.textContent = face.getAttribute("data-verdict");
      });
      card.addEventListener("keydown", function (event) {
        var step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
        if (!step) return;
        event.preventDefault();
        var at = shown.indexOf(card);
        shown[(at + step + shown.length) % shown.length].focus();
      });
      cards.push(card);
    });
    /* The cards in the order they are drawn (sorted by suit, style="order"), which the arrows follow. */
    var shown = cards.slice().sort(function (a, b) {
      return Number(getComputedStyle(a.parentNode).order) - Number(getComputedStyle(b.parentNode).order) ||
        cards.indexOf(a) - cards.indexOf(b);
    });
    start.addEventListener("click", function () {
      trying(true);
      if (shown.length) shown[0].focus();
    });
    show.addEventListener("click", function () {
      trying(false);
      start.focus();
    });
    trying(true);
  });
})();
