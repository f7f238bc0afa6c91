"""A hold'em or Omaha jogada as a PHH file: the Poker Hand History standard (uoftcprg/phh-std,
the format pokerkit reads and writes), TOML text, from the jogada's recorded events alone.
Pure: no I/O, no clock, no pokerkit (tests/holdem/test_phh.py replays the files in pokerkit).

What the file holds, in the standard's fields:

- ``variant``, ``antes`` (none), ``blinds_or_straddles``, ``min_bet`` (no-limit and pot-limit)
  or ``small_bet`` / ``big_bet`` (fixed limit), ``starting_stacks`` (the caves when the jogada
  opened), ``actions``, ``finishing_stacks`` (the caves ``JogadaSettled`` recorded),
  ``winnings`` (the pots each player collected, after the commission, as the standard says),
  ``seats``,
  ``seat_count``, ``players`` (the player ids: the ledger records no names), ``table`` (the
  table's name), ``hand`` (the jogada's number at its table), ``currency``, and ``time``,
  ``time_zone``, ``day``, ``month``, ``year`` (when the jogada opened, UTC).
- Every amount is integer cents (``_amount_unit = 'cent'``).
- Custom fields (a leading underscore, as the standard says): ``_jogada_id``, ``_table_id``,
  ``_game``, ``_betting_structure``, ``_limit_reading``, ``_closest_variant``, ``_raise_cap``,
  ``_heads_up_convention``, ``_button_seat``, ``_small_blind_seat``, ``_big_blind_seat``,
  ``_ended_at``, the commission: ``_commission_mode``, ``_commission_percent_bp``,
  ``_commission_cap_cents``, ``_commission_cents`` (the rake of the jogada, rule 17a, A24),
  ``_commission_by_layer`` and ``_pot_layers_cents`` (each pot layer before its rake, main pot
  first: A24 rakes each layer on its own), ``_commission_by_seat`` (who paid it: each layer's
  winners) and ``_returned_cents`` (uncalled bets given back). At a table whose commission is
  the buy-in fee (rule 17b, A28) it was paid when the player sat down or rebought:
  ``_commission_cents`` is 0 and ``_commission_percent_bp`` is the fee's.

The players are in the standard's order: p1 is the first seat left of the button (the small
blind), the button last (hold'em rule 48). Heads-up, the PHH standard (and pokerkit) has the
button post the small blind, p1 the big blind, and reads the two blinds in reverse order;
this ledger follows the text by default (A29): the seat that is not the button posts the small
blind and acts first in every round. So p1 is always the seat that is not the button, and the
blinds list is written ``[big, small]`` under the text (p1 posts the small blind) and
``[small, big]`` under the convention (``heads_up_convention``): the same replay either way.

Actions: ``d dh pN <cards>`` per player in the standard's order, ``pN f``, ``pN cc`` (check or
call; an all-in for no more than the bet is a call), ``pN cbr <to>`` (a bet or raise, the "to"
amount this round, as ``ActionApplied`` records it; an all-in above the bet), ``d db <cards>``
per street, ``pN sm <cards>`` per hand shown, in the order shown (rule 59), where the standard
shows them: once the betting is over, so before the cards that run out after an all-in. An
action the clock took (rule 45) carries the comment ``# timeout``.

Variants (the standard has no code for every table this ledger runs; decided here):

- hold'em no limit: ``NT``; hold'em fixed limit (rule 24a, the default reading): ``FT``;
  Omaha pot limit: ``PO``.
- hold'em pot limit, and hold'em limit read as half the pot (A27): ``NT``, the closest; Omaha
  limit read as half the pot: ``PO``, the closest (``_closest_variant = true``). Every action
  such a table allows is one the closest variant allows (the same minimum, a lower maximum:
  half the pot is within the pot), so the file replays to the same stacks;
  ``_betting_structure`` and ``_limit_reading`` say what the table was.
- Omaha no limit and Omaha fixed limit: none, refused (``phh_no_variant``): ``PO`` would refuse
  a bet above the pot, and the standard's only fixed-limit Omaha, ``FO/8``, splits the pot
  high/low and would pay other winners.

A voided jogada (rule 72, A26) is refused (``jogada_voided``): it was not played to its end and
every contribution went back, so there is no finishing state for the actions to reach; its
replay (``GET /jogadas/{id}/replay``) shows what happened. A jogada still open is refused too
(``jogada_open``, 903-B 6.7.5: its cards are hidden until it ends).

Known limits of a reader: the standard's fixed-limit ``FT`` in pokerkit allows four bets per
round (its default); a table with no ``raise_cap`` (rule 38) or one above 3 may record a round
that pokerkit refuses. Rule 34 lets a player fold when it could check; pokerkit refuses such a
fold. A pot split three ways or more with two cents or more left over: A31 hands them one at a
time clockwise from the button's left, pokerkit gives them all to the first winner. The
standard has no commission field: a reader gives its own rake function; pokerkit rakes its own
pots (after the showdown it merges the layers whose winners are then the same; with one player
left it leaves out that player's last bet), so the file gives the commission of each of the
ledger's layers (A24), ``_commission_by_layer`` beside ``_pot_layers_cents``
(docs/cli.md "PHH files" gives that rake function; tests/holdem/test_phh.py replays every file
with it). The file records what happened either way, and its heading comments (``heading``)
say it: the commission taken, that ``finishing_stacks`` and ``winnings`` are after it, and what
a replay that rakes nothing (pokerkit's default) ends with.

A file is named ``file_name(jogada_id)``: ``<table id>_<number>.phh``, no ``:`` (issue 24).
"""

from __future__ import annotations

import json
import textwrap
from datetime import datetime, time, timezone
from typing import Any

from domain.games.community_poker.betting import LIMIT, NO_LIMIT, POT_LIMIT
from domain.games.community_poker.config import HOLDEM, OMAHA, POT, rule
from domain.games.community_poker.record import ACTION_EVENTS, Fold
from domain.kernel.errors import ConflictError
from domain.kernel.replay_support import event_name
from domain.kernel.rules import T903B, cite
from domain.kernel.rules import A as INTERP

FIXED_LIMIT_HOLDEM, NO_LIMIT_HOLDEM, POT_LIMIT_OMAHA = "FT", "NT", "PO"
MEDIA_TYPE = "application/toml"


def variant_of(config: dict[str, Any]) -> tuple[str, bool]:
    """The PHH variant code of a table's configuration and whether it is the closest one rather
    than an exact match (module docstring); ConflictError if the standard has none."""
    game, structure = config.get("variant", HOLDEM), config["structure"]
    half_pot = structure == LIMIT and config.get("limit_reading") == "half_pot"
    if game == HOLDEM:
        if structure == NO_LIMIT:
            return NO_LIMIT_HOLDEM, False
        if structure == LIMIT and not half_pot:
            return FIXED_LIMIT_HOLDEM, False
        return NO_LIMIT_HOLDEM, True  # pot limit, half-pot limit: within no limit
    if game == OMAHA and structure == POT_LIMIT:
        return POT_LIMIT_OMAHA, False
    if game == OMAHA and half_pot:
        return POT_LIMIT_OMAHA, True  # half the pot is within the pot
    what = {NO_LIMIT: "no-limit", LIMIT: "fixed-limit"}.get(structure, structure)
    raise ConflictError(
        f"the PHH standard has no variant for {what} {game}: no hand history (PO would refuse"
        " a bet above the pot; FO/8 splits the pot high/low)", field="jogada_id",
        rule=rule(game, 24), code="phh_no_variant")


def _events(events: list[Any]) -> list[Any]:
    """The domain events, from (notification id, event) pairs or events."""
    return [e[1] if isinstance(e, tuple) else e for e in events]


def hand_history(events: list[Any], *, table_name: str | None = None) -> dict[str, Any]:
    """The PHH fields of one ended jogada, in the order they are written."""
    listed = _events(events)
    opened, fold, actions = _ended(listed)
    config, variant = fold.config or {}, fold.variant
    code, closest = variant_of(config)
    settled_at = next(e.at for e in reversed(listed) if event_name(e) == "JogadaSettled")
    order = [s.seat for s in fold.round.seats]  # left of the button first, the button last
    label = {seat: f"p{i + 1}" for i, seat in enumerate(order)}
    big = config["big_blind_cents"]
    blinds, posters = _blinds(order, config)
    lines = _lines(listed, actions, label, [f"d dh {label[s]} {''.join(fold.hole[s])}"
                                            for s in order])
    settled = fold.settled
    commission = config["commission"]
    started = _utc(opened.at)
    fields: dict[str, Any] = {"variant": code, "antes": [0] * len(order),
                              "blinds_or_straddles": blinds}
    if code == FIXED_LIMIT_HOLDEM:
        small_bet = config.get("small_bet_cents") or big
        fields.update(small_bet=small_bet, big_bet=config.get("big_bet_cents") or 2 * small_bet)
    else:
        fields["min_bet"] = big
    fields.update({
        "starting_stacks": [fold.players[s]["cave_cents"] for s in order],
        "actions": lines,
        "table": table_name, "hand": fold.number, "seats": [int(s) for s in order],
        "seat_count": config.get("seats"),
        "players": [fold.players[s]["player_id"] for s in order],
        "finishing_stacks": [settled["caves"][s] for s in order],
        # the standard's winnings: the pots each collected, after the commission (an uncalled
        # bet given back is no winning)
        "winnings": [settled["totals"].get(s, 0) - settled["returned"].get(s, 0)
                     for s in order],
        "currency": "EUR",
        "time": started.time().replace(microsecond=0), "time_zone": "UTC",
        "day": started.day, "month": started.month, "year": started.year,
        "_jogada_id": opened.jogada_id, "_table_id": str(opened.originator_id),
        "_game": variant, "_amount_unit": "cent",
        "_betting_structure": config["structure"],
        "_limit_reading": config.get("limit_reading") if config["structure"] == LIMIT else None,
        "_closest_variant": closest,
        "_raise_cap": config.get("raise_cap"),
        "_heads_up_convention": bool(config.get("heads_up_convention")),
        "_button_seat": int(fold.button) if fold.button is not None else None,
        "_small_blind_seat": int(posters[0]), "_big_blind_seat": int(posters[1]),
        "_ended_at": _utc(settled_at).isoformat(),
        "_commission_mode": commission["mode"],
        "_commission_percent_bp": commission["percent_bp"],
        "_commission_cap_cents": commission.get("cap_cents") if commission["mode"] == POT
        else None,
        "_commission_cents": sum(settled["rake"]),
        "_commission_by_layer": list(settled["rake"]),
        "_pot_layers_cents": [p["amount"] for p in settled["pots"]],
        "_commission_by_seat": {label[s]: c for s, c in sorted(
            settled["commission"].items(), key=lambda kv: order.index(kv[0])) if c},
        "_returned_cents": {label[s]: c for s, c in sorted(
            settled["returned"].items(), key=lambda kv: order.index(kv[0])) if c},
    })
    return fields


def _ended(listed: list[Any]) -> tuple[Any, Fold, list[tuple[Any, Any]]]:
    """The jogada's ``JogadaOpened``, its fold, and each action with the betting round before
    it; a voided jogada (rule 72, A26) or one still open (903-B 6.7.5) has no hand history."""
    opened = next((e for e in listed if event_name(e) == "JogadaOpened"), None)
    if opened is None:
        raise ConflictError("no JogadaOpened: not a hold'em or Omaha jogada", field="jogada_id")
    fold, actions, before = Fold(), [], None
    for e in listed:
        name = event_name(e)
        if name in ACTION_EVENTS:
            before = fold.round
        fold.apply(e)
        if name in ACTION_EVENTS:
            actions.append((e, before))
    variant = fold.variant
    if fold.voided is not None:
        raise ConflictError("a voided jogada was not played to its end (every contribution"
                            " went back): it has no hand history; see its replay",
                            field="jogada_id", rule=f"{rule(variant, 72)}; {cite(INTERP, 26)}",
                            code="jogada_voided")
    if fold.settled is None or fold.round is None:
        raise ConflictError("the jogada is still open; its hand history is available when it"
                            " ends", field="jogada_id", rule=cite(T903B, "6.7.5"),
                            code="jogada_open")
    return opened, fold, actions


def _blinds(order: list[str], config: dict[str, Any]) -> tuple[list[int], list[str]]:
    """The ``blinds_or_straddles`` field by seat (``order``: left of the button first), and the
    seats that posted the (small, big) blinds, rule 48."""
    small, big = config["small_blind_cents"], config["big_blind_cents"]
    posters = order[:2]  # (small blind, big blind), rule 48
    if len(order) == 2 and not config.get("heads_up_convention"):
        blinds = [big, small]  # p1 (not the button) posts the small blind: A29, the text
    else:
        blinds = [small, big] + [0] * (len(order) - 2)
        if len(order) == 2:
            posters = order[::-1]  # the convention: the button posts the small blind
    return blinds, posters


def _lines(listed: list[Any], actions: list[tuple[Any, Any]], label: dict[str, str],
           dealt: list[str]) -> list[str]:
    """The ``actions`` field: the hole cards dealt, then every action, board and showing."""
    lines = list(dealt)
    acted, shown_at = iter(actions), len(lines)
    for e in listed:
        name = event_name(e)
        if name in ACTION_EVENTS:
            lines.append(_action(*next(acted), label))
            shown_at = len(lines)
        elif name == "BoardDealt":
            lines.append(f"d db {''.join(e.cards)}")
        elif name == "HandsShown":  # the standard shows once the betting is over, before
            # the cards of an all-in run out (the ledger records the showing after the river)
            lines[shown_at:shown_at] = [f"{label[s]} sm {''.join(e.hands[s]['cards'])}"
                                        for s in e.order]
    return lines


def _action(e: Any, before: Any, label: dict[str, str]) -> str:
    """One action (``ActionApplied``, or the legacy ``ActionTaken``) in the standard's words,
    from the round before it."""
    who, action = label[e.seat], e.action
    if action == "fold":
        text = f"{who} f"
    elif action in ("check", "call"):
        text = f"{who} cc"
    elif action in ("bet", "raise"):
        text = f"{who} cbr {e.amount}"
    else:  # all in: a call for no more than the bet, otherwise a bet or raise to it
        me = before.seat_state(e.seat)
        to = me.put_in + me.stack
        text = f"{who} cc" if to <= before.current_bet else f"{who} cbr {to}"
    return text if e.reason == "player" else f"{text} # {e.reason}"


def _utc(at: datetime) -> datetime:
    return at.replace(tzinfo=timezone.utc) if at.tzinfo is None else at.astimezone(timezone.utc)


def to_phh(events: list[Any], *, table_name: str | None = None) -> str:
    """The PHH file (TOML) of one ended jogada from its recorded events (the table's events of
    that jogada, in order; other events, such as the money's, are ignored): its heading
    comment (``heading``), then its fields."""
    fields = hand_history(events, table_name=table_name)
    return heading(fields) + dumps(fields)


def file_name(jogada_id: str) -> str:
    """The PHH file's name of a jogada: its id with every character but letters, digits, ``-``
    and ``.`` made ``_`` (a jogada id is ``<table id>:<number>``; ``:`` is refused by Windows'
    file systems and read as a drive or a host by some tools), then ``.phh``:
    ``<table id>_<number>.phh``. The file's ``_jogada_id`` keeps the id as it is."""
    return "".join(c if c.isascii() and (c.isalnum() or c in "-.") else "_"
                   for c in jogada_id) + ".phh"


def heading(fields: dict[str, Any]) -> str:
    """TOML comments that say, in the file, what a reader's replay needs to know of the
    commission (rule 17a, A24): the standard has no field for it; its ``finishing_stacks`` and
    ``winnings`` are after it (as the standard says of them), and pokerkit rakes a pot only with
    the rake function its reader gives (``HandHistory.loads(text, rake=...)``; none: nothing)."""
    cents = fields["_commission_cents"]
    lines = [f"PHH hand history of jogada {fields['_jogada_id']}; amounts in cents."]
    if not cents:
        why = ("the buy-in fee, paid when the players sat down or rebought (rule 17b, A28)"
               if fields["_commission_mode"] != POT else "none before the flop (A24)")
        lines.append(f"No commission was taken from the pot ({why}): a replay that rakes"
                     " nothing (pokerkit's default) ends at finishing_stacks.")
    else:
        cap = fields.get("_commission_cap_cents")
        lines += [
            f"Commission (rake) taken from the pot: {cents} cents,"
            f" {fields['_commission_percent_bp']} basis points of each pot layer"
            f"{f', at most {cap} a jogada' if cap else ''}"
            " (A24: each layer on its own, rounded down; none before the flop).",
            "finishing_stacks and winnings are after it: a replay that rakes nothing (pokerkit's"
            f" default) ends with the winners {cents} cents richer.",
            "To replay in pokerkit to finishing_stacks, give HandHistory.loads(text, rake=f) a"
            " rake function f(pot, state) -> (raked, unraked) that rakes each pot it forms the"
            " _commission_by_layer of the _pot_layers_cents it is made of (when one player is"
            " left: the whole commission).",
        ]
    return "".join(textwrap.fill(line, 96, initial_indent="# ", subsequent_indent="# ") + "\n"
                   for line in lines)


def dumps(fields: dict[str, Any]) -> str:
    """TOML, one ``key = value`` a line; fields whose value is None are left out."""
    return "".join(f"{key} = {_toml(value)}\n" for key, value in fields.items()
                   if value is not None)


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, time):
        return value.isoformat()  # a TOML local time
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)  # a TOML basic string
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(str(k))} = {_toml(v)}"
                               for k, v in value.items()) + "}"
    raise TypeError(f"no TOML for {type(value).__name__}")
