"""The return to player of a blackjack table's configuration (issue 26 item 9; Reg. 805/2015,
rules-digest-2 §1, A46–A52): ``rtp(rules, decks)``. Pure arithmetic; memoised per configuration.

Method: a deterministic dynamic programme, no simulation. For every deal (the banca's up card and
the player's first two cards, values A, 2–9, 10) weighted by its exact probability from the shoe
of ``decks`` decks, those three cards are removed from the shoe and every later card (the hole
card, the player's and the banca's draws) is drawn with the probabilities of that reduced shoe,
not reduced further. On it:

- the banca's final total (17–21, bust, or blackjack) by a forward pass over its totals: it
  stands on soft 17 (r8a-i, r17); the hole card is the one drawn at the deal, never checked early
  (no peek, A47);
- the player's best play by backward induction over (hard total, ace held): hit or stand by
  total, with stand only over 11 (r15a, r15c) and nothing at 21 (r15d); for each two-card hand the
  best of stand, hit, double (9–11, or any total with r16a; r8a-ii: an ace doubled on as 1 stays
  1), split (r21, r22: resplits up to ``max_hands`` including aces, A50; split aces one card;
  doubling after a split, r23) and early surrender against 2–10 (r15e, A48: no peek, so before a
  10's blackjack is known). A banca blackjack takes every stake of the hand, doubled and split
  ones too (A47, r18), which the dynamic programme prices into each decision. The special prize
  (r25i, A52): 3 × the stake for 7-7-7 or suited 6-7-8 as the first three cards of an unsplit
  hand, so a 7-7 or a suited 6-7, 6-8 or 7-8 may be played for it. Naturals are paid 3:2 (r25a),
  push against a banca blackjack; even money is declined (it returns 1, declining ≈ 1.04) and
  insurance is never taken.

So the strategy is composition-dependent on the deal's three cards and total-dependent after
them; split hands are played independently (the resplit choice is optimal given the hands left).

Uncertainty. Exact for an infinite shoe. For a finite shoe the approximation (no removal after the
deal's three cards) misses part of the finite-shoe effects: against the Wizard of Odds' exact
combinatorial returns (Blackjack Appendix 9; tests/blackjack/test_rtp.py) the edge is within
0.006 percentage points at 6 and 8 decks, 0.008 at 5, 0.011 at 1 deck and 0.018 at 2, so
``UNCERTAINTY`` is 0.02 percentage points (0.0002) for the 4-, 6- and 8-deck shoes of r4b. The
suits of the special prize are approximated (a suited 6-7 one time in 4, its 8 one in 4 of the
eights left), an error far below that. A player who deviates from this strategy, or takes
insurance, does worse: the figure is the most a player can get back. About 60 ms per
configuration cold (bench/blackjack_rtp.py), nothing once memoised.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from domain.games.blackjack.hands import (
    DOUBLE,
    EVEN_MONEY,
    HIT,
    NO_EVEN_MONEY,
    PRIZE_MULTIPLE,
    SPLIT,
    STAND,
    SURRENDER,
    Rules,
)

METHOD = ("dynamic programme: the deal's three cards removed exactly, later cards drawn from that "
          "reduced shoe; banca final totals by a forward pass, the player's best play by backward "
          "induction")
UNCERTAINTY = 0.0002  # the rtp's error bound, a fraction of the initial bet (module docstring)
STRATEGY = ("the best decision for each two-card hand against each up card (composition of the "
            "deal), then hit or stand by total; splits resplit while it pays; never insurance; "
            "even money declined")
LABEL = {1: "A", 10: "T", **{v: str(v) for v in range(2, 10)}}
_PRIZE_THIRD = {(6, 7): 8, (6, 8): 7, (7, 8): 6}  # r25i: a suited 6-7-8 in any order


@dataclass(frozen=True)
class Variant:
    """The game computed: a table's ``Rules`` and ``decks`` under the regulation's fixed rules
    (the defaults). The other switches exist only to reproduce published figures for other rule
    sets (tests, bench): a banca hitting soft 17, a peek, no surrender, no double after split,
    no resplit of aces."""
    rules: Rules
    decks: int
    banca_hits_soft_17: bool = False  # r8a-i, r17: it stands
    peek: bool = False  # A47: no peek; a banca blackjack takes doubled and split stakes
    surrender: bool = True  # r15e, A48
    double_after_split: bool = True  # r23
    resplit_aces: bool = True  # r22, A50


@dataclass(frozen=True)
class RtpResult:
    rtp: float  # expected return per unit of initial bet (1 − house_edge)
    house_edge: float
    method: str
    uncertainty: float  # bound on the error of ``rtp``, a fraction of the initial bet
    strategy: str
    chart: tuple[tuple[str, str, str], ...]  # (hand, up card, decision): ("88", "T", "split")
    variant: Variant

    def decision(self, hand: str, up: str) -> str:
        """The strategy's first decision for ``hand`` ("A7", "88", "67s" suited) against ``up``
        ("2"…"9", "T", "A"); the two cards in either order."""
        names = {hand, hand[1] + hand[0] + hand[2:]}
        for h, u, d in self.chart:
            if h in names and u == up:
                return d
        raise KeyError((hand, up))


def rtp(rules: Rules, decks: int) -> RtpResult:
    """The table's return to player (memoised per configuration)."""
    return rtp_of(Variant(rules=rules, decks=decks))


@lru_cache(maxsize=256)
def rtp_of(variant: Variant) -> RtpResult:
    ev, chart = _game_ev(variant)
    return RtpResult(rtp=1.0 + ev, house_edge=-ev, method=METHOD, uncertainty=UNCERTAINTY,
                     strategy=STRATEGY, chart=tuple(chart), variant=variant)


# The banca ---------------------------------------------------------------------------------------
def _banca(up: int, p: list[float], hits_soft_17: bool, peek: bool) -> tuple[list[float], float]:
    """The banca's final totals ``[17, 18, 19, 20, 21, bust, blackjack]`` and the probability of
    its blackjack; with ``peek`` the totals are those given no blackjack (its entry 0)."""
    out = [0.0] * 7
    mass = [[0.0] * 32, [0.0] * 32]  # [ace held][hard total]
    pbj = 0.0
    for c in range(1, 11):  # the hole card
        if (up == 1 and c == 10) or (up == 10 and c == 1):
            pbj = p[c]
        else:
            mass[up == 1 or c == 1][up + c] += p[c]
    if peek:
        scale = 1.0 / (1.0 - pbj)
        mass = [[m * scale for m in row] for row in mass]
    else:
        out[6] = pbj
    for hard in range(2, 27):  # each draw raises the hard total: one ascending pass
        for ace in (0, 1):
            m = mass[ace][hard]
            if not m:
                continue
            soft = ace and hard + 10 <= 21
            best = hard + 10 if soft else hard
            if best > 21:
                out[5] += m
            elif best > 17 or (best == 17 and not (soft and hits_soft_17)):
                out[best - 17] += m
            else:
                for c in range(1, 11):
                    mass[ace or c == 1][hard + c] += m * p[c]
    return out, pbj


def _stand_values(d: list[float]) -> list[float]:
    """The player's expectation standing on each total 0–21 against the banca's finals ``d``."""
    made = d[0] + d[1] + d[2] + d[3] + d[4]
    sv = [d[5] - made - d[6]] * 22
    below = 0.0
    for t in range(17, 22):
        i = t - 17
        sv[t] = d[5] + below - (made - below - d[i]) - d[6]
        below += d[i]
    return sv


# The player --------------------------------------------------------------------------------------
def _best(hard: int, ace: int) -> int:
    return hard + 10 if ace and hard + 10 <= 21 else hard


def _hit_stand(p: list[float], sv: list[float]) -> list[list[float]]:
    """``v[ace][hard]``: a hand's value hitting or standing by total (r15a, r15c, r15d)."""
    v = [[0.0] * 22, [0.0] * 22]
    for hard in range(21, 0, -1):
        for ace in (0, 1):
            best = _best(hard, ace)
            if best == 21:
                v[ace][hard] = sv[21]
                continue
            hit = 0.0
            for c in range(1, 11):
                n = hard + c
                hit += p[c] * (v[ace or c == 1][n] if n <= 21 else -1.0)
            v[ace][hard] = hit if best <= 11 else max(sv[best], hit)
    return v


def _hit(p: list[float], v: list[list[float]], hard: int, ace: int) -> float:
    return sum(p[c] * (v[ace or c == 1][hard + c] if hard + c <= 21 else -1.0)
               for c in range(1, 11))


def _double(p: list[float], sv: list[float], hard: int, ace: int) -> float:
    """Twice the stake, exactly one card (r15b)."""
    e = 0.0
    for c in range(1, 11):
        n = hard + c
        e += p[c] * (sv[_best(n, ace or c == 1)] if n <= 21 else -1.0)
    return 2.0 * e


def _double_value(a: int, b: int, p, sv, rules: Rules) -> float | None:
    """r15b, r16a, A46: the double's value if the two-card hand may double, else None; an ace
    doubled on as 1 (A+8, A+9 without r16a) stays 1 (r8a-ii)."""
    hard, ace = a + b, int(a == 1 or b == 1)
    if rules.double_any_total:
        return _double(p, sv, hard, ace)
    if hard in (9, 10, 11):
        return _double(p, sv, hard, 0)  # the ace, if any, counts 1 (r8a-ii)
    if _best(hard, ace) in (9, 10, 11):
        return _double(p, sv, hard, ace)
    return None


def _split(v_: int, p, sv, v, var: Variant, pair_p: float) -> float:
    """r21, r22, r23, A50: splitting a pair of value ``v_`` (two hands, each drawing its second
    card; a pair card drawn may be split again while the seat has fewer than ``max_hands``)."""
    rules = var.rules
    cap = rules.max_hands if (v_ != 1 or var.resplit_aces) else 2

    def two(c: int) -> float:  # a split hand v_ + c, played out (no surrender, no prize)
        hard, ace = v_ + c, int(v_ == 1 or c == 1)
        best = _best(hard, ace)
        if v_ == 1 or best == 21:
            return sv[best]  # r21: a split ace takes one card
        opts = [_hit(p, v, hard, ace)]
        if best > 11:
            opts.append(sv[best])
        if var.double_after_split:
            dv = _double_value(v_, c, p, sv, rules)
            if dv is not None:
                opts.append(dv)
        return max(opts)

    vals = [0.0] + [two(c) for c in range(1, 11)]
    v_pp = vals[v_]  # a pair card drawn and not split again
    non_pair = (sum(p[c] * vals[c] for c in range(1, 11)) - pair_p * v_pp) / (1.0 - pair_p)
    memo: dict[tuple[int, int], float] = {}

    def w(h: int, k: int) -> float:  # h hands at the seat, k of them waiting for a card
        if k == 0:
            return 0.0
        key = (h, k)
        if key not in memo:
            rest = w(h, k - 1)
            keep = v_pp + rest
            pair = max(w(h + 1, k + 1), keep) if h < cap else keep
            memo[key] = (1.0 - pair_p) * (non_pair + rest) + pair_p * pair
        return memo[key]

    return w(2, 2)


def _deal_value(a: int, b: int, up: int, p, sv, v, pbj, var: Variant,
                prize_p: float, splittable: bool, pair_p: float) -> tuple[float, str]:
    """The best first decision for the two-card hand (a, b) against ``up`` and its value."""
    rules = var.rules
    hard, ace = a + b, int(a == 1 or b == 1)
    best = _best(hard, ace)
    opts = {HIT: _hit(p, v, hard, ace) + PRIZE_MULTIPLE * prize_p}
    if best > 11:
        opts[STAND] = sv[best]
    dv = _double_value(a, b, p, sv, rules)
    if dv is not None:
        opts[DOUBLE] = dv + 2 * PRIZE_MULTIPLE * prize_p  # A52: 3 × the doubled stake
    if splittable and rules.max_hands >= 2:
        opts[SPLIT] = _split(a, p, sv, v, var, pair_p)
    if var.surrender and up != 1:
        opts[SURRENDER] = -0.5
    decision = max(opts, key=opts.__getitem__)
    value = opts[decision]
    if var.peek:  # the decisions are taken knowing the banca has no blackjack
        value = -pbj + (1.0 - pbj) * value
    return value, decision


def _game_ev(var: Variant) -> tuple[float, list[tuple[str, str, str]]]:
    d = var.decks
    counts = [0] + [4 * d] * 9 + [16 * d]
    n = 52 * d
    ev, chart = 0.0, []
    for up in range(1, 11):
        for a in range(1, 11):
            for b in range(a, 11):
                # the deal draws a, the up card, b (or b, up, a): the same probability
                w = (counts[a] / n * (counts[up] - (up == a)) / (n - 1)
                     * (counts[b] - (b == a) - (b == up)) / (n - 2)) * (1 if a == b else 2)
                rem = counts[:]
                rem[a] -= 1
                rem[b] -= 1
                rem[up] -= 1
                p = [c / (n - 3) for c in rem]
                dist, pbj = _banca(up, p, var.banca_hits_soft_17, var.peek)
                ev += w * _hand_ev(a, b, up, p, dist, pbj, var, d, chart)
    return ev, chart


def _hand_ev(a, b, up, p, dist, pbj, var: Variant, decks: int, chart) -> float:
    rules, u = var.rules, LABEL[up]
    if (a, b) == (1, 10):  # r18, r25a: 3:2, a push against a banca blackjack (no peek)
        value = 1.5 * (1.0 - pbj)
        if up == 1:
            chart.append(("AT", u, EVEN_MONEY if value < 1.0 else NO_EVEN_MONEY))
            return max(value, 1.0)
        return value
    label = LABEL[a] + LABEL[b]
    # (label, weight, prize probability, splittable, resplit probability)
    classes: list[tuple[str, float, float, bool, float]] = []
    prize = rules.special_prize
    if prize and (a, b) in _PRIZE_THIRD:  # A52: suited (1 in 4) or not
        classes += [(label + "s", 0.25, p[_PRIZE_THIRD[(a, b)]] / 4, False, 0.0),
                    (label, 0.75, 0.0, False, 0.0)]
    elif a == b == 10 and rules.true_pairs_only:  # r16b: tens of one rank only
        same = (4 * decks - 1) / (16 * decks - 1)
        classes += [("TT", same, 0.0, True, p[10] / 4), ("TK", 1 - same, 0.0, False, 0.0)]
    else:
        pair_p = p[a] / 4 if (a == 10 and rules.true_pairs_only) else p[a]
        classes.append((label, 1.0, p[7] if prize and a == b == 7 else 0.0, a == b, pair_p))
    sv = _stand_values(dist)
    v = _hit_stand(p, sv)
    total = 0.0
    for name, weight, prize_p, splittable, pair_p in classes:
        value, decision = _deal_value(a, b, up, p, sv, v, pbj, var, prize_p, splittable, pair_p)
        chart.append((name, u, decision))
        total += weight * value
    return total
