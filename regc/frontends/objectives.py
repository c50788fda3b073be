"""Environmental objectives: map annex titles and criteria-row headings to objective codes and unit parts.

The six objectives of Article 9 of Regulation (EU) 2020/852, in their printed order ("(1)" … "(6)"):
CCM, CCA, WTR, CE, PPC, BIO.  A Taxonomy annex is about one objective (Annex I of 2021/2139 = CCM, Annex II =
CCA, Annexes I–IV of 2023/2486 = WTR, CE, PPC, BIO); its criteria table has one substantial-contribution row
(unit part ``SC``) and one DNSH row per other objective (unit part ``DNSH-<OBJ>``).

>>> objective_from_text("(3)  Sustainable use and protection of water and marine resources")
'WTR'
>>> unit_part_from_heading("Substantial contribution to climate change mitigation")
'SC'
>>> unit_part_from_heading("(2)  Climate change adaptation")
'DNSH-CCA'
>>> unit_part_from_heading("Do no significant harm (‘DNSH’)") is None
True
>>> classify_row_heading("Do no significant harm (‘DNSH’)").kind
'dnsh-header'
>>> annex_objective("Technical screening criteria for determining the conditions under which an economic activity "
...                 "qualifies as contributing substantially to climate change adaptation and for determining ...")
'CCA'
>>> unit_id("CCM", "4.29", "DNSH-PPC")
'CCM-4.29/DNSH-PPC'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal, Optional

OBJECTIVES: tuple[str, ...] = ("CCM", "CCA", "WTR", "CE", "PPC", "BIO")

OBJECTIVE_NAMES: dict[str, str] = {
    "CCM": "Climate change mitigation",
    "CCA": "Climate change adaptation",
    "WTR": "Sustainable use and protection of water and marine resources",
    "CE": "Transition to a circular economy",
    "PPC": "Pollution prevention and control",
    "BIO": "Protection and restoration of biodiversity and ecosystems",
}

# Article 9 numbering, as printed in DNSH rows: "(2) Climate change adaptation".
OBJECTIVE_BY_NUMBER: dict[int, str] = {i + 1: code for i, code in enumerate(OBJECTIVES)}

# Keyword patterns (lower-case, whitespace-normalised text).  Order does not matter: the earliest match wins.
_KEYWORDS: dict[str, re.Pattern[str]] = {
    "CCM": re.compile(r"climate change mitigation|\bmitigation\b|\bccm\b"),
    "CCA": re.compile(r"climate change adaptation|\badaptation\b|\bcca\b"),
    "WTR": re.compile(r"water and marine resources|\bwater\b|\bmarine\b|\bwtr\b"),
    "CE": re.compile(r"circular economy|\bce\b(?!-)"),
    "PPC": re.compile(r"pollution prevention|\bpollution\b|\bppc\b"),
    "BIO": re.compile(r"biodiversity|ecosystems|\bbio\b(?!-)"),
}

_NUMBER_PREFIX = re.compile(r"^\(?\s*([1-6])\s*\)\.?\s*")
_SC = re.compile(r"^(additional |specific )?(criteria pertaining to )?substantial(ly)? contribut")
_DNSH = re.compile(r"^(additional |specific )?(criteria pertaining to )?(do no|does no|doing no) significant harm"
                   r"|^dnsh\b|^\(?[‘'\"]?dnsh")
_GENERAL = re.compile(r"^general criteria pertaining to ")
_DNSH_TAIL = re.compile(r"^\s*(\(\s*[‘'\"]?dnsh[’'\"]?\s*\))?\s*(criteria)?\s*(to|on|for|towards)?\s*(the\s+)?")
_SENTENCE = re.compile(r"\b(is|are|does|do|shall|complies|comply|has|have|use|uses)\b")


def _norm(text: str) -> str:
    """Whitespace runs (no-break and thin spaces too: ``str.split`` splits where ``\\s`` does) as one space,
    lower-case.

    >>> _norm("  Do\u00a0no  significant\u2009harm ")
    'do no significant harm'
    """
    return " ".join((text or "").split()).lower()


def objective_from_text(text: str) -> Optional[str]:
    """The objective a heading names (earliest keyword wins); a leading "(n)" number decides when present.

    >>> objective_from_text("Protection and restoration of biodiversity and ecosystems")
    'BIO'
    >>> objective_from_text("(4) Transition to a circular economy")
    'CE'
    >>> objective_from_text("Description of the activity") is None
    True
    """
    s = _norm(text)
    m = _NUMBER_PREFIX.match(s)
    rest = s[m.end():] if m else s
    best: tuple[int, str] | None = None
    for code, pat in _KEYWORDS.items():
        km = pat.search(rest)
        if km and (best is None or km.start() < best[0]):
            best = (km.start(), code)
    if best is not None:
        found = best[1]
        # the printed number and the words agree in every act seen; trust the words if they don't
        return found
    if m and rest == "":
        return OBJECTIVE_BY_NUMBER[int(m.group(1))]
    return None


RowKind = Literal["sc", "dnsh-header", "dnsh-objective", "general"]


@dataclass(frozen=True)
class RowHeading:
    kind: RowKind
    objective: Optional[str]  # SC: the objective contributed to (if named); DNSH row: the objective not harmed
    part: Optional[str]  # "SC" / "DNSH-<OBJ>"; None for the bare "Do no significant harm" header row
    # kind "general": "General criteria pertaining to substantial contribution … and DNSH" (nuclear activities
    # CCM 4.26-4.28): criteria that apply to SC and DNSH alike; front-ends put them first in the SC unit.


def classify_row_heading(text: str) -> Optional[RowHeading]:
    """Classify a criteria-table row heading; None when the text is not a row heading.

    >>> classify_row_heading("Substantial contribution to climate change adaptation")
    RowHeading(kind='sc', objective='CCA', part='SC')
    >>> classify_row_heading("(1) Climate change mitigation")
    RowHeading(kind='dnsh-objective', objective='CCM', part='DNSH-CCM')
    >>> classify_row_heading("General criteria pertaining to substantial contribution to climate change mitigation "
    ...                      "and Do no significant harm (‘DNSH’)").kind
    'general'
    >>> classify_row_heading("Additional criteria pertaining to Do no significant harm (‘DNSH’)").kind
    'dnsh-header'
    >>> classify_row_heading("The activity complies with the criteria set out in Appendix A") is None
    True
    """
    s = _norm(text)
    if not s or len(s) > 160:
        return None
    if _GENERAL.match(s) and "substantial" in s:
        return RowHeading("general", objective_from_text(s), "SC")
    if _SC.match(s):
        return RowHeading("sc", objective_from_text(s), "SC")
    dm = _DNSH.match(s)
    rest = s
    if dm:
        rest = _DNSH_TAIL.sub("", s[dm.end():])
        if not rest or not objective_from_text(rest):
            return RowHeading("dnsh-header", None, None)
    m = _NUMBER_PREFIX.match(rest)
    rest = rest[m.end():] if m else rest
    for code, name in OBJECTIVE_NAMES.items():
        if rest.rstrip(" .:") == name.lower():
            return RowHeading("dnsh-objective", code, f"DNSH-{code}")
    if m or dm:  # "(2) Climate change adaptation" / "DNSH on water" with a variant wording
        obj = objective_from_text(rest)
        if obj and len(rest) < 90 and not _SENTENCE.search(rest):
            return RowHeading("dnsh-objective", obj, f"DNSH-{obj}")
    return None


def unit_part_from_heading(text: str) -> Optional[str]:
    """``"SC"``, ``"DNSH-<OBJ>"`` or None (not a row heading, or the bare DNSH header row)."""
    rh = classify_row_heading(text)
    return rh.part if rh else None


def annex_objective(annex_title: str) -> Optional[str]:
    """The objective an annex sets criteria for, from its title ("… contributing substantially to <objective> …").

    >>> annex_objective("… contributing substantially to the transition to a circular economy and …")
    'CE'
    """
    s = _norm(annex_title)
    i = s.find("substantially to")
    if i < 0:
        i = s.find("substantial contribution to")
    if i < 0:
        return None
    return objective_from_text(s[i:].split(" and for determining")[0].split(" and determining")[0][16:])


def unit_id(objective: str, section: str, part: str) -> str:
    return f"{objective}-{section}/{part}"


def activity_id(objective: str, section: str) -> str:
    return f"{objective}-{section}"


def check_unit_parts(adoc) -> None:
    """Flag (and where the source allows, repair) a criteria section that cannot exist: a DNSH section towards the
    activity's own objective (an activity never does "no significant harm" to the objective it contributes to).

    EUR-Lex 2021/2139 consolidated 2023-01-01, CCA-6.12: the criteria table copies the CCM activity's row headings,
    so "(2) Climate change adaptation" heads the DNSH criteria of an adaptation activity ("The vessels are not
    dedicated to the transport of fossil fuels", later consolidations: "(1) Climate change mitigation").  Rule:
    when exactly one of the other five objectives has no DNSH section, the section is read as DNSH towards that one
    (the numbering of the objectives leaves no other place for it); otherwise it is kept as printed.  Either way a
    warning ``DNSH_OWN_OBJECTIVE`` naming the activity goes into ``adoc.diagnostics`` (diagnostics.jsonl), never a
    silent unit.  An SC heading naming another objective than the annex's is reported as ``SC_HEADING_OBJECTIVE``
    (info: the part is SC either way).

    >>> from regc.ir.doc import ActivityDoc, UnitDoc
    >>> a = ActivityDoc(activity_id="CCA-6.12", objective="CCA", section="6.12", name="x", units=[
    ...     UnitDoc(part="SC"), UnitDoc(part="DNSH-CCA", heading="(2) Climate change adaptation")]
    ...     + [UnitDoc(part=f"DNSH-{o}") for o in ("WTR", "CE", "PPC", "BIO")])
    >>> check_unit_parts(a); [u.part for u in a.units][:2], a.diagnostics[0].code
    (['SC', 'DNSH-CCM'], 'DNSH_OWN_OBJECTIVE')
    """
    from regc.ir.models import Diagnostic

    own = adoc.objective
    for u in adoc.units:
        if u.part == "SC" and u.heading:
            rh = classify_row_heading(u.heading)
            if rh is not None and rh.objective and rh.objective != own:
                adoc.diagnostics.append(Diagnostic(
                    severity="info", code="SC_HEADING_OBJECTIVE", kind="Input", unit_id=f"{adoc.activity_id}/SC",
                    message=f"{adoc.activity_id}: substantial-contribution heading {u.heading!r} names {rh.objective}, "
                            f"not the annex objective {own} (source error; read as SC)", span=u.span))
    bad = [u for u in adoc.units if u.part == f"DNSH-{own}"]
    if not bad:
        return
    present = {u.part for u in adoc.units}
    missing = [o for o in OBJECTIVE_NAMES if o != own and f"DNSH-{o}" not in present]
    for u in bad:
        target = missing[0] if len(missing) == 1 and len(bad) == 1 else None
        if target is not None:
            u.part = f"DNSH-{target}"
            what = f"read as DNSH-{target}, the one objective with no DNSH section"
        else:
            what = "kept as printed: no single missing objective to read it as"
        adoc.diagnostics.append(Diagnostic(
            severity="warning", code="DNSH_OWN_OBJECTIVE", kind="Input", unit_id=f"{adoc.activity_id}/{u.part}",
            message=f"{adoc.activity_id}: DNSH row heading {u.heading!r} names the activity's own objective {own} "
                    f"(impossible for a {own} activity; source error); {what}", span=u.span))
