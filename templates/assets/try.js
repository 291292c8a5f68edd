/* "Try it" on the play examples: no framework, no request. The verdict of every card (allowed, or
   refused and why) is the engine's, written into the page at build time (data-verdict); this only
   shows it. Without script the page shows every mark and reason. */
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
    show.hidden = true;
    bar.appendChild(start);
    bar.appendChild(show);
    label.parentNode.insertBefore(bar, label);
    said.className = "said";
    said.setAttribute("role", "status");
    hand.parentNode.insertBefore(said, hand.nextSibling);
    function choose(chosen) {
      cards.forEach(function (card) {
        card.setAttribute("aria-pressed", String(card === chosen));
        card.parentNode.classList.toggle("chosen", card === chosen);
      });
    }
    Array.prototype.forEach.call(hand.querySelectorAll(".face"), function (face) {
      var item = face.parentNode;
      var card = button("");
      card.setAttribute("aria-pressed", "false");
      item.replaceChild(card, face);
      card.appendChild(face);
      card.addEventListener("click", function () {
        choose(card);
        said.className = "said " + (item.classList.contains("ok") ? "ok" : "no");
        said.textContent = face.getAttribute("data-verdict");
      });
      cards.push(card);
    });
    start.addEventListener("click", function () {
      example.classList.add("trying");
      choose(null);
      start.hidden = true;
      show.hidden = false;
      said.className = "said";
      said.textContent = example.getAttribute("data-prompt");
      if (cards.length) cards[0].focus();
    });
    show.addEventListener("click", function () {
      example.classList.remove("trying");
      choose(null);
      show.hidden = true;
      start.hidden = false;
      said.className = "said";
      said.textContent = "";
      start.focus();
    });
  });
})();
