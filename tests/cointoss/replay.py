"""The coin toss's jogada replayed from its events: the state after each, the side re-derived
from the revealed seed."""

from __future__ import annotations

from typing import Any

from domain.kernel.player_copy import nothing_withheld
from tests.cointoss.play import side_of


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


def player_jogada(replayed: dict[str, Any], player_id: Any) -> dict[str, Any]:
    """The player's bet in the jogada."""
    return {"jogada_id": replayed["jogada_id"],
            **replayed["final"]["bets"].get(str(player_id), {})}


def player_copy(replayed: dict[str, Any], player_id: Any) -> dict[str, Any]:
    """Nothing is kept from a player: every bet and the side tossed are seen by all, and the
    seed gives only the side."""
    return nothing_withheld(replayed, str(player_id))
