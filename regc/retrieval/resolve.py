"""Reference resolution: CELEX verification/correction, internal references, pinpoint locators and fetching an
act from EUR-Lex (paper §3.6, seed 001).  Criterion-conditioned retrieval is :mod:`regc.retrieval.retrieve`,
extractive enrichment :mod:`regc.retrieval.enrich`.

Everything here is deterministic.  Decisions carry a ``rule`` and a ``confidence`` so a learned arbiter can
override them.

>>> from regc.retrieval.registry import ActRegistry, ActInfo
>>> reg = ActRegistry({"32018L2001": ActInfo("32018L2001", "Directive (EU) 2018/2001")})
>>> r = verify_celex("32018R2001", reg)
>>> r.celex, r.status, r.rule
('32018L2001', 'corrected', 'type-letter R->L')
>>> verify_celex("32001L2018", reg).celex            # year and number transposed
'32018L2001'
>>> verify_celex("32020L2184", reg).status            # well-formed but not in this corpus
'not_in_registry'
"""

from __future__ import annotations

import hashlib
import re
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from regc.retrieval.registry import ActRegistry
from regc.ir.celex import is_valid_celex, make_celex, recover_celex

MAX_CORRECTIONS = 3

# ---------------------------------------------------------------------------------------------------------------
# CELEX verification


@dataclass(frozen=True)
class CelexResolution:
    text: str
    celex_in: Optional[str]
    celex: Optional[str]
    status: str  # verified | corrected | title_match | not_in_registry | unresolved
    rule: str
    confidence: float
    tries: tuple[str, ...] = ()


def celex_corrections(celex: str) -> list[str]:
    """Plausible intended ids for a CELEX that the registry does not know, most likely first:
    repaired format, regulation<->directive letter, transposed year/number (old "No n/yyyy" order)."""
    out: list[str] = []

    def add(c: Optional[str]) -> None:
        if c and is_valid_celex(c) and c != celex and c not in out:
            out.append(c)

    fixed = recover_celex(celex)
    if fixed and fixed != celex:
        add(fixed)
        celex = fixed
    m = re.match(r"^3(\d{4})([RLDH])(\d{4})$", celex or "")
    if not m:
        return out
    year, letter, number = m.group(1), m.group(2), int(m.group(3))
    swap = {"R": "L", "L": "R", "D": "R", "H": "D"}[letter]
    add(f"3{year}{swap}{number:04d}")
    if 1950 <= number <= 2100:  # "Directive 2001/2018" for 2018/2001; "No 2006/1907" for 1907/2006
        try:
            add(make_celex(number, letter, int(year)))
            add(make_celex(number, swap, int(year)))
        except ValueError:
            pass
    if number < 100 and int(year[2:]) >= 0:  # two-digit number that was a year: "Directive 92/43" -> 1992
        try:
            add(make_celex(1900 + number if number >= 50 else 2000 + number, letter, int(year[2:])))
        except ValueError:
            pass
    return out


def verify_celex(celex: Optional[str], registry: ActRegistry, text: str = "",
                 max_tries: int = MAX_CORRECTIONS) -> CelexResolution:
    """Check ``celex`` against the registry; try up to ``max_tries`` corrections, then a title search on
    ``text`` (for acts cited by name); else report why it stays unresolved."""
    tries: list[str] = []
    if celex and registry.knows(celex):
        return CelexResolution(text, celex, celex.upper(), "verified", "registry", 1.0, (celex,))
    if celex:
        tries.append(celex)
        for cand in celex_corrections(celex)[:max_tries]:
            tries.append(cand)
            if registry.knows(cand):
                rule = _correction_rule(celex, cand)
                return CelexResolution(text, celex, cand, "corrected", rule, 0.75, tuple(tries))
    if text:
        found = registry.search_title(_title_words(text), min_score=0.75)
        if found and (len(found) == 1 or found[0][1] > found[1][1]):
            c, s = found[0]
            if celex is None or not is_valid_celex(celex):
                return CelexResolution(text, celex, c, "title_match", f"title-search({s})", 0.6 * s, tuple(tries))
    if celex and is_valid_celex(celex):
        return CelexResolution(text, celex, celex, "not_in_registry", "well-formed; act not in the corpus", 0.5,
                               tuple(tries))
    return CelexResolution(text, celex, None, "unresolved", "no registry match", 0.0, tuple(tries))


def _correction_rule(a: str, b: str) -> str:
    if a[:5] == b[:5] and a[6:] == b[6:]:
        return f"type-letter {a[5]}->{b[5]}"
    if a[5] == b[5]:
        return "transposed-year-number"
    if recover_celex(a) == b:
        return "format-repair"
    return "transposed-year-number+type-letter"


def _title_words(text: str) -> str:
    """Drop pinpoints and act numbers: 'Article 4 of the Waste Framework Directive' -> 'the Waste Framework Directive'."""
    t = re.sub(r"\b(?:Articles?|Annex(?:es)?|points?|paragraphs?)\s+[\w().,\s]*?\s+(?:of|to)\s+", " ", text)
    return re.sub(r"\d+/\d+(?:/\w+)?", " ", t)


# ---------------------------------------------------------------------------------------------------------------
# internal references ("Section 5.11 of this Annex", "Appendix A")


@dataclass(frozen=True)
class InternalTarget:
    text: str
    kind: str  # section | appendix
    target: Optional[str]  # activity id ("CCM-5.11") or appendix key ("CCM/A")
    found: bool
    rule: str


def resolve_internal(text: str, act, objective: str) -> list[InternalTarget]:
    """Targets of an internal reference within the compiled act (``regc.ir.doc.ActDoc``).

    >>> from regc.ir.doc import ActDoc, ActivityDoc
    >>> act = ActDoc(celex="32021R2139", format="formex", file="x", activities=[
    ...     ActivityDoc(activity_id="CCM-5.11", objective="CCM", section="5.11", name="Transport of CO2")])
    >>> [(t.target, t.found) for t in resolve_internal("Section 5.11 of this Annex", act, "CCM")]
    [('CCM-5.11', True)]
    """
    out: list[InternalTarget] = []
    m = re.search(r"\bAppendix\s+([A-Z])\b", text)
    if m:
        key = f"{objective}/{m.group(1)}"
        found = bool(act is not None and key in getattr(act, "appendices", {}))
        out.append(InternalTarget(text, "appendix", key, found, "appendix-of-annex"))
        return out
    scope = objective
    am = re.search(r"\bAnnex\s+([IVX]+)\b", text)
    if am and act is not None:  # "Section 3.2 of Annex II" -> the objective of that annex
        objectives = []
        for a in act.activities:
            if a.objective not in objectives:
                objectives.append(a.objective)
        idx = _roman(am.group(1)) - 1
        if 0 <= idx < len(objectives):
            scope = objectives[idx]
    for sec in re.findall(r"\b(\d+\.\d+)\b", text):
        target = f"{scope}-{sec}"
        found = act is not None and any(a.activity_id == target for a in act.activities)
        out.append(InternalTarget(text, "section", target, found, "section-of-annex"))
    return out


def _roman(s: str) -> int:
    vals = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100}
    total = 0
    for i, ch in enumerate(s):
        v = vals[ch]
        total += -v if i + 1 < len(s) and vals[s[i + 1]] > v else v
    return total


# ---------------------------------------------------------------------------------------------------------------
# pinpoints -> locators


def pinpoint_locators(pinpoint: Optional[str]) -> list[str]:
    """Locators named by a citation's pinpoint.

    >>> pinpoint_locators("Article 29, paragraphs 6 and 7")
    ['Article 29(6)', 'Article 29(7)']
    >>> pinpoint_locators("Article 25(2)")
    ['Article 25(2)']
    >>> pinpoint_locators("Annex II, part 2")
    ['Annex II, Part 2']
    >>> pinpoint_locators("Article 29, paragraphs 2 to 5")
    ['Article 29(2)', 'Article 29(3)', 'Article 29(4)', 'Article 29(5)']
    >>> pinpoint_locators("Article 11(1), point (b)"), pinpoint_locators("Article 2, points (22) and (23)")
    (['Article 11(1)(b)'], ['Article 2(22)', 'Article 2(23)'])
    >>> pinpoint_locators("Article 2, point 41")
    ['Article 2(41)']
    """
    if not pinpoint:
        return []
    p = pinpoint.strip()
    m = re.match(r"^Articles?\s+(\d+[a-z]?)((?:\(\w+\))*)\s*(?:,\s*(paragraphs?|points?)\s+(.+?),?)?$", p)
    if m:
        art, sub, kind, rest = m.group(1), m.group(2) or "", m.group(3) or "", m.group(4)
        if rest:
            nums = _number_list(re.sub(r"\((\w{1,5})\)", r"\1", rest))
            if nums and kind.startswith("point"):  # "Article 11(1), point (b)" -> Article 11(1)(b)
                return [f"Article {art}{sub}({n})" for n in nums]
            if nums:
                return [f"Article {art}({n})" for n in nums]
        return [f"Article {art}{sub}"]
    m = re.match(r"^Annex\s+([IVXLC]+[A-Z]?)(?:\s*,\s*[Pp]art\s+(\w+))?", p)
    if m:
        return [f"Annex {m.group(1)}" + (f", Part {m.group(2)}" if m.group(2) else "")]
    m = re.match(r"^Articles\s+(.+)$", p)
    if m:
        return [f"Article {n}" for n in _number_list(m.group(1))]
    return []


def _number_list(s: str) -> list[str]:
    s = s.strip().rstrip(",")
    m = re.match(r"^(\d+)\s+to\s+(\d+)$", s)
    if m and int(m.group(2)) - int(m.group(1)) < 30:
        return [str(i) for i in range(int(m.group(1)), int(m.group(2)) + 1)]
    parts = re.split(r"\s*,\s*|\s+and\s+|\s+or\s+", s)
    return [x for x in parts if re.match(r"^(?:\d+[a-z]?|[a-z]{1,2}|[ivx]+)$", x)]


# ---------------------------------------------------------------------------------------------------------------
# fetch (EUR-Lex download, cached)


class FetchError(RuntimeError):
    pass


def fetch_celex(celex: str, *, base_url: str = "https://eur-lex.europa.eu", timeout: float = 20.0,
                cache: Optional[Path] = None) -> Path:
    """Download the English HTML of an act from EUR-Lex into the cache (once); returns the cached file."""
    from regc.retrieval.index import cache_dir

    c = recover_celex(celex.strip().upper())
    if c is None:
        raise FetchError(f"{celex!r} is not a CELEX number (e.g. 32018L2001)")
    folder = Path(cache or cache_dir() / "eurlex")
    key = hashlib.sha256(base_url.encode()).hexdigest()[:8]
    path = folder / f"{c}-{key}.html"
    if path.exists() and path.stat().st_size > 0:
        return path
    url = f"{base_url.rstrip('/')}/legal-content/EN/TXT/HTML/?uri=CELEX:{c}"
    try:
        with urllib.request.urlopen(url, timeout=timeout) as resp:  # noqa: S310 (fixed scheme from base_url)
            data = resp.read()
    except (urllib.error.URLError, OSError, ValueError) as e:
        reason = getattr(e, "reason", e)
        raise FetchError(f"cannot download {c} from {base_url} ({reason}); no network? the local corpus "
                         f"(regc index) works offline") from None
    if not data:
        raise FetchError(f"{url}: empty answer")
    folder.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_bytes(data)
    tmp.replace(path)
    return path
