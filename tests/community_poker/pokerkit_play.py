"""Random complete jogadas for the community-poker tests: played through our engine
(domain/games/community_poker: ``open_round``, ``options``/``act``, ``next_round``), and, for the
comparisons, mirrored action by action into pokerkit (PyPI, a test dependency only).

- ``random_moves``: a random legal choice among a seat's ``options`` (folds only when facing a
  bet, calls, checks, bets and raises of the minimum, the maximum or anything between, and
  all-ins), followed by check/call as the fallback that every engine accepts.
- ``play_ours``: one jogada through our engine to its end, with an optional observer called
  after every action and every street; returns the contributions, folds and ``flop_seen``.
- ``random_table``: seats, stacks (all-ins at many levels), odd blinds, rake and cap.
- ``play_both``: the same jogada through our engine and pokerkit (imported lazily, so that
  the property tests run without it): the same cards (dealt by the test, not by pokerkit), and
  for each decision the first random move that both engines accept, so both record the same
  chips. Where the betting conventions differ (A27's short all-in reopens nothing here,
  pokerkit's cap counts the opening bet) a move only one engine allows is not played; the
  settlement, not the betting, is what is compared. One more: when the others are all in for
  no more than the big blind, our round closes without asking the big blind (nobody could
  answer a raise), pokerkit asks it for a check, which the test plays there.

Folds happen only when facing a bet: pokerkit burns the chips of a layer whose every
contributor folded ("non-standard folds"), where pots.py gives them to the last pot
(tests/community_poker/test_pots.py, hold'em rules 34, 35). Blind posters always cover the big
blind: a short big blind is a known difference (hold'em rule 52 here, the others still call
the whole big blind; pokerkit: the amount posted), see test_betting_pokerkit.py.
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass, field
from typing import Any, Callable

from domain.cards.codes import CARDS
from domain.games.community_poker.actions import act, options
from domain.games.community_poker.betting import (
    FLOP, LIMIT, NO_LIMIT, POT_LIMIT, RIVER, BettingRound, BettingRules, next_round, open_round)
from domain.cards.poker_hands import best_of, best_omaha

NLHE, PLO, FLHE = "no_limit_holdem", "pot_limit_omaha", "fixed_limit_holdem"
HOLE_CARDS = {NLHE: 2, PLO: 4, FLHE: 2}
STRUCTURE = {NLHE: NO_LIMIT, PLO: POT_LIMIT, FLHE: LIMIT}


# ---------------------------------------------------------------------------------------------
# Our engine


def random_moves(rng: random.Random, state: BettingRound, seat: str, opts: dict[str, Any],
                 fold_any: bool = False) -> list[tuple[str, int | None]]:
    """A random legal move for ``seat`` (``opts`` its options), then check or call as the
    fallback. Amounts are "to" amounts; an all-in is ("all_in", None). Folds only when facing
    a bet unless ``fold_any`` (rule 34 lets a seat fold when it could check)."""
    kind = "raise" if opts["raise"] else "bet" if opts["bet"] else None
    passive = ("check", None) if opts["check"] else ("call", None)
    roll = rng.random()
    first = passive
    if roll < 0.3 and (opts["call"] is not None or fold_any):
        first = ("fold", None)  # only when facing a bet (module docstring)
    elif roll < 0.55 and kind:
        span = opts[kind]
        to = rng.choice([span["min"], span["max"], rng.randint(span["min"], span["max"])])
        first = (kind, to)
    elif roll < 0.65 and opts["all_in"] is not None:
        first = ("all_in", None)
    return [first, passive]


@dataclass
class Played:
    """One jogada played to its end through our engine."""

    state: BettingRound
    contributions: dict[str, int]
    folded: set[str]
    flop_seen: bool

    @property
    def order(self) -> list[str]:
        """Every seat clockwise, the button first (``pots.settle``'s order)."""
        seats = [s.seat for s in self.state.seats]  # left of the button first, button last
        return seats[-1:] + seats[:-1]


Chooser = Callable[[BettingRound, str, dict[str, Any]], tuple[str, int | None]]


def play_ours(rules: BettingRules, seats: list[tuple[str, int]], button: str, choose: Chooser,
              observe: Callable[[BettingRound], None] | None = None,
              on_street: Callable[[BettingRound], None] | None = None) -> Played:
    """Play a jogada through our engine: ``choose(state, seat, options)`` gives each move;
    ``observe(state)`` sees the state after the blinds, every action and every new street;
    ``on_street(state)`` is called when a round closes, before the next one opens."""
    s = open_round(rules, seats, button)
    look = observe or (lambda _: None)
    look(s)
    while True:
        while not s.over:
            seat = s.acting
            action, amount = choose(s, seat, options(s, seat))
            s = act(s, seat, action, amount)
            look(s)
        if len(s.in_hand) < 2 or s.street == RIVER:
            break
        if on_street:
            on_street(s)
        s = next_round(s)
        look(s)
    return Played(state=s,
                  contributions={x.seat: x.committed + x.put_in for x in s.seats},
                  folded={x.seat for x in s.seats if x.folded},
                  # the board is dealt as soon as two or more seats see the next round
                  flop_seen=s.street >= FLOP)


def ranking(game: str, holes: dict[str, list[str]], board: list[str],
            live: list[str]) -> dict[str, tuple[int, ...]]:
    """Each live seat's hand value: hold'em best 5 of 7 (A30), Omaha exactly 2 + 3 (rule 26)."""
    if len(live) < 2:
        return {}
    if game == PLO:
        return {seat: best_omaha(holes[seat], board).key for seat in live}
    return {seat: best_of(holes[seat] + board).key for seat in live}


# ---------------------------------------------------------------------------------------------
# A random table


@dataclass
class Table:
    game: str
    rules: BettingRules
    labels: list[str]          # pokerkit's player i is our seat labels[i]; the button is last
    seats: list[tuple[str, int]]  # (seat, stack) in clockwise table order
    button: str
    percent_bp: int
    cap: int | None
    small_bet: int = 0
    big_bet: int = 0

    @property
    def stacks(self) -> list[int]:
        stack = dict(self.seats)
        return [stack[label] for label in self.labels]


def random_table(rng: random.Random, game: str, players: tuple[int, int] = (2, 9),
                 short: bool = False) -> Table:
    """Random seats and stacks (short ones too: all-ins at many levels, so several side pots;
    ``short``: even below the big blind), odd blinds (odd cents in split pots), rake 1-5 % in
    basis points, a cap or none."""
    n = rng.randint(*players)
    small = rng.choice([1, 3, 5, 25, 50])
    big = small * 2 + rng.choice([0, 1])
    stacks = [rng.choice([rng.randint(1 if short else big + 1, 6 * big), rng.randint(big, 40 * big + 7),
                          rng.randint(big, 200 * big)]) for _ in range(n)]
    # the table's seats are numbered 1..n clockwise; the button is anywhere
    button_index = rng.randrange(n)
    labels = [str((button_index + 1 + i) % n + 1) for i in range(n)]  # left of the button first
    seats = sorted(zip(labels, stacks), key=lambda item: int(item[0]))
    small_bet = big_bet = 0
    if game == FLHE:
        small_bet, big_bet = big, 2 * big
        rules = BettingRules(LIMIT, small, big, small_bet=small_bet, big_bet=big_bet,
                             raise_cap=rng.choice([3, 4]), heads_up_convention=n == 2)
    else:
        rules = BettingRules(STRUCTURE[game], small, big, heads_up_convention=n == 2)
    cap = rng.choice([None, rng.randint(0, 3 * big), rng.randint(1, 60)])
    return Table(game=game, rules=rules, labels=labels, seats=seats, button=labels[-1],
                 percent_bp=rng.randint(100, 500), cap=cap, small_bet=small_bet,
                 big_bet=big_bet)


def deal(rng: random.Random, n: int, hole_cards: int,
         board: list[str] | None = None) -> tuple[list[list[str]], list[str], list[str]]:
    """A shuffled deck, or one with ``board`` as the board: (each player's hole cards, the
    board, the rest of the deck in order: burn, flop, burn, turn, burn, river, ...)."""
    deck = [card for card in CARDS if card not in (board or ())]
    rng.shuffle(deck)
    holes = [deck[i * hole_cards:(i + 1) * hole_cards] for i in range(n)]
    rest = deck[n * hole_cards:]
    if board:  # the burn cards from the shuffled deck, the board's cards after each
        rest = [rest[0], *board[:3], rest[1], board[3], rest[2], board[4], *rest[3:]]
    return holes, [rest[1], rest[2], rest[3], rest[5], rest[7]], rest


# ---------------------------------------------------------------------------------------------
# The same jogada through pokerkit


def card_code(card) -> str:
    return f"{card.rank.value}{card.suit.value}"


def pokerkit_odd_chips(layer: dict[Any, int], player_order: list[Any]) -> dict[Any, int]:
    """A layer's payments re-split pokerkit's way (``State.push_chips``: ``quotient +
    remainder`` to ``player_indices[0]``): all the odd chips to the first winner in pokerkit's
    player order, whose player 0 is the first seat left of the button."""
    winners = sorted(layer, key=player_order.index)
    share, leftover = divmod(sum(layer.values()), len(winners))
    return {seat: share + (leftover if i == 0 else 0) for i, seat in enumerate(winners)}


def floor_rake(percent_bp: int) -> Callable[[int, Any], tuple[int, int]]:
    """A pokerkit rake function: ``percent_bp`` of each of pokerkit's pots rounded down (A24),
    none before the flop (no board cards). pokerkit's own ``rake`` rounds to the nearest."""
    def cut(amount: int, state: Any) -> tuple[int, int]:
        raked = amount * percent_bp // 10_000 if any(state.board_cards) else 0
        return raked, amount - raked
    return cut


@dataclass
class Both:
    """One jogada through both engines."""

    table: Table
    played: Played
    holes: dict[str, list[str]]
    board: list[str]
    final: dict[str, int]                 # pokerkit's finishing stacks
    pushes: list[dict[str, int]] = field(default_factory=list)  # pokerkit's payment per pot
    raked: list[int] = field(default_factory=list)               # pokerkit's rake per pot
    refused: int = 0  # our bets and raises pokerkit did not allow (the fallback was played)
    only_checks: int = 0  # checks pokerkit asked for after our round had closed (``close``)

    def ranking(self) -> dict[str, tuple[int, ...]]:
        live = [seat for seat in self.played.contributions if seat not in self.played.folded]
        return ranking(self.table.game, self.holes, self.board, live)


def _pokerkit_state(pokerkit, table: Table, percent_bp: int):
    # dealing, showing and pushing are done by play_both; the rest by pokerkit's automations
    skip = {pokerkit.Automation.HOLE_CARDS_SHOWING_OR_MUCKING, pokerkit.Automation.HOLE_DEALING,
            pokerkit.Automation.CHIPS_PUSHING}
    automations = tuple(a for a in pokerkit.Automation if a not in skip)
    small, big = table.rules.small_blind, table.rules.big_blind
    stacks, n = tuple(table.stacks), len(table.labels)
    common = dict(mode=pokerkit.Mode.CASH_GAME, rake=floor_rake(percent_bp))
    if table.game == FLHE:
        return pokerkit.FixedLimitTexasHoldem.create_state(
            automations, False, 0, (small, big), table.small_bet, table.big_bet, stacks, n,
            **common)
    game = pokerkit.PotLimitOmahaHoldem if table.game == PLO else pokerkit.NoLimitTexasHoldem
    return game.create_state(automations, False, 0, (small, big), big, stacks, n, **common)


def play_both(rng: random.Random, game: str, table: Table | None = None,
              board: list[str] | None = None) -> Both:
    """One random jogada through our engine and pokerkit, the same cards (``board`` if given)
    and moves. pokerkit rakes the table's rate per pot, rounded down, with no cap."""
    import pokerkit

    table = table or random_table(rng, game)
    n, labels = len(table.labels), table.labels
    index = {label: i for i, label in enumerate(labels)}
    holes, board, rest = deal(rng, n, HOLE_CARDS[game], board)
    pk = _pokerkit_state(pokerkit, table, table.percent_bp)
    pk.deck_cards.clear()
    pk.deck_cards.extend(pokerkit.Card.parse("".join(sum(holes, []) + rest)))
    for i, cards in enumerate(holes):
        pk.deal_hole("".join(cards), i)
    # Every live hand is shown by the test (A29: no mucking) and none is killed, so every shown
    # hand stays in every pot it paid into (hold'em rule 41); push_chips finds each pot's
    # winners with pokerkit's own evaluator.
    pk.can_win_now = lambda player_index: True

    refused = 0

    def choose(state: BettingRound, seat: str, opts: dict[str, Any]) -> tuple[str, int | None]:
        nonlocal refused
        assert pk.actor_index == index[seat], ("order of play", seat, pk.actor_index)
        assert (opts["call"] or 0) == pk.checking_or_calling_amount, ("call amount", seat)
        me = state.seat_state(seat)
        for action, amount in random_moves(rng, state, seat, opts):
            to = me.put_in + me.stack if action == "all_in" else amount
            if action == "fold":
                pk.fold()
            elif action in ("check", "call") or to <= state.current_bet:
                pk.check_or_call()
            elif pk.can_complete_bet_or_raise_to(to):
                pk.complete_bet_or_raise_to(to)
            else:
                refused += 1
                continue  # a bet or raise pokerkit does not allow: try the next move
            return action, amount
        raise AssertionError("no move both engines accept")

    def close(state: BettingRound) -> None:
        """Our round closes once the only live seat has matched the all-ins (nobody could
        answer a raise: betting.py's ``_next_to_act``); pokerkit still asks that seat, the big
        blind before the flop, for its option, where a check is all that changes nothing."""
        nonlocal only_checks
        if pk.actor_index is not None and pk.street_index == state.street - 1:
            assert pk.checking_or_calling_amount == 0, ("pokerkit's round is still open",)
            pk.check_or_call()
            only_checks += 1

    only_checks = 0
    played = play_ours(table.rules, table.seats, table.button, choose, on_street=close)
    close(played.state)
    while pk.can_show_or_muck_hole_cards():
        pk.show_or_muck_hole_cards(True)
    # Every hand is shown and the board complete: pokerkit's evaluation of the shown hands no
    # longer changes, so it is done once, not once per pot (most of pokerkit's run time).
    up_hands = functools.cache(lambda *args: tuple(type(pk).get_up_hands(pk, *args)))
    pk.get_up_hands = lambda *args: iter(up_hands(*args))
    while pk.can_push_chips():
        pk.push_chips()
    assert not pk.status, "pokerkit's hand is not over when ours is"
    dealt = [card_code(c) for cards in pk.board_cards for c in cards]
    assert dealt == board[:len(dealt)], "pokerkit dealt another board"
    pushes = [{labels[i]: a for i, a in enumerate(op.amounts) if a}
              for op in pk.operations if isinstance(op, pokerkit.ChipsPushing)]
    return Both(table=table, played=played,
                holes={labels[i]: cards for i, cards in enumerate(holes)}, board=board,
                final={labels[i]: stack for i, stack in enumerate(pk.stacks)},
                pushes=pushes, raked=[pot.raked_amount for pot in pk.pots], refused=refused,
                only_checks=only_checks)

