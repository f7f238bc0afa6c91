"""Room configuration (Reg. 425-A/2015 rules 6, 7, 22, 31, 33, 35, 37–38, 40–42, 63, 67, 68,
73–76, 82–83; A14, A16, A18, A22, A23): domain/games/bingo/config.py check_room_config, and through
the CreateRoom command, where a refused room records nothing."""

from __future__ import annotations

from datetime import timedelta

import pytest

from domain.games.bingo.config import check_room_config
from domain.kernel.errors import InvalidInputError, RuleViolationError
from tests.bingo.conftest import refused
from tests.refusals import max_id
from tests.bingo import client as bingo
from tests.bingo.support import OPERATOR, config, new_room, open_jogada, room_events
from tests.refusals import check_error

VARIANTS = ("90", "80", "75", "30")
TOP_ROW = [[0, c] for c in range(5)]
CORNERS = [[0, 0], [0, 4], [4, 0], [4, 4]]


def rule(n) -> str:
    return f"bingo rule {n}"


def check_refused(cfg, error_cls, *, field=None, rule=None, code=None):
    with pytest.raises(error_cls) as info:
        check_room_config(cfg)
    return check_error(info.value, field=field, rule=rule, code=code)


# Rule 31, A14: the prize pool ----------------------------------------------------------------
@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("pool_bp", [6_999, 9_001, 0, 10_000])
def test_bingo_31_a14_pool_outside_70_to_90_percent_refused_and_room_not_recorded(ledger, variant,
                                                                                  pool_bp):
    with refused(ledger, InvalidInputError, field="pool_bp", rule=rule(31)):
        new_room(ledger, config(variant, pool_bp=pool_bp))


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("pool_bp", [7_000, 9_000])
def test_bingo_31_pool_at_70_and_90_percent_accepted(ledger, variant, pool_bp):
    room = new_room(ledger, config(variant, pool_bp=pool_bp))
    assert room["config"]["pool_bp"] == pool_bp
    assert [type(e).__name__ for e in room_events(ledger, room)] == ["RoomOpened"]


def test_bingo_31_pool_as_a_float_percentage_refused():
    check_refused(config("90", pool_bp=80.0), InvalidInputError, field="pool_bp", rule=rule(31))


def test_bingo_a14_jackpot_deduction_taking_the_net_prizes_below_70_percent_warns(ledger):
    room = new_room(ledger, config("90", pool_bp=7_200, jackpot={
        "deduction_bp": 500, "base_cents": 0, "max_balls": 40}))
    assert any("below 70 %" in w and "A14" in w for w in room["warnings"])
    calm = new_room(ledger, config("90", pool_bp=7_500, jackpot={
        "deduction_bp": 500, "base_cents": 0, "max_balls": 40}))
    assert calm["warnings"] == []  # 75 % × 95 % = 71.25 %


# Rule 22: the draw interval -------------------------------------------------------------------
@pytest.mark.parametrize("variant", VARIANTS)
def test_bingo_22_draw_interval_below_one_second_refused(ledger, variant):
    with refused(ledger, InvalidInputError, field="draw_interval_ms", rule=rule(22)):
        new_room(ledger, config(variant, draw_interval_ms=999))
    assert new_room(ledger, config(variant, draw_interval_ms=1_000))["config"][
        "draw_interval_ms"] == 1_000


# Compulsory prizes: rules 32, 33, 63, 67, 73–74, 82 -------------------------------------------
@pytest.mark.parametrize("variant, prizes, rule_cited", [
    ("90", {"bingo": 10_000}, rule("33, 63")),
    ("80", {"bingo": 10_000}, rule("33, 67")),
    ("90", {"line": 10_000}, rule("33, 63")),
    ("75", {"line": 3_000, "four_corners": 2_000, "two_lines": 5_000}, rule("32, 73")),
    ("30", {"line": 10_000}, rule("32, 82")),
])
def test_bingo_32_33_63_67_73_82_compulsory_prize_missing_refused(
        ledger, variant, prizes, rule_cited):
    with refused(ledger, RuleViolationError, field="prizes", rule=rule_cited,
                 code="compulsory_prize_missing"):
        new_room(ledger, config(variant, prizes=prizes))


def test_bingo_74_full_card_bingo_75_needs_a_line_or_four_corners(ledger):
    with refused(ledger, RuleViolationError, field="prizes", rule=rule(74),
                 code="compulsory_prize_missing"):
        new_room(ledger, config("75", prizes={"bingo": 10_000}))
    # a 25-cell "pattern" is the full card (rule 73a): still needs the line or the corners
    every_cell = [[r, c] for r in range(5) for c in range(5)]
    check_refused(config("75", prizes={"bingo": 10_000}, bingo_pattern=every_cell),
                  RuleViolationError, rule=rule(74), code="compulsory_prize_missing")
    for prizes in ({"line": 2_000, "bingo": 8_000}, {"four_corners": 2_000, "bingo": 8_000}):
        assert new_room(ledger, config("75", prizes=prizes))["config"]["prizes"] == prizes


@pytest.mark.parametrize("variant", ["30", "75"])
def test_bingo_33_line_not_compulsory_in_75_and_30(variant):
    cfg = {"30": config("30", prizes={"bingo": 10_000}),
           "75": config("75", prizes={"bingo": 10_000}, bingo_pattern=TOP_ROW + [[1, 0]])}
    checked, _ = check_room_config(cfg[variant])
    assert checked.prizes == {"bingo": 10_000}


# Rule 35: additional prizes; rule 83, A16: bingo 30 at most one --------------------------------
@pytest.mark.parametrize("variant, prizes", [
    ("90", {"four_corners": 1_000, "line": 1_500, "two_lines": 2_500, "bingo": 5_000}),
    ("80", {"line": 1_500, "four_corners": 1_500, "two_lines": 2_000, "bingo": 5_000}),
    ("75", {"four_corners": 1_000, "line": 1_500, "two_lines": 2_500, "bingo": 5_000}),
    ("30", {"column": 3_000, "bingo": 7_000}),
    ("30", {"four_corners": 3_000, "bingo": 7_000}),
    ("30", {"line": 3_000, "bingo": 7_000}),
])
def test_bingo_35_83_additional_prizes_accepted(ledger, variant, prizes):
    room = new_room(ledger, config(variant, prizes=prizes))
    assert room["config"]["prizes"] == prizes


# A prize of another variant: each value well formed, the variant refuses it (409); a prize no
# variant offers is malformed (422).
@pytest.mark.parametrize("variant, prize, error_cls", [
    ("90", "column", RuleViolationError), ("80", "column", RuleViolationError),
    ("75", "column", RuleViolationError), ("30", "two_lines", RuleViolationError),
    ("90", "full_house", InvalidInputError)])
def test_bingo_35_prize_not_offered_by_the_variant_refused(ledger, variant, prize, error_cls):
    prizes = dict(config(variant)["prizes"])
    prizes["bingo"] -= 1_000
    prizes[prize] = 1_000
    with refused(ledger, error_cls, field=f"prizes.{prize}", rule=rule(35)):
        new_room(ledger, config(variant, prizes=prizes))


@pytest.mark.parametrize("extras", [{"line": 2_000, "column": 2_500},
                                    {"line": 2_000, "four_corners": 2_500},
                                    {"column": 2_000, "four_corners": 2_500}])
def test_bingo_83_a16_in_bingo_30_at_most_one_extra_prize(ledger, extras):
    with refused(ledger, RuleViolationError, field="prizes", rule=rule(83),
                 code="too_many_prizes"):
        new_room(ledger, config("30", prizes={**extras, "bingo": 10_000 - sum(extras.values())}))


def test_bingo_31_shares_must_cover_the_whole_pool(ledger):
    """Shares that do not add up are refused by the rule (409); a share out of range is
    malformed (422)."""
    with refused(ledger, RuleViolationError, field="prizes", rule=rule(31),
                 code="shares_not_whole"):
        new_room(ledger, config("90", prizes={"line": 2_000, "bingo": 7_999}))
    with refused(ledger, InvalidInputError, field="prizes.line", rule=rule(31)):
        new_room(ledger, config("90", prizes={"line": 0, "bingo": 10_000}))


# Rules 37–38, A18: harder pays strictly more ---------------------------------------------------
@pytest.mark.parametrize("variant, prizes, field", [
    ("90", {"line": 5_000, "bingo": 5_000}, "prizes.bingo"),  # equal pay, 5 vs 15 numbers
    ("90", {"line": 6_000, "bingo": 4_000}, "prizes.bingo"),
    ("90", {"line": 3_000, "two_lines": 3_000, "bingo": 4_000}, "prizes.two_lines"),
    ("90", {"four_corners": 2_000, "line": 2_000, "bingo": 6_000}, "prizes.line"),
    ("80", {"line": 3_000, "two_lines": 2_000, "bingo": 5_000}, "prizes.two_lines"),
    ("75", {"four_corners": 3_000, "line": 2_000, "bingo": 5_000}, "prizes.line"),  # A18: 5 > 4
    ("75", {"line": 5_000, "bingo": 5_000}, "prizes.bingo"),
    ("30", {"column": 5_000, "bingo": 5_000}, "prizes.bingo"),
    ("30", {"four_corners": 6_000, "bingo": 4_000}, "prizes.bingo"),
])
def test_bingo_37_38_a18_a_harder_prize_must_pay_strictly_more(ledger, variant, prizes, field):
    with refused(ledger, RuleViolationError, field=field, rule=rule("37, 38"),
                 code="harder_pays_more"):
        new_room(ledger, config(variant, prizes=prizes))


def test_bingo_37_38_a18_pattern_bingo_difficulty_counts_its_cells():
    """A pattern of 6 cells (5 of them the top row) is harder than the line (5): it must pay
    more; the same shares with a pattern of exactly the line's 5 cells are equally hard."""
    six = TOP_ROW + [[1, 0]]
    check_refused(config("75", prizes={"line": 5_000, "bingo": 5_000}, bingo_pattern=six),
                  RuleViolationError, field="prizes.bingo", code="harder_pays_more")
    _, warnings = check_room_config(config("75", prizes={"line": 5_000, "bingo": 5_000},
                                           bingo_pattern=TOP_ROW))
    assert warnings == ["line and bingo are equally hard (5 numbers) (A18)"]


def test_bingo_a18_equally_hard_prizes_accepted_with_a_warning(ledger):
    """Bingo 80: a line and the four corners both need 4 numbers."""
    room = new_room(ledger, config("80", prizes={"line": 2_000, "four_corners": 1_500,
                                                 "two_lines": 2_500, "bingo": 4_000}))
    assert room["warnings"] == ["line and four_corners are equally hard (4 numbers) (A18)"]
    opened = room_events(ledger, room)[0]
    assert opened.warnings == room["warnings"]


# Line directions: rules 34, 63, 68, 75, 83a ---------------------------------------------------
@pytest.mark.parametrize("variant, directions", [("90", ["vertical"]), ("90", ["diagonal"]),
                                                 ("90", ["horizontal", "vertical"])])
def test_bingo_63_in_bingo_90_the_line_is_horizontal_only(ledger, variant, directions):
    with refused(ledger, RuleViolationError, field="line_directions", rule=rule(63),
                 code="direction_not_in_variant"):
        new_room(ledger, config(variant, line_directions=directions))


@pytest.mark.parametrize("variant, rule_cited", [("80", 68), ("75", 75), ("30", 83)])
def test_bingo_34_68_75_83_operator_restricts_the_line_directions(ledger, variant, rule_cited):
    prizes = {"80": {"line": 2_500, "bingo": 7_500}, "75": {"line": 2_000, "bingo": 8_000},
              "30": {"line": 3_000, "bingo": 7_000}}[variant]
    for directions in (["vertical"], ["diagonal"], ["horizontal", "diagonal"]):
        room = new_room(ledger, config(variant, prizes=prizes, line_directions=directions))
        assert room["config"]["line_directions"] == directions
    assert new_room(ledger, config(variant, prizes=prizes))["config"]["line_directions"] == [
        "horizontal", "vertical", "diagonal"]
    for bad in (["sideways"], [], "horizontal"):
        with refused(ledger, InvalidInputError, field="line_directions", rule=rule(rule_cited)):
            new_room(ledger, config(variant, prizes=prizes, line_directions=bad))
    check_refused(config(variant, prizes=prizes, line_directions=["vertical", "vertical"]),
                  InvalidInputError, field="line_directions")


# Pattern bingo (rules 73b, 76; A23) -------------------------------------------------------------
@pytest.mark.parametrize("variant", ["90", "80", "30"])
def test_bingo_73b_pattern_bingo_only_in_bingo_75(ledger, variant):
    with refused(ledger, RuleViolationError, field="bingo_pattern", rule=rule("73b"),
                 code="pattern_not_in_variant"):
        new_room(ledger, config(variant, bingo_pattern=TOP_ROW))


def test_bingo_76_pattern_bingo_75_fixed_before_sales_accepted(ledger):
    room = new_room(ledger, config("75", prizes={"line": 2_000, "four_corners": 1_000,
                                                 "bingo": 7_000},
                                   bingo_pattern=TOP_ROW + [[4, c] for c in range(5)]))
    assert sorted(map(tuple, room["config"]["bingo_pattern"])) == sorted(
        [(0, c) for c in range(5)] + [(4, c) for c in range(5)])


@pytest.mark.parametrize("pattern, directions, prizes", [
    # an L that holds no whole line
    ([[0, 0], [1, 0], [2, 0], [3, 0], [4, 1]], None, {"line": 2_000, "bingo": 8_000}),
    # the top row, but the operator allows vertical lines only
    (TOP_ROW, ["vertical"], {"line": 2_000, "bingo": 8_000}),
    # one line only, two lines on offer
    (TOP_ROW + [[1, 0]], None, {"line": 1_000, "two_lines": 2_000, "bingo": 7_000}),
    # four corners on offer, the pattern misses two of them
    (TOP_ROW + [[1, 1]], None, {"four_corners": 1_000, "line": 2_000, "bingo": 7_000}),
])
def test_bingo_25_76_pattern_must_contain_every_prize_on_offer(ledger, pattern, directions, prizes):
    """Rule 25: the pattern bingo ends the draw, so a prize the pattern does not hold could
    never be won and the announced prize (rule 19) never paid."""
    with refused(ledger, RuleViolationError, field="bingo_pattern", rule=rule("25, 76"),
                 code="pattern_misses_prize"):
        new_room(ledger, config("75", prizes=prizes, bingo_pattern=pattern,
                                line_directions=directions))


@pytest.mark.parametrize("pattern, field", [
    ([[0, 0]], "bingo_pattern"), ([[0, 0], [0, 5]], "bingo_pattern[1]"),
    ([[0, 0], [0, 0]], "bingo_pattern"), ([[0, 0], [True, 1]], "bingo_pattern[1]"),
    ("X", "bingo_pattern"),
])
def test_bingo_76_malformed_pattern_refused(ledger, pattern, field):
    with refused(ledger, InvalidInputError, field=field, rule=rule(76)):
        new_room(ledger, config("75", prizes={"bingo": 10_000}, bingo_pattern=pattern))


# Jackpot (rules 39–42, A19) --------------------------------------------------------------------
@pytest.mark.parametrize("jackpot, field, rule_cited", [
    ({"deduction_bp": 501, "base_cents": 0, "max_balls": 40}, "jackpot.deduction_bp", rule(40)),
    ({"deduction_bp": 0, "base_cents": 0, "max_balls": 40}, "jackpot.deduction_bp", rule(40)),
    ({"deduction_bp": 100, "base_cents": -1, "max_balls": 40}, "jackpot.base_cents", rule(41)),
    ({"deduction_bp": 100, "base_cents": 0, "max_balls": 0}, "jackpot.max_balls", rule(42)),
    ({"deduction_bp": 100, "base_cents": 0, "max_balls": 91}, "jackpot.max_balls", rule(42)),
    ({"deduction_bp": 100, "base_cents": 0}, "jackpot.max_balls", rule(42)),
])
def test_bingo_40_41_42_jackpot_limits(ledger, jackpot, field, rule_cited):
    with refused(ledger, InvalidInputError, field=field, rule=rule_cited):
        new_room(ledger, config("90", jackpot=jackpot))


@pytest.mark.parametrize("variant", VARIANTS)
def test_bingo_40_42_jackpot_at_5_percent_and_max_balls_up_to_the_variant(ledger, variant):
    n = int(variant)
    room = new_room(ledger, config(variant, jackpot={"deduction_bp": 500, "base_cents": 0,
                                                     "max_balls": n}))
    assert room["config"]["jackpot"]["max_balls"] == n
    # beyond any variant's balls: malformed (422); beyond this variant's only: 409
    check_refused(config(variant, jackpot={"deduction_bp": 500, "max_balls": n + 1}),
                  InvalidInputError if n == 90 else RuleViolationError,
                  field="jackpot.max_balls", rule=rule(42))


def test_bingo_41_a_null_jackpot_base_value_means_none(ledger):
    """Rule 41: the base value is optional; null is "left out" (as POST /bingo/rooms drops
    nulls), not a malformed amount: a rule-set version may carry it (903-B 6.1.5)."""
    checked, _ = check_room_config(config("90", jackpot={"deduction_bp": 300, "base_cents": None,
                                                         "max_balls": 30}))
    assert checked.jackpot.base_cents == 0


# Players and modes (rules 5–7, A22) ------------------------------------------------------------
@pytest.mark.parametrize("mode_fields", [{}, {"mode": "session",
                                              "session_opens_at": "2026-01-05T12:00:00+00:00",
                                              "session_closes_at": "2026-01-05T14:00:00+00:00"}])
def test_bingo_6_a22_fewer_than_three_players_refused_in_either_mode(ledger, mode_fields):
    with refused(ledger, InvalidInputError, field="min_players", rule=rule(6)):
        new_room(ledger, config("90", min_players=2, **mode_fields))
    room = new_room(ledger, config("90", min_players=3, **mode_fields))
    assert room["config"]["min_players"] == 3


@pytest.mark.parametrize("fields, field, error_cls", [
    ({"mode": "session"}, "session_opens_at", InvalidInputError),
    ({"mode": "session", "session_opens_at": "2026-01-05T12:00:00+00:00"}, "session_closes_at",
     InvalidInputError),
    # two well-formed instants in the wrong order: refused by the rule (409)
    ({"mode": "session", "session_opens_at": "2026-01-05T12:00:00+00:00",
      "session_closes_at": "2026-01-05T12:00:00+00:00"}, "session_closes_at", RuleViolationError),
    ({"mode": "session", "session_opens_at": "2026-01-05T12:00:00",
      "session_closes_at": "2026-01-05T14:00:00+00:00"}, "session_opens_at", InvalidInputError),
    ({"mode": "session", "session_opens_at": "soon",
      "session_closes_at": "2026-01-05T14:00:00+00:00"}, "session_opens_at", InvalidInputError),
    # A65: no UTC equivalent (was an OverflowError, a 500 through POST /venues/{id}/rulesets)
    ({"mode": "session", "session_opens_at": "0001-01-01T00:00:00+05:00",
      "session_closes_at": "2026-01-05T14:00:00+00:00"}, "session_opens_at", InvalidInputError),
    ({"mode": "session", "session_opens_at": "2026-01-05T12:00:00+00:00",
      "session_closes_at": "9999-12-31T23:59:59-05:00"}, "session_closes_at", InvalidInputError),
])
def test_bingo_7_session_room_announces_a_valid_window(ledger, fields, field, error_cls):
    with refused(ledger, error_cls, field=field, rule=rule(7)):
        new_room(ledger, config("90", **fields))


def test_bingo_6_continuous_room_has_no_window_and_mode_must_be_known(ledger):
    with refused(ledger, InvalidInputError, field="mode", rule=rule(6)):
        new_room(ledger, config("90", session_opens_at="2026-01-05T12:00:00+00:00"))
    with refused(ledger, InvalidInputError, field="mode"):
        new_room(ledger, config("90", mode="weekends"))


def test_bingo_7_session_room_opens_jogadas_only_inside_its_window(ledger, clock):
    now = clock.now()
    room = new_room(ledger, config("90", mode="session",
                                   session_opens_at=(now + timedelta(hours=1)).isoformat(),
                                   session_closes_at=(now + timedelta(hours=2)).isoformat()))
    with refused(ledger, RuleViolationError, field="room_id", rule=rule(7),
                 code="outside_session_window"):
        open_jogada(ledger, room)
    clock.advance(3_600)
    assert open_jogada(ledger, room)["status"] == "sale"
    bingo.void_jogada(ledger, room_id=room["room_id"], reason="test", actor=OPERATOR)
    clock.advance(3_600)  # the window closes: no new jogada
    with refused(ledger, RuleViolationError, rule=rule(7), code="outside_session_window"):
        open_jogada(ledger, room)


# Other limits -----------------------------------------------------------------------------------
@pytest.mark.parametrize("field, value, rule_cited", [
    ("card_price_cents", 0, rule(10)), ("card_price_cents", 1.5, rule(10)),
    ("max_cards", 0, rule(13)), ("sale_seconds", 0, rule(16)),
    ("prize_pause_ms", -1, rule(24)), ("variant", "100", rule("2a-d")),
])
def test_bingo_10_13_16_24_limits_refused(ledger, field, value, rule_cited):
    with refused(ledger, InvalidInputError, field=field, rule=rule_cited):
        new_room(ledger, {**config("90"), field: value})


def test_unknown_or_missing_fields_refused_and_nothing_recorded(ledger):
    before = max_id(ledger)
    check_refused({**config("90"), "colour": "blue"}, InvalidInputError, field="colour")
    cfg = config("90")
    del cfg["pool_bp"]
    with refused(ledger, InvalidInputError, field="pool_bp"):
        new_room(ledger, cfg)
    assert max_id(ledger) == before
