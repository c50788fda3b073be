"""One decision: which header words of a narrow column are one word broken over several lines.

A long objective name in a 20-pt column is broken into fragments stacked one under the other ('Ilmas-' /
'tonm-' / 'uuto-' / 'ksen'); a fragment ending in '-' continues with the word right below it whose box overlaps
it horizontally.  Rule ``hyphen_stack``: join such fragments into one word (box of the first fragment), so the
column's name is matched whole ('ilmastonmuutoksen') rather than by its first syllables.

>>> from regc.reports.pdftree import Line, Word
>>> lines = [Line([Word(100, 0, 112, 6, "Ilmas-"), Word(130, 0, 140, 6, "Vesi")]),
...          Line([Word(100, 7, 111, 13, "tonm-")]), Line([Word(101, 14, 113, 20, "uuto-")]),
...          Line([Word(100, 21, 110, 27, "ksen")]), Line([Word(100, 28, 112, 34, "hillin-")]),
...          Line([Word(102, 35, 106, 41, "tä")])]
>>> [w.text for w in stacked_words(lines)]
['Ilmastonmuutoksen', 'Vesi', 'hillintä']

Rule ``bracket_stack``: a bracketed header cell wrapped in its column ('(EUR' / 'thousand)', '(€' / 'm)'), a word
that opens a bracket continued by the words right below it until one closes it, is one cell ('(EUR thousand)').

>>> unit = [Line([Word(262, 0, 282, 6, "(EUR"), Word(300, 0, 330, 6, "of")]), Line([Word(249, 7, 281, 13, "thousand)")])]
>>> bracket_stacks(unit)
['(EUR thousand)']
"""

from __future__ import annotations

from regc.reports.pdftree import Line, Word

MAX_DRIFT = 12.0  # points: the fragment below is centred this close to the one above (narrow column, left-set)


def _below(word: Word, line: Line) -> Word | None:
    hits = [w for w in line.words if w.x0 < word.x1 and w.x1 > word.x0 and abs(w.xc - word.xc) <= MAX_DRIFT]
    return min(hits, key=lambda w: abs(w.xc - word.xc)) if hits else None


def stacked_words(lines: list[Line]) -> list[Word]:
    """Header words in reading order, hyphen-broken fragments stacked in one column joined into one word."""
    used: set[int] = set()
    out: list[Word] = []
    for i, line in enumerate(lines):
        for w in line.words:
            if id(w) in used:
                continue
            text, cur, k = w.text, w, i + 1
            while text.endswith("-") and len(text) > 1 and k < len(lines):
                nxt = _below(cur, lines[k])
                if nxt is None or id(nxt) in used:
                    break
                used.add(id(nxt))
                text, cur, k = text[:-1] + nxt.text, nxt, k + 1
            out.append(w if text == w.text else Word(w.x0, w.y0, w.x1, w.y1, text))
    return out


BRACKET_DEPTH = 3  # header lines a bracketed cell may wrap over


def bracket_stacks(lines: list[Line]) -> list[str]:
    """Bracketed header cells wrapped over lines in one column, joined (rule ``bracket_stack``)."""
    out = []
    for i, line in enumerate(lines):
        for w in line.words:
            if "(" not in w.text or ")" in w.text[w.text.rfind("("):]:
                continue
            parts, cur = [w.text], w
            for below_line in lines[i + 1:i + 1 + BRACKET_DEPTH]:
                nxt = _below(cur, below_line)
                if nxt is None:
                    break
                parts.append(nxt.text)
                cur = nxt
                if ")" in nxt.text:
                    out.append(" ".join(parts))
                    break
    return out
