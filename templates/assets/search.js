// The header's search box (templates/search.html). Shown only on a page served over HTTP(S):
// Pagefind fetches its index, which file:// forbids, so there the box stays hidden. Pagefind's
// script (pagefind/pagefind.js, with the index of this page's <html lang>) loads at the first
// focus or keystroke. Results are built with DOM methods: an excerpt's text goes in as text, its
// <mark> highlights as new elements; no markup of the index is ever inserted.
(function () {
  "use strict";
  var form = document.querySelector("form.search");
  if (!form || !/^https?:$/.test(location.protocol)) return;
  var input = form.querySelector("input");
  var said = form.querySelector(".said-search");
  var list = form.querySelector("ol.found");
  var bundle = new URL(form.getAttribute("data-bundle"), document.baseURI).href;
  var pagefind = null;
  var asked = 0;

  function load() {
    if (!pagefind) {
      pagefind = import(bundle).then(function (module) {
        return Promise.resolve(module.init()).then(function () { return module; });
      });
    }
    return pagefind;
  }

  function excerpt(html) {
    // Pagefind's excerpt: the page's text with <mark> around the words found. Parsed inertly,
    // then copied as text nodes and fresh <mark> elements only.
    var parsed = new DOMParser().parseFromString(html, "text/html").body;
    var out = document.createDocumentFragment();
    parsed.childNodes.forEach(function (node) {
      if (node.nodeName === "MARK") {
        var mark = document.createElement("mark");
        mark.textContent = node.textContent;
        out.appendChild(mark);
      } else {
        out.appendChild(document.createTextNode(node.textContent));
      }
    });
    return out;
  }

  function show(results, words) {
    list.replaceChildren();
    results.forEach(function (data) {
      var item = document.createElement("li");
      var link = document.createElement("a");
      link.href = data.url;
      link.textContent = data.meta && data.meta.title ? data.meta.title : data.url;
      var text = document.createElement("p");
      text.appendChild(excerpt(data.excerpt || ""));
      item.append(link, text);
      list.appendChild(item);
    });
    said.textContent = words ? form.getAttribute(results.length ? "data-found" : "data-none") : "";
    form.removeAttribute("aria-busy");
  }

  function search() {
    var words = input.value.trim();
    var mine = ++asked;
    if (!words) return show([], "");
    form.setAttribute("aria-busy", "true"); // until the answer to these words, not an earlier one
    said.textContent = form.getAttribute("data-searching");
    load()
      .then(function (module) { return module.search(words); })
      .then(function (found) {
        return Promise.all(found.results.slice(0, 8).map(function (result) { return result.data(); }));
      })
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
  input.addEventListener("input", search);
  form.addEventListener("submit", function (event) { event.preventDefault(); search(); });
})();
