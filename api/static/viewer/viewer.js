// The jogada replay viewer (GET /viewer): plain JavaScript, no framework, no request to any
// other origin (the page's Content-Security-Policy is default-src 'self').
//
// It reads GET /jogadas/{id} (the summary), GET /jogadas/{id}/steps (the steps in the
// game-neutral vocabulary of domain/kernel/viewer.py, the money, the RNG check, the adjudication) and
// GET /jogadas/{id}/proof (the integrity proof: 404 or 409 mean "not available yet"), with the
// API key in the Authorization header only: the key is never put in a URL, and the page has
// no form to submit. The DOM helpers and the requests are common.js's (LedgerPage), the
// drawing of a step's scene scenes.js's (LedgerScenes), shared with the complaint desk.
//
// Issue 24: the stepper walks through the play (the steps of kind "play"); the bookkeeping
// the play caused (session lines, debits, credits: kind "bookkeeping") is listed apart, in a
// collapsed section, each entry with the play step it follows. Players are drawn by their
// label with their name beside it (the steps' ``players``; staff keys only reach this page).
"use strict";

(function () {
  const { $, el, fill, euros, yesNo, table, pairs, showError, setStatus } = window.LedgerPage;
  const { drawScene, stepMeta, movementRows, playerNames, accountOf, bookkeepingTable,
    MOVEMENT_HEADERS } = window.LedgerScenes;
  const state = { key: null, jogada: null, summary: null, data: null, play: [], names: null,
    index: 0, loading: 0 };

  const api = (path) => window.LedgerPage.request(path, state.key);

  // The URL fragment: #jogada=<id>&step=<n> (never the key) ---------------------------------
  function readFragment() {
    const params = new URLSearchParams(window.location.hash.replace(/^#/, ""));
    const step = parseInt(params.get("step") || "", 10);
    return { jogada: params.get("jogada") || "", step: Number.isFinite(step) ? step : null };
  }

  function writeFragment() {
    if (!state.jogada) return;
    const params = new URLSearchParams({ jogada: state.jogada });
    if (state.data) params.set("step", String(state.index + 1));
    history.replaceState(null, "", `${window.location.pathname}#${params.toString()}`);
  }

  // Loading -----------------------------------------------------------------------------------
  async function load(startStep) {
    showError("");
    const key = $("key").value.trim();
    const jogada = $("jogada").value.trim();
    if (!key) {
      showError("Enter an API key: an operator's, an auditor's or a complaint handler's.");
      return;
    }
    if (!jogada) {
      showError("Enter the id of a jogada (for example <table id>:1).");
      return;
    }
    state.key = key;
    window.LedgerPage.keepKey(key);
    state.jogada = jogada;
    state.data = null;
    const ticket = ++state.loading;
    $("viewer").hidden = true;
    setStatus(`Loading jogada ${jogada}…`);
    writeFragment();
    const base = `/jogadas/${encodeURIComponent(jogada)}`;
    let summary;
    let steps;
    try {
      [summary, steps] = await Promise.all([api(base), api(`${base}/steps`)]);
    } catch (err) {
      if (ticket !== state.loading) return;
      setStatus("");
      showError(err.message);
      return;
    }
    if (ticket !== state.loading) return;
    state.summary = summary;
    state.data = steps;
    state.play = steps.steps.filter((s) => s.kind !== "bookkeeping");
    if (!state.play.length) state.play = steps.steps;
    state.names = playerNames(steps.players);
    const count = state.play.length;
    state.index = startStep ? Math.min(Math.max(startStep, 1), count) - 1 : 0;
    setStatus("");
    render();
    $("viewer").hidden = false;
    loadProof(base, ticket);
  }

  async function loadProof(base, ticket) {
    const box = $("proof");
    box.replaceChildren(el("p", {}, "Loading the integrity proof…"));
    box.dataset.status = "loading";
    let proof;
    try {
      proof = await api(`${base}/proof`);
    } catch (err) {
      if (ticket !== state.loading) return;
      if (err.status === 404 || err.status === 409) {
        box.dataset.status = "unavailable";
        box.replaceChildren(el("p", { className: "unavailable" }, "Not available yet: ",
          err.status === 409
            ? "no signed checkpoint covers this jogada yet; try again after the next one."
            : "this service does not serve integrity proofs yet."),
          el("p", { className: "detail" }, err.message));
        return;
      }
      box.dataset.status = "error";
      box.replaceChildren(el("p", { className: "no" }, "The proof could not be read."));
      showError(err.message);
      return;
    }
    if (ticket !== state.loading) return;
    renderProof(proof);
  }

  // Drawing -----------------------------------------------------------------------------------
  function render() {
    renderSummary();
    renderStep();
    renderBookkeeping();
    renderRng();
    renderAdjudication();
    renderMoney();
  }

  // A result in words: "prize_net_loss" -> "prize net loss".
  function resultWords(result) {
    return result ? result.replace(/_/g, " ") : "—";
  }

  function renderSummary() {
    const s = state.summary;
    const d = state.data;
    const labelled = Object.fromEntries((d.players || []).map((p) => [p.player_id, p]));
    const players = (s.players || []).map((p) => {
      const known = labelled[p.player_id] || {};
      return [p.display_name || known.display_name || "—", known.label || "—", p.player_id,
        p.seat ?? "—", resultWords(p.result), euros(p.wagered_cents), euros(p.won_cents),
        euros(p.refunded_cents), euros(p.net_cents)];
    });
    fill($("summary"),
      el("h2", {}, `${d.title || s.title || d.game} · jogada ${d.jogada_id}`),
      pairs([["game", `${s.title} (${s.game})`],
        ["venue", `${s.venue.name || ""} ${s.venue.venue_id}`.trim()],
        ["status", s.status], ["started", s.started_at], ["ended", s.ended_at],
        ["totals", `wagered ${euros(s.totals.wagered_cents)}, won ${euros(s.totals.won_cents)},`
          + ` refunded ${euros(s.totals.refunded_cents)}, net ${euros(s.totals.net_cents)}`]]),
      players.length
        ? table(["player", "in the steps", "player id", "seat", "result", "wagered", "won",
          "refunded", "net"], players, "data players")
        : el("p", {}, "No player staked in this jogada."));
  }

  function renderStep() {
    const steps = state.play;
    const step = steps[state.index];
    $("position").textContent = `Step ${state.index + 1} of ${steps.length}`;
    $("position").dataset.index = String(state.index);
    $("first").disabled = $("prev").disabled = state.index === 0;
    $("last").disabled = $("next").disabled = state.index === steps.length - 1;
    $("step-title").textContent = step.title;
    const books = state.data.steps.filter((s) => s.after_step === step.number).length;
    $("step-meta").replaceChildren(...pairs([...stepMeta(step, state.names), ["bookkeeping", books
      ? `${books} entr${books === 1 ? "y" : "ies"} after this step (see Bookkeeping below)`
      : null]]).childNodes);
    drawScene($("scene"), step, state.index, state.names);
    writeFragment();
  }

  // The bookkeeping of the play, apart from it: each entry with the play step it follows.
  function renderBookkeeping() {
    const books = state.data.steps.filter((s) => s.kind === "bookkeeping");
    const playIndex = new Map(state.play.map((s, i) => [s.number, i]));
    $("bookkeeping").dataset.count = String(books.length);
    $("bookkeeping-summary").textContent = `Bookkeeping: ${books.length} session line(s),`
      + " debit(s) and credit(s) the play caused";
    $("bookkeeping-list").replaceChildren(books.length
      ? bookkeepingTable(books, (number) => playIndex.get(number), go, state.names)
      : el("p", {}, "No bookkeeping in this jogada."));
  }

  function go(index) {
    if (!state.data) return;
    const count = state.play.length;
    const next = Math.min(Math.max(index, 0), count - 1);
    if (next !== state.index) {
      state.index = next;
      renderStep();
    }
  }

  // The checks --------------------------------------------------------------------------------
  function renderRng() {
    const rng = state.data.rng || {};
    const box = $("rng");
    box.dataset.verified = String(Boolean(rng.verified));
    const checks = Object.entries(state.data.checks || {}).map(([name, c]) => [
      name.replace(/_/g, " "), el("span", {}, yesNo(c.verified), " ", c.check || "")]);
    box.replaceChildren(pairs([["verified", yesNo(rng.verified)], ["check", rng.check],
      ["commitment", rng.commitment], ["seed", rng.seed_hex],
      ["forced", rng.forced === undefined ? null : (rng.forced ? "yes" : "no")], ...checks]));
  }

  function renderAdjudication() {
    const a = state.data.adjudication || {};
    const box = $("adjudication");
    box.dataset.agrees = String(Boolean(a.agrees));
    // The money the account events moved (domain/kernel/adjudication.py); a smaller game may
    // record its nets directly.
    const recorded = a.recorded && typeof a.recorded.money === "object" ? a.recorded.money
      : (a.recorded || {});
    const recomputed = a.recomputed || {};
    const accounts = [...new Set([...Object.keys(recorded), ...Object.keys(recomputed)])].sort();
    fill(box,
      pairs([["agrees", yesNo(a.agrees)], ["status", a.status]]),
      table(["account", "recorded", "recomputed"],
        accounts.map((c) => [accountOf(c, state.names), euros(recorded[c] ?? 0),
          euros(recomputed[c] ?? 0)])),
      (a.differences || []).length
        ? el("p", { className: "no" }, "Differences: ", a.differences.map((d) =>
          `${d.account} (${d.against}): recorded ${euros(d.recorded_cents)}, recomputed `
          + euros(d.recomputed_cents)).join("; "))
        : null,
      (a.problems || []).length ? el("p", { className: "no" }, a.problems.join("; ")) : null,
      (a.rules || []).length ? el("p", { className: "note" }, `Rules: ${a.rules.join("; ")}`) : null);
  }

  function renderMoney() {
    const movements = state.data.money || [];
    $("money").dataset.count = String(movements.length);
    const named = movements.map((m) => ({ ...m, account: accountOf(m.account, state.names),
      counterparty: m.counterparty && accountOf(m.counterparty, state.names) }));
    $("money").replaceChildren(movements.length
      ? table(MOVEMENT_HEADERS, movementRows(named))
      : el("p", {}, "No money moved in this jogada."));
  }

  // The integrity proof (RFC 9162 §2.1.3.2, re-checked here with the browser's SHA-256) -------
  function hexToBytes(hex) {
    if (typeof hex !== "string" || !/^([0-9a-fA-F]{2})*$/.test(hex)) {
      throw new Error(`not hexadecimal: ${hex}`);
    }
    const out = new Uint8Array(hex.length / 2);
    for (let i = 0; i < out.length; i += 1) out[i] = parseInt(hex.substr(i * 2, 2), 16);
    return out;
  }

  function bytesToHex(bytes) {
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }

  async function nodeHash(left, right) {
    const data = new Uint8Array(1 + left.length + right.length);
    data[0] = 1;
    data.set(left, 1);
    data.set(right, 1 + left.length);
    return new Uint8Array(await crypto.subtle.digest("SHA-256", data));
  }

  // Whether leafHash (hex) is leaf leafIndex of the tree of treeSize leaves whose root is
  // rootHex, by the audit path proof (hex strings): the algorithm of RFC 9162 §2.1.3.2.
  async function verifyInclusion(leafHash, leafIndex, treeSize, proof, rootHex) {
    if (!(leafIndex >= 0 && leafIndex < treeSize)) return false;
    let fn = leafIndex;
    let sn = treeSize - 1;
    let r = hexToBytes(leafHash);
    for (const hex of proof) {
      const p = hexToBytes(hex);
      if (sn === 0) return false;
      if (fn % 2 === 1 || fn === sn) {
        r = await nodeHash(p, r);
        if (fn % 2 === 0) {
          while (fn % 2 === 0 && fn !== 0) {
            fn = Math.floor(fn / 2);
            sn = Math.floor(sn / 2);
          }
        }
      } else {
        r = await nodeHash(r, p);
      }
      fn = Math.floor(fn / 2);
      sn = Math.floor(sn / 2);
    }
    return sn === 0 && bytesToHex(r) === rootHex.toLowerCase();
  }

  function renderProof(proof) {
    const box = $("proof");
    const cp = proof.checkpoint || {};
    const key = proof.public_key || {};
    box.dataset.status = "present";
    box.dataset.verified = String(Boolean(proof.verified));
    const browser = el("span", { className: "pending", id: "proof-browser" }, "checking…");
    const rows = (proof.events || []).map((e) => {
      const cell = el("span", { className: "pending", data: { notification: e.notification_id } },
        "…");
      return { e, cell };
    });
    fill(box,
      pairs([["verified by the service", yesNo(proof.verified)],
        ["re-verified in this browser", browser],
        ["checkpoint", `#${cp.sequence} · ${cp.tree_size} events · sealed ${cp.sealed_at}`],
        ["root", cp.root], ["chain", cp.chain], ["signature", cp.signature],
        ["key", `${key.algorithm || ""} ${key.key_id || cp.key_id || ""}`.trim()],
        ["public key", key.public_key], ["note", cp.note]]),
      table(["event", "leaf", "leaf hash", "path", "in the tree"], rows.map(({ e, cell }) => [
        `#${e.notification_id}`, e.leaf_index, e.leaf_hash, `${(e.proof || []).length} hashes`,
        cell])));
    checkInBrowser(cp, rows, browser);
  }

  async function checkInBrowser(cp, rows, browser) {
    if (!window.crypto || !crypto.subtle) {
      browser.className = "pending";
      browser.textContent = "not possible here: the browser offers SHA-256 only over https"
        + " or on localhost";
      return;
    }
    let good = 0;
    for (const { e, cell } of rows) {
      let ok = false;
      try {
        ok = await verifyInclusion(e.leaf_hash, e.leaf_index, cp.tree_size, e.proof || [],
          cp.root || "");
      } catch (_) {
        ok = false;
      }
      cell.className = ok ? "yes" : "no";
      cell.textContent = ok ? "yes" : "no";
      cell.dataset.verified = String(ok);
      good += ok ? 1 : 0;
    }
    const all = rows.length > 0 && good === rows.length;
    browser.className = all ? "yes" : "no";
    browser.dataset.verified = String(all);
    browser.textContent = `${all ? "yes" : "no"}: ${good} of ${rows.length} inclusion proof(s)`
      + " lead to the checkpoint's root (RFC 9162 §2.1.3.2)";
  }

  // Wiring ------------------------------------------------------------------------------------
  function start() {
    const stored = window.LedgerPage.storedKey();
    if (stored) $("key").value = stored;
    const fragment = readFragment();
    if (fragment.jogada) $("jogada").value = fragment.jogada;

    $("load-button").addEventListener("click", () => load(null));
    $("forget-key").addEventListener("click", () => {
      window.LedgerPage.forgetKey();
      state.key = null;
      $("key").value = "";
      setStatus("The key is forgotten.");
    });
    for (const id of ["key", "jogada"]) {
      $(id).addEventListener("keydown", (event) => {
        if (event.key === "Enter") {
          event.preventDefault();
          load(null);
        }
      });
    }
    $("first").addEventListener("click", () => go(0));
    $("prev").addEventListener("click", () => go(state.index - 1));
    $("next").addEventListener("click", () => go(state.index + 1));
    $("last").addEventListener("click", () => go(Number.MAX_SAFE_INTEGER));
    document.addEventListener("keydown", (event) => {
      const tag = event.target && event.target.tagName;
      if (tag === "INPUT" || tag === "TEXTAREA" || event.altKey || event.ctrlKey
          || event.metaKey) return;
      const moves = { ArrowRight: 1, ArrowLeft: -1, PageDown: 10, PageUp: -10 };
      if (event.key in moves) {
        event.preventDefault();
        go(state.index + moves[event.key]);
      } else if (event.key === "Home") {
        go(0);
      } else if (event.key === "End") {
        go(Number.MAX_SAFE_INTEGER);
      }
    });
    window.addEventListener("hashchange", () => {
      const wanted = readFragment();
      if (wanted.jogada && wanted.jogada !== state.jogada) {
        $("jogada").value = wanted.jogada;
        if ($("key").value) load(wanted.step);
      } else if (wanted.step && state.data) {
        go(wanted.step - 1);
      }
    });
    if (fragment.jogada && $("key").value) load(fragment.step);
  }

  // For the tests of the page (tests/viewer/): the RFC 9162 check, and the proof's drawing.
  window.LedgerViewer = { verifyInclusion, renderProof };

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
}());
