"""The end of a blackjack jogada on the table's stream (BJ-SPEC.md; Reg. 805/2015 r17, r20,
r25, r27, r28): ``HandSettled`` when a hand's result is known, the banca's play
(``HoleCardRevealed``, ``BancaDrew``, ``BancaStood``), ``InsuranceSettled``, ``JogadaSettled`` or
``JogadaVoided``, then ``RngRevealed``. A base of ``BlackjackTable`` (table.py), which holds the
state these read (``jogada``, ``config_data``); the money is play.py's and faults.py's."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from eventsourcing.domain import event

from domain.games.blackjack import hands as bj
from domain.games.blackjack.table_checks import BANCA
from domain.kernel.jogada_rng import JogadaRng


class TableSettlement(JogadaRng):
    """The settlement's commands and events of ``BlackjackTable``."""

    # Settlement (r17, r20, r25) ---------------------------------------------------------------
    def settle_hand(self, seat: str, hand: int, outcome: bj.Outcome, *, actor: str,
                    at: datetime) -> dict[str, Any]:
        jogada = self.open_jogada()
        state = self.hand_state(seat, hand)
        facts = {"seat": seat, "hand": hand, "player_id": jogada["bets"][seat]["player_id"],
                 "cards": list(state.cards), "total": state.total.best, **outcome.to_dict()}
        self._hand_settled(jogada_id=jogada["jogada_id"], actor=actor, at=at, **facts)
        return facts

    def reveal_hole(self, *, rule: str, actor: str, at: datetime) -> None:
        jogada = self.open_jogada()
        cards = [jogada["up_card"], jogada["hole_card"]]
        t = bj.banca_total(cards)
        self._hole_revealed(jogada_id=jogada["jogada_id"], hole_card=jogada["hole_card"],
                            cards=cards, total=t.best, blackjack=bj.is_blackjack(cards),
                            rule=rule, actor=actor, at=at)

    def banca_draw(self, *, actor: str, at: datetime) -> None:
        card, index = self.next_card()
        t = bj.banca_total([*self.jogada["banca"], card])
        self._banca_drew(jogada_id=self.jogada["jogada_id"], card=card, index=index,
                         total=t.best, soft=t.soft, actor=actor, at=at)

    def banca_stand(self, *, actor: str, at: datetime) -> None:
        cards = list(self.jogada["banca"])
        t = bj.banca_total(cards)
        self._banca_stood(jogada_id=self.jogada["jogada_id"], cards=cards, total=t.best,
                          bust=t.bust, blackjack=bj.is_blackjack(cards), actor=actor, at=at)

    def settle_insurance(self, seat: str, outcome: bj.Outcome, *, actor: str,
                         at: datetime) -> dict[str, Any]:
        jogada = self.open_jogada()
        facts = {"seat": seat, "player_id": jogada["bets"][seat]["player_id"],
                 **{k: v for k, v in outcome.to_dict().items() if k != "prize_cents"}}
        self._insurance_settled(jogada_id=jogada["jogada_id"], actor=actor, at=at, **facts)
        return facts

    def finish(self, *, actor: str, at: datetime) -> None:
        jogada = self.open_jogada()
        cards = list(jogada["banca"])
        t = bj.banca_total(cards)
        banca = {"cards": cards, "total": t.best, "blackjack": bj.is_blackjack(cards),
                 "bust": t.bust}
        self._jogada_settled(jogada_id=jogada["jogada_id"], banca=banca,
                             results={s: [jogada["results"][s][str(i)]
                                          for i in range(len(jogada["hands"][s]))]
                                      for s in jogada["order"]},
                             insurance=dict(jogada["insurance_results"]), actor=actor, at=at)
        if jogada["jogada_id"] in self.rng_open:
            self.reveal_rng(jogada["jogada_id"], actor=actor, at=at)

    def void(self, *, reason: str, refunds: dict[str, int], reversed_: dict[str, int],
             rule: str, actor: str, at: datetime) -> None:
        """r27, r28, A62: ``refunds`` each seat's stakes (all back), ``reversed_`` what the
        jogada had paid it already (taken back): each wallet ends where it started."""
        jogada = self.open_jogada()
        self._voided(jogada_id=jogada["jogada_id"], reason=reason, refunds=refunds,
                     reversed=reversed_, rule=rule, actor=actor, at=at)
        if jogada["jogada_id"] in self.rng_open:
            self.reveal_rng(jogada["jogada_id"], actor=actor, at=at)


    # Mutators (run on trigger and on replay) --------------------------------------------------
    @event("HandSettled", topic="ledger.BlackjackTable.HandSettled")
    def _hand_settled(self, jogada_id: str, seat: str, hand: int, player_id: str,
                      cards: list[str], total: int, result: str, stake_cents: int,
                      returned_cents: int, lost_cents: int, won_cents: int, prize_cents: int,
                      rule: str, actor: str, at: datetime) -> None:
        self.jogada["hands"][seat][hand].update(done=True, settled=True)
        self.jogada["results"][seat][str(hand)] = {
            "seat": seat, "hand": hand, "player_id": player_id, "cards": list(cards),
            "total": total, "result": result, "stake_cents": stake_cents,
            "returned_cents": returned_cents, "lost_cents": lost_cents, "won_cents": won_cents,
            "prize_cents": prize_cents, "rule": rule}
        self._end_turn(seat, hand)

    @event("HoleCardRevealed", topic="ledger.BlackjackTable.HoleCardRevealed")
    def _hole_revealed(self, jogada_id: str, hole_card: str, cards: list[str], total: int,
                       blackjack: bool, rule: str, actor: str, at: datetime) -> None:
        self.jogada.update(status=BANCA, revealed=True, banca=list(cards), turn=None,
                           decision_deadline=None)

    @event("BancaDrew", topic="ledger.BlackjackTable.BancaDrew")
    def _banca_drew(self, jogada_id: str, card: str, index: int, total: int, soft: bool,
                    actor: str, at: datetime) -> None:
        self.jogada["banca"].append(card)
        self.jogada["next_index"] = index + 1

    @event("BancaStood", topic="ledger.BlackjackTable.BancaStood")
    def _banca_stood(self, jogada_id: str, cards: list[str], total: int, bust: bool,
                     blackjack: bool, actor: str, at: datetime) -> None:
        pass

    @event("InsuranceSettled", topic="ledger.BlackjackTable.InsuranceSettled")
    def _insurance_settled(self, jogada_id: str, seat: str, player_id: str, result: str,
                           stake_cents: int, returned_cents: int, lost_cents: int,
                           won_cents: int, rule: str, actor: str, at: datetime) -> None:
        self.jogada["insurance_results"][seat] = {
            "seat": seat, "player_id": player_id, "result": result, "stake_cents": stake_cents,
            "returned_cents": returned_cents, "lost_cents": lost_cents, "won_cents": won_cents,
            "rule": rule}

    @event("JogadaSettled", topic="ledger.BlackjackTable.JogadaSettled")
    def _jogada_settled(self, jogada_id: str, banca: dict[str, Any],
                        results: dict[str, list[dict[str, Any]]],
                        insurance: dict[str, dict[str, Any]], actor: str, at: datetime) -> None:
        self.last_jogada_id = jogada_id
        shown = self.config_data.get("results_shown") or 10
        self.recent_results = ([{"jogada_id": jogada_id, **banca}]
                               + list(self.recent_results))[:shown]
        self.jogada = None

    @event("JogadaVoided", topic="ledger.BlackjackTable.JogadaVoided")
    def _voided(self, jogada_id: str, reason: str, refunds: dict[str, int], rule: str,
                actor: str, at: datetime, reversed: dict[str, int] | None = None) -> None:
        self.last_jogada_id = jogada_id
        self.jogada = None

    def _end_turn(self, seat: str, hand: int) -> None:
        turn = self.jogada["turn"]
        if turn is not None and turn["seat"] == seat and turn["hand"] == hand:
            self.jogada["turn"] = None
            self.jogada["decision_deadline"] = None
