"""Texas hold'em (Reg. 806/2015) and Omaha behind the ``Game`` seam (domain/kernel/game.py): one
engine, two games (``make_game``): ``domain/games/community_poker/holdem.py`` and ``omaha.py`` each
hold one ``GAME``. Their command vocabularies (commands.py), their clock (rules 43–45: the
decision time, the extra time and the timeout; the next jogada after the table's pause), their
start-up recovery (rule 72, A10: a jogada a crash left open is voided, every contribution
back), their replay, re-adjudication and hand histories, and their routes
(api/games/holdem.py, api/games/omaha.py)."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from domain.games.community_poker import commands, faults, phh, seating
from domain.games.community_poker.adjudication import adjudicate
from domain.games.community_poker.config import (
    FIELDS,
    HOLDEM,
    MAX_POKER_IDLE_JOGADAS,
    check_settings,
    rule,
)
from domain.games.community_poker.listing import LISTING_EVENTS, listing
from domain.games.community_poker.registry import REGISTRY_ID, PokerRegistry
from domain.games.community_poker.replay import player_copy, player_jogada, replay
from domain.games.community_poker.rule_book import HOLDEM_BOOK, OMAHA_BOOK
from domain.games.community_poker.significant import SIGNIFICANT
from domain.games.community_poker.table import TABLES
from domain.games.community_poker.viewer import viewer_steps
from domain.kernel.game import Game, GameClock, venue_aggregate_kinds
from domain.kernel.significant import SignificantEvents
from domain.sessions.commands import venue_target
from domain.sessions.inactivity import adjusted, jogadas_policy

TITLES = {HOLDEM: "Texas hold'em", "omaha": "Omaha"}
REGULATIONS = {HOLDEM: "Regulamento 806/2015", "omaha": "Regras do Omaha online (SRIJ)"}


def _open_jogadas(variant: str):
    def count(uow: Any) -> int:
        registry = uow.find(REGISTRY_ID, PokerRegistry)
        tables = [uow.find(UUID(t), TABLES[variant])
                  for t in ([] if registry is None else registry.of(variant))]
        return sum(1 for t in tables if t is not None and t.jogada is not None)
    return count


def _void_disputed(variant: str):
    def void(uow: Any, table_id: str, jogada_id: str, reason: str, actor: str) -> dict[str, Any]:
        """A complaint case's remedy: rule 72, A26, as for any fault of the system."""
        return faults.void_jogada(uow, variant=variant, table_id=table_id, reason=reason,
                                actor=actor, jogada_id=jogada_id)
    return void


def _session_policy(variant: str):
    def policy(uow: Any, venue_id: str, kind: str) -> Any:
        """Rule 70b [CFG ≤ 5]: the table's number of jogadas without a bet before the
        invitation and the warning."""
        target = venue_target(f"{variant}:", venue_id)
        table = None if target is None else uow.find(target, TABLES[variant])
        if table is None or kind != variant:
            return None
        return adjusted(_policy(variant), invite_after_jogadas=table.config_data["idle_jogadas"],
                        limit=_idle_limit(variant))
    return policy


def _policy(variant: str) -> Any:
    """Rules 70b, 71: no bet in more than 5 consecutive jogadas (a posted blind is a bet, a
    fold without chips is not, A34) → invitation; the warning: the next jogada. Rule 70a
    (cave below the minimum and no rebuy) is a game-side condition, not a count."""
    return jogadas_policy(variant, rule(variant, "70b", 71))


def _idle_limit(variant: str) -> tuple[int, str]:
    """Rule 70b [CFG ≤ 5]: the operator may set a lower count at a table."""
    return MAX_POKER_IDLE_JOGADAS, rule(variant, "70b")


def of_table(event_type: type, table_type: type) -> bool:
    """Whether an event class is one of this table class's (hold'em's, not Omaha's)."""
    return getattr(table_type, event_type.__name__, None) is event_type


def make_game(variant: str, package: str) -> Game:
    types = commands.HOLDEM if variant == HOLDEM else commands.OMAHA
    table_type = TABLES[variant]
    name = table_type.__name__
    return Game(
        name=variant, title=TITLES[variant], regulation=REGULATIONS[variant],
        venue_noun="table", venue_plural="tables", session_kinds=(variant,),
        policies={variant: _policy(variant)}, idle_jogadas_limit=_idle_limit(variant),
        commands=commands.handlers(variant, types),
        venue_type=table_type, event_marker=f".{name}.",
        ended_topics=(f".{name}.JogadaSettled", f".{name}.JogadaVoided"),
        package=package,
        bet_in_play=seating.bet_in_play(variant),
        session_ended=seating.session_ended(variant),
        replay=replay, adjudicate=adjudicate, check_settings=check_settings,
        settings_fields=frozenset(FIELDS), venue_rule=rule(variant, 1),
        # A jogada stakes no wallet money (the caves are the table's account), so the
        # player's last jogada comes from the table (PokerTable.last_jogadas, rule 65), not
        # from its stakes (jogada_views.last_jogadas); the buy-in is its wallet's stake.
        stake_reason=seating.BUY_IN, player_jogada=player_jogada,
        player_copy=player_copy,  # rules 49, 59, 65
        snapshotted=(table_type, PokerRegistry),
        clock=GameClock(interval=1.0, due=types["DueTables"](),
                        tick=lambda table_id, actor: types["Tick"](table_id=table_id,
                                                                    actor=actor)),
        recovery=lambda actor: types["Recover"](actor=actor),
        open_jogadas=_open_jogadas(variant),
        void_jogada=_void_disputed(variant),
        session_policy=_session_policy(variant),
        venue_kinds=venue_aggregate_kinds(table_type, (variant,)),  # a table that exists
        hand_history=lambda events, venue_name: phh.to_phh(events, table_name=venue_name),
        hand_history_media_type=phh.MEDIA_TYPE,
        viewer_steps=viewer_steps,
        significant=SignificantEvents(kinds=SIGNIFICANT.kinds, classify={
            t: c for t, c in SIGNIFICANT.classify.items() if of_table(t, table_type)}),
        listing=listing, listing_events=tuple(t for t in LISTING_EVENTS if of_table(t, table_type)),
        rule_book=HOLDEM_BOOK if variant == HOLDEM else OMAHA_BOOK,  # rules 1–75, A24–A34
    )
