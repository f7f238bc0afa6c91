"""A dice jogada replayed from its recorded events alone: the state after each (the seats' bets,
the window, the face, what each player was paid, the money moved), and the roll re-derived
from the revealed seed (dice rule 4)."""

from __future__ import annotations

from typing import Any

from domain.kernel.player_copy import nothing_withheld
from tests.dicegame.play import face_of

OUT = ("Debited", "FundsHeld")


def _signed(e: Any) -> int:
    return -e.amount_cents if type(e).__name__ in OUT else e.amount_cents


def _apply(state: dict[str, Any], name: str, e: Any) -> bool | None:
    """The event's change to the state; the roll's check when it is the roll."""
    if name == "JogadaOpened":
        state.update(status="betting", window_closes_at=e.window_closes_at.isoformat())
    elif name == "BetPlaced":
        state["bets"][e.player_id] = {"seat": e.seat, "face": e.face,
                                      "stake_cents": e.stake_cents}
    elif name == "BettingClosed":
        state["status"] = "closed"
    elif name == "DiceRolled":
        state.update(status="settled", face=e.face, payouts=dict(e.payouts), ended=True)
        return face_of(bytes.fromhex(e.seed_hex)) == e.face
    elif name == "JogadaVoided":
        state.update(status="void", refunds=dict(e.refunds), ended=True)
    elif getattr(e, "amount_cents", None) is not None:
        code = getattr(e, "code", None) or str(e.originator_id)
        state["money"][code] = state["money"].get(code, 0) + _signed(e)
    return None


def replay(events: list[tuple[int, Any]]) -> dict[str, Any]:
    state: dict[str, Any] = {"status": None, "window_closes_at": None, "bets": {}, "face": None,
                             "payouts": {}, "ended": False, "money": {}}
    steps, jogada_id, rng_ok = [], None, None
    for position, e in events:
        name = type(e).__name__
        jogada_id = jogada_id or getattr(e, "jogada_id", None)
        checked = _apply(state, name, e)
        rng_ok = checked if checked is not None else rng_ok
        steps.append({"position": position, "event": name,
                      "state": {k: (dict(v) if isinstance(v, dict) else v)
                                for k, v in state.items()}})
    return {"jogada_id": jogada_id, "events": steps, "final": state,
            "rng": {"verified": rng_ok}}


def player_jogada(replayed: dict[str, Any], player_id: Any) -> dict[str, Any]:
    """The player's part of the jogada: its bet, the face and what it was paid."""
    final, pid = replayed["final"], str(player_id)
    return {"jogada_id": replayed["jogada_id"], **final["bets"].get(pid, {}),
            "rolled": final["face"], "paid_cents": final["payouts"].get(pid, 0),
            "refunded_cents": final.get("refunds", {}).get(pid, 0)}


def player_copy(replayed: dict[str, Any], player_id: Any) -> dict[str, Any]:
    """Nothing is kept from a player: every seat's bet and the face rolled are seen by all
    (dice rule 4), and the seed gives only the face."""
    return nothing_withheld(replayed, str(player_id))
