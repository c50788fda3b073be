"""Registry of the acts a corpus knows: CELEX -> titles, read from the corpus ``meta.json`` files.

>>> reg = ActRegistry({"32018L2001": ActInfo("32018L2001", "Directive (EU) 2018/2001",
...                    "Directive (EU) 2018/2001 ... on the promotion of the use of energy from renewable sources",
...                    ("renewable energy directive",))})
>>> reg.knows("32018l2001"), reg.knows("32018R2001")
(True, False)
>>> reg.search_title("the Renewable Energy Directive")[0][0]
'32018L2001'
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Optional

_WORD = re.compile(r"[a-z0-9]+")
_STOP = {"the", "of", "and", "on", "for", "to", "a", "an", "in", "by", "with", "as", "or", "its", "their", "eu", "ec",
         "european", "parliament", "council", "commission", "union", "regulation", "directive", "decision",
         "delegated", "implementing", "amending", "repealing", "text", "eea", "relevance", "no", "that", "this"}


@dataclass(frozen=True)
class ActInfo:
    celex: str
    short_title: str
    title: str = ""
    aliases: tuple[str, ...] = ()

    def words(self) -> set[str]:
        return {w for w in _WORD.findall(" ".join((self.title, self.short_title, *self.aliases)).lower())
                if w not in _STOP and not w.isdigit()}


@dataclass
class ActRegistry:
    acts: dict[str, ActInfo] = field(default_factory=dict)

    def knows(self, celex: Optional[str]) -> bool:
        return bool(celex) and celex.upper() in self.acts

    def get(self, celex: str) -> Optional[ActInfo]:
        return self.acts.get(celex.upper())

    def title(self, celex: str) -> str:
        a = self.get(celex)
        return (a.title or a.short_title) if a else ""

    def lookup(self, celex: str) -> Optional[bool]:
        """For :func:`regc.ir.celex.set_registry`: True if known, None otherwise (a partial mirror proves nothing)."""
        return True if self.knows(celex) else None

    def search_title(self, text: str, min_score: float = 0.5) -> list[tuple[str, float]]:
        """Acts whose title/aliases cover the content words of ``text`` ("the Renewable Energy Directive"),
        best first; score = share of the query's content words found in the title (aliases count double)."""
        q = {w for w in _WORD.findall(text.lower()) if w not in _STOP and not w.isdigit()}
        if not q:
            return []
        out = []
        for a in self.acts.values():
            alias_words = {w for al in a.aliases for w in _WORD.findall(al.lower()) if w not in _STOP}
            hit = len(q & a.words()) / len(q)
            if alias_words and q <= alias_words | {"framework"}:
                hit = max(hit, 1.0)
            if hit >= min_score:
                out.append((a.celex, round(hit, 3)))
        out.sort(key=lambda x: (-x[1], x[0]))
        return out

    def to_json(self) -> dict:
        return {c: {"short_title": a.short_title, "title": a.title, "aliases": list(a.aliases)}
                for c, a in sorted(self.acts.items())}

    @classmethod
    def from_json(cls, d: dict) -> "ActRegistry":
        return cls({c: ActInfo(c, v["short_title"], v.get("title", ""), tuple(v.get("aliases", ())))
                    for c, v in d.items()})


def _en_title(meta: dict) -> str:
    for e in meta.get("expressions", []):
        if e.get("language") == "en" and e.get("title"):
            return e["title"]
    return ""


def _aliases(meta: dict) -> list[str]:
    return [m["label"] for m in meta.get("publisher_metadata", [])
            if m.get("kind") == "publisher_short_title" and m.get("language") == "en"]


def load_registry(works: Path, celexes: Optional[Iterable[str]] = None) -> ActRegistry:
    """Read ``works/<celex>/meta.json`` (short title) and the versions' metadata (full English title, the
    publisher's short title such as "taxonomy regulation").  Unreadable metadata is skipped."""
    want = {c.upper() for c in celexes} if celexes is not None else None
    acts: dict[str, ActInfo] = {}
    if not works.is_dir():
        return ActRegistry()
    for d in sorted(p for p in works.iterdir() if p.is_dir()):
        celex = d.name.upper()
        if (want is not None and celex not in want) or not (d / "meta.json").exists():
            continue
        short, title, aliases = "", "", []
        try:
            top = json.loads((d / "meta.json").read_text(encoding="utf-8"))
            short = top.get("title", "")
        except (OSError, ValueError):
            pass
        for v in sorted((p for p in d.iterdir() if p.is_dir()), key=lambda p: p.name, reverse=True):
            try:
                meta = json.loads((v / "meta.json").read_text(encoding="utf-8"))
            except (OSError, ValueError):
                continue
            title = title or _en_title(meta)
            aliases += [a for a in _aliases(meta) if a not in aliases]
        tidy = lambda t: re.sub(r"\s+", " ", t.replace("\u00a0", " ")).strip()  # noqa: E731
        acts[celex] = ActInfo(celex, tidy(short or title), tidy(title), tuple(tidy(a) for a in aliases))
    return ActRegistry(acts)
