// The drawing of a jogada's scenes, shared by the replay viewer (GET /viewer) and the complaint
// desk (GET /viewer/complaints): the game-neutral vocabulary of domain/kernel/viewer.py that
// GET /jogadas/{id}/steps answers (cards face up and face down, bingo cards with the drawn
// balls marked, balls, prizes, money movements, facts, text). Needs common.js (LedgerPage).
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

  // A step's whole scene drawn into ``node`` (a .scene element).
  function drawScene(node, step, index) {
    node.replaceChildren(...step.scene.map(drawItem));
    node.dataset.step = String(index);
  }

  // The step's event, rule, time and actor, as dl rows. The rule shows its title (the rule
  // catalogues' words for the rules it cites, GET /jogadas/{id}/steps ``rule_title``) as a
  // tooltip, and in words on the row under it.
  function stepMeta(step) {
    const e = step.event || {};
    const titled = step.rule_title || null;
    const rule = step.rule && titled
      ? el("span", { className: "rule", title: titled, data: { ruleTitle: titled } }, step.rule)
      : step.rule;
    return [["rule", rule], ["rule title", titled],
      ["event", `#${e.notification_id} ${e.topic || e.name || ""}`],
      ["at", e.at], ["actor", e.actor]];
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

  window.LedgerScenes = { drawItem, drawScene, stepMeta, cardElement, movementRows,
    MOVEMENT_HEADERS };
}());
