"""The candidate finders of the citation finder, each named after the provenance rule id it emits, in order.

Every rule is ``(text) -> list[Citation]``: candidates that may overlap; :func:`~regc.grammar.citations.find_citations`
keeps the longest of overlapping candidates (acts win ties, then the order of :data:`RULES`), de-duplicates and
resolves anaphors.  ``rule.rule_id`` is the id a citation's ``rule`` starts with (``rule_ids`` when a rule emits
several: a coordination split into one source per act or pinpoint).  Each rule has a fixture file
``tests/fixtures/citations/rules/<name>.in.json``.

>>> [(fn.__name__, fn.rule_id) for fn in RULES][:3]
[('act', 'grammar:act'), ('internal_reference', 'grammar:section'), ('standard', 'grammar:standard')]
>>> [c.rule for c in bat_conclusions("in line with the relevant BAT conclusions for large combustion plants.")]
['pattern:bat-conclusions']
"""

from __future__ import annotations

import re
from typing import Callable

from regc.grammar.citations.acts import _act_citations, _shared_act_articles, _with_section_pinpoint, with_annex_sections
from regc.grammar.citations.patterns import (
    _GENERIC_LEAD,
    ACT_CORE,
    ANAPHOR_CORE,
    BAT_CAND,
    DOC_NOUN,
    INTERNAL_CAND,
    STANDARD_CAND,
    NAMED_ACT,
    TITLED_ACT,
    TITLED_COMMUNICATION,
    INDEFINITE_TITLED_ACT,
    GENERIC_CAND,
    GENERIC_LAW_CAND,
    INTERNAL_CRITERIA,
    LEVELS_INDICATOR,
    LEVELS_NUMBER,
    NAMED_CONVENTION,
    SCHEME_REQUIREMENTS,
    TREATY,
    BODY_GUIDANCE,
    BODY_STANDARD,
    COMMISSION_NOTICE,
    CONVENTION_DOCUMENT,
    GENERIC_PHRASE,
    QUOTED_DOCUMENT,
)
from regc.grammar.citations.lexicon import STANDARD_PREFIXES
from regc.grammar.citations.patterns_phrases import (CODE_AFTER_STANDARD, CONTRACT_AGREEMENT, EQUIVALENT_ALTERNATIVE,
                                                     GENERIC_NOUN_PHRASE, LEGAL_ORDER_BEFORE, NAMED_AGREEMENT,
                                                     PUBLISHED_DOCUMENT)
from regc.grammar.citations.phrases import _named_acts, _named_documents, _titled_acts
from regc.grammar.citations.references import _internal_citations, _standard_citations
from regc.grammar.citations.results import Citation


def rule(*rule_ids: str, gates: tuple[re.Pattern, ...] = ()) -> Callable:
    """Name a rule after the provenance id(s) it emits (the first is its name).  ``gates``: patterns one of which
    matches in every text the rule finds something in (its candidate patterns); a text in which none can match
    (:func:`~regc.grammar.prefilter.may_apply`, from their required literals) skips the rule.  The soundness test
    tests/test_prefilter.py checks the claim for every rule with gates."""
    def mark(fn: Callable) -> Callable:
        fn.rule_id, fn.rule_ids, fn.gates = rule_ids[0], rule_ids, gates
        return fn
    return mark


@rule("grammar:act", "grammar:split-pinpoints", "grammar:split-acts", "grammar:anaphor", "grammar:split-articles",
      "grammar:split-sections", "grammar:split-shared-act", gates=(ACT_CORE, ANAPHOR_CORE))
def act(text: str) -> list[Citation]:
    """Numbered EU acts with their pinpoints ("Article 29 of Directive (EU) 2018/2001"), split coordinations (of
    acts, of pinpoints, of articles: "Articles 11 and 12 of Directive X" is two sources), and anaphors ("of that
    Directive"; "that Directive’s Descriptors 1 (…), …"), a bare Article coordinated with an Article of a named act
    ("Article 57 and identified in accordance with Article 59(1) of Regulation …": two sources), each extended over a
    section pinpoint before it; the Sections of another act's Annex one source each ("Sections 3.10 to 3.16 of Annex
    II to Delegated Regulation (EU) 2021/2139")."""
    return [s for a in _shared_act_articles(text, _act_citations(text))
            for s in with_annex_sections(_with_section_pinpoint(a, text), text)]


@rule("grammar:section", "grammar:section-split", "grammar:appendix_ref", "grammar:relevant_section_ref",
      gates=(INTERNAL_CAND,))
def internal_reference(text: str) -> list[Citation]:
    """Sections and appendices of this Annex ("Sections 5.11 and 5.12 of this Annex")."""
    return _internal_citations(text)


@rule("grammar:standard", gates=(STANDARD_CAND,))
def standard(text: str) -> list[Citation]:
    """Standards ("EN ISO 14067:2018", "ETSI EN 303 472")."""
    return _standard_citations(text)


@rule("pattern:coordinated-standard", gates=(STANDARD_CAND,))
def coordinated_standard(text: str) -> list[Citation]:
    """Standards named by a code shape of their own, coordinated with a standard the grammar reads ("electronic
    components (EN IEC 61249-2-21 or JS709C)", "consumables (EN IEC 61249-2-21 and IPC J-STD-004B)"): one source
    per code (spec §2); a chain of them ("A or B or C") each."""
    out = []
    for std in _standard_citations(text):
        end = std.end
        while (m := CODE_AFTER_STANDARD.match(text, end)) is not None:
            out.append(Citation(kind="standard", text=m.group("code"), start=m.start("code"), end=m.end("code"),
                                spans=(m.span("code"),), rule=coordinated_standard.rule_id, confidence=0.8))
            end = m.end("code")
    return out


@rule("pattern:named-act", gates=(NAMED_ACT,))
def named_act(text: str) -> list[Citation]:
    """Acts named without a number ("the Waste Framework Directive")."""
    return _named_acts(text)


@rule("pattern:titled-act", gates=(TITLED_ACT, TITLED_COMMUNICATION, INDEFINITE_TITLED_ACT))
def titled_act(text: str) -> list[Citation]:
    """Acts cited by author, type and title ("the Council recommendation on …")."""
    return _titled_acts(text)


def _spans(text: str, rx: re.Pattern, rule_id: str, kind: str = "named_document", conf: float = 0.7,
           keep: Callable[[re.Match], bool] = lambda m: True) -> list[Citation]:
    return [Citation(kind=kind, text=m.group(0), start=m.start(), end=m.end(), spans=((m.start(), m.end()),),
                     rule=rule_id, confidence=conf) for m in rx.finditer(text) if keep(m)]


@rule("pattern:levels-indicator", "pattern:levels-indicator-split", gates=(LEVELS_INDICATOR,))
def levels_indicator(text: str) -> list[Citation]:
    """The EU Level(s) framework for sustainable buildings ("Level(s) indicator 1.2"): one source per indicator of a
    coordination ("Level(s) indicators 2.3 and 2.4" → "Level(s) indicator 2.3", "Level(s) indicator 2.4"), a part of
    the indicator kept as pinpoint ("Level 1 design concept checklist of the Level(s) indicator 2.2 checklist")."""
    out = []
    for m in LEVELS_INDICATOR.finditer(text):
        nums = LEVELS_NUMBER.findall(m.group("nums"))
        texts = [m.group(0)] if len(nums) == 1 else [f"Level(s) indicator {n}" for n in nums]
        rid = levels_indicator.rule_ids[len(texts) > 1]
        out += [Citation(kind="named_document", text=t, start=m.start(), end=m.end(), spans=((m.start(), m.end()),),
                         rule=rid, confidence=0.75) for t in texts]
    return out


@rule("pattern:named-convention", gates=(NAMED_CONVENTION,))
def named_convention(text: str) -> list[Citation]:
    """Conventions, protocols and agreements named by place or subject ("Article 11 of the Minamata Convention",
    "the Paris Agreement"); an agreement whose name is a kind of contract ("the Grant Agreement") is no treaty, unless
    a pinpoint into it is cited."""
    return _spans(text, NAMED_CONVENTION, named_convention.rule_id,
                  keep=lambda m: not (m.group("noun") == "Agreement" and not (m.group("pin") or m.group("annex"))
                                      and CONTRACT_AGREEMENT.search(m.group(0))))



@rule("pattern:treaty", gates=(TREATY,))
def treaty(text: str) -> list[Citation]:
    """The EU Treaties, with their pinpoints ("Article 41 of the Euratom Treaty", "Article 192 TFEU")."""
    return _spans(text, TREATY, treaty.rule_id, conf=0.8)


@rule("pattern:body-guidance", gates=(BODY_GUIDANCE,))
def body_guidance(text: str) -> list[Citation]:
    """Guidance of named bodies, as a whole noun phrase ("latest international guidance from the IAEA and WENRA")."""
    return _spans(text, BODY_GUIDANCE, body_guidance.rule_id, conf=0.7)


@rule("pattern:commission-notice", gates=(COMMISSION_NOTICE,))
def commission_notice(text: str) -> list[Citation]:
    """Commission notices by number and/or title ("Commission Notice – Technical guidance on … (2021/C 373/01)")."""
    return _spans(text, COMMISSION_NOTICE, commission_notice.rule_id, conf=0.75)


@rule("pattern:body-standard", gates=(BODY_STANDARD,))
def body_standard(text: str) -> list[Citation]:
    """Standards of a named body by its acronym ("the ICAO standard"); standard series with a number are not."""
    return _spans(text, BODY_STANDARD, body_standard.rule_id, conf=0.65,
                  keep=lambda m: (m.group("acr1") or m.group("acr2")) not in STANDARD_PREFIXES + ("EURO",))


@rule("pattern:named-agreement", gates=(NAMED_AGREEMENT,))
def named_agreement(text: str) -> list[Citation]:
    """Agreements named by subject ("the Agreement on the International Carriage of Dangerous Goods by Road")."""
    return _spans(text, NAMED_AGREEMENT, named_agreement.rule_id)


@rule("pattern:bat-conclusions", gates=(BAT_CAND,))
def bat_conclusions(text: str) -> list[Citation]:
    """Best available techniques (BAT) conclusions ("the relevant BAT conclusions for large combustion plants")."""
    out = []
    for m in BAT_CAND.finditer(text):
        t = m.group(0).rstrip()
        out.append(Citation(kind="named_document", text=t, start=m.start(), end=m.start() + len(t),
                            spans=((m.start(), m.start() + len(t)),), rule=bat_conclusions.rule_id, confidence=0.8))
    return out


@rule("pattern:generic-alternative", gates=(GENERIC_CAND, EQUIVALENT_ALTERNATIVE))
def generic_alternative(text: str) -> list[Citation]:
    """Generic alternatives to a named source ("or equivalent national law", "other international standards", "other
    equivalent national or international classifications or definitions")."""
    out = []
    for m in (*GENERIC_CAND.finditer(text), *EQUIVALENT_ALTERNATIVE.finditer(text)):
        if LEGAL_ORDER_BEFORE.search(text, max(0, m.start() - 40), m.start()):
            continue  # "transposed into national law": where, not what
        t = m.group(0).rstrip()
        lead = _GENERIC_LEAD.match(t)  # "or as required by national provisions …"
        s0 = m.start() + (lead.end() if lead else 0)
        t = t[lead.end():] if lead else t
        out.append(Citation(kind="generic", text=t, start=s0, end=s0 + len(t), spans=((s0, s0 + len(t)),),
                            rule=generic_alternative.rule_id, confidence=0.7))
    return out


@rule("pattern:generic-reference", gates=(GENERIC_LAW_CAND, GENERIC_NOUN_PHRASE))
def generic_reference(text: str) -> list[Citation]:
    """Generic references as whole noun phrases, spec §7 ("applicable Union and national law", "national
    legislation that transposes …", "equivalent recognised schemes", "national and local provisions", "minimum
    requirements in Union law", "relevant standards regarding …"), and named non-legal schemes (FSC, PEFC)."""
    out = []
    for rx in (GENERIC_LAW_CAND, GENERIC_NOUN_PHRASE):
        for m in rx.finditer(text):
            if LEGAL_ORDER_BEFORE.search(text, max(0, m.start() - 40), m.start()):
                continue  # "which implements in Union law …": where, not what
            s0 = m.start() + (4 if m.group(0).startswith("the ") else 0)  # leading articles are no part of a reference
            out.append(Citation(kind="generic", text=text[s0:m.end()], start=s0, end=m.end(), spans=((s0, m.end()),),
                                rule=generic_reference.rule_id, confidence=0.65))
    return out


@rule("pattern:published-document", gates=(PUBLISHED_DOCUMENT,))
def published_document(text: str) -> list[Citation]:
    """The thing to take into account that a body publishes, spec §7 RF6 ("taking into account the results of the
    information exchange which are published by the Commission …" → "results of the information exchange")."""
    return [Citation(kind="generic", text=m.group("ref"), start=m.start("ref"), end=m.end("ref"),
                     spans=(m.span("ref"),), rule=published_document.rule_id, confidence=0.65)
            for m in PUBLISHED_DOCUMENT.finditer(text)]


@rule("pattern:internal-criteria", gates=(INTERNAL_CRITERIA,))
def internal_criteria(text: str) -> list[Citation]:
    """The criteria of other activities of this Annex named by their part, as generic internal references (spec §7
    RF1): "the respective criteria for substantial contribution to climate change adaptation" → "respective criteria
    for substantial contribution to climate change adaptation"; not the unit's own "the criteria for …"."""
    return [Citation(kind="generic", text=m.group("ref"), start=m.start("ref"), end=m.end("ref"),
                     spans=((m.start("ref"), m.end("ref")),), rule=internal_criteria.rule_id, confidence=0.7)
            for m in INTERNAL_CRITERIA.finditer(text)]


@rule("pattern:scheme-requirements", gates=(SCHEME_REQUIREMENTS,))
def scheme_requirements(text: str) -> list[Citation]:
    """The requirements of a scheme named by its acronym, at the version they applied ("10 % below the EEDI
    requirements applicable on 1 April 2022" → "EEDI requirements applicable on 1 April 2022"): the text the limit
    is measured against; not the index used as a metric ("an attained EEDI value")."""
    return [Citation(kind="named_document", text=m.group("ref"), start=m.start("ref"), end=m.end("ref"),
                     spans=((m.start("ref"), m.end("ref")),), rule=scheme_requirements.rule_id, confidence=0.7)
            for m in SCHEME_REQUIREMENTS.finditer(text)]


@rule("pattern:convention-document", gates=(CONVENTION_DOCUMENT,))
def convention_document(text: str) -> list[Citation]:
    """Documents of a convention's bodies as whole noun phrases (spec §7 RF1/RF3): named with the possessive and their
    title ("the Ramsar Convention’s guidelines for management planning for Ramsar sites and other wetlands"), by
    "of" ("relevant resolutions of the Ramsar Convention") or by number ("the resolution XIII/13"); the leading article
    is no part of the reference.  Not the convention alone ("the Ramsar Convention": rule ``named_convention``)."""
    out = []
    for m in CONVENTION_DOCUMENT.finditer(text):
        g = next(k for k in ("ref", "of", "num") if m.group(k))
        s0, e0 = m.span(g)
        out.append(Citation(kind="named_document" if g != "of" else "generic", text=text[s0:e0], start=s0, end=e0,
                            spans=((s0, e0),), rule=convention_document.rule_id, confidence=0.7))
    return out


@rule("pattern:generic-phrase", gates=(GENERIC_PHRASE,))
def generic_phrase(text: str) -> list[Citation]:
    """Generic references whose head generic law lays down or defines, as whole noun phrases (spec §7 RF1/RF3): "terms
    and conditions laid down in national law", "applicable national definition of sustainable forest management",
    "applicable sustainability rules on the placing on the market of batteries …, including …", "successors of
    Regulation (EC) No 715/2007 and …", "European List of … facilities established under that Regulation"; the
    leading article is no part of the reference."""
    return [Citation(kind="generic", text=m.group(0), start=m.start(), end=m.end(), spans=((m.start(), m.end()),),
                     rule=generic_phrase.rule_id, confidence=0.65) for m in GENERIC_PHRASE.finditer(text)]


@rule("pattern:quoted-document", gates=(QUOTED_DOCUMENT,))
def quoted_document(text: str) -> list[Citation]:
    """Documents named by their quoted title (spec §7 RF1/RF3, the whole title without its quotes): "follows the
    “Pan-European Guidelines for Afforestation and Reforestation with a special focus on the provisions of the
    UNFCCC”" → "Pan-European Guidelines for … UNFCCC"; a document noun among the first words and three capitalised
    words in all (not a subsection's title ‘Substantial contribution to climate change mitigation’)."""
    return [Citation(kind="named_document", text=m.group("title"), start=m.start("title"), end=m.end("title"),
                     spans=(m.span("title"),), rule=quoted_document.rule_id, confidence=0.7)
            for m in QUOTED_DOCUMENT.finditer(text) if len(re.findall(r"\b[A-Z]", m.group("title"))) >= 3]


@rule("pattern:named-document", gates=(DOC_NOUN,))
def named_document(text: str) -> list[Citation]:
    """Documents named by a title before a document noun ("the IUCN Red List", "the WHO handbook on …")."""
    return _named_documents(text)


RULES = (act, internal_reference, standard, coordinated_standard, named_act, titled_act, levels_indicator, named_convention, treaty,
         body_guidance, commission_notice, body_standard, named_agreement, bat_conclusions, generic_alternative,
         generic_reference, published_document, internal_criteria, scheme_requirements, convention_document, generic_phrase,
         quoted_document, named_document)
