"""The games' offline rules the checker carries (docs/audit.md): one module per game package,
``domain/games/<package>/offline.py``, standard library only, shipped inside bundle_check.pyz
as ``checker_games/<package>.py`` (infra/audit/checker_build.py). Each module holds:

- ``GAMES``: the ``Game.name`` of each game it checks (one or more: a package of two games);
- ``OPENING`` / ``ENDING``: the names of the stream events (a topic's last dotted part) that
  open a jogada and that end it (the RNG's ``RngRevealed`` may follow an ending event);
- ``MARKERS``: for each of its games, the part of its venue's event topics that names it
  (``Game.event_marker``: ``{"<game>": ".<VenueClass>."}``): the checker tells a jogada's game
  from its signed events' topics, not from the bundle's label (checker/jogadas.py);
- ``check(jogada) -> list[str]``: from the jogada's events alone, the cards or balls re-derived
  from the RNG output and the settlement recomputed by the rules; each problem a sentence naming
  the event, the seat or account and the amounts (the first difference is enough).

``jogada`` is a dict: ``jogada_id``, ``game``, ``events`` (in log order, each with
``notification_id``, ``originator_id``, ``originator_version``, ``topic``, ``name``, ``data``:
the stored state decoded), ``rng`` (``None`` when the jogada drew nothing, else ``kind``,
``size``, ``output``: the output re-derived from the revealed seed, already checked against the
commitment and the recorded output by ``rederive``; in certification mode the forced items on
top of it, ``forced`` true), ``money`` (account code -> the net cents the jogada's account
events moved on it: ``Credited`` +, ``Debited`` and ``HoldPosted`` −; ``FundsHeld`` and
``HoldVoided`` move no balance; the code found from the stream id, ``account:<stream>`` for one
not named by any counterparty or player of the events; each account event gets that code as
its ``account``), ``held`` (account code -> cents still
held at the end), and ``notes``: a list ``check`` may append sentences to that are not
failures (what cannot be recomputed from the jogada alone), printed with the result.

``check_jogada`` (called by checker/jogadas.py once a jogada's events are proved, complete and
of one game) does the RNG part (``rederive``) and then calls the game's ``check``."""

from __future__ import annotations

import importlib
import pkgutil
import uuid
from types import ModuleType
from typing import Any

from .rederive import rederive

MONEY = ("FundsHeld", "HoldPosted", "HoldVoided", "Credited", "Debited")
# Account stream ids (docs/audit.md): uuid5(ACCOUNTS, code), code "house", "wallet:<player>" …
ACCOUNTS = uuid.uuid5(uuid.NAMESPACE_URL, "https://srij.example/game-ledger/accounts")
KNOWN = ("house", "cashier")


def load(modules: list[ModuleType] | None = None) -> dict[str, ModuleType]:
    """Game name -> its offline module: ``modules`` when given (``ledger audit check``: the
    registered games'), else those shipped in the zip application (``checker_games``)."""
    if modules is None:
        try:
            shipped = importlib.import_module("checker_games")
        except ImportError:
            return {}
        modules = [importlib.import_module(f"checker_games.{m.name}")
                   for m in pkgutil.iter_modules(shipped.__path__)]
    return {name: module for module in modules for name in module.GAMES}


def name_of(topic: str) -> str:
    return topic.rpartition(".")[2]


def account_codes(events: list[dict[str, Any]]) -> dict[str, str]:
    """Stream id -> account code, for the codes the events name (counterparties, players)."""
    codes = set(KNOWN)
    for e in events:
        data = e["data"]
        if data.get("counterparty"):
            codes.add(data["counterparty"])
        if data.get("player_id"):
            codes.add(f"wallet:{data['player_id']}")
        for outcome in (data.get("outcomes") or {}).values() \
                if isinstance(data.get("outcomes"), dict) else ():
            if isinstance(outcome, dict) and outcome.get("player_id"):
                codes.add(f"wallet:{outcome['player_id']}")
    return {str(uuid.uuid5(ACCOUNTS, code)): code for code in codes}


def money_moved(events: list[dict[str, Any]]) -> tuple[dict[str, int], dict[str, int]]:
    """(net cents per account code, cents still held per account code)."""
    codes = account_codes(events)
    net: dict[str, int] = {}
    held: dict[str, int] = {}
    for e in events:
        if e["name"] not in MONEY:
            continue
        code = e["account"] = codes.get(str(e["originator_id"]), f"account:{e['originator_id']}")
        amount = e["data"]["amount_cents"]
        if e["name"] == "Credited":
            net[code] = net.get(code, 0) + amount
        elif e["name"] in ("Debited", "HoldPosted"):
            net[code] = net.get(code, 0) - amount
        if e["name"] == "FundsHeld":
            held[code] = held.get(code, 0) + amount
        elif e["name"] == "HoldPosted":
            held[code] = held.get(code, 0) - amount - e["data"].get("released_cents", 0)
        elif e["name"] == "HoldVoided":
            held[code] = held.get(code, 0) - amount
    return ({c: v for c, v in net.items() if v}, {c: v for c, v in held.items() if v})


def _rng(jogada: dict[str, Any]) -> tuple[list[str], list[str]]:
    """Fills ``jogada["rng"]``; the RNG's problems and notes, each naming its event."""
    found: dict[str, list[dict[str, Any]]] = {"RngCommitted": [], "RngRevealed": []}
    for e in jogada["events"]:
        if e["name"] in found:
            found[e["name"]].append(e)
    if len(found["RngCommitted"]) > 1:
        return [f"events {[e['notification_id'] for e in found['RngCommitted']]}: the jogada"
                " committed to its RNG more than once; nothing is drawn again (903-B 6.7.5)"], []
    committed = found["RngCommitted"][0] if found["RngCommitted"] else None
    revealed = found["RngRevealed"][0] if found["RngRevealed"] else None
    rng, problems, notes = rederive(None if committed is None else committed["data"],
                                    None if revealed is None else revealed["data"],
                                    ended=False)  # not revealed: checker/jogadas.py says it
    jogada["rng"] = rng
    if revealed is None:
        notes = []  # not revealed: checker/jogadas.py names it, check_jogada notes it
    where = {name: f"event {e[0]['notification_id']} {name}"
             for name, e in found.items() if e}
    return [next((problem.replace(name, where[name], 1) for name in where
                  if problem.startswith(name)), problem) for problem in problems], notes


def check_jogada(jogada: dict[str, Any], games: dict[str, ModuleType]) -> list[str]:
    """The problems of one jogada's re-derivation and re-adjudication: its RNG output
    re-derived from the revealed seed (``rederive``), then its game's ``check``; each problem
    prefixed ``jogada <id> (<game>)``. Sets ``rng``, ``money``, ``held``, ``notes`` (the RNG's
    and the game's notes) and ``readjudicated`` (its game's ``check`` ran) on ``jogada``. A
    game with no offline module: one problem. A jogada not ended, or whose seed is not
    revealed, is not re-adjudicated (checker/jogadas.py names that)."""
    where = f"jogada {jogada['jogada_id']} ({jogada.get('game')})"
    jogada.setdefault("notes", [])
    module = games.get(jogada.get("game"))
    if module is None:
        return [f"{where}: this checker carries no offline rules for the game"
                f" {jogada.get('game')!r}: its cards and settlement were not re-derived"]
    ended = any(e["name"] in module.ENDING for e in jogada["events"])
    jogada["money"], jogada["held"] = money_moved(jogada["events"])
    problems, notes = _rng(jogada)
    jogada["notes"] += notes
    if problems:
        return [f"{where}: {p}" for p in problems]
    if not ended or (jogada["rng"] is None and any(
            e["name"] == "RngCommitted" for e in jogada["events"])):
        jogada["notes"].append("not ended, or its seed not revealed, in the bundle (a problem"
                               " of its own): not re-adjudicated")
        return []
    jogada["readjudicated"] = True
    try:
        found = list(module.check(jogada))
    except Exception as error:  # the record is not what the game's rules can read
        found = [f"the offline rules could not read the jogada: {type(error).__name__}: {error}"]
    return [f"{where}: {p}" for p in found]
