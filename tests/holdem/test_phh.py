"""Hand histories (domain/games/community_poker/phh.py): every ended hold'em and Omaha jogada played
through the ledger exports as a PHH file that pokerkit loads and replays to the finishing
stacks the ledger recorded (skipped where pokerkit is not installed)."""

from __future__ import annotations

import functools
import random
import re
import tomllib
import warnings
from pathlib import Path
from typing import Any

import pytest

from domain.games.community_poker import phh
from domain.kernel.errors import ConflictError
from infra.services import jogada_views
from tests.holdem.client import Table, new_table

pokerkit = pytest.importorskip("pokerkit")
DOCS = Path(__file__).resolve().parents[2] / "docs" / "cli.md"


# Playing ------------------------------------------------------------------------------------
def choose(rnd: random.Random, opts: dict[str, Any]) -> tuple[str, int | None]:
    """A random legal decision; never a fold when checking is allowed (pokerkit refuses such a
    fold, rule 34 allows it: phh.py's known limits)."""
    moves: list[tuple[str, int | None]] = [("check", None)] if opts["check"] else \
        [("call", None), ("fold", None), ("fold", None)]
    for kind in ("bet", "raise"):
        span = opts[kind]
        if span:
            moves += [(kind, span["min"]), (kind, rnd.randint(span["min"], span["max"])),
                      (kind, span["max"])]
    if opts["all_in"] is not None:
        moves.append(("all_in", None))
    return rnd.choice(moves)


def play_jogada(table: Table, rnd: random.Random) -> str:
    """Start a jogada and play it to its end with random decisions; its id."""
    table.start()
    jogada_id = table.jogada()["jogada_id"]
    while table.jogada() is not None:
        player = table.to_act()
        action, amount = choose(rnd, table.describe(player)["your_options"])
        table.act(player, action, amount, jogada_id=jogada_id)
    return jogada_id


def fill(table: Table, rnd: random.Random, seats: int) -> None:
    for seat in sorted(rnd.sample(range(1, table.described["config"]["seats"] + 1), seats)):
        table.seat_new(seat)


def top_up(table: Table) -> None:
    """Rebuy the caves lost or short (rules 12, 15), so that each jogada has its players."""
    big = table.described["config"]["big_blind_cents"]
    for seat, held in table.describe()["seats"].items():
        if held["cave_cents"] < big:
            table.rebuy(table.by_seat(seat))


def export(ledger, jogada_id: str) -> str:
    _, events = jogada_views.jogada_events(ledger, jogada_id)
    return phh.to_phh(events, table_name="mesa")


# Replaying in pokerkit ------------------------------------------------------------------------
def a24(layers: list[int], percent_bp: int, cap_cents: int | None, flop_seen: bool) -> list[int]:
    """A24 from the file's pot layers alone: each layer on its own, rounded down, none before
    the flop; a cap is one amount for the jogada, used up main pot first."""
    cuts, left = [], cap_cents
    for layer in layers:
        cut = layer * percent_bp // 10_000 if flop_seen else 0
        if left is not None:
            cut = min(cut, left)
            left -= cut
        cuts.append(cut)
    return cuts


@functools.cache
def documented() -> dict[str, Any]:
    """The python block of docs/cli.md's "PHH files", run: ``ledger_rake(fields)``, pokerkit's
    rake function of a file, and ``replay(text)``. pokerkit forms its pots again once the
    losing hands are killed, merging the layers whose winners are then the same (a layer here
    is cut at each all-in level, A24): a pot of pokerkit's that is a run of the file's layers
    is raked the sum of their commission. When one player is left, pokerkit's one pot leaves
    out that player's own bet of the last round (it goes back uncollected): that pot is raked
    the whole commission. pokerkit also asks about the pots of a round not over yet: any
    answer will do there."""
    section = DOCS.read_text(encoding="utf-8").split("\n## PHH files", 1)[1].split("\n## ")[0]
    (block,) = re.findall(r"```python\n(.*?)```", section, flags=re.S)
    scope: dict[str, Any] = {}
    exec(compile(block, str(DOCS), "exec"), scope)
    return scope


def replay_in_pokerkit(text: str) -> Any:
    fields = tomllib.loads(text)
    state = None
    with warnings.catch_warnings():  # an unknown field without its underscore, chips burnt
        warnings.simplefilter("error")
        history = pokerkit.HandHistory.loads(text, rake=documented()["ledger_rake"](fields))
        try:
            for state in history:
                pass
        except ValueError:
            raise AssertionError(f"pokerkit refuses {why_refused(history)}:\n{text}")
    return history, state


def why_refused(history: Any) -> str:
    """The first action pokerkit refuses and why: its own steps between the actions
    (HandHistory.state_actions) done here until the action parses or none is left."""
    state = history.create_state()
    for action in history.actions:
        while True:
            try:
                pokerkit.notation.parse_action(state, action)
                break
            except ValueError as error:
                if not _automate(state):
                    return f"{action!r}: {error}"
    return "no action"


def _automate(state: Any) -> bool:
    for can, do in (("can_collect_bets", "collect_bets"), ("can_burn_card", "burn_card"),
                    ("can_show_or_muck_hole_cards", "show_or_muck_hole_cards"),
                    ("can_kill_hand", "kill_hand"), ("can_push_chips", "push_chips"),
                    ("can_pull_chips", "pull_chips")):
        args = ("??",) if do == "burn_card" else ((),) if do.startswith("show") else ()
        if getattr(state, can)(*args):
            getattr(state, do)(*args)
            return True
    return False


def check_one(ledger, jogada_id: str) -> dict[str, Any]:
    text = export(ledger, jogada_id)
    fields = tomllib.loads(text)
    history, state = replay_in_pokerkit(text)
    assert not state.status, (jogada_id, text)  # pokerkit reached the end of the hand
    replayed = jogada_views.replay(ledger, jogada_id)
    recorded = replayed["final"]["settlement"]
    posted = next(s["data"]["blinds"] for s in replayed["steps"] if s["event"] == "BlindsPosted")
    small, big = sorted(b for b in fields["blinds_or_straddles"] if b)
    assert posted == {str(fields["_small_blind_seat"]): small, str(fields["_big_blind_seat"]): big}
    ours = [recorded["caves"][str(seat)] for seat in fields["seats"]]
    assert list(state.stacks) == ours, text
    assert fields["finishing_stacks"] == ours
    assert history.finishing_stacks == ours
    assert fields["_commission_cents"] == sum(recorded["rake"])
    assert fields["_commission_by_layer"] == recorded["rake"]
    if fields["_commission_mode"] == "pot":
        assert recorded["rake"] == a24(fields["_pot_layers_cents"],
                                       fields["_commission_percent_bp"],
                                       fields.get("_commission_cap_cents"), recorded["flop_seen"])
    else:  # rule 17b, A28: the commission was the fee on the buy-in, none on the pot
        assert fields["_commission_cents"] == 0
    assert sum(fields["starting_stacks"]) == sum(ours) + fields["_commission_cents"]
    check_commission_said(text, fields)
    return fields


def check_commission_said(text: str, fields: dict[str, Any]) -> None:
    """Issue 24: pokerkit's replay without a rake function ended short of finishing_stacks
    by the commission, and nothing in the file said why. Its heading says it now, the
    standard's ``winnings`` are after it, and docs/cli.md's ``replay`` ends at the file's
    finishing_stacks."""
    cents, heading = fields["_commission_cents"], text.split("\nvariant = ")[0]
    assert heading.startswith("# PHH hand history of jogada ") and all(
        line.startswith("# ") for line in heading.splitlines()), text
    assert sum(fields["winnings"]) + cents == sum(fields["_pot_layers_cents"]), text
    assert all(w >= 0 for w in fields["winnings"])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        plain = list(pokerkit.HandHistory.loads(text))[-1]  # pokerkit's default: no rake
    assert sum(plain.stacks) == sum(fields["finishing_stacks"]) + cents
    if cents:
        assert f"taken from the pot: {cents} cents" in " ".join(heading.split()), heading
        assert f"the winners {cents} cents richer" in " ".join(heading.split()), heading
    else:
        assert "No commission was taken from the pot" in heading, heading
        assert list(plain.stacks) == fields["finishing_stacks"]
    assert list(documented()["replay"](text).stacks) == fields["finishing_stacks"]


def play_and_check(ledger, rnd: random.Random, *, game: str, jogadas: int,
                   **config: Any) -> list[dict[str, Any]]:
    seats = config.pop("players")
    table = new_table(ledger, game, **config)
    fill(table, rnd, seats)
    checked = []
    for _ in range(jogadas):
        top_up(table)
        checked.append(check_one(ledger, play_jogada(table, rnd)))
    return checked


CASES = [  # (game, structure, players, commission)
    ("holdem", "no_limit", 9, {"mode": "pot", "percent_bp": 500, "cap_cents": 300}),
    ("holdem", "no_limit", 3, {"mode": "pot", "percent_bp": 500, "cap_cents": None}),
    ("holdem", "no_limit", 2, {"mode": "buy_in", "percent_bp": 1_000}),
    ("holdem", "pot_limit", 6, {"mode": "pot", "percent_bp": 300, "cap_cents": None}),
    ("omaha", "pot_limit", 5, {"mode": "pot", "percent_bp": 500, "cap_cents": 150}),
    ("omaha", "pot_limit", 2, {"mode": "buy_in", "percent_bp": 500}),
    ("omaha", "pot_limit", 9, {"mode": "pot", "percent_bp": 100, "cap_cents": None}),
]


@pytest.mark.parametrize("case", range(len(CASES)))
def test_he_phh_export_replays_in_pokerkit_to_the_same_finishing_stacks(ledger, case):
    game, structure, players, commission = CASES[case]
    rnd = random.Random(1700 + case)
    checked = play_and_check(ledger, rnd, game=game, jogadas=6, players=players,
                             structure=structure, commission=commission,
                             seats=max(players, rnd.randint(players, 10)))
    variant = {("holdem", "no_limit"): "NT", ("holdem", "pot_limit"): "NT",
               ("omaha", "pot_limit"): "PO"}[game, structure]
    assert {f["variant"] for f in checked} == {variant}
    assert all(len(f["players"]) == players for f in checked)
    assert {f["_closest_variant"] for f in checked} == {structure == "pot_limit"
                                                       and game == "holdem"}


def test_he_41_42_a24_phh_side_pots_all_ins_and_commission_per_layer_replay_in_pokerkit(ledger):
    rnd = random.Random(17)
    checked = play_and_check(ledger, rnd, game="holdem", jogadas=12, players=7,
                             structure="no_limit", seats=9,
                             commission={"mode": "pot", "percent_bp": 400, "cap_cents": None})
    assert any(len(f["_pot_layers_cents"]) > 1 for f in checked)  # side pots (rules 41, 42)
    assert any(f["_commission_cents"] for f in checked)
    assert any(f["_returned_cents"] for f in checked)  # an uncalled bet back (A24)
    ended = {"showdown" if any(" sm " in a for a in f["actions"]) else "folds" for f in checked}
    assert ended == {"showdown", "folds"}  # rules 59 and 36


def test_he_24a_38_phh_fixed_limit_holdem_is_ft_with_its_small_and_big_bets(ledger):
    # raise_cap 3 (rule 38 counts raises): pokerkit's FT counts the opening bet too, 4 a round
    checked = play_and_check(ledger, random.Random(24), game="holdem", jogadas=6, players=4,
                             structure="limit", small_bet_cents=100, big_bet_cents=200,
                             raise_cap=3, seats=6,
                             commission={"mode": "pot", "percent_bp": 500, "cap_cents": None})
    assert {(f["variant"], f["small_bet"], f["big_bet"]) for f in checked} == {("FT", 100, 200)}
    assert all("min_bet" not in f and not f["_closest_variant"] for f in checked)


@pytest.mark.parametrize("game,variant", [("holdem", "NT"), ("omaha", "PO")])
def test_he_24a_a27_phh_half_pot_limit_is_written_as_the_closest_variant(ledger, game, variant):
    """A27's literal reading of rule 24a (at most half the pot): every such bet is one that
    no-limit hold'em and pot-limit Omaha allow, so the closest variant replays it."""
    checked = play_and_check(ledger, random.Random(27), game=game, jogadas=5, players=4,
                             structure="limit", limit_reading="half_pot", seats=6,
                             commission={"mode": "pot", "percent_bp": 200, "cap_cents": None})
    assert {(f["variant"], f["_closest_variant"], f["_betting_structure"], f["_limit_reading"])
            for f in checked} == {(variant, True, "limit", "half_pot")}


@pytest.mark.parametrize("convention", [False, True])
def test_he_48_a29_phh_heads_up_puts_the_seat_that_is_not_the_button_first(ledger, convention):
    """A29: under the text the seat that is not the button posts the small blind and acts
    first in every round; under the convention the button posts it. pokerkit reads a heads-up
    blinds list in reverse: p1 is always the seat that is not the button."""
    checked = play_and_check(ledger, random.Random(29), game="holdem", jogadas=6, players=2,
                             structure="no_limit", heads_up_convention=convention, seats=2,
                             commission={"mode": "pot", "percent_bp": 500, "cap_cents": None})
    for f in checked:
        assert f["seats"][1] == f["_button_seat"]
        assert f["blinds_or_straddles"] == ([50, 100] if convention else [100, 50])
        assert f["_small_blind_seat"] == f["seats"][1 if convention else 0]
        assert f["_big_blind_seat"] == f["seats"][0 if convention else 1]


# Refusals ---------------------------------------------------------------------------------
@pytest.mark.parametrize("structure", ["no_limit", "limit"])
def test_om_24_phh_no_limit_and_fixed_limit_omaha_have_no_phh_variant(ledger, structure):
    table = new_table(ledger, "omaha", structure=structure, seats=3,
                      commission={"mode": "pot", "percent_bp": 500, "cap_cents": None})
    fill(table, random.Random(3), 3)
    jogada_id = play_jogada(table, random.Random(3))
    with pytest.raises(ConflictError) as refused:
        export(ledger, jogada_id)
    assert refused.value.code == "phh_no_variant"
    assert refused.value.rule == "Omaha rule 24"


def started(ledger, seed: int) -> tuple[Table, str]:
    """A three-player no-limit table with a jogada just started, and its id."""
    table = new_table(ledger, seats=3, commission={"mode": "pot", "percent_bp": 500,
                                                   "cap_cents": None})
    fill(table, random.Random(seed), 3)
    table.start()
    return table, table.jogada()["jogada_id"]


def test_he_72_a26_phh_a_voided_jogada_is_refused_naming_the_rule(ledger):
    table, jogada_id = started(ledger, 72)
    table.act(table.to_act(), "call")
    table.void()
    with pytest.raises(ConflictError) as refused:
        export(ledger, jogada_id)
    assert refused.value.code == "jogada_voided"
    assert refused.value.rule == "hold'em rule 72; A26"


def test_903b_6_7_5_phh_an_open_hold_em_jogada_is_refused(ledger):
    _, jogada_id = started(ledger, 65)
    with pytest.raises(ConflictError) as refused:
        export(ledger, jogada_id)
    assert refused.value.code == "jogada_open"


def test_he_45_phh_an_action_of_the_clock_is_commented_and_replays(ledger, clock):
    """Rule 45: when the decision time runs out the clock checks or folds for the player."""
    table, jogada_id = started(ledger, 45)
    clock.advance(seconds=21)
    table.tick()
    rnd = random.Random(45)
    while table.jogada() is not None:
        player = table.to_act()
        action, amount = choose(rnd, table.describe(player)["your_options"])
        table.act(player, action, amount, jogada_id=jogada_id)
    fields = check_one(ledger, jogada_id)
    assert fields["actions"][3].endswith(" f # timeout")
