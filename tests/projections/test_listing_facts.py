"""What each built-in game's events mean for the listing (domain/kernel/listing.py facts; ``Game.listing``):
póquer sem descarte (domain/games/semdescarte/listing.py) and bingo (domain/games/bingo/listing.py), on
events built here with just the fields that matter."""

from __future__ import annotations

import dataclasses
from datetime import datetime, timezone
from typing import Any
from uuid import UUID

from domain.games.bingo import game as bingo
from domain.games.bingo.listing import listing as bingo_facts
from domain.games.bingo.room import BingoRoom as BR
from domain.kernel.listing import (
    ByNet, JogadaEnded, JogadaStarted, OccupantAdded, OccupantsRemoved, Outcome, PhaseChanged,
    PlayerDetail, Staked, VenueOpened)
from domain.games.semdescarte import game as semdescarte
from domain.games.semdescarte.listing import listing as sd_facts
from domain.games.semdescarte.table import SemDescarteTable as SD

AT = datetime(2026, 1, 5, 12, 0, tzinfo=timezone.utc)
ANA, RUI = "00000000-0000-0000-0000-0000000000a1", "00000000-0000-0000-0000-0000000000a2"
JID = "j-1"


def event(cls: type, **fields: Any) -> Any:
    """An event of ``cls`` with these fields, the others None."""
    given = {"originator_id": UUID(int=1), "originator_version": 1, "timestamp": AT,
             "actor": "system:test", "at": AT, **fields}
    return cls(**{f.name: given.get(f.name) for f in dataclasses.fields(cls)})


def test_each_game_lists_through_its_game_object():
    """The events the projection reads for each game, its facts, its replay links."""
    assert semdescarte.GAME.listing is sd_facts and bingo.GAME.listing is bingo_facts
    assert [c.__name__ for c in semdescarte.GAME.listing_events] == [
        "TableOpened", "PlayerSeated", "PlayerLeft", "JogadaOpened", "AntePlaced", "CardsDealt",
        "PlayerFolded", "PlayerContinued", "JogadaSettled", "JogadaVoided"]
    assert [c.__name__ for c in bingo.GAME.listing_events] == [
        "RoomOpened", "PlayerJoined", "PlayersLeft", "JogadaOpened", "CardsBought",
        "SalesClosed", "JogadaCancelled", "JogadaSettled", "JogadaVoided"]
    assert semdescarte.GAME.replay_alias.format(jogada_id="x") == "/semdescarte/jogadas/x/replay"
    assert bingo.GAME.replay_alias.format(jogada_id="x") == "/bingo/jogadas/x/replay"


# Póquer sem descarte -------------------------------------------------------------------------
def test_sd_38_a_table_its_seats_and_the_phases_of_a_jogada():
    config = {"kind": "multi", "seats": 7, "min_ante_cents": 100}
    assert sd_facts(event(SD.TableOpened, venue_id="semdescarte:t1", name="Mesa", config=config)
                    ) == [VenueOpened("semdescarte:t1", "Mesa", "multi", config, 7)]
    assert sd_facts(event(SD.PlayerSeated, seat="3", player_id=ANA)) == [OccupantAdded("3", ANA)]
    assert sd_facts(event(SD.PlayerLeft, seat="3", player_id=ANA)) == [OccupantsRemoved(("3",))]
    assert sd_facts(event(SD.JogadaOpened, jogada_id=JID, number=4)) == [
        JogadaStarted(JID, 4, "betting")]
    assert sd_facts(event(SD.CardsDealt, jogada_id=JID)) == [PhaseChanged("deciding")]
    assert sd_facts(event(SD.DeckForced, jogada_id=JID)) == []  # not the listing's


def test_sd_2a_16_23_the_ante_the_side_bet_and_the_decisions():
    assert sd_facts(event(SD.AntePlaced, jogada_id=JID, seat="3", player_id=ANA, ante_cents=200,
                          jackpot_bet_cents=100, held_cents=600)) == [Staked(
        JID, ANA, "3", 300, {"ante_cents": 200, "jackpot_bet_cents": 100, "bet_cents": 0,
                             "decision": None})]
    assert sd_facts(event(SD.PlayerFolded, jogada_id=JID, seat="3", player_id=ANA)) == [
        PlayerDetail(JID, ANA, {"decision": "fold"})]
    assert sd_facts(event(SD.PlayerContinued, jogada_id=JID, seat="3", player_id=ANA,
                          bet_cents=400)) == [
        PlayerDetail(JID, ANA, {"decision": "continue", "bet_cents": 400}, 400)]


def test_sd_22_28_33_the_settlement_the_jackpot_prizes_and_a_void():
    won = {"player_id": ANA, "result": "player_won", "returned_cents": 600, "won_cents": 2_200,
           "lost_cents": 0, "multiplier": 5, "player_hand": "flush", "bank_hand": "ace-king",
           "rule": "sem descarte rule 28"}
    folded = {"player_id": RUI, "result": "folded", "returned_cents": 0, "won_cents": 0,
              "lost_cents": 100, "multiplier": 0, "player_hand": None, "bank_hand": None,
              "rule": "sem descarte rule 22"}
    awards = [{"player_id": ANA, "category": "flush", "amount_cents": 5_000},
              {"player_id": RUI, "category": "straight", "amount_cents": 0}]
    assert sd_facts(event(SD.JogadaSettled, jogada_id=JID, outcomes={"3": won, "5": folded},
                          jackpot_awards=awards)) == [JogadaEnded(JID, "settled", None, (
        Outcome(player_id=ANA, result="player_won", won_cents=2_800, detail={
            "multiplier": 5, "player_hand": "flush", "bank_hand": "ace-king",
            "rule": "sem descarte rule 28"}),
        Outcome(player_id=RUI, result="folded", detail={
            "multiplier": 0, "player_hand": None, "bank_hand": None,
            "rule": "sem descarte rule 22"}),
        Outcome(player_id=ANA, won_cents=5_000, prizes={"jackpot_flush": 5_000}),
        Outcome(player_id=RUI)))]
    assert sd_facts(event(SD.JogadaVoided, jogada_id=JID, refunds={"3": 300, "5": 100})) == [
        JogadaEnded(JID, "void", "void", (Outcome(seat="3", refunded_cents=300),
                                          Outcome(seat="5", refunded_cents=100)))]


# Bingo -------------------------------------------------------------------------------------
def test_bingo_4_53_a_room_its_members_and_the_phases_of_a_jogada():
    config = {"variant": "75", "card_price_cents": 100}
    assert bingo_facts(event(BR.RoomOpened, venue_id="bingo:r1", name="Sala", config=config)
                       ) == [VenueOpened("bingo:r1", "Sala", "75", config, None)]
    assert bingo_facts(event(BR.PlayerJoined, player_id=ANA, session_id="s1")) == [
        OccupantAdded(ANA, "s1")]
    assert bingo_facts(event(BR.PlayersLeft, player_ids=[ANA, RUI])) == [
        OccupantsRemoved((ANA, RUI))]
    assert bingo_facts(event(BR.JogadaOpened, jogada_id=JID, number=2)) == [
        JogadaStarted(JID, 2, "sale")]
    assert bingo_facts(event(BR.SalesClosed, jogada_id=JID)) == [PhaseChanged("drawing")]
    assert bingo_facts(event(BR.BallDrawn, jogada_id=JID, ball=7)) == []  # not the listing's


def test_bingo_10_13_each_purchase_adds_its_price_and_its_cards():
    assert bingo_facts(event(BR.CardsBought, jogada_id=JID, player_id=ANA, cards=[[], [], []],
                             price_cents=100, amount_cents=300)) == [
        Staked(JID, ANA, None, 300, {"cards": 0}, {"cards": 3})]


def test_issue_24_a_result_by_net_is_chosen_by_the_sign_of_the_net():
    by_net = ByNet("won", "prize_net_even", "prize_net_loss")
    assert [by_net.of(cents) for cents in (1, 0, -1, -104)] == [
        "won", "prize_net_even", "prize_net_loss", "prize_net_loss"]


def test_bingo_20_26_45_47_settled_cancelled_and_void():
    """Rule 26: a player with any prize cents has a result by its net (issue 24: ``won`` only
    if the prizes are worth more than its cards; the projection knows what they cost), the
    others lost; rules 6, 20: a cancellation refunds every card; rules 45–47: a void pays the
    prizes won, refunds the rest."""
    assert bingo_facts(event(BR.JogadaSettled, jogada_id=JID, payments={
        ANA: {"line": 200, "bingo": 800}, RUI: {"line": 0}})) == [JogadaEnded(
            JID, "settled", "lost", (
                Outcome(player_id=ANA, result=ByNet("won", "prize_net_even", "prize_net_loss"),
                        won_cents=1_000, prizes={"line": 200, "bingo": 800}),
                Outcome(player_id=RUI, prizes={"line": 0})))]
    assert bingo_facts(event(BR.JogadaCancelled, jogada_id=JID, refunds={ANA: 300})) == [
        JogadaEnded(JID, "cancelled", "cancelled", (Outcome(player_id=ANA, refunded_cents=300),))]
    assert bingo_facts(event(BR.JogadaVoided, jogada_id=JID, prizes_paid={ANA: {"line": 200}},
                             refunds={ANA: 100, RUI: 100})) == [JogadaEnded(
        JID, "void", "void", (Outcome(player_id=ANA, won_cents=200, prizes={"line": 200}),
                              Outcome(player_id=ANA, refunded_cents=100),
                              Outcome(player_id=RUI, refunded_cents=100)))]
