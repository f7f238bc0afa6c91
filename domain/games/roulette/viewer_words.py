"""The words of a jogada of French roulette shown to people (domain/games/roulette/viewer.py):
its codes in words (``WORDS``, Game.words) and the sentences of its replay steps and scenes
(``SAID``), each in Portuguese as spoken in Portugal — in the regulation's own words where it
has them (Reg. 807/2015: pleno, cavalo, rua, quadro, linha, dúzia, coluna, encarnado, preto,
"façam as vossas apostas", "jogo feito nada mais") — and in English (the staff's replay viewer
shows the English; a complaint evidence pack's PDF either). The chances keep their Portuguese
names in English too (as blackjack's "banca"), the simple chances and colours said in English.
Templates for ``str.format``; amounts are already in euros ("2,00 €"). Pure data."""

from __future__ import annotations

# Its codes in words (Game.words): colours, reasons, results, chances and call bets, the keys
# of a player's part (replay.player_jogada) and the labels of the scenes.
WORDS = {
    "pt": {"green": "verde", "red": "encarnado", "black": "preto", "won": "ganhou",
           "lost": "perdeu", "even": "empatou", "voided": "anulada", "refunded": "reembolsada",
           "settled": "liquidada", "player": "a pedido do jogador",
           "changed": "apostas alteradas", "session_ended": "sessão terminada",
           "day_90": "90 dias sem lançamento", "spun": "bola lançada",
           "operator interruption": "interrupção pelo operador",
           "pleno": "pleno", "cavalo": "cavalo", "rua": "rua", "quadro": "quadro",
           "linha": "linha", "duzia": "dúzia", "coluna": "coluna",
           "cavalo_de_duzia": "cavalo de dúzia", "cavalo_de_coluna": "cavalo de coluna",
           "par": "par", "impar": "ímpar", "menor": "menor", "maior": "maior",
           "encarnado": "encarnado", "preto": "preto", "chance": "chance",
           "call": "aposta anunciada", "voisins_du_zero": "vizinhos do zero",
           "tiers_du_cylindre": "terço do cilindro", "orphelins": "órfãos",
           "neighbours": "número e vizinhos", "finales": "finais",
           "plenos": "um pleno por número", "classic": "fichas clássicas",
           "wheel_id": "Roleta", "jogada_id": "Jogada", "status": "Estado",
           "ended_at": "Terminou", "result": "Resultado", "number": "Número vencedor",
           "colour": "Cor", "bets": "Apostas", "positions": "Posições",
           "staked_cents": "Total apostado", "withdrawn_cents": "Apostas retiradas",
           "returned_cents": "Devolvido", "refunded_cents": "Reembolsado",
           "net_cents": "Líquido", "connection_lost": "Ligação perdida", "rule": "Regra",
           "amount_cents": "Montante", "unit_cents": "Ficha", "slip": "Boletim"},
    "en": {"cavalo_de_duzia": "cavalo de dúzia", "cavalo_de_coluna": "cavalo de coluna",
           "duzia": "dúzia", "impar": "odd", "par": "even", "menor": "low (1–18)",
           "maior": "high (19–36)", "encarnado": "red", "preto": "black",
           "voisins_du_zero": "voisins du zéro", "tiers_du_cylindre": "tiers du cylindre",
           "neighbours": "a number and its neighbours", "plenos": "one pleno a number",
           "classic": "the classic chips", "session_ended": "session ended",
           "day_90": "90 days not launched"},
}


# The sentences of the steps (titles) and of the scenes (labels and notes), per language.
SAID = {
    "en": {"JogadaOpened": "Jogada {number} opened: «{announcement}» (place your bets)",
           "PlayerJoined": "{player} joins the wheel", "PlayerLeft": "{player} leaves the"
           " wheel ({reason})",
           "BetsPlaced": "{player} bets {amount} (slip {slip}): {positions}",
           "BetsPlacedHidden": "{player} places bets",
           "BetsWithdrawnHidden": "{player} withdraws bets",
           "BetsWithdrawn": "{player} withdraws slip {slip}: {amount} back ({reason})",
           "NumberForced": "Winning number forced: {number} (certification mode)",
           "BettingClosed": "Betting closed: «{announcement}» (no more bets), {amount} staked"
                            " by {count} player(s)",
           "RngCommitted": "The winning number is committed before the ball lands",
           "BallLanded": "The ball lands on {number} {colour}: marked on the layout",
           "BetsSettled": "{player}: staked {staked}, returned {returned} (net {net})",
           "BetsSettledHidden": "{player}: settled",
           "JogadaSettled": "Jogada settled: {number} {colour}, {staked} staked, {returned}"
                            " returned",
           "RngRevealed": "The seed is revealed",
           "JogadaVoided": "Jogada void ({reason}): every bet returned",
           "JogadaCancelled": "Bets never launched refunded ({reason})",
           "ConnectionLost": "{player}: connection lost (the jogada stands)",
           "JogadaRecovered": "Jogada recovered on restart: {what}",
           "player": "Player {n}", "Layout": "Layout", "Chips": "Chips",
           "Last numbers": "Last winning numbers", "Refunds": "Refunds",
           "Other players": "Other players", "Outcome": "Outcome",
           "winning": "{number} {colour}", "total": "Total",
           "totals": "staked {staked}, returned {returned}, net {net}",
           "chip": "{amount}", "chip_won": "{amount}: wins, {returned} back",
           "chip_lost": "{amount}: loses", "refunded": "refunded {amount}",
           "not_shown": "never shown to this player: not in this copy",
           "position": "{chance} {numbers}", "simple": "{chance}",
           "call": "{call} ({count} chips of {unit})",
           "call_number": "{call} {number} ({count} chips of {unit})",
           "void": "Void: {message} ({rule})", "closes": "bets until {at}"},
    "pt": {"JogadaOpened": "Jogada {number} aberta: «{announcement}»",
           "PlayerJoined": "{player} junta-se à roleta", "PlayerLeft": "{player} sai da"
           " roleta ({reason})",
           "BetsPlaced": "{player} aposta {amount} (boletim {slip}): {positions}",
           "BetsPlacedHidden": "{player} faz apostas",
           "BetsWithdrawnHidden": "{player} retira apostas",
           "BetsWithdrawn": "{player} retira o boletim {slip}: {amount} devolvidos ({reason})",
           "NumberForced": "Número vencedor imposto: {number} (modo de certificação)",
           "BettingClosed": "Apostas encerradas: «{announcement}», {amount} apostados por"
                            " {count} jogador(es)",
           "RngCommitted": "O número vencedor fica comprometido antes de a bola parar",
           "BallLanded": "A bola para no {number} {colour}: marcado no tapete",
           "BetsSettled": "{player}: apostou {staked}, recebe {returned} (líquido {net})",
           "BetsSettledHidden": "{player}: liquidado",
           "JogadaSettled": "Jogada liquidada: {number} {colour}, {staked} apostados,"
                            " {returned} devolvidos",
           "RngRevealed": "A semente é revelada",
           "JogadaVoided": "Jogada anulada ({reason}): todas as apostas devolvidas",
           "JogadaCancelled": "Apostas nunca lançadas reembolsadas ({reason})",
           "ConnectionLost": "{player}: ligação perdida (a jogada mantém-se)",
           "JogadaRecovered": "Jogada recuperada no arranque: {what}",
           "player": "Jogador {n}", "Layout": "Tapete", "Chips": "Fichas",
           "Last numbers": "Últimos números saídos", "Refunds": "Reembolsos",
           "Other players": "Outros jogadores", "Outcome": "Desfecho",
           "winning": "{number} {colour}", "total": "Soma",
           "totals": "apostou {staked}, recebe {returned}, líquido {net}",
           "chip": "{amount}", "chip_won": "{amount}: ganha, recebe {returned}",
           "chip_lost": "{amount}: perde", "refunded": "reembolsado {amount}",
           "not_shown": "nunca mostrado a este jogador: não consta desta cópia",
           "position": "{chance} {numbers}", "simple": "{chance}",
           "call": "{call} ({count} fichas de {unit})",
           "call_number": "{call} {number} ({count} fichas de {unit})",
           "void": "Anulada: {message} ({rule})", "closes": "apostas até {at}"},
}
