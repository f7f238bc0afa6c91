"""The page an evidence pack is printed on (infra/complaints/pdf.py): an ``fpdf2`` document in
its core font, Helvetica, written in Windows-1252 (Portuguese accents and € without a font
file), that draws the game-neutral scenes of the replay viewer (domain/kernel/viewer.py): playing
cards as cards (a rounded card with its rank and a suit drawn as a shape, its code written
under it as text a reader can search: "As (ás de espadas)"), cards of numbers as grids with the
drawn numbers marked, balls as balls, prizes, money and facts as tables, amounts in euros,
times in Lisbon's legal time, in the words of one language (infra/complaints/pack_words.py);
people by their display names (the pack's ``people``), else a short id.

Nothing here reads a clock or draws a random id: the same scenes give the same bytes."""

from __future__ import annotations

from typing import Any

from fpdf import FPDF

from domain.cards.codes import is_card
from domain.kernel.viewer import euros
from infra.complaints.pack_words import Words
from infra.complaints.pdf_text import (
    ENCODING,
    Reading,
    card_words,
    plain,
    shown,
    when,
)

__all__ = ["EvidencePDF", "card_words", "plain", "shown", "when", "GREY", "BLACK"]
RED, BLACK, GREY = (190, 20, 30), (20, 20, 20), (110, 110, 110)
MARK = (255, 221, 110)
CARD_W, CARD_H, CARD_GAP = 11.0, 15.5, 2.0
CELL_W, CELL_H = 7.0, 6.0
BALL_R = 3.2
class EvidencePDF(Reading, FPDF):
    """A4, millimetres, Helvetica in Windows-1252; a footer naming the case and the page."""

    def __init__(self, footer_text: str, words: Words,
                 people: dict[str, str | None] | None = None) -> None:
        super().__init__(orientation="P", unit="mm", format="A4")
        self.core_fonts_encoding = ENCODING
        self.footer_text = plain(footer_text)
        self.words, self.people = words, people or {}
        self.game_words: dict[str, dict[str, str]] = {}  # the jogada's game's (Game.words)
        self.set_margins(15, 15, 15)
        self.set_auto_page_break(True, margin=16)

    def footer(self) -> None:
        self.set_y(-12)
        self.set_font("Helvetica", "", 7)
        self.set_text_color(*GREY)
        self.cell(0, 4, f"{self.footer_text} · {self.words('page')} {self.page_no()}/{{nb}}",
                  align="C")
        self.set_text_color(*BLACK)

    # Text -------------------------------------------------------------------------------------
    # fpdf2's multi_cell and table measure text a character at a time (a pack of many number
    # cards took 1.5 s, most of it there); these wrap by words, measured whole, and write
    # with ``cell``.
    def wrapped(self, text: str, width: float) -> list[str]:
        """``text`` (already ``plain``) broken into lines of at most ``width`` in the current
        font: at spaces and newlines, a word wider than a line cut where it must be."""
        out: list[str] = []
        measure = self.get_string_width
        for paragraph in text.split("\n"):
            if measure(paragraph) <= width:
                out.append(paragraph)
                continue
            line = ""
            for word in paragraph.split(" "):
                candidate = f"{line} {word}" if line else word
                if measure(candidate) <= width:
                    line = candidate
                    continue
                if line:
                    out.append(line)
                while len(word) > 1 and measure(word) > width:
                    cut = max(1, int(len(word) * width / measure(word)))
                    while cut > 1 and measure(word[:cut]) > width:
                        cut -= 1
                    out.append(word[:cut])
                    word = word[cut:]
                line = word
            out.append(line)
        return out

    def heading(self, text: str, level: int = 1) -> None:
        size = {0: 18, 1: 14, 2: 11}[level]
        if self.will_page_break(size * 1.6):
            self.add_page()
        self.ln(1 if level > 1 else 3)
        self.line_of(text, size, "B", height=size * 0.5)
        self.ln(1)

    def line_of(self, text: str, size: float = 9, style: str = "",
                color: tuple[int, int, int] = BLACK, height: float | None = None) -> None:
        """A paragraph across the page."""
        self.set_font("Helvetica", style, size)
        self.set_text_color(*color)
        for line in self.wrapped(plain(text), self.epw):
            self.set_x(self.l_margin)
            self.cell(self.epw, height or size * 0.45, line, new_x="LMARGIN", new_y="NEXT")
        self.set_text_color(*BLACK)

    def quoted(self, text: str) -> None:
        """Someone's own words as recorded (the player's complaint): indented, in italics, a
        rule at their left, their line breaks kept."""
        self.set_font("Helvetica", "I", 9)
        top = self.get_y()
        for line in self.wrapped(plain(text), self.epw - 8):
            if self.will_page_break(4.2):
                self.add_page()
                top = self.get_y()
            self.set_x(self.l_margin + 4)
            self.cell(self.epw - 8, 4.2, line, new_x="LMARGIN", new_y="NEXT")
        self.set_draw_color(*GREY)
        self.set_line_width(0.6)
        self.line(self.l_margin + 1, top, self.l_margin + 1, self.get_y())
        self.ln(2)

    def hashes(self, values: list[str], size: float = 6.5) -> None:
        """Hashes in hex, one a line, in a fixed-width font (to be typed in and checked)."""
        self.set_font("Courier", "", size)
        for value in values:
            if self.will_page_break(size * 0.45):
                self.add_page()
                self.set_font("Courier", "", size)
            self.set_x(self.l_margin + 4)
            self.cell(self.epw - 4, size * 0.45, value, new_x="LMARGIN", new_y="NEXT")

    def table_of(self, rows: list[list[Any]], widths: tuple[float, ...],
                 headings: list[str] | None = None, size: float = 7.5) -> None:
        """Rows of text across the page, columns in proportion to ``widths``, a line under
        each row; the headings again on each page the table runs over."""
        if not rows:
            return
        columns = [self.epw * w / sum(widths) for w in widths]
        if headings:
            self._row(headings, columns, size, heading=True)
        for values in rows:
            if self._row(values, columns, size, heading=False, fits=False):
                if headings:  # a new page: the headings again, then the row (never lost)
                    self._row(headings, columns, size, heading=True)
                self._row(values, columns, size, heading=False)
        self.ln(2)

    def _row(self, values: list[Any], columns: list[float], size: float, *, heading: bool,
             fits: bool = True) -> bool:
        """One row; with ``fits=False``, if it does not fit on this page, a new page and
        True (nothing drawn: the caller repeats the headings and draws it there)."""
        pad, leading = 0.8, size * 0.45
        self.set_font("Helvetica", "B" if heading else "", size)
        cells = [self.wrapped(plain(v), w - 2 * pad) for v, w in zip(values, columns)]
        height = max(len(lines) for lines in cells) * leading + 2 * pad
        if self.will_page_break(height):
            self.add_page()
            if not fits:
                return True
        x, y = self.l_margin, self.get_y()
        if heading:
            self.set_fill_color(235, 235, 235)
            self.rect(x, y, self.epw, height, style="F")
            self.set_fill_color(255, 255, 255)
        for lines, width in zip(cells, columns):
            for index, line in enumerate(lines):
                self.set_xy(x + pad, y + pad + index * leading)
                self.cell(width - 2 * pad, leading, line)
            x += width
        self.set_draw_color(*GREY)
        self.set_line_width(0.15)
        self.line(self.l_margin, y + height, self.l_margin + self.epw, y + height)
        self.set_xy(self.l_margin, y + height)
        return False

    def facts_of(self, rows: list[tuple[str, Any]] | list[list[Any]], size: float = 8) -> None:
        self.table_of([[plain(k), self.shown(v, str(k))] for k, v in rows], (32, 68),
                      size=size)

    # Scenes (domain/kernel/viewer.py) ----------------------------------------------------------------
    def scene(self, items: list[dict[str, Any]], *, compact: bool = False) -> None:
        """Each item of a step's scene; ``compact``: grids left out (the final state
        draws them) and balls as a line of numbers."""
        grids = [item for item in items if item["kind"] == "grid"]
        for item in items:
            kind = item["kind"]
            if kind == "cards":
                self.playing_cards(self.code(item["label"]), item["cards"],
                                   item.get("hidden", 0), item.get("note"))
            elif kind == "grid":
                if item is grids[0] and not compact:
                    self.number_cards(grids)
            elif kind == "balls":
                self.balls(self.code(item["label"]), item["numbers"], compact=compact)
            elif kind == "prizes":
                self.prizes(self.code(item["label"]), item["items"])
            elif kind == "money":
                self.money(self.code(item["label"]), item["movements"])
            elif kind == "facts":
                self.line_of(self.code(item["label"]), 8, "B")
                self.facts_of([[self.code(row[0]), *row[1:]] for row in item["rows"]])
            elif kind == "text":
                self.line_of(item["text"], 8)

    def playing_cards(self, label: str, codes: list[str], hidden: int = 0,
                      note: str | None = None) -> None:
        count = len(codes) + hidden
        per_row = max(1, int((self.epw + CARD_GAP) // (CARD_W + CARD_GAP)))
        rows = max(1, -(-count // per_row))
        if self.will_page_break(6 + rows * (CARD_H + 2) + 10):
            self.add_page()
        self.line_of(label, 8.5, "B")
        x0, y = self.l_margin, self.get_y() + 1
        for index in range(count):
            x = x0 + (index % per_row) * (CARD_W + CARD_GAP)
            top = y + (index // per_row) * (CARD_H + 2)
            if index < len(codes) and is_card(codes[index]):
                self._card(x, top, codes[index])
            else:
                self._card_back(x, top)
        self.set_xy(x0, y + rows * (CARD_H + 2) + 0.5)
        words = [card_words(c, self.words.lang) if is_card(c) else str(c) for c in codes]
        if hidden:
            words.append(self.words("face_down", n=hidden))
        self.line_of("; ".join(words) or "—", 7.5)
        if note:
            self.line_of(note, 7.5, "I", GREY)
        self.ln(1.5)

    def _card(self, x: float, y: float, code: str) -> None:
        rank, suit = code[0], code[1]
        colour = RED if suit in "hd" else BLACK
        self.set_draw_color(*GREY)
        self.set_fill_color(255, 255, 255)
        self.set_line_width(0.25)
        self.rect(x, y, CARD_W, CARD_H, style="DF", round_corners=True, corner_radius=1.4)
        self.set_text_color(*colour)
        self.set_font("Helvetica", "B", 9)
        self.set_xy(x + 0.6, y + 0.8)
        self.cell(CARD_W - 1.2, 3.6, "10" if rank == "T" else rank)
        self.set_fill_color(*colour)
        self.suit(suit, x + CARD_W / 2, y + CARD_H / 2 + 1.6, 5.2)
        self.set_text_color(*BLACK)
        self.set_fill_color(255, 255, 255)

    def _card_back(self, x: float, y: float) -> None:
        self.set_draw_color(*GREY)
        self.set_fill_color(40, 70, 140)
        self.rect(x, y, CARD_W, CARD_H, style="DF", round_corners=True, corner_radius=1.4)
        self.set_draw_color(255, 255, 255)
        self.rect(x + 1.2, y + 1.2, CARD_W - 2.4, CARD_H - 2.4, style="D",
                  round_corners=True, corner_radius=1)
        self.set_draw_color(*GREY)

    def suit(self, suit: str, cx: float, cy: float, s: float) -> None:
        """A suit drawn with circles and polygons (no font has to hold it)."""
        stem = [(cx, cy), (cx - s / 5, cy + s / 2), (cx + s / 5, cy + s / 2)]
        if suit == "d":
            self.polygon([(cx, cy - s / 2), (cx + s * 0.38, cy), (cx, cy + s / 2),
                          (cx - s * 0.38, cy)], style="F")
        elif suit == "h":
            r = s / 4
            for dx in (-r, r):
                self.circle(cx + dx, cy - s / 6, r, style="F")
            self.polygon([(cx - 2 * r, cy - s / 8), (cx + 2 * r, cy - s / 8),
                          (cx, cy + s / 2)], style="F")
        elif suit == "s":
            r = s / 4
            for dx in (-r, r):
                self.circle(cx + dx, cy + s / 12, r, style="F")
            self.polygon([(cx - 2 * r, cy + s / 24), (cx + 2 * r, cy + s / 24),
                          (cx, cy - s / 2)], style="F")
            self.polygon(stem, style="F")
        else:
            r = s / 5
            for dx, dy in ((0, -s / 4), (-s / 4.2, s / 12), (s / 4.2, s / 12)):
                self.circle(cx + dx, cy + dy, r, style="F")
            self.polygon(stem, style="F")

    def number_cards(self, grids: list[dict[str, Any]], drawn: set[int] | None = None) -> None:
        """Number cards (grids) side by side, each with its label above; a number drawn is marked
        (``drawn``, or each grid's own ``marked``)."""
        widest = max(len(row) for g in grids for row in g["rows"]) * CELL_W
        column = max(widest, 42.0) + 4
        per_row = max(1, int(self.epw // column))
        self.set_font("Helvetica", "B", 6.5)
        labels = [self.wrapped(plain(g["label"].replace(" · ", "\n") + (
            f"\n{self.words('won_in')}: {', '.join(g['won'])}" if g.get("won") else "")),
            column - 4)
            for g in grids]
        lines = [len(label) for label in labels]
        for start in range(0, len(grids), per_row):
            batch = range(start, min(start + per_row, len(grids)))
            above = max(lines[i] for i in batch) * 2.8 + 1
            height = above + max(len(grids[i]["rows"]) for i in batch) * CELL_H + 3
            if self.will_page_break(height):
                self.add_page()
            top = self.get_y()
            for index in batch:
                x = self.l_margin + (index - start) * column
                grid = grids[index]
                self.set_font("Helvetica", "B", 6.5)
                for number, line in enumerate(labels[index]):
                    self.set_xy(x, top + number * 2.8)
                    self.cell(column - 4, 2.8, line)
                self._grid(x, top + above, grid["rows"],
                           set(grid.get("marked", [])) if drawn is None else drawn)
            self.set_xy(self.l_margin, top + height)
        self.set_fill_color(255, 255, 255)

    def _grid(self, x: float, y: float, rows: list[list[int | None]], marked: set[int]) -> None:
        self.set_draw_color(*GREY)
        self.set_line_width(0.2)
        for r, row in enumerate(rows):
            for c, number in enumerate(row):
                cx, cy = x + c * CELL_W, y + r * CELL_H
                hit = number is not None and number in marked
                if number is None:
                    self.set_fill_color(225, 225, 225)
                else:
                    self.set_fill_color(*(MARK if hit else (255, 255, 255)))
                self.rect(cx, cy, CELL_W, CELL_H, style="DF")
                if number is not None:
                    self.set_xy(cx, cy)
                    self.set_font("Helvetica", "B" if hit else "", 7.5)
                    self.cell(CELL_W, CELL_H, str(number), align="C")

    def balls(self, label: str, numbers: list[int], *, compact: bool = False) -> None:
        if compact or not numbers:
            self.line_of(f"{label}: {', '.join(str(n) for n in numbers) or '—'}", 7.5)
            return
        self.line_of(label, 8.5, "B")
        step = 2 * BALL_R + 1.2
        per_row = max(1, int(self.epw // step))
        rows = -(-len(numbers) // per_row)
        if self.will_page_break(rows * step + 2):
            self.add_page()
        y = self.get_y() + 0.5
        self.set_draw_color(*GREY)
        self.set_fill_color(250, 240, 200)
        self.set_font("Helvetica", "B", 7)
        for index, number in enumerate(numbers):
            x = self.l_margin + (index % per_row) * step
            top = y + (index // per_row) * step
            self.circle(x + BALL_R, top + BALL_R, BALL_R, style="DF")
            self.set_xy(x, top)
            self.cell(2 * BALL_R, 2 * BALL_R, str(number), align="C")
        self.set_xy(self.l_margin, y + rows * step + 1)
        self.set_fill_color(255, 255, 255)

    def prizes(self, label: str, items: list[dict[str, Any]]) -> None:
        self.line_of(label, 8.5, "B")
        w = self.words
        self.table_of([[self.code(i.get("name")), self.shown(i.get("value_cents"), "value_cents"),
                        "—" if i.get("ordinal") is None else w("ball_n", n=i["ordinal"])
                        + ("" if i.get("ball") is None else f" ({i['ball']})"),
                        ", ".join(i.get("winners") or []) or "—",
                        self.shown(i.get("shares") or None, "shares"),
                        i.get("note") or i.get("rule") or ""] for i in items],
                      (18, 14, 18, 22, 20, 18),
                      [w("prize"), w("value"), w("won_at"), w("winners"), w("shares"), w("note")])

    def money(self, label: str, movements: list[dict[str, Any]]) -> None:
        if label:
            self.line_of(label, 8.5, "B")
        w = self.words
        self.table_of([[m["position"], self.person(m["account"]), self._money_kind(m["kind"]),
                        euros(m["cents"]), self.code(m.get("reason")) if m.get("reason") else "",
                        m.get("transfer_id") or ""]
                       for m in movements], (9, 34, 12, 14, 14, 27),
                      [w("position"), w("account"), w("movement"), w("amount"), w("reason"),
                       w("transfer")])
