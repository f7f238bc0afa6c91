"""French roulette (Reg. 807/2015) behind the ``Game`` seam (domain/kernel/game.py): its
command vocabulary, its clock (a multi-player wheel's betting window, r16; an individual
wheel's bets never launched refunded at day 90, A60, 903-B 6.3.2), its start-up recovery (a
window that passed while the service was down: the ball spun, 903-B 6.3.2), its replay and
re-adjudication, and its routes (api/games/roulette/routes.py)."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from domain.games.roulette import faults, players
from domain.games.roulette.adjudication import adjudicate
from domain.games.roulette.commands import (
    COMMANDS,
    DueWheels,
    RecoverWheels,
    TickWheel,
)
from domain.games.roulette.config import FIELDS, check_settings
from domain.games.roulette.inactivity import (
    POLICIES,
    ROULETTE_INDIVIDUAL,
    ROULETTE_MULTI,
)
from domain.games.roulette.listing import LISTING_EVENTS, listing
from domain.games.roulette.one_jogada import PlayerJogadaSlot
from domain.games.roulette.registry import REGISTRY_ID, WheelRegistry
from domain.games.roulette.replay import player_copy, player_jogada, replay
from domain.games.roulette.rule_book import RULE_BOOK, rf_rule
from domain.games.roulette.significant import SIGNIFICANT
from domain.games.roulette.viewer import WORDS, viewer_steps
from domain.games.roulette.wheel import RouletteWheel
from domain.kernel.game import Game, GameClock, venue_aggregate_kinds

NAME = "roulette"


def _void_disputed(uow: Any, wheel_id: str, jogada_id: str, reason: str,
                   actor: str) -> dict[str, Any]:
    """A complaint case's remedy for a jogada left hanging: r22, r23 (every stake back), if it
    is the jogada open at the wheel."""
    players.get_wheel(uow, wheel_id).open_jogada(jogada_id)
    return faults.void_jogada(uow, wheel_id=wheel_id, reason=reason, actor=actor)


def _open_jogadas(uow: Any) -> int:
    registry = uow.find(REGISTRY_ID, WheelRegistry)
    count = 0
    for wheel_id in [] if registry is None else registry.wheel_ids:
        wheel = uow.find(UUID(wheel_id), RouletteWheel)
        count += wheel is not None and wheel.jogada is not None
    return count


GAME = Game(
    name=NAME, title="roleta francesa", regulation="Regulamento 807/2015",
    venue_noun="wheel", venue_plural="wheels",
    session_kinds=(ROULETTE_INDIVIDUAL, ROULETTE_MULTI),
    policies=POLICIES,  # r30, r31
    commands=COMMANDS,
    venue_type=RouletteWheel,
    event_marker=".RouletteWheel.",
    ended_topics=(".RouletteWheel.JogadaSettled", ".RouletteWheel.JogadaVoided",
                  ".RouletteWheel.JogadaCancelled"),
    package=__name__.rpartition(".")[0],
    bet_in_play=players.bet_in_play,
    session_ended=players.session_ended,  # A60: an individual wheel's bets refunded
    replay=replay,
    viewer_steps=viewer_steps,
    words=WORDS,
    adjudicate=adjudicate,
    check_settings=check_settings,
    settings_fields=frozenset(FIELDS),
    venue_rule=rf_rule(4),  # a roulette wheel, individual or multi-player
    stake_reason="bet",  # every slip holds its stake from the wallet (r9)
    player_jogada=player_jogada,  # r26
    player_copy=player_copy,
    # A wheel plays thousands of jogadas; a player's A63 slot one event per jogada it bets in.
    snapshotted=(RouletteWheel, WheelRegistry, PlayerJogadaSlot),
    clock=GameClock(interval=1.0, due=DueWheels(),
                    tick=lambda wheel_id, actor: TickWheel(wheel_id=wheel_id, actor=actor)),
    recovery=lambda actor: RecoverWheels(actor=actor),
    open_jogadas=_open_jogadas,
    void_jogada=_void_disputed,  # a complaint's remedy: r22, r23
    listing=listing,
    listing_events=LISTING_EVENTS,
    replay_alias="/roulette/jogadas/{jogada_id}/replay",
    significant=SIGNIFICANT,
    venue_kinds=venue_aggregate_kinds(
        RouletteWheel, lambda wheel: (players.game_kind(wheel.config_data),)),
    rule_book=RULE_BOOK,  # r1–r33, A39, A40, A56–A60
)
