"""The replay viewer's game-neutral steps (903-B 6.3.4(2): every essential element of a jogada
viewable by replay; GLI-19 §4.14, game recall): a jogada's replay turned into steps that a page
can draw without knowing the game.

Each game may give its ``Game.viewer_steps(replayed)`` (domain/<game>/viewer.py): one step per
step of its replay, ``{"position", "title", "rule", "scene"}``, where ``position`` is the
replay step's notification id and ``scene`` is what the table or room looked like after that
event, in this small vocabulary (the builders below):

- ``cards``: ``{"label", "cards": ["As", "Td", ...], "hidden": n, "note"}``: face-up cards
  (the API's card codes, domain/cards/codes.py) and ``hidden`` face-down ones;
- ``grid``: ``{"label", "rows": [[n | None, ...], ...], "marked": [n, ...], "won": [prize]}``:
  a card of numbers (a grid), the drawn numbers on it marked;
- ``balls``: ``{"label", "numbers": [...]}``: balls in the order drawn;
- ``prizes``: ``{"label", "items": [{"name", "value_cents", "ordinal", "ball", "winners",
  "shares"}]}``;
- ``money``: ``{"label", "movements": [{"position", "account", "kind", "cents", "reason",
  "counterparty", "transfer_id"}]}``;
- ``facts``: ``{"label", "rows": [[name, value], ...]}``;
- ``text``: ``{"text"}``.

A game's step may also carry ``"players": {player_id: label}``: the players it names by a
stable label ("Seat 2", "Player 1"), never by name nor by id in its titles and scenes. A
display name is a fact of the principals read model, not of the jogada's events: the API adds
it for staff (infra/services/jogada_views.py), and never to what a player may be shown (an evidence
pack), where another player is only "Seat 2" or "Player 1" (issue 24).

``show`` completes them the same way for every game: each step's event (notification id,
topic, name), a default title and rule (the event's own ``rule`` or its refs' rule), the
money its account events moved, and its ``kind``: ``play`` for the game's own events (and its
RNG's), ``bookkeeping`` for the session lines, debits and credits that the play caused (the
``Account`` and ``GameSession`` events of the jogada), with ``after_step``, the number of the
play step they follow in the log. Every step stays, in log order (an auditor needs them all);
a page shows the play first and the bookkeeping apart (issue 24). ``players`` lists every
player the steps named, with its label. A game that gives no ``viewer_steps`` is shown by
``fallback_steps``: each event as text. Pure: no I/O, no clock.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from domain.kernel.adjudication import account_codes
from domain.kernel.game import topic_of
from domain.kernel.replay_support import MONEY_KINDS, event_name
from domain.kernel.rules import T903B, cite
from domain.ledger.accounts import wallet_code

RECALL = cite(T903B, "6.3.4(2)")  # every essential element of the jogada viewable
COMMITTED = cite(T903B, "6.7.5")  # the outcome drawn and committed before the first result
REVEALED = cite(T903B, "6.7.2(4)")  # the results produced are the ones used and recorded
LANGUAGES = ("pt", "en")  # the languages a step is written in ("en": the staff's viewer)
# The core's sentences of a step, per language (str.format fields): the session lines, the money
# an account event moved, the RNG's facts. A game's own are in its viewer module.
SAID = {
    "en": {"BetRecorded": "Bet of {amount} recorded on the player's session",
           "WinRecorded": "Win of {amount} ({category}) recorded on the player's session",
           "win": "win", "money": "{amount} {kind} on {where}{why}",
           "wallet": "the wallet of {who}", "account": "{code}", "house": "house",
           "held": "held", "posted": "posted", "voided": "released", "credited": "credited",
           "debited": "debited", "moved": "Money moved by this event",
           "Commitment": "Commitment", "Reveal": "Reveal", "algorithm": "algorithm",
           "SHA-256 commitment": "SHA-256 commitment", "forced": "forced", "seed": "seed",
           "commitment": "commitment",
           "no_seed": "not in this copy (domain/kernel/player_copy.py)"},
    "pt": {"BetRecorded": "Aposta de {amount} registada na sessão do jogador",
           "WinRecorded": "Ganho de {amount} ({category}) registado na sessão do jogador",
           "win": "ganho", "money": "{amount} {kind} {where}{why}",
           "wallet": "na carteira de {who}", "account": "na conta {code}",
           "house": "na conta da casa (operador)", "held": "cativado", "posted": "lançado",
           "voided": "libertado", "credited": "creditado", "debited": "debitado",
           "moved": "Dinheiro movido por este evento", "Commitment": "Compromisso",
           "Reveal": "Revelação", "algorithm": "algoritmo",
           "SHA-256 commitment": "compromisso SHA-256", "forced": "imposto",
           "seed": "semente", "commitment": "compromisso",
           "no_seed": "não consta desta cópia (domain/kernel/player_copy.py)"},
}
SESSION_EVENTS = {k: SAID["en"][k] for k in ("BetRecorded", "WinRecorded")}
# The topics of the bookkeeping a jogada's play causes: the accounts' debits and credits
# (domain/ledger/accounts.py) and the session lines (domain/sessions/session.py). Topics, not classes: they
# are the record's stable names.
BOOKKEEPING_TOPICS = ("ledger.Account.", "ledger.GameSession.")
PLAY, BOOKKEEPING = "play", "bookkeeping"
WALLET_PREFIX = wallet_code("")  # "wallet:" and the player's id
MONEY_TITLES = {k: SAID["en"][k] for k in ("held", "posted", "voided", "credited", "debited")}
Steps = list[dict[str, Any]]


# The vocabulary ---------------------------------------------------------------------------------
def cards(label: str, codes: list[str] | tuple[str, ...], hidden: int = 0,
          note: str | None = None) -> dict[str, Any]:
    return {"kind": "cards", "label": label, "cards": list(codes), "hidden": hidden,
            "note": note}


def grid(label: str, rows: list[list[int | None]], drawn: set[int] | frozenset[int],
         won: list[str] | None = None) -> dict[str, Any]:
    """A card of numbers; ``marked``: the numbers on it among ``drawn``, in the card's order."""
    marked = [n for row in rows for n in row if n is not None and n in drawn]
    return {"kind": "grid", "label": label, "rows": [list(row) for row in rows],
            "marked": marked, "won": list(won or [])}


def balls(label: str, numbers: list[int]) -> dict[str, Any]:
    return {"kind": "balls", "label": label, "numbers": list(numbers)}


def prizes(label: str, items: list[dict[str, Any]]) -> dict[str, Any]:
    return {"kind": "prizes", "label": label, "items": items}


def money(label: str, movements: list[dict[str, Any]]) -> dict[str, Any]:
    return {"kind": "money", "label": label, "movements": movements}


def facts(label: str, rows: list[tuple[str, Any]] | list[list[Any]]) -> dict[str, Any]:
    return {"kind": "facts", "label": label, "rows": [[str(k), v] for k, v in rows]}


def text(value: str) -> dict[str, Any]:
    return {"kind": "text", "text": value}


def step(position: int, title: str, scene: list[dict[str, Any]],
         rule: str | None = None, players: dict[str, str] | None = None) -> dict[str, Any]:
    """One step; ``players``: the players its title and scene name, by id → label."""
    out = {"position": position, "title": title, "rule": rule, "scene": scene}
    if players:
        out["players"] = dict(players)
    return out


def phrases(table: dict[str, dict[str, str]], lang: str = "en") -> Callable[..., str]:
    """``say(key, **fields)``: the sentence ``key`` of ``table[lang]`` (a game's or the core's
    per-language templates) with its fields filled in; a language without it: the English."""
    if lang not in LANGUAGES:
        raise ValueError(f"lang must be one of {', '.join(LANGUAGES)}")
    words_, english = table.get(lang, {}), table["en"]

    def say(key: str, **fields: Any) -> str:
        template = words_.get(key, english[key])
        return template.format(**fields) if fields else template
    return say


class Say:
    """A game's sentences in one language: ``say(key, **fields)`` (its ``SAID`` templates,
    ``phrases``); ``say.code(value)``: a code of its record (a reason, a result) in its words
    (its ``WORDS``, Game.words) — in English as recorded, as the staff's viewer always showed;
    ``say.name(code)``: a category's name ("Two lines", "Duas linhas")."""

    def __init__(self, said: dict[str, dict[str, str]], words: dict[str, dict[str, str]],
                 lang: str = "en") -> None:
        self.lang, self.say = lang, phrases(said, lang)
        self.words = {} if lang == "en" else dict(words.get(lang, {}))

    def __call__(self, key: str, **fields: Any) -> str:
        return self.say(key, **fields)

    def code(self, value: Any) -> Any:
        return self.words.get(value, value) if isinstance(value, str) else value

    def name(self, code: str) -> str:
        word = self.words.get(code)
        return word[:1].upper() + word[1:] if word else words_of(code)


def rng_facts(name: str, data: dict[str, Any], lang: str = "en") -> list[dict[str, Any]]:
    """What the RNG events of a jogada (domain/kernel/jogada_rng.py) show: the commitment before the
    first result (903-B 6.7.5), the seed once the jogada ended (903-B 6.7.2(4))."""
    say = phrases(SAID, lang)
    if name == "RngCommitted":
        return [facts(say("Commitment"), [(say("algorithm"), data["algorithm"]),
                                          (say("SHA-256 commitment"), data["commitment"]),
                                          (say("forced"), data["forced"])])]
    if name == "RngRevealed":
        seed = data["seed_hex"] or say("no_seed")
        return [facts(say("Reveal"), [(say("seed"), seed), (say("commitment"),
                                                           data["commitment"])])]
    return []


def euros(cents: int) -> str:
    """2,00 € (cents are integers everywhere; this is only how a page shows them)."""
    sign = "-" if cents < 0 else ""
    whole, part = divmod(abs(int(cents)), 100)
    return f"{sign}{whole:,}".replace(",", " ") + f",{part:02d} €"


def words(name: str) -> str:
    """An event's name in words: ``AntePlaced`` → "Ante placed"."""
    spaced = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", name).lower()
    return spaced[:1].upper() + spaced[1:]


def words_of(key: str) -> str:
    """A snake_case key in words: ``two_lines`` → "Two lines"."""
    spaced = key.replace("_", " ")
    return spaced[:1].upper() + spaced[1:]


# The replay's steps -----------------------------------------------------------------------------
def replay_steps(replayed: dict[str, Any]) -> list[dict[str, Any]]:
    """The steps of a game's replay (``steps``; a smaller game may call them ``events``), each
    a dict with its ``position`` and ``event`` name."""
    found = replayed.get("steps")
    if found is None:
        found = replayed.get("events", [])
    return [s for s in found if isinstance(s, dict) and "position" in s]


def fallback_steps(replayed: dict[str, Any]) -> Steps:
    """For a game without ``viewer_steps``: each event of its replay as text (its data, or the
    state it led to), so that any jogada of any game can be stepped through."""
    out = []
    for item in replay_steps(replayed):
        shown = item.get("data", item.get("state"))
        body = "" if shown is None else json.dumps(shown, ensure_ascii=False, sort_keys=True,
                                                   default=str)
        out.append(step(item["position"], words(item.get("event", "event")),
                        [text(body)] if body else []))
    return out


def money_movements(events: list[tuple[int, Any]]) -> list[dict[str, Any]]:
    """The jogada's account events as movements, in log order: the account (its code, found
    from the counterparties and the players the events name), what happened to it (held,
    posted, voided, credited, debited), the amount, why, and the transfer."""
    codes = account_codes(events, ())
    out = []
    for position, e in events:
        name = event_name(e)
        if name not in MONEY_KINDS:
            continue
        stream = str(e.originator_id)
        out.append({"position": position, "account": codes.get(stream, f"account:{stream}"),
                    "kind": MONEY_KINDS[name], "cents": e.amount_cents,
                    "reason": getattr(e, "reason", None),
                    "counterparty": getattr(e, "counterparty", None),
                    "transfer_id": getattr(e, "transfer_id", None)})
    return out


def _money_title(movements: list[dict[str, Any]], labels: dict[str, str],
                 say: Callable[..., str], code: Callable[[Any], Any]) -> str:
    m = movements[0]
    why = f" ({code(m['reason'])})" if m["reason"] else ""
    return say("money", amount=euros(m["cents"]), kind=say(m["kind"]),
               where=_account(m["account"], labels, say), why=why)


def _account(code: str, labels: dict[str, str], say: Callable[..., str]) -> str:
    """A player's wallet by the label the steps gave the player ("the wallet of Seat 1"), any
    other account by its code."""
    owner = code.removeprefix(WALLET_PREFIX) if code.startswith(WALLET_PREFIX) else None
    if owner in labels:
        return say("wallet", who=labels[owner])
    return say("house") if code == "house" else say("account", code=code)


def _session_title(name: str | None, e: Any, say: Callable[..., str],
                   code: Callable[[Any], Any]) -> str | None:
    if name not in SESSION_EVENTS:
        return None
    category = getattr(e, "category", None)
    return say(name, amount=euros(getattr(e, "amount_cents", 0)),
               category=code(category) if category else say("win"))


def step_kind(e: Any) -> str:
    """``bookkeeping`` for an account's or a session's event, ``play`` for the rest."""
    return BOOKKEEPING if e is not None and topic_of(e).startswith(BOOKKEEPING_TOPICS) \
        else PLAY


def _event_rule(e: Any) -> str | None:
    rule = getattr(e, "rule", None)
    refs = getattr(e, "refs", None)
    if rule is None and isinstance(refs, dict):
        rule = refs.get("rule")
    return rule if isinstance(rule, str) and rule else None


def speaks(game_steps: Callable[..., Steps] | None) -> bool:
    """Whether a game's ``viewer_steps`` writes its steps in a language (takes ``lang``)."""
    code = getattr(game_steps, "__code__", None)  # a plain function's parameters
    if code is None:
        return False
    return "lang" in code.co_varnames[:code.co_argcount + code.co_kwonlyargcount]


def show(game_steps: Callable[..., Steps] | None, replayed: dict[str, Any],
         events: list[tuple[int, Any]],
         rule_title: Callable[[str | None], str | None] | None = None,
         lang: str = "en", words: dict[str, dict[str, str]] | None = None) -> dict[str, Any]:
    """The viewer's steps, the players they name and the jogada's money: the game's steps (or
    the fallback), each completed with its event (notification id, topic, name, time, actor),
    its kind (play or bookkeeping, and the play step a bookkeeping one follows), a title and a
    rule where the game gave none, the rule's title (``rule_title``: the rule catalogues'
    titles of the rules it cites, domain/kernel/rule_titles.py; None without), and the
    movements of its account events. ``lang``: the language of the titles and scenes ("en",
    the staff's viewer; "pt": a game whose ``viewer_steps`` takes no ``lang`` stays English,
    and a step it gives no title has none, the page names its event); ``words``: the game's
    codes in words (Game.words), for the reasons and categories its titles name in ``lang``."""
    say = phrases(SAID, lang)
    known = {} if lang == "en" else dict((words or {}).get(lang) or {})

    def code(value: Any) -> Any:
        return known.get(value, value) if isinstance(value, str) else value
    by_position = {position: e for position, e in events}
    movements = money_movements(events)
    moved: dict[int, list[dict[str, Any]]] = {}
    for m in movements:
        moved.setdefault(m["position"], []).append(m)
    if game_steps is None:
        steps = fallback_steps(replayed)
    else:
        steps = game_steps(replayed, lang=lang) if lang != "en" and speaks(game_steps) \
            else game_steps(replayed)
    labels: dict[str, str] = {}
    for item in steps:
        for player_id, label in (item.get("players") or {}).items():
            labels.setdefault(str(player_id), label)
    out: Steps = []
    last_play = None
    for number, item in enumerate(steps, start=1):
        e = by_position.get(item["position"])
        kind = step_kind(e)
        last_play = number if kind == PLAY else last_play
        shown = _shown_step(number, item, e, moved.get(item["position"], []), labels,
                            (say, code), lang)
        shown["rule_title"] = rule_title(shown["rule"]) if rule_title and shown["rule"] else None
        out.append(shown | {"kind": kind, "after_step": None if kind == PLAY else last_play})
    return {"steps": out, "money": movements,
            "players": [{"player_id": pid, "label": label} for pid, label in labels.items()]}


def _shown_step(number: int, item: dict[str, Any], e: Any, here: list[dict[str, Any]],
                labels: dict[str, str], speech: tuple[Callable[..., str], Callable[[Any], Any]],
                lang: str) -> dict[str, Any]:
    name = event_name(e) if e is not None else None
    say, code = speech
    title = item.get("title") or (_money_title(here, labels, say, code) if here else "") \
        or _session_title(name, e, say, code) or (words(name or "event") if lang == "en"
                                                   else "")
    scene = list(item.get("scene", []))
    if here:
        scene.append(money(say("moved"), here))
    return {"number": number, "title": title,
            "rule": item.get("rule") or (_event_rule(e) if e is not None else None),
            "event": {"notification_id": item["position"], "name": name,
                      "topic": topic_of(e) if e is not None else None,
                      "at": _iso(getattr(e, "at", None) or getattr(e, "timestamp", None)),
                      "actor": getattr(e, "actor", None)},
            "scene": scene}


def _iso(value: Any) -> str | None:
    return None if value is None else value.isoformat()
