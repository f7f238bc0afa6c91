"""Room configuration of bingo online (Reg. 425-A/2015), rules-digest §4. A room (*denominação*,
rule 2f) has its own variant, price, prizes and players; the operator may run several (rules 8,
9: fantasy names allowed).

- Card price (rule 10) and the limit of cards per player per jogada (rules 11, 13).
- Prize pool: 70–90 % of the sales (rule 31), tested on the gross pool, jackpot deduction
  included (A14); a warning when the net in-jogada prizes fall below 70 %.
- Prizes on offer and their shares of the (net) pool, in basis points summing to 10,000:
  bingo always (rule 32); line compulsory in 90 and 80 (rules 33, 63, 67); in 75 a full-card
  bingo needs a line or four corners beside it (rule 74) or the bingo is a pattern (rules 73b,
  76); in 30 at most one of line, column, four corners (rule 83, A16); two lines and four
  corners are the additional prizes (rule 35). Lines run in the directions the variant allows
  and the operator picks (rules 34, 63, 68, 75, 83a; A23).
- Harder pays more (rules 37, 38, A18): a prize needing more numbers gets a strictly larger
  share; equally hard prizes are allowed with a warning.
- Modes (rules 5–7): continuous (always on; the next jogada opens by itself) or session (the
  operator's announced window). Both need at least ``min_players`` ≥ 3 buyers (rule 6, A22).
- Sale period (rules 16–18), draw interval ≥ 1 s (rule 22), a pause at each prize (rule 24).
- Accumulated jackpot (rules 39–44): a deduction of at most 5 % of the pool (rule 40), an
  optional base value funded by the house (rule 41), won by a bingo within ``max_balls`` drawn
  numbers, inclusive (rule 42, A19); no line jackpot (rule 2n, A19). Money in integer cents,
  shares in integer basis points; never a float or a bool.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

from domain.games.bingo.cards import COLUMNS, ROWS, VARIANTS, bingo_rule
from domain.games.bingo.patterns import (
    BINGO,
    COLUMN,
    DIRECTIONS,
    FOUR_CORNERS,
    HORIZONTAL,
    LINE,
    PRIZES,
    TWO_LINES,
    check_pattern_covers,
)
from domain.kernel.errors import InvalidInputError, RuleViolationError
from domain.ledger.wallets import MAX_MOVEMENT_CENTS

BASIS_POINTS = 10_000
MIN_POOL_BP, MAX_POOL_BP = 7_000, 9_000  # rule 31
MAX_JACKPOT_BP = 500  # rule 40: at most 5 % of the prize pool
MIN_DRAW_INTERVAL_MS = 1_000  # rule 22
MIN_PLAYERS = 3  # rule 6; A22 applies it to session mode too
MAX_BALLS = max(int(v) for v in VARIANTS)  # bingo 90
CONTINUOUS, SESSION = "continuous", "session"
MODES = (CONTINUOUS, SESSION)
# Bounds the text does not set: beyond them a value is a typo, not a room.
MAX_TIMER_SECONDS = 3_600
MAX_PAUSE_MS = 60_000
MAX_CARDS_LIMIT = 1_000
MAX_PRICE_CENTS = MAX_MOVEMENT_CENTS // MAX_CARDS_LIMIT

# Prizes each variant may offer, and which are compulsory.
ALLOWED = {"90": (LINE, TWO_LINES, FOUR_CORNERS, BINGO),  # rules 35, 63
           "80": (LINE, TWO_LINES, FOUR_CORNERS, BINGO),  # rules 35, 67
           "75": (LINE, TWO_LINES, FOUR_CORNERS, BINGO),  # rules 35, 73, 74
           "30": (LINE, COLUMN, FOUR_CORNERS, BINGO)}  # rules 82, 83
COMPULSORY = {"90": (LINE, BINGO), "80": (LINE, BINGO), "75": (BINGO,), "30": (BINGO,)}
COMPULSORY_RULE = {"90": "33, 63", "80": "33, 67", "75": "32, 73", "30": "32, 82"}
# The line directions each variant allows (rules 34, 63, 68, 75, 83a; A23).
LINE_DIRECTIONS = {"90": (HORIZONTAL,), "80": DIRECTIONS, "75": DIRECTIONS, "30": DIRECTIONS}
DIRECTIONS_RULE = {"90": "63", "80": "68", "75": "75", "30": "83"}


def _int(value: Any, field: str, low: int, high: int, rule: str | None = None,
         what: str = "") -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InvalidInputError(f"{field} must be a whole number from {low} to {high}{what}",
                                field=field, rule=rule)
    return value


def _instant(value: Any, field: str) -> datetime:
    if isinstance(value, datetime):
        parsed = value
    else:
        try:
            parsed = datetime.fromisoformat(value)
        except (TypeError, ValueError):
            raise InvalidInputError(f"{field} must be an ISO 8601 date-time", field=field,
                                    rule=bingo_rule(7)) from None
    if parsed.tzinfo is None:
        raise InvalidInputError(f"{field} must carry its UTC offset", field=field,
                                rule=bingo_rule(7))
    try:
        return parsed.astimezone(timezone.utc)
    except OverflowError:  # 0001-01-01T00:00+05:00 has no UTC equivalent (A65: kept in UTC)
        raise InvalidInputError(f"{field} is outside the range of dates this service keeps",
                                field=field, rule=bingo_rule(7)) from None


@dataclass(frozen=True)
class JackpotConfig:
    deduction_bp: int  # of the gross prize pool, 1..500 (rule 40)
    base_cents: int  # funded by the house at the start and after each award (rule 41)
    max_balls: int  # won by a bingo on or before this drawn number (rule 42, A19)

    def to_dict(self) -> dict[str, Any]:
        return {"deduction_bp": self.deduction_bp, "base_cents": self.base_cents,
                "max_balls": self.max_balls}


@dataclass(frozen=True)
class RoomConfig:
    variant: str
    card_price_cents: int  # rule 10
    max_cards: int  # per player per jogada (rule 13)
    pool_bp: int  # rule 31
    prizes: dict[str, int]  # prize -> share of the net pool, bp
    line_directions: tuple[str, ...]
    bingo_pattern: tuple[tuple[int, int], ...] | None  # bingo 75 only (rules 73b, 76)
    mode: str
    session_opens_at: datetime | None
    session_closes_at: datetime | None
    min_players: int
    sale_seconds: int  # rule 16
    draw_interval_ms: int  # rule 22
    prize_pause_ms: int  # rule 24
    jackpot: JackpotConfig | None

    @property
    def n_balls(self) -> int:
        return int(self.variant)

    def to_dict(self) -> dict[str, Any]:
        return {"variant": self.variant, "card_price_cents": self.card_price_cents,
                "max_cards": self.max_cards, "pool_bp": self.pool_bp,
                "prizes": dict(self.prizes), "line_directions": list(self.line_directions),
                "bingo_pattern": None if self.bingo_pattern is None
                else [list(cell) for cell in self.bingo_pattern],
                "mode": self.mode,
                "session_opens_at": None if self.session_opens_at is None
                else self.session_opens_at.isoformat(),
                "session_closes_at": None if self.session_closes_at is None
                else self.session_closes_at.isoformat(),
                "min_players": self.min_players, "sale_seconds": self.sale_seconds,
                "draw_interval_ms": self.draw_interval_ms, "prize_pause_ms": self.prize_pause_ms,
                "jackpot": None if self.jackpot is None else self.jackpot.to_dict()}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "RoomConfig":
        """A stored configuration (already checked): no validation."""
        jackpot = data.get("jackpot")
        pattern = data.get("bingo_pattern")
        return cls(variant=data["variant"], card_price_cents=data["card_price_cents"],
                   max_cards=data["max_cards"], pool_bp=data["pool_bp"],
                   prizes=dict(data["prizes"]), line_directions=tuple(data["line_directions"]),
                   bingo_pattern=None if pattern is None else tuple(tuple(c) for c in pattern),
                   mode=data["mode"],
                   session_opens_at=_parse(data.get("session_opens_at")),
                   session_closes_at=_parse(data.get("session_closes_at")),
                   min_players=data["min_players"], sale_seconds=data["sale_seconds"],
                   draw_interval_ms=data["draw_interval_ms"],
                   prize_pause_ms=data["prize_pause_ms"],
                   jackpot=None if jackpot is None else JackpotConfig(**jackpot))


def _parse(value: str | None) -> datetime | None:
    return None if value is None else datetime.fromisoformat(value)


# Validation -----------------------------------------------------------------------------------
# A room's configuration fields (also Game.settings_fields: settings made of other fields only
# are another game's, domain/rulesets/venue_settings.py).
FIELDS = frozenset({
    "variant", "card_price_cents", "max_cards", "pool_bp", "prizes", "line_directions",
    "bingo_pattern", "mode", "session_opens_at", "session_closes_at", "min_players",
    "sale_seconds", "draw_interval_ms", "prize_pause_ms", "jackpot"})
DEFAULTS = {"line_directions": None, "bingo_pattern": None, "mode": CONTINUOUS,
            "session_opens_at": None, "session_closes_at": None, "min_players": MIN_PLAYERS,
            "prize_pause_ms": 3_000, "jackpot": None}


def check_room_config(data: Any) -> tuple[RoomConfig, list[str]]:
    """The checked configuration and its warnings (A14, A18), or InvalidInputError /
    RuleViolationError naming the field and the rule.

    InvalidInputError (422): a value is malformed or outside its own range (what the API
    declares per field). RuleViolationError (409): well-formed values that a rule refuses
    together (the variant's prizes and directions, the shares' sum, the session window's
    order, the jackpot's ball count against the variant)."""
    if not isinstance(data, dict):
        raise InvalidInputError("config must be an object", field="config")
    unknown = sorted(set(data) - FIELDS)
    if unknown:
        raise InvalidInputError(f"unknown configuration field {unknown[0]}", field=unknown[0])
    for name in ("variant", "card_price_cents", "max_cards", "pool_bp", "prizes",
                 "sale_seconds", "draw_interval_ms"):
        if data.get(name) is None:
            raise InvalidInputError(f"{name} is required", field=name)
    d = {**DEFAULTS, **{k: v for k, v in data.items() if v is not None}}
    variant = d["variant"]
    if variant not in VARIANTS:
        raise InvalidInputError(f"variant must be one of {', '.join(VARIANTS)}", field="variant",
                                rule=bingo_rule("2a-d"))
    warnings: list[str] = []
    price = _int(d["card_price_cents"], "card_price_cents", 1, MAX_PRICE_CENTS, bingo_rule(10))
    max_cards = _int(d["max_cards"], "max_cards", 1, MAX_CARDS_LIMIT, bingo_rule(13))
    pool_bp = _int(d["pool_bp"], "pool_bp", MIN_POOL_BP, MAX_POOL_BP, bingo_rule(31),
                   " (70–90 % of the card sales)")
    sale = _int(d["sale_seconds"], "sale_seconds", 1, MAX_TIMER_SECONDS, bingo_rule(16))
    interval = _int(d["draw_interval_ms"], "draw_interval_ms", MIN_DRAW_INTERVAL_MS,
                    MAX_TIMER_SECONDS * 1000, bingo_rule(22), " (at least one second)")
    pause = _int(d["prize_pause_ms"], "prize_pause_ms", 0, MAX_PAUSE_MS, bingo_rule(24))
    min_players = _int(d["min_players"], "min_players", MIN_PLAYERS, 10_000, bingo_rule(6),
                       " (at least three players: A22)")
    mode, opens, closes = _check_mode(d)
    directions = _check_directions(variant, d["line_directions"])
    pattern = _check_pattern(variant, d["bingo_pattern"])
    prizes = _check_prizes(variant, d["prizes"], pattern, directions, warnings)
    jackpot = _check_jackpot(d["jackpot"], variant)
    if jackpot is not None:  # A14: the band holds on the gross pool; warn on the net
        net = pool_bp * (BASIS_POINTS - jackpot.deduction_bp)
        if net < MIN_POOL_BP * BASIS_POINTS:
            warnings.append(f"the in-jogada prizes are {net / 1e6:.2f} % of the sales after the"
                            " jackpot deduction, below 70 % (A14)")
    return RoomConfig(variant=variant, card_price_cents=price, max_cards=max_cards,
                      pool_bp=pool_bp, prizes=prizes, line_directions=directions,
                      bingo_pattern=pattern, mode=mode, session_opens_at=opens,
                      session_closes_at=closes, min_players=min_players, sale_seconds=sale,
                      draw_interval_ms=interval, prize_pause_ms=pause, jackpot=jackpot), warnings


def _check_mode(d: dict[str, Any]) -> tuple[str, datetime | None, datetime | None]:
    mode = d["mode"]
    if mode not in MODES:
        raise InvalidInputError("mode must be continuous or session", field="mode",
                                rule=bingo_rule("5-7"))
    if mode == CONTINUOUS:
        if d["session_opens_at"] is not None or d["session_closes_at"] is not None:
            raise InvalidInputError("a continuous room has no session window", field="mode",
                                    rule=bingo_rule(6))
        return mode, None, None
    if d["session_opens_at"] is None or d["session_closes_at"] is None:
        field = "session_opens_at" if d["session_opens_at"] is None else "session_closes_at"
        raise InvalidInputError("a session room announces its window beforehand", field=field,
                                rule=bingo_rule(7))
    opens = _instant(d["session_opens_at"], "session_opens_at")
    closes = _instant(d["session_closes_at"], "session_closes_at")
    if closes <= opens:
        raise RuleViolationError("the session window must close after it opens",
                                 field="session_closes_at", rule=bingo_rule(7),
                                 code="session_window_inverted")
    return mode, opens, closes


def _check_directions(variant: str, value: Any) -> tuple[str, ...]:
    allowed = LINE_DIRECTIONS[variant]
    if value is None:
        return allowed
    rule = bingo_rule(DIRECTIONS_RULE[variant])
    if not isinstance(value, (list, tuple)) or not value:
        raise InvalidInputError("line_directions must be a non-empty list", field="line_directions",
                                rule=rule)
    for direction in value:
        if direction not in DIRECTIONS:
            raise InvalidInputError(f"line_directions are among {', '.join(DIRECTIONS)}",
                                    field="line_directions", rule=rule)
        if direction not in allowed:
            raise RuleViolationError(f"a bingo {variant} line may run {', '.join(allowed)}",
                                     field="line_directions", rule=rule,
                                     code="direction_not_in_variant")
    if len(set(value)) != len(value):
        raise InvalidInputError("line_directions repeats a direction", field="line_directions")
    return tuple(d for d in DIRECTIONS if d in value)


def _check_pattern(variant: str, value: Any) -> tuple[tuple[int, int], ...] | None:
    if value is None:
        return None
    if variant != "75":  # rule 73b: a pattern bingo is a bingo 75 option
        raise RuleViolationError("only bingo 75 offers a pattern bingo", field="bingo_pattern",
                                 rule=bingo_rule("73b"), code="pattern_not_in_variant")
    if not isinstance(value, (list, tuple)) or len(value) < 2:
        raise InvalidInputError("bingo_pattern lists at least two [row, column] cells",
                                field="bingo_pattern", rule=bingo_rule(76))
    cells = []
    for index, cell in enumerate(value):
        if (not isinstance(cell, (list, tuple)) or len(cell) != 2
                or any(isinstance(x, bool) or not isinstance(x, int) or not 0 <= x < 5 for x in cell)):
            raise InvalidInputError(f"bingo_pattern[{index}] must be [row, column], each 0–4",
                                    field=f"bingo_pattern[{index}]", rule=bingo_rule(76))
        cells.append((cell[0], cell[1]))
    if len(set(cells)) != len(cells):
        raise InvalidInputError("bingo_pattern repeats a cell", field="bingo_pattern",
                                rule=bingo_rule(76))
    if len(cells) == ROWS["75"] * len(COLUMNS["75"]):
        return None  # every cell: that is the full card (rule 73a)
    return tuple(sorted(cells))


def difficulty(variant: str, prize: str, pattern: tuple[tuple[int, int], ...] | None = None) -> int:
    """The numbers a combination nominally needs (rules 37, 38; A18: a bingo 75 line through the
    free centre counts as 5, and so does the centre of a pattern)."""
    rows, cols = ROWS[variant], len(COLUMNS[variant])
    line = 5 if variant == "90" else cols
    if prize == LINE:
        return line
    if prize == TWO_LINES:
        return 2 * line
    if prize == COLUMN:
        return rows
    if prize == FOUR_CORNERS:
        return 4
    if pattern is not None:
        return len(pattern)
    return 15 if variant == "90" else rows * cols


def _check_prizes(variant: str, value: Any, pattern: tuple[tuple[int, int], ...] | None,
                  directions: tuple[str, ...], warnings: list[str]) -> dict[str, int]:
    if not isinstance(value, dict) or not value:
        raise InvalidInputError("prizes maps each prize on offer to its share of the pool (bp)",
                                field="prizes", rule=bingo_rule(31))
    allowed = ALLOWED[variant]
    for prize in value:
        if prize not in PRIZES:
            raise InvalidInputError(f"prizes are among {', '.join(PRIZES)}; not {prize}",
                                    field=f"prizes.{prize}", rule=bingo_rule(35))
        if prize not in allowed:
            raise RuleViolationError(f"bingo {variant} offers {', '.join(allowed)}; not {prize}",
                                     field=f"prizes.{prize}", rule=bingo_rule(35),
                                     code="prize_not_in_variant")
    for prize in COMPULSORY[variant]:
        if prize not in value:
            raise RuleViolationError(f"bingo {variant} must offer the {prize} prize",
                                     field="prizes", rule=bingo_rule(COMPULSORY_RULE[variant]),
                                     code="compulsory_prize_missing")
    if variant == "75" and pattern is None and not ({LINE, FOUR_CORNERS} & set(value)):
        raise RuleViolationError("a full-card bingo 75 also awards a line or four corners",
                                 field="prizes", rule=bingo_rule(74),
                                 code="compulsory_prize_missing")
    if variant == "30" and len(value) > 2:  # A16: at most one extra prize
        raise RuleViolationError("bingo 30 offers at most one prize besides bingo",
                                 field="prizes", rule=bingo_rule(83), code="too_many_prizes")
    for prize, share in value.items():
        _int(share, f"prizes.{prize}", 1, BASIS_POINTS, bingo_rule(31))
    if sum(value.values()) != BASIS_POINTS:
        raise RuleViolationError("the prize shares must add up to 10000 bp (the whole pool)",
                                 field="prizes", rule=bingo_rule(31), code="shares_not_whole")
    if pattern is not None:

        check_pattern_covers(value, pattern, directions)
    ranked = sorted(value, key=lambda p: difficulty(variant, p, pattern))
    for easier, harder in zip(ranked, ranked[1:]):
        d_easy, d_hard = difficulty(variant, easier, pattern), difficulty(variant, harder, pattern)
        if d_easy == d_hard:
            warnings.append(f"{easier} and {harder} are equally hard ({d_easy} numbers) (A18)")
            continue
        if value[harder] <= value[easier]:  # rules 37, 38; A18: strictly more
            raise RuleViolationError(
                f"{harder} needs {d_hard} numbers and {easier} {d_easy}: {harder} must pay more",
                field=f"prizes.{harder}", rule=bingo_rule("37, 38"), code="harder_pays_more")
    return {p: value[p] for p in PRIZES if p in value}


def check_jackpot_max_balls(value: Any, variant: str) -> int:
    """Rule 42: 1 to the variant's number of balls (more than that: 409, the variant's)."""
    balls = _int(value, "jackpot.max_balls", 1, MAX_BALLS, bingo_rule(42))
    if balls > int(variant):
        raise RuleViolationError(f"a bingo {variant} draws at most {variant} balls",
                                 field="jackpot.max_balls", rule=bingo_rule(42),
                                 code="max_balls_beyond_variant")
    return balls


def _check_jackpot(value: Any, variant: str) -> JackpotConfig | None:
    if value is None:
        return None  # rule 39: optional
    if not isinstance(value, dict):
        raise InvalidInputError("jackpot must be an object", field="jackpot", rule=bingo_rule(39))
    unknown = sorted(set(value) - {"deduction_bp", "base_cents", "max_balls"})
    if unknown:
        raise InvalidInputError(f"unknown jackpot field {unknown[0]}", field=f"jackpot.{unknown[0]}")
    return JackpotConfig(
        deduction_bp=_int(value.get("deduction_bp"), "jackpot.deduction_bp", 1, MAX_JACKPOT_BP,
                          bingo_rule(40), " (at most 5 % of the prize pool)"),
        base_cents=_int(0 if value.get("base_cents") is None else value["base_cents"],
                        "jackpot.base_cents", 0, MAX_MOVEMENT_CENTS, bingo_rule(41)),
        max_balls=check_jackpot_max_balls(value.get("max_balls"), variant))


def check_settings(settings: dict[str, Any], room: Any
                   ) -> tuple[dict[str, Any], list[str]]:
    """A rule-set version of a room (903-B 6.1.5): checked as POST /bingo/rooms checks a
    configuration, with its warnings (A14, A18); the room keeps its variant (rule 2f)."""
    config, warnings = check_room_config(settings)
    clean = config.to_dict()
    if clean["variant"] != room.config_data["variant"]:
        raise RuleViolationError(
            f"the room plays bingo {room.config_data['variant']}: its rule set cannot make it"
            f" bingo {clean['variant']}", field="variant", rule=bingo_rule("2f"))
    return clean, warnings
