// The event's standings page: follows the director's board over server-sent events.
// Read-only. Every name and amount goes in with textContent, never as markup.
"use strict";
(function () {
  var base = document.body.dataset.base;
  var live = document.getElementById("live");
  var clock = document.getElementById("clock");
  var tables = document.getElementById("tables");
  var body = document.querySelector("#standings tbody");
  var head = document.querySelector("#standings thead");
  var mark = document.getElementById("mark");
  var words = {};
  var endsAt = null;
  var lastTurn = 10;
  var shown = null;
  var shownMark = null;

  function w(text) { return words[text] || text; }
  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }
  function status(text, cls) { live.textContent = w(text); live.className = "live " + cls; }

  // What the clock says of a table still playing: the last turn from time, then past time.
  function markNow() {
    if (endsAt === null) return null;
    var left = Math.round((endsAt - Date.now()) / 1000);
    if (left > 0) return null;
    return left > -60 * lastTurn ? "last turn" : "past time";
  }

  function tick() {
    var now = markNow();
    mark.textContent = now ? w(now) : "";
    if (now !== shownMark && shown) render(shown);
    if (endsAt === null) { clock.textContent = ""; return; }
    var left = Math.round((endsAt - Date.now()) / 1000);
    var sign = left < 0 ? "-" : "";
    left = Math.abs(left);
    var m = Math.floor(left / 60), s = left % 60;
    clock.textContent = sign + m + ":" + (s < 10 ? "0" : "") + s;
  }

  function render(board) {
    shown = board;
    words = board.words || {};
    lastTurn = board.last_turn_minutes || lastTurn;
    document.getElementById("title").textContent = board.event + " \u00b7 " + (board.round_words || w("Round") + " " + board.round + "/" + board.rounds + (board.phase ? " \u00b7 " + w(board.phase) : ""));
    var complete = document.getElementById("complete");
    complete.textContent = board.complete_words || "";
    complete.hidden = !board.complete_words;
    endsAt = board.ends_at ? Date.parse(board.ends_at) : null;
    shownMark = markNow();
    tick();
    tables.replaceChildren();
    board.tables.forEach(function (t) {
      var card = el("div", "table " + t.status.replace(" ", "-"));
      card.dataset.table = t.number;
      var head = el("h3");
      head.appendChild(el("span", null, t.title || w("Table") + " " + t.number));
      var state = (t.round_words ? t.round_words + " \u00b7 " : "") + (t.status === "lost" ? w("lost contact") + (t.lost_since ? " " + t.lost_since.slice(11, 16) : "") : w(t.status));
      head.appendChild(el("span", "state", state));
      card.appendChild(head);
      t.players.forEach(function (p) {
        var row = el("div", "row" + (p.name === t.leader ? " lead" : "") + (p.bankrupt ? " out" : ""));
        row.appendChild(el("span", "n", (p.table ? w("Table") + " " + p.table + ": " : "") + p.name));
        row.appendChild(el("span", "w", p.worth_text || ""));
        card.appendChild(row);
      });
      if (shownMark && !t.recorded) card.appendChild(el("div", "flag", w(shownMark)));
      if (t.flagged || t.at_time) card.appendChild(el("div", "flag", w("still playing at time")));
      if (t.corrected) card.appendChild(el("div", "flag", w("corrected")));
      tables.appendChild(card);
    });
    var columns = board.columns || [];
    var headRow = el("tr");
    columns.forEach(function (c) { headRow.appendChild(el("th", null, w(c.label))); });
    head.replaceChildren(headRow);
    body.replaceChildren();
    board.standings.forEach(function (r) {
      var tr = el("tr", r.withdrawn ? "out" : null);
      if (r.withdrawn) tr.title = w("withdrew");
      columns.forEach(function (c) {
        var v = r[c.key];
        if (v === undefined || v === null || v === 0 && c.key === "round") v = "";
        tr.appendChild(el("td", null, c.words && v !== "" ? w(String(v)) : v));
      });
      body.appendChild(tr);
    });
  }

  function connect() {
    var source = new EventSource(base + "events");
    source.addEventListener("board", function (e) { status("live", "ok"); render(JSON.parse(e.data)); });
    source.addEventListener("ping", function () { status("live", "ok"); });
    source.onerror = function () {
      if (source.readyState === EventSource.CLOSED) {
        status("sharing stopped", "bad");
        setTimeout(function () { fetch(base + "board.json").then(function (r) { if (r.ok) connect(); }); }, 5000);
      } else {
        status("reconnecting", "bad");
      }
    };
  }
  setInterval(tick, 1000);
  connect();
})();
