"""Cited points for pass `dependencies`: resolving a point as written ("(b)(i)") to a criterion id, threshold
inheritance ("the thresholds referred to in point X"), and correcting a cross-reference that names the wrong point.

Spec §4 and §6 "Dependencies and edges"; paper §3.3 stage 5 and D.7–D.10.  Pure functions of the unit's nodes;
:mod:`regc.passes.dependencies` walks the unit and records what they find.

>>> resolve_point("(b)(i)", "1(b).Verification(a)", {"1", "1(b)", "1(b)(i)", "1(b).Verification", "1(b).Verification(a)"})
'1(b)(i)'
>>> resolve_point("(a)", "1(e)", {"1", "1(a)", "1(e)", "1(e)(a)"})
'1(a)'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Optional

from regc.grammar.prefilter import prefilter_namespace
from regc.ir.models import CriterionNode, QuantitativeThreshold, TemporalThreshold, Threshold
from regc.decisions.base import Verdict as Decision
from regc.decisions.point_citations import Citation, find_citations
from regc.decisions.point_citations import stems as _stems
from regc.passes.classify import ANCHORED_ID

# ---------------------------------------------------------------------------------------------------------------
# citations of criterion ids ("point 1(b)(i)", "points (a) and (b)", "criterion 3")



def _ancestors(cid: str, parents: dict[str, Optional[str]]) -> list[str]:
    out, p = [], parents.get(cid)
    while p is not None:
        out.append(p)
        p = parents.get(p)
    return out


def resolve_point(written: str, citing_id: str, ids: set[str], parents: Optional[dict[str, Optional[str]]] = None
                  ) -> Optional[str]:
    """The id a citation names: as written, or relative to the citing node's ancestors ("point (c)" inside 1 ->
    "1(c)"), or a P-prefixed id for unnumbered top levels."""
    if written in ids:
        return written
    if "P" + written in ids:
        return "P" + written
    if written.startswith("("):
        chain: list[str] = []
        if parents is not None:  # siblings first ("point (a)" in 1(e) is 1(a)), the node's own items last
            chain = _ancestors(citing_id, parents) + [citing_id]
        else:  # derive the prefixes from the id itself
            cid = citing_id
            while cid:
                chain.append(cid)
                cid = re.sub(r"(?:\([^()]*\)|\.[A-Za-z]+(?:\.\d+)?)$", "", cid) if cid != re.sub(
                    r"(?:\([^()]*\)|\.[A-Za-z]+(?:\.\d+)?)$", "", cid) else ""
            chain = chain[1:] + chain[:1]
        for anc in chain:
            base = re.sub(r"\.(?:%s)(?:\.\d+)?$" % "|".join(
                ("Verification", "Methodology", "Commitment", "Assessment", "Replacement", "BackgroundInformation")),
                "", anc)
            for b in (anc, base):
                cand = ("" if b == "ROOT" else b) + written
                if cand in ids:
                    return cand
        # "aircraft in point (b)" from a sibling top-level paragraph: the one first-level item with that label
        first_level = [i for i in ids if re.fullmatch(r"P?\d+(?:\.\d+)*" + re.escape(written), i)]
        if len(first_level) == 1:
            return first_level[0]
    return None


# ---------------------------------------------------------------------------------------------------------------
# threshold inheritance

_THRESHOLD_WORD = re.compile(r"\b(?:level|levels|threshold|thresholds|limit|limits|value|values)\b", re.IGNORECASE)
_DELEGATION = re.compile(r"\b(?:referred\s+to|set\s+out|specified|laid\s+down|defined|established)\s+in\s*$",
                         re.IGNORECASE)
_TRAJECTORY = re.compile(r"\b(?:trajectory|on\s+track)\s+to\s+(?:comply\s+with|meet|achieve|reach)\s*$", re.IGNORECASE)
_GENERAL_WORDS = re.compile(r"\b(?:criteria|criterion|requirements|conditions|provisions)\b", re.IGNORECASE)
_PERIOD = re.compile(r"\b(?:over|for|of)\s+(?P<n>\d+)\s+(?P<u>years?|months?|days?)\b|\b(?P<n2>\d+)-(?P<u2>year|month|day)\b",
                     re.IGNORECASE)
_LIFETIME = re.compile(r"\b(?:over\s+the\s+)?lifetime\b", re.IGNORECASE)


@dataclass(frozen=True)
class Inheritance:
    citation: Citation
    kind: str  # "threshold-word" | "trajectory"
    period: Optional[tuple[float, str]]  # (20, "years") when the text names a period
    lifetime: bool


def find_inheritance(text: str) -> list[Inheritance]:
    """Citations through which ``text`` reuses another criterion's limit (paper D.9).

    >>> [i.kind for i in find_inheritance("assessing whether the activity is on a credible trajectory to comply with point 1(b)(v).")]
    ['trajectory']
    >>> find_inheritance("Compliance with the criteria referred to in point 1(b) is verified by a third party.")
    []
    >>> find_inheritance("the average threshold over 20 years referred to in point 1(b)(i);")[0].period
    (20.0, 'years')
    """
    out: list[Inheritance] = []
    for c in find_citations(text):
        head = text[:c.start]
        # the phrase before the citation, within its clause
        clause = re.split(r"[;:]|\.\s", head)[-1]
        tail = clause[-140:]
        kind = None
        if _TRAJECTORY.search(tail):
            kind = "trajectory"
        elif _DELEGATION.search(tail):
            before = _DELEGATION.split(tail)[0] if _DELEGATION.search(tail) else tail
            words = before[-90:]
            tw = list(_THRESHOLD_WORD.finditer(words))
            gw = list(_GENERAL_WORDS.finditer(words))
            if tw and (not gw or gw[-1].start() < tw[-1].start()):
                kind = "threshold-word"
        if kind is None:
            continue
        pm = _PERIOD.search(tail)
        period = None
        if pm:
            n = float(pm.group("n") or pm.group("n2"))
            u = (pm.group("u") or pm.group("u2")).lower()
            period = (n, u if u.endswith("s") else u + "s")
        out.append(Inheritance(c, kind, period, bool(_LIFETIME.search(tail))))
    return out


def _period_matches(item, period: Optional[tuple[float, str]], lifetime: bool) -> bool:
    if lifetime:
        return item.period is not None and item.period.type == "lifetime"
    if period is None:
        return True
    return item.period is not None and item.period.type == "bounded" and float(item.period.value) == period[0] \
        and item.period.unit == period[1]


def select_items(source: Threshold, inh: Inheritance) -> Optional[Threshold]:
    """The part of ``source`` an inheriting text reuses: period-matching quantitative items when it names a
    period; the temporal items for a trajectory to comply with a dated criterion."""
    q_items = list(source.quantitative.items) if source.quantitative else []
    t_items = list(source.temporal.items) if source.temporal else []
    named_period = inh.period is not None or inh.lifetime
    sel_q = [i for i in q_items if _period_matches(i, inh.period, inh.lifetime)]
    if named_period and not sel_q:
        sel_q = []  # nothing matches the named period: copy nothing rather than the wrong limit
    sel_t = [] if named_period else t_items
    if not sel_q and not sel_t:
        return None
    q = None
    if sel_q:
        logic = source.quantitative.logic if len(sel_q) == len(q_items) and len(sel_q) > 1 else None
        q = QuantitativeThreshold(logic=logic, items=[i.model_copy(deep=True) for i in sel_q])
    t = None
    if sel_t:
        logic = source.temporal.logic if len(sel_t) == len(t_items) and len(sel_t) > 1 else None
        t = TemporalThreshold(logic=logic, items=[i.model_copy(deep=True) for i in sel_t])
    return Threshold(quantitative=q, temporal=t)


def merge_threshold(own: Optional[Threshold], extra: Threshold) -> Threshold:
    """Own items first, then the inherited ones not already present."""
    if own is None or own.is_empty():
        return extra
    q_own = list(own.quantitative.items) if own.quantitative else []
    t_own = list(own.temporal.items) if own.temporal else []
    q_new = q_own + [i for i in (extra.quantitative.items if extra.quantitative else []) if i not in q_own]
    t_new = t_own + [i for i in (extra.temporal.items if extra.temporal else []) if i not in t_own]
    q = QuantitativeThreshold(logic=(own.quantitative.logic if own.quantitative else None) if len(q_new) > 1 else None,
                              items=q_new) if q_new else None
    t = TemporalThreshold(logic=(own.temporal.logic if own.temporal else None) if len(t_new) > 1 else None,
                          items=t_new) if t_new else None
    return Threshold(quantitative=q, temporal=t)


# ---------------------------------------------------------------------------------------------------------------
# cross-reference correction (paper D.7/D.8)

_ROMAN_POS = {"i": 1, "ii": 2, "iii": 3, "iv": 4, "v": 5, "vi": 6, "vii": 7, "viii": 8, "ix": 9, "x": 10}



def _roman_to_letter(remainder: str) -> str:
    """'(v)' -> '(e)', '(ii)(a)' -> '(b)(a)' (paper D.8 positional mapping)."""
    return re.sub(r"\(([ivx]+)\)", lambda m: f"({chr(ord('a') + _ROMAN_POS[m.group(1)] - 1)})"
                  if m.group(1) in _ROMAN_POS else m.group(0), remainder)


def map_into_pathway(rid: str, alt: str, nodes: dict[str, CriterionNode], parents: dict[str, Optional[str]]
                     ) -> Optional[str]:
    """A point cited from pathway ``alt`` that lies in another alternative of the same OR node, mapped to the
    same-position point of ``alt`` (paper D.7/D.8: "point 1(b)" cited by 1(f)'s verification means 1(f)).

    >>> ids = ["1", "1(a-e)", "1(b)", "1(f)", "1(f)(a)", "1(f)(e)"]
    >>> par = {"1": None, "1(a-e)": "1", "1(b)": "1(a-e)", "1(f)": "1", "1(f)(a)": "1(f)", "1(f)(e)": "1(f)"}
    >>> nodes = {i: CriterionNode(criterion_id=i) for i in ids}
    >>> map_into_pathway("1(b)", "1(f)", nodes, par)
    '1(f)'
    >>> map_into_pathway("1", "1(f)", nodes, par), map_into_pathway("1(f)(a)", "1(f)", nodes, par)
    ('1(f)', None)
    """
    p = parents.get(alt)
    chain = [rid] + _ancestors(rid, parents)
    if p is None or p not in chain or alt in chain:
        return None
    if rid == p:  # the OR node itself ("the emissions limit set out in point 1" inside pathway 1(a))
        return alt
    b = chain[chain.index(p) - 1]  # the other alternative
    member = b
    if not nodes[b].verbatim_text and chain.index(b) > 0:  # an inferred group: its members keep their ids
        member = chain[chain.index(b) - 1]
    remainder = rid[len(member):] if rid.startswith(member) else ""
    for cand in (alt + remainder, alt + _roman_to_letter(remainder)):
        if cand in nodes:
            return cand
    return None


def _label_positions(cid: str) -> list[int]:
    pos = []
    for lab in re.findall(r"\(([a-z]+)\)", cid):
        if lab in _ROMAN_POS:
            pos.append(_ROMAN_POS[lab])
        elif len(lab) == 1:
            pos.append(ord(lab) - ord("a") + 1)
    return pos





def _has_threshold(node: CriterionNode) -> bool:
    return any(n.threshold is not None and not n.threshold.is_empty() for n in node.walk())


def propose_correction(written: str, context: str, citing_id: str, nodes: dict[str, CriterionNode],
                       parents: dict[str, Optional[str]], *, wants_threshold: bool,
                       prefer_under: Optional[str] = None) -> Decision[Optional[str]]:
    """The id meant by a citation that does not exist or does not fit (Decision value None: no confident guess).

    Scores each candidate on the positional mapping of its last label ((v) = 5th = (e)), the topic overlap with
    the words around the citation, and — when a limit is inherited — whether it carries a threshold.  Ancestors
    of the citing node and the citing node itself are never proposed (paper D.8 "forbidden").  ``prefer_under``:
    the pathway the citing node belongs to (its candidates get a bonus: the "correct parent" of D.8)."""
    excluded = {citing_id, *_ancestors(citing_id, parents), written}
    want_pos = _label_positions(written)
    topic = _stems(context)
    top = re.match(r"P?\d+", written)
    best: tuple[float, str] | None = None
    for cid, node in nodes.items():
        if cid in excluded or cid == "ROOT" or ANCHORED_ID.search(cid):
            continue
        score = 0.0
        pos = _label_positions(cid)
        if want_pos and pos and pos[-1] == want_pos[-1] and len(pos) == len(want_pos):
            score += 1.0
        if top and cid.startswith(top.group(0)):
            score += 0.3
        overlap = len(topic & _stems(node.verbatim_text))
        score += min(overlap, 6) * 0.4
        if wants_threshold:
            score += 1.0 if _has_threshold(node) else -2.0
        if prefer_under and (cid == prefer_under or prefer_under in _ancestors(cid, parents)):
            score += 1.0
        if best is None or score > best[0] or (score == best[0] and cid < best[1]):
            best = (score, cid)
    if best is None or best[0] < 1.6:
        return Decision(None, 0.0, "no-confident-correction")
    return Decision(best[1], min(0.9, 0.4 + best[0] / 10), "positional+topic")


prefilter_namespace(globals())  # the regexes above behind their literal prefilters
