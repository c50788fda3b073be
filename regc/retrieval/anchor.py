"""Topic anchor of a compliance question, extracted by rules (seed 001's tau(q), without an LLM).

The anchor names what the question is about, in the corpus's own terms:

- ``acts``       acts named by alias ("Disclosures Delegated Act" -> 32021R2178), by number ("Regulation (EU)
  2020/852", through the citation grammar) or by a registry alias;
- ``pinpoints``  provisions cited ("Article 8(4) of the Disclosures Delegated Act" -> "32021R2178#Article 8",
  "§ 164.502(e)" -> that section of an indexed CFR text);
- ``sections``   activity codes ("CCM 7.7", "Section 3.10", "activity 6.5") -> the annex parts holding them;
- ``terms``      defined terms of the indexed acts that the question uses (multi-word, from DEFINES edges);
- ``dates`` / ``amounts`` ("1 January 2023", "500 individuals", "EUR 1 million", "70 %");
- ``topic``      the question's content words, question and persona words left out;
- ``bridged``    the rules' words for the practitioner words used ("vendor" -> "business associate").

Three retrieval views are rendered from it: the question, the anchor alone, and both.

>>> a = extract_anchor("Under Article 8(4) of the Disclosures Delegated Act, how should we report CapEx for "
...                    "CCM 7.7 from 1 January 2023?")
>>> a.acts, a.pinpoints, a.activity_codes, a.dates
(('32021R2178',), ('32021R2178#Article 8',), ('7.7',), ('1 January 2023',))
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Optional

# act aliases used in guidance and by practitioners -> CELEX (longest match wins); data, not logic
ACT_ALIASES: tuple[tuple[str, str], ...] = (
    ("complementary climate delegated act", "32022R1214"),
    ("complementary delegated act", "32022R1214"),
    ("environmental delegated act", "32023R2486"),
    ("taxonomy environmental delegated act", "32023R2486"),
    ("disclosures delegated act", "32021R2178"),
    ("disclosure delegated act", "32021R2178"),
    ("article 8 delegated act", "32021R2178"),
    ("article 8 disclosures delegated act", "32021R2178"),
    ("climate delegated act", "32021R2139"),
    ("taxonomy climate delegated act", "32021R2139"),
    ("taxonomy regulation", "32020R0852"),
    ("eu taxonomy regulation", "32020R0852"),
    ("eu taxonomy", "32020R0852"),
    ("sustainable finance disclosure regulation", "32019R2088"),
    ("sustainable finance disclosures regulation", "32019R2088"),
    ("sfdr", "32019R2088"),
    ("renewable energy directive", "32018L2001"),
    ("red ii", "32018L2001"),
    ("energy performance of buildings directive", "32024L1275"),
    ("epbd", "32024L1275"),
    ("energy efficiency directive", "32023L1791"),
    ("eu ets directive", "32003L0087"),
    ("emissions trading directive", "32003L0087"),
    ("gdpr", "32016R0679"),
    ("general data protection regulation", "32016R0679"),
    ("european climate law", "32021R1119"),
    ("governance regulation", "32018R1999"),
)
# words that say how a question is asked, not what it is about
QUESTION_WORDS = frozenset("""
    what which who whom whose when where why how whether can could may might must shall should will would do does
    did is are was were be been being have has had i we our us you your they their it its my me this that these
    those there here please need needs want wants know tell explain mean means meaning practice case cases also
    about any some such other than then so if or and but not no yes the a an of to in on for at by with from as
    into under over between within without per via vs etc e.g i.e get got make made use used using allowed okay
    acceptable ok still already just only really actually currently today""".split()) | frozenset("""
    he she him her his hers them theirs ours himself herself themselves ourselves someone somebody anyone""".split())

# a one-word defined term counts when its definitions provision defines at most this many terms (a section
# defining "breach" and one more term is about that term; a general definitions article is not)
SPECIFIC_DEFINITIONS = 3
# ... or when at most this many provisions of its act use the word, and one besides its definition does: a rare
# word the act applies ("marketing": § 164.501, § 164.508, § 164.514) names its definition even in a general
# definitions section; common ones ("payment", "individual", "treatment": 14 and more) do not, nor a label only the
# definition uses ("SME" in 2018/2001); None: off.  H14y, every released set: HIPAA hhsfaq3 +.042 / +.083, Taxonomy
# fresh5 -.020 / -.038 with 4 (README, twenty-fifth round)
RARE_TERM_PROVISIONS: Optional[int] = 3

ARTICLE_NUMBER = r"\d+[a-z]?"
SUBDIVISIONS = r"(?:\s?\(\w{1,4}\))*"
ARTICLE_LIST = (rf"Articles?\s+(?P<list>{ARTICLE_NUMBER}{SUBDIVISIONS}"
                rf"(?:\s*(?:,|and|or|to)\s*(?:Article\s+)?{ARTICLE_NUMBER}{SUBDIVISIONS})*)")
ACT_TAIL = r"\s*(?:,\s*)?(?:point\s+\(\w+\)\s*,?\s*)?(?:of|to|under|in)\s+(?:the\s+)?(?:EU\s+)?"
ARTICLE_OF_ACT = re.compile(ARTICLE_LIST + r"(?P<tail>" + ACT_TAIL + r"[^.?;]{0,80})", re.I)
BARE_ARTICLE = re.compile(r"\b" + ARTICLE_LIST, re.I)
ANNEX_NUMBER = r"(?:[IVXLC]+|\d{1,2})\b"
ANNEX_LIST = (rf"\bAnnex(?:es)?\s+(?P<list>{ANNEX_NUMBER}"
              rf"(?:\s*(?:,|and|or|to)\s*(?:Annex\s+)?{ANNEX_NUMBER})*)")
ANNEX_OF_ACT = re.compile(ANNEX_LIST + r"(?P<tail>" + ACT_TAIL + r"[^.?;]{0,80})")
BARE_ANNEX = re.compile(ANNEX_LIST)
LISTED_ANNEX = re.compile(r"(?<![\w(])(?:[IVXLC]+|\d{1,2})(?![\w)])")
ROMAN = (("M", 1000), ("CM", 900), ("D", 500), ("CD", 400), ("C", 100), ("XC", 90), ("L", 50), ("XL", 40),
         ("X", 10), ("IX", 9), ("V", 5), ("IV", 4), ("I", 1))
LISTED_NUMBER = re.compile(rf"(?<![\w(]){ARTICLE_NUMBER}(?![\w)])")
CFR_SECTION = re.compile(r"§§?\s*(?P<num>\d{3}\.\d+[a-z]?)")
ACTIVITY_CODE = re.compile(r"""
    \b(?:(?:CCM|CCA|WTR|CE|PPC|BIO)\s*|(?:Section|Sections|activity|activities|point|points)\s+)
    (?P<code>\d{1,2}\.\d{1,2})(?!\.\d)\b
""", re.X | re.I)
MONTHS = "January|February|March|April|May|June|July|August|September|October|November|December"
DATE = re.compile(rf"\b(?:\d{{1,2}}\s+(?:{MONTHS})\s+\d{{4}}|(?:{MONTHS})\s+\d{{4}}|(?:19|20)\d{{2}})\b")
AMOUNT = re.compile(r"""
    (?:(?:EUR|USD|\$|€)\s?\d[\d,.]*(?:\s?(?:million|billion|thousand))?)
    | \b\d[\d,.]*\s?(?:%|per\s?cent|percent|individuals|residents|employees|days|calendar\s+days|years|months
                     |g\s?CO2e?/\w+|kWh|MWh|tonnes?)\b
""", re.X | re.I)
WORD = re.compile(r"[A-Za-z][A-Za-z0-9\-]+")
# a phrase the question puts in quotes ("does landfill gas count as 'biogas'?"): when an act defines it (up to a
# plural -s), it is a term of the question even in a long glossary, where one-word terms otherwise are not (H14m)
QUOTED = re.compile(r"""(?:^|(?<=[\s(]))[‘'“"](?P<phrase>[^‘’'“”"]{3,60}?)[’'”"](?=[\s,.;:?!)]|$)""")


@dataclass(frozen=True)
class Anchor:
    question: str
    acts: tuple[str, ...] = ()
    pinpoints: tuple[str, ...] = ()  # "CELEX#Article 8", "doc:x#§ 164.502"
    activity_codes: tuple[str, ...] = ()
    sections: tuple[str, ...] = ()  # annex parts holding the activity codes: "32021R2139#Annex I"
    terms: tuple[str, ...] = ()
    term_nodes: tuple[str, ...] = ()  # definitions articles of those terms
    dates: tuple[str, ...] = ()
    amounts: tuple[str, ...] = ()
    topic: tuple[str, ...] = ()
    act_names: tuple[str, ...] = ()
    bridged: tuple[str, ...] = ()  # the rules' words for the practitioner words used (:mod:`.lexicon`)

    def text(self) -> str:
        """The anchor view: what the question is about, without how it is asked."""
        parts = list(self.act_names) + list(self.terms) + list(self.bridged) + \
            [f"section {c}" for c in self.activity_codes] + list(self.topic) + list(self.amounts) + list(self.dates)
        return " ".join(dict.fromkeys(p for p in parts if p))

    def to_json(self) -> dict:
        return {k: list(v) if isinstance(v, tuple) else v for k, v in self.__dict__.items()}


def _alias_table(registry=None) -> list[tuple[str, str]]:
    table = dict(ACT_ALIASES)
    if registry is not None:
        for c, a in registry.acts.items():
            for al in a.aliases:
                table.setdefault(al.lower(), c)
    return sorted(table.items(), key=lambda x: (-len(x[0]), x[0]))


def _acts_named(text: str, registry=None) -> list[tuple[int, int, str, str]]:
    """(start, end, celex, name) of every act named in ``text``: aliases and numbered citations."""
    from regc.grammar.citations import find_citations

    low = text.lower()
    out: list[tuple[int, int, str, str]] = []
    taken: list[tuple[int, int]] = []
    for alias, celex in _alias_table(registry):
        for m in re.finditer(rf"(?<![\w-]){re.escape(alias)}(?![\w-])", low):
            if any(s < m.end() and m.start() < e for s, e in taken):
                continue
            taken.append((m.start(), m.end()))
            out.append((m.start(), m.end(), celex, text[m.start():m.end()]))
    for c in find_citations(text):
        if c.kind == "eu_act" and c.celex and not any(s < c.end and c.start < e for s, e in taken):
            out.append((c.start, c.end, c.celex, c.text))
    return sorted(out)


def _roman(n: str) -> str:
    """An annex number as the Official Journal writes it: "1" -> "I", "IV" unchanged."""
    if not n.isdigit():
        return n
    k, out = int(n), ""
    for sym, val in ROMAN:
        while k >= val:
            out, k = out + sym, k - val
    return out


def annex_pinpoints(question: str, named: list[tuple[int, int, str, str]], acts: tuple[str, ...]) -> list[str]:
    """Annexes cited with their act ("Annex II to the Climate Delegated Act", "Annexes I and II of ..."), or bare
    when the question names one act ("Annex 1" read as "Annex I").

    >>> annex_pinpoints("Which KPIs of Annex I to the Disclosures Delegated Act?", [(29, 58, "32021R2178", "x")],
    ...                 ("32021R2178",))
    ['32021R2178#Annex I']
    """
    return list(dict.fromkeys(_pinpoints(question, named, acts, (ANNEX_OF_ACT, BARE_ANNEX, LISTED_ANNEX),
                                         lambda act, n: f"{act}#Annex {_roman(n)}")))


def _pinpoints(question: str, named: list[tuple[int, int, str, str]], acts: tuple[str, ...], patterns: tuple,
               locator) -> list[str]:
    """Provisions cited with their act (``of_act``: the act named within 40 characters after the list), or bare
    (``bare``) when the question names exactly one act; ``listed`` reads the numbers of a list, ``locator(act, n)``
    writes each one's node id."""
    of_act, bare, listed = patterns
    pins: list[str] = []
    for m in of_act.finditer(question):
        tail_start = m.start("tail")
        act = next((c for s, _, c, _ in named if tail_start <= s <= tail_start + 40), None)
        if act:
            pins += [locator(act, n) for n in listed.findall(m.group("list"))]
    if len(acts) == 1:  # "Article 10(3)" with one act named in the question: that act's
        pins += [locator(acts[0], n) for m in bare.finditer(question) for n in listed.findall(m.group("list"))]
    return pins


def extract_anchor(question: str, searcher=None) -> Anchor:
    """The topic anchor of ``question``; with an opened index (``searcher``) pinpoints, activity sections and
    defined terms are checked against it (only provisions that exist are kept)."""
    from regc.retrieval.lexicon import bridge

    registry = searcher.registry if searcher is not None else None
    bridged = bridge(question)
    named = _acts_named(question, registry)
    acts = tuple(dict.fromkeys(c for _, _, c, _ in named))
    pins = _pinpoints(question, named, acts, (ARTICLE_OF_ACT, BARE_ARTICLE, LISTED_NUMBER),
                      lambda act, n: f"{act}#Article {n}")
    pins += annex_pinpoints(question, named, acts)
    codes = tuple(dict.fromkeys(m.group("code") for m in ACTIVITY_CODE.finditer(question)))
    sections: list[str] = []
    terms: list[str] = []
    term_nodes: list[str] = []
    if searcher is not None:
        docs = [c for c in searcher.acts() if c.startswith("doc:")]
        for m in CFR_SECTION.finditer(question):
            pins += [f"{d}#§ {m.group('num')}" for d in docs]
        parts = searcher.part_nodes()
        pins = [p for p in pins if p in parts]
        for code in codes:
            major = code.split(".")[0]
            for node in searcher.annex_parts_with(f"Part {major}"):
                if not acts or node.split("#")[0] in acts:
                    sections.append(node)
        low = " | ".join((question,) + bridged).lower()  # the rules' words for practitioner words count too
        quoted = {q for m in QUOTED.finditer(question) for p in [m.group("phrase").lower().strip()]
                  for q in (p, p + "s", p[:-1] if p.endswith("s") else p)}
        for celex in searcher.acts():
            defs = searcher.definitions(celex)
            rare = searcher.term_provisions(celex) if RARE_TERM_PROVISIONS is not None and defs else {}
            per_section: dict[str, int] = {}
            for loc in defs.values():
                per_section[loc.split("(")[0]] = per_section.get(loc.split("(")[0], 0) + 1
            for term, loc in defs.items():
                specific = " " in term or per_section[loc.split("(")[0]] <= SPECIFIC_DEFINITIONS or \
                    RARE_TERM_PROVISIONS is not None and 1 < rare.get(term, 0) <= RARE_TERM_PROVISIONS
                if term.lower() in quoted or \
                        specific and re.search(rf"(?<![\w-]){re.escape(term)}(?![\w-])", low):
                    terms.append(term)
                    term_nodes.append(f"{celex}#{loc.split('(')[0]}")
    names = tuple(dict.fromkeys(
        (searcher.registry.get(c).short_title if searcher is not None and searcher.registry.get(c) else n)
        for _, _, c, n in named))
    cut = [(s, e) for s, e, _, _ in named]
    rest = "".join(ch if not any(s <= i < e for s, e in cut) else " " for i, ch in enumerate(question))
    topic = tuple(dict.fromkeys(w.lower() for w in WORD.findall(rest) if w.lower() not in QUESTION_WORDS
                                and not w.isdigit() and len(w) > 2))
    return Anchor(question, acts, tuple(dict.fromkeys(pins)), codes, tuple(dict.fromkeys(sections)),
                  tuple(dict.fromkeys(terms)), tuple(dict.fromkeys(term_nodes)),
                  tuple(dict.fromkeys(m.group(0) for m in DATE.finditer(rest))),
                  tuple(dict.fromkeys(m.group(0).strip() for m in AMOUNT.finditer(rest))), topic, names, bridged)
