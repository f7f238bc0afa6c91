"""A coin toss: the smallest game with a bet, a draw and a settlement, defined only under
tests/ and plugged in through the registry (``LEDGER_GAMES=tests.cointoss.game`` or
``Settings(games=...)``). It shows what the Game seam (domain/game.py) gives a game for free:
its routes, its clock, crash recovery, session statements, the generic jogada, replay and
adjudication routes, and a player's jogada listing.

Rules of the toss: a player with an open session at the table bets ``stake_cents`` on heads or
tails (one bet per player and jogada); the first bet opens the jogada; ``toss_after`` seconds
after it opened the table's clock tosses (or an operator does, POST .../toss): the side is the
low bit of SHA-256(seed), the seed drawn outside the command; a right call is paid 1:1 (the
stake back and as much from the house), a wrong one loses the stake to the house.
"""

from __future__ import annotations

import hashlib
from datetime import timedelta
from typing import Any
from uuid import UUID

from domain import listing, wallets
from domain.accounts import HOUSE_CODE
from domain.command import Command, command
from domain.errors import ConflictError, InvalidInputError
from domain.game import Game, GameClock, venue_aggregate_kinds
from domain.inactivity import TIME, InactivityPolicy
from domain.receipts import CommandReceipt, check_key, fingerprint, receipt_id
from domain.session_commands import find_open_session, record_game_win
from domain.sessions import REFUND, GameSession
from domain.significant import (GAME_KINDS, JOGADA_VOIDED, RECOVERY, SERVICE_RESTART, WARNING,
                                Significant, SignificantEvents, voided)
from domain.text import check_uuid
from tests.cointoss.table import REGISTRY_ID, SIDES, CoinRegistry, CoinTable
from tests.cointoss.viewer import viewer_steps

NAME, KIND = "cointoss", "cointoss"
CLOCK_ACTOR = "system:cointoss-clock"


@command("cointoss_create_table")
class CreateCoinTable(Command):
    table_id: str
    name: str
    config: dict[str, Any]
    actor: str


@command("cointoss_describe", read_only=True)
class DescribeCoinTable(Command):
    table_id: str


@command("cointoss_bet")
class Bet(Command):
    table_id: str
    player_id: str
    side: str
    stake_cents: int
    idempotency_key: str
    actor: str


@command("cointoss_toss")
class Toss(Command):
    table_id: str
    actor: str = CLOCK_ACTOR
    seed: bytes | None = None


@command("cointoss_due", read_only=True)
class DueCoinTables(Command):
    pass


@command("cointoss_recover")
class RecoverCoinTables(Command):
    actor: str


def _table(uow: Any, table_id: str) -> CoinTable:
    return uow.get(check_uuid(table_id, "table_id"), CoinTable, what="table")


def _config(config: Any) -> dict[str, Any]:
    if not isinstance(config, dict) or set(config) - {"stake_cents", "toss_after"}:
        raise InvalidInputError("config holds stake_cents and toss_after", field="config")
    stake, after = config.get("stake_cents"), config.get("toss_after", 5)
    for name, value in (("stake_cents", stake), ("toss_after", after)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise InvalidInputError(f"{name} must be a whole number ≥ 1", field=name)
    return {"stake_cents": stake, "toss_after": after}


def create_table(uow: Any, cmd: CreateCoinTable) -> dict[str, Any]:
    venue_id = f"{NAME}:{cmd.table_id}"
    table = CoinTable(table_id=cmd.table_id, venue_id=venue_id, name=cmd.name,
                      config=_config(cmd.config), actor=cmd.actor, at=uow.at)
    uow.add(table)
    registry = uow.find(REGISTRY_ID, CoinRegistry)
    if registry is None:
        registry = CoinRegistry(actor=cmd.actor, at=uow.at)
        uow.add(registry)
    registry.register(table_id=cmd.table_id, actor=cmd.actor, at=uow.at)
    return describe(table)


def describe(table: CoinTable) -> dict[str, Any]:
    jogada = table.jogada
    return {"table_id": str(table.id), "venue_id": table.venue_id, "game": KIND,
            "name": table.name, "config": table.config,
            "jogada_id": None if jogada is None else jogada["jogada_id"],
            "status": "no_jogada" if jogada is None else "betting"}


def bet(uow: Any, cmd: Bet) -> dict[str, Any]:
    check_key(cmd.idempotency_key)
    pid = check_uuid(cmd.player_id, "player_id")
    scope = f"cointoss-bet:{pid}"
    fp = fingerprint("bet", {"table_id": cmd.table_id, "side": cmd.side,
                             "stake_cents": cmd.stake_cents})
    existing = uow.find_receipt(receipt_id(scope, cmd.idempotency_key))
    if existing is not None:
        return existing.replay(fp)
    table = _table(uow, cmd.table_id)
    if cmd.side not in SIDES:
        raise InvalidInputError("side must be heads or tails", field="side")
    if cmd.stake_cents != table.config["stake_cents"]:
        raise InvalidInputError(f"the stake is {table.config['stake_cents']} cents",
                                field="stake_cents")
    session = find_open_session(uow, pid, table.venue_id)
    if session is None:
        raise ConflictError("open a game session at the table first", field="player_id")
    session.check_accepting(uow.at)
    wallets.get_wallet(uow, pid).check_can_debit(cmd.stake_cents, field="stake_cents")
    if table.jogada is not None and str(pid) in table.jogada["bets"]:
        raise ConflictError("one bet per player and jogada", field="player_id")
    # Guards done.
    jogada_id = table.open_jogada(actor=cmd.actor, at=uow.at) if table.jogada is None \
        else table.jogada["jogada_id"]
    table.place_bet(jogada_id=jogada_id, player_id=str(pid), session_id=str(session.id),
                    side=cmd.side, stake_cents=cmd.stake_cents, actor=cmd.actor, at=uow.at)
    wallets.hold_stake(uow, player_id=pid, to_code=HOUSE_CODE, transfer_id=f"{jogada_id}:{pid}",
                       amount_cents=cmd.stake_cents, reason="coin_bet",
                       refs={"jogada_id": jogada_id, "table_id": str(table.id)}, actor=cmd.actor)
    session.record_bet(jogada_id, cmd.stake_cents, actor=cmd.actor, at=uow.at)
    result = {"jogada_id": jogada_id, "table_id": str(table.id), "side": cmd.side,
              "stake_cents": cmd.stake_cents}
    uow.add(CommandReceipt(scope=scope, key=cmd.idempotency_key, fingerprint=fp,
                           operation="bet", outcome={"result": result}, actor=cmd.actor,
                           at=uow.at))
    return result


def side_of(seed: bytes) -> str:
    """The draw: the low bit of SHA-256 of the seed."""
    return SIDES[hashlib.sha256(seed).digest()[-1] & 1]


def payouts(bets: dict[str, dict[str, Any]], side: str) -> dict[str, int]:
    """What each player is paid: twice the stake for a right call, nothing otherwise."""
    return {p: 2 * b["stake_cents"] if b["side"] == side else 0 for p, b in bets.items()}


def toss(uow: Any, cmd: Toss) -> dict[str, Any]:
    table = _table(uow, cmd.table_id)
    if table.jogada is None:
        raise ConflictError("no jogada to toss", field="table_id")
    jogada, side = table.jogada, side_of(cmd.seed)
    paid = payouts(jogada["bets"], side)
    table.toss(jogada_id=jogada["jogada_id"], seed_hex=cmd.seed.hex(), side=side, payouts=paid,
               actor=cmd.actor, at=uow.at)
    for player_id, amount in paid.items():
        hold = f"{jogada['jogada_id']}:{player_id}"
        stake = jogada["bets"][player_id]["stake_cents"]
        if amount:
            wallets.void_stake(uow, player_id=UUID(player_id), transfer_id=hold, reason="won",
                               actor=cmd.actor)
            wallets.transfer_between(uow, from_code=HOUSE_CODE,
                                     to_code=wallets.wallet_code(player_id),
                                     transfer_id=f"{hold}:win", amount_cents=amount - stake,
                                     reason="coin_win",
                                     refs={"jogada_id": jogada["jogada_id"]}, actor=cmd.actor)
        else:
            wallets.post_stake(uow, player_id=UUID(player_id), transfer_id=hold, reason="lost",
                               actor=cmd.actor)
        record_game_win(uow, jogada["bets"][player_id]["session_id"], jogada["jogada_id"],
                        amount, "win", cmd.actor)
    return {"jogada_id": jogada["jogada_id"], "side": side, "payouts": paid}


def due(uow: Any, cmd: DueCoinTables) -> list[str]:
    registry = uow.find(REGISTRY_ID, CoinRegistry)
    found = []
    for table_id in [] if registry is None else registry.table_ids:
        table = uow.find(UUID(table_id), CoinTable)
        if table is not None and table.jogada is not None and uow.at >= (
                table.jogada["opened_at"] + timedelta(seconds=table.config["toss_after"])):
            found.append(table_id)
    return found


def void(uow: Any, table: CoinTable, reason: str, actor: str) -> str:
    jogada = table.jogada
    refunds = {p: b["stake_cents"] for p, b in jogada["bets"].items()}
    table.void(jogada_id=jogada["jogada_id"], reason=reason, refunds=refunds, actor=actor,
               at=uow.at)
    for player_id, amount in refunds.items():
        wallets.void_stake(uow, player_id=UUID(player_id),
                           transfer_id=f"{jogada['jogada_id']}:{player_id}", reason=reason,
                           actor=actor)
        record_game_win(uow, jogada["bets"][player_id]["session_id"], jogada["jogada_id"],
                        amount, REFUND, actor)
    return jogada["jogada_id"]


def recover(uow: Any, cmd: RecoverCoinTables) -> list[str]:
    """A jogada a crash left open is void: every stake back."""
    registry = uow.find(REGISTRY_ID, CoinRegistry)
    voided = []
    for table_id in [] if registry is None else registry.table_ids:
        table = uow.find(UUID(table_id), CoinTable)
        if table is not None and table.jogada is not None:
            voided.append(void(uow, table, SERVICE_RESTART, cmd.actor))
    return voided


def bet_in_play(uow: Any, session: GameSession) -> tuple[str, str] | None:
    table = uow.find(UUID(session.venue_id.partition(":")[2]), CoinTable)
    jogada = None if table is None else table.jogada
    if jogada is not None and session.player_id in jogada["bets"]:
        return jogada["jogada_id"], "coin toss: the toss settles every bet"
    return None


def replay(events: list[tuple[int, Any]]) -> dict[str, Any]:
    """Every event with the state after it; the draw re-derived from the revealed seed."""
    state: dict[str, Any] = {"bets": {}, "side": None, "ended": False, "money": {}}
    steps, jogada_id, rng_ok = [], None, None
    for position, e in events:
        name = type(e).__name__
        if name == "BetPlaced":
            jogada_id = e.jogada_id
            state["bets"][e.player_id] = {"side": e.side, "stake_cents": e.stake_cents}
        elif name == "CoinTossed":
            state.update(side=e.side, ended=True, payouts=dict(e.payouts))
            rng_ok = side_of(bytes.fromhex(e.seed_hex)) == e.side
        elif name == "JogadaVoided":
            state.update(ended=True, refunds=dict(e.refunds))
        elif getattr(e, "amount_cents", None) is not None:
            code = getattr(e, "code", None) or str(e.originator_id)
            state["money"][code] = state["money"].get(code, 0) + _signed(e)
        steps.append({"position": position, "event": name,
                      "state": {k: (dict(v) if isinstance(v, dict) else v)
                                for k, v in state.items()}})
    return {"jogada_id": jogada_id, "events": steps, "final": state,
            "rng": {"verified": rng_ok}}


def _signed(e: Any) -> int:
    return -e.amount_cents if type(e).__name__ in ("Debited", "FundsHeld") else e.amount_cents


def adjudicate(events: list[tuple[int, Any]],
               opening_balances: dict[str, int] | None = None) -> dict[str, Any]:
    """The payouts recomputed from the bets and the revealed seed, against what each wallet
    finally received (a held stake voided back, plus any win transfer)."""
    bets, side, voided, received = {}, None, False, {}
    for _, e in events:
        name = type(e).__name__
        if name == "BetPlaced":
            bets[e.player_id] = {"side": e.side, "stake_cents": e.stake_cents}
        elif name == "CoinTossed":
            side = side_of(bytes.fromhex(e.seed_hex))
        elif name == "JogadaVoided":
            voided = True
        elif name == "HoldVoided":  # the stake back to the wallet
            player = e.transfer_id.rsplit(":", 1)[1]
            received[player] = received.get(player, 0) + e.amount_cents
        elif name == "Credited" and e.transfer_id.endswith(":win"):  # the house pays the win
            player = e.transfer_id.rsplit(":", 2)[1]
            received[player] = received.get(player, 0) + e.amount_cents
    if voided:
        recomputed = {p: b["stake_cents"] for p, b in bets.items()}
    else:
        recomputed = payouts(bets, side)
    recorded = {p: received.get(p, 0) for p in bets}
    differences = [{"account": f"wallet:{p}", "recorded_cents": recorded[p],
                    "recomputed_cents": recomputed[p]} for p in bets
                   if recorded[p] != recomputed[p]]
    return {"agrees": not differences, "recorded": recorded, "recomputed": recomputed,
            "differences": differences, "rules": ["coin toss: a right call is paid 1:1"]}


def listing_facts(e: Any) -> list[Any]:
    """What the players' jogada listing learns from the table's events (domain/listing.py)."""
    name = type(e).__name__
    if name == "TableOpened":
        return [listing.VenueOpened(venue_id=e.venue_id, name=e.name, kind="coin",
                                    config=e.config)]
    if name == "JogadaOpened":
        return [listing.JogadaStarted(jogada_id=e.jogada_id, number=e.number, status="betting")]
    if name == "BetPlaced":
        return [listing.Staked(jogada_id=e.jogada_id, player_id=e.player_id,
                               wagered_cents=e.stake_cents, detail={"side": e.side})]
    if name == "CoinTossed":
        return [listing.JogadaEnded(
            jogada_id=e.jogada_id, status=listing.SETTLED, default_result="lost",
            outcomes=tuple(listing.Outcome(player_id=p, result="won", won_cents=paid)
                           for p, paid in e.payouts.items() if paid))]
    if name == "JogadaVoided":
        return [listing.JogadaEnded(
            jogada_id=e.jogada_id, status=listing.VOID, default_result=listing.VOID,
            outcomes=tuple(listing.Outcome(player_id=p, refunded_cents=c)
                           for p, c in e.refunds.items()))]
    return []


# Its significant events (domain/significant.py): the shared kinds it records, and one of its
# own: a toss an operator made by hand (POST .../toss) rather than the table's clock.
MANUAL_TOSS = "manual_toss"
SIGNIFICANT = SignificantEvents(
    kinds={JOGADA_VOIDED: GAME_KINDS[JOGADA_VOIDED], RECOVERY: GAME_KINDS[RECOVERY],
           MANUAL_TOSS: "a staff member tossed the coin by hand, before the table's clock"},
    classify={
        CoinTable.JogadaVoided: lambda e: voided(e, "coin toss (tests)"),
        CoinTable.CoinTossed: lambda e: None if not e.actor.startswith("staff:") else Significant(
            MANUAL_TOSS, f"{e.actor} tossed the coin of jogada {e.jogada_id}: {e.side}",
            WARNING, jogada_id=e.jogada_id),
    },
)


def _check_settings(settings: dict[str, Any], table: CoinTable) -> tuple[dict[str, Any], list]:
    return _config(settings), []


GAME = Game(
    name=NAME, title="coin toss", regulation="tests only", venue_noun="table",
    session_kinds=(KIND,),
    policies={KIND: InactivityPolicy(kind=KIND, basis=TIME, invite_after=180, end_after=60,
                                     rule="coin toss (tests)")},
    commands={CreateCoinTable: create_table,
              DescribeCoinTable: lambda uow, cmd: describe(_table(uow, cmd.table_id)),
              Bet: bet, Toss: toss, DueCoinTables: due, RecoverCoinTables: recover},
    venue_type=CoinTable, event_marker=".CoinTable.",
    ended_topics=(".CoinTable.CoinTossed", ".CoinTable.JogadaVoided"),
    package=__name__.rpartition(".")[0],  # its routes: tests/cointoss/routes.py
    bet_in_play=bet_in_play,
    session_ended=lambda uow, session, actor: None,
    replay=replay, adjudicate=adjudicate, check_settings=_check_settings,
    settings_fields=frozenset({"stake_cents", "toss_after"}),
    viewer_steps=viewer_steps,
    stake_reason="coin_bet",
    player_jogada=lambda replayed, pid: {"jogada_id": replayed["jogada_id"],
                                         **replayed["final"]["bets"].get(str(pid), {})},
    snapshotted=(CoinRegistry,),
    clock=GameClock(interval=0.05, due=DueCoinTables(),
                    tick=lambda table_id, actor: Toss(table_id=table_id, actor=actor)),
    recovery=lambda actor: RecoverCoinTables(actor=actor),
    listing=listing_facts,
    listing_events=(CoinTable.TableOpened, CoinTable.JogadaOpened, CoinTable.BetPlaced,
                    CoinTable.CoinTossed, CoinTable.JogadaVoided),
    significant=SIGNIFICANT,
    venue_kinds=venue_aggregate_kinds(CoinTable, (KIND,)),  # a session at a table that exists
)


