"""Template rule summaries (spec §2 ``rule_summary``; paper D.12): one or two self-contained sentences that name
every threshold value with its unit.

A leaf's summary is its own text, cleaned (list joints dropped, first letter capitalised, at most two sentences),
followed by any threshold the text does not spell out (inherited or extracted from a footnote).  A chapeau names
its children and how they combine instead of "the following".  ROOT says which criteria make the contribution.

>>> from regc.ir.models import CriterionNode, Threshold, QuantitativeThreshold, QuantItem
>>> n = CriterionNode(criterion_id="1(b).Verification(a)",
...                   verbatim_text="certifying the level of direct GHG emissions referred to in point 1(b)(i);",
...                   threshold=Threshold(quantitative=QuantitativeThreshold(items=[QuantItem(
...                       metric="Direct GHG emissions", operator="<", value=270, unit="g CO2e/kWh")])))
>>> leaf_summary(n)
'Certifying the level of direct GHG emissions referred to in point 1(b)(i). Threshold: direct GHG emissions lower than 270 g CO2e/kWh.'
>>> names_every_threshold(leaf_summary(n), n.threshold)
True
"""

from __future__ import annotations

import datetime as _dt
import functools
import re
from typing import Optional, Sequence

from regc.ir.models import CriterionNode, QuantItem, TemporalItem, Threshold
from regc.grammar.prefilter import prefilter_namespace
from regc.grammar.spaces import collapse, unspaced

OBJECTIVE_NAMES = {
    "CCM": "climate change mitigation",
    "CCA": "climate change adaptation",
    "WTR": "the sustainable use and protection of water and marine resources",
    "CE": "the transition to a circular economy",
    "PPC": "pollution prevention and control",
    "BIO": "the protection and restoration of biodiversity and ecosystems",
}

_OP_WORDS = {"<": "lower than", "<=": "at most", ">": "more than", ">=": "at least", "=": "equal to"}


def fmt_number(v: float | int) -> str:
    """
    >>> fmt_number(3.5), fmt_number(270), fmt_number(0.001)
    ('3.5', '270', '0.001')"""
    if isinstance(v, float) and v.is_integer():
        v = int(v)
    return str(v) if isinstance(v, int) else f"{v:g}" if abs(v) >= 1e-4 else repr(v)


def _fmt_date(iso: str) -> str:
    d = _dt.date.fromisoformat(iso)
    return f"{d.day} {d.strftime('%B')} {d.year}"


def quant_phrase(item: QuantItem) -> str:
    """
    >>> quant_phrase(QuantItem(metric="GWP", operator="<=", value=675, unit=""))
    'GWP at most 675'"""
    unit = f" {item.unit}" if item.unit else ""
    per = ""
    if item.period is not None:
        per = " over the lifetime" if item.period.type == "lifetime" else \
            f" over {fmt_number(item.period.value)} {item.period.unit}"
    metric = item.metric[:1].lower() + item.metric[1:] if item.metric[:2] != item.metric[:2].upper() else item.metric
    return f"{metric} {_OP_WORDS[item.operator]} {fmt_number(item.value)}{unit}{per}".strip()


def temporal_phrase(item: TemporalItem) -> str:
    if item.type == "deadline":
        return f"by {_fmt_date(item.date)}"
    if item.type == "effective_from":
        return f"from {_fmt_date(item.date)}"
    if item.type == "effective_until":
        return f"until {_fmt_date(item.date)}"
    if item.type == "window":
        return f"between {_fmt_date(item.start)} and {_fmt_date(item.end)}"
    n = fmt_number(item.interval_value)
    return f"every {n} {item.interval_unit}" if n != "1" else f"every {item.interval_unit[:-1]}"


@functools.lru_cache(maxsize=16384)  # a pure function of the text: summaries and items repeat
def _norm(s: str) -> str:
    s = re.sub(r"(\d),(\d)", r"\1.\2", s)
    return unspaced(s).lower()


def _mentions_quant(summary: str, item: QuantItem) -> bool:
    s = _norm(summary)
    v = fmt_number(item.value)
    unit = _norm(item.unit)
    if unit:
        return (v + unit) in s
    return re.search(rf"(?<![\d.]){re.escape(v)}(?![\d])", s) is not None


def _mentions_temporal(summary: str, item: TemporalItem) -> bool:
    s = summary.lower()
    if item.type == "recurring":
        return bool(re.search(r"\bevery\b|\bannual|\byearly\b|\beach year\b", s))
    dates = [item.date] if item.date else [item.start, item.end]
    for iso in dates:
        d = _dt.date.fromisoformat(iso)
        if f"{d.day} {d.strftime('%B')} {d.year}".lower() not in s and str(d.year) not in s:
            return False
    return True


def names_every_threshold(summary: str, threshold: Optional[Threshold]) -> bool:
    """True when every quantitative value (with its unit) and every date of ``threshold`` appears in ``summary``."""
    if threshold is None:
        return True
    for q in (threshold.quantitative.items if threshold.quantitative else []):
        if not _mentions_quant(summary, q):
            return False
    for t in (threshold.temporal.items if threshold.temporal else []):
        if not _mentions_temporal(summary, t):
            return False
    return True


_SENT_SPLIT = re.compile(r"(?<=[a-z0-9)\]’'%])\.\s+(?=[A-Z])")


def clean_sentence(text: str, max_sentences: int = 2) -> str:
    """Own text as a stand-alone sentence: list joints and trailing ';'/':' dropped, capitalised, '.'-ended.

    >>> clean_sentence("the facility is designed to use low-carbon fuels; or")
    'The facility is designed to use low-carbon fuels.'
    """
    t = collapse(text)
    t = re.sub(r"[;,]\s*(?:or|and)\s*$", "", t, flags=re.IGNORECASE)
    t = t.rstrip(" ;,:")
    sents = _SENT_SPLIT.split(t)
    t = ". ".join(s.rstrip(".") for s in sents[:max_sentences])
    if t and t[0].islower():
        t = t[0].upper() + t[1:]
    if t and not t.endswith((".", "!", "?")):
        t += "."
    return t


def join_ids(ids: Sequence[str], conj: str = "and") -> str:
    """
    >>> join_ids(["1", "2", "3"]), join_ids(["P1", "P2"], "or")
    ('1, 2 and 3', 'P1 or P2')"""
    ids = list(ids)
    if len(ids) <= 1:
        return "".join(ids)
    return f"{', '.join(ids[:-1])} {conj} {ids[-1]}"


def combination_phrase(logic: str, ids: Sequence[str], n: Optional[int] = None) -> str:
    """How the children combine, naming them: 'all of criteria 1, 2 and 3', 'either criterion 1(a) or 1(b)'."""
    ids = list(ids)
    if len(ids) == 1:
        return f"criterion {ids[0]}"
    if logic == "OR":
        return f"either criterion {ids[0]} or {ids[1]}" if len(ids) == 2 else \
            f"at least one of criteria {join_ids(ids, 'or')}"
    if logic == "N_OF_K":
        return f"at least {n} of criteria {join_ids(ids)}"
    return f"both criteria {ids[0]} and {ids[1]}" if len(ids) == 2 else f"all of criteria {join_ids(ids)}"


def with_thresholds(summary: str, threshold: Optional[Threshold]) -> str:
    """Append the threshold values and dates ``summary`` does not spell out yet."""
    if threshold is None:
        return summary
    q, t = threshold.quantitative, threshold.temporal  # no throw-away Threshold per half (this runs per node, twice)
    missing_q = [quant_phrase(i) for i in (q.items if q else []) if not _mentions_quant(summary, i)]
    missing_t = [temporal_phrase(i) for i in (t.items if t else []) if not _mentions_temporal(summary, i)]
    out = summary
    if missing_q:
        joint = " or " if q.logic == "OR" else "; "
        out += f" {'Threshold' if len(missing_q) == 1 else 'Thresholds'}: {joint.join(missing_q)}."
    if missing_t:
        out += f" Timing: {'; '.join(missing_t)}."
    return out


_LEAD = re.compile(r"^(?:for|where|if|when|until|from|as\s+of|by|before|after)\b[^,:;]*[,:]", re.IGNORECASE)


def leaf_summary(node: CriterionNode, parent: Optional[CriterionNode] = None) -> str:
    """The node's own sentence; an item that only completes its parent's sentence ("70 % for the production of
    high alloy steel" under "... the steel scrap input is:") is prefixed with that sentence.

    >>> p = CriterionNode(criterion_id="P1", verbatim_text="The steel scrap input relative to product output is:")
    >>> leaf_summary(CriterionNode(criterion_id="P1(a)", verbatim_text="at least 70 % for high alloy steel;"), p)
    'The steel scrap input relative to product output is at least 70 % for high alloy steel.'
    >>> p = CriterionNode(criterion_id="P2", verbatim_text="The percentage contribution is at least equivalent to:")
    >>> leaf_summary(CriterionNode(criterion_id="P2(a)", verbatim_text="for installations below 10 MW: 5 %;"), p)
    'For installations below 10 MW, the percentage contribution is at least equivalent to 5 %.'
    """
    sentence = _leaf_sentence(node.verbatim_text, parent.verbatim_text if parent is not None else None)
    return with_thresholds(sentence or f"Criterion {node.criterion_id}.", node.threshold)


@functools.lru_cache(maxsize=65536)
def _leaf_sentence(own: str, parent_text: Optional[str]) -> str:
    """The cleaned sentence of a leaf (its text, completed by its parent's sentence when it only finishes it);
    a pure function of the two texts, so computed once per distinct pair (the summaries are refreshed by two
    passes over every node)."""
    text = collapse(own)
    if parent_text is not None and text and parent_text.rstrip().endswith(":") and \
            not _FOLLOWING_END.search(parent_text):
        head = _SENT_SPLIT.split(collapse(parent_text))[-1][:-1].rstrip()
        head = head[:1].lower() + head[1:] if head[:2] != head[:2].upper() else head
        lead = _LEAD.match(text)
        if lead:
            rest = text[lead.end():].lstrip(" ,:")
            if rest and (not rest[0].isalpha() or len(rest.split()) <= 5):
                text = f"{lead.group(0).rstrip(' ,:')}, {head} {rest}"
        elif not text[0].isalpha() or text[0].islower():
            text = f"{head} {text}"
    return clean_sentence(text)


_FOLLOWING_END = re.compile(r"(?P<q>(?:all|both|each|either|any|none|one\s+or\s+more|one|at\s+least\s+\w+)\s+)?"
                            r"(?:of\s+)?the\s+following(?:\s+(?:criteria|requirements|conditions|pathways|options|"
                            r"items|measures))?\s*:\s*$", re.IGNORECASE)


def _regime_switches(text: str) -> list[tuple[str, str]]:
    from regc.passes.memo import regime_switches

    return regime_switches(text)


def chapeau_summary(node: CriterionNode, child_ids: Sequence[str]) -> str:
    """A node with participating children: its own text with "the following" resolved to the children's ids.

    >>> n = CriterionNode(criterion_id="1", verbatim_text="The activity meets either of the following criteria:",
    ...                   evaluation_logic="OR")
    >>> chapeau_summary(n, ["1(a)", "1(b)"])
    'The activity meets either of the following criteria (points 1(a) or 1(b)).'
    """
    s = _chapeau_sentence(node.verbatim_text, node.evaluation_logic, tuple(child_ids), node.n_required)
    return with_thresholds(s, node.threshold)


@functools.lru_cache(maxsize=65536)
def _chapeau_sentence(own: str, logic: str, child_ids: tuple, n: Optional[int]) -> str:
    """The chapeau's sentence before its thresholds: a pure function of its text, logic and children, so computed
    once per distinct input (the summaries are refreshed by two passes over every node)."""
    combo = combination_phrase(logic, child_ids, n)
    text = collapse(own).rstrip(" ;,")
    m = _FOLLOWING_END.search(text)
    if m:
        conj = "or" if logic == "OR" else "and"
        following = text[m.start():].rstrip(" :")
        s = clean_sentence(f"{text[:m.start()]}{following} (points {join_ids(child_ids, conj)})", max_sentences=3)
    elif text.endswith(":") and _regime_switches(text):
        # "two of the following criteria until 2025 and … all of the following criteria after 2025"
        body = clean_sentence(text[:-1], max_sentences=1).rstrip(".")
        regimes = "; ".join(f"{q} of them {p}" for q, p in _regime_switches(text))
        s = f"{body} ({join_ids(child_ids)}: {regimes}); the encoded logic is the later regime, {combo} must be met."
    elif text.endswith(":"):
        body = clean_sentence(text[:-1], max_sentences=1).rstrip(".")
        s = f"{body}: {combo} must be met."
    elif text:
        s = f"{clean_sentence(text)} The accompanying requirements {join_ids(child_ids)} also apply." \
            if logic == "AND" else f"{clean_sentence(text)} It must meet {combo}."
    else:  # an inferred group (verbatim ""): a joint pathway of its members
        s = f"{combo[0].upper()}{combo[1:]} must be met together."
    return s


def root_summary(node: CriterionNode, child_ids: Sequence[str], part: str, objective: str) -> str:
    """
    >>> root_summary(CriterionNode(criterion_id="ROOT", evaluation_logic="AND"), ["1", "2"], "SC", "CCM")
    'The activity makes a substantial contribution to climate change mitigation if it meets both criteria 1 and 2.'
    """
    if part.startswith("DNSH-"):
        obj = OBJECTIVE_NAMES.get(part.split("-", 1)[1], part.split("-", 1)[1])
        head = f"The activity does no significant harm to {obj}"
    else:
        head = f"The activity makes a substantial contribution to {OBJECTIVE_NAMES.get(objective, objective)}"
    if not child_ids:
        return f"{head}; no criteria are set."
    combo = combination_phrase(node.evaluation_logic, child_ids, node.n_required)
    scope = node.verbatim_text.strip().rstrip(":").strip()
    if scope:
        return f'{head} if it meets {combo} (introduced by "{scope}:").'
    return f"{head} if it meets {combo}."


@functools.lru_cache(maxsize=16384)  # a pure function of the summary (asked by two passes)
def is_self_contained(summary: str) -> bool:
    """A summary stands alone: capitalised, ends with a full stop, no dangling "the following"/colon list.

    >>> is_self_contained("The activity meets either of the following criteria:")
    False
    """
    s = summary.strip()
    if len(s) < 10 or not s[0].isupper() or not s.endswith((".", "!", "?")):
        return False
    if re.search(r"\bthe following\s*(?:criteria|requirements|conditions)?\s*:?\s*$", s[:-1], re.IGNORECASE):
        return False
    return not s.rstrip(".").endswith(":")

prefilter_namespace(globals())  # the rule regexes above behind their literal prefilters
