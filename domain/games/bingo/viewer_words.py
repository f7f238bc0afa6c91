"""The words of a jogada of bingo shown to people (domain/games/bingo/viewer.py): its codes in
words (``WORDS``, Game.words) and the sentences of its replay steps and scenes (``SAID``), each
in Portuguese as spoken in Portugal and in English (the staff's replay viewer shows the English;
a complaint evidence pack's PDF either). Templates for ``str.format``; amounts are already in
euros ("2,00 €"). Pure data."""

from __future__ import annotations

# Its codes in words (Game.words): the prizes, statuses and reasons of its record, the keys of a
# player's part and the labels of the scenes above, for the pages people read (a complaint
# evidence pack's PDF, in Portuguese by default).
WORDS = {
    "pt": {"line": "linha", "two_lines": "duas linhas", "four_corners": "quatro cantos",
           "column": "coluna", "bingo": "bingo", "jackpot": "jackpot",
           "cancelled": "cancelada", "too_few_players": "jogadores insuficientes",
           "room_id": "Sala", "jogada_id": "Jogada", "status": "Estado", "ended_at": "Terminou",
           "cards": "Cartões do jogador", "paid_cents": "Pago pelos cartões",
           "drawn": "Bolas extraídas", "prizes": "Prémios", "prize_values": "Valor dos prémios",
           "won": "Ganho pelo jogador", "refunded_cents": "Devolvido", "net_cents": "Líquido",
           "rule": "Regra", "Room": "Sala", "Prizes": "Prémios", "Payments": "Pagamentos",
           "Refunds": "Devoluções", "bingo_cards": "cartões de bingo",
           "bingo_house_share": "parte da casa", "bingo_jackpot_deduction": "parte do jackpot",
           "bingo_void": "anulação", "bingo_refund": "devolução", "bingo_line": "prémio de linha",
           "bingo_two_lines": "prémio de duas linhas",
           "bingo_four_corners": "prémio de quatro cantos", "bingo_column": "prémio de coluna",
           "bingo_bingo": "prémio de bingo", "bingo_jackpot": "prémio do jackpot", "prize_net_even": "prémio igual ao apostado",
           "prize_net_loss": "prémio abaixo do apostado",
           "RoomOpened": "Sala aberta", "CardsBought": "Cartões comprados",
           "SalesClosed": "Venda encerrada", "BallDrawn": "Bola extraída",
           "PrizeWon": "Prémio ganho", "JackpotWon": "Jackpot ganho"},
    "en": {"line": "line", "two_lines": "two lines", "four_corners": "four corners",
           "bingo_cards": "bingo cards", "bingo_bingo": "bingo prize", "bingo_line": "line prize",
           "too_few_players": "too few players", "cards": "The player's cards",
           "paid_cents": "Paid for the cards", "drawn": "Balls drawn",
           "CardsBought": "Cards bought", "SalesClosed": "Sale closed",
           "BallDrawn": "Ball drawn", "PrizeWon": "Prize won"},
}


# The sentences of the steps (titles) and of the scenes (labels and notes), per language.
SAID = {
    "en": {"JogadaOpened": "Jogada {number} opened: bingo {variant}, cards on sale",
           "CardsBought": "Purchase {purchase}: {count} card(s) for {amount}",
           "SalesClosed": "Sales closed: {cards} cards, pool {pool}",
           "JogadaCancelled": "Jogada cancelled ({reason}): every card refunded",
           "BallDrawn": "Ball {ordinal}: {ball}",
           "PrizeWon": "{prize} at ball {ordinal} ({ball}): card(s) {cards}",
           "JackpotWon": "Jackpot {amount} won at ball {ordinal}",
           "PlayerConnectionLost": "A player's connection was lost: the cards play on",
           "JogadaVoided": "Jogada void ({reason})",
           "RngCommitted": "The draw order is committed before the sale",
           "JogadaSettled": "Jogada settled: every prize paid",
           "RngRevealed": "The seed is revealed",
           "player": "Player {n}", "Room": "Room", "variant": "variant", "status": "status",
           "cards sold": "cards sold", "sales": "sales", "bingo": "bingo {variant}",
           "balls": "Balls drawn ({count})", "Prizes": "Prizes", "Payments": "Payments",
           "Refunds": "Refunds", "no_card": "a player without a card",
           "gain": "a gain", "loss": "a loss", "even": "even",
           "paid": "prizes {prizes}; cards {spent}; net {net} ({outcome})",
           "card": "card {card}", "Jackpot": "Jackpot", "within": "within {balls} balls",
           "grid": "Card {card} · {player}",
           "more": "{count} more card(s) not drawn here: the replay lists every card",
           "others": "{count} card(s) of other players: not in this copy ({rule})"},
    "pt": {"JogadaOpened": "Jogada {number} aberta: bingo {variant}, cartões à venda",
           "CardsBought": "Compra {purchase}: {count} cartão(ões) por {amount}",
           "SalesClosed": "Venda encerrada: {cards} cartões, fundo de prémios de {pool}",
           "JogadaCancelled": "Jogada cancelada ({reason}): todos os cartões reembolsados",
           "BallDrawn": "Bola {ordinal} extraída: {ball}",
           "PrizeWon": "{prize} à bola {ordinal} ({ball}): cartão(ões) {cards}",
           "JackpotWon": "Jackpot de {amount} ganho à bola {ordinal}",
           "PlayerConnectionLost": "A ligação de um jogador perdeu-se: os cartões continuam"
                                   " em jogo",
           "JogadaVoided": "Jogada anulada ({reason})",
           "RngCommitted": "A ordem da extração fica comprometida antes da venda",
           "JogadaSettled": "Jogada liquidada: todos os prémios pagos",
           "RngRevealed": "A semente é revelada",
           "player": "Jogador {n}", "Room": "Sala", "variant": "variante", "status": "estado",
           "cards sold": "cartões vendidos", "sales": "vendas", "bingo": "bingo {variant}",
           "balls": "Bolas extraídas ({count})", "Prizes": "Prémios",
           "Payments": "Pagamentos", "Refunds": "Devoluções",
           "no_card": "um jogador sem cartão", "gain": "um ganho", "loss": "uma perda",
           "even": "sem ganho nem perda",
           "paid": "prémios {prizes}; cartões {spent}; líquido {net} ({outcome})",
           "card": "cartão {card}", "Jackpot": "Jackpot", "within": "até à bola {balls}",
           "grid": "Cartão {card} · {player}",
           "more": "mais {count} cartão(ões) não desenhados aqui: a repetição lista todos"
                   " os cartões",
           "others": "{count} cartão(ões) de outros jogadores: não constam desta cópia"
                     " ({rule})"},
}
# The room's statuses in the scene (Portuguese; the English scene shows the code).
STATUS = {"pt": {"sale": "em venda", "drawing": "em extração", "settled": "liquidada",
                 "cancelled": "cancelada", "voided": "anulada"}}
