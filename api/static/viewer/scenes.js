// The drawing of a jogada's scenes, shared by the replay viewer (GET /viewer) and the complaint
// desk (GET /viewer/complaints): the game-neutral vocabulary of domain/kernel/viewer.py that
// GET /jogadas/{id}/steps answers (cards face up and face down, bingo cards with the drawn
// balls marked, balls, prizes, money movements, facts, text). Needs common.js (LedgerPage).
//
// The steps name players by a stable label ("Seat 2", "Player 1"; issue 24) and list them in
// their ``players`` (label, player_id, display_name for staff). A page that may show names
// passes ``names`` (playerNames below): each label is then drawn with its name beside it
// ("Player 1 · Ana"), wherever a label stands alone (a hand's or a bingo card's owner, a row
// of facts, a prize's winners and shares), and a wallet's account code as its owner's.
"use strict";

(function () {
  const { el, euros, table, pairs } = window.LedgerPage;
  const SUITS = { c: ["♣", "clubs"], d: ["♦", "diamonds"], h: ["♥", "hearts"], s: ["♠", "spades"] };
  const RANKS = { T: "10", J: "J", Q: "Q", K: "K", A: "A" };
  const MOVEMENT_HEADERS = ["event", "account", "kind", "amount", "counterparty", "reason",
    "transfer"];

  // One scene item (domain/kernel/viewer.py), as a .item element.
  function drawItem(item) {
    const draw = {
      cards: drawCards, grid: drawGrid, balls: drawBalls, prizes: drawPrizes,
      money: drawMovements, facts: drawFacts, text: drawText,
    }[item.kind];
    if (!draw) return el("div", { className: "item unknown" }, `(${item.kind})`);
    return draw(item);
  }

  // A step's whole scene drawn into ``node`` (a .scene element); ``names``: see playerNames.
  function drawScene(node, step, index, names) {
    node.replaceChildren(...step.scene.map((item) => drawItem(named(item, names))));
    node.dataset.step = String(index);
  }

  // From a steps answer's ``players``: {labels: label -> "label · name", wallets: account code
  // -> "wallet of name (label)", actors: "player:<id>" -> "name (label)"}, for the players
  // that have a display name.
  function playerNames(players) {
    const names = { labels: {}, wallets: {}, actors: {} };
    for (const p of players || []) {
      if (!p.display_name) continue;
      names.labels[p.label] = `${p.label} · ${p.display_name}`;
      names.wallets[`wallet:${p.player_id}`] = `wallet of ${p.display_name} (${p.label})`;
      names.actors[`player:${p.player_id}`] = `${p.display_name} (${p.label})`;
    }
    return names;
  }

  // A label with its name beside it; anything else as it is.
  function nameOf(text, names) {
    return names && Object.prototype.hasOwnProperty.call(names.labels, text)
      ? names.labels[text] : text;
  }

  // An account code, a wallet as its owner's.
  function accountOf(code, names) {
    return names && Object.prototype.hasOwnProperty.call(names.wallets, code)
      ? names.wallets[code] : code;
  }

  // A scene item with the labels that stand alone named (a copy; the item is left as it is).
  function named(item, names) {
    if (!names) return item;
    const out = { ...item };
    if (item.kind === "cards") out.label = nameOf(item.label, names);
    if (item.kind === "grid") {
      const parts = item.label.split(" · ");
      out.label = [...parts.slice(0, -1), nameOf(parts[parts.length - 1], names)].join(" · ");
    }
    if (item.kind === "facts") out.rows = item.rows.map(([k, v]) => [nameOf(k, names), v]);
    if (item.kind === "prizes") {
      out.items = item.items.map((p) => ({ ...p,
        winners: (p.winners || []).map((w) => nameOf(w, names)),
        shares: Object.fromEntries(Object.entries(p.shares || {}).map(([who, c]) =>
          [nameOf(who, names), c])) }));
    }
    if (item.kind === "money") {
      out.movements = item.movements.map((m) => ({ ...m, account: accountOf(m.account, names),
        counterparty: m.counterparty && accountOf(m.counterparty, names) }));
    }
    return out;
  }

  // The step's event, rule, time and actor (a player by name, with ``names``), as dl rows. The
  // rule shows its title (the rule catalogues' words for the rules it cites, GET
  // /jogadas/{id}/steps ``rule_title``) as a tooltip, and in words on the row under it.
  function stepMeta(step, names) {
    const e = step.event || {};
    const actor = names && e.actor && Object.prototype.hasOwnProperty.call(names.actors, e.actor)
      ? `${names.actors[e.actor]} · ${e.actor}` : e.actor;
    const titled = step.rule_title || null;
    const rule = step.rule && titled
      ? el("span", { className: "rule", title: titled, data: { ruleTitle: titled } }, step.rule)
      : step.rule;
    return [["rule", rule], ["rule title", titled],
      ["event", `#${e.notification_id} ${e.topic || e.name || ""}`],
      ["at", e.at], ["actor", actor]];
  }

  function cardElement(code) {
    const rank = code.charAt(0);
    const suit = SUITS[code.charAt(1)] || ["?", "unknown suit"];
    const shown = RANKS[rank] || rank;
    const red = code.charAt(1) === "h" || code.charAt(1) === "d";
    return el("span", {
      className: `card ${red ? "red" : "black"}`, data: { card: code }, role: "img",
      "aria-label": `${shown} of ${suit[1]}`, title: code,
    }, el("span", { className: "rank" }, shown), el("span", { className: "suit" }, suit[0]));
  }

  function drawCards(item) {
    const backs = Array.from({ length: item.hidden || 0 },
      () => el("span", { className: "card back", data: { hidden: "1" }, role: "img",
        "aria-label": "face-down card", title: "face down" }));
    return el("div", { className: "item cards", data: { label: item.label } },
      el("h3", {}, item.label),
      el("div", { className: "hand" }, item.cards.map(cardElement), backs),
      item.note ? el("p", { className: "note" }, item.note) : null);
  }

  function drawGrid(item) {
    const marked = new Set(item.marked);
    const rows = item.rows.map((row) => el("tr", {}, row.map((n) => n === null
      ? el("td", { className: "blank" })
      : el("td", { className: marked.has(n) ? "marked" : "", data: { number: n } }, n))));
    return el("div", { className: `item grid${item.won.length ? " won" : ""}`,
      data: { label: item.label } },
    el("h3", {}, item.label, item.won.map((p) => el("span", { className: "badge" }, p))),
    el("table", { className: "bingo-card" }, el("tbody", {}, rows)));
  }

  function drawBalls(item) {
    const last = item.numbers.length - 1;
    return el("div", { className: "item balls-item" }, el("h3", {}, item.label),
      el("div", { className: "balls" }, item.numbers.map((n, i) => el("span", {
        className: i === last ? "ball last" : "ball", data: { number: n }, title: `ball ${i + 1}`,
      }, n))));
  }

  function drawPrizes(item) {
    const rows = item.items.map((p) => [p.name, euros(p.value_cents),
      p.ordinal ? `ball ${p.ordinal}${p.ball ? ` (${p.ball})` : ""}` : "—",
      (p.winners || []).join(", ") || "—",
      Object.entries(p.shares || {}).map(([who, c]) => `${who}: ${euros(c)}`).join("; ")
        || p.note || p.rule || ""]);
    return el("div", { className: "item prizes" }, el("h3", {}, item.label),
      table(["prize", "value", "won at", "winners", "shares"], rows));
  }

  function movementRows(movements) {
    return movements.map((m) => [`#${m.position}`, m.account, m.kind, euros(m.cents),
      m.counterparty || "", m.reason || "", m.transfer_id || ""]);
  }

  function drawMovements(item) {
    return el("div", { className: "item money" }, el("h3", {}, item.label),
      table(MOVEMENT_HEADERS, movementRows(item.movements)));
  }

  function drawFacts(item) {
    return el("div", { className: "item facts-item" }, el("h3", {}, item.label),
      pairs(item.rows.map(([k, v]) => [k, typeof v === "boolean" ? (v ? "yes" : "no") : v])));
  }

  function drawText(item) {
    const code = /^[{[]/.test(item.text);  // a fallback step's event data, as JSON
    return el("p", { className: code ? "item text code" : "item text" }, item.text);
  }

  // The bookkeeping steps (kind "bookkeeping": session lines, debits, credits) as a table,
  // each with the play step it follows (``indexOf(after_step)``: its index in the stepper, a
  // button that calls ``go(index)``), its title and the accounts its money moved.
  function bookkeepingTable(books, indexOf, go, names) {
    const rows = books.map((s) => {
      const index = s.after_step === null ? undefined : indexOf(s.after_step);
      const after = index === undefined ? "before the play" : el("button", {
        type: "button", className: "secondary go-step", data: { index } }, `step ${index + 1}`);
      if (index !== undefined) after.addEventListener("click", () => go(index));
      const moved = s.scene.filter((i) => i.kind === "money").flatMap((i) => i.movements);
      return el("tr", { data: { notification: s.event.notification_id } },
        [`#${s.event.notification_id}`, after, s.title,
          moved.map((m) => `${accountOf(m.account, names)}: ${euros(m.cents)}`).join("; "),
          s.event.topic].map((cell) => el("td", {}, cell)));
    });
    return el("table", { className: "data bookkeeping" }, el("thead", {}, el("tr", {},
      ["event", "after play step", "entry", "account", "topic"].map((h) =>
        el("th", { scope: "col" }, h)))), el("tbody", {}, rows));
  }

  window.LedgerScenes = { drawItem, drawScene, stepMeta, cardElement, movementRows,
    playerNames, nameOf, accountOf, bookkeepingTable, MOVEMENT_HEADERS };
}());
