/* The player's own case on a reason's landing: the app links a refusal to its line
   (allowed-cards.html?card=KH&led=S#why-must-follow-suit) and this shows, above the rule, the
   player's sentence in the page's language. No framework, no request, nothing of the address
   written into the page: each value of the query must be one of the page's own (the build's
   words, in #case's data-words), looked up by its code; a query outside the grammar (an unknown or
   repeated parameter, one missing, a value not in its set) shows nothing. The sentence is filled
   as the build fills it (generator/case.py, which the tests hold this to), and set as text. */
(function () {
  "use strict";
  var box = document.getElementById("case");
  if (!box) return;
  var words;
  try {
    words = JSON.parse(box.getAttribute("data-words"));
  } catch (error) {
    return;
  }
  var home = box.parentNode;
  var said = box.querySelector(".sentence");
  var GAMES = ["trump", "no-trump", "coinche"];
  var BID = /^(80|90|100|110|120|130|140|150|160|capot|generale)-[SHDC]$/;
  var PARTNERS = { N: "S", S: "N", E: "W", W: "E" };
  function own(object, key) {
    return object !== null && typeof object === "object" && Object.prototype.hasOwnProperty.call(object, key);
  }
  function valid(type, value) {
    var names = words.names;
    if (type === "card") return own(names.card, value);
    if (type === "suit") return own(names.suit, value);
    if (type === "seat") return own(names.seat, value);
    if (type === "game") return GAMES.indexOf(value) >= 0;
    if (type === "rules") return own(names.rules, value);
    if (type === "call") return own(names.call, value);
    if (type === "contract") return own(names.call, value) && BID.test(value);
    return false;
  }
  /* The query's values for a reason, or null when it is not the grammar's. */
  function read(code, search) {
    var allowed = {};
    words.grammar[code].forEach(function (written) {
      allowed[written.replace("?", "")] = written;
    });
    if (search.charAt(0) !== "?" || search.length < 2) return null;
    var values = {};
    var pairs = search.slice(1).split("&");
    for (var index = 0; index < pairs.length; index += 1) {
      var parts = pairs[index].split("=");
      if (parts.length !== 2) return null;
      var name, value;
      try {
        name = decodeURIComponent(parts[0]);
        value = decodeURIComponent(parts[1]);
      } catch (error) {
        return null;
      }
      if (!own(allowed, name) || own(values, name) || !valid(words.types[name], value)) return null;
      values[name] = value;
    }
    for (var key in allowed) {
      if (own(allowed, key) && allowed[key].indexOf("?") < 0 && !own(values, key)) return null;
    }
    return values;
  }
  /* A sentence that opens with a placeholder starts with a capital, as the build writes it. */
  function capital(text) {
    var characters = Array.from(text);
    for (var index = 0; index < characters.length; index += 1) {
      var character = characters[index];
      if (/\p{L}/u.test(character)) {
        characters[index] = character.toUpperCase();
        return characters.join("");
      }
      if (!/\s/.test(character) && "«„“\"'¡¿(".indexOf(character) < 0) break;
    }
    return text;
  }
  function fill(template, map) {
    if (typeof template !== "string") return null;
    var missing = false;
    var text = template.replace(/%\((\w+)\)s|%%/g, function (whole, name) {
      if (!name) return "%";
      if (!own(map, name) || typeof map[name] !== "string") {
        missing = true;
        return "";
      }
      return map[name];
    });
    if (missing) return null;
    return template.indexOf("%(") === 0 ? capital(text) : text;
  }
  function pick(names, key) {
    return key !== undefined && own(names, key) ? names[key] : undefined;
  }
  function play(code, values) {
    var names = words.names;
    var situation = "";
    if (code === "must-follow-suit") situation = values.led === values.trump ? "trump" : "plain";
    if (code === "must-go-higher") situation = PARTNERS[values.winner] === values.seat ? "partner" : "opponent";
    if (code === "must-undertrump" && words.named.indexOf(values.game) >= 0) situation = "rules";
    var reason = fill(pick(words.sentences[code], situation), {
      led: pick(names.suit, values.led),
      card: pick(code === "must-overtrump" ? names.trumped : names.inside, values.best),
      winner: pick(names.seat, values.winner),
      rules: pick(names.rules, values.rules)
    });
    return reason === null ? null : fill(words.line, { card: names.card[values.card], reason: reason });
  }
  function call(code, values) {
    var names = words.names;
    var situation = "";
    if (code === "out-of-turn" && values.call === "coinche") {
      situation = words.named.indexOf("coinche") >= 0 ? "coinche rules" : "coinche";
    }
    var reason = fill(pick(words.sentences[code], situation), {
      game: pick(names.game, values.game),
      rules: pick(names.rules, values.rules),
      seat: pick(names.seat, values.speaks),
      suit: pick(names.suit, values.turned),
      contract: pick(names.call, values.contract),
      taker: pick(names.seat, values.taker)
    });
    return reason === null ? null : fill(words.line, { call: names.call[values.call], reason: reason });
  }
  function show() {
    box.hidden = true;
    said.textContent = "";
    if (box.parentNode !== home) home.insertBefore(box, home.firstChild);
    var hash = location.hash;
    if (hash.indexOf("#why-") !== 0) return;
    var code = hash.slice(5);
    if (!own(words.grammar, code)) return;
    var line = document.getElementById("why-" + code);
    var values = read(code, location.search);
    if (!line || !values) return;
    var sentence = words.kind === "play" ? play(code, values) : call(code, values);
    if (sentence === null) return;
    said.textContent = sentence;
    line.insertBefore(box, line.firstChild);
    box.hidden = false;
  }
  window.addEventListener("hashchange", show);
  show();
})();
