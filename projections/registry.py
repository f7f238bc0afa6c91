"""Every projection of the service, in the order the runner applies them."""

from __future__ import annotations

PROJECTIONS: list = []
