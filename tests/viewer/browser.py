"""Headless chromium for the web front's browser tests (tests/viewer/: the replay viewer and the
complaint desk): Debian's chromium driven through its chromedriver (selenium), one fresh profile
per test. ``./run test`` installs both with apt-get when missing; without them the tests that
use them are skipped (``NEEDS_BROWSER``)."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

CHROMIUM, CHROMEDRIVER = "/usr/bin/chromium", "/usr/bin/chromedriver"
ROOT = Path(__file__).resolve().parents[2]
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage", "--window-size=1400,1800")
WAIT = 20.0
BROWSER_MISSING = not (os.access(CHROMIUM, os.X_OK) and os.access(CHROMEDRIVER, os.X_OK))
NEEDS_BROWSER = [
    pytest.mark.slow,
    pytest.mark.skipif(BROWSER_MISSING, reason=f"the browser tests need Debian's chromium and"
                       f" chromium-driver ({CHROMIUM}, {CHROMEDRIVER}): ./run test installs"
                       " them with apt-get"),
]


def artifacts(*parts: str) -> Path:
    """test-artifacts/<parts>/<backend>/ (gitignored), emptied: where the screenshots go."""
    import shutil

    directory = ROOT.joinpath("test-artifacts", *parts,
                              os.environ.get("LEDGER_TEST_BACKEND", "sqlite"))
    shutil.rmtree(directory, ignore_errors=True)
    directory.mkdir(parents=True)
    return directory


@contextmanager
def chromium(tmp_path: Path) -> Iterator[Any]:
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    options.binary_location = CHROMIUM
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={tmp_path / 'chromium-profile'}")
    service = Service(executable_path=CHROMEDRIVER,
                      log_output=str(tmp_path / "chromedriver.log"))
    driver = webdriver.Chrome(service=service, options=options)
    driver.set_script_timeout(WAIT)
    try:
        yield driver
    finally:
        driver.quit()


def wait_until(driver, check: Callable[[Any], Any], what: str,
               shown: Callable[[Any], Any]) -> Any:
    """``check(driver)`` once it is truthy; else an AssertionError naming ``what`` and what
    the page shows (``shown(driver)``)."""
    from selenium.webdriver.support.ui import WebDriverWait

    try:
        return WebDriverWait(driver, WAIT, poll_frequency=0.05).until(lambda d: check(d))
    except Exception as error:
        raise AssertionError(f"{what}: not seen within {WAIT} s; the page shows"
                             f" {shown(driver)}") from error
