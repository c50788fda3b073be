"""Chapeau connectives and evaluation-logic patterns (spec §6 "Evaluation logic of a chapeau", paper D.1).

A chapeau's quantifier ("either of", "all of", "at least two of", "the following") is found with a regex and
parsed with the LALR grammar ``logic.lark``; :func:`decide_logic` combines it with patterns over the children
(conditional tiering, successive temporal regimes, "; or" list joints, "Alternatively, ...").

>>> find_connective("The activity meets either of the following criteria:").kind
'any'
>>> find_connective("The new construction is not built on one of the following:").negated
True
>>> decide_logic("The activity complies with the following criteria:", ["x;", "y."]).logic
'AND'
>>> decide_logic("The activity complies with one of the following criteria:", ["x;", "y."]).logic
'OR'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Literal, Optional, Sequence

from lark import Lark, LarkError

from regc.grammar.prefilter import prefilter_namespace

Logic = Literal["AND", "OR", "N_OF_K", "LEAF"]

_NUMWORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
             "ten": 10}


@dataclass(frozen=True)
class Connective:
    """A quantifier found in a chapeau.  kind: all | any | at_least | exactly | none | following."""

    kind: str
    n: Optional[int] = None
    negated: bool = False
    text: str = ""


@dataclass(frozen=True)
class LogicDecision:
    logic: Logic
    n_required: Optional[int]
    confidence: float
    rule: str


@lru_cache(maxsize=1)
def _parser() -> Lark:
    return Lark((Path(__file__).with_name("logic.lark")).read_text(encoding="utf-8"), parser="lalr", cache=True)


_QUANT_WORD = r"(?:all|both|each|either|any|none)"  # may stand without "of": "all the following"
_QUANT_COUNT = (r"(?:one\s+or\s+(?:more|both|multiple)|any\s+one|one|at\s+least\s+(?:one|two|three|four|five|six|\d+)|two|three|"
                r"four|five|six|\d+)")  # needs "of": "two of the following"
_AFTER = (r"(?=\s+(?:(?:the\s+)?following|these\b|those\b|the\s+(?:criteria|requirements|conditions|pathways|options|"
          r"technologies|activities|items|measures)\s+(?:listed|set\s+out|below)"
          # "the two disclosure frameworks listed below": a count and any head noun, pointing below
          r"|the\s+(?:(?:two|three|four|five|\d+)\s+)?(?:[a-z-]+\s+){1,3}?(?:(?:listed|set\s+out|mentioned)\s+)?below\b))")
# "<quantifier> [of] the following …", "<count> of these/those/the criteria …", "either:", or a bare "the following"
_SPAN = re.compile(
    rf"(?<![\w.,/-])(?:(?P<q>{_QUANT_WORD})(?:\s+of)?|(?P<qc>{_QUANT_COUNT})\s+of){_AFTER}"
    rf"|\b(?P<q2>either|any|all|both|none)(?:\s+of)?\s*:\s*$"
    rf"|\b(?P<qa>ones|the\s+most\s+[a-z]+|whichever)\s+of(?=\s+(?:the\s+)?following)"
    rf"|\bthe\s+following\b",
    re.IGNORECASE)
_MISSING_OF = re.compile(r"\b(one|two|three|at\s+least\s+(?:one|two|three))\s+(?=the\s+following\b)", re.IGNORECASE)
_NEGATION = re.compile(r"\b(?:not|no|never|nor|neither|without)\b", re.IGNORECASE)


@lru_cache(maxsize=256)  # a handful of quantifier phrases ("at least two of"), each parsed once
def _parse_quantifier(span: str) -> Optional[Connective]:
    try:
        tree = _parser().parse(span.lower())
    except LarkError:
        return None
    kind = {"all_": "all", "any_": "any", "at_least": "at_least", "exactly": "exactly", "none_": "none"}[tree.data]
    n = None
    for sub in tree.iter_subtrees():
        if sub.data == "count":
            tok = str(sub.children[0])
            n = int(tok) if tok.isdigit() else _NUMWORDS.get(tok, 1)
    return Connective(kind=kind, n=n, text=span)


@lru_cache(maxsize=16384)  # once per distinct text: the logic decision and the classify verify both ask
def find_connective(chapeau: str) -> Optional[Connective]:
    """The chapeau's quantifier, the last one before the list (None when the chapeau has no connective).

    >>> find_connective("complies with at least two of the following:").n
    2
    >>> find_connective("Constructions of new buildings for which:") is None
    True
    """
    # a dropped "of" is a source typo ("complies with one the following criteria", CCA 9.1): read it back
    chapeau = _MISSING_OF.sub(lambda m: m.group(1) + " of ", chapeau)
    found: Optional[Connective] = None
    last_end = -10
    for m in _SPAN.finditer(chapeau):
        q = m.group("q") or m.group("qc") or m.group("q2")
        if m.group("qa"):  # "are ones of the following", "the most ambitious of the following": one item suffices
            q = "any"
        if not q and found is not None and m.start() - last_end <= 2:
            continue  # "the following" right after "either of": already counted
        last_end = m.end()
        if q:
            con = _parse_quantifier(q + " of")
            if con is None:
                continue
        else:
            con = Connective(kind="following", text=m.group(0))
        before = chapeau[max(0, m.start() - 60):m.start()]
        # negation in the same clause right before the quantifier ("is not built on one of the following")
        clause = re.split(r"[,;:]", before)[-1]
        negated = bool(_NEGATION.search(clause)) or con.kind == "none"
        found = Connective(kind=con.kind, n=con.n, negated=negated, text=m.group(0))
    return found


# ---------------------------------------------------------------------------------------------------------------
# patterns over the children

_MONTHS = r"(?:January|February|March|April|May|June|July|August|September|October|November|December)"
_DATE = rf"(?:\d{{1,2}}\s+{_MONTHS}\s+\d{{4}}|{_MONTHS}\s+\d{{4}}|\d{{4}})"
_TEMPORAL_LEAD = re.compile(rf"^\s*(?:until|from|as\s+of|before|after|by|up\s+to|no\s+later\s+than|between|"
                            rf"(?:with\s+effect\s+)?from)\s+{_DATE}\b", re.IGNORECASE)
_COND_LEAD = re.compile(r"^\s*(?:where|if|when|in\s+(?:the\s+)?case\s+of|for)\b", re.IGNORECASE)
_ALTERNATIVELY = re.compile(r"^\s*(?:alternatively|as\s+an\s+alternative|or\s*,)\b", re.IGNORECASE)
_OR_JOINT = re.compile(r"[;,]\s*or\s*$", re.IGNORECASE)
_AND_JOINT = re.compile(r"[;,]\s*and\s*$", re.IGNORECASE)
# chapeau whose colon completes a verb of making/being: "The activity produces:" -> alternatives (OR)
_MAKE_VERB = re.compile(r"(?:\b(?:manufactur|produc|generat|install|provid|suppl|repair|maintain|retrofit|repurpos|"
                        r"upgrad|renovat|construct|develop|rent|leas|sell|distribut|deploy)\w*|\b(?:is|are|consists?\s+of|"
                        r"is\s+one\s+of|such\s+as|for\s+example|e\.g\.|namely))\s*:\s*$", re.IGNORECASE)
_PARTICIPLE_LEAD = re.compile(r"^\s*(?:[a-z]+ed|[a-z]+ing|not|also|designed|built|made|subject)\b", re.IGNORECASE)
# an item that opens with a finite verb is a predicate of the chapeau's subject ("The piece of software developed:
# (a) is targeted at …; (b) does not adversely affect …"), not an object of its verb of making
_FINITE_LEAD = re.compile(r"^\s*(?:is|are|was|were|does|do|has|have|shall|must|can)\b", re.IGNORECASE)
# the word before the colon is a NOUN of a making stem ("… enabling non-life reinsurance products:", "… the
# following installations:"), not the verb whose objects the items are
_MAKE_NOUN_BEFORE_COLON = re.compile(r"\b(?:products?|production|producers?|\w+(?:tions?|ments?|ers?))\s*:\s*$",
                                     re.IGNORECASE)
# the making verb sits in a relative clause on the chapeau's subject ("The … strategies, plans, and measures that are
# developed:"): the items are predicates of that subject, not alternative objects
_RELATIVE_PASSIVE_CHAPEAU = re.compile(r"\b(?:that|which)\s+(?:are|is|were|was|have\s+been|has\s+been)\s+"
                                       r"(?:[\w-]+\s+)?[a-z]+ed\s*:\s*$", re.IGNORECASE)


def is_alternative_objects(chapeau: str, children: Sequence[str]) -> bool:
    """Whether the items complete the chapeau's verb of making/being as alternative objects (spec §6 chapeau
    rule (b)): the colon follows that verb, not a noun of the same stem nor a relative clause on the subject.

    >>> is_alternative_objects("The activity produces:", ["hydrogen;", "ammonia."])
    True
    >>> is_alternative_objects("Supporting development and supply of enabling products:", ["The activity x.", "y."])
    False
    >>> is_alternative_objects("The strategies and measures that are developed:", ["do not affect x;", "favour y."])
    False
    >>> is_alternative_objects("The piece of software developed:", ["is targeted at x;", "does not affect y;"])
    False
    >>> is_alternative_objects("Emissions are:", ["for clinker, lower than 1 t/t;", "for cement, lower than 2 t/t."])
    False
    """
    if not _MAKE_VERB.search(chapeau) or any(_PARTICIPLE_LEAD.match(c) or _FINITE_LEAD.match(c) for c in children):
        return False
    if all(re.match(r"\s*for\s", c, re.IGNORECASE) for c in children):
        return False  # each item scopes its own requirement ("for grey cement clinker, lower than …"): no object
    return not (_MAKE_NOUN_BEFORE_COLON.search(chapeau) or _RELATIVE_PASSIVE_CHAPEAU.search(chapeau))
# "... may be checked/demonstrated/proven:" lists alternative ways of showing one thing
_MAY_OPTIONS = re.compile(r"\bmay\s+(?:also\s+)?(?:be\s+)?(?:checked|demonstrated|proven|proved|shown|verified|"
                          r"evidenced|attested|met|achieved|fulfilled)\b[^:;.]{0,80}:\s*$", re.IGNORECASE)
# a band of one attribute stated in an item: "... for treatment plant capacity below 10 000 p.e.;"
_BAND = re.compile(r"\bfor\s+(?P<head>(?:[a-z-]+\s+){0,6}?)(?:(?:of|with)\s+)?(?:(?:equal\s+to\s+or\s+)?(?:below|above|"
                   r"between|over|under|less\s+than|more\s+than|greater\s+than|lower\s+than|higher\s+than|"
                   r"exceeding|up\s+to|from|at\s+least|at\s+most)|of)\s+\d", re.IGNORECASE)
# a chapeau naming things the activity installs/builds/makes, whose "including:" list gives eligible examples
_ELIGIBLE_THINGS = re.compile(r"^\s*(?:the\s+)?(?:installation|construction|manufacture|production|provision|deployment|"
                              r"purchase|acquisition)(?:/\w+)?(?:\s+and\s+\w+)?\s+of\b", re.IGNORECASE)
# a value tier keyed on a product or grade: "70 % for the production of high alloy steel;" (spec §7: sub-types)
_PRODUCT_TIER = re.compile(r"^\s*(?:at\s+least\s+|up\s+to\s+)?\d[\d\s.,]*(?:\s*%|\s*[a-zA-Z][\w/]*)?\s+(?:[\w-]+\s+){0,4}?"
                           r"for\s+(?:the\s+)?(?:production|manufacture|manufacturing)\s+of\s+(?P<what>[^;.,]+)",
                           re.IGNORECASE)
# a trailing gate on an item: "1 % of the turnover …, where the contractual agreement includes only one establishment;"
_TRAILING_WHERE = re.compile(r",\s*where\s+(?P<gate>[^,;]+?)\s*[;.]?\s*(?:and|or)?\s*$", re.IGNORECASE)
# the activity's verb of making anywhere in the chapeau sentence, its objects listed: "The economic activity
# manufactures, repairs … components … for the following vehicles:" (spec §6 (b), §7 "anywhere in the chapeau")
_ACTIVITY_MAKES_THE_FOLLOWING = re.compile(
    r"\bactivity\s+(?:[\w-]+\s+){0,2}?(?:manufactur|produc|generat|install|provid|suppl|repair|maintain|retrofit|"
    r"repurpos|upgrad|construct|develop|rent|leas|sell|distribut|deploy)\w*\b[^.;:]*?\bthe\s+following\s+"
    r"(?!(?:criteria|requirements|conditions|values|thresholds|measures|specifications|principles)\b)[a-z-]+\s*:\s*$",
    re.IGNORECASE)
# a noun-phrase chapeau naming a kind of thing, itself an option of a list ("demand response and load shifting
# equipment, systems and services that increase the flexibility …, that include:", "where not included in Section
# 8.2., communication systems, software and control equipment, …:"): its items are kinds of that thing (OR); the
# head noun list comes first (no finite verb before it), the colon closes the phrase or "that include"/"including"
_THING_NOUN = (r"(?:equipment|systems?|services|software|analytics|products|solutions|technolog(?:y|ies)|devices|"
               r"components|installations)")
_KINDS_CHAPEAU = re.compile(rf"""
    ^\s*(?:where\s+not\s+(?:already\s+)?(?:included|covered|listed)\s+(?:in|by|under)\s+Sections?\s+[\d.]+,?\s*)?
    (?P<head>[a-z][\w\s,-]*?\b{_THING_NOUN})\b
    [^:;]*?(?:,?\s*(?:that|which)\s+include|,?\s*including)?\s*:\s*$
""", re.X)
_FINITE_IN_HEAD = re.compile(r"\b(?:is|are|has|have|does|do|shall|must|compl(?:y|ies)|meets?|includes?|consists?|"
                             r"contains?|uses?|ensures?|identif(?:y|ies)|and\s+the|the)\b", re.IGNORECASE)
# a relative clause or preposition that the items complete ("vessels that:", "light-duty vehicles with:"): not kinds
_OPEN_CLAUSE_END = re.compile(r"\b(?:that|which|with|by|to|of|for|from|on|and|or)\s*:\s*$", re.IGNORECASE)


def is_kinds_of_option(chapeau: str) -> bool:
    """Whether the chapeau is a noun phrase of things whose items are kinds of them (OR).

    >>> is_kinds_of_option("demand response and load shifting equipment, systems and services that increase the "
    ...                    "flexibility of the electricity system and support grid stability, that include:")
    True
    >>> is_kinds_of_option("identifies key harmful climate impacts of their assets, including impacts from:")
    False
    >>> is_kinds_of_option("Emissions are within the ranges set out in the BAT conclusions, including:")
    False
    """
    m = _KINDS_CHAPEAU.match(chapeau)
    return bool(m) and not _FINITE_IN_HEAD.search(m.group("head")) and not _OPEN_CLAUSE_END.search(chapeau)


_INCLUDING = re.compile(r"\b(?:including|includes?|include|inter\s+alia)\b[^:]*:\s*$", re.IGNORECASE)


def is_temporal_regimes(children: Sequence[str]) -> bool:
    """Successive temporal regimes ("until D: X; from D+1: Y"): every child opens with a date bound."""
    return len(children) >= 2 and all(_TEMPORAL_LEAD.match(c) for c in children)


def _lead_scope(text: str) -> str:
    """The conditional phrase a child opens with, up to the first comma/colon."""
    return re.split(r"[,:;]", text, maxsplit=1)[0].lower()


def is_conditional_tiering(children: Sequence[str]) -> bool:
    """Items that split one attribute into mutually exclusive bands (paper D.1 pattern F): every child opens
    with the same conditional word ("for installations below 10 MW: ...; for installations of 10 MW or more")
    and the scopes share their head words."""
    if len(children) < 2 or not all(_COND_LEAD.match(c) for c in children):
        return False
    heads = [_COND_LEAD.match(c).group(0).strip().lower() for c in children]
    if len(set(heads)) != 1:
        return False
    scopes = [set(re.findall(r"[a-z]{3,}", _lead_scope(c))) for c in children]
    common = set.intersection(*scopes) - {"the", "for", "where", "with", "and", "that", "which"}
    nouns = {scope_head(_lead_scope(c)) for c in children} if heads == ["for"] * len(children) else {""}
    # bands qualify one head noun ("installations below 10 MW" / "installations of 10 MW or more"); scopes naming
    # different products ("for grey cement clinker" / "for cement from grey clinker …") are not exclusive: AND
    return bool(common) and (len(nouns) == 1 or "" in nouns)


# words that end the pre-modified head of a scope ("activities | with an expected lifespan …", "cement | from …")
_HEAD_END = re.compile(r"\b(?:with|of|from|below|above|between|or|and|that|which|where|whose|up|less|more|over|under|"
                       r"exceeding|than|in|on|at|to|by|having|equal|not|used|made|produced)\b|\d|\(", re.IGNORECASE)


def scope_head(scope: str) -> str:
    """The head noun of a conditional scope: the last word before its post-modifiers (stem of five letters).

    >>> scope_head("for installations below 10 mw"), scope_head("for all other installations")
    ('insta', 'insta')
    >>> scope_head("for grey cement clinker"), scope_head("for cement from grey clinker or alternative hydraulic binder")
    ('clink', 'cemen')
    """
    lead = _COND_LEAD.sub("", scope, count=1)
    words = re.findall(r"[a-z][\w-]*", _HEAD_END.split(lead, maxsplit=1)[0].lower())
    return words[-1][:5] if words else ""


def is_band_tiering(children: Sequence[str]) -> bool:
    """Items whose trailing "for <attribute> below/between/above <n>" phrases split one attribute into bands:
    "35 kWh … for plant capacity below 10 000 p.e.; 25 kWh … for capacity between 10 000 and 100 000 p.e.; …"."""
    if len(children) < 2:
        return False
    heads = []
    for c in children:
        m = _BAND.search(c)
        if m is None:
            return False
        heads.append(set(re.findall(r"[a-z]{3,}", m.group("head").lower())) - {"the", "with", "and", "that"})
    return bool(set.intersection(*heads))


# an item's attribute band: "having a maximum take-off mass greater than 60 t …", "… motors with a rated output
# between 0,12 kW and 1 000 kW …" (the attribute words, then the comparison with a number)
_ATTRIBUTE_BAND = re.compile(
    r"\b(?:having|with)\s+(?:an?\s+|the\s+)?(?P<attr>(?:[a-z][\w-]*\s+){1,4}?)(?:of\s+)?(?:greater\s+than|"
    r"more\s+than|less\s+than|lower\s+than|higher\s+than|above|below|between|exceeding|up\s+to|at\s+least|"
    r"at\s+most|equal\s+to\s+or\s+(?:greater|less|lower|higher)\s+than)?\s*\d", re.IGNORECASE)
_ATTRIBUTE_STOP = {"of", "and", "the", "a", "an", "rated", "with"}


def is_attribute_band_tiering(children: Sequence[str]) -> bool:
    """Items that split the listed things by bands of one attribute introduced by "having"/"with" ("having
    maximum take-off mass greater than 5,7 t and less than or equal to 60 t …; having a maximum take-off mass
    greater than 60 t …"; "single-phase motors with a rated output of 0,12 kW or higher …; 3-phase motors with a
    rated output between 0,75 kW and 1 000 kW …"): each instance falls in one band, so the tiers are alternatives
    (spec §6 chapeau (a)).  The first such phrase of every item names the same attribute.

    >>> is_attribute_band_tiering(["having a mass greater than 5 t and up to 60 t;", "having a mass greater than 60 t."])
    True
    >>> is_attribute_band_tiering(["emissions with a content of 5 mg;", "water with a temperature of 20 C."])
    False
    """
    if len(children) < 2:
        return False
    attrs = []
    for c in children:
        m = _ATTRIBUTE_BAND.search(c[:200])
        if m is None:
            return False
        attrs.append(tuple(w for w in m.group("attr").lower().split() if w not in _ATTRIBUTE_STOP))
    return all(attrs) and len(set(attrs)) == 1


def is_product_tiering(children: Sequence[str]) -> bool:
    """Items that give one value per product or grade ("70 % for the production of high alloy steel; 90 % for
    the production of carbon steel"): an instance makes one of them, so the tiers are alternatives (OR)."""
    found = [_PRODUCT_TIER.match(c) for c in children]
    return len(children) >= 2 and all(found) and len({m.group("what").strip().lower() for m in found}) == len(found)


def is_trailing_gate_tiering(children: Sequence[str]) -> bool:
    """Items each closed by a ", where <situation>" gate on one shared attribute ("…, where the agreement includes
    only one establishment; …, where the agreement … includes a group of two to ten establishments"): bands."""
    gates = [_TRAILING_WHERE.search(c) for c in children]
    if len(children) < 2 or not all(gates):
        return False
    heads = [set(re.findall(r"[a-z]{4,}", g.group("gate").lower())) - {"where", "that", "which", "with", "includes",
                                                                           "include", "equivalent"} for g in gates]
    return bool(set.intersection(*heads)) and len({g.group("gate").lower() for g in gates}) == len(gates)


# an item's opening gate ("Where …", "If …", "When …", "In the case of …") and its condition up to the first comma
_GATE_COND = re.compile(r"^\s*(?:where|if|when|in\s+(?:the\s+)?case\s+of)\b(?P<cond>[^,;:]*)", re.IGNORECASE)
_GATE_NEG = re.compile(r"\b(?:not|no|nor|never|cannot|neither|without)\b", re.IGNORECASE)
_GATE_STOP = {"the", "of", "and", "or", "to", "in", "a", "an", "is", "are", "on", "with", "for", "by", "that", "which",
              "this", "be", "as", "its", "criteria", "activity", "economic", "operator", "there", "has", "have", "all",
              "any", "exist", "exists", "used", "them", "does", "not", "no"}


def _cond_stems(cond: str) -> set[str]:
    return {w[:6] for w in re.findall(r"[a-z]{3,}", cond.lower()) if w not in _GATE_STOP}


def is_complementary_gates(children: Sequence[str]) -> bool:
    """Items gated by a condition and by its negation ("Where the activity manufactures equipment complying with
    all EU Ecolabel criteria …, …; Where no product-specific EU Ecolabel criteria exist, …"): an instance falls
    under one gate only, so the items are alternative routes (spec §6 chapeau (a), conditional tiering).  Every
    item opens with a gate; a later negated condition restates an earlier positive one (at least two shared
    content words, at least half of the negated condition's words).

    >>> is_complementary_gates(["Where the plant uses biogas from EU sources, it complies with X.",
    ...                         "Where no biogas from EU sources is used, it complies with Y."])
    True
    >>> is_complementary_gates(["Where the plant uses biogas, it complies with X.",
    ...                         "Where the plant does not discharge water, it complies with Y."])
    False
    """
    gates = [_GATE_COND.match(c) for c in children]
    if len(children) < 2 or not all(gates):
        return False
    conds = [g.group("cond") for g in gates]
    return any(negates_gate(cj, ci) for j, cj in enumerate(conds) for ci in conds[:j])


def negates_gate(cond: str, earlier_cond: str) -> bool:
    """``cond`` is the negation of ``earlier_cond`` (both gate conditions): ``cond`` is negated, the earlier one
    is not, and they share at least two content words, at least half of ``cond``'s."""
    if not _GATE_NEG.search(cond) or _GATE_NEG.search(earlier_cond):
        return False
    sj = _cond_stems(cond)
    shared = sj & _cond_stems(earlier_cond)
    return len(shared) >= 2 and 2 * len(shared) >= len(sj)


def gate_condition(text: str) -> Optional[str]:
    """The condition of the gate a text opens with ("Where <cond>, …"), or None."""
    m = _GATE_COND.match(text)
    return m.group("cond") if m else None


def is_time_limited_alternatives(children: Sequence[str]) -> bool:
    """Some items have no date and others are a time-limited route opened "until D" ("(i) have zero emissions;
    (ii) until 31 December 2025, are hybrid vessels …"): each item alone qualifies, so OR (spec §6: items
    that are different alternatives are OR even if some of them are time-limited)."""
    if len(children) < 2:
        return False
    leads = [_TEMPORAL_LEAD.match(c) for c in children]
    undated = [c for c, m in zip(children, leads) if m is None]
    until = [m for m in leads if m is not None and re.match(r"\s*(?:until|before|up\s+to|no\s+later)", m.group(0), re.I)]
    return bool(undated) and bool(until) and not any(_COND_LEAD.match(c) for c in undated)


def list_joint(children: Sequence[str]) -> Optional[str]:
    """The conjunction printed at the end of the penultimate item ("...; or" -> "OR", "...; and" -> "AND")."""
    if len(children) < 2:
        return None
    pen = children[-2].strip()
    if _OR_JOINT.search(pen):
        return "OR"
    if _AND_JOINT.search(pen):
        return "AND"
    return None


def decide_logic(chapeau: str, children: Sequence[str], *, is_root: bool = False, k: Optional[int] = None
                 ) -> LogicDecision:
    """Evaluation logic of a node from its own text and its participating children's texts.

    >>> decide_logic("", []).logic
    'LEAF'
    >>> decide_logic("The percentage contribution is at least equivalent to:",
    ...              ["for installations below 10 MW: 5 %;", "for installations of 10 MW or more: 8 %."]).logic
    'OR'
    >>> decide_logic("", ["The building complies with X.", "Alternatively, it reduces Y by 30 %."], is_root=True).logic
    'OR'
    """
    k = len(children) if k is None else k  # ``children``: the items patterns look at (may omit anchored ones)
    if k == 0:
        return LogicDecision("LEAF", None, 1.0, "no-participating-children")
    con = find_connective(chapeau) if chapeau else None
    if con is not None and con.kind != "following":
        if con.negated:
            # "is not built on one of the following" excludes every item: AND over the exclusions
            return LogicDecision("AND", None, 0.9, f"negated-list:{con.text}")
        if con.kind == "all":
            return LogicDecision("AND", None, 0.95, f"connective-all:{con.text}")
        if con.kind == "any":
            return LogicDecision("OR", None, 0.95, f"connective-any:{con.text}")
        if con.kind in ("at_least", "exactly"):
            n = con.n or 1
            if n <= 1:
                return LogicDecision("OR", None, 0.9, f"connective-at-least-one:{con.text}")
            if n >= k:
                return LogicDecision("AND", None, 0.7, f"connective-n-equals-k:{con.text}")
            return LogicDecision("N_OF_K", n, 0.9, f"connective-n-of-k:{con.text}")
        if con.kind == "none":
            return LogicDecision("AND", None, 0.85, f"connective-none:{con.text}")
    if con is not None and con.kind == "following" and not con.negated:
        if re.search(r"\bactivity\s+(?:is|consists\s+(?:of|in))\s+the\s+following\s*:\s*$", chapeau, re.IGNORECASE):
            return LogicDecision("OR", None, 0.65, "activity-is-one-of")  # an activity is one of the things listed
        if _ACTIVITY_MAKES_THE_FOLLOWING.search(chapeau):
            return LogicDecision("OR", None, 0.6, "activity-makes-the-following")  # alternative objects of its verb
        return LogicDecision("AND", None, 0.85, "connective-the-following")
    # no connective: patterns over the children
    if is_temporal_regimes(children):
        return LogicDecision("AND", None, 0.85, "successive-temporal-regimes")
    joint = list_joint(children)
    if joint == "OR":
        return LogicDecision("OR", None, 0.85, "list-joint-or")
    if any(_ALTERNATIVELY.match(c) for c in children[1:]):
        return LogicDecision("OR", None, 0.8, "alternatively")
    if is_complementary_gates(children):
        return LogicDecision("OR", None, 0.7, "complementary-gates")
    if chapeau.rstrip().endswith(":") and not is_root:
        if is_conditional_tiering(children):
            return LogicDecision("OR", None, 0.75, "conditional-tiering")
        if is_band_tiering(children):
            return LogicDecision("OR", None, 0.7, "band-tiering")
        if is_product_tiering(children):
            return LogicDecision("OR", None, 0.7, "product-tiering")
        if is_attribute_band_tiering(children):
            return LogicDecision("OR", None, 0.65, "attribute-band-tiering")
        if is_trailing_gate_tiering(children):
            return LogicDecision("OR", None, 0.65, "trailing-gate-tiering")
        if _MAY_OPTIONS.search(chapeau):
            return LogicDecision("OR", None, 0.65, "may-options")
        if is_time_limited_alternatives(children):
            return LogicDecision("OR", None, 0.65, "time-limited-alternatives")
        if is_kinds_of_option(chapeau):
            return LogicDecision("OR", None, 0.6, "kinds-of-option")
        if _INCLUDING.search(chapeau):
            if _ELIGIBLE_THINGS.match(chapeau):  # "installation of equipment …, including: (i) sensors; (ii) …"
                return LogicDecision("OR", None, 0.6, "eligible-examples")
            return LogicDecision("AND", None, 0.75, "including-list")
        if is_alternative_objects(chapeau, children):
            return LogicDecision("OR", None, 0.65, "alternative-objects")
    if joint == "AND":
        return LogicDecision("AND", None, 0.85, "list-joint-and")
    return LogicDecision("AND", None, 0.6 if chapeau else 0.8, "default-and")

prefilter_namespace(globals())  # the rule regexes above behind their literal prefilters
