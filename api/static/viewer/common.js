// What the pages of the web front share (the replay viewer GET /viewer, the complaint desk
// GET /viewer/complaints): building the DOM, amounts, and the requests to the service. Plain
// JavaScript, no framework, no request to any other origin (Content-Security-Policy
// default-src 'self').
//
// The API key is typed on a page and sent only as "Authorization: Bearer": never in a URL, and
// no page has a form to submit. It is kept in the tab's session storage (one key for both
// pages) until "Forget key" or the tab is closed. Everything from the record is drawn with
// textContent and createElement: nothing is ever parsed as HTML.
"use strict";

(function () {
  const KEY_STORE = "ledger-viewer-key";

  const $ = (id) => document.getElementById(id);

  // A DOM element: el("td", {className: "x", data: {card: "As"}, title: "…"}, child, "text")
  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attrs || {})) {
      if (value === undefined || value === null || value === false) continue;
      if (name === "data") {
        for (const [k, v] of Object.entries(value)) {
          if (v !== undefined && v !== null) node.dataset[k] = String(v);
        }
      } else if (name === "className") {
        node.className = value;
      } else {
        node.setAttribute(name, value === true ? "" : String(value));
      }
    }
    for (const child of children.flat(Infinity)) {
      if (child === undefined || child === null || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  // Replace a node's children (nulls and falses left out, as el() does).
  function fill(node, ...children) {
    node.replaceChildren(...children.flat(Infinity).filter((c) => c !== undefined
      && c !== null && c !== false));
  }

  function euros(cents) {
    if (cents === undefined || cents === null) return "—";
    const sign = cents < 0 ? "-" : "";
    const abs = Math.abs(cents);
    const whole = Math.floor(abs / 100).toString().replace(/\B(?=(\d{3})+(?!\d))/g, " ");
    return `${sign}${whole},${String(abs % 100).padStart(2, "0")} €`;
  }

  // "12,50", "12.5", "1 234,00 €" -> 1250, 1250, 123400 cents; null when it is no amount.
  // Parsed as text (never through a float), at most two decimals.
  function eurosToCents(text) {
    const clean = String(text || "").replace(/[\s€]/g, "");
    const match = /^(\d{1,12})(?:[.,](\d{1,2}))?$/.exec(clean);
    if (!match) return null;
    return Number(match[1]) * 100 + Number((match[2] || "").padEnd(2, "0"));
  }

  function yesNo(value) {
    return el("span", { className: value ? "yes" : "no" }, value ? "yes" : "no");
  }

  function table(headers, rows, className) {
    return el("table", { className: className || "data" },
      el("thead", {}, el("tr", {}, headers.map((h) => el("th", { scope: "col" }, h)))),
      el("tbody", {}, rows.map((row) => el("tr", {}, row.map((cell) => el("td", {
        className: typeof cell !== "string" ? null : cell.endsWith(" €") ? "amount"
          : cell.length <= 14 ? "short" : null,
      }, cell))))));
  }

  function pairs(rows, className) {
    return el("dl", { className: className || "facts" },
      rows.filter(([, v]) => v !== undefined && v !== null && v !== "")
        .map(([k, v]) => [el("dt", {}, k), el("dd", {}, v)]));
  }

  // Errors and status -------------------------------------------------------------------------
  class ApiError extends Error {
    constructor(status, message, error) {
      super(message);
      this.status = status;
      this.error = error || {};  // the API's {code, message, field, rule, rule_title, details,
      // request_id}
    }
  }

  // The API's error as one line: "409 Conflict: <message> (code, field f, rule r) request id".
  function describeError(status, statusText, error) {
    const parts = [`${status} ${statusText || ""}`.trim() + ":",
      error.message || "the service refused the request"];
    const extra = [error.code, error.field ? `field ${error.field}` : null,
      error.rule ? `rule ${error.rule}${error.rule_title ? ` (${error.rule_title})` : ""}` : null]
      .filter(Boolean);
    if (extra.length) parts.push(`(${extra.join(", ")})`);
    if (error.request_id) parts.push(`request ${error.request_id}`);
    return parts.join(" ");
  }

  function showError(message, box) {
    const node = box || $("error");
    node.textContent = message || "";
    node.hidden = !message;
  }

  function setStatus(message) {
    $("status").textContent = message || "";
  }

  // One request to the service with the key in the Authorization header. ``options``: method,
  // body (sent as JSON), raw (answer the Response's bytes: {bytes, type, headers}).
  async function request(path, key, options) {
    const opts = options || {};
    const headers = { Authorization: `Bearer ${key}`, Accept: opts.raw ? "*/*"
      : "application/json" };
    const init = {
      method: opts.method || "GET", headers, cache: "no-store", credentials: "omit",
      redirect: "error", referrerPolicy: "no-referrer",
    };
    if (opts.body !== undefined) {
      headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(opts.body);
    }
    let response;
    try {
      response = await fetch(path, init);
    } catch (err) {
      throw new ApiError(0, `Network error: the service did not answer (${err.message}).`);
    }
    if (response.ok && opts.raw) {
      return { bytes: new Uint8Array(await response.arrayBuffer()),
        type: response.headers.get("Content-Type") || "", headers: response.headers };
    }
    let body = null;
    try {
      body = await response.json();
    } catch (_) {
      body = null;
    }
    if (!response.ok) {
      const error = body && body.error ? body.error : {};
      throw new ApiError(response.status, describeError(response.status, response.statusText,
        error), error);
    }
    return body;
  }

  // The key of this tab ------------------------------------------------------------------------
  function storedKey() {
    try {
      return sessionStorage.getItem(KEY_STORE);
    } catch (_) {
      return null;
    }
  }

  function keepKey(key) {
    try {
      sessionStorage.setItem(KEY_STORE, key);
    } catch (_) { /* storage refused: the key stays in memory only */ }
  }

  function forgetKey() {
    try {
      sessionStorage.removeItem(KEY_STORE);
    } catch (_) { /* nothing stored */ }
  }

  // SHA-256 in the browser (only over https or on localhost): hex, or null where not offered.
  async function sha256Hex(bytes) {
    if (!window.crypto || !crypto.subtle) return null;
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
    return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
  }

  // A fresh random token (an idempotency key): crypto.getRandomValues works on plain http too.
  function randomToken(prefix) {
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return `${prefix || ""}${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
  }

  window.LedgerPage = {
    $, el, fill, euros, eurosToCents, yesNo, table, pairs, ApiError, describeError, showError,
    setStatus, request, storedKey, keepKey, forgetKey, sha256Hex, randomToken,
  };
}());
