"""Extractive, criterion-focused enrichment of a resolved reference: summary sentences, key facts and
thresholds quoted from the retrieved passages (paper §3.6, seed 001).

Deterministic; :func:`enrich` is the entry point, :mod:`regc.retrieval.retrieve` finds the passages.

>>> _trim("one two three four five", max_words=3)
'one two three …'
"""

from __future__ import annotations

import math
import re
from typing import TYPE_CHECKING, Optional

from regc.retrieval.resolve import pinpoint_locators
from regc.retrieval.retrieve import _GENERIC, _PIT_TREES, _QUANTITY, STRUCTURAL, content_words, retrieve

if TYPE_CHECKING:  # pragma: no cover
    from regc.retrieval.search import Searcher

QUOTE_WORDS = 45  # verbatim-quote limit per summary sentence
SUMMARY_SENTENCES = 4
# ---------------------------------------------------------------------------------------------------------------
# enrichment (extractive, criterion-focused)


_SENT = re.compile(r"(?<=[.;:])\s+(?=[A-Z(])|(?<=;\sor)\s+(?=\()|(?<=;\sand)\s+(?=\()")  # "...; or (b) ..." too


def _sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENT.split(text) if len(s.strip()) > 12]


def _trim(s: str, max_words: int = QUOTE_WORDS) -> str:
    w = s.split()
    return s if len(w) <= max_words else " ".join(w[:max_words]) + " …"


_LABEL = re.compile(r"^(?:\(\w{1,5}\)|\d+[a-z]?\.|[—–•-])\s+")


def _norm_sentence(s: str) -> str:
    while _LABEL.match(s):
        s = _LABEL.sub("", s, count=1)
    return re.sub(r"\s+", " ", s).strip().lower()


class SentenceLocator:
    """Locator of the deepest provision holding a sentence of a passage: "(ii) forest regeneration of harvested
    areas;" in the chunk of Article 29(6) is Article 29(6)(a)(ii).  Nodes are scanned from the last match on,
    so repeated wording ((a)(ii) and (b)(ii)) maps in reading order."""

    def __init__(self, searcher: Optional["Searcher"]):
        self.trees = searcher.trees if searcher is not None else {}
        self.cursor: dict[tuple[str, str], int] = {}

    def __call__(self, hit, sentence: str) -> str:
        tree = _PIT_TREES.get(hit.chunk_id.split(":", 1)[0]) or self.trees.get(hit.celex)
        node = tree.find(hit.locator) if tree else None
        if node is None:
            return hit.locator
        nodes = [n for n in node.walk() if n.text]
        want = _norm_sentence(sentence)[:80]
        if not want:
            return hit.locator
        key = (hit.celex, hit.locator)
        start = self.cursor.get(key, 0)
        for i in list(range(start, len(nodes))) + list(range(0, start)):
            if want in _norm_sentence(nodes[i].text):
                self.cursor[key] = i
                return nodes[i].locator
        return hit.locator


def _relevant(sentence: str, focus: set[str]) -> int:
    """Content words shared with the criterion; a flattened table row ("a | b | c | d") counts as unrelated:
    its numbers belong to columns the sentence no longer names."""
    if sentence.count(" | ") >= 3:
        return 0
    return len(focus & set(content_words(sentence, 80)))


def summarise(passages, focus: str, max_sentences: int = SUMMARY_SENTENCES, searcher: Optional["Searcher"] = None
              ) -> tuple[str, list[tuple[str, str]]]:
    """Extractive summary: the sentences of the passages that share most content words with ``focus`` (the
    criterion and reference text), each trimmed to the quote limit and tagged with the locator of the deepest
    provision holding it (with ``searcher``; else its passage locator).  Pinpointed passages (score 1.0) come
    first and each gets at least one sentence (up to 6).  Returns (summary, [(sentence, "celex locator")...]) in
    passage order."""
    fw = set(content_words(focus, 40))
    scored = []
    for pi, h in enumerate(passages):
        for si, s in enumerate(_sentences(h.text)):
            sw = set(content_words(s, 60))
            overlap = len(fw & sw)
            if overlap == 0 and pi > 0:
                continue
            pinned = h.origin == "pinpoint"
            score = overlap / math.sqrt(len(sw) + 1) + (0.5 if pi == 0 or pinned else 0.0) + 0.3 * h.score
            scored.append((score, pi, si, s, h))
    ranked = sorted(scored, key=lambda x: (-x[0], x[1], x[2]))
    pinned_locs = list(dict.fromkeys(h.locator for h in passages if h.origin == "pinpoint"))
    limit = max(max_sentences, min(len(pinned_locs), 6))
    chosen: list = []
    for loc in pinned_locs[:limit]:  # every cited provision speaks at least once
        first = next((x for x in ranked if x[4].locator == loc), None)
        if first is not None:
            chosen.append(first)
    for x in ranked:
        if len(chosen) >= limit:
            break
        if x not in chosen:
            chosen.append(x)
    chosen.sort(key=lambda x: (x[1], x[2]))
    where = SentenceLocator(searcher)
    mapped = [(_trim(s), f"{h.celex} {where(h, s)}") for _, _, _, s, h in chosen]
    summary = " ".join(f"{s} [{loc.split(' ', 1)[1]}]" for s, loc in mapped)
    return summary, mapped


def key_facts_of(passages, limit: int = 5, focus: str = "", searcher: Optional["Searcher"] = None,
                 strict: bool = False) -> list[str]:
    """Obligations and quantified statements ("shall", numbers with units), tagged with the locator of the
    provision holding them.  Outside the passages located structurally (pinpoint, definition, scope) only
    statements that share a content word with ``focus`` count."""
    fw = set(content_words(focus, 40)) - _GENERIC
    where = SentenceLocator(searcher)
    out = []
    for h in passages:
        for s in _sentences(h.text):
            if (strict or h.origin not in STRUCTURAL) and focus and not _relevant(s, fw):
                continue
            if re.search(r"\bshall\b|\bmust\b", s) or _QUANTITY.search(s):
                fact = f"{where(h, s)}: {_trim(s, 35)}"
                if fact not in out:
                    out.append(fact)
            if len(out) >= limit:
                return out
    return out


def thresholds_of(passages, limit: int = 8, focus: str = "", searcher: Optional["Searcher"] = None,
                  strict: bool = False) -> list[dict]:
    """Quantitative thresholds stated in the passages (the threshold grammar), each with the locator of the
    provision stating it.  Outside the passages located structurally (and everywhere when ``strict``: a broad
    pinpoint such as a whole annex) a threshold counts only when its sentence
    shares a content word with ``focus`` (the criterion): a speed class of a vehicle table is not the
    criterion's CO2 limit."""
    from regc.grammar.thresholds import decide

    fw = set(content_words(focus, 40)) - _GENERIC
    where = SentenceLocator(searcher)
    out = []
    for h in passages:
        sents = _sentences(h.text)
        chapeau = sents[0] if sents else ""
        for s in sents:
            if not re.search(r"\d", s):
                continue
            if (strict or h.origin not in STRUCTURAL) and focus and not _relevant(s, fw):
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
                         "locator": f"{h.celex} {where(h, s)}"}
                    if d not in out:
                        out.append(d)
            if len(out) >= limit:
                return out
    return out


STANDARD = re.compile(r"^(?:EN|ISO|IEC|CEN|CLC|ASTM)\b|^(?:EN ISO|ISO/IEC|EN IEC)\b")


def enrich(searcher: Optional["Searcher"], ref_text: str, celex: Optional[str], *, kind: str = "eu_act",
           pinpoint: Optional[str] = None, criterion_text: str = "", activity_name: str = "", objective: str = "",
           k: int = 5, fusion: str = "rrf", ctx=None, as_of: Optional[str] = None) -> dict:
    """An ``Enrichment`` dict for one reference source (fits :class:`regc.ir.models.Enrichment`).  With a decider
    on ``ctx`` the extractive summary may be replaced by a grounded criterion-focused one
    (:func:`regc.decisions.passage_summary.with_model_summary`).  With ``as_of`` (the citing act's adoption bound, e.g.
    "2021-12-31") a pinpointed provision is quoted from the corpus version in force then when the index holds a
    later consolidation (:func:`point_in_time_tree`); its summary locators say "text of <date>"."""
    if kind == "standard" or STANDARD.match(ref_text.strip()):
        return {"status": "paywalled", "summary": None, "key_facts": [], "thresholds": [], "confidence": None,
                "passages": []}
    if searcher is None or not celex or celex not in searcher.trees:
        return {"status": "not_found", "summary": None, "key_facts": [], "thresholds": [], "confidence": 0.0,
                "passages": []}
    r = retrieve(searcher, ref_text, celex, pinpoint, criterion_text=criterion_text, activity_name=activity_name,
                 objective=objective, k=k, fusion=fusion, as_of=as_of)
    passages = [h for h in r.passages if h.celex == celex] + [h for h in r.passages if h.celex != celex]
    if not passages:
        return {"status": "not_found", "summary": None, "key_facts": [], "thresholds": [],
                "confidence": r.confidence, "passages": []}
    best_per_locator: dict[tuple[str, str], object] = {}
    for h in passages:  # one entry per provision (split chunks of one paragraph collapse)
        best_per_locator.setdefault((h.celex, h.locator), h)
    pinned = sum(1 for h in best_per_locator.values() if h.origin == "pinpoint")
    passages = list(best_per_locator.values())[:max(k, pinned + 2)]
    focus = f"{criterion_text} {ref_text} {activity_name}"
    summary, _ = summarise(passages, focus, searcher=searcher)
    if summary and r.version:  # say which text was quoted: "[Article 25(2), text of 2018-12-11]"
        summary = re.sub(r" \[([^\]]+)\]", lambda m: f" [{m.group(1)}, text of {r.version}]", summary)
    # facts and thresholds come from the cited provisions themselves when the reference pinpoints them; the
    # closure's passages are context (a threshold of Article 25(1) is not one of Article 25(2))
    cited = [h for h in passages if h.origin == "pinpoint"] or passages
    # thresholds only from provisions located through the act's structure (pinpoint; definitions of the terms
    # the criterion uses; scope): a search hit's numbers (a vehicle table's speed classes) are not the criterion's
    located = [h for h in cited if h.origin in STRUCTURAL]
    # a broad pinpoint ("Annex V", "Article 30": many parts) is read like search hits: only what the criterion
    # speaks about counts as a fact or threshold
    broad = len({h.locator for h in r.passages if h.origin == "pinpoint"}) > len(pinpoint_locators(pinpoint))
    from regc.decisions.passage_summary import with_model_summary  # no-op without a decider

    return with_model_summary(ctx, {
        "status": "retrieved", "summary": summary or None,
        "key_facts": key_facts_of(cited, focus=focus, searcher=searcher, strict=broad),
        "thresholds": thresholds_of(located, focus=f"{criterion_text} {ref_text}", searcher=searcher,
                                    strict=broad),
        "confidence": r.confidence,
        "passages": [{"doc": h.celex, "locator": h.locator, "score": round(float(h.score), 4)}
                         for h in passages]}, passages, criterion_text, ref_text)
