"""Texas hold'em (Reg. 806/2015) and Omaha behind the ``Game`` seam (domain/game.py): one
engine, two games (``make_game``): ``domain/community_poker/holdem.py`` and ``omaha.py`` each
hold one ``GAME``. Their command vocabularies (commands.py), their clock (rules 43–45: the
decision time, the extra time and the timeout; the next jogada after the table's pause), their
start-up recovery (rule 72, A10: a jogada a crash left open is voided, every contribution
back), their replay, re-adjudication and hand histories, and their routes
(api/routes/holdem.py, api/routes/omaha.py)."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from domain.community_poker import commands, phh, play, seating
from domain.community_poker.adjudication import adjudicate
from domain.community_poker.config import FIELDS, HOLDEM, check_table_config, rule
from domain.community_poker.listing import listing
from domain.community_poker.registry import PokerRegistry, registry_id
from domain.community_poker.replay import player_last_jogada, replay
from domain.community_poker.significant import significant
from domain.community_poker.table import TABLES
from domain.community_poker.viewer import viewer_steps
from domain.errors import RuleViolationError
from domain.game import Game, GameClock, venue_aggregate_kinds
from domain.inactivity import policy_for
from domain.session_commands import venue_target

TITLES = {HOLDEM: "Texas hold'em", "omaha": "Omaha"}
REGULATIONS = {HOLDEM: "Regulamento 806/2015", "omaha": "Regras do Omaha online (SRIJ)"}


def _check_settings(variant: str):
    def check(settings: dict[str, Any], table: Any) -> tuple[dict[str, Any], list[str]]:
        """A rule-set version of a table (903-B 6.1.5), checked as table creation checks a
        configuration; the number of seats stays (rule 5: the table is what it is)."""
        clean = check_table_config(settings, variant)
        if clean["seats"] != table.config_data["seats"]:
            raise RuleViolationError(f"the table has {table.config_data['seats']} seats: its"
                                     " rule set cannot change them", field="seats",
                                     rule=rule(variant, "4a", 5))
        return clean, []
    return check


def _open_jogadas(variant: str):
    def count(uow: Any) -> int:
        registry = uow.find(registry_id(), PokerRegistry)
        tables = [uow.find(UUID(t), TABLES[variant])
                  for t in ([] if registry is None else registry.of(variant))]
        return sum(1 for t in tables if t is not None and t.jogada is not None)
    return count


def _void_disputed(variant: str):
    def void(uow: Any, table_id: str, jogada_id: str, reason: str, actor: str) -> dict[str, Any]:
        """A complaint case's remedy: rule 72, A26, as for any fault of the system."""
        return play.void_jogada(uow, variant=variant, table_id=table_id, reason=reason,
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
        return policy_for(kind, invite_after_jogadas=table.config_data["idle_jogadas"])
    return policy


def make_game(variant: str, package: str) -> Game:
    types = commands.HOLDEM if variant == HOLDEM else commands.OMAHA
    table_type = TABLES[variant]
    name = table_type.__name__
    listing_facts, listing_events = listing(table_type)
    return Game(
        name=variant, title=TITLES[variant], regulation=REGULATIONS[variant],
        venue_noun="table", session_kinds=(variant,),
        commands=commands.handlers(variant, types),
        venue_type=table_type, event_marker=f".{name}.",
        ended_topics=(f".{name}.JogadaSettled", f".{name}.JogadaVoided"),
        package=package,
        bet_in_play=seating.bet_in_play(variant),
        session_ended=seating.session_ended(variant),
        replay=replay, adjudicate=adjudicate, check_settings=_check_settings(variant),
        settings_fields=frozenset(FIELDS), venue_rule=rule(variant, 1),
        # A jogada stakes no wallet money (the caves are the table's account), so the
        # player's last jogada comes from the table (PokerTable.last_jogadas, rule 65), not
        # from its stakes (jogada_views.last_jogadas); the buy-in is its wallet's stake.
        stake_reason=seating.BUY_IN, player_jogada=player_last_jogada,
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
        viewer_steps=viewer_steps,
        significant=significant(table_type),
        listing=listing_facts, listing_events=listing_events,
    )
