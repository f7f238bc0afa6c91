from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.api.conftest import client, make_client  # noqa: F401  (the API's fixtures, reused here)
from tests.viewer.browser import chromium


@pytest.fixture
def browser(tmp_path: Path) -> Iterator[Any]:
    """Headless chromium in a fresh profile (tests/viewer/browser.py)."""
    with chromium(tmp_path) as driver:
        yield driver
