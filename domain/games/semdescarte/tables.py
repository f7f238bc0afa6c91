"""Opening a póquer sem descarte table (rules 4–6: an individual or multi-seat table of 1 to 7
seats; rules 14–18, 21, 31: its betting period, ante limits and decision times, checked by
config.py; Portaria 461/2001 r3, r8, r10: an optional jackpot side bet, whose account starts
at its starting value, funded by the house). The new table joins the registry of every table
(registry.py) that start-up recovery walks (rule 33, A10). Seats and venues: seats.py."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from domain.games.semdescarte.config import check_table_config, pt_rule
from domain.games.semdescarte.registry import REGISTRY_ID, TableRegistry
from domain.games.semdescarte.seats import venue_of
from domain.games.semdescarte.table import SemDescarteTable
from domain.games.semdescarte.views import describe
from domain.kernel.errors import ConflictError
from domain.kernel.text import check_text, check_uuid
from domain.kernel.uow import UnitOfWork
from domain.ledger import wallets
from domain.ledger.accounts import HOUSE_CODE, JACKPOT


def create_table(uow: UnitOfWork, *, table_id: UUID | str, name: str, config: dict[str, Any],
                 actor: str) -> dict[str, Any]:
    """Rules 4–6, 14–18, 21, 31; Portaria r3, r8, r10. The jackpot starts funded by the house.
    ``table_id`` is drawn by the caller (a re-run of the command makes the same table)."""
    check_text(name, "name", 200)
    checked = check_table_config(config)
    tid = check_uuid(table_id, "table_id")
    if uow.find(tid, SemDescarteTable) is not None:
        raise ConflictError(f"table {tid} exists", field="table_id")
    jackpot_code = None if checked.jackpot is None else f"jackpot:{tid}"
    table = SemDescarteTable(table_id=str(tid), name=name, config=checked.to_dict(),
                             venue_id=venue_of(tid), jackpot_code=jackpot_code, actor=actor,
                             at=uow.at)
    uow.add(table)
    registry = uow.find(REGISTRY_ID, TableRegistry)
    if registry is None:
        registry = TableRegistry(actor=actor, at=uow.at)
        uow.add(registry)
    registry.register(str(tid), actor=actor, at=uow.at)
    if checked.jackpot is not None:
        wallets.open_account(uow, code=jackpot_code, kind=JACKPOT, owner=str(tid), actor=actor)
        wallets.transfer_between(  # Portaria r10: the starting value, funded by the house
            uow, from_code=HOUSE_CODE, to_code=jackpot_code, transfer_id=f"{tid}:jackpot-start",
            amount_cents=checked.jackpot.starting_value_cents, reason="jackpot_start",
            refs={"rule": pt_rule("10")}, actor=actor)
    return describe(table)
