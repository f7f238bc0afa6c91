"""Issue 24 item 2, "the core names no game": outside the games' own packages nothing names a
game. Venue listings and their schemas, CLI choices, inactivity policies, session kinds, the
hand-history route and its media type come from the registry (domain/kernel/game.py ``Game``,
``Games``); this test reads the source of every core module (code, strings and comments alike)
and fails naming ``file:line`` of each game name it finds.

The names: every registered game's ``name``, the last part of its ``package`` and its ``title``
(infra.games.load_games()), and the regulation's games the core once anticipated and no
package builds yet. Each is matched whatever its separators and case ("sem descarte",
``SEM_DESCARTE_MULTI``, "hold'em", ``SemDescarteTable``).

Not the core, so not scanned:
- the games' own packages, domain/games/ and api/games/;
- infra/games.py, the one registry list (``BUILTIN_GAMES``);
- infra/store/moved_topics.py, the history of old module names a store written before issue
  24 holds (those names are data: the store's record of what was);
- domain/cards/, the card vocabulary the card games share (the codes of a shoe, the poker hand
  evaluator): a library the games build on, as a third-party one would be, whose docstrings
  cite the rules of each game it implements (hand ranking, best five of seven, Omaha's two and
  three). The core uses only its codes (the RNG's shoe); no game's code is in it.
"""

from __future__ import annotations

import re
from pathlib import Path

from infra.games import load_games

ROOT = Path(__file__).resolve().parents[2]
CORE = ("domain", "infra", "projections", "api")
NOT_CORE = ("domain/games/", "api/games/", "infra/games.py", "infra/store/moved_topics.py",
            "domain/cards/")
# Issue 24's rule catalogues are being moved into the games by another change (the two files
# below); remove these two lines when it lands, and this test holds them to the same rule.
NOT_YET: tuple[str, ...] = ()
OTHER_NAMES = ("roleta",)  # how people also call a game, beside its name and title


def game_names() -> set[str]:
    names = set(OTHER_NAMES)
    for game in load_games():
        names |= {game.name, game.package.rpartition(".")[2], game.title}
    return {n for n in (re.sub(r"[^a-zà-ÿ]", "", name.lower()) for name in names) if n}


def pattern(names: set[str]) -> re.Pattern[str]:
    """Each name's letters, any separator (space, _, -, ', ’) or none between them."""
    spelled = ("[\\s_\\-'’]?".join(map(re.escape, name)) for name in sorted(names, key=len,
                                                                           reverse=True))
    return re.compile("|".join(spelled), re.IGNORECASE)


def core_files() -> list[Path]:
    files = []
    for top in CORE:
        for path in sorted((ROOT / top).rglob("*.py")):
            relative = path.relative_to(ROOT).as_posix()
            if not relative.startswith(NOT_CORE + NOT_YET):
                files.append(path)
    return files


def hits(paths: list[Path], names: re.Pattern[str], root: Path = ROOT) -> list[str]:
    found = []
    for path in paths:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for match in names.finditer(line):
                found.append(f"{path.relative_to(root).as_posix()}:{number}: {match.group(0)!r}"
                             f" in {line.strip()[:100]!r}")
    return found


def test_issue24_2_no_core_module_names_a_game():
    names = pattern(game_names())
    found = hits(core_files(), names)
    assert not found, ("game names in core modules (a Game slot or a registry fact instead: "
                       "domain/kernel/game.py):\n" + "\n".join(found))


def test_issue24_2_the_scan_finds_every_spelling_of_a_registered_game(tmp_path):
    """The names come from the registry and each spelling of one is found: the scan can fail."""
    names = pattern(game_names())
    sample = tmp_path / "sample.py"
    sample.write_text("KIND = 'sem_descarte_multi'  # a SemDescarteTable\n"
                      "x = 1  # hold'em and Omaha; community-poker\n"
                      "ROOMS = '/bingo/rooms'\nBJ = 'blackjack_individual'  # roleta francesa\n"
                      "fine = 'a table, a room, a jogada'\n", encoding="utf-8")
    found = hits([sample], names, tmp_path)
    assert [h.split(":")[1] for h in found] == ["1", "1", "2", "2", "2", "3", "4", "4"], found


def test_issue24_2_the_scan_reads_the_core():
    """Every core package is read, and the games' own packages are not."""
    read = {p.relative_to(ROOT).as_posix() for p in core_files()}
    assert {"domain/kernel/game.py", "domain/sessions/inactivity.py", "api/routes/listings.py",
            "api/session_schemas.py", "infra/cli/parser.py", "projections/listings.py"} <= read
    assert not any(r.startswith(("domain/games/", "api/games/")) for r in read)
