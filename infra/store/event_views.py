"""One stored event, as an auditor reads it (GET /events/{notification_id}): found by its
notification id in the event store itself and decoded by the application's mapper, as the
writer and every replay decode it (903-B 6.3.3(4): what the significant events link to can be
shown as it was recorded)."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import TYPE_CHECKING, Any
from uuid import UUID

from domain.kernel.certification import MARKER, recorded_in_certification_mode
from domain.kernel.errors import NotFoundError

if TYPE_CHECKING:
    from infra.container import Ledger

_STREAM = ("originator_id", "originator_version")


def plain(value: Any) -> Any:
    """JSON's values: instants in ISO 8601, ids and decimals as text, bytes in hex."""
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [plain(v) for v in value]
    if isinstance(value, (datetime, date)):
        return value.isoformat()
    if isinstance(value, (UUID, Decimal)):
        return str(value)
    if isinstance(value, (bytes, bytearray, memoryview)):
        return bytes(value).hex()
    return value


def stored_event(ledger: "Ledger", notification_id: int) -> dict[str, Any]:
    """The event at ``notification_id``: its stream, version, topic, time (``at``), its
    certification mode and its state; NotFoundError naming the field if there is none."""
    found = ledger.app.recorder.select_notifications(start=notification_id, limit=1,
                                                     stop=notification_id)
    if not found or found[0].id != notification_id:
        raise NotFoundError(f"no event has the notification id {notification_id}",
                            field="notification_id")
    notification = found[0]
    event = ledger.app.mapper.to_domain_event(notification)
    state = {k: v for k, v in vars(event).items() if k not in _STREAM and k != MARKER}
    at = state.get("at")
    return {"notification_id": notification.id,
            "originator_id": str(notification.originator_id),
            "originator_version": notification.originator_version,
            "topic": notification.topic,
            "recorded_at": at if isinstance(at, datetime) else None,
            "certification_mode": recorded_in_certification_mode(event),
            "state": plain(state)}
