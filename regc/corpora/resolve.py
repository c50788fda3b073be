"""Reference resolution: CELEX verification/correction, internal references, criterion-conditioned retrieval
with a coverage check and query refinement, and extractive enrichment (paper §3.6, seed 001).

Everything here is deterministic.  Decisions carry a ``rule`` and a ``confidence`` so a learned arbiter can
override them.

>>> from regc.corpora.registry import ActRegistry, ActInfo
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
import math
import re
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Optional, Sequence

from regc.corpora.chunking import normalise_locator
from regc.corpora.registry import ActRegistry
from regc.ir.celex import is_valid_celex, make_celex, recover_celex

if TYPE_CHECKING:  # pragma: no cover
    from regc.corpora.search import Searcher

MAX_CORRECTIONS = 3
MAX_ITERATIONS = 3
QUOTE_WORDS = 45  # verbatim-quote limit per summary sentence
SUMMARY_SENTENCES = 4

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
    """
    if not pinpoint:
        return []
    p = pinpoint.strip()
    m = re.match(r"^Articles?\s+(\d+[a-z]?)((?:\(\w+\))*)\s*(?:,\s*(?:paragraphs?|points?)\s+(.+))?$", p)
    if m:
        art, sub, rest = m.group(1), m.group(2) or "", m.group(3)
        if rest:
            nums = _number_list(rest)
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
    return [x for x in parts if re.match(r"^\d+[a-z]?$", x)]


# ---------------------------------------------------------------------------------------------------------------
# criterion-conditioned retrieval


_STOP = {"the", "of", "and", "or", "to", "in", "a", "an", "for", "on", "by", "with", "that", "this", "is", "are",
         "be", "as", "at", "which", "shall", "where", "its", "their", "such", "from", "these", "those", "than",
         "referred", "accordance", "set", "out", "laid", "down", "pursuant", "under", "regulation", "directive",
         "article", "annex", "eu", "ec", "point", "points", "paragraph", "paragraphs", "activity", "activities"}
_QUANTITY = re.compile(r"\b\d+(?:[.,]\d+)?\s*(?:%|per\s?cent|g\b|kg\b|t\b|MW|kW|kWh|MWh|GWh|m2|m3|years?|km|°C)", re.I)
_THRESHOLD_WORDS = re.compile(r"\b(?:threshold|limit|at least|not exceed|lower than|below|minimum|maximum|"
                              r"saving|reduction|emissions?|efficiency|criteria)\b", re.I)


def content_words(text: str, limit: int = 20) -> list[str]:
    words = []
    for w in re.findall(r"[A-Za-z][A-Za-z\-]{2,}", text):
        lw = w.lower()
        if lw not in _STOP and lw not in words:
            words.append(lw)
    return words[:limit]


@dataclass
class Iteration:
    query: str
    confidence: float
    gaps: list[str]
    top: list[str]  # locators of the top passages


@dataclass
class Retrieval:
    passages: list  # list[Hit]
    confidence: float
    iterations: list[Iteration] = field(default_factory=list)
    covered_locators: list[str] = field(default_factory=list)


def build_query(ref_text: str, criterion_text: str = "", activity_name: str = "", objective: str = "",
                locators: Sequence[str] = ()) -> str:
    """Query from the activity name, the objective, the pinpoint locators and the criterion's threshold words."""
    parts = [*locators]
    crit = _THRESHOLD_WORDS.findall(criterion_text)
    parts += content_words(criterion_text, 12) + [w.lower() for w in crit]
    parts += content_words(activity_name, 6)
    if objective:
        parts.append({"CCM": "climate change mitigation", "CCA": "climate change adaptation",
                      "WTR": "water marine resources", "CE": "circular economy", "PPC": "pollution prevention",
                      "BIO": "biodiversity ecosystems"}.get(objective, objective))
    parts += content_words(_title_words(ref_text), 8)
    seen, out = set(), []
    for p in parts:
        if p.lower() not in seen:
            seen.add(p.lower())
            out.append(p)
    return " ".join(out)


def _loc_match(hit_locator: str, want: str) -> bool:
    h, w = normalise_locator(hit_locator), normalise_locator(want)
    return h == w or h.startswith(w + "(") or h.startswith(w + ",") or w.startswith(h + "(")


def judge_coverage(hits, celex: Optional[str], locators: Sequence[str], quantities: Sequence[str],
                   focus_words: Sequence[str] = ()) -> tuple[float, list[str], list[str]]:
    """Rule-based coverage of the top passages: right act? cited article/paragraph present (or, with no
    pinpoint, the criterion's content words)? needed quantities present?  Returns (confidence, gaps, covered)."""
    gaps: list[str] = []
    covered: list[str] = []
    text = " ".join(h.text for h in hits[:5]).lower()
    act_ok = bool(hits) and (celex is None or any(h.celex == celex for h in hits[:5]))
    if not act_ok:
        gaps.append("act")
    for loc in locators:
        if any(_loc_match(h.locator, loc) and (celex is None or h.celex == celex) for h in hits[:5]):
            covered.append(loc)
        else:
            gaps.append(f"locator:{loc}")
    q_ok = [q for q in quantities if q.lower() in text]
    for q in quantities:
        if q not in q_ok:
            gaps.append(f"quantity:{q}")
    if locators:
        loc_share = len(covered) / len(locators)
    elif focus_words:  # a whole-act reference: how much of the criterion do the passages speak to?
        loc_share = sum(1 for w in focus_words if w in text) / len(focus_words)
    else:
        loc_share = 1.0 if act_ok else 0.0
    q_share = len(q_ok) / len(quantities) if quantities else 1.0
    conf = 0.4 * act_ok + 0.4 * loc_share + 0.2 * q_share
    return round(conf, 3), gaps, covered


def retrieve(searcher: "Searcher", ref_text: str, celex: Optional[str], pinpoint: Optional[str] = None, *,
             criterion_text: str = "", activity_name: str = "", objective: str = "", k: int = 5,
             max_iterations: int = MAX_ITERATIONS, fusion: str = "rrf", mode: str = "hybrid") -> Retrieval:
    """Criterion-conditioned retrieval with a coverage check; the query is refined from the gaps and retried
    (up to ``max_iterations``).  Passages named by the pinpoint are looked up in the act tree directly."""
    from regc.corpora.search import Hit, QueryError

    locators = pinpoint_locators(pinpoint)
    quantities = [m.group(0) for m in _QUANTITY.finditer(ref_text)]
    in_index = bool(celex) and celex in searcher.trees
    query = build_query(ref_text, criterion_text, activity_name, objective, locators)
    best: Optional[Retrieval] = None
    iterations: list[Iteration] = []
    direct: list = []
    if in_index and locators:  # the structure tree knows the cited provisions
        for loc in locators:
            for ch in searcher.chunks_of_act(celex):
                if _loc_match(ch.locator, loc):
                    direct.append(Hit(ch.chunk_id, ch.celex, ch.locator, ch.text, 1.0))
    for it in range(max_iterations):
        try:
            hits = searcher.search(query, k, mode=mode, fusion=fusion, celex=celex if in_index else None)
        except QueryError:
            hits = []
        merged = list(direct)
        for h in hits:
            if h.chunk_id not in {m.chunk_id for m in merged}:
                merged.append(h)
        merged = merged[: max(k, len(direct))]
        conf, gaps, covered = judge_coverage(merged, celex if in_index else None, locators, quantities,
                                             content_words(criterion_text, 8))
        iterations.append(Iteration(query, conf, gaps, [h.locator for h in merged[:k]]))
        cur = Retrieval(merged, conf, list(iterations), covered)
        if best is None or conf > best.confidence:
            best = cur
        if not gaps:
            break
        query = _refine(query, gaps, searcher, celex)
    assert best is not None
    best.iterations = iterations
    return best


def _refine(query: str, gaps: list[str], searcher: "Searcher", celex: Optional[str]) -> str:
    """Add what is missing: the cited provision's number and heading, the missing quantities, the act title."""
    extra: list[str] = []
    for g in gaps:
        kind, _, what = g.partition(":")
        if kind == "locator":
            extra.append(what)
            tree = searcher.trees.get(celex or "")
            node = tree.find(re.sub(r"\(.*$", "", what)) if tree else None
            if node is not None and node.heading:
                extra += content_words(node.heading, 8)
        elif kind == "quantity":
            extra.append(what)
        elif kind == "act" and celex:
            extra += content_words(searcher.registry.title(celex), 8)
    words = query.split()
    return " ".join(dict.fromkeys(extra + words))


# ---------------------------------------------------------------------------------------------------------------
# enrichment (extractive, criterion-focused)


_SENT = re.compile(r"(?<=[.;:])\s+(?=[A-Z(])")


def _sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENT.split(text) if len(s.strip()) > 20]


def _trim(s: str, max_words: int = QUOTE_WORDS) -> str:
    w = s.split()
    return s if len(w) <= max_words else " ".join(w[:max_words]) + " …"


def summarise(passages, focus: str, max_sentences: int = SUMMARY_SENTENCES) -> tuple[str, list[tuple[str, str]]]:
    """Extractive summary: the sentences of the passages that share most content words with ``focus`` (the
    criterion and reference text), each trimmed to the quote limit and tagged with its passage locator.
    Returns (summary, [(sentence, "celex locator")...]) in passage order."""
    fw = set(content_words(focus, 40))
    scored = []
    for pi, h in enumerate(passages):
        for si, s in enumerate(_sentences(h.text)):
            sw = set(content_words(s, 60))
            overlap = len(fw & sw)
            if overlap == 0 and pi > 0:
                continue
            score = overlap / math.sqrt(len(sw) + 1) + (0.5 if pi == 0 else 0.0) + 0.3 * h.score
            scored.append((score, pi, si, s, h))
    chosen = sorted(scored, key=lambda x: (-x[0], x[1], x[2]))[:max_sentences]
    chosen.sort(key=lambda x: (x[1], x[2]))
    mapped = [(_trim(s), f"{h.celex} {h.locator}") for _, _, _, s, h in chosen]
    summary = " ".join(f"{s} [{loc.split(' ', 1)[1]}]" for s, loc in mapped)
    return summary, mapped


def key_facts_of(passages, limit: int = 5) -> list[str]:
    """Obligations and quantified statements ("shall", numbers with units), tagged with their locator."""
    out = []
    for h in passages:
        for s in _sentences(h.text):
            if re.search(r"\bshall\b|\bmust\b", s) or _QUANTITY.search(s):
                fact = f"{h.locator}: {_trim(s, 35)}"
                if fact not in out:
                    out.append(fact)
            if len(out) >= limit:
                return out
    return out


def thresholds_of(passages, limit: int = 8) -> list[dict]:
    from regc.grammar.thresholds import decide

    out = []
    for h in passages:
        sents = _sentences(h.text)
        chapeau = sents[0] if sents else ""
        for s in sents:
            if not re.search(r"\d", s):
                continue
            try:
                th = decide(s, parent_text=chapeau if s is not chapeau else None).threshold
            except Exception:  # a threshold parser failure on foreign text must not stop enrichment
                continue
            if th is not None and th.quantitative is not None:
                for item in th.quantitative.items:
                    metric = re.sub(r"^\(\w{1,4}\)\s*", "", item.metric).strip()
                    if not metric:  # a list point: the metric is what the chapeau talks about
                        metric = " ".join(content_words(chapeau, 6))
                    d = {"metric": metric, "operator": item.operator, "value": item.value, "unit": item.unit,
                         "locator": f"{h.celex} {h.locator}"}
                    if d not in out:
                        out.append(d)
            if len(out) >= limit:
                return out
    return out


STANDARD = re.compile(r"^(?:EN|ISO|IEC|CEN|CLC|ASTM)\b|^(?:EN ISO|ISO/IEC|EN IEC)\b")


def enrich(searcher: Optional["Searcher"], ref_text: str, celex: Optional[str], *, kind: str = "eu_act",
           pinpoint: Optional[str] = None, criterion_text: str = "", activity_name: str = "", objective: str = "",
           k: int = 5, fusion: str = "rrf") -> dict:
    """An ``Enrichment`` dict for one reference source (fits :class:`regc.ir.models.Enrichment`)."""
    if kind == "standard" or STANDARD.match(ref_text.strip()):
        return {"status": "paywalled", "summary": None, "key_facts": [], "thresholds": [], "confidence": None,
                "passages": []}
    if searcher is None or not celex or celex not in searcher.trees:
        return {"status": "not_found", "summary": None, "key_facts": [], "thresholds": [], "confidence": 0.0,
                "passages": []}
    r = retrieve(searcher, ref_text, celex, pinpoint, criterion_text=criterion_text, activity_name=activity_name,
                 objective=objective, k=k, fusion=fusion)
    passages = [h for h in r.passages if h.celex == celex] or r.passages
    if not passages:
        return {"status": "not_found", "summary": None, "key_facts": [], "thresholds": [],
                "confidence": r.confidence, "passages": []}
    best_per_locator: dict[str, object] = {}
    for h in passages:  # one entry per provision (split chunks of one paragraph collapse)
        if h.locator not in best_per_locator:
            best_per_locator[h.locator] = h
    passages = list(best_per_locator.values())[:k]
    summary, _ = summarise(passages, f"{criterion_text} {ref_text} {activity_name}")
    return {"status": "retrieved", "summary": summary or None, "key_facts": key_facts_of(passages),
            "thresholds": thresholds_of(passages), "confidence": r.confidence,
            "passages": [{"doc": h.celex, "locator": h.locator, "score": round(float(h.score), 4)}
                         for h in passages]}


# ---------------------------------------------------------------------------------------------------------------
# fetch (EUR-Lex download, cached)


class FetchError(RuntimeError):
    pass


def fetch_celex(celex: str, *, base_url: str = "https://eur-lex.europa.eu", timeout: float = 20.0,
                cache: Optional[Path] = None) -> Path:
    """Download the English HTML of an act from EUR-Lex into the cache (once); returns the cached file."""
    from regc.corpora.index import cache_dir

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
