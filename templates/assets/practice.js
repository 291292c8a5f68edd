/* The practice page: no framework, no request, no rules engine. Every verdict and reason is the
   engine's, written into the page at build time; this shows one question of each drill at a time,
   hides its answers until the player has chosen and checked, and counts the right answers.

   A question is a set of toggles: the cards of the hand (which may you play?) or the calls offered
   (which does the app accept?). "Check" marks each one, names the ones misjudged and rings them,
   right under the hand, beside "Next"; "Next" brings the next question's first line into view and
   its first toggle into focus. A filter by game (and by rule set, for a game whose rule sets play
   differently) and, from a link "practise this rule" (practice.html?reason=CODE), by the reason the
   questions ask about. Without script the page shows every question with its answers. */
(function () {
  "use strict";
  var page = document.querySelector(".practice");
  if (!page) return;
  var filter = page.querySelector(".filter");
  var games = filter.elements.game;
  var rules = filter.elements.rules;
  var same = filter.querySelector(".same-rules");
  var differ = {};
  Array.prototype.forEach.call(games.options, function (option) {
    if (option.value) differ[option.value] = option.hasAttribute("data-rules-differ");
  });
  var wanted = new URLSearchParams(window.location.search).get("reason");
  var ruled = page.querySelector(".one-rule");

  function text(element, name, values) {
    var said = element.getAttribute("data-" + name) || "";
    Object.keys(values || {}).forEach(function (key) {
      said = said.split("%(" + key + ")s").join(values[key]);
    });
    return said;
  }
  function button(label) {
    var element = document.createElement("button");
    element.type = "button";
    element.textContent = label;
    return element;
  }
  function line(name) {
    var element = document.createElement("p");
    element.className = name;
    return element;
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
  function asks(question) {
    return (question.getAttribute("data-reasons") || "").split(" ").indexOf(wanted) >= 0;
  }

  /* One question: its cards (or calls) become toggles; check() marks each, says which were
     misjudged and returns whether all were right. */
  function question(element, cards) {
    var items = Array.prototype.slice.call(element.querySelectorAll(cards ? ".hand-cards > li" : ".choices > li"));
    var verdicts = element.querySelectorAll(".verdicts > li");
    var toggles = items.map(function (item) {
      var shown = item.querySelector(cards ? ".face" : ".call");
      var toggle = button("");
      toggle.setAttribute("aria-pressed", "false");
      item.replaceChild(toggle, shown);
      toggle.appendChild(shown);
      toggle.addEventListener("click", function () {
        if (element.classList.contains("checked")) return;
        var on = toggle.getAttribute("aria-pressed") !== "true";
        toggle.setAttribute("aria-pressed", String(on));
        item.classList.toggle("picked", on);
      });
      return toggle;
    });
    arrows(toggles);
    function name(item) {
      return item.querySelector(cards ? ".face .name" : ".call").textContent.trim();
    }
    return {
      element: element,
      first: toggles[0],
      anchor: element.querySelector(cards ? ".hand-cards" : ".choices"),
      reset: function () {
        element.classList.remove("checked");
        toggles.forEach(function (toggle) {
          toggle.disabled = false;
          toggle.setAttribute("aria-pressed", "false");
          toggle.parentNode.classList.remove("picked", "right", "wrong");
        });
        Array.prototype.forEach.call(verdicts, function (verdict) { verdict.classList.remove("wrong"); });
      },
      check: function () {
        var missed = [];
        var refused = [];
        items.forEach(function (item, index) {
          var picked = toggles[index].getAttribute("aria-pressed") === "true";
          var ok = item.classList.contains("ok");
          if (ok && !picked) missed.push(name(item));
          if (!ok && picked) refused.push(name(item));
          item.classList.add(picked === ok ? "right" : "wrong");
          if (verdicts[index]) verdicts[index].classList.toggle("wrong", picked !== ok);
          toggles[index].disabled = true;
        });
        element.classList.add("checked");
        return { missed: missed, refused: refused };
      }
    };
  }

  var drills = Array.prototype.map.call(page.querySelectorAll(".drill"), function (drill) {
    var cards = drill.classList.contains("plays");
    var elements = Array.prototype.slice.call(drill.querySelectorAll(".question"));
    var handlers = elements.map(function (element) {
      element.classList.add("asking");
      return question(element, cards);
    });
    var progress = line("progress");
    var said = line("said");
    var bar = line("try");
    var tally = line("tally");
    var check = button(text(page, "check"));
    var next = button(text(page, "next"));
    var current = null;
    var asked = 0;
    var right = 0;
    said.setAttribute("role", "status");
    said.tabIndex = -1;
    bar.appendChild(check);
    bar.appendChild(next);
    /* The verdict line and "Next" on screen together; when they cannot be (very large text on a
       small phone), the verdict line from its start. */
    function showVerdict() {
      var margin = 8;
      var top = said.getBoundingClientRect().top;
      var bottom = bar.getBoundingClientRect().bottom;
      if (bottom - top + 2 * margin > window.innerHeight) window.scrollBy(0, top - margin);
      else if (bottom + margin > window.innerHeight) window.scrollBy(0, bottom + margin - window.innerHeight);
      else if (top < margin) window.scrollBy(0, top - margin);
    }
    function matching() {
      var game = games.value;
      var set = rules.disabled ? "" : rules.value;
      return handlers.filter(function (handler) {
        var element = handler.element;
        var its = element.getAttribute("data-game");
        return (!game || its === game) &&
          (!set || !differ[its] || element.getAttribute("data-rules") === set) &&
          (!wanted || asks(element));
      });
    }
    function show(handler, moved, again) {
      elements.forEach(function (element) { element.hidden = !handler || element !== handler.element; });
      current = handler;
      said.className = "said";
      said.textContent = "";
      if (!handler) return;
      var shown = matching();
      handler.reset();
      handler.element.insertBefore(progress, handler.element.firstChild);
      progress.textContent = text(page, "progress", { k: shown.indexOf(handler) + 1, n: shown.length });
      var after = handler.anchor.nextSibling;
      [said, bar, tally].forEach(function (element) { handler.anchor.parentNode.insertBefore(element, after); });
      check.hidden = false;
      if (again) {
        said.className = "said again";
        said.textContent = text(page, "again");
      }
      if (moved) {
        progress.scrollIntoView({ block: "start" });
        if (handler.first) handler.first.focus({ preventScroll: true });
      }
    }
    check.addEventListener("click", function () {
      if (!current) return;
      var found = current.check();
      var good = !found.missed.length && !found.refused.length;
      var parts = [text(drill, good ? "yes" : "not")];
      if (found.missed.length) parts.push(text(drill, "missed", { names: found.missed.join(", ") }));
      if (found.refused.length) parts.push(text(drill, "refused", { names: found.refused.join(", ") }));
      said.className = "said " + (good ? "ok" : "no");
      said.textContent = parts.join(" ");
      asked += 1;
      right += good ? 1 : 0;
      tally.textContent = text(page, "right", { right: right, asked: asked });
      check.hidden = true;
      showVerdict();
      said.focus({ preventScroll: true });
    });
    next.addEventListener("click", function () {
      var shown = matching();
      var at = shown.indexOf(current);
      show(shown[(at + 1) % shown.length] || null, true, at + 1 >= shown.length);
    });
    return {
      restart: function () {
        asked = 0;
        right = 0;
        tally.textContent = "";
        var shown = matching();
        drill.hidden = !shown.length;
        show(shown[0] || null, false, false);
      }
    };
  });

  function rulesMatter() {
    var game = games.value;
    var alike = !!game && !differ[game];
    rules.disabled = alike;
    if (same) same.hidden = !alike;
  }
  if (wanted && ruled) {
    var rule = ruled.querySelector('[data-reason="' + wanted.replace(/[^a-z-]/g, "") + '"]');
    if (rule) {
      rule.hidden = false;
      ruled.hidden = false;
      var every = button(text(page, "every"));
      every.addEventListener("click", function () {
        wanted = null;
        ruled.hidden = true;
        window.history.replaceState(null, "", window.location.pathname);
        drills.forEach(function (drill) { drill.restart(); });
      });
      ruled.appendChild(every);
    } else {
      wanted = null;
    }
  } else {
    wanted = null;
  }
  page.classList.add("live");
  filter.hidden = false;
  filter.addEventListener("change", function () {
    rulesMatter();
    drills.forEach(function (drill) { drill.restart(); });
  });
  rulesMatter();
  drills.forEach(function (drill) { drill.restart(); });
  if (wanted) {  /* the rule practised, then its first question (the link's #QUESTION, without script) */
    var top = function () { ruled.scrollIntoView({ block: "start" }); };
    top();
    window.addEventListener("load", top);
  }
})();
