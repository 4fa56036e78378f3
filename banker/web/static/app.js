// The table view on a phone: follows the banker's ledger over server-sent events.
// On a player's own link it also acts for that player (bids at an auction, buy or
// auction, trades worked out with another player's phone), each action sent once with an
// id of its own and retried once with the same id; the server checks it as the banker's
// typed command. Every name and amount goes in with textContent, never as markup.
"use strict";
(function () {
  var body = document.body;
  var base = body.dataset.base;
  var me = parseInt(body.dataset.player, 10);
  var own = body.dataset.own === "1";
  var main = document.getElementById("main");
  var act = document.getElementById("act");
  var bidding = null;
  var live = document.getElementById("live");
  var source = null;
  var lastHeard = 0;
  var stopped = false;
  var retryTimer = 0;
  var words = {};

  // The page's words come translated with every table; {name} marks a value.
  function w(text, values) {
    var out = words[text] || text;
    if (values) Object.keys(values).forEach(function (k) { out = out.split("{" + k + "}").join(String(values[k])); });
    return out;
  }

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
    if (d.mortgaged) return w("mortgaged");
    if (d.hotel) return w("hotel");
    if (d.houses) return d.houses_text;
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
    var notes = p.worth_text === null ? [] : [w("worth {amount}", { amount: p.worth_text })];
    if (p.jail_cards_text) notes.push(p.jail_cards_text);
    if (p.owes_text) notes.push(w("owes {amount}", { amount: p.owes_text }));
    if (p.turn && !t.winner) notes.unshift(w("their turn"));
    if (!p.bankrupt && !t.winner && !t.ended) notes.push(p.in_jail ? w("in jail, throw {n} of 3", { n: p.jail_throws + 1 }) : w("on {square}", { square: p.square_text }));
    if (p.bankrupt) notes.push(w("bankrupt"));
    if (t.winner === p.name) notes.push(w("winner"));
    add(row, el("div", "sub", notes.join(" \u00b7 ")), deedsOf(t, p.name));
    return row;
  }

  function statement(t, p) {
    var box = section(w("Your statement"), "me");
    add(box, add(el("div", "row"), el("span", "name", p.name), el("span", "big", p.cash_text)));
    var notes = p.worth_text === null ? [] : [w("worth {amount}", { amount: p.worth_text })];
    if (p.jail_cards_text) notes.push(p.jail_cards_text);
    if (p.owes_text) notes.push(w("owes {amount}", { amount: p.owes_text }));
    if (p.turn && !t.winner) notes.unshift(w("their turn"));
    if (!p.bankrupt && !t.winner && !t.ended) notes.push(p.in_jail ? w("in jail, throw {n} of 3", { n: p.jail_throws + 1 }) : w("on {square}", { square: p.square_text }));
    if (p.bankrupt) notes.push(w("bankrupt"));
    t.debts.forEach(function (d) {
      if (d.debtor === p.name) notes.push(w("{amount} to {creditor} ({reason})", { amount: d.amount_text, creditor: d.creditor, reason: d.reason }));
    });
    add(box, el("div", "sub", notes.join(" \u00b7 ")), deedsOf(t, p.name));
    return box;
  }

  // Whose turn it is, large at the top, with where their token stands.
  function turn(t) {
    var p = t.players.filter(function (q) { return q.name === t.turn; })[0];
    var box = section(null, "turn");
    add(box, el("div", "big", w("{name}'s turn", { name: t.turn })));
    if (p) add(box, el("div", "sub", p.in_jail ? w("in jail, throw {n} of 3", { n: p.jail_throws + 1 }) : w("on {square}", { square: p.square_text })));
    return box;
  }

  function auction(t) {
    var a = t.auction;
    var box = section(w("Auction"), "auction");
    var lot = a.kind === "deed" ? a.lot : w(a.kind === "house" ? "a house" : "a hotel");
    var high = a.high_bidder ? w("{amount} by {name}", { amount: a.high_bid_text, name: a.high_bidder }) : w("no bid yet");
    add(box, add(el("div", "row"), el("span", "name", lot), el("span", "money", high)),
      el("div", "sub", w("Still in: {names}", { names: a.bidders.join(", ") })));
    return box;
  }

  // A player's own link at an auction: the bid box, drawn once and updated in place so a
  // typed amount (and the phone's keyboard) survive every update of the table.
  function newActionId() {
    var bytes = new Uint8Array(12);
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }

  function send(request, box) {
    box.said.textContent = w("sending…");
    box.said.className = "said";
    var tries = 0;
    function attempt() {
      tries += 1;
      fetch(base + "act", {
        method: "POST", cache: "no-store", headers: { "Content-Type": "application/json" },
        body: JSON.stringify(request)
      }).then(function (r) { return r.json(); }).then(function (answer) {
        box.said.textContent = answer.said;
        box.said.className = "said " + (answer.ok ? "ok" : "bad");
        if (answer.ok && request.act === "bid") box.input.value = "";
        if (answer.ok && box.done) box.done(request);
      }, function () {
        // no answer: the same action again, once, with the same id (applied once)
        if (tries < 2) { setTimeout(attempt, 800); return; }
        box.said.textContent = w("Not sent: no connection. Try again.");
        box.said.className = "said bad";
      });
    }
    attempt();
  }

  function bidBox() {
    if (bidding) return bidding;
    var box = { section: el("section"), lot: el("div", "name"), high: el("div", "sub"),
      input: el("input"), go: el("button", "go"), raises: el("div", "raises"),
      drop: el("button"), said: el("p", "said"), lotName: null, t: null };
    box.input.type = "number"; box.input.inputMode = "numeric"; box.input.min = "1";
    box.input.id = "bid-amount";
    box.go.type = "button"; box.drop.type = "button";
    box.said.setAttribute("role", "status");
    box.head = el("h2");
    var form = add(el("div", "form"), box.input, box.go);
    add(box.section, box.head, add(el("div", "row"), box.lot, box.high), form, box.raises, box.drop, box.said);
    box.go.addEventListener("click", function () {
      var amount = parseInt(box.input.value, 10);
      if (!(amount > 0)) { box.input.focus(); return; }
      send({ act: "bid", id: newActionId(), lot: box.lotName, amount: amount }, box);
    });
    box.input.addEventListener("keydown", function (e) { if (e.key === "Enter") box.go.click(); });
    box.drop.addEventListener("click", function () {
      send({ act: "drop", id: newActionId(), lot: box.lotName }, box);
    });
    bidding = box;
    return box;
  }

  function showBidding(t) {
    var a = t.auction, mine = t.players[me];
    var can = own && t.acts && a && mine && a.bidders.indexOf(mine.name) >= 0 && !t.winner && !t.ended;
    if (!can) {
      var out = own && t.acts && a && mine && !mine.bankrupt && !t.winner && !t.ended;
      act.hidden = !out;
      // out of it (dropped, or not able to build): say so, with the last answer
      if (out) act.replaceChildren(add(el("section"), el("h2", null, w("Auction")), el("div", "name", w("You are out of this auction")), bidding ? bidding.said : null));
      return false;
    }
    var box = bidBox();
    if (act.firstChild !== box.section) { box.section.appendChild(box.said); act.replaceChildren(box.section); }
    if (box.lotName !== a.lot) { box.input.value = ""; box.said.textContent = ""; }
    box.lotName = a.lot;
    act.hidden = false;
    box.head.textContent = w("Auction");
    box.lot.textContent = a.kind === "deed" ? a.lot : w(a.kind === "house" ? "a house" : "a hotel");
    box.high.textContent = a.high_bidder === mine.name ? w("You hold the high bid") + " \u00b7 " + a.high_bid_text
      : a.high_bidder ? w("{amount} by {name}", { amount: a.high_bid_text, name: a.high_bidder }) : w("no bid yet");
    box.input.placeholder = w("from {amount}", { amount: a.lowest_bid_text });
    box.input.min = String(a.lowest_bid);
    box.go.textContent = w("Bid");
    box.raises.replaceChildren.apply(box.raises, a.raises.map(function (r) {
      var b = add(el("button"), document.createTextNode(w("Bid {amount}", { amount: r.text })), el("small", null, r.step_text));
      b.type = "button";
      b.disabled = r.amount > mine.cash || a.high_bidder === mine.name;
      b.addEventListener("click", function () { send({ act: "bid", id: newActionId(), lot: a.lot, amount: r.amount }, box); });
      return b;
    }));
    box.drop.textContent = w("Drop out");
    box.drop.hidden = a.high_bidder === mine.name;
    return true;
  }

  // The landing's question on the landing player's own page: buy at the price, or auction.
  var asking = null;
  function showAsk(t) {
    var q = t.ask, mine = t.players[me];
    if (!(own && t.acts && q && mine && q.player === mine.name)) return false;
    if (!asking) {
      asking = { section: el("section"), head: el("h2"), deed: el("div", "name"), price: el("div", "money"),
        buy: el("button", "go"), auction: el("button"), reason: el("div", "sub"), said: el("p", "said") };
      asking.buy.type = "button"; asking.auction.type = "button";
      asking.said.setAttribute("role", "status");
      var buttons = add(el("div", "raises"), asking.buy, asking.auction);
      add(asking.section, asking.head, add(el("div", "row"), asking.deed, asking.price), asking.reason, buttons, asking.said);
      asking.buy.addEventListener("click", function () { send({ act: "buy", id: newActionId(), lot: asking.lot }, asking); });
      asking.auction.addEventListener("click", function () { send({ act: "auction", id: newActionId(), lot: asking.lot }, asking); });
    }
    if (asking.lot !== q.deed) asking.said.textContent = "";
    asking.lot = q.deed;
    asking.head.textContent = w("Buy or auction?");
    asking.deed.textContent = q.deed;
    asking.price.textContent = q.price_text;
    asking.buy.textContent = w("Buy for {amount}", { amount: q.price_text });
    asking.buy.disabled = !!q.refusal;
    asking.reason.textContent = q.refusal || "";
    asking.auction.textContent = w("Auction");
    if (act.firstChild !== asking.section) act.replaceChildren(asking.section);
    act.hidden = false;
    return true;
  }

  // Trades worked out between two players' phones. What a player gives and asks is built
  // here; the other player accepts, declines or changes it; the banker makes it once both
  // said yes to the same version. The builder and the proposals are drawn once and
  // updated in place, so what is being typed survives every update of the table.
  var trading = null;

  function checkbox(label, checked, disabled, note, onChange, deed) {
    var input = el("input");
    input.type = "checkbox"; input.checked = checked; input.disabled = disabled;
    if (deed) input.dataset.deed = deed;
    input.addEventListener("change", function () { onChange(input.checked); });
    return add(el("label", "pick" + (disabled ? " off" : "")), input, el("span", null, label), note ? el("small", null, note) : null);
  }

  function amountInput(id) {
    var input = el("input");
    input.type = "number"; input.inputMode = "numeric"; input.min = "0"; input.id = id;
    return input;
  }

  function tradeBox() {
    if (trading) return trading;
    var b = { section: el("section", "trades"), head: el("h2"), list: el("div"), notes: el("div"),
      open: el("button"), form: el("div", "builder"), partner: el("select"), partnerLabel: el("label", "sub"),
      giveHead: el("h3"), give: el("div", "deeds"), giveCash: amountInput("give-cash"), giveCards: amountInput("give-cards"),
      giveDebt: amountInput("give-debt"), getHead: el("h3"), get: el("div", "deeds"), getCash: amountInput("get-cash"),
      getCards: amountInput("get-cards"), getDebt: amountInput("get-debt"), lift: el("div", "deeds"),
      sendButton: el("button", "go"), cancel: el("button"), said: el("p", "said"),
      chosen: { give: {}, get: {}, lift: {} }, editing: null, t: null };
    b.open.type = "button"; b.sendButton.type = "button"; b.cancel.type = "button";
    b.open.id = "trade-new"; b.partner.id = "trade-partner"; b.sendButton.id = "trade-send";
    b.said.setAttribute("role", "status");
    b.giveCashLabel = el("label", "sub"); b.getCashLabel = el("label", "sub");
    b.giveCardsLabel = el("label", "sub"); b.getCardsLabel = el("label", "sub");
    b.giveDebtLabel = el("label", "sub"); b.getDebtLabel = el("label", "sub");
    b.liftHead = el("h3");
    add(b.form, add(b.partnerLabel), b.partner, b.giveHead, b.give, add(b.giveCashLabel), b.giveCash,
      add(b.giveCardsLabel), b.giveCards, add(b.giveDebtLabel), b.giveDebt,
      b.getHead, b.get, add(b.getCashLabel), b.getCash, add(b.getCardsLabel), b.getCards,
      add(b.getDebtLabel), b.getDebt, b.liftHead, b.lift, add(el("div", "raises"), b.sendButton, b.cancel));
    b.form.hidden = true;
    add(b.section, b.head, b.list, b.notes, b.open, b.form, b.said);
    b.open.addEventListener("click", function () { startTrade(null); });
    b.cancel.addEventListener("click", function () { b.form.hidden = true; b.editing = null; b.open.hidden = false; });
    b.partner.addEventListener("change", function () { b.chosen.get = {}; b.chosen.lift = {}; fillBuilder(b.t); });
    b.sendButton.addEventListener("click", function () {
      var mine = b.t.players[me].name;
      var request = { id: newActionId(), give: sideOf(b, "give"), get: sideOf(b, "get"),
        lift: Object.keys(b.chosen.lift).filter(function (d) { return b.chosen.lift[d] && b.chosen.get[d]; }) };
      if (b.editing) { request.act = "change"; request.trade = b.editing.number; request.version = b.editing.version; }
      else { request.act = "propose"; request.partner = b.partner.value; }
      if (!mine) return;
      send(request, b);
    });
    b.done = function (request) {
      if (request.act === "propose" || request.act === "change") {
        b.form.hidden = true; b.editing = null; b.open.hidden = false;
        b.chosen = { give: {}, get: {}, lift: {} };
        [b.giveCash, b.getCash, b.giveCards, b.getCards, b.giveDebt, b.getDebt].forEach(function (i) { i.value = ""; });
      }
    };
    trading = b;
    return b;
  }

  function sideOf(b, side) {
    var number = function (input) { var n = parseInt(input.value, 10); return n > 0 ? n : 0; };
    var cash = side === "give" ? b.giveCash : b.getCash;
    var cards = side === "give" ? b.giveCards : b.getCards;
    var debt = side === "give" ? b.giveDebt : b.getDebt;
    var owner = side === "give" ? b.t.players[me].name : b.partner.value;
    var deeds = b.t.deeds.filter(function (d) { return d.owner === owner && b.chosen[side][d.name]; })
      .map(function (d) { return d.name; });
    return { cash: number(cash), deeds: deeds, jail_cards: number(cards), debt: number(debt) };
  }

  function debtBetween(t, debtor, creditor) {
    return t.debts.filter(function (d) { return d.debtor === debtor && d.creditor === creditor; })
      .reduce(function (sum, d) { return sum + d.amount; }, 0);
  }

  // The builder: the partner, then each side's deeds (those held by buildings greyed, with
  // why), cash, jail cards and what is written off of a debt between them; for each
  // mortgaged deed the player would receive, lift it now or pay the fee.
  function fillBuilder(t) {
    var b = tradeBox();
    var mine = t.players[me].name;
    var others = t.players.filter(function (p) { return !p.bankrupt && p.name !== mine; });
    var wanted = b.editing ? b.editing.partner : (b.partner.value || (others[0] && others[0].name));
    b.partner.replaceChildren.apply(b.partner, others.map(function (p) { var o = el("option", null, p.name); o.value = p.name; return o; }));
    b.partner.value = wanted;
    b.partner.disabled = !!b.editing;
    var partner = t.players.filter(function (p) { return p.name === b.partner.value; })[0];
    b.partnerLabel.textContent = w("Trade with");
    b.giveHead.textContent = w("You give"); b.getHead.textContent = w("You get");
    function deeds(box, owner, side) {
      box.replaceChildren.apply(box, t.deeds.filter(function (d) { return d.owner === owner; }).map(function (d) {
        var note = d.untradeable ? w("buildings on its group") : (d.mortgaged ? w("mortgaged") : "");
        var pick = checkbox(d.name, !!b.chosen[side][d.name] && !d.untradeable, !!d.untradeable, note,
          function (on) { b.chosen[side][d.name] = on; if (side === "get") fillLift(t); }, d.name);
        if (d.untradeable) pick.title = d.untradeable;  // the whole reason, on a long press
        return pick;
      }));
    }
    deeds(b.give, mine, "give");
    deeds(b.get, partner ? partner.name : null, "get");
    b.giveCashLabel.textContent = w("cash"); b.getCashLabel.textContent = w("cash");
    b.giveCash.max = String(t.players[me].cash);
    var myCards = t.players[me].jail_cards, theirCards = partner ? partner.jail_cards : 0;
    b.giveCardsLabel.textContent = w("Get Out of Jail Free cards"); b.getCardsLabel.textContent = w("Get Out of Jail Free cards");
    b.giveCardsLabel.hidden = b.giveCards.hidden = !myCards; b.giveCards.max = String(myCards);
    b.getCardsLabel.hidden = b.getCards.hidden = !theirCards; b.getCards.max = String(theirCards);
    // a side writes off what the other side owes it
    var theyOwe = partner ? debtBetween(t, partner.name, mine) : 0;
    var iOwe = partner ? debtBetween(t, mine, partner.name) : 0;
    b.giveDebtLabel.textContent = w("of the debt"); b.getDebtLabel.textContent = w("of the debt");
    b.giveDebtLabel.hidden = b.giveDebt.hidden = !theyOwe; b.giveDebt.max = String(theyOwe);
    b.getDebtLabel.hidden = b.getDebt.hidden = !iOwe; b.getDebt.max = String(iOwe);
    fillLift(t);
    b.sendButton.textContent = w(b.editing ? "Send the change" : "Propose");
    b.cancel.textContent = w("Cancel");
  }

  function fillLift(t) {
    var b = tradeBox();
    var coming = t.deeds.filter(function (d) { return d.mortgaged && d.owner === b.partner.value && b.chosen.get[d.name]; });
    b.liftHead.textContent = w("Lift now");
    b.liftHead.hidden = !coming.length;
    b.lift.replaceChildren.apply(b.lift, coming.map(function (d) {
      return checkbox(d.name, !!b.chosen.lift[d.name], false, null, function (on) { b.chosen.lift[d.name] = on; }, d.name);
    }));
  }

  // Start a new trade, or change proposal `p` (written from this player's side).
  function startTrade(p) {
    var b = tradeBox(), t = b.t, mine = t.players[me].name;
    b.chosen = { give: {}, get: {}, lift: {} };
    [b.giveCash, b.getCash, b.giveCards, b.getCards, b.giveDebt, b.getDebt].forEach(function (i) { i.value = ""; });
    b.editing = null;
    if (p) {
      var first = p.player === mine;
      var give = first ? p.give : p.get, get = first ? p.get : p.give;
      b.editing = { number: p.number, version: p.version, partner: first ? p.partner : p.player };
      give.deeds.forEach(function (d) { b.chosen.give[d] = true; });
      get.deeds.forEach(function (d) { b.chosen.get[d] = true; });
      p.lift.forEach(function (d) { if (b.chosen.get[d]) b.chosen.lift[d] = true; });
      b.giveCash.value = give.cash || ""; b.getCash.value = get.cash || "";
      b.giveCards.value = give.jail_cards || ""; b.getCards.value = get.jail_cards || "";
      b.giveDebt.value = give.debt || ""; b.getDebt.value = get.debt || "";
    }
    fillBuilder(t);
    b.form.hidden = false; b.open.hidden = true; b.said.textContent = "";
  }

  function proposalCard(t, p) {
    var mine = t.players[me].name, other = p.player === mine ? p.partner : p.player;
    var card = el("div", "proposal");
    card.dataset.number = String(p.number);
    var state = p.ready ? w("Waiting for the banker")
      : p.waiting_for === mine ? w("{name} asks you", { name: p.by })
      : w("Waiting for {name}", { name: p.waiting_for });
    add(card, add(el("div", "row"), el("span", "name", mine + " \u21c4 " + other), el("span", "tag", state)),
      el("div", null, p.summary));
    var lifts = {};
    p.lift.forEach(function (d) { lifts[d] = true; });
    var choice = {};
    p.mortgaged.forEach(function (m) {
      if (m.receiver === mine && p.waiting_for === mine) {
        choice[m.deed] = m.lifted;
        add(card, add(el("div", "lift"), checkbox(m.choice, m.lifted, false, null, function (on) { choice[m.deed] = on; }, m.deed)));
      } else add(card, el("div", "sub", m.said));
    });
    if (p.cash.length) add(card, el("div", "sub", p.cash.join(" \u00b7 ")));
    var buttons = el("div", "raises");
    var box = { said: el("p", "said") };
    box.said.setAttribute("role", "status");
    function button(label, cls, request) {
      var b = el("button", cls, label);
      b.type = "button";
      b.addEventListener("click", function () { request.id = newActionId(); send(request, box); });
      return add(buttons, b);
    }
    if (p.waiting_for === mine) {
      var accept = el("button", "go accept", w("Accept"));
      accept.type = "button";
      accept.addEventListener("click", function () {
        var lift = Object.keys(choice).filter(function (d) { return choice[d]; });
        send({ act: "accept", id: newActionId(), trade: p.number, version: p.version, lift: lift }, box);
      });
      buttons.appendChild(accept);
    }
    if (!p.ready) {
      var change = el("button", "change", w("Change"));
      change.type = "button";
      change.addEventListener("click", function () { startTrade(p); });
      buttons.appendChild(change);
    }
    button(w(p.player === mine ? "Withdraw" : "Decline"), "decline", { act: "decline", trade: p.number });
    return add(card, buttons, box.said);
  }

  function showTrades(t) {
    var mine = t.players[me];
    if (!(own && t.acts && mine && !mine.bankrupt && !t.winner && !t.ended)) return null;
    var b = tradeBox();
    b.t = t;
    b.head.textContent = w("Trades");
    var open = (t.trades || []).filter(function (p) { return p.player === mine.name || p.partner === mine.name; });
    // a card is drawn again only when its proposal changed, so a lift ticked stays ticked
    var drawn = {};
    Array.prototype.forEach.call(b.list.children, function (c) { drawn[c.dataset.number] = c; });
    b.list.replaceChildren.apply(b.list, open.map(function (p) {
      var key = JSON.stringify(p), old = drawn[String(p.number)];
      if (old && old.dataset.key === key) return old;
      var card = proposalCard(t, p);
      card.dataset.key = key;
      return card;
    }));
    var notes = (t.trade_notes || []).filter(function (n) { return n.parties.indexOf(mine.name) >= 0; }).slice(-3);
    b.notes.replaceChildren.apply(b.notes, notes.map(function (n) { return el("div", "sub note-line", n.said); }));
    b.open.textContent = w("New trade");
    if (b.editing && !open.some(function (p) { return p.number === b.editing.number && p.version === b.editing.version; })) {
      b.editing = null; b.form.hidden = true; b.open.hidden = false;  // the trade moved on
    }
    if (!b.form.hidden) fillBuilder(t);
    return b.section;
  }

  // Requests to the banker from a player's own page: each offer shows what it does before
  // it is sent (cash, rents and the bank's houses after); a sent request waits in the
  // banker's queue until one key applies it, or comes back with the banker's reason.
  var asking2 = null;
  var KINDS = ["jail", "tax", "settle", "build", "sell", "mortgage", "lift"];

  // One thing to ask the banker for: its label (and, for a way out of a debt, what it
  // brings), what it does, why not, and the button that asks (greyed once asked).
  function askRow(o, box, sent, brings) {
    var head = brings ? add(el("div", "row"), el("span", "name", o.label), el("span", "money", brings))
      : el("div", "name", o.label);
    var row = add(el("div", "offer" + (o.refusal ? " off" : "")), head);
    (o.effect || []).forEach(function (line) { add(row, el("div", "sub", line)); });
    if (o.refusal) add(row, el("div", "sub why", o.refusal));
    var b = el("button", null, w(sent ? "Asked" : "Ask the banker"));
    b.type = "button"; b.disabled = !!o.refusal || !!sent;
    b.dataset.kind = o.kind; b.dataset.key = o.key;
    b.addEventListener("click", function () { send({ act: "ask", id: newActionId(), kind: o.kind, key: o.key }, box); });
    return add(row, b);
  }

  function askedOf(t, name) {
    var sent = {};
    (t.asks || []).forEach(function (a) { if (a.player === name) sent[a.kind + "|" + a.key] = true; });
    return function (o) { return sent[o.kind + "|" + o.key]; };
  }

  function requestsBox() {
    if (asking2) return asking2;
    asking2 = { section: el("section", "requests"), head: el("h2"), waiting: el("div"), notes: el("div"),
      more: el("details"), summary: el("summary"), offers: el("div"), said: el("p", "said") };
    asking2.said.setAttribute("role", "status");
    add(asking2.more, asking2.summary, asking2.offers);
    add(asking2.section, asking2.head, asking2.waiting, asking2.notes, asking2.more, asking2.said);
    return asking2;
  }

  function showRequests(t, inDebt) {
    var mine = t.players[me];
    if (!(own && t.acts && mine && !mine.bankrupt && !t.winner && !t.ended)) return null;
    var offers = ((t.offers || {})[mine.name] || []).filter(function (o) {
      return !(inDebt && (o.kind === "mortgage" || o.kind === "sell"));  // the debtor's box lists those
    });
    var waiting = (t.asks || []).filter(function (a) { return a.player === mine.name; });
    if (!offers.length && !waiting.length) return null;
    var box = requestsBox();
    box.head.textContent = w("Ask the banker");
    box.summary.textContent = w("Mortgage, build, sell, jail…");
    var sent = askedOf(t, mine.name);
    box.waiting.replaceChildren.apply(box.waiting, waiting.map(function (a) {
      var row = add(el("div", "offer waiting"), add(el("div", "row"), el("span", "name", a.label), el("span", "tag", w("Waiting for the banker"))));
      a.effect.forEach(function (line) { add(row, el("div", "sub", line)); });
      var back = el("button", null, w("Take back"));
      back.type = "button";
      back.addEventListener("click", function () { send({ act: "withdraw", id: newActionId(), ask: a.number }, box); });
      return add(row, back);
    }));
    var notes = (t.ask_notes || []).filter(function (n) { return n.player === mine.name; }).slice(-3);
    box.notes.replaceChildren.apply(box.notes, notes.map(function (n) { return el("div", "sub note-line", n.said); }));
    // the moment's own questions (jail, income tax) and a debtor's ways out stand open
    var first = offers.filter(function (o) { return o.kind === "jail" || o.kind === "tax" || o.kind === "settle"; });
    var rest = offers.filter(function (o) { return first.indexOf(o) < 0; });
    rest.sort(function (a, b) { return KINDS.indexOf(a.kind) - KINDS.indexOf(b.kind); });
    var top = first.map(function (o) { return askRow(o, box, sent(o)); });
    box.waiting.append.apply(box.waiting, top);
    box.offers.replaceChildren.apply(box.offers, rest.map(function (o) { return askRow(o, box, sent(o)); }));
    box.more.hidden = !rest.length;
    return box.section;
  }

  // A player in debt: what is owed and to whom, what is missing, what could be raised,
  // and every way to raise it (as the banker's raise-funds screen lists them), each one
  // asked of the banker from here.
  var debtBox = null;
  function showDebtor(t) {
    var mine = t.players[me];
    var o = mine && (t.owing || {})[mine.name];
    if (!(own && o)) return null;
    if (!debtBox) { debtBox = { section: el("section", "debtor"), said: el("p", "said") }; debtBox.said.setAttribute("role", "status"); }
    var box = debtBox;
    var sent = askedOf(t, mine.name);
    var parts = [el("h2", null, w("You owe")), add(el("div", "row"), el("span", "big", o.owed_text))];
    t.debts.forEach(function (d) {
      if (d.debtor === mine.name) parts.push(el("div", "sub", w("{amount} to {creditor} ({reason})", { amount: d.amount_text, creditor: d.creditor, reason: d.reason })));
    });
    parts.push(el("div", "sub", w("Cash {cash} · missing {missing} · you could raise {raise}", { cash: o.cash_text, missing: o.missing_text, raise: o.could_raise_text })));
    if (o.short) parts.push(el("div", "sub why", w("Even selling and mortgaging everything leaves {amount} unpaid: the banker settles a bankruptcy.", { amount: o.short_text })));
    if (o.ways.length) parts.push(el("h3", null, w("Ways to raise it")));
    o.ways.forEach(function (way) { parts.push(askRow(way, box, sent(way), way.brings_text)); });
    parts.push(box.said);
    box.section.replaceChildren.apply(box.section, parts);
    return box.section;
  }

  function bank(t) {
    var box = section(w("Bank"));
    var stats = el("div", "stats");
    function stat(value, label) { add(stats, add(el("div", "sub"), el("b", null, value), el("span", null, label))); }
    stat(t.bank.houses, w("houses left"));
    stat(t.bank.hotels, w("hotels left"));
    if (t.bank.pot) stat(t.bank.pot_text, w("Free Parking pot"));
    add(box, stats);
    t.debts.forEach(function (d) {
      add(box, el("div", "sub", w("{debtor} owes {creditor} {amount} ({reason})", { debtor: d.debtor, creditor: d.creditor, amount: d.amount_text, reason: d.reason })));
    });
    return box;
  }

  function history(t) {
    var box = section(w("Latest"));
    var list = el("ol");
    t.history.forEach(function (h) { add(list, el("li", h.undone ? "undone" : null, h.text)); });
    return add(box, list);
  }

  function render(t) {
    words = t.words || {};
    if (t.lang) document.documentElement.lang = t.lang;
    var parts = [];
    var mine = t.players[me];
    if (t.turn && !t.winner && !t.ended) parts.push(turn(t));
    var bids = showAsk(t) || showBidding(t);
    var debtor = showDebtor(t);
    if (debtor) parts.push(debtor);
    if (own && !t.acts) parts.push(add(section(null, "note"), el("div", "sub", w("Read-only here: this page follows the table; bids and answers go through the banker's app."))));
    if (mine) parts.push(statement(t, mine));
    if (t.auction && !bids) parts.push(auction(t));
    var requests = showRequests(t, !!debtor);
    if (requests) parts.push(requests);
    var trades = showTrades(t);
    if (trades) parts.push(trades);
    if (t.winner || t.ended) {
      parts.push(add(section(w("Game over")), el("div", "name", t.winner ? w("{name} wins", { name: t.winner }) : w("The game has ended"))));
    }
    var players = section(w("Players"));
    t.players.forEach(function (p, i) { if (i !== me) players.appendChild(playerRow(t, p, i)); });
    parts.push(bank(t));
    if (players.childNodes.length > 1) parts.push(players);
    parts.push(history(t));
    document.title = (mine ? mine.name + ": " : "") + "Banker";
    document.getElementById("title").textContent = (mine ? mine.name : w("The table")) + " \u00b7 " + t.board;
    main.replaceChildren.apply(main, parts);
  }

  function connect() {
    clearTimeout(retryTimer);
    if (source) source.close();
    status(w("connecting"), "wait");
    source = new EventSource(base + "events");
    source.addEventListener("table", function (e) {
      lastHeard = Date.now();
      render(JSON.parse(e.data));
      status(w("live"), "ok");
    });
    source.addEventListener("ping", function () { lastHeard = Date.now(); });
    source.onerror = function () {
      if (source.readyState !== EventSource.CLOSED) { status(w("reconnecting"), "wait"); return; }
      // The browser gave up (the server said no, or went away): ask whether sharing stopped.
      fetch(base + "table.json", { cache: "no-store" }).then(function (r) {
        if (r.status === 404) { stopped = true; source.close(); status(w("sharing stopped"), "bad"); }
        else if (r.status === 410) { stopped = true; source.close(); status(w("this link was replaced: ask the banker for your new code"), "bad"); }
        else retryTimer = setTimeout(connect, 2000);
      }, function () { status(w("reconnecting"), "wait"); retryTimer = setTimeout(connect, 3000); });
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
