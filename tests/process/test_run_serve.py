"""``./run serve`` as a new user runs it (issue 24, "What a new user hit"): the project's front
door, run from a copy of the script in a directory of its own, whose ``.venv`` is the one these
tests run in (so ``setup`` has nothing to install).

- The first operator's banner on a fresh install shows the address the service then serves on,
  whatever ``--port`` was given: its example request answers 200 with the printed key.
- Every file the service writes beside its SQLite database (``ledger.db`` in the project's
  directory by default) is ignored by the project's .gitignore: the checkpoints' signing key (a
  private key) and the service lock among them, one ``git add .`` away from a commit before.
"""

from __future__ import annotations

import os
import re
import select
import shutil
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from infra.cli.db import staff_url
from infra.runtime.service_lock import ServiceLock
from infra.runtime.settings import Settings, audit_key_path, parse_database_url
from tests.process.conftest import LEDGER, OPERATOR_KEY, free_port, kill_tree, servers

ROOT = Path(__file__).resolve().parents[2]
KEY = re.compile(r"lk_[A-Za-z0-9_-]{20,}")
pytestmark = pytest.mark.slow


def project_copy(directory: Path) -> Path:
    """``run`` with what its ``setup`` looks at: pyproject.toml and requirements.lock older than
    ``.venv/.installed``, and ``.venv/bin`` holding this interpreter and ``ledger`` script."""
    for name in ("run", "pyproject.toml", "requirements.lock"):
        shutil.copy2(ROOT / name, directory / name)
        os.utime(directory / name, (1_000_000_000, 1_000_000_000))
    bin_dir = directory / ".venv" / "bin"
    bin_dir.mkdir(parents=True)
    (bin_dir / "python").symlink_to(sys.executable)
    (bin_dir / "ledger").symlink_to(LEDGER)
    (directory / ".venv" / ".installed").touch()
    return directory / "run"


def read_until(proc: subprocess.Popen, pattern: re.Pattern, timeout: float) -> str:
    """What ``proc`` printed on stdout until it matches ``pattern`` (read as it comes: the
    service goes on running)."""
    seen, deadline = b"", time.monotonic() + timeout
    fd = proc.stdout.fileno()
    while not pattern.search(seen.decode(errors="replace")):
        left = deadline - time.monotonic()
        if left <= 0 or proc.poll() is not None:
            raise AssertionError(f"no {pattern.pattern!r} on stdout (exit {proc.poll()}):\n"
                                 f"{seen.decode(errors='replace')}")
        if select.select([fd], [], [], left)[0]:
            seen += os.read(fd, 65536)
    return seen.decode(errors="replace")


def test_first_operator_banner_of_run_serve_shows_the_port_it_serves_on(database_url, tmp_path):
    """Issue 24: ``./run serve --port 9000`` printed an example on port 8000: ``./run`` ran
    ``ledger db upgrade`` (which does not know the port) before ``ledger serve``."""
    run = project_copy(tmp_path)
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("LEDGER_")}
    env.update(LEDGER_DATABASE_URL=database_url, LEDGER_LOG_LEVEL="WARNING",
               PYTHONPATH=os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")]))
    with open(tmp_path / "stderr.log", "wb") as log:
        proc = subprocess.Popen([str(run), "serve", "--port", str(port)], cwd=tmp_path, env=env,
                                stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=log,
                                start_new_session=True)
    try:
        shown = read_until(proc, re.compile(r"curl .*\n"), timeout=120)
        assert shown.count("FIRST OPERATOR CREATED") == 1, shown
        curl = re.search(r"curl -s -H 'Authorization: Bearer (\S+)' (\S+)\n", shown)
        assert curl, shown
        key, url = curl.groups()
        assert KEY.fullmatch(key) and url == f"http://127.0.0.1:{port}/staff", shown
        deadline, answer = time.monotonic() + 60, None
        while answer is None:
            try:
                answer = httpx.get(url, headers={"Authorization": f"Bearer {key}"}, timeout=5)
            except httpx.TransportError:
                assert time.monotonic() < deadline and proc.poll() is None, (
                    (tmp_path / "stderr.log").read_text(errors="replace")[-4000:])
                time.sleep(0.1)
        assert answer.status_code == 200, answer.text
        assert [s["role"] for s in answer.json()["data"]] == ["operator"]
    finally:
        kill_tree(proc)


@pytest.mark.parametrize("host,port,url", [
    ("127.0.0.1", 9000, "http://127.0.0.1:9000/staff"),
    ("0.0.0.0", 8080, "http://127.0.0.1:8080/staff"),  # listening everywhere: the loopback
    ("::", 9000, "http://[::1]:9000/staff"),
    ("::1", 8000, "http://[::1]:8000/staff"),
    ("ledger.example", 443, "http://ledger.example:443/staff"),
])
def test_first_operator_banner_url_is_where_the_service_listens(host, port, url):
    assert staff_url(host, port)[0] == url


def _ignored(names: list[str], tmp_path: Path) -> dict[str, str]:
    """Each name (a file at the project's top) -> the .gitignore pattern that ignores it, or
    "" if none does: ``git check-ignore`` in a scratch repository holding the project's
    .gitignore alone (the project's checkout need not be a git work tree)."""
    repo = tmp_path / "repo"
    repo.mkdir()
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    shutil.copy(ROOT / ".gitignore", repo / ".gitignore")
    done = subprocess.run(["git", "check-ignore", "--no-index", "--verbose", "--non-matching",
                           "--", *names], cwd=repo, capture_output=True, text=True)
    assert done.returncode in (0, 1), done.stderr
    found = {}
    for line in done.stdout.splitlines():
        source, path = line.split("\t", 1)
        pattern = source.split(":", 2)[2]
        found[path] = "" if not pattern or pattern.startswith("!") else pattern
    return found


def test_gitignore_covers_every_file_the_service_writes_beside_its_database(tmp_path):
    """Issue 24: ``ledger.db.audit-key.pem`` (the checkpoints' private signing key) and
    ``ledger.db.service.lock`` were not ignored. The names: those the code gives (the default
    database, its SQLite companions, infra/runtime/settings.py ``audit_key_path``,
    infra/runtime/service_lock.py, the settings' .env), and every file a real ``ledger serve`` on the
    default database has written in its directory while it serves."""
    default = Settings.model_fields["database_url"].default
    target = parse_database_url(default)  # relative to the directory the service runs in
    assert target.backend == "sqlite" and os.path.dirname(target.path) == os.getcwd()
    settings = Settings(database_url=default, audit_key_file=None, _env_file=None)
    beside = [target.path, *(f"{target.path}{suffix}" for suffix in ("-wal", "-shm", "-journal")),
              audit_key_path(settings, target), ServiceLock(target).path]
    from_code = {os.path.relpath(path) for path in beside} | {Settings.model_config["env_file"]}
    assert not any(os.sep in name for name in from_code), from_code
    with servers(default, tmp_path) as make:
        srv = make()  # `ledger serve` in a directory of its own, on sqlite:///ledger.db there
        httpx.post(f"{srv.url}/players", json={"display_name": "Ana"},
                   headers={"Authorization": f"Bearer {OPERATOR_KEY}"}, timeout=30)
        key = srv.workdir / os.path.relpath(beside[4])
        waited = time.monotonic() + 30  # the sealer writes its key in its own time (a busy machine)
        while not key.exists() and time.monotonic() < waited:
            time.sleep(0.1)
        written = {p.name for p in srv.workdir.iterdir()} - {srv.log_path.name}
    assert {os.path.relpath(path) for path in beside[:1] + beside[4:]} <= written
    names = sorted(from_code | written)
    ignored = _ignored(names, tmp_path)
    assert {name: ignored.get(name, "") for name in names if not ignored.get(name)} == {}
