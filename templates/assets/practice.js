/* The practice page: no framework, no request, no rules engine. Every verdict and reason is the
   engine's, written into the page at build time; this shows one question at a time, hides its
   answers until the player has chosen, and counts the right answers. Without script the page
   shows every question with its answers. */
(function () {
  "use strict";
  var page = document.querySelector(".practice");
  if (!page) return;
  var filter = page.querySelector(".filter");
  var asked = 0;
  var right = 0;
  var tallies = [];
  function text(name) {
    return page.getAttribute("data-" + name);
  }
  function button(label) {
    var element = document.createElement("button");
    element.type = "button";
    element.textContent = label;
    return element;
  }
  function count(good) {
    asked += 1;
    right += good ? 1 : 0;
    var said = text("right").replace("%(right)s", right).replace("%(asked)s", asked);
    tallies.forEach(function (tally) { tally.textContent = said; });
  }
  function arrows(buttons) {
    buttons.forEach(function (element, index) {
      element.addEventListener("keydown", function (event) {
        var step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
        if (!step) return;
        event.preventDefault();
        buttons[(index + step + buttons.length) % buttons.length].focus();
      });
    });
  }
  /* A card question: the cards are toggles; "Check" shows each card's mark and verdict. */
  function cardQuestion(question, said, check) {
    var toggles = [];
    var verdicts = question.querySelectorAll(".verdicts li");
    Array.prototype.forEach.call(question.querySelectorAll(".hand-cards .face"), function (face) {
      var item = face.parentNode;
      var toggle = button("");
      toggle.setAttribute("aria-pressed", "false");
      item.replaceChild(toggle, face);
      toggle.appendChild(face);
      toggle.addEventListener("click", function () {
        if (question.classList.contains("checked")) return;
        var on = toggle.getAttribute("aria-pressed") !== "true";
        toggle.setAttribute("aria-pressed", String(on));
        item.classList.toggle("picked", on);
      });
      toggles.push(toggle);
    });
    arrows(toggles);
    return {
      first: function () { return toggles[0]; },
      reset: function () {
        question.classList.remove("checked");
        toggles.forEach(function (toggle) {
          toggle.setAttribute("aria-pressed", "false");
          toggle.parentNode.classList.remove("picked", "right", "wrong");
        });
        Array.prototype.forEach.call(verdicts, function (verdict) { verdict.classList.remove("wrong"); });
        check.hidden = false;
      },
      check: function () {
        var good = true;
        toggles.forEach(function (toggle, index) {
          var item = toggle.parentNode;
          var fits = (toggle.getAttribute("aria-pressed") === "true") === item.classList.contains("ok");
          item.classList.add(fits ? "right" : "wrong");
          verdicts[index].classList.toggle("wrong", !fits);
          good = good && fits;
        });
        question.classList.add("checked");
        check.hidden = true;
        said.className = "said " + (good ? "ok" : "no");
        said.textContent = text(good ? "yes" : "not");
        count(good);
      }
    };
  }
  /* A call question: the calls are buttons; choosing one tells its verdict and shows them all. */
  function callQuestion(question, said) {
    var choices = [];
    Array.prototype.forEach.call(question.querySelectorAll(".choices .call"), function (name) {
      var item = name.parentNode;
      var choice = button("");
      item.replaceChild(choice, name);
      choice.appendChild(name);
      choice.addEventListener("click", function () {
        if (question.classList.contains("checked")) return;
        var good = item.classList.contains("ok");
        item.classList.add("chosen");
        choice.setAttribute("aria-pressed", "true");
        question.classList.add("checked");
        said.className = "said " + (good ? "ok" : "no");
        said.textContent = text(good ? "accepted" : "refused") + " " + item.querySelector(".answer").textContent;
        count(good);
      });
      choices.push(choice);
    });
    arrows(choices);
    return {
      first: function () { return choices[0]; },
      reset: function () {
        question.classList.remove("checked");
        choices.forEach(function (choice) {
          choice.removeAttribute("aria-pressed");
          choice.parentNode.classList.remove("chosen");
        });
      },
      check: null
    };
  }
  var drills = Array.prototype.map.call(page.querySelectorAll(".drill"), function (drill) {
    var questions = Array.prototype.slice.call(drill.querySelectorAll(".question"));
    var bar = document.createElement("p");
    var check = button(text("check"));
    var next = button(text("next"));
    var said = document.createElement("p");
    var tally = document.createElement("p");
    var current = null;
    bar.className = "try";
    said.className = "said";
    said.setAttribute("role", "status");
    tally.className = "tally";
    tallies.push(tally);
    var list = drill.querySelector(".questions");
    list.parentNode.insertBefore(said, list.nextSibling);
    list.parentNode.insertBefore(bar, said.nextSibling);
    bar.parentNode.insertBefore(tally, bar.nextSibling);
    var cards = drill.classList.contains("plays");
    if (cards) bar.appendChild(check);
    bar.appendChild(next);
    var handlers = questions.map(function (question) {
      question.classList.add("asking");
      return cards ? cardQuestion(question, said, check) : callQuestion(question, said);
    });
    function matching() {
      var game = filter.elements.game.value;
      var rules = filter.elements.rules.value;
      return questions.filter(function (question) {
        return (!game || question.getAttribute("data-game") === game) &&
          (!rules || question.getAttribute("data-rules") === rules);
      });
    }
    function show(question, focus) {
      questions.forEach(function (other) { other.hidden = other !== question; });
      current = question;
      said.className = "said";
      said.textContent = "";
      next.hidden = !question;
      check.hidden = !question;
      if (!question) return;
      var handler = handlers[questions.indexOf(question)];
      handler.reset();
      if (focus && handler.first()) handler.first().focus();
    }
    check.addEventListener("click", function () {
      if (current) handlers[questions.indexOf(current)].check();
    });
    next.addEventListener("click", function () {
      var shown = matching();
      var at = shown.indexOf(current);
      show(shown[(at + 1) % shown.length] || null, true);
    });
    return { restart: function () { show(matching()[0] || null, false); } };
  });
  page.classList.add("live");
  filter.hidden = false;
  filter.addEventListener("change", function () {
    drills.forEach(function (drill) { drill.restart(); });
  });
  drills.forEach(function (drill) { drill.restart(); });
})();
