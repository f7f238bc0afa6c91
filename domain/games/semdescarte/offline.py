"""Póquer sem descarte's offline rules, carried by bundle_check.pyz (infra/audit/checker/games.py;
docs/audit.md "The RNG and dealing, for a reimplementation"). Standard library only, and no
import of the project: it runs inside the zip alone, so the rules are written here a second
time, from Reg. 803/2015 and the rules digest (§2, §3, A1–A5, A8, A12), apart from the game's
own code (dealing.py, settlement.py, jackpot.py).

From the jogada's events alone:
1. the cards: the shoe is the RNG output (the re-derived shuffle of one deck; in certification
   mode the laboratory's forced cards on top of it, rule 19); rule 19 deals it: card 0 burned,
   then five rounds of one card to each seat in seat order and one to the bank; the bank's
   fifth card face up. Compared with ``CardsDealt`` and ``BankCardsRevealed``.
2. each seat's outcome: the hands valued (rules 7, 8; tie-breaks rule 9, 13 read per A5, rule
   9's "três delas da mesma cor" as ≥ 3 cards of one suit, A4), the bank's qualification (ace
   and king or better, rules 7k, 25), the second bet 2 × the ante (rules 2f, 23), the paytable
   of rule 12 ("N vezes" as N to 1, A2): a fold loses the ante (rules 22, 32), a bank that does
   not qualify pays the ante 1:1 and returns the second bet (rule 26, A3), a higher hand wins
   the ante 1:1 and the second bet per rule 12 (rule 28), a lower one loses both (rule 29), a
   tie is a push (A1). Compared with ``JogadaSettled``'s outcomes.
3. the jackpot side bet (Portaria 461/2001 r3, r4b, r8, r9, A12): the contribution and the
   house's share of each stake; who wins (a hand not folded: flush or better) and, for the
   fixed prizes (flush 50 ×, full house 100 ×, four of a kind 500 × the stake), how much. A
   straight or royal flush's prize is a share of the pool's value, which no event of the
   jogada holds: taken as recorded, with a note.
4. the money: each account's net over the jogada's account events (wallets, the house, the
   jackpot pool) against the nets the rules give. A void (rule 33): every stake back, every
   account nets to nothing.
"""

from __future__ import annotations

from typing import Any

GAMES = ("semdescarte",)
MARKERS = {"semdescarte": ".SemDescarteTable."}  # its venue's event topics (Game.event_marker)
OPENING = ("JogadaOpened",)
ENDING = ("JogadaSettled", "JogadaVoided")

RANK_VALUE = {r: v for v, r in enumerate("23456789TJQKA", start=2)}
CATEGORIES = ("high_card", "one_pair", "two_pair", "three_of_a_kind", "straight", "flush",
              "full_house", "four_of_a_kind", "straight_flush", "royal_flush")
PAYTABLE = {"royal_flush": 100, "straight_flush": 50, "four_of_a_kind": 20, "full_house": 7,
            "flush": 5, "straight": 4, "three_of_a_kind": 3, "two_pair": 2, "one_pair": 1,
            "high_card": 1}  # rule 12, N to 1 (A2)
JACKPOT_MULTIPLES = {"four_of_a_kind": 500, "full_house": 100, "flush": 50}  # r9c–e
JACKPOT_SHARES = ("straight_flush", "royal_flush")  # r9a, r9b: a share of the pool
BET_FACTOR = 2  # rules 2f, 23
OUTCOME_FIELDS = ("result", "ante_cents", "bet_cents", "returned_cents", "lost_cents",
                  "won_cents", "multiplier")


def euros(cents: int, sign: bool = False) -> str:
    """``1800`` -> ``18,00 €`` (``+18,00 €`` with ``sign``)."""
    text = f"{abs(cents) // 100},{abs(cents) % 100:02d} €"
    return ("-" if cents < 0 else "+" if sign else "") + text


def hand_value(cards: list[str]) -> tuple[int, ...]:
    """(category index, tie-break ranks…): higher is better (rules 7, 8, 9, 13; A5)."""
    ranks = sorted((RANK_VALUE[c[0]] for c in cards), reverse=True)
    counts = {r: ranks.count(r) for r in ranks}
    ordered = sorted(counts, key=lambda r: (counts[r], r), reverse=True)  # by group, then rank
    flush = len({c[1] for c in cards}) == 1
    top = None
    if len(counts) == 5:
        if ranks[0] - ranks[4] == 4:
            top = ranks[0]
        elif ranks == [14, 5, 4, 3, 2]:  # rule 8: the ace counts as 1 in A-2-3-4-5
            top = 5
    if top is not None:
        return (9 if flush and top == 14 else 8 if flush else 4, top)
    shape = sorted(counts.values(), reverse=True)
    category = {(4, 1): 7, (3, 2): 6, (3, 1, 1): 3, (2, 2, 1): 2, (2, 1, 1, 1): 1}.get(
        tuple(shape), 5 if flush else 0)
    return (category, *ordered)


def category(cards: list[str]) -> str:
    return CATEGORIES[hand_value(cards)[0]]


def qualifies(bank: list[str]) -> bool:
    """Rules 7k, 25: a pair or better, or a high-card hand holding an ace and a king."""
    ranks = {c[0] for c in bank}
    return hand_value(bank)[0] > 0 or {"A", "K"} <= ranks


def compare(player: list[str], bank: list[str]) -> int:
    """+1 the player's hand higher, -1 the bank's, 0 a push (rules 9, 13; A4, A5, A1)."""
    p, b = hand_value(player), hand_value(bank)
    if p != b:
        return 1 if p > b else -1
    if p[0] != 0:
        return 0

    def suited(cards: list[str]) -> bool:  # rule 9, A4: three of them of one suit
        return max(sum(c[1] == s for c in cards) for s in "cdhs") >= 3
    return int(suited(player)) - int(suited(bank))


def settle(ante: int, continued: bool, player: list[str], bank: list[str]) -> dict[str, Any]:
    """One seat's outcome and the rule that gives it (rules 22, 26, 28, 29; A1–A4)."""
    def out(result: str, bet: int, returned: int, lost: int, won: int, rule: str,
            multiplier: int | None = None) -> dict[str, Any]:
        return {"result": result, "ante_cents": ante, "bet_cents": bet,
                "returned_cents": returned, "lost_cents": lost, "won_cents": won,
                "multiplier": multiplier, "rule": f"póquer sem descarte rule {rule}"}
    if not continued:
        return out("folded", 0, 0, ante, 0, "22")
    bet = BET_FACTOR * ante
    if not qualifies(bank):
        return out("bank_not_qualified", bet, ante + bet, 0, ante, "26 (A3)")
    result = compare(player, bank)
    by_suit = hand_value(player) == hand_value(bank) and hand_value(player)[0] == 0  # A4
    if result > 0:
        multiplier = PAYTABLE[category(player)]
        return out("player_won", bet, ante + bet, 0, ante + multiplier * bet,
                   "28 (A4, A2)" if by_suit else "28 (A2)", multiplier)
    if result < 0:
        return out("bank_won", bet, 0, ante + bet, 0, "29 (A4)" if by_suit else "29")
    return out("push", bet, ante + bet, 0, 0, "9 (A4, A1)" if by_suit else "13 (A1)")


def deal(shoe: list[str], seats: list[str]) -> dict[str, Any]:
    """Rule 19: card 0 burned; round k = 0..4: seat i (seat order) gets 1 + k(n+1) + i, the
    bank (k+1)(n+1); the bank's fifth card is face up."""
    n = len(seats)
    hands = {seat: [shoe[1 + k * (n + 1) + i] for k in range(5)] for i, seat in enumerate(seats)}
    bank = [shoe[(k + 1) * (n + 1)] for k in range(5)]
    return {"burned": shoe[0], "hands": hands, "bank_cards": bank, "bank_open_card": bank[4]}


def _facts(jogada: dict[str, Any]) -> dict[str, Any]:
    facts: dict[str, Any] = {"bets": {}, "decisions": {}, "events": {}}
    for e in jogada["events"]:
        data, name = e["data"], e["name"]
        if name == "AntePlaced":
            facts["bets"][data["seat"]] = data
        elif name in ("PlayerFolded", "PlayerContinued"):
            facts["decisions"][data["seat"]] = e
        if name in ("JogadaOpened", "JackpotBetsCollected", "CardsDealt", "BankCardsRevealed",
                    "JogadaSettled", "JogadaVoided"):
            facts["events"][name] = e
            facts["table_id"] = str(e["originator_id"])
    return facts


def _at(e: dict[str, Any]) -> str:
    return f"event {e['notification_id']} {e['name']}"


def _cards(jogada: dict[str, Any], facts: dict[str, Any], seats: list[str]) -> list[str]:
    dealt = facts["events"].get("CardsDealt")
    rng = jogada.get("rng")
    if dealt is None or rng is None or rng["kind"] != "deck":
        return [] if dealt is None and rng is None else [
            "the jogada dealt cards with no deck drawn from a committed seed (rule 19, A70)"
            if rng is None or rng["kind"] != "deck" else
            "a deck was drawn but no CardsDealt recorded the cards (rule 19)"]
    shoe = rng["output"]
    if len(shoe) < 1 + 5 * (len(seats) + 1):
        return [f"{_at(dealt)}: the shoe holds {len(shoe)} cards, too few for {len(seats)}"
                " seats and the bank (rule 19)"]
    want = deal(shoe, seats)
    got = dealt["data"]
    if sorted(got["hands"], key=int) != seats:
        return [f"{_at(dealt)}: hands dealt to seats {sorted(got['hands'], key=int)}, the antes"
                f" were placed at seats {seats} (rule 19b)"]
    for key in ("burned", "bank_cards", "bank_open_card"):
        if got[key] != want[key]:
            return [f"{_at(dealt)}: {key} is {got[key]}, the shoe re-derived from the seed"
                    f" deals {want[key]} (rule 19)"]
    for seat in seats:
        if list(got["hands"][seat]) != want["hands"][seat]:
            return [f"{_at(dealt)}: seat {seat}'s hand is {' '.join(got['hands'][seat])}, the"
                    f" shoe re-derived from the seed deals {' '.join(want['hands'][seat])}"
                    " (rule 19b)"]
    revealed = facts["events"].get("BankCardsRevealed")
    if revealed is not None:
        data = revealed["data"]
        if list(data["bank_cards"]) != want["bank_cards"]:
            return [f"{_at(revealed)}: the bank shows {' '.join(data['bank_cards'])}, it was"
                    f" dealt {' '.join(want['bank_cards'])} (rule 24)"]
        if data["qualifies"] != qualifies(want["bank_cards"]):
            verb = "does" if not data["qualifies"] else "does not"
            return [f"{_at(revealed)}: qualifies is {data['qualifies']}, the bank's"
                    f" {category(want['bank_cards'])} {verb} qualify (rules 7k, 25)"]
    return []


def _jackpot(jogada: dict[str, Any], facts: dict[str, Any], config: dict[str, Any],
             seats: list[str], nets: dict[str, int]) -> list[str]:
    """The side bets' contributions and prizes (Portaria r3, r4b, r8, r9; A12), into ``nets``."""
    bettors = [s for s in seats if facts["bets"][s].get("jackpot_bet_cents")]
    if not bettors:
        return []
    jackpot = config.get("jackpot")
    collected = facts["events"].get("JackpotBetsCollected")
    if jackpot is None or collected is None:
        return [f"seats {bettors} made a jackpot side bet, but the table has no jackpot or the"
                " bets were never collected (Portaria r3, r4b)"]
    stake = jackpot["stake_cents"]
    share = stake * jackpot["contribution_bp"] // 10_000
    pool = f"jackpot:{facts['table_id']}"
    for seat in bettors:
        player = f"wallet:{facts['bets'][seat]['player_id']}"
        got = (collected["data"]["contributions"].get(seat),
               collected["data"]["house_shares"].get(seat, 0))
        if facts["bets"][seat]["jackpot_bet_cents"] != stake or got != (share, stake - share):
            return [f"{_at(collected)}: seat {seat}: contribution {got[0]} and house share"
                    f" {got[1]} cents of a side bet of {facts['bets'][seat]['jackpot_bet_cents']};"
                    f" the table's jackpot takes {stake} ({euros(stake)}): {share} to the pool,"
                    f" {stake - share} to the house (Portaria r3, r8)"]
        nets[player] = nets.get(player, 0) - stake
        nets[pool] = nets.get(pool, 0) + share
        nets["house"] = nets.get("house", 0) + stake - share
    settled = facts["events"]["JogadaSettled"]
    hands = facts["events"]["CardsDealt"]["data"]["hands"]
    winners = {s: category(hands[s]) for s in bettors
               if facts["decisions"][s]["name"] == "PlayerContinued"}  # A12: not folded hands
    winners = {s: c for s, c in winners.items() if c in JACKPOT_MULTIPLES or c in JACKPOT_SHARES}
    awards = {a["seat"]: a for a in settled["data"].get("jackpot_awards") or []}
    paid = {s: a["category"] for s, a in awards.items()}
    if paid != winners:
        return [f"{_at(settled)}: jackpot prizes to {paid}, the hands not folded win {winners}"
                " (Portaria r9, A12)"]
    for seat, award in sorted(awards.items(), key=lambda kv: int(kv[0])):
        player = f"wallet:{facts['bets'][seat]['player_id']}"
        if award["category"] in JACKPOT_MULTIPLES:
            prize = JACKPOT_MULTIPLES[award["category"]] * stake
            if award["amount_cents"] + award.get("shortfall_cents", 0) != prize:
                return [f"{_at(settled)}: seat {seat}'s {award['category']} prize is"
                        f" {award['amount_cents']} cents ({euros(award['amount_cents'])}) with a"
                        f" shortfall of {award.get('shortfall_cents', 0)}; the rules give"
                        f" {prize} ({euros(prize)}) (Portaria r9c–e, A12)"]
        else:
            jogada["notes"].append(
                f"seat {seat}'s {award['category']} jackpot prize, {euros(award['amount_cents'])},"
                " is a share of the pool's value before the jogada, which no event of the"
                " jogada holds: taken as recorded (Portaria r9a, r9b; `ledger verify` folds the"
                " pool from the whole log)")
        nets[player] = nets.get(player, 0) + award["amount_cents"]
        nets[pool] = nets.get(pool, 0) - award["amount_cents"]
    royals = sum(a["category"] == "royal_flush" for a in awards.values())
    refill = jogada["money"].get(pool, 0) - nets.get(pool, 0)
    if royals:  # r10, A12: the royal flushes leave under one cent each; back to the start
        start = jackpot["starting_value_cents"]
        if not start - royals < refill <= start:
            return [f"{pool}: the house refilled the jackpot by {refill} cents"
                    f" ({euros(refill)}) after {royals} royal flush(es); back to its starting"
                    f" value of {euros(start)} it is {start - royals + 1} to {start} cents"
                    " (Portaria r10, A12)"]
        jogada["notes"].append(f"the house refilled the jackpot by {euros(refill)} to its"
                               " starting value (Portaria r10, A12)")
        nets[pool] = nets.get(pool, 0) + refill
        nets["house"] = nets.get("house", 0) - refill
    return []


def _settled(jogada: dict[str, Any], facts: dict[str, Any], seats: list[str],
             nets: dict[str, int]) -> list[str]:
    settled = facts["events"]["JogadaSettled"]
    dealt = facts["events"].get("CardsDealt")
    if dealt is None:
        return [f"{_at(settled)}: the jogada settled, but no card was dealt (rule 19)"]
    hands, bank = dealt["data"]["hands"], list(dealt["data"]["bank_cards"])
    recorded = settled["data"]["outcomes"]
    if sorted(recorded, key=int) != seats:
        return [f"{_at(settled)}: outcomes for seats {sorted(recorded, key=int)}, antes at seats"
                f" {seats}"]
    for seat in seats:
        bet, decision = facts["bets"][seat], facts["decisions"].get(seat)
        if decision is None:
            return [f"seat {seat} has no recorded decision, though the jogada settled (rule 32)"]
        continued = decision["name"] == "PlayerContinued"
        if continued and decision["data"]["bet_cents"] != BET_FACTOR * bet["ante_cents"]:
            return [f"{_at(decision)}: seat {seat}'s second bet is"
                    f" {decision['data']['bet_cents']} cents, 2 × the ante is"
                    f" {BET_FACTOR * bet['ante_cents']} (rules 2f, 23)"]
        want = settle(bet["ante_cents"], continued, list(hands[seat]), bank)
        got = recorded[seat]
        for key in OUTCOME_FIELDS:
            if got.get(key) != want[key]:
                money = "_cents" in key and isinstance(got.get(key), int)
                said = f" ({euros(got[key])})" if money else ""
                given = f" ({euros(want[key])})" if money else ""
                return [f"{_at(settled)}: seat {seat}: {key} is {got.get(key)!r}{said},"
                        f" the rules give {want[key]!r}{given} (the player"
                        f" {'continued' if continued else 'folded'} with"
                        f" {category(list(hands[seat]))} against the bank's {category(bank)}:"
                        f" {want['rule']})"]
        if got.get("player_id") != bet["player_id"]:
            return [f"{_at(settled)}: seat {seat}'s outcome names player {got.get('player_id')},"
                    f" the ante was placed by {bet['player_id']}"]
        player = f"wallet:{bet['player_id']}"
        nets[player] = nets.get(player, 0) + want["won_cents"] - want["lost_cents"]
        nets["house"] = nets.get("house", 0) + want["lost_cents"] - want["won_cents"]
    return []


def _voided(facts: dict[str, Any], seats: list[str]) -> list[str]:
    """Rule 33: every bet back in full: the ante, the second bet, the side bet."""
    voided = facts["events"]["JogadaVoided"]
    for seat in seats:
        bet, decision = facts["bets"][seat], facts["decisions"].get(seat)
        second = decision["data"]["bet_cents"] if decision is not None \
            and decision["name"] == "PlayerContinued" else 0
        staked = bet["ante_cents"] + second + bet.get("jackpot_bet_cents", 0)
        refund = voided["data"]["refunds"].get(seat, 0)
        if refund != staked:
            return [f"{_at(voided)}: seat {seat} is refunded {refund} cents ({euros(refund)}),"
                    f" it staked {staked} ({euros(staked)}) (rule 33)"]
    return []


def _money(jogada: dict[str, Any], nets: dict[str, int], seat_of: dict[str, str]) -> list[str]:
    """Each account's net over the jogada's account events against the rules' nets."""
    moved = jogada["money"]
    for code in sorted(set(nets) | set(moved)):
        want, got = nets.get(code, 0), moved.get(code, 0)
        if want != got:
            seat = f" (seat {seat_of[code]})" if code in seat_of else ""
            ids = [e["notification_id"] for e in jogada["events"] if e.get("account") == code]
            return [f"{code}{seat}: the account events {ids} moved {got:+d} cents"
                    f" ({euros(got, True)}), the rules give {want:+d} ({euros(want, True)})"]
    for code, cents in sorted(jogada["held"].items()):  # every hold posted or released
        return [f"{code}: {cents} cents ({euros(cents)}) still held when the jogada ended"
                " (903-B 5.4.3(4))"]
    return []


def check(jogada: dict[str, Any]) -> list[str]:
    facts = _facts(jogada)
    opened = facts["events"].get("JogadaOpened")
    if opened is None:
        return ["no JogadaOpened: the table's configuration is not in the jogada"]
    config = opened["data"]["config"]
    seats = sorted(facts["bets"], key=int)
    problems = _cards(jogada, facts, seats)
    if problems:
        return problems
    nets: dict[str, int] = {}
    seat_of = {f"wallet:{b['player_id']}": s for s, b in facts["bets"].items()}
    if "JogadaVoided" in facts["events"]:
        problems = _voided(facts, seats)
    else:
        problems = _settled(jogada, facts, seats, nets) or _jackpot(
            jogada, facts, config, seats, nets)
    return problems or _money(jogada, nets, seat_of)
