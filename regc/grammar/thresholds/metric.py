"""What is measured: the metric noun phrase of a limit, taken from the text."""

from __future__ import annotations

import re
from typing import Optional

from regc.grammar.thresholds.lexicon import _CHANGE_NOUN, QUANTITY_NOUNS, RANK_FILLERS
from regc.grammar.thresholds.patterns import (
    _AND_NEW_CLAUSE,
    _SUBCLAUSE_OPEN,
    _STARTS,
    _CHANGE_BY,
    _CONSISTS_SHARE,
    _FINITE_VERB,
    _LEAD_CLAUSE,
    _BARE_NP_OF_BEFORE_OP,
    _GENERIC_SUBJECT,
    _LEAD_FOR,
    _METRIC_TAIL,
    _MONTH,
    _NP_BEFORE_OP,
    _QUALIFIER_AFTER,
    _RANK_POPULATION,
    _SCOPE_ENTITY,
    _SHARE_AFTER,
    _WHERE_CLAUSE,
    QUANTITY_OF,
)
from regc.grammar.thresholds.text import _clean, _sentence_start
from regc.grammar.thresholds.units import UnitParse
from regc.grammar.prefilter import prefilter_namespace


def _subject(text: str, s0: int, op_start: int) -> tuple[str, Optional[re.Match], str, str]:
    """(subject, finite verb match, text between verb and operator, cleaned clause) of text[s0:op_start]."""
    clause = re.sub(r"\([^()]*,[^()]*\)", " ", text[s0:op_start])
    clause = re.sub(r"^\W*(?:or|and)\s+", "", clause.strip(" ,;:[]"))
    clause = re.sub(rf"^(?:from|until|as of|as from|after|before|by)\s+(?:\d{{1,2}}\s+)?(?:(?:{_MONTH})\s+)?"
                    r"(?:19|20)\d\d(?:\s+onwards)?,?\s*", "", clause, flags=re.I)
    while True:
        m = _LEAD_CLAUSE.match(clause)
        if not m or not _FINITE_VERB.search(clause[m.end():] + " is"):
            break
        clause = clause[m.end():]
    verb = _FINITE_VERB.search(clause)
    subj = clause[: verb.start()] if verb else clause
    between = clause[verb.end():] if verb else ""
    cut = re.search(r",?\s+as defined\b|,\s*(?:point|Article|including|excluding|such as|in particular|which)\b"
                    r"|\s+(?:restricted|listed|referred\s+to|set\s+out|laid\s+down)\s+(?:under|in|by)\s+(?:the\s+)?"
                    r"(?:Regulation|Directive|Decision|Annex|Article|Appendix)\b", subj)
    subj = subj[: cut.start()] if cut else subj
    rel = _WHERE_CLAUSE.split(subj)
    if len(rel) > 1 and len(rel[-1].split()) >= 2:  # "devices, where the direct (tailpipe) CO2 emissions of …"
        subj = rel[-1]
    subj = _METRIC_TAIL.sub("", _clean(subj))
    subj = " ".join(subj.split()[:10])
    subj = re.sub(r"\s+(?:to|of|for|in|at|by|with|that|which|who)$", "", subj)  # "a leak threshold that (is)"
    return subj, verb, between, clause


def _metric(text: str, op_start: int, filler: str, unit: UnitParse | None, relation: bool,
            after: str = "", wstart: Optional[int] = None) -> str:
    """A short noun phrase naming what is measured, taken from the text.

    Subject of the clause (leading "until D,"/"for X," clauses and asides removed), refined by a noun phrase
    right before the operator ("has a service lifetime no shorter than"), the filler ("a maximum water flow
    of"), a share ("at least 70 % of the waste"), a material ("mg of formaldehyde") or a product in the
    denominator ("t CO2e/t of hydrogen").  A clause that starts after a previous limit ("... and a maximum
    average flush volume of 3,5 litres") borrows the sentence subject.
    """
    s0 = _sentence_start(text, op_start)
    subj, verb, between, clause = _subject(text, s0, op_start)
    if wstart is not None and wstart > s0 and re.search(r"\w", text[wstart:op_start]):
        # "… within 30 days of detection and a leak threshold is lower than": the coordinated clause after "and"
        joined = _AND_NEW_CLAUSE.search(text, wstart, op_start)
        wstart = joined.end() if joined else wstart
        sentence_subj = subj
        subj, verb, between, clause = _subject(text, wstart, op_start)
        if not subj:
            subj = sentence_subj
    np_m = _NP_BEFORE_OP.search(between)
    np_ = _clean(np_m.group(1) or np_m.group(2)) if np_m else ""
    if not np_ and _GENERIC_SUBJECT.fullmatch(_clean(subj)):
        bare = _BARE_NP_OF_BEFORE_OP.match(between)  # "the activity achieves primary energy savings of at least"
        np_ = _clean(bare.group(1)) if bare else ""
    opened = max(clause.rfind("["), clause.rfind("("))
    unclosed = opened >= 0 and not re.search(r"[\])]", clause[opened:])
    local = clause[opened + 1:] if not verb and unclosed else ""  # "[resulting in ... lower than"
    local = re.sub(r"^\s*(?:resulting in|leading to|corresponding to|namely|i\.e\.)\s+", "", local.strip(), flags=re.I)
    if len(local.split()) >= 2 and not re.search(r"\bof$", local.strip()) and local.strip() != clause.strip():
        subj = _clean(local)
    fill = re.sub(r"^(?:an?|the)\s+", "", filler or "", flags=re.I)
    fill = re.sub(r"\s+of$", "", fill).strip()
    fill = "" if fill.lower() in ("average", "total", "threshold", "threshold value", "value", "level", "") else fill
    # "at least 50 %, in terms of weight, of the processed … waste": the share's base comes after the aside
    after = re.sub(r"^\s*,?\s*(?:in\s+terms\s+of|by|in)\s+(?:weight|mass|volume)\s*,?", "", after, flags=re.I)
    share = _SHARE_AFTER.match(after) if unit is not None and unit.unit == "%" else None
    consists = _CONSISTS_SHARE.match(after) if unit is not None and unit.unit == "%" else None
    rank = _RANK_POPULATION.match(after) if fill.lower() in RANK_FILLERS else None
    if rank:  # "the building is within the top 15 % of the national building stock expressed as PED"
        metric = f"Rank of {subj} in {_clean(rank.group('pop'))}" + \
            (f" by {_clean(rank.group('by'))}" if rank.group("by") else "")
    elif consists:  # "35 % of the packaging product by weight consists of recycled material for X"
        metric = f"Share of {_clean(consists.group('part'))} in {_clean(consists.group('whole'))}" + \
            (f" for {consists.group('cls').strip()}" if consists.group("cls") else "")
    elif unit is not None and unit.material:
        metric = unit.material
    elif fill:
        metric = f"{fill} of {subj}" if subj else fill
    elif np_:
        metric = f"{np_} of {subj}" if subj and verb and re.match(r"ha(?:ve|s)|uses?", verb.group(0), re.I) else np_
    elif share:
        metric = "Share of " + _clean(share.group(1))
    else:  # the subject, unless it names no quantity and the clause names one before the limit
        metric = _named_quantity(text, s0, op_start, subj)
    metric = metric.strip()
    change = _CHANGE_BY.search(text[s0:op_start])
    if change and not consists and not (unit is not None and unit.material):
        # "reduces fuel consumption of the vessel by at least 15 %", "reducing the EEDI reference line by at least
        # 20 percentage points": the quantity is the change of the verb's object
        noun = _CHANGE_NOUN[change.group("v").lower()[:4]]
        metric = f"{noun} of {_clean(change.group('obj'))}"
    elif verb is not None and re.fullmatch(r"ha(?:ve|s)", verb.group(0), re.I) and \
            re.search(rf"(?:\b(?:that|which|who)|\b{_SCOPE_ENTITY})$", subj, re.I) and not fill and not np_:
        # "the vessels (that) have direct (tailpipe) CO2 emissions, calculated …, 50 % lower than": the object
        obj = re.match(r"\s*(?:an?\s+|the\s+)?([^,;]{3,90}?)(?:,|\s+\d|$)", between)
        metric = _clean(obj.group(1)) if obj else metric
    if metric and metric == subj and not fill and not np_ and verb is not None and unit is not None and \
            re.fullmatch(r"uses?|consumes?", verb.group(0), re.I) and "litre" in unit.unit:
        metric = f"Water use of {subj[:1].lower() + subj[1:]}"  # "urinals use a maximum of 2 litres/bowl/hour"
    if (not metric or metric == "Value") and verb is not None and re.match(r"ha(?:ve|s)\b", verb.group(0), re.I):
        obj = re.match(r"\s*(?:an?\s+|the\s+)?([^,;]{3,90}?)(?:,|\s+\d|$)", between)
        metric = _clean(obj.group(1)) if obj else metric  # "have direct (tailpipe) emissions of CO2 per tkm, ..."
    if unit and unit.product:
        metric = f"{metric} of {unit.product}" if metric else unit.product
    if relation:
        metric = f"{metric} reduction relative to the reference".strip()
    metric = metric.strip(" ,.")
    return (metric[:1].upper() + metric[1:]) if metric else "Value"


def _named_quantity(text: str, s0: int, op_start: int, metric: str) -> str:
    """A subject that names no quantity gives way to the quantity the clause names before the limit ("vehicles of
    category M1 … comply with specific emissions limits of CO2, …, lower than 50 gCO2/km", "Where the product … is
    sold … after 2030 specific emissions of CO2 … are zero" -> "specific emissions of CO2").

    >>> t = "vehicles of category M1 comply with specific emissions limits of CO2, as defined in X, lower than 50"
    >>> _named_quantity(t, 0, t.index("lower"), "Vehicles of category M1")
    'specific emissions of CO2'
    >>> _named_quantity(t, 0, t.index("lower"), "Direct CO2 emissions of the vehicles")
    'Direct CO2 emissions of the vehicles'
    """
    if not metric.strip() or any(w in QUANTITY_NOUNS for w in re.findall(r"[a-z]+", metric.lower())):
        return metric  # no subject (the "have …" rules name the object) or a subject that names a quantity
    quantity = list(QUANTITY_OF.finditer(text, s0, op_start))
    return f"{quantity[-1].group('q')} of {quantity[-1].group('of')}" if quantity else metric


def _subject_metric(parent_subject: str, text: str, s: int, unit: Optional[UnitParse], after: str) -> str:
    """An item with no subject of its own under a chapeau "<quantity> is/are:" ("Greenhouse gas emissions from the
    cement production processes are: (a) for grey cement clinker, lower than 0,816 tCO2e per tonne …"; "where the
    steel scrap input relative to product output is: (i) at least 70 % for the production of high alloy steel"):
    the chapeau's quantity, narrowed by the item's class."""
    lead_for = _LEAD_FOR.match(text, 0, s)
    tail = _QUALIFIER_AFTER.match(after)
    if lead_for:
        return f"{parent_subject} for {lead_for.group(1).strip()}"
    if unit is not None and unit.product:
        return f"{parent_subject} of {unit.product}"
    if tail and tail.group("q").lower().startswith("for "):
        return f"{parent_subject} {tail.group('q').strip()}"
    return parent_subject


def _duration_metric(text: str, ws: int, we: int) -> str:
    """A relative duration's metric: the time from the event it counts from to the thing that must happen
    ("permanently withdrawn from use within 6 months of delivery of the compliant aircraft" -> "Time from delivery
    of the compliant aircraft until permanently withdrawn from use")."""
    s0 = _sentence_start(text, ws)
    if not re.search(r"\w", text[s0:ws]):  # "Within two years after the beginning of the activity …, X is verified"
        return _leading_duration_metric(text, we)
    what = re.sub(r"^\W*(?:and|or|but)\s+", "", text[s0:ws]).strip(" ,;:")
    if not what or re.search(r"\b(?:is|are|was|were|has|have|had|shall|must|will|does|do|starts?)\b", what) or \
            len(what.split()) > 10 or not re.match(r"[a-z]", what):
        what = _clause_before_duration(what)  # a full clause: its last sub-clause, or "<the X> starts"
        if not what:
            return ""  # left to the subject rules
    ev = re.match(r"\s*(?:of|from|after|following)\s+(?:the\s+)?([^,;:.]{3,70}?)(?=\s+(?:in\s+which|which|where|and|or|"
                  r"if|when)\b|[,;:.]|$)", text[we:])
    what = _clean(what)
    return f"Time from {ev.group(1).strip()} until {what}" if ev else f"Time until {what}"


def _leading_duration_metric(text: str, we: int) -> str:
    """The metric of a duration that opens its sentence: the time from the event it counts from until what the main
    clause after the comma makes happen ("Within two years after the beginning of the activity and every 10 years
    thereafter, the compliance of the activity … is verified by …" -> "Time from the beginning of the activity until
    the compliance of the activity is verified"); "" when there is no such event or clause.

    >>> _leading_duration_metric("Within two years after the beginning of the activity and every 10 years thereafter, "
    ...     "the compliance of the activity with the criteria is verified by either of the following:", 16)
    'Time from the beginning of the activity until the compliance of the activity is verified'
    >>> _leading_duration_metric("Within two years, the plan is updated.", 16)
    ''
    """
    ev = re.match(r"\s*(?:after|of|from|following)\s+(?P<ev>(?:the\s+)?[^,;:.]{3,70}?)(?=\s+(?:and|or)\b|[,;:.]|$)",
                  text[we:])
    comma = text.find(",", we)
    main = re.match(r"\s*(?P<subj>(?:the|its|their)\s+[^,;:.]{3,200}?)\s+(?P<verb>(?:is|are)\s+[a-z]+ed)\b",
                    text[comma + 1:]) if ev and comma >= 0 else None
    if not main:
        return ""
    subj = " ".join(main.group("subj").split()[:5])
    subj = re.sub(r"\s+(?:to|of|for|in|at|by|with|the)$", "", subj)
    return f"Time from {ev.group('ev').strip()} until {subj} {main.group('verb')}"


def _clause_before_duration(what: str) -> str:
    """What must happen within a duration when the text before it is a full clause: "<the X> starts" ("the
    investment that makes the system meet … starts within a three year period" -> "the investment starts"), else
    the last sub-clause, when it is short ("… or where the infrastructure will be fit for use by zero tailpipe CO2
    emission trains within 10 years" -> "the infrastructure will be fit for use …"); "" otherwise.

    >>> _clause_before_duration("for refurbishment, the investment that makes the system meet the definition starts")
    'the investment starts'
    >>> _clause_before_duration("The LDAR campaigns have the features described in BAT19, which include detecting, repairing leaks")
    'detecting, repairing leaks'
    >>> _clause_before_duration("The activity is carried out")
    ''
    """
    m = _STARTS.search(what)
    if m:
        return f"{m.group('head')} {m.group('verb')}"
    opens = list(_SUBCLAUSE_OPEN.finditer(what))
    last = what[opens[-1].end():].strip(" ,") if opens else ""
    return last if 2 <= len(last.split()) <= 16 else ""


def _coordinated_metric(prev_metric: str, after: str) -> str:
    """The metric of a limit coordinated with a previous one whose own lead names no quantity ("0,5 % in mass
    (the global sulphur limit) and 0,1 % in mass in emission control area (ECA)"; "at least 35 % of … for
    non-contact sensitive packaging and at least 10 % for contact sensitive packaging"): the previous metric,
    with this limit's own "for <class>"/"in <place>" qualifier in place of the previous one's."""
    if not prev_metric or prev_metric == "Value":
        return ""
    q = _QUALIFIER_AFTER.match(after)
    if not q:
        return prev_metric
    qual = q.group("q").strip()
    if qual.lower().startswith("for "):
        base = re.sub(r"\s+for\s+[^,;]*$", "", prev_metric)
    else:
        base = prev_metric
    return f"{base} {qual}"

prefilter_namespace(globals())  # the rule regexes above behind their literal prefilters
