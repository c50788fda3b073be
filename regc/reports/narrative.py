"""KPI figures stated in sentences, for a KPI that has no template table (text-only disclosures).

A clause (a sentence, or a part of one between semicolons) that names a KPI is read for money amounts
('EUR 123.4 million', '€ 31,061 thousand', '12,3 Mio. €') and the percentage in brackets right after one; each
amount takes the role its qualifier names — the words just before it (back to the previous amount), else the
words just after it: 'not aligned' / 'eligible but not' -> eligible_not_aligned, 'non-eligible' ->
not_eligible, 'aligned' -> aligned, 'total' -> total.  The first statement per KPI and role wins.

>>> text = ("Taxonomy-aligned turnover amounted to EUR 12.5 million (4.1% of total turnover of EUR 305.0 million). "
...         "Taxonomy-eligible but not aligned turnover amounted to EUR 3.0 million (1.0%).")
>>> b = narrative_block([text], "turnover"); b["total"], b["aligned"], b["eligible_not_aligned"]
(305000000.0, {'amount': 12500000.0, 'share': 0.041}, {'amount': 3000000.0, 'share': 0.01})
>>> text = ("Taxonomy-aligned CapEx amounted to EUR 18.2 million, or 33.6 % of total CapEx of EUR 54.2 million. "
...         "A further EUR 15.5 million (28.6 %) was Taxonomy-eligible but not Taxonomy-aligned.")
>>> b = narrative_block([text], "capex"); b["aligned"], b["eligible_not_aligned"]
({'amount': 18200000.0, 'share': 0.336}, {'amount': 15500000.0, 'share': 0.286})
"""

from __future__ import annotations

import re

from regc.reports import rows as V

_AMOUNT = r"(?P<num>\d{1,3}(?:[.,'’\u202f\u00a0 ]\d{3})*(?:[.,]\d+)?|\d+(?:[.,]\d+)?)"
# currencies and scale words are the table reader's word lists (rows.CURRENCIES, rows.SCALE_WORDS): a sentence
# states 'SEK 1,234 million', 'CHF 12.3m', 'USD 36,949.5 million', '£1.2bn', '1 234,5 M€', '45.1 million euros'
_SCALE = V.alternation(w for _, ws in V.SCALE_WORDS for w in ws)
_ISO = [w for _, ws in V.CURRENCIES for w in ws if w.isascii() and w.isalpha() and len(w) == 3]
_CUR_CODE = V.alternation(w.upper() for w in _ISO)
_CUR_WORD = V.alternation(w for _, ws in V.CURRENCIES for w in ws if w.isalpha() and w not in _ISO)
_CUR_SYMBOL = V.alternation(w for _, ws in V.CURRENCIES for w in ws if not w.isalpha())
_GLUE = V.alternation(p for _, ps in V.SCALE_PREFIXES for p in ps)
_CUR = rf"(?:(?<![A-Za-z])(?:{_CUR_CODE}|(?i:{_CUR_WORD}))(?![A-Za-z])|{_CUR_SYMBOL})"  # codes upper case
_GLUED = (rf"(?<![A-Za-z])(?P<gp>(?i:{_GLUE}))(?:{_CUR_CODE})"   # 'MSEK 1,234', 'TEUR 31,061'
          rf"|(?<![A-Za-z])(?:{_CUR_CODE})(?P<gs>(?i:bn|mn|{_GLUE}))")  # 'EURm', 'DKKbn'
_PRE_UNIT = rf"(?:(?P<pre>(?i:{_SCALE}))\s+)?"  # 'EUR million 3,536.2'
_END = r"(?![A-Za-z])"
MONEY = re.compile(rf"(?:{_CUR}|{_GLUED})\s*{_PRE_UNIT}{_AMOUNT}\s*(?P<unit>(?i:{_SCALE}))?{_END}")
# the currency after the number: '1 234,5 M€', '12,3 Mio. €', '45.1 million euros', '3.2 EURm', '812 MSEK'
_KR = r"kr\b\.?"  # Nordic krona/krone without its ISO code ('12 mkr', '3,1 mia. kr.')
MONEY_AFTER = re.compile(rf"(?<![\d.,]){_AMOUNT}\s*(?:(?P<unit>(?i:{_SCALE}))\s*(?:of\s+)?(?:{_CUR}|{_KR})|{_GLUED}"
                         rf"|(?P<gq>(?i:{_GLUE}))\s*(?:€|{_KR})){_END}")
# words that set a share after its amount without brackets ('EUR 1,833.4 million, or 33.6 % of total turnover')
SHARE_LEADS = ("or", "i.e.", "representing", "equivalent to", "corresponding to")
SHARE_AFTER = re.compile(rf"""^\s*(?:\(\s*                           # '(28.6 %)'
                              |,?\s*(?:{V.alternation(SHARE_LEADS)})\s+)  # ', or 33.6 %'
                              (?P<pct>\d{{1,3}}(?:[.,]\d{{1,2}})?)\s*%""", re.X)
QUALIFIERS = (  # (role, words), first match wins
    ("eligible_not_aligned", ("not aligned", "not taxonomy-aligned", "eligible but not", "nicht taxonomiekonform")),
    ("not_eligible", ("non-eligible", "not eligible", "not taxonomy-eligible", "nicht taxonomiefähig")),
    ("aligned", ("aligned", "taxonomiekonform")),
    ("total", ("total", "gesamt")),
)
# a clause that goes on about the KPI of the clause before it
# ... or adds a figure to it ('A further EUR 1,564.5 million (28.6 %) was Taxonomy-eligible but not aligned')
CONTINUATION_STARTS = ("of this", "of these", "of which", "thereof", "hereof", "davon", "hiervon", "dabei",
                       "a further", "another", "in addition", "additionally", "weitere")
ANAPHOR = re.compile(rf"^\W*(?:{V.alternation(CONTINUATION_STARTS)})\b".replace(r"\ ", r"\s+"), re.I)
# ... or whose subject is a pronoun for it, after a leading year ('In 2024 it amounted to EUR 3,210.8 million')
PRONOUN_SUBJECTS = ("it", "this amount", "this figure", "the amount", "dieser betrag")
PRONOUN_SUBJECT = re.compile(rf"^\W*(?:(?:in|im\s+jahr)\s+\d{{4}},?\s+)?(?:{V.alternation(PRONOUN_SUBJECTS)})\s+\w",
                             re.I)
# the verbs that state the KPI's own amount: a bare '<KPI> amounted to EUR 54.2 million' is the KPI's total
TOTAL_VERBS = ("amounted to", "amounts to", "totalled", "totaled", "totals", "came to", "betrug", "betragen",
               "belief sich auf", "beliefen sich auf")
TOTAL_VERB_END = re.compile(rf"\b(?:{V.alternation(TOTAL_VERBS)})\s*$".replace(r"\ ", r"\s+"), re.I)
# words that make an amount a part of the KPI rather than the KPI itself ('eligible OpEx amounted to ...')
PART_WORDS = ("eligib", "aligned", "konform", "fähig")
# a ratio of the figure to a denominator ('4 % of the Group's total operating expenses'): one naming no KPI, or
# another KPI, is about something else — it and what follows it in the clause (or its bracket) are not read
RATIO = re.compile(r"(?P<pct>\d{1,3}(?:[.,]\d{1,2})?)\s*%\s+of\s+(?P<den>[^,;()€$£\d]*)", re.I)
BARE_DENOMINATORS = ("", "the", "total", "the total", "gesamt")
CLAUSE_END = re.compile(r"(?<=[.;])\s+(?=[A-ZÄÖÜ(])|;\s*")


def _multiplier(m: re.Match) -> float:
    """The scale of a money match: a scale word ('million', 'Mio.', 'tys.') or a letter glued to the code."""
    groups = m.groupdict()
    word = (groups.get("unit") or groups.get("pre") or "").lower()
    if word:
        return next((mult for mult, words in V.SCALE_WORDS if word in words), 1.0)
    glued = (groups.get("gp") or groups.get("gs") or groups.get("gq") or "").lower()
    if glued in ("bn", "mn"):
        return next(mult for mult, words in V.SCALE_WORDS if glued in words)
    return next((mult for mult, letters in V.SCALE_PREFIXES if glued in letters), 1.0)


def money(clause: str) -> list[re.Match]:
    """Money amounts in a clause, in order: currency before the number (MONEY), else after it (MONEY_AFTER).

    >>> [m.group("num") for m in money("EUR million 3,536.2 and 1 234,5 M€ and € 5.0 million")]
    ['3,536.2', '1 234,5', '5.0']
    """
    found = list(MONEY.finditer(clause))
    taken = [(m.start(), m.end()) for m in found]
    found += [m for m in MONEY_AFTER.finditer(clause) if all(m.end() <= a or m.start() >= b for a, b in taken)]
    return sorted(found, key=lambda m: m.start())


def stated_currency(text: str) -> str | None:
    """The ISO code of the first money amount stated in a text (None when none is).

    >>> stated_currency("Aligned CapEx was CHF 12.3m (4.1%) of CHF 300m."), stated_currency("12.3%")
    ('CHF', None)
    """
    found = money(" ".join(text.split()))
    return V.unit_currency(found[0].group(0)) if found else None  # 'kr' alone names no ISO code


def _role(text: str) -> str | None:
    low = text.lower().replace("\xad", "")
    return next((role for role, words in QUALIFIERS if any(w in low for w in words)), None)


def _number(token: str) -> float | None:
    decimal = "," if re.search(r",\d{1,2}$", token) else "."
    return V.parse_number(token.replace("\u202f", " ").replace("\u00a0", " "), decimal)


def without_decoy_ratio(clause: str, kpi: str | None) -> str:
    """The clause up to a ratio to another denominator (the rest of its bracket kept), else the clause.

    >>> without_decoy_ratio("it amounted to EUR 3.2 million, which is 4 % of the Group's total operating "
    ...                     "expenses of EUR 80 million.", "opex")
    'it amounted to EUR 3.2 million, which is '
    >>> c = "Aligned OpEx was EUR 1 million (4 % of total OpEx of EUR 25 million)."; without_decoy_ratio(c, "opex") == c
    True
    """
    for m in RATIO.finditer(clause):
        den = " ".join(m.group("den").lower().replace("group's", "").split()).strip(" .:")
        if den in BARE_DENOMINATORS or kpi in V.kpi_words(den)[:1]:
            continue
        bracket = clause.rfind("(", 0, m.start()) > clause.rfind(")", 0, m.start())
        close = clause.find(")", m.end()) if bracket else -1
        return clause[:m.start()] + (clause[close:] if close >= 0 else "")
    return clause


def _is_total(before: str, i: int) -> bool:
    """An amount with no qualifier is the KPI's total when it is the clause's first, right after a verb of
    amount, with no word making it a part of the KPI before it ('In 2024 it amounted to EUR 3,210.8 million')."""
    return i == 0 and bool(TOTAL_VERB_END.search(before)) and not any(w in before.lower() for w in PART_WORDS)


def clause_values(clause: str, kpi: str | None = None) -> list[tuple[str, float, str, float | None, str | None]]:
    """(role, amount, amount token, share, share token) of each money amount in a clause with a role.

    The words between two amounts qualify the first when it had none before it ('EUR 5.0 million (2 %) relate
    to aligned activities and EUR 3.0 million (1 %) to eligible activities that are not aligned'): the second
    then reads its own words after it first.

    >>> [r[:2] for r in clause_values("Of the OpEx, EUR 5.0 million (2 %) relate to aligned activities and "
    ...                               "EUR 3.0 million (1 %) to eligible activities that are not aligned.")]
    [('aligned', 5000000.0), ('eligible_not_aligned', 3000000.0)]
    """
    out = []
    clause = without_decoy_ratio(clause, kpi)
    matches = money(clause)
    owned = False  # the words before this amount qualified the amount before it
    for i, m in enumerate(matches):
        before = clause[matches[i - 1].end() if i else 0:m.start()]
        after = clause[m.end():matches[i + 1].start() if i + 1 < len(matches) else len(clause)]
        after_role = _role(re.sub(r"^\s*\([^)]*\)", "", after))
        role = (after_role or _role(before)) if owned else (_role(before) or after_role)
        owned = _role(before) is None and after_role is not None
        role = role or ("total" if _is_total(before, i) else None)
        value = _number(m.group("num"))
        if role is None or value is None:
            continue
        pct = SHARE_AFTER.match(after)
        share = _number(pct.group("pct")) / 100.0 if pct else None
        out.append((role, value * _multiplier(m), m.group("num"),
                    None if share is None else round(share, 6), pct.group("pct") if pct else None))
    return out


def narrative_block(page_texts: list[str], kpi: str) -> dict:
    """The KPI's figures from sentences (values null where not stated); ``pages`` where they were read."""
    block = {"pages": [], "total": None, "aligned": {"amount": None, "share": None},
             "eligible_not_aligned": {"amount": None, "share": None}, "not_eligible": {"amount": None, "share": None},
             "activities": [], "tokens": []}
    for pno, text in enumerate(page_texts, start=1):
        if not re.search(r"aligned|konform", text, re.I):
            continue
        about = None  # the KPI the previous clause named ('Of this, …' goes on about it)
        for clause in CLAUSE_END.split(" ".join(text.split())):
            named = V.kpi_words(clause)[:1]
            continues = ANAPHOR.match(clause) or PRONOUN_SUBJECT.match(clause)
            about = named[0] if named else about if continues else None
            if about != kpi:
                continue
            for role, amount, tok, share, share_tok in clause_values(clause, kpi):
                if role == "total":
                    if block["total"] is None:
                        block["total"] = amount
                        block["tokens"].append((pno, tok, None, role))
                elif block[role]["amount"] is None:
                    block[role] = {"amount": amount, "share": share}
                    block["tokens"].append((pno, tok, share_tok, role))
                if pno not in block["pages"]:
                    block["pages"].append(pno)
    return block
