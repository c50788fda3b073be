"""Criterion-conditioned retrieval: a query from the citing clause, search, a coverage check, query refinement,
citation closure, definitions and point-in-time versions of the cited act (paper §3.6, seed 001).

Deterministic; :func:`retrieve` is the entry point (:mod:`regc.retrieval.enrich` summarises what it finds).

>>> content_words("The threshold of 100 g CO2e/kWh shall not be exceeded", 4)
['threshold', 'kwh', 'not', 'exceeded']
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Optional, Sequence

from regc.retrieval.chunking import normalise_locator
from regc.retrieval.resolve import _title_words, pinpoint_locators

if TYPE_CHECKING:  # pragma: no cover
    from regc.retrieval.search import Searcher

MAX_ITERATIONS = 3
# ---------------------------------------------------------------------------------------------------------------
# criterion-conditioned retrieval


_STOP = {"the", "of", "and", "or", "to", "in", "a", "an", "for", "on", "by", "with", "that", "this", "is", "are",
         "be", "as", "at", "which", "shall", "where", "its", "their", "such", "from", "these", "those", "than",
         "referred", "accordance", "set", "out", "laid", "down", "pursuant", "under", "regulation", "directive",
         "article", "annex", "eu", "ec", "point", "points", "paragraph", "paragraphs", "activity", "activities"}
_QUANTITY = re.compile(r"\b\d+(?:[.,]\d+)?\s*(?:%|per\s?cent|g\b|kg\b|t\b|tonnes?|MW|kW|kWh|MWh|GWh|m2|m3|years?|km|"
                       r"°C|hectares?|ha\b)", re.I)
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
    version: Optional[str] = None  # corpus version date of the passages when not the indexed one


def build_query(ref_text: str, criterion_text: str = "", activity_name: str = "", objective: str = "",
                locators: Sequence[str] = ()) -> str:
    """Query from the activity name, the objective, the pinpoint locators and the criterion's threshold words;
    the reference text's own content words count twice.

    >>> build_query("applicable requirements for major renovations", "The renovation complies with the applicable "
    ...             "requirements for major renovations.").split().count("renovations")
    2
    """
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
    # the reference's own words ("applicable requirements for major renovations") and the words of the clause
    # citing it ("the emission test laid down in" Regulation (EU) 168/2013) say most about what to fetch:
    # repeated, they weigh twice in BM25
    out += specific_words(ref_text, criterion_text)
    return " ".join(out)


_GENERIC = {"least", "exceed", "below", "minimum", "maximum", "threshold", "limit", "criteria", "lower", "higher",
            "than", "equal", "calculated", "complies", "comply", "requirements", "laid", "accordance", "including"}
_UNSPECIFIC = {"activity", "activities", "economic", "operator", "operators", "ensure", "ensures", "meets", "used",
               "line", "where", "applicable", "relevant", "also", "accordance"}


def specific_words(ref_text: str, criterion_text: str) -> list[str]:
    """Content words of the reference and of the clause citing it that say WHAT is needed from the act
    (legal boilerplate and "the activity complies with" dropped).  Empty for a bare compliance reference.

    >>> specific_words("Directive 2009/31/EC", "The activity complies with Directive 2009/31/EC.")
    []
    """
    words = content_words(_title_words(ref_text) + " " + citing_clause(ref_text, criterion_text), 14)
    return [w for w in words if len(w) > 3 and w not in _GENERIC | _PROCEDURAL | _UNSPECIFIC]


def citing_clause(ref_text: str, criterion_text: str, before: int = 8, after: int = 6) -> str:
    """The words around the reference inside the criterion's clause (up to ``before`` words before it and
    ``after`` after it, not across ';' or ':'), which name what is needed from the act.

    >>> citing_clause("Regulation (EU) 168/2013", "for vehicles of category L, the tailpipe CO2 emissions equal to 0 "
    ...               "g CO2e/km calculated in accordance with the emission test laid down in Regulation (EU) "
    ...               "168/2013.").split(", ")
    ['category L', 'the tailpipe CO2 emissions equal to 0 g CO2e/km calculated in accordance with the emission test laid down in']
    """
    i = criterion_text.find(ref_text) if ref_text else -1
    if i < 0:
        return ""
    head = re.split(r"[;:]", criterion_text[:i])[-1].split()
    tail = re.split(r"[;:.]", criterion_text[i + len(ref_text):])[0].split()[:after]
    start, n = len(head), 0  # walk back over ``before`` content-bearing words (numbers count)
    while start > 0 and n < before:
        start -= 1
        if content_words(head[start]) or re.match(r"^[\d,./]+$", head[start]):
            n += 1
    return " ".join(head[start:] + tail).strip()


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


STRUCTURAL = ("pinpoint", "definition", "scope")  # passages located through the act's structure, not searched
CLOSURE_DECAY = 0.7  # score of a provision reached by one citation hop, relative to the provision citing it
_ONWARD = re.compile(r"\b(?:(Article)\s+(\d+[a-z]?)((?:\(\w{1,4}\))*)|(paragraph)\s+(\d+[a-z]?)|"
                     r"(Annex)\s+([IVXLC]+[A-Z]?)(?:,\s*[Pp]art\s+(\w+))?)(?!\w)")
# "... of Regulation ...", "... of the Paris Agreement": a provision of another instrument
_OTHER_ACT = re.compile(r"^\s*(?:,\s*)?(?:first|second|third|\w+)?\s*(?:subparagraph\s*)?(?:,\s*)?"
                        r"(?:points?\s+\([^)]*\)\s*)?(?:of|to)\s+(?!this\b)(?:the\s+)?[A-Z]")


def onward_locators(text: str, locator: str) -> list[str]:
    """Provisions of the SAME act that a passage refers onwards to ("Article 31(1)", "paragraph 1" of its own
    article, "Annex IX, Part A"); citations of other acts ("Article 3 of Regulation (EU) 2018/1999") are left to
    the citation graph.

    >>> onward_locators("as referred to in Article 31(1) and in paragraph 1 of this Article, and Article 3 of "
    ...                 "Regulation (EU) 2018/1999, following Annex IX, Part A and Article 5 of the Paris Agreement",
    ...                 "Article 29(6)")
    ['Article 31(1)', 'Article 29(1)', 'Annex IX, Part A']
    """
    from regc.retrieval.citegraph import part_of

    own = part_of(locator)
    out: list[str] = []
    for m in _ONWARD.finditer(text):
        if _OTHER_ACT.match(text[m.end():m.end() + 60]):
            continue
        if m.group(1):
            loc = f"Article {m.group(2)}{m.group(3) or ''}"
        elif m.group(4):
            if not own.startswith("Article"):
                continue
            loc = f"{own}({m.group(5)})"
        else:
            loc = f"Annex {m.group(7)}" + (f", Part {m.group(8)}" if m.group(8) else "")
        if _loc_match(locator, loc) or _loc_match(loc, locator) or loc in out:
            continue  # the passage itself (or a part of it)
        out.append(loc)
    return out


# law-making boilerplate: sharing these with the criterion says nothing about the criterion's information need
# ("implementing acts ... adopted in accordance with the examination procedure referred to in Article 34(3)")
_PROCEDURAL = {"commission", "implementing", "delegated", "adopt", "adopted", "adopting", "acts", "act", "member",
               "states", "state", "procedure", "examination", "committee", "union", "council", "parliament",
               "european", "provisions", "provision", "measures", "including", "particular", "date", "application",
               "laid", "down", "criteria", "requirements", "complies", "comply", "established", "basis"}


def closure(searcher: "Searcher", seeds: list, focus: Sequence[str], *, decay: float = CLOSURE_DECAY,
            limit: int = 3, min_overlap: int = 2) -> list:
    """1-hop citation closure of the pinpointed passages ``seeds``: the provisions they cite onwards (same act:
    parsed from the text; other indexed acts: the citation graph, :meth:`Searcher.closure`) join the evidence
    with ``decay`` x the citing passage's score, when they share at least ``min_overlap`` content words with the
    criterion (``focus``): "in accordance with Article 35" (a procedure) does not join a biomass criterion.
    Best first; at most ``limit``."""
    from regc.retrieval.search import Hit

    have = {h.chunk_id for h in seeds}
    fw = set(focus) - _PROCEDURAL
    cands: dict[str, object] = {}
    cited_by: dict[str, int] = {}  # how many citing passages name it: the provision the text leans on most
    for h in seeds:
        chunks = searcher.chunks_of_act(h.celex)
        for loc in onward_locators(h.text, h.locator):
            for c in chunks:
                if c.chunk_id not in have and _loc_match(c.locator, loc):
                    hit = Hit(c.chunk_id, c.celex, c.locator, c.text, round(decay * h.score, 6), "closure")
                    cited_by[c.chunk_id] = cited_by.get(c.chunk_id, 0) + 1
                    if c.chunk_id not in cands or cands[c.chunk_id].score < hit.score:
                        cands[c.chunk_id] = hit
    for h in searcher.closure(list(seeds), decay=decay)[len(seeds):]:  # other acts, through the graph
        if h.chunk_id not in have and h.chunk_id not in cands:
            cands[h.chunk_id] = h
    scored = []
    need = min(min_overlap, max(1, len(fw) // 4))  # a short criterion cannot share many words
    seen_locs: set[tuple[str, str]] = set()
    for h in sorted(cands.values(), key=lambda h: h.chunk_id):
        overlap = len(fw & set(content_words(h.text, 200)))
        if (h.celex, h.locator) in seen_locs:  # one chunk per provision
            continue
        if overlap >= need:
            seen_locs.add((h.celex, h.locator))
            scored.append((h.score, cited_by.get(h.chunk_id, 1), overlap, h))
    scored.sort(key=lambda x: (-x[0], -x[1], -x[2], x[3].chunk_id))
    return [x[3] for x in scored[:limit]]


def definition_hits(searcher: "Searcher", celex: str, text: str, limit: int = 2) -> list:
    """Definitions ("‘major renovation’ means ...") of the act's defined terms that ``text`` uses, as passages
    at the definition's own locator ("Article 2(10)").  Multi-word terms only (one-word terms such as 'building'
    are too common to signal the information need); longest first."""
    from regc.retrieval.search import Hit

    low = " " + re.sub(r"\s+", " ", text.lower()) + " "
    tree = searcher.trees.get(celex)
    out = []
    taken: list[tuple[int, int]] = []  # spans of longer terms already matched ("renewable fuels" inside
    for term, loc in sorted(searcher.definitions(celex).items(), key=lambda x: (-len(x[0]), x[0])):  # "... of
        if " " not in term:                                                                 # non-biological origin")
            continue
        spans = [m.span() for m in re.finditer(r"(?<![\w-])" + re.escape(term) + r"s?(?![\w-])", low)]
        spans = [sp for sp in spans if not any(a <= sp[0] and sp[1] <= b for a, b in taken)]
        if not spans:
            continue
        taken += spans
        node = tree.find(loc) if tree else None
        if node is None or any(_loc_match(h.locator, loc) for h in out):
            continue
        out.append(Hit(f"{celex}:{loc}", celex, loc, node.full_text(), 0.9, "definition"))
        if len(out) >= limit:
            break
    return out


# ---------------------------------------------------------------------------------------------------------------
# point in time: the text of a cited act as it stood when the citing act was adopted


_DATE = re.compile(r"(?:^|/)(\d{4}-\d{2}-\d{2})(?:/|$)")
_PIT_TREES: dict[str, object] = {}  # "CELEX@date" -> ActTree of that version (parsed once per process)


def version_of(source: str) -> Optional[str]:
    """The version date of a corpus file: ``works/32018l2001/2024-07-16/en.html`` -> ``2024-07-16``."""
    found = _DATE.findall(str(source).replace("\\", "/"))
    return found[-1] if found else None


def as_of_celex(celex: Optional[str]) -> Optional[str]:
    """Latest date a citing act can have been adopted, from its CELEX year: 32021R2139 -> 2021-12-31."""
    m = re.match(r"^3(\d{4})[A-Z]", celex or "")
    return f"{m.group(1)}-12-31" if m else None


def point_in_time_tree(searcher: "Searcher", celex: str, as_of: Optional[str]):
    """``(version date, ActTree)`` of the newest corpus version of ``celex`` dated on or before ``as_of``, when
    the index holds a LATER version (a 2021 delegated act citing "Article 25(2) of Directive (EU) 2018/2001"
    means the 2018 text, not the 2024 consolidation in which paragraph 2 says something else); else None."""
    from regc.retrieval.ingest import WORKS, _formex_main, ingest_file

    tree = searcher.trees.get(celex)
    current = version_of(tree.source) if tree is not None else None
    if not (as_of and current and current > as_of):
        return None
    corpus = Path(searcher.manifest.get("corpus", ""))
    act_dir = next((d for d in (corpus / WORKS / celex.lower(), corpus / celex.lower()) if d.is_dir()), None)
    if act_dir is None:
        return None
    for v in sorted((p for p in act_dir.iterdir() if p.is_dir() and p.name <= as_of), reverse=True):
        key = f"{celex}@{v.name}"
        if key in _PIT_TREES:
            return v.name, _PIT_TREES[key]
        fmx = _formex_main(v / "en.fmx4") if (v / "en.fmx4").is_dir() else None
        cands = [fmx] if fmx else []
        cands += [f for f in (v / "en.xml", v / "en.html") if f.is_file() and f.stat().st_size > 20_000]
        for src in cands:
            try:
                _PIT_TREES[key] = ingest_file(src, celex, tree.title)
                return v.name, _PIT_TREES[key]
            except (ValueError, OSError):  # an unparseable old version: keep the indexed one
                continue
    return None


def indexed_version(searcher, celex: str) -> Optional[str]:
    """The version date of the indexed text of ``celex`` (from its source path), None if unknown."""
    tree = searcher.trees.get(celex)
    return version_of(tree.source) if tree is not None else None


def version_tree(searcher, celex: str, version: str):
    """The act tree of ``celex`` as of its corpus version ``version`` (read from the corpus the index was built
    from, cached), None when that version cannot be read."""
    found = point_in_time_tree(searcher, celex, version)
    return found[1] if found and found[0] == version else None


def _pit_hits(celex: str, version: str, pit_tree, locators: Sequence[str], focus: Sequence[str], limit: int = 3,
              k: int = 5):
    """Pinpointed passages from a point-in-time tree, plus their same-act onward references (1-hop closure with
    decay, criterion-relevant), or None when the old version lacks a cited provision."""
    from regc.retrieval.chunking import Node
    from regc.retrieval.search import Hit

    key = f"{celex}@{version}"
    pins = []
    for loc in locators:
        node = pit_tree.find(loc)
        if node is None:
            return None
        parts = [c for c in node.children if c.kind in ("paragraph", "section")] or [node]  # chunk granularity
        if node.text and parts[0] is not node:
            parts = [Node(node.kind, node.label, node.locator, node.text, node.heading)] + parts
        for p in parts:
            pins.append(Hit(f"{key}:{p.locator}", celex, p.locator, p.full_text(), 1.0, "pinpoint"))
    fw = set(focus) - _PROCEDURAL
    if len(pins) > k:  # a broad pinpoint (a whole annex or article): the criterion picks k parts, in text order
        first = {pins[0].chunk_id}
        ranked = sorted(pins, key=lambda h: (-len(fw & set(content_words(h.text, 400))), pins.index(h)))
        keep = first | {h.chunk_id for h in ranked[:k - 1]}
        pins = [h for h in pins if h.chunk_id in keep]
    need = min(2, max(1, len(fw) // 4))
    extra, seen = [], {h.locator for h in pins}
    for h in pins:
        for loc in onward_locators(h.text, h.locator):
            node = pit_tree.find(loc)
            if node is None or node.locator in seen:
                continue
            text = node.full_text()
            if len(fw & set(content_words(text, 200))) >= need:
                seen.add(node.locator)
                extra.append(Hit(f"{key}:{node.locator}", celex, node.locator, text, CLOSURE_DECAY, "closure"))
    return pins + extra[:limit]


def retrieve(searcher: "Searcher", ref_text: str, celex: Optional[str], pinpoint: Optional[str] = None, *,
             criterion_text: str = "", activity_name: str = "", objective: str = "", k: int = 5,
             max_iterations: int = MAX_ITERATIONS, fusion: str = "rrf", mode: str = "hybrid",
             as_of: Optional[str] = None) -> Retrieval:
    """Criterion-conditioned retrieval with a coverage check; the query is refined from the gaps and retried
    (up to ``max_iterations``).

    Coverage rules: passages named by the pinpoint are looked up in the act tree directly; when they cover the
    pinpoint, the evidence is those passages (ranked by the criterion query when there are more than ``k``) plus
    their 1-hop citation closure (:func:`closure`), never unrelated search hits; with ``as_of`` they are read from
    the corpus version in force then (:func:`point_in_time_tree`).  Without a pinpoint, the search hits come with
    the definitions of the act's terms that the criterion uses (:func:`definition_hits`), or, for a bare
    "complies with Directive X", the act's subject matter and scope."""
    locators = pinpoint_locators(pinpoint)
    quantities = [m.group(0) for m in _QUANTITY.finditer(ref_text)]
    in_index = bool(celex) and celex in searcher.trees
    query = build_query(ref_text, criterion_text, activity_name, objective, locators)
    focus = content_words(f"{criterion_text} {ref_text}", 40)
    best: Optional[Retrieval] = None
    iterations: list[Iteration] = []
    direct: list = _pinpoint_hits(searcher, celex, locators) if in_index and locators else []
    if in_index and locators and as_of:  # the version in force when the citing act was adopted
        r = _point_in_time_retrieval(searcher, celex, as_of, locators, quantities, focus, query, criterion_text, k)
        if r is not None:
            return r
    defs = _context_hits(searcher, celex, ref_text, criterion_text) if in_index and not locators else []
    _, _, pin_covered = judge_coverage(direct, celex if in_index else None, locators, (), ())
    pinned_ok = bool(direct) and len(pin_covered) == len(locators)
    for it in range(max_iterations):
        hits = []
        if not pinned_ok or len(direct) > k:  # the tree answered a pinpoint of few passages: no search needed
            hits = _scaled_search(searcher, query, max(k, len(direct)), mode, fusion, celex if in_index else None)
        if pinned_ok:
            merged = _pinned_evidence(searcher, direct, hits, locators, focus, k)
        else:
            merged = list(direct) + [d for d in defs if d.chunk_id not in {m.chunk_id for m in direct}]
            for h in hits:
                if h.chunk_id not in {m.chunk_id for m in merged}:
                    merged.append(h)
            merged = merged[: max(k, len(direct) + len(defs))]
        conf, gaps, covered = judge_coverage(merged, celex if in_index else None, locators, quantities,
                                             content_words(criterion_text, 8))
        iterations.append(Iteration(query, conf, gaps, [h.locator for h in merged[:k]]))
        cur = Retrieval(merged, conf, list(iterations), covered)
        if best is None or conf > best.confidence:
            best = cur
        if not gaps or (pinned_ok and not hits):  # nothing a refined query could change
            break
        query = _refine(query, gaps, searcher, celex)
    assert best is not None
    best.iterations = iterations
    return best


def _pinpoint_hits(searcher: "Searcher", celex: str, locators: list[str]) -> list:
    """The passages the structure tree knows for each cited provision: its chunks, or the point inside a chunk."""
    from regc.retrieval.search import Hit

    tree = searcher.trees[celex]
    direct: list = []
    for loc in locators:
        want = normalise_locator(loc)
        chunks = [ch for ch in searcher.chunks_of_act(celex) if _loc_match(ch.locator, loc)]
        inside = [ch for ch in chunks if normalise_locator(ch.locator) == want
                  or normalise_locator(ch.locator).startswith((want + "(", want + ","))]
        node = tree.find(loc) if not inside else None
        if node is not None:  # a point inside a chunk ("Article 2(21)" of a definitions article): the point
            direct.append(Hit(f"{celex}:{node.locator}", celex, node.locator, node.full_text(), 1.0,
                              "pinpoint"))
            continue
        for ch in inside or chunks:
            if ch.chunk_id not in {d.chunk_id for d in direct}:
                direct.append(Hit(ch.chunk_id, ch.celex, ch.locator, ch.text, 1.0, "pinpoint"))
    return direct


def _point_in_time_retrieval(searcher: "Searcher", celex: str, as_of: str, locators: list[str], quantities: list[str],
                             focus, query: str, criterion_text: str, k: int) -> Optional[Retrieval]:
    """The cited provisions read from the corpus version in force on ``as_of``, or None (no such version/hit)."""
    pit = point_in_time_tree(searcher, celex, as_of)
    hits = _pit_hits(celex, pit[0], pit[1], locators, focus, k=k) if pit else None
    if not hits:
        return None
    conf, gaps, covered = judge_coverage(hits, celex, locators, quantities, content_words(criterion_text, 8))
    r = Retrieval(hits, conf, [Iteration(query, conf, gaps, [h.locator for h in hits[:k]])], covered)
    r.version = pit[0]
    return r


def _context_hits(searcher: "Searcher", celex: str, ref_text: str, criterion_text: str) -> list:
    """Without a pinpoint: the act's definitions of the criterion's terms, else (nothing narrows the act down)
    its subject matter and scope."""
    from regc.retrieval.search import Hit

    defs = definition_hits(searcher, celex, f"{criterion_text} {ref_text}")
    if not defs and not specific_words(ref_text, criterion_text):
        # "complies with Directive 2009/31/EC": nothing narrows the act down; its subject matter and scope
        # (Article 1) is what the criterion needs first
        defs = [Hit(c.chunk_id, c.celex, c.locator, c.text, 0.9, "scope") for c in searcher.chunks_of_act(celex)
                if re.match(r"^Article 1(?:\(|$)", c.locator)][:2]
    return defs


def _scaled_search(searcher: "Searcher", query: str, n: int, mode: str, fusion: str, celex: Optional[str]) -> list:
    """Search hits with scores (BM25 raw, fused ranks) on one scale below the structural finds: best hit 0.5
    (no hits for a query the engine rejects)."""
    from regc.retrieval.search import QueryError

    try:
        hits = searcher.search(query, n, mode=mode, fusion=fusion, celex=celex)
    except QueryError:
        return []
    if hits:
        top = max(h.score for h in hits) or 1.0
        hits = [replace(h, score=round(0.5 * max(h.score, 0.0) / top, 6)) for h in hits]
    return hits


def _pinned_evidence(searcher: "Searcher", direct: list, hits: list, locators: list[str], focus, k: int) -> list:
    """The pinpointed passages (the criterion's search ranks them when there are more than ``k``; every cited
    provision keeps its first chunk) plus their 1-hop citation closure."""
    rank = {h.chunk_id: i for i, h in enumerate(hits)}
    pins = direct
    if len(direct) > k:  # many chunks under the pinpoint (a whole annex): the criterion picks
        keep = {h.chunk_id for h in sorted(direct, key=lambda h: (rank.get(h.chunk_id, len(rank)),
                                                                   h.chunk_id))[:k]}
        per_loc = {}  # and every cited provision keeps at least its first chunk
        for h in direct:
            per_loc.setdefault(next(loc for loc in locators if _loc_match(h.locator, loc)), h)
        keep |= {h.chunk_id for h in per_loc.values()}
        pins = [h for h in direct if h.chunk_id in keep]
    return pins + closure(searcher, pins, focus)


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
