"""The title view: provisions ranked by how well their titles match the question.  A provision's titles are its
heading ("Law enforcement delay.", "Disclosures by asset managers") and the names of the standards and
implementation specifications it sets out ("Standard: Audit controls.", "(i) Unique user identification
(Required)."), which is where a rule says what it is about.  Scored with BM25 over those short texts
(in memory, built once per index).

>>> titles_in("(b) Standard: Audit controls. Implement ... (i) Unique user identification (Required). Assign ...")
['Audit controls', 'Unique user identification']
>>> t = TitleIndex({"a#§ 1": ["Law enforcement delay"], "a#§ 2": ["Notification to individuals"]})
>>> [n for n, _ in t.rank("the police asked us to delay telling patients")]
['a#§ 1']
"""

from __future__ import annotations

import math
import re
from typing import Iterable

from regc.retrieval.anchor import QUESTION_WORDS

STANDARD_NAME = re.compile(r"\bStandards?\s?[:—-]\s*(?P<name>[A-Z][^.:;()]{3,80}?)[.:]")
SPECIFICATION_NAME = re.compile(r"\((?:[ivx]+|[A-Z]|\d+)\)\s+(?P<name>[A-Z][a-z][^.:;()]{2,70}?)\s+"
                                r"\((?:Required|Addressable)\)")
_WORD = re.compile(r"[a-z][a-z0-9\-]+")
K1, B = 1.2, 0.75


def stem(w: str) -> str:
    """A crude plural/verb-ending stem, enough to match "notifications"/"notification", "delays"/"delay"."""
    for suffix in ("ations", "ation", "ings", "ing", "ies", "es", "s", "ed"):
        if len(w) > len(suffix) + 3 and w.endswith(suffix):
            return w[: -len(suffix)]
    return w


def words(text: str) -> list[str]:
    return [stem(w) for w in _WORD.findall(text.lower()) if w not in QUESTION_WORDS and len(w) > 2]


def titles_in(text: str) -> list[str]:
    """Names of the standards and implementation specifications set out in ``text``."""
    out = [m.group("name").strip() for m in STANDARD_NAME.finditer(text)]
    out += [m.group("name").strip() for m in SPECIFICATION_NAME.finditer(text)]
    return list(dict.fromkeys(out))


class TitleIndex:
    """BM25 over each provision's titles (node id -> list of titles)."""

    def __init__(self, titles: dict[str, list[str]]):
        self.docs = {n: words(" ".join(ts)) for n, ts in sorted(titles.items()) if ts}
        self.avg = sum(len(d) for d in self.docs.values()) / max(1, len(self.docs))
        df: dict[str, int] = {}
        for d in self.docs.values():
            for w in set(d):
                df[w] = df.get(w, 0) + 1
        n = len(self.docs)
        self.idf = {w: math.log(1 + (n - c + 0.5) / (c + 0.5)) for w, c in df.items()}

    def rank(self, text: str, pool: int = 50) -> list[tuple[str, float]]:
        """Provisions whose titles share words with ``text``, best first (ties by id)."""
        q = set(words(text))
        scores = []
        for node, d in self.docs.items():
            s = 0.0
            for w in q & set(d):
                tf = d.count(w)
                s += self.idf[w] * tf * (K1 + 1) / (tf + K1 * (1 - B + B * len(d) / self.avg))
            if s > 0:
                scores.append((node, s))
        scores.sort(key=lambda x: (-x[1], x[0]))
        return scores[:pool]


def provision_titles(part_chunks: dict[str, list], headings: Iterable[tuple[str, str]] = ()) -> dict[str, list[str]]:
    """Titles of each provision: its chunks' headings and the standards/specifications named in its text."""
    out: dict[str, list[str]] = {}
    for node, chunks in part_chunks.items():
        ts = [c.heading for c in chunks if c.heading and c.heading != "table"]
        for c in chunks:
            ts += titles_in(c.text)
        out[node] = list(dict.fromkeys(t for t in ts if t))
    return out
