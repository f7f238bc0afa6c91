// The complaint desk (GET /viewer/complaints; issue 16): plain JavaScript, no framework, no
// request to any other origin (the page's Content-Security-Policy is default-src 'self').
//
// It reads the handlers' queue (GET /complaints/queue, or GET /complaints filtered by state or
// overdue), a case with its timeline (GET /complaints/{id}), the jogadas the case names
// (GET /jogadas/{id}/steps, drawn by scenes.js as the replay viewer draws them), its evidence
// packs (GET /complaints/{id}/evidence/{n} and their PDF, each re-hashed here against the
// SHA-256 the case recorded) and its letter (GET /complaints/{id}/letter), and sends the
// actions the case's state allows (domain/complaints/case.py ALLOWED; the page offers no
// other). The key is read from the key field at each request and sent only in the
// Authorization header. A payment of compensation, and a letter recorded as sent, carry an
// idempotency key made on the page at the click and kept until an answer arrives: a second
// click meanwhile sends nothing, and a retry after a lost answer sends the same key, so the
// compensation is paid once and the letter recorded once.
//
// People are named by their display names (issue 25: the reads carry player_name,
// assignee_name, opened_by_name, each timeline entry's actor_name), else by the first eight
// characters of their id, the full id on hover (the title). "Assign" offers the staff a case can
// be assigned to (GET /complaints/assignees); "Record a letter as sent" the case's letters
// that exist (the case's ``letters``: POST /complaints/{id}/letter/sent).
"use strict";

(function () {
  const P = window.LedgerPage;
  const S = window.LedgerScenes;
  const { $, el, fill, euros, pairs, table, request, showError, setStatus } = P;

  // domain/complaints/case.py: the states, and in which of them each action is possible.
  const STATES = ["open", "investigating", "awaiting_player", "decision_proposed",
    "decision_approved", "resolved", "escalated", "closed"];
  const NOT_CLOSED = STATES.filter((s) => s !== "closed");
  const ALLOWED = {
    acknowledge: ["open"],
    assign: NOT_CLOSED,
    note: NOT_CLOSED,
    evidence: NOT_CLOSED,
    request_information: ["investigating", "escalated"],
    provide_information: ["awaiting_player"],
    propose: ["investigating", "decision_proposed", "escalated"],
    approve: ["decision_proposed"],
    decline: ["decision_proposed"],
    pay: ["decision_approved"],
    resolve: ["decision_approved"],
    escalate: NOT_CLOSED,
    close: ["resolved", "escalated"],
    reopen: ["closed"],
    send_letter: STATES,
  };
  const OUTCOMES = ["upheld", "partly_upheld", "rejected"];
  const KIND_LABELS = {
    opened: "Opened", acknowledged: "Acknowledged", assigned: "Assigned",
    note_added: "Note", evidence_attached: "Evidence attached",
    information_requested: "Information requested", information_received: "Information received",
    decision_proposed: "Decision proposed", proposal_declined: "Proposal declined",
    decision_approved: "Decision approved", compensation_paid: "Compensation paid",
    resolved: "Resolved", escalated: "Escalated", closed: "Closed", reopened: "Reopened",
    letter_sent: "Letter sent",
  };
  // domain/complaints/case.py LETTERS and SEND_CHANNELS.
  const LETTER_WORDS = { acknowledgement: "acknowledgement", final: "final answer" };
  const SEND_CHANNELS = [["post", "by post"], ["email", "by e-mail"],
    ["account_area", "in the player's account area"]];
  const CHANNEL_WORDS = Object.fromEntries(SEND_CHANNELS);
  const LANGUAGE_WORDS = { pt: "Portuguese", en: "English" };

  const state = { caseId: null, case: null, derived: null, ticket: 0, busy: {}, payKey: null,
    letterKey: null, letter: "pt", jogadas: {}, assignees: null };

  const words = (value) => (value === undefined || value === null ? "—"
    : String(value).replace(/_/g, " "));
  const when = (iso) => (iso ? String(iso).replace("T", " ").replace(/\.\d+/, "")
    .replace(/\+00:00$|Z$/, " UTC") : "—");
  const listOf = (body) => (Array.isArray(body) ? body
    : (body && (body.data || body.cases || body.items)) || []);

  // Who: a person's display name, else the short form of its id; the full id on hover.
  const idOf = (actor) => String(actor || "").replace(/^(staff|player):/, "");
  function who(actor, name) {
    if (!actor) return null;
    const system = String(actor).startsWith("system");
    const shown = name || (system ? "the service" : idOf(actor).slice(0, 8));
    return el("span", { className: name ? "who named" : "who", title: String(actor),
      data: { id: String(actor) } }, shown);
  }

  function currentKey() {
    return $("key").value.trim();
  }

  function needKey() {
    const key = currentKey();
    if (!key) {
      showError("Enter an API key: a complaint handler's or an operator's.");
      return null;
    }
    P.keepKey(key);
    return key;
  }

  const api = (path, options) => request(path, currentKey(), options);
  const casePath = (suffix) => `/complaints/${encodeURIComponent(state.caseId)}${suffix || ""}`;

  // The URL fragment: #case=<id> (never the key) ---------------------------------------------
  function fragmentCase() {
    return new URLSearchParams(window.location.hash.replace(/^#/, "")).get("case") || "";
  }

  // The queue ----------------------------------------------------------------------------------
  async function loadQueue() {
    const chosen = $("queue-state").value;
    const overdueOnly = $("queue-overdue").checked;
    let path = "/complaints/queue";
    if (chosen || overdueOnly) {
      const params = new URLSearchParams();
      if (chosen) params.set("state", chosen);
      if (overdueOnly) params.set("overdue", "true");
      path = `/complaints?${params.toString()}`;
    }
    const box = $("queue-list");
    box.dataset.status = "loading";
    let body;
    try {
      body = await api(path);
    } catch (err) {
      box.dataset.status = "error";
      showError(err.message);
      return false;
    }
    let rows = listOf(body);
    if (path !== "/complaints/queue") {  // the queue's order: overdue first, then by deadline
      rows = rows.map((r, i) => [r, i]).sort(([a, i], [b, j]) => (b.overdue ? 1 : 0)
        - (a.overdue ? 1 : 0) || String(a.due || "").localeCompare(String(b.due || ""))
        || i - j).map(([r]) => r);
    }
    renderQueue(rows, chosen, overdueOnly, body.open_by_state);
    box.dataset.status = "loaded";
    return true;
  }

  // ``byState``: the queue's open cases counted by state (else the rows are counted).
  function renderQueue(rows, chosen, overdueOnly, byState) {
    let counts = byState;
    if (!counts) {
      counts = {};
      for (const r of rows) counts[r.state] = (counts[r.state] || 0) + 1;
    }
    const overdue = rows.filter((r) => r.overdue).length;
    const what = chosen ? `cases ${words(chosen)}` : overdueOnly ? "overdue cases"
      : "open cases";
    const summary = el("p", { className: "counts", id: "queue-counts" },
      `${rows.length} ${what}`, overdue ? el("span", { className: "overdue-mark" },
        ` · ${overdue} overdue`) : null,
      Object.keys(counts).length ? ` · ${STATES.filter((s) => counts[s])
        .map((s) => `${words(s)} ${counts[s]}`).join(", ")}` : null);
    if (!rows.length) {
      fill($("queue-list"), summary, el("p", {}, "No case to show."));
      return;
    }
    const head = ["reference", "due", "state", "type", "channel", "player", "assignee",
      "subject"];
    const body = rows.map((r) => {
      const link = el("a", { href: `#case=${encodeURIComponent(r.case_id)}`,
        className: "case-link" }, r.reference);
      const tr = el("tr", {
        className: [r.overdue ? "overdue" : "", r.case_id === state.caseId ? "current" : ""]
          .join(" ").trim() || null,
        data: { caseId: r.case_id, state: r.state, overdue: String(Boolean(r.overdue)) },
      },
      el("td", { className: "short" }, link),
      el("td", { className: "short" }, r.due || r.answer_due || "—",
        r.overdue ? el("span", { className: "badge overdue" }, "overdue") : null,
        r.paused ? el("span", { className: "badge paused" }, "paused") : null),
      el("td", { className: "short" }, el("span", { className: "state", data: { state: r.state } },
        words(r.state))),
      el("td", { className: "short" }, words(r.case_type)),
      el("td", { className: "short" }, words(r.channel)),
      el("td", { className: "player" }, who(r.player_id, r.player_name)),
      el("td", { className: "assignee" }, r.assignee ? who(r.assignee, r.assignee_name)
        : "—"),
      el("td", {}, r.subject || ""));
      tr.addEventListener("click", (event) => {
        if (event.target.closest("a")) return;
        link.click();
      });
      return tr;
    });
    fill($("queue-list"), summary, el("table", { className: "data queue" },
      el("thead", {}, el("tr", {}, head.map((h) => el("th", { scope: "col" }, h)))),
      el("tbody", {}, body)));
  }

  // The case -----------------------------------------------------------------------------------
  async function loadCase(caseId, keepStatus) {
    const ticket = ++state.ticket;
    state.caseId = caseId;
    if (!keepStatus) setStatus(`Loading case ${caseId}…`);
    let found;
    try {
      found = await api(`/complaints/${encodeURIComponent(caseId)}`);
    } catch (err) {
      if (ticket !== state.ticket) return;
      setStatus("");
      $("case").hidden = true;
      showError(err.message);
      return;
    }
    if (ticket !== state.ticket) return;
    if (!keepStatus) setStatus("");
    const fresh = !state.case || state.case.case_id !== found.case_id;
    state.case = found;
    state.derived = derive(found);
    if (fresh) {
      state.payKey = null;
      state.letterKey = null;
      state.jogadas = {};
    }
    renderCase();
    $("case").dataset.caseId = found.case_id;
    $("case").hidden = false;
    for (const tr of document.querySelectorAll("#queue-list tr[data-case-id]")) {
      tr.classList.toggle("current", tr.dataset.caseId === caseId);
    }
  }

  // What the timeline says about the decision, the payments, the evidence and the links (the
  // case's answer may carry some of them itself: those win).
  function derive(c) {
    const d = { opened: {}, decision: null, paid: {}, evidence: [], declined: [] };
    for (const entry of c.timeline || []) {
      const detail = entry.detail || {};
      switch (entry.kind) {
        case "opened":
          d.opened = detail;
          break;
        case "decision_proposed":
          d.decision = { ...detail, proposed_by: entry.actor, proposed_at: entry.at,
            proposed_by_name: entry.actor_name };
          break;
        case "proposal_declined":
          d.declined.push(detail);
          d.decision = null;
          break;
        case "decision_approved":
          if (d.decision) {
            d.decision.approved_by = entry.actor;
            d.decision.approved_by_name = entry.actor_name;
          }
          break;
        case "compensation_paid":
          d.paid[String(detail.number)] = detail;
          break;
        case "reopened":
          d.decision = null;
          break;
        case "evidence_attached":
          d.evidence.push({ ...detail, actor: entry.actor, actor_name: entry.actor_name,
            at: entry.at, visible: entry.visible_to_player });
          break;
        default:
          break;
      }
    }
    if (c.decision !== undefined) d.decision = c.decision;
    if (c.compensation_paid) d.paid = c.compensation_paid;
    d.jogadaIds = c.jogada_ids || d.opened.jogada_ids || [];
    d.transferIds = c.transfer_ids || d.opened.transfer_ids || [];
    d.sessionId = c.session_id || d.opened.session_id || null;
    const decision = d.decision;
    d.letters = (c.letters || []).filter((x) => x.available).map((x) => x.letter);
    d.compensationDue = Boolean(c.state === "decision_approved" && decision
      && decision.compensation && !d.paid[String(decision.number)]);
    return d;
  }

  function renderCase() {
    renderHeader();
    renderTimeline();
    renderActions();
    renderJogadas();
    renderEvidence();
    renderLetter();
    renderLettersSent();
  }

  // The case's letters: which exist, and when, how and by whom each was sent -----------------
  function renderLettersSent() {
    const letters = state.case.letters || [];
    const box = $("letters-sent");
    box.dataset.count = String(letters.reduce((n, x) => n + x.sent.length, 0));
    fill(box, letters.map((x) => el("div", { className: "letter-status",
      data: { letter: x.letter, available: String(x.available), sent: String(x.sent.length) } },
    el("h4", {}, `The ${LETTER_WORDS[x.letter] || words(x.letter)} letter`),
    !x.available ? el("p", { className: "hint" }, x.letter === "final"
      ? "Not written yet: it follows the resolution." : "Not written yet: it follows the"
      + " acknowledgement.")
      : !x.sent.length ? el("p", {}, "Not recorded as sent yet.")
        : el("ul", { className: "sendings" }, x.sent.map((sent) => el("li", {
          data: { channel: sent.channel } },
        `${CHANNEL_WORDS[sent.channel] || words(sent.channel)}, in`
        + ` ${LANGUAGE_WORDS[sent.language] || sent.language}, on ${when(sent.sent_at)}`
        + `${sent.decision ? ` (decision ${sent.decision})` : ""}, recorded by `,
        who(sent.sent_by, sent.sent_by_name)))))));
  }

  function compensationText(comp) {
    if (!comp) return "none";
    const what = { payment: "payment from the house", correction: "correction of transfer",
      game_refund: "game refund of jogada" }[comp.kind] || words(comp.kind);
    const target = comp.transfer_id || comp.jogada_id || "";
    return `${euros(comp.amount_cents)}, ${what}${target ? ` ${target}` : ""}`;
  }

  function renderHeader() {
    const c = state.case;
    const d = state.derived;
    const decision = d.decision;
    const paid = Object.entries(d.paid).map(([n, p]) => `decision ${n}: ${euros(p.amount_cents)}`
      + ` (${words(p.kind)}; ${(p.transfer_ids || []).join(", ")})`).join("; ");
    const due = c.due ? el("span", {}, c.due, c.overdue
      ? el("span", { className: "badge overdue" }, "overdue") : null,
    c.paused ? el("span", { className: "badge paused" }, "paused: awaiting the player") : null)
      : null;
    fill($("case-header"),
      el("h2", {}, `${c.reference} · ${c.subject || d.opened.subject || ""}`,
        el("span", { className: "state", id: "case-state", data: { state: c.state } },
          words(c.state))),
      pairs([
        ["player", who(c.player_id, c.player_name)],
        ["type", words(c.case_type)],
        ["channel", `${words(c.channel)}${(c.external_reference || d.opened.external_reference)
          ? ` (${c.external_reference || d.opened.external_reference})` : ""}`],
        ["opened", el("span", {}, when(c.opened_at), c.opened_by ? " by " : null,
          who(c.opened_by, c.opened_by_name))],
        ["acknowledge by", `${c.acknowledge_due}${c.acknowledged_at
          ? ` (acknowledged ${when(c.acknowledged_at)})` : ""}`],
        ["answer by", c.answer_due],
        ["due", due],
        ["assignee", c.assignee ? el("span", { id: "case-assignee" },
          who(c.assignee, c.assignee_name)) : "nobody yet"],
        ["description", d.opened.description],
        ["jogadas", d.jogadaIds.join(", ")],
        ["transfers", d.transferIds.join(", ")],
        ["session", d.sessionId],
        ["outcome", c.outcome ? words(c.outcome) : null],
        ["escalated to", c.escalated_to || (c.escalations || []).map((e) => e.body).join(", ")],
      ], "facts case-facts"),
      el("div", { id: "decision", className: "decision", data: {
        state: decision ? (decision.approved_by ? "approved" : "proposed") : "none" } },
      el("h3", {}, "Decision"),
      decision ? pairs([
        ["number", decision.number],
        ["outcome", words(decision.outcome)],
        ["reasons", decision.reasons],
        ["compensation", compensationText(decision.compensation)],
        ["proposed by", who(decision.proposed_by, decision.proposed_by_name)],
        ["four eyes", decision.needs_second_approver
          ? "yes: approved by another staff member than its proposer" : "no"],
        ["approved by", decision.approved_by
          ? who(decision.approved_by, decision.approved_by_name) : "not yet"],
        ["paid", paid || (decision.compensation ? "not yet" : null)],
      ]) : el("p", {}, "No decision proposed.")));
  }

  function timelineDetail(entry) {
    const x = entry.detail || {};
    switch (entry.kind) {
      case "opened":
        return [`${x.subject || ""}: ${x.description || ""}`];
      case "acknowledged":
        return [x.message];
      case "assigned":
        return ["to ", who(x.assignee, entry.assignee_name)];
      case "note_added":
        return [x.text];
      case "evidence_attached":
        return [`pack ${x.number}: ${x.description || words(x.kind)}`,
          el("code", { className: "hash" }, `SHA-256 ${x.sha256}`)];
      case "information_requested":
        return [x.question];
      case "information_received":
        return [x.text, ` (the clock stood still ${x.paused_working_days} working day(s);`
          + ` answer now due ${x.answer_due})`];
      case "decision_proposed":
        return [`decision ${x.number}: ${words(x.outcome)}; ${x.reasons}; compensation `
          + compensationText(x.compensation)];
      case "proposal_declined":
        return [`decision ${x.number}: ${x.reason}`];
      case "decision_approved":
        return [`decision ${x.number}${x.outcome ? `: ${words(x.outcome)}` : ""}`];
      case "compensation_paid":
        return [`decision ${x.number}: ${euros(x.amount_cents)} (${words(x.kind)});`
          + ` ${(x.transfer_ids || []).join(", ")}`];
      case "resolved":
        return [words(x.outcome)];
      case "escalated":
        return [`to ${x.body}${x.reference ? ` (${x.reference})` : ""}`
          + `${x.note ? `: ${x.note}` : ""}`];
      case "closed":
        return [x.note];
      case "reopened":
        return [`${x.reason} (answer due ${x.answer_due})`];
      case "letter_sent":
        return [`${LETTER_WORDS[x.letter] || words(x.letter)} letter`
          + ` (${LANGUAGE_WORDS[x.language] || x.language}) sent`
          + ` ${CHANNEL_WORDS[x.channel] || words(x.channel)} on ${when(x.sent_at)}`];
      default: {
        const { spec, ...rest } = x;
        return [JSON.stringify(rest)];
      }
    }
  }

  function renderTimeline() {
    const entries = state.case.timeline || [];
    fill($("timeline"), entries.map((entry) => {
      const internal = !entry.visible_to_player;
      return el("li", {
        className: `entry${internal ? " internal" : ""}`,
        data: { kind: entry.kind, visible: String(Boolean(entry.visible_to_player)) },
      },
      el("div", { className: "when" }, el("time", { datetime: entry.at }, when(entry.at)),
        " · ", el("span", { className: "actor" }, who(entry.actor, entry.actor_name))),
      el("div", { className: "what" }, el("strong", {}, KIND_LABELS[entry.kind]
        || words(entry.kind)),
      internal ? el("span", { className: "badge internal", title: "not shown to the player" },
        "internal") : el("span", { className: "badge seen" }, "seen by the player")),
      el("div", { className: "detail-text" }, timelineDetail(entry).filter((t) => t !== undefined
        && t !== null && t !== "")));
    }));
    $("timeline").dataset.count = String(entries.length);
  }

  // The jogadas, drawn as the replay viewer draws them ------------------------------------------
  function renderJogadas() {
    const ids = state.derived.jogadaIds;
    const box = $("jogadas");
    if (!ids.length) {
      fill(box, el("p", {}, "The case names no jogada."));
      return;
    }
    const shown = Array.from(box.querySelectorAll(".jogada"), (n) => n.dataset.jogada);
    if (shown.join("\n") === ids.join("\n")) return;  // already drawn: keep the step shown
    fill(box, ids.map((id) => {
      const panel = el("div", { className: "jogada", data: { jogada: id, status: "loading" } },
        el("h4", {}, `Jogada ${id} `, el("a", { href: `/viewer#jogada=${encodeURIComponent(id)}`,
          className: "viewer-link" }, "open in the replay viewer")),
        el("p", { className: "status" }, "Loading the jogada…"));
      loadJogada(id, panel);
      return panel;
    }));
  }

  async function loadJogada(id, panel) {
    let data;
    try {
      data = await api(`/jogadas/${encodeURIComponent(id)}/steps`);
    } catch (err) {
      panel.dataset.status = "error";
      fill(panel, panel.firstChild, el("p", { className: "no" }, err.message));
      return;
    }
    const view = { data, index: data.steps.length - 1 };
    state.jogadas[id] = view;
    const position = el("span", { className: "position" });
    const buttons = {};
    const move = (to) => {
      view.index = Math.min(Math.max(to, 0), data.steps.length - 1);
      draw();
    };
    for (const [name, label, to] of [["first", "« First", () => 0],
      ["prev", "← Previous", () => view.index - 1], ["next", "Next →", () => view.index + 1],
      ["last", "Last »", () => data.steps.length - 1]]) {
      buttons[name] = el("button", { type: "button", className: `secondary step-${name}` }, label);
      buttons[name].addEventListener("click", () => move(to()));
    }
    const title = el("h5", { className: "step-title" });
    const meta = el("dl", { className: "meta" });
    const scene = el("div", { className: "scene" });
    function draw() {
      const step = data.steps[view.index];
      position.textContent = `Step ${view.index + 1} of ${data.steps.length}`;
      position.dataset.index = String(view.index);
      buttons.first.disabled = buttons.prev.disabled = view.index === 0;
      buttons.last.disabled = buttons.next.disabled = view.index === data.steps.length - 1;
      title.textContent = step.title;
      meta.replaceChildren(...pairs(S.stepMeta(step)).childNodes);
      S.drawScene(scene, step, view.index);
    }
    fill(panel, panel.firstChild,
      pairs([["game", `${data.title || ""} (${data.game})`],
        ["RNG check", P.yesNo(data.rng && data.rng.verified)],
        ["re-adjudication agrees", P.yesNo(data.adjudication && data.adjudication.agrees)]]),
      el("nav", { className: "stepper", "aria-label": `Steps of ${id}` }, buttons.first,
        buttons.prev, position, buttons.next, buttons.last),
      title, meta, scene);
    if (data.steps.length) draw();
    panel.dataset.status = "loaded";
  }

  // Evidence packs ---------------------------------------------------------------------------
  function renderEvidence() {
    const packs = state.derived.evidence;
    if (!packs.length) {
      fill($("evidence"), el("p", {}, "No evidence attached."));
      return;
    }
    fill($("evidence"), packs.map((pack) => {
      // Each copy the pack has (issue 25: a pack shown to the player has the player's and
      // the staff's), each format compared with that copy's own recorded SHA-256.
      const own = { staff: [pack.staff_sha256, pack.staff_pdf_sha256],
        player: [pack.sha256, pack.pdf_sha256] };
      const named = (pack.spec && pack.spec.copy) || "staff";
      const copies = pack.copies || [named];
      const hashes = (copy) => (copy === named ? [pack.sha256, pack.pdf_sha256] : own[copy]);
      const formats = pack.kind === "evidence_pack" ? copies.flatMap((copy) => [
        [copy, "json", `JSON, ${copy} copy`, hashes(copy)[0]],
        [copy, "pdf", `PDF, ${copy} copy`, hashes(copy)[1]]]) : [];
      return el("div", { className: "pack", data: { number: pack.number } },
        el("h4", {}, `Pack ${pack.number}: ${pack.description || words(pack.kind)}`,
          pack.visible ? el("span", { className: "badge seen" }, "shown to the player")
            : el("span", { className: "badge internal" }, "internal")),
        el("p", { className: "detail" }, `${when(pack.at)} · `, who(pack.actor, pack.actor_name)),
        formats.length ? formats.map(([copy, fmt, label, hash]) => packRow(pack, copy, fmt,
          label, hash))
          : el("p", {}, `recorded SHA-256 ${pack.sha256}`));
    }));
  }

  function evidenceUrl(number, fmt, copy) {
    return casePath(`/evidence/${number}${fmt === "pdf" ? ".pdf" : ""}?copy=${copy}`);
  }

  function packRow(pack, copy, fmt, label, recorded) {
    const result = el("span", { className: "pending check", data: { format: fmt, copy } });
    const button = el("button", { type: "button", className: "secondary get-pack",
      data: { format: fmt, copy } }, `Get ${label}`);
    const row = el("div", { className: "pack-row", data: { format: fmt, copy } }, button, " ",
      el("span", {}, `${label}, recorded SHA-256 `),
      el("code", { className: "hash recorded" }, recorded || "—"), " ", result);
    button.addEventListener("click", () => fetchPack(pack.number, copy, fmt, recorded, row,
      result));
    return row;
  }

  async function fetchPack(number, copy, fmt, recorded, row, result) {
    result.className = "pending check";
    result.textContent = "fetching…";
    let got;
    try {
      got = await api(evidenceUrl(number, fmt, copy), { raw: true });
    } catch (err) {
      result.className = "no check";
      result.textContent = err.message;
      return;
    }
    const hash = await P.sha256Hex(got.bytes);
    const matches = hash !== null && hash === recorded;
    // The service's own comparison of the bytes it rebuilt with the recorded hash.
    result.dataset.serviceMatches = got.headers.get("X-Evidence-Matches") || "";
    result.dataset.sha256 = hash || "";
    result.dataset.matches = String(matches);
    result.className = `${matches ? "yes" : hash === null ? "pending" : "no"} check`;
    result.textContent = hash === null
      ? "fetched (this browser offers SHA-256 only over https or on localhost)"
      : matches ? "its SHA-256 here is the recorded one" : `its SHA-256 here is ${hash}, not the`
        + " recorded one";
    const old = row.querySelector("a.download");
    if (old) {
      URL.revokeObjectURL(old.href);
      old.remove();
    }
    const blob = new Blob([got.bytes], { type: got.type || "application/octet-stream" });
    row.append(" ", el("a", { className: "download", href: URL.createObjectURL(blob),
      download: `${state.case.reference}-evidence-${number}-${copy}.${fmt}` }, "save"));
  }

  // The letter -------------------------------------------------------------------------------
  function renderLetter() {
    const c = state.case;
    const final = Boolean(c.outcome) && (c.state === "resolved" || c.state === "closed");
    $("letter").hidden = !final;
    if (!final) {
      $("letter-text").replaceChildren();
      delete $("letter-text").dataset.language;
      return;
    }
    loadLetter(state.letter);
  }

  async function loadLetter(language) {
    state.letter = language;
    const box = $("letter-text");
    for (const b of document.querySelectorAll(".letter-languages button")) {
      b.setAttribute("aria-pressed", String(b.dataset.language === language));
    }
    box.dataset.status = "loading";
    let letter;
    try {
      letter = await api(casePath(`/letter?language=${language}`));
    } catch (err) {
      box.dataset.status = "error";
      fill(box, el("p", { className: "no" }, err.message));
      return;
    }
    box.dataset.status = "loaded";
    box.dataset.language = letter.language || language;
    fill(box, el("h4", {}, letter.subject || ""),
      el("pre", { className: "letter-body", lang: letter.language || language }, letter.body));
  }

  // The actions ------------------------------------------------------------------------------
  // Each: its label, the route under /complaints/{id}/, its fields (name = the API's field) and
  // what it says when done. ``when``: a further condition the case's record sets.
  const ACTIONS = [
    { name: "acknowledge", label: "Acknowledge", path: "acknowledge", done: "Acknowledged",
      fields: [{ name: "message", label: "Message to the player (optional)", kind: "textarea",
        optional: true }] },
    { name: "assign", label: "Assign", path: "assign", done: "Assigned",
      hint: () => (state.assignees === null ? "The staff list could not be loaded." : null),
      fields: [{ name: "assignee_id", label: "To (a complaint handler or an operator)",
        kind: "select", options: assigneeOptions }] },
    { name: "note", label: "Add a note", path: "notes", done: "Note added",
      fields: [{ name: "text", label: "Note", kind: "textarea" },
        { name: "visible_to_player", label: "the player sees it", kind: "checkbox" }] },
    { name: "request_information", label: "Request information", path: "information-requests",
      done: "Information requested; the clock stands still",
      fields: [{ name: "question", label: "Question to the player", kind: "textarea" }] },
    { name: "provide_information", label: "Record the player's answer", path: "information",
      done: "Answer recorded; the clock runs again",
      fields: [{ name: "text", label: "The player's answer", kind: "textarea" }] },
    { name: "evidence", label: "Attach an evidence pack", path: "evidence",
      done: "Evidence pack attached",
      hint: "A pack of the case's jogadas and transfers, built now; its SHA-256 (JSON and PDF)"
        + " is recorded on the case.",
      fields: [{ name: "description", label: "Description", value: "evidence pack" },
        { name: "shown_to_player", label: "the player may fetch it", kind: "checkbox" }] },
    { name: "propose", label: "Propose a decision", path: "decision", done: "Decision proposed",
      fields: [
        { name: "outcome", label: "Outcome", kind: "select",
          options: OUTCOMES.map((o) => [o, words(o)]) },
        { name: "reasons", label: "Reasons (quoted in the letter)", kind: "textarea" },
        { name: "kind", field: "compensation.kind", label: "Compensation", kind: "select",
          options: [["", "none"], ["payment", "payment from the house"],
            ["correction", "correction of a transfer"],
            ["game_refund", "game refund of a jogada in play"]] },
        { name: "amount", field: "compensation.amount_cents", label: "Amount in euros",
          placeholder: "12,50", showFor: ["payment", "correction", "game_refund"] },
        { name: "transfer_id", field: "compensation.transfer_id", label: "Transfer",
          kind: "select", options: () => state.derived.transferIds.map((t) => [t, t]),
          showFor: ["correction"] },
        { name: "jogada_id", field: "compensation.jogada_id", label: "Jogada", kind: "select",
          options: () => state.derived.jogadaIds.map((j) => [j, j]), showFor: ["game_refund"] },
      ],
      body: proposalBody },
    { name: "approve", label: "Approve the decision", path: "decision/approve",
      done: "Decision approved", noBody: true,
      hint: () => (state.derived.decision && state.derived.decision.needs_second_approver
        ? "Four eyes: a staff member other than the proposer approves it." : null) },
    { name: "decline", label: "Decline the decision", path: "decision/decline",
      done: "Decision declined", fields: [{ name: "reason", label: "Reason", kind: "textarea" }] },
    { name: "pay", label: "Pay the compensation", path: "compensation", done: "Compensation paid",
      when: (d) => d.compensationDue, body: () => ({}),
      hint: () => `Pays ${compensationText(state.derived.decision.compensation)}, once.` },
    { name: "resolve", label: "Resolve", path: "resolve", done: "Resolved", noBody: true,
      when: (d) => !d.compensationDue },
    { name: "escalate", label: "Escalate", path: "escalate", done: "Escalated",
      fields: [{ name: "body", label: "To", kind: "select",
        options: [["srij", "SRIJ (the regulator)"], ["adr", "an ADR body"]] },
      { name: "reference", label: "Their reference (optional)", optional: true },
      { name: "note", label: "Note (optional)", kind: "textarea", optional: true }] },
    { name: "close", label: "Close", path: "close", done: "Closed",
      fields: [{ name: "note", label: "Note (optional)", kind: "textarea", optional: true }] },
    { name: "reopen", label: "Reopen", path: "reopen", done: "Reopened",
      fields: [{ name: "reason", label: "Reason", kind: "textarea" }] },
    { name: "send_letter", label: "Record a letter as sent", path: "letter/sent",
      done: "Letter recorded as sent", when: (d) => d.letters.length > 0,
      hint: "Records that the letter left, how and when; the player sees it in the case.",
      fields: [
        { name: "letter", label: "Letter", kind: "select",
          options: () => state.derived.letters.slice().reverse()
            .map((x) => [x, LETTER_WORDS[x] || words(x)]) },
        { name: "language", label: "Language", kind: "select",
          options: () => [[state.letter, LANGUAGE_WORDS[state.letter]], ...Object.entries(
            LANGUAGE_WORDS).filter(([k]) => k !== state.letter)] },
        { name: "channel", label: "Sent", kind: "select", options: SEND_CHANNELS },
        { name: "sent_at", label: "Sent at (your local time, YYYY-MM-DD HH:MM; empty: now)",
          placeholder: "2026-01-06 18:30", optional: true },
      ],
      body: letterBody },
  ];

  // The staff picker: who a case can be assigned to, the current assignee first.
  function assigneeOptions() {
    const staff = state.assignees || [];
    const current = state.case && state.case.assignee;
    const options = staff.map((p) => [p.staff_id, `${p.display_name} (${words(p.role)})`]);
    const first = options.findIndex(([id]) => `staff:${id}` === current);
    if (first > 0) options.unshift(options.splice(first, 1)[0]);
    return options.length ? options : [["", "nobody can be assigned"]];
  }

  async function loadAssignees() {
    try {
      const body = await api("/complaints/assignees");
      state.assignees = listOf(body);
    } catch (err) {
      state.assignees = null;
    }
  }

  function letterBody(box, action) {
    const body = collect(box, action);
    if (body.sent_at) {
      const text = body.sent_at;
      const at = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/.test(text)
        ? new Date(text.replace(" ", "T")) : null;
      if (!at || Number.isNaN(at.getTime())) {
        throw new LocalError("sent_at", `Sent at: "${text}" is not a date and time such as`
          + " 2026-01-06 18:30");
      }
      body.sent_at = at.toISOString();
    }
    if (!state.letterKey) state.letterKey = P.randomToken("desk-letter-");
    body.idempotency_key = state.letterKey;
    return body;
  }

  // Which actions the page offers for the case now (the state's, then the record's).
  function offered(c, d) {
    return ACTIONS.filter((a) => ALLOWED[a.name].includes(c.state) && (!a.when || a.when(d)));
  }

  class LocalError extends Error {
    constructor(field, message) {
      super(message);
      this.field = field;
    }
  }

  function inputId(action, field) {
    return `${action.name}-${field.name}`;
  }

  function fieldControl(action, field) {
    const id = inputId(action, field);
    const data = { field: field.field || field.name };
    let control;
    if (field.kind === "textarea") {
      control = el("textarea", { id, name: field.name, rows: 2, data });
    } else if (field.kind === "select") {
      const options = typeof field.options === "function" ? field.options() : field.options;
      control = el("select", { id, name: field.name, data },
        options.map(([value, label]) => el("option", { value }, label)));
    } else if (field.kind === "checkbox") {
      control = el("input", { id, name: field.name, type: "checkbox", data });
      return el("label", { className: "check", for: id, data: { for: field.name } }, control,
        ` ${field.label}`);
    } else {
      control = el("input", { id, name: field.name, type: "text", autocomplete: "off",
        spellcheck: "false", placeholder: field.placeholder, data });
    }
    if (field.value) control.value = field.value;
    return el("label", { for: id, data: { for: field.name } }, field.label, control);
  }

  function renderActions() {
    const c = state.case;
    const d = state.derived;
    const actions = offered(c, d);
    const box = $("actions");
    box.dataset.state = c.state;
    fill(box, actions.length ? actions.map(actionBox)
      : el("p", {}, "Nothing can be done in this state."),
    c.state === "decision_approved" && d.compensationDue
      ? el("p", { className: "hint", id: "resolve-hint" },
        "Resolve is offered once the compensation is paid.") : null);
  }

  function actionBox(action) {
    const hint = typeof action.hint === "function" ? action.hint() : action.hint;
    const button = el("button", { type: "button", id: `do-${action.name}` }, action.label);
    const error = el("p", { className: "form-error", role: "alert", id: `error-${action.name}`,
      hidden: true });
    const box = el("div", { className: "action", id: `action-${action.name}`, role: "group",
      "aria-labelledby": `title-${action.name}`, data: { action: action.name } },
    el("h4", { id: `title-${action.name}` }, action.label),
    hint ? el("p", { className: "hint" }, hint) : null,
    (action.fields || []).map((f) => fieldControl(action, f)), button, error);
    button.addEventListener("click", () => perform(action, box, button, error));
    if (action.name === "propose") {
      const kind = box.querySelector(`#${inputId(action, { name: "kind" })}`);
      const toggle = () => {
        for (const f of action.fields.filter((x) => x.showFor)) {
          box.querySelector(`label[data-for="${f.name}"]`).hidden = !f.showFor
            .includes(kind.value);
        }
      };
      kind.addEventListener("change", toggle);
      toggle();
    }
    return box;
  }

  function value(box, action, name) {
    const node = box.querySelector(`#${inputId(action, { name })}`);
    return node.type === "checkbox" ? node.checked : node.value.trim();
  }

  function collect(box, action) {
    const body = {};
    for (const f of action.fields || []) {
      const v = value(box, action, f.name);
      if (f.kind === "checkbox") {
        body[f.name] = v;
      } else if (v !== "") {
        body[f.name] = v;
      } else if (!f.optional) {
        throw new LocalError(f.name, `${f.label}: required`);
      }
    }
    return body;
  }

  function proposalBody(box, action) {
    const v = (name) => value(box, action, name);
    if (!v("reasons")) throw new LocalError("reasons", "Reasons: required (the letter quotes"
      + " them)");
    const body = { outcome: v("outcome"), reasons: v("reasons") };
    const kind = v("kind");
    if (!kind) return body;
    const compensation = { kind };
    const amount = v("amount");
    if (amount) {
      const cents = P.eurosToCents(amount);
      if (cents === null || cents <= 0) {
        throw new LocalError("compensation.amount_cents", `Amount in euros: "${amount}" is not`
          + " an amount of euros and cents, such as 12,50");
      }
      compensation.amount_cents = cents;
    } else if (kind === "payment") {
      throw new LocalError("compensation.amount_cents", "Amount in euros: a payment needs its"
        + " amount");
    }
    if (kind === "correction") compensation.transfer_id = v("transfer_id");
    if (kind === "game_refund") compensation.jogada_id = v("jogada_id");
    body.compensation = compensation;
    return body;
  }

  function markField(box, field) {
    for (const node of box.querySelectorAll("[aria-invalid]")) node.removeAttribute("aria-invalid");
    if (!field) return;
    const node = box.querySelector(`[data-field="${CSS.escape(field)}"]`);
    if (node) node.setAttribute("aria-invalid", "true");
  }

  async function perform(action, box, button, errorBox) {
    if (state.busy[action.name]) return;  // its answer is awaited: nothing is sent again
    showError("", errorBox);
    markField(box, null);
    let body;
    try {
      body = action.noBody ? undefined : action.body ? action.body(box, action)
        : collect(box, action);
    } catch (err) {
      if (!(err instanceof LocalError)) throw err;
      showError(err.message, errorBox);
      markField(box, err.field);
      return;
    }
    const key = needKey();
    if (!key) return;
    if (action.name === "pay") {
      // One key per click, kept until an answer arrives: a retry after a lost answer pays once.
      if (!state.payKey) state.payKey = P.randomToken("desk-pay-");
      body = { idempotency_key: state.payKey };
    }
    state.busy[action.name] = true;
    button.disabled = true;
    box.dataset.busy = "true";
    const caseId = state.caseId;
    let answer;
    let answered = false;
    try {
      answer = await request(`/complaints/${encodeURIComponent(caseId)}/${action.path}`, key,
        { method: "POST", body });
      answered = true;
    } catch (err) {
      if (action.name === "pay" && err.status !== 0) state.payKey = null;  // it was answered
      if (action.name === "send_letter" && err.status !== 0) state.letterKey = null;
      if (err.error.code === "case_state" && caseId === state.caseId) {
        // The case moved on since the page drew it: say so, and draw what it allows now.
        showError(err.message);
        loadCase(caseId, true);
        loadQueue();
        return;
      }
      showError(err.message, errorBox);
      markField(box, err.error.field);
      return;
    } finally {
      if (!answered) {  // answered: the button stays off until the case is drawn again, so a
        state.busy[action.name] = false;  // double click's second click sends nothing more
        button.disabled = false;
        delete box.dataset.busy;
      }
    }
    if (action.name === "pay") state.payKey = null;
    if (action.name === "send_letter") state.letterKey = null;
    setStatus(`${action.done}: ${answer.reference || ""} is now ${words(answer.state)}`
      + `${answer.evidence_number ? ` (evidence pack ${answer.evidence_number})` : ""}.`);
    try {
      if (caseId !== state.caseId) return;
      await loadCase(caseId, true);
      loadQueue();
    } finally {
      state.busy[action.name] = false;
      button.disabled = false;
      delete box.dataset.busy;
    }
  }

  // Wiring -----------------------------------------------------------------------------------
  async function openDesk() {
    showError("");
    if (!needKey()) return;
    $("desk").hidden = false;
    setStatus("Loading the queue…");
    const [ok] = await Promise.all([loadQueue(), loadAssignees()]);
    if (ok) setStatus("");
    const wanted = fragmentCase();
    if (ok && wanted) loadCase(wanted);
  }

  function start() {
    const stored = P.storedKey();
    if (stored) $("key").value = stored;
    fill($("queue-state"), el("option", { value: "" }, "open cases (the queue)"),
      STATES.map((s) => el("option", { value: s }, words(s))));
    $("load-button").addEventListener("click", openDesk);
    $("key").addEventListener("keydown", (event) => {
      if (event.key === "Enter") {
        event.preventDefault();
        openDesk();
      }
    });
    $("forget-key").addEventListener("click", () => {
      P.forgetKey();
      $("key").value = "";
      setStatus("The key is forgotten.");
    });
    $("queue-state").addEventListener("change", () => loadQueue());
    $("queue-overdue").addEventListener("change", () => loadQueue());
    $("queue-refresh").addEventListener("click", () => loadQueue());
    for (const b of document.querySelectorAll(".letter-languages button")) {
      b.addEventListener("click", () => loadLetter(b.dataset.language));
    }
    window.addEventListener("hashchange", () => {
      const wanted = fragmentCase();
      if (!wanted || wanted === state.caseId && state.case) return;
      showError("");
      if (!needKey()) return;
      loadCase(wanted);
    });
    if ($("key").value) openDesk();
  }

  // For the tests of the page (tests/complaints/): the state machine it follows, and what it
  // offers for a case.
  window.LedgerDesk = { ALLOWED, STATES, offered: (c) => offered(c, derive(c)).map((a) => a.name),
    eurosToCents: P.eurosToCents };

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
}());
