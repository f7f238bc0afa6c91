"""A jogada of French roulette step by step, for the replay viewer (903-B 6.3.4(2); the vocabulary
of domain/kernel/viewer.py): after each recorded event, the layout (r6d) with the winning number
marked once the ball has landed (r18), each player's chips on it (the numbers its bets cover
marked, the amount on each position beside it, what each won: r14, r15, r19–r21), the
announcements (r16), the last winning numbers (r6e, A56), the refunds of a void (r22, r23,
A62) or of bets never launched (A60), the RNG's commitment and reveal (903-B 6.7.5, 6.7.2(4)).

The kernel's vocabulary has no roulette layout: the layout is a ``grid`` of the three columns
of twelve with the 0 before them (r6d, drawn across as on a table), the winning number its one
mark; a player's chips are a grid of their own (the numbers its bets cover marked) and
``facts`` (each position and its amount). A ``layout`` kind (chips by position, with their
amounts, on one layout) would draw it as a table does.

Players are named "Player 1", "Player 2", … in the order of their first bet (the steps'
``players`` map gives each label's id; domain/kernel/viewer.py, issue 24), never by id nor by
name. Sentences in Portuguese or English (``lang``; viewer_words.py).

``viewer_steps(replayed, lang)`` reads only the replay (domain/games/roulette/replay.py), or the
player's copy of it (player_part.player_copy: the other players' bets cut, each by its label):
one step per replay step, its title from the event's data, its scene from the state after it.
Pure: no I/O, no clock.
"""

from __future__ import annotations

from typing import Any

from domain.games.roulette import chances
from domain.games.roulette.rule_book import a_rule, rf_rule
from domain.games.roulette.viewer_words import SAID, WORDS
from domain.kernel import viewer as v

__all__ = ["SAID", "WORDS", "viewer_steps"]

# The rules of each event that carries none of its own.
RULES = {"JogadaOpened": rf_rule(16, 17), "PlayerJoined": rf_rule(5),
         "BetsPlaced": f"{rf_rule(7, 8, 9, 10, 11, 12, 13)}, {a_rule(57)}",
         "BetsWithdrawn": a_rule(60), "NumberForced": "api-contract: certification mode",
         "BettingClosed": rf_rule(16, 17), "BallLanded": rf_rule(18),
         "BetsSettled": rf_rule(14, 15, 19, 20, 21), "JogadaSettled": f"{rf_rule(19, '6e')},"
         f" {a_rule(56)}", "JogadaVoided": f"{rf_rule(22, 23)}, {a_rule(62)}",
         "JogadaCancelled": a_rule(60), "ConnectionLost": rf_rule(24, 25),
         "RngCommitted": v.COMMITTED, "RngRevealed": v.REVEALED}
# r6d across: column 3 (3 … 36) on top, column 1 (1 … 34) below, the 0 before the middle row.
LAYOUT: list[list[int | None]] = [
    [None, *range(3, 37, 3)], [0, *range(2, 37, 3)], [None, *range(1, 37, 3)]]


def _word(code: str, say: v.Say) -> str:
    """A chance's, call bet's, colour's or reason's code in words (the English ones too)."""
    if say.lang == "en":
        return WORDS["en"].get(code, code.replace("_", " "))
    return say.code(code)


def _position(key: str, say: v.Say) -> str:
    """"cavalo:0-1" → "cavalo 0-1"; "encarnado" → "red"."""
    chance, _, numbers = key.partition(":")
    if not numbers:
        return say("simple", chance=_word(chance, say))
    return say("position", chance=_word(chance, say), numbers=numbers)


def _bet(bet: dict[str, Any], say: v.Say) -> str:
    """One booked bet in words: its position and amount, or its call and chips (r8, A59)."""
    if bet.get("kind") != "call":
        return f"{_position(bet['components'][0]['key'], say)} {v.euros(bet['amount_cents'])}"
    chips = bet["amount_cents"] // bet["unit_cents"] if bet.get("unit_cents") else 0
    fields = {"call": _word(bet["call"], say), "count": chips,
              "unit": v.euros(bet.get("unit_cents") or 0)}
    if bet.get("number") is not None:
        shown = bet["number"] if bet.get("neighbours") is None \
            else f"{bet['number']} ± {bet['neighbours'] // 2}"
        return say("call_number", number=shown, **fields)
    return say("call", **fields)


class _Labels:
    """Each player's label by its id (or, in a player's copy, by the replay's label of it)."""

    def __init__(self, state: dict[str, Any], say: v.Say) -> None:
        self.by_key: dict[str, str] = {}
        self.ids: dict[str, str] = {}
        for n, (key, entry) in enumerate((state.get("players") or {}).items(), start=1):
            label = say("player", n=n)
            self.by_key[key] = label
            if entry.get("label"):
                self.by_key.setdefault(entry["label"], label)
            if not entry.get("withheld"):
                self.ids[key] = label

    def of(self, who: Any) -> str:
        return self.by_key.get(str(who), str(who))


def _title(name: str, d: dict[str, Any], labels: _Labels, say: v.Say) -> str | None:
    player = labels.of(d.get("player_id")) if "player_id" in d else None
    if name == "JogadaOpened":
        return say(name, number=d["number"], announcement=d.get("announcement") or "")
    if name in ("PlayerJoined", "ConnectionLost"):
        return say(name, player=player)
    if name in ("PlayerLeft", "JogadaVoided", "JogadaCancelled"):
        return say(name, player=player, reason=_word(str(d.get("reason")), say))
    if name == "BetsPlaced":
        if d.get("bets") is None:  # another player's bets, cut from this copy
            return say("BetsPlacedHidden", player=player)
        return say(name, player=player, amount=v.euros(d["amount_cents"]), slip=d["slip"],
                   positions="; ".join(_bet(b, say) for b in d["bets"]))
    if name == "BetsWithdrawn":
        if d.get("amount_cents") is None:
            return say("BetsWithdrawnHidden", player=player)
        return say(name, player=player, slip=d["slip"], reason=_word(str(d.get("reason")),
                                                                       say),
                   amount=v.euros(d["amount_cents"]))
    if name == "NumberForced":
        return say(name, number=d["forced_number"])
    if name == "BettingClosed":
        return say(name, announcement=d.get("announcement") or "", count=len(
            d.get("players") or ()), amount=v.euros(d.get("staked_cents") or 0))
    if name in ("BallLanded", "JogadaSettled"):
        return say(name, number=d["number"], colour=_word(d["colour"], say),
                   staked=v.euros(d.get("staked_cents") or 0),
                   returned=v.euros(d.get("returned_cents") or 0))
    if name == "BetsSettled":
        if d.get("staked_cents") is None:
            return say("BetsSettledHidden", player=player)
        return say(name, player=player, staked=v.euros(d["staked_cents"]),
                   returned=v.euros(d["returned_cents"]), net=v.euros(d["net_cents"]))
    if name == "JogadaRecovered":
        return say(name, what=_word(str(d.get("what")), say))
    if name in ("RngCommitted", "RngRevealed"):
        return say(name)
    return None


def _rule(name: str, d: dict[str, Any]) -> str | None:
    return d.get("rule") if isinstance(d.get("rule"), str) and d.get("rule") \
        else RULES.get(name)


def _covered(key: str) -> frozenset[int]:
    chance, _, numbers = key.partition(":")
    shown = [int(n) for n in numbers.split("-")] if numbers else []
    return chances.position(chance, shown).covered


def _returns(entry: dict[str, Any]) -> dict[str, int] | None:
    """What each position of a settled player got back (r14, r15), by position key."""
    settled = entry.get("settlement")
    if not settled or settled.get("slips") is None:
        return None
    out: dict[str, int] = {}
    for slip in settled["slips"]:
        for bet in slip["bets"]:
            for comp in bet["components"]:
                out[comp["key"]] = out.get(comp["key"], 0) + comp["returned_cents"]
    return out


def _layout(state: dict[str, Any], say: v.Say) -> list[dict[str, Any]]:
    result = state.get("result")
    if not result:
        return [v.grid(say("Layout"), LAYOUT, frozenset())]
    won = say("winning", number=result["number"], colour=_word(result["colour"], say))
    return [v.grid(say("Layout"), LAYOUT, frozenset({result["number"]}), [won])]


def _chips(state: dict[str, Any], labels: _Labels, say: v.Say) -> list[dict[str, Any]]:
    """Each player's chips: a grid of the numbers they cover, and each position's amount (and,
    once settled, what it got back); another player's, cut from a copy, said so."""
    scene, hidden = [], []
    for key, entry in (state.get("players") or {}).items():
        label = labels.of(key)
        if entry.get("withheld"):
            hidden.append((label, say("not_shown")))
            continue
        positions = entry.get("positions") or {}
        if not positions and entry.get("refunded_cents") is None:
            continue
        back = _returns(entry)
        rows = []
        for pos, cents in positions.items():
            amount = v.euros(cents)
            rows.append((_position(pos, say), say("chip", amount=amount) if back is None
                         else say("chip_won", amount=amount, returned=v.euros(back[pos]))
                         if back.get(pos) else say("chip_lost", amount=amount)))
        settled = entry.get("settlement") or {}
        if settled.get("staked_cents") is not None:
            rows.append((say("total"), say("totals", staked=v.euros(settled["staked_cents"]),
                                           returned=v.euros(settled["returned_cents"]),
                                           net=v.euros(settled["net_cents"]))))
        covered = frozenset().union(*(_covered(pos) for pos in positions))
        scene.append(v.grid(f"{say('Chips')} · {label}", LAYOUT, covered))
        scene.append(v.facts(label, rows))
    if hidden:
        scene.append(v.facts(say("Other players"), hidden))
    return scene


def _recent(state: dict[str, Any], say: v.Say) -> list[dict[str, Any]]:
    """r6e, A56: the last winning numbers, the newest drawn last."""
    recent = state.get("recent_results") or []
    return [v.balls(say("Last numbers"), [r["number"] for r in reversed(recent)])] \
        if recent else []


def _void(state: dict[str, Any], labels: _Labels, say: v.Say) -> list[dict[str, Any]]:
    ended = state.get("void") or state.get("refund")
    if not ended:
        return []
    rows = [(labels.of(p), say("refunded", amount=v.euros(c)))
            for p, c in (state.get("refunds") or {}).items()]
    scene = [v.facts(say("Refunds"), rows)]
    if state.get("void"):
        scene.append(v.text(say("void", message=state["void"].get("message") or "",
                                rule=state["void"].get("rule") or "")))
    return scene


def viewer_steps(replayed: dict[str, Any], lang: str = "en") -> list[dict[str, Any]]:
    say = v.Say(SAID, WORDS, lang)
    out = []
    for item in v.replay_steps(replayed):
        name, data, state = item["event"], item.get("data") or {}, item.get("state") or {}
        labels = _Labels(state, say)
        scene = [*_layout(state, say), *_chips(state, labels, say), *_recent(state, say),
                 *_void(state, labels, say), *v.rng_facts(name, data, lang)]
        out.append(v.step(item["position"], _title(name, data, labels, say), scene,
                          _rule(name, data), labels.ids))
    return out
