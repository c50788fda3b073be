"""Activity codes from a code glossary page: a report whose KPI tables print activity names only may list each
name with its code elsewhere ("Glossary of Taxonomy-eligible activities": name / "CCM 7.2" / objective).

Rule ``glossary_codes``: a line that prints an activity name (two or more words from the left edge), then one
activity code with its objective ("CCM 7.2", "PPC-1.2") and after it no number -- a glossary or reference-list
entry, not a table row -- names that code; a line directly below that holds only words left of the code (the
name's wrapped end, "vehicles") joins the name.  A row without a code takes the glossary's code for its name (the
report's own statement, before any match against the delegated acts): an exact match of the normalised names,
else a close one (difflib ratio >= ``activity_names.MIN_RATIO``); among the codes one name has there ("Renovation of
existing buildings": CCM 7.2 and CE 3.2) the row's objective picks, else the first.

>>> from regc.reports.pdftree import Line, Word
>>> ls = [Line([Word(40, 0, 80, 8, "Manufacture"), Word(82, 0, 90, 8, "of"), Word(92, 0, 130, 8, "batteries"),
...             Word(290, 0, 305, 8, "CCM"), Word(307, 0, 320, 8, "3.4"), Word(360, 0, 400, 8, "Climate")]),
...       Line([Word(40, 10, 80, 18, "Total"), Word(290, 10, 305, 18, "CCM"), Word(307, 10, 320, 18, "3.4"),
...             Word(360, 10, 380, 18, "12.5")])]
>>> entries(ls)
[('manufacture of batteries', 'CCM', '3.4')]
>>> pick([('manufacture of batteries', 'CCM', '3.4')], "Manufacture of batteries", None)
('CCM', '3.4')
"""

from __future__ import annotations

import difflib
import re
from weakref import WeakKeyDictionary

from regc.reports import rows as V
from regc.reports.activity_names import MIN_RATIO, normalise_name
from regc.reports.pdftree import Document, Line

# one code with its objective, as one or two words ('CCM 7.2', 'CCM-7.2', 'PPC:1.2')
OBJECTIVE_CODE = re.compile(r"^(?P<obj>CCM|CCA|WTR|CE|PPC|BIO)[-:]?(?P<sec>\d{1,2}\.\d{1,2})?$")
SECTION = re.compile(r"^\d{1,2}\.\d{1,2}$")
MIN_NAME_WORDS = 2
WRAP_PITCH = 1.6  # a wrapped name's next line stands within this many line heights

_CACHE: WeakKeyDictionary = WeakKeyDictionary()


def _code_at(line: Line) -> tuple[int, str, str, int] | None:
    """(index of the code's first word, objective, section, index after the code) of a line's one code."""
    words = [w.text for w in line.words]
    for i, t in enumerate(words):
        m = OBJECTIVE_CODE.match(t)
        if not m:
            continue
        if m.group("sec"):
            return i, m.group("obj"), m.group("sec"), i + 1
        if i + 1 < len(words) and SECTION.match(words[i + 1]):
            return i, m.group("obj"), words[i + 1], i + 2
    return None


def entries(lines: list[Line]) -> list[tuple[str, str, str]]:
    """(normalised name, objective, section) of the glossary entries among a page's lines (rule
    ``glossary_codes``)."""
    out: list[tuple[str, str, str]] = []
    k = 0
    while k < len(lines):
        line, k = lines[k], k + 1
        at = _code_at(line)
        if at is None or at[0] < MIN_NAME_WORDS or any(V.is_number(w.text) for w in line.words[at[3]:]):
            continue
        name_words = line.words[:at[0]]
        if not all(w.text[:1].isalpha() for w in name_words[:1]) or V.CODE.search(" ".join(w.text for w in name_words)):
            continue
        code_x = line.words[at[0]].x0
        height = max(w.y1 - w.y0 for w in line.words)
        name = [w.text for w in name_words]
        while k < len(lines) and _code_at(lines[k]) is None and 0 < lines[k].y - line.y <= WRAP_PITCH * height \
                and lines[k].words[0].x0 <= name_words[0].x0 + 2 and any(w.x1 < code_x for w in lines[k].words):
            name += [w.text for w in lines[k].words if w.x1 < code_x]
            line, k = lines[k], k + 1
        out.append((normalise_name(" ".join(name)), at[1], at[2]))
    return out


def prints_no_code(rows) -> bool:
    """A table whose activity rows print no code at all (no code cell, no code in a label): only such a table's
    rows look for a glossary -- a table with a code column never makes the whole report be read for one.

    >>> from types import SimpleNamespace as R
    >>> prints_no_code([R(kind="activity", code_text="", label="Manufacture of batteries")])
    True
    >>> prints_no_code([R(kind="activity", code_text="", label="Manufacture of batteries"),
    ...                 R(kind="activity", code_text="CCM 3.1", label="Manufacture of renewable energy technologies")])
    False
    """
    return not any(r.code_text or V.CODE.search(r.label) for r in rows if r.kind == "activity")


def glossary(doc: Document) -> list[tuple[str, str, str]]:
    """Every glossary entry of the document, read once per document."""
    if doc not in _CACHE:
        _CACHE[doc] = [e for page in doc.pages() if not page.is_toc for e in entries(page.lines)]
    return _CACHE[doc]


def pick(found: list[tuple[str, str, str]], label: str, objective: str | None) -> tuple[str, str] | None:
    """(objective, section) the entries give a printed name: exact normalised name, else a close one."""
    key = normalise_name(label)
    if not key or not found:
        return None
    names = {n for n, _, _ in found}
    if key not in names:
        close = difflib.get_close_matches(key, sorted(names), n=1, cutoff=MIN_RATIO)
        if not close:
            return None
        key = close[0]
    codes = [(o, s) for n, o, s in found if n == key]
    return next(((o, s) for o, s in codes if o == objective), codes[0])


def glossary_code(doc: Document, label: str, objective: str | None) -> tuple[str, str] | None:
    """The code the document's glossary gives a row's name, None without one (rule ``glossary_codes``)."""
    return pick(glossary(doc), label, objective)
