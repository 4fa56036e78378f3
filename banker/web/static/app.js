// The table view on a phone: follows the banker's ledger over server-sent events.
// Read-only. Every name and amount goes in with textContent, never as markup.
"use strict";
(function () {
  var body = document.body;
  var base = body.dataset.base;
  var me = parseInt(body.dataset.player, 10);
  var main = document.getElementById("main");
  var live = document.getElementById("live");
  var source = null;
  var lastHeard = 0;
  var stopped = false;
  var retryTimer = 0;

  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }
  function add(parent) {
    for (var i = 1; i < arguments.length; i++) if (arguments[i]) parent.appendChild(arguments[i]);
    return parent;
  }
  function section(title, cls) {
    return add(el("section", cls), title ? el("h2", null, title) : null);
  }
  function status(text, cls) {
    live.textContent = text;
    live.className = "live " + cls;
  }

  function deedTag(d) {
    if (d.mortgaged) return "mortgaged";
    if (d.hotel) return "hotel";
    if (d.houses) return d.houses + (d.houses > 1 ? " houses" : " house");
    return "";
  }

  function deedsOf(t, name) {
    var box = el("div");
    t.groups.forEach(function (g) {
      var lots = t.deeds.filter(function (d) { return d.owner === name && d.group === g.id; });
      if (!lots.length) return;
      var group = el("div", "group");
      group.style.borderLeftColor = g.colour;
      group.title = g.name;
      lots.forEach(function (d) {
        var row = add(el("div", "deed" + (d.mortgaged ? " mortgaged" : "")),
          el("span", "dn", d.name), el("span", "tag", deedTag(d)));
        group.appendChild(row);
      });
      box.appendChild(group);
    });
    return box;
  }

  function playerRow(t, p, index) {
    var row = el("div", "player" + (p.bankrupt ? " out" : "") + (index === me ? " me" : ""));
    add(row, add(el("div", "row"), el("span", "name", p.name), el("span", "money", p.cash_text)));
    var notes = ["worth " + p.worth_text];
    if (p.jail_cards) notes.push(p.jail_cards + " jail card" + (p.jail_cards > 1 ? "s" : ""));
    if (p.owes_text) notes.push("owes " + p.owes_text);
    if (p.bankrupt) notes.push("bankrupt");
    if (t.winner === p.name) notes.push("winner");
    add(row, el("div", "sub", notes.join(" \u00b7 ")), deedsOf(t, p.name));
    return row;
  }

  function statement(t, p) {
    var box = section("Your statement", "me");
    add(box, add(el("div", "row"), el("span", "name", p.name), el("span", "big", p.cash_text)));
    var notes = ["Worth " + p.worth_text];
    if (p.jail_cards) notes.push(p.jail_cards + " Get Out of Jail Free");
    if (p.owes_text) notes.push("Owes " + p.owes_text);
    if (p.bankrupt) notes.push("Bankrupt");
    t.debts.forEach(function (d) {
      if (d.debtor === p.name) notes.push(d.amount_text + " to " + d.creditor + " (" + d.reason + ")");
    });
    add(box, el("div", "sub", notes.join(" \u00b7 ")), deedsOf(t, p.name));
    return box;
  }

  function auction(t) {
    var a = t.auction;
    var box = section("Auction", "auction");
    var lot = a.kind === "deed" ? a.lot : "a " + a.lot;
    var high = a.high_bidder ? a.high_bid_text + " by " + a.high_bidder : "no bid yet";
    add(box, add(el("div", "row"), el("span", "name", lot), el("span", "money", high)),
      el("div", "sub", "Still in: " + a.bidders.join(", ")));
    return box;
  }

  function bank(t) {
    var box = section("Bank");
    var stats = el("div", "stats");
    function stat(value, label) { add(stats, add(el("div", "sub"), el("b", null, value), el("span", null, label))); }
    stat(t.bank.houses, "houses left");
    stat(t.bank.hotels, "hotels left");
    if (t.bank.pot) stat(t.bank.pot_text, "Free Parking pot");
    add(box, stats);
    t.debts.forEach(function (d) {
      add(box, el("div", "sub", d.debtor + " owes " + d.creditor + " " + d.amount_text + " (" + d.reason + ")"));
    });
    return box;
  }

  function history(t) {
    var box = section("Latest");
    var list = el("ol");
    t.history.forEach(function (h) { add(list, el("li", h.undone ? "undone" : null, h.text)); });
    return add(box, list);
  }

  function render(t) {
    var parts = [];
    var mine = t.players[me];
    if (mine) parts.push(statement(t, mine));
    if (t.auction) parts.push(auction(t));
    if (t.winner || t.ended) {
      parts.push(add(section("Game over"), el("div", "name", t.winner ? t.winner + " wins" : "The game has ended")));
    }
    var players = section("Players");
    t.players.forEach(function (p, i) { if (i !== me) players.appendChild(playerRow(t, p, i)); });
    parts.push(bank(t));
    if (players.childNodes.length > 1) parts.push(players);
    parts.push(history(t));
    document.title = (mine ? mine.name + ": " : "") + "Banker";
    document.getElementById("title").textContent = (mine ? mine.name : "The table") + " \u00b7 " + t.board;
    main.replaceChildren.apply(main, parts);
  }

  function connect() {
    clearTimeout(retryTimer);
    if (source) source.close();
    status("connecting", "wait");
    source = new EventSource(base + "events");
    source.addEventListener("table", function (e) {
      lastHeard = Date.now();
      render(JSON.parse(e.data));
      status("live", "ok");
    });
    source.addEventListener("ping", function () { lastHeard = Date.now(); });
    source.onerror = function () {
      if (source.readyState !== EventSource.CLOSED) { status("reconnecting", "wait"); return; }
      // The browser gave up (the server said no, or went away): ask whether sharing stopped.
      fetch(base + "table.json", { cache: "no-store" }).then(function (r) {
        if (r.status === 404) { stopped = true; source.close(); status("sharing stopped", "bad"); }
        else retryTimer = setTimeout(connect, 2000);
      }, function () { status("reconnecting", "wait"); retryTimer = setTimeout(connect, 3000); });
    };
  }

  function wake() {
    // After the phone sleeps the stream can look open yet be dead: heartbeats tell.
    if (stopped || document.visibilityState !== "visible") return;
    if (!source || source.readyState === EventSource.CLOSED || Date.now() - lastHeard > 40000) connect();
  }

  document.addEventListener("visibilitychange", wake);
  window.addEventListener("online", wake);
  window.addEventListener("pageshow", wake);
  setInterval(wake, 10000);
  connect();
})();
