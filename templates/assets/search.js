// The header's search box (templates/search.html). Shown only on a page served over HTTP(S):
// Pagefind fetches its index, which file:// forbids, so there the box stays hidden. Pagefind's
// script (pagefind/pagefind.js, with the index of this page's <html lang>) loads at the first
// focus or keystroke.
// Each page found opens at its section: the section (a heading with an id, Pagefind's sub-result)
// where the words weigh most, shown by its heading and an excerpt of its text; on a page without
// such sections (the glossary), the element with an id where the words are (its entry).
// Only the words found that begin with a word typed count (all of it, or all but an ending such as
// a stemmer takes off: "sobrefallo" finds "sobrefallar"): a page with none for a word typed is not
// shown, and the excerpt marks no other word, so that a word of no page says so rather than show
// unrelated words highlighted.
// Results are built with DOM methods from the page's words as Pagefind keeps them: an excerpt's
// text goes in as text, its marks as new elements; no markup of the index is ever parsed.
(function () {
  "use strict";
  var form = document.querySelector("form.search");
  if (!form || !/^https?:$/.test(location.protocol)) return;
  var input = form.querySelector("input");
  var said = form.querySelector(".said-search");
  var list = form.querySelector("ol.found");
  var bundle = new URL(form.getAttribute("data-bundle"), document.baseURI).href;
  var lang = document.documentElement.lang || undefined;
  var pagefind = null;
  var asked = 0;
  var SHOWN = 8;

  function load() {
    if (!pagefind) {
      pagefind = import(bundle).then(function (module) {
        return Promise.resolve(module.init()).then(function () { return module; });
      });
    }
    return pagefind;
  }

  function fold(word) {
    // A word as compared: lower case, accents dropped (Pagefind finds "ultima" in "última"), but
    // not the vowel signs of Devanagari and other Indic scripts, which are letters.
    return word.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLocaleLowerCase(lang).normalize("NFC");
  }

  function trimmed(word) {
    return word.replace(/^[^\p{L}\p{M}\p{N}]+|[^\p{L}\p{M}\p{N}]+$/gu, "");
  }

  function begins(found, typed) {
    // Whether a word found begins with a word typed: all of it, or (typed words of four letters or
    // more) all but its last letters, at most a third of it and at least two.
    var f = fold(trimmed(found));
    if (f.startsWith(typed)) return true;
    if (typed.length < 4) return false;
    var same = 0;
    while (same < f.length && same < typed.length && f[same] === typed[same]) same++;
    return typed.length - same <= Math.max(2, Math.floor(typed.length / 3));
  }

  function typedWords(words) {
    return words.split(/\s+/).map(trimmed).filter(Boolean).map(fold);
  }

  function counts(word, typed) {
    return typed.some(function (one) { return begins(word, one); });
  }

  function pageWords(data) {
    return data.content.split(/[\r\n\s]+/g);
  }

  function landing(data, typed) {
    // The part of the page to open: its URL, its heading (none for an entry) and the words of its
    // excerpt with those to mark; null when, for a word typed, no word found on the page begins
    // with it.
    var text = pageWords(data);
    var found = data.locations.map(function (at) { return text[at] || ""; });
    var whole = typed.every(function (one) {
      return found.some(function (word) { return begins(word, one); });
    });
    if (!whole) return null;
    var best = heaviest(data.sub_results || [], function (part, add) {
      part.weighted_locations.forEach(add);
    }, text, typed);
    if (!best) return null;
    var anchors = (data.anchors || [])
      .filter(function (one) { return one.id && one.element !== "main"; })
      .sort(function (a, b) { return a.location - b.location; });
    if (best.anchor) {
      // A section: its prose, after its heading, up to the next heading Pagefind cuts at.
      var next = anchors.filter(function (one) {
        return one.location > best.anchor.location && /h\d/i.test(one.element) && /\S/.test(one.text || "");
      })[0];
      var start = best.anchor.location + best.anchor.text.split(/[\r\n\s]+/g).filter(Boolean).length;
      return part(best.url, best.title, text, start, next ? next.location : text.length, data.locations, typed);
    }
    // No heading with an id before the words (the glossary): the element with an id whose part
    // of the page weighs most (an entry), and its words.
    var entry = heaviest(anchors, function (anchor, add, index) {
      var end = index + 1 < anchors.length ? anchors[index + 1].location : Infinity;
      best.weighted_locations.forEach(function (at) {
        if (at.location >= anchor.location && at.location < end) add(at);
      });
    }, text, typed);
    if (!entry) return part(best.url, "", text, 0, text.length, data.locations, typed);
    var after = anchors[anchors.indexOf(entry) + 1];
    var url = data.url.split("#")[0] + "#" + encodeURIComponent(entry.id);
    return part(url, "", text, entry.location, after ? after.location : text.length, data.locations, typed);
  }

  function part(url, heading, text, start, end, locations, typed) {
    // A part of a page, its excerpt: 30 words from a few before its first word that counts (from
    // its start without one), within the part.
    var counted = locations.filter(function (at) {
      return at >= start && at < end && counts(text[at] || "", typed);
    });
    var from = counted.length ? Math.max(start, Math.min.apply(null, counted) - 6) : start;
    var to = Math.min(end, from + 30);
    return {
      url: url,
      heading: heading,
      words: text.slice(from, to),
      marked: counted.map(function (at) { return at - from; }),
      before: from > start,
      after: to < end
    };
  }

  function heaviest(parts, locations, text, typed) {
    // The part whose words that count weigh most (Pagefind's weights: a heading's words more),
    // the first of equals; null when none has any.
    var best = null;
    var most = 0;
    parts.forEach(function (one, index) {
      var weight = 0;
      locations(one, function (at) {
        if (counts(text[at.location] || "", typed)) weight += at.balanced_score;
      }, index);
      if (weight > most) {
        best = one;
        most = weight;
      }
    });
    return best;
  }

  function excerpt(part) {
    // The excerpt's words as text nodes, those that count in fresh <mark> elements: nothing of the
    // index is parsed as markup.
    var out = document.createDocumentFragment();
    var run = part.before ? "… " : "";
    part.words.forEach(function (word, index) {
      if (part.marked.indexOf(index) >= 0) {
        out.appendChild(document.createTextNode(run));
        var mark = document.createElement("mark");
        mark.textContent = word;
        out.appendChild(mark);
        run = " ";
      } else {
        run += word + " ";
      }
    });
    out.appendChild(document.createTextNode(run.replace(/ $/, "") + (part.after ? " …" : "")));
    return out;
  }

  function show(results, words) {
    list.replaceChildren();
    list.hidden = false;
    var typed = typedWords(words);
    results.forEach(function (result) {
      var item = document.createElement("li");
      var link = document.createElement("a");
      var title = result.data.meta && result.data.meta.title ? result.data.meta.title : result.data.url;
      link.href = result.part.url;
      var heading = result.part.heading && result.part.heading !== title ? result.part.heading : "";
      var named = (heading || title).split(/[\r\n\s]+/g).filter(Boolean);
      link.appendChild(excerpt({
        words: named,
        marked: named.map(function (word, at) { return counts(word, typed) ? at : -1; }),
        before: false,
        after: false
      }));
      if (heading) link.appendChild(document.createTextNode(" — " + title));
      var text = document.createElement("p");
      text.appendChild(excerpt(result.part));
      item.append(link, text);
      list.appendChild(item);
    });
    said.textContent = words ? form.getAttribute(results.length ? "data-found" : "data-none") : "";
    form.removeAttribute("aria-busy");
  }

  function shown(found, typed, mine) {
    // The first pages found that have the words typed, each with its part to open: their data
    // loaded SHOWN at a time (a page's text, a fetch each), as long as some are left out, up to
    // four times as many; none once other words are typed.
    var results = [];
    var next = 0;
    function more() {
      if (mine !== asked || results.length >= SHOWN || next >= Math.min(found.length, 4 * SHOWN)) {
        return Promise.resolve(results);
      }
      var batch = found.slice(next, next + SHOWN);
      next += SHOWN;
      return Promise.all(batch.map(function (result) { return result.data(); })).then(function (pages) {
        pages.forEach(function (data) {
          var part = results.length < SHOWN ? landing(data, typed) : null;
          if (part) results.push({ data: data, part: part });
        });
        return more();
      });
    }
    return more();
  }

  function search() {
    var words = input.value.trim();
    var mine = ++asked;
    if (!typedWords(words).length) return show([], "");
    form.setAttribute("aria-busy", "true"); // until the answer to these words, not an earlier one
    said.textContent = form.getAttribute("data-searching");
    load()
      .then(function (module) {
        // Pagefind drops every combining mark of the words typed and of the pages' words, unless
        // told to keep them: the vowel signs of Devanagari then go too (बेलोट would find बोली).
        var letters = /[^\u0300-\u036f]/.test(words.normalize("NFD").replace(/[^\p{M}]/gu, ""));
        return Promise.resolve(module.options({ exactDiacritics: letters })).then(function () {
          return module.search(words);
        });
      })
      .then(function (found) { return shown(found.results, typedWords(words), mine); })
      .then(function (results) { if (mine === asked) show(results, words); })
      .catch(function () {
        pagefind = null;
        if (mine === asked) {
          list.replaceChildren();
          said.textContent = form.getAttribute("data-failed");
          form.removeAttribute("aria-busy");
        }
      });
  }

  form.hidden = false;
  input.addEventListener("focus", function () { load().catch(function () { pagefind = null; }); }, { once: true });
  // On a phone the results lie over the page (site.css): a touch elsewhere or Escape puts them
  // away, the box's focus brings them back.
  document.addEventListener("pointerdown", function (event) {
    if (!form.contains(event.target)) list.hidden = true;
  });
  input.addEventListener("keydown", function (event) { if (event.key === "Escape") list.hidden = true; });
  input.addEventListener("focus", function () { list.hidden = false; });
  input.addEventListener("input", search);
  form.addEventListener("submit", function (event) { event.preventDefault(); search(); });
})();
