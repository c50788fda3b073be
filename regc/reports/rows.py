"""Cell vocabulary of Article 8 KPI tables: numbers, units, yes/no answers, activity codes, row kinds.

Word lists are data (tuples below); regexes are composed from named pieces.  Nothing here knows a company.

>>> parse_number("661,938", decimal=".")
661938.0
>>> parse_number("1.904,1", decimal=","), parse_number("1'904.1¹"), parse_number("45 632 706")
(1904.1, 1904.1, 45632706.0)
>>> parse_answer("yes"), parse_answer("N/EL"), parse_answer("–")
('Y', 'N/EL', None)
>>> parse_code("CCM 7.2/CE 3.2")
('CCM-7.2', ['CE-3.2'])
"""

from __future__ import annotations

import re
from decimal import Decimal

from regc.reports import annex_languages as L

OBJECTIVES = ("CCM", "CCA", "WTR", "CE", "PPC", "BIO")

# header words (lower-case prefixes) naming an environmental objective's column: English, German and the
# wording of the Annex II templates in French, Italian, Spanish, Portuguese, Dutch, Swedish, Danish, Finnish, Polish
# and Czech ('Atténuation du changement climatique', 'Recursos hídricos y marinos', 'Begränsning av
# klimatförändringar', 'Ilmastonmuutoksen hillintä', 'Minimumsgarantier', 'Zanieczyszczenie', 'Minimální záruky')
OBJECTIVE_HEADER_WORDS = (
    ("CCM", ("mitig", "klimaschutz", "atténuation", "attenuation", "begränsning", "modvirkning",
             "ilmastonmuutoksen", "hillin", "łagodzen", "zmírň")),
    ("CCA", ("adap", "aptation", "anpassung", "adatt", "aanpassing", "anpassning", "tilpasning",
             "ilmastonmuutokseen", "sopeutu", "přizpůsob")),
    ("WTR", ("water", "wasser", "eau", "aquatiq", "agua", "água", "acqua", "acque", "hídric", "hidric", "idric",
             "vatten", "vand", "vesi", "wodn", "vodní")),
    ("CE", ("circular", "kreislauf", "circulaire", "circolare", "cirkulär", "cirkulær", "kiertotalo", "obieg",
            "oběhov")),
    ("PPC", ("pollution", "verschmutzung", "umweltverschmutzung", "poluição", "poluicao", "contaminación",
             "contaminacion", "inquinamento", "verontreiniging", "förorening", "forurening", "pilaantu",
             "zanieczyszcz", "znečiš")),
    ("BIO", ("biodiver", "ecosystem", "ökosystem", "biologisch", "écosyst", "ecosist", "ecossist", "ecosyst",
             "biologisk", "bioróżnor", "biologick", "rozmanitost")),
    ("MS", ("safeguard", "mindestschutz", "salvaguard", "garanties", "garanzie", "minimumwaarborg",
            "minimumgarant", "minimiskydd", "minimumsgarant", "vähimmäis", "suojatoim", "minimaln", "minimáln")
     + L.SAFEGUARD_HEADER_WORDS),
)
# objective columns headed by their abbreviation only ("CCM CCA WTR PPC CE BIO"; the Portuguese template's
# "MAC AAC AMR PPC EC BIO", the Swedish "BEK ANP VAT FÖR CE BIO", the Spanish "MIT ADAPT AGUA CONT EC BIO", the
# French "ATT ADA EAU POL EC BIO": data in annex_languages.py): whole-word, case-sensitive
OBJECTIVE_ABBREVIATIONS = {**{o: o for o in OBJECTIVES}, "MS": "MS", **L.objective_abbreviations()}
# the same abbreviations before the section number of an activity code ('MIT 7.1', 'ADAPT 9.1', 'EC 5.4')
LOCAL_OBJECTIVES = L.objective_abbreviations()
# the adjective of the substantial-contribution column group, by language (whole words, lower case): a page
# that prints it holds the left half of a template (amounts, SC), not a facing DNSH-only half
SC_GROUP_WORDS = ("substantial", "wesentliche", "wesentlichen", "wesentlicher", "substantiële", "substantiele",
                  "substantielle", "substantielles", "sostanziale", "sostanziali", "sustancial", "sustanciales",
                  "substancial")
# the same group's abbreviation in a compact header ('SC CCM', 'SC CCA'): whole word, upper case
SC_GROUP_ABBREVIATIONS = ("SC",)
SC_ABBREVIATED = r"|(?-i:\b(?:" + "|".join(map(re.escape, SC_GROUP_ABBREVIATIONS)) + r")\b)"  # 'SC CCM'
# the noun of the same group ('contribution', 'bijdrage', ...), lower case
CONTRIBUTION_WORDS = ("contribution", "beitrag", "bijdrage", "contributo", "contribución", "contribucion",
                      "contribuição", "contribuicao")
# header words naming the proportion (share) column of the KPI, English and German (lower-case prefixes)
SHARE_HEADER_WORDS = ("propor", "share", "anteil", "aandeel", "quota", "percent", "pourcent", "porcent", "%")

# KPI names as printed in table titles and total rows
KPI_WORDS = (
    ("turnover", ("turnover", "sales", "revenue", "revenues", "umsatz", "umsatzerlöse",
                  "omzet", "netto-omzet", "chiffre d'affaires", "chiffre d’affaires", "fatturato", "ricavi",
                  "cifra de negocios", "cifra de negocio", "volumen de negocios", "omsättning", "omsætning",
                  "volume de negócios", "volume de negocios", "liikevaihto", "nettoomsætning", "nettoomsättning",
                  "obrót", "przychody", "obrat", "tržby")),
    ("capex", ("capex", "capital expenditure", "investitionsausgaben", "kapitaaluitgaven",
               "dépenses d'investissement", "dépenses d’investissement", "spese in conto capitale",
               "gastos de capital", "inversiones de capital", "despesas de capital", "kapitalutgifter",
               "anlægsinvesteringer", "pääomamenot", "nakłady inwestycyjne", "kapitálové výdaje")),
    ("opex", ("opex", "operating expenditure", "betriebsausgaben", "operationele uitgaven",
              "dépenses d'exploitation", "dépenses d’exploitation", "spese operative", "gastos operativos",
              "gastos operacionales", "despesas operacionais", "driftsutgifter", "driftsomkostninger",
              "toimintamenot", "wydatki operacyjne", "provozní výdaje")),
)
# ... and the Annex II template's KPI names in all 24 EU languages (regc/reports/annex_languages.py, data)
KPI_WORDS = tuple((kpi, ws + tuple(w for w in L.words(kpi) if w not in ws)) for kpi, ws in KPI_WORDS)

# currencies of the amount columns: ISO code -> how it is printed (symbols and local abbreviations, lower case);
# EU groups outside the euro area report in their own currency (MSEK, DKKm, CHF million, PLN thousand, ...)
CURRENCIES = (
    ("EUR", ("€", "eur", "euro", "euros", "euroa", "euroina", "eura", "euro's")),
    ("SEK", ("sek",)), ("DKK", ("dkk",)), ("NOK", ("nok",)), ("ISK", ("isk",)),
    ("CHF", ("chf",)), ("PLN", ("pln", "zł")), ("CZK", ("czk", "kč")), ("HUF", ("huf",)),
    ("RON", ("ron",)), ("BGN", ("bgn",)), ("USD", ("usd", "us$", "$")), ("GBP", ("gbp", "£")),
)
# ... and the currency words of the 24 languages' reports ('lei', 'Ft', 'лв.', 'ευρώ'; annex_languages.py)
_LOCAL = L.currency_words()
CURRENCIES = tuple((iso, ws + tuple(w for w in _LOCAL.get(iso, ()) if w not in ws)) for iso, ws in CURRENCIES) \
    + tuple((iso, ws) for iso, ws in _LOCAL.items() if iso not in dict(CURRENCIES))
# scale words printed before/after the currency ('EUR million', 'Mio. €', 'tys. PLN'), lower case
SCALE_WORDS = (
    (1e3, ("thousand", "thousands of", "tsd.", "tsd", "tausend", "tys.", "tys", "tis.", "tis", "k",
           "duizend", "duizenden", "milliers d'", "milliers d’", "milliers de", "migliaia di", "migliaia",
           "miles de", "tusen", "tusinde", "milhares de", "tuhatta")),
    (1e6, ("million", "millions of", "mio.", "mio", "mln.", "mln", "mil.", "mn", "m",
           "miljoen", "miljoenen", "millions d'", "millions d’", "millions de", "milioni di", "milioni",
           "millones de", "millones", "miljoner", "millioner", "milhões de", "milj.", "milj", "miljoonaa")),
    (1e9, ("billion", "billions of", "mrd.", "mrd", "bn", "b", "miljard", "miljarden", "milliards d'",
           "milliards d’", "miliardi di", "miles de millones de", "mil milhões de", "mil milhões")),
)
# ... and the scale words of the 24 languages ('χιλ.', 'mii', 'millió', 'tūkst.'; annex_languages.py)
SCALE_WORDS = tuple((mult, ws + tuple(w for w in dict(L.scale_words())[mult] if w not in ws))
                    for mult, ws in SCALE_WORDS)
# the Nordic krona / krone sign without its ISO code ('kr.', 'kroner'): Icelandic, Danish, Swedish and Norwegian
# reports print it, so it names no currency by itself (regc/reports/krona_units.py decides by the table's language)
KRONA_SIGN = r"(?:kr\b\.?|kroner\b|krone\b)"
# prefix letters glued to an ISO code ('TEUR', 'kSEK', 'MSEK', 'EURm', 'DKKm')
SCALE_PREFIXES = ((1e3, ("t", "k")), (1e6, ("m",)), (1e9, ("b",)))


def _alt(words) -> str:
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


def alternation(words) -> str:
    """A regex alternation of literal words, longest first: alternation(("a", "ab")) == 'ab|a'."""
    return _alt(words)


def _cur(codes_only: bool = False) -> str:
    words = [w for _, ws in CURRENCIES for w in ws if w.isalpha() and (not codes_only or len(w) == 3)]
    if codes_only:
        return rf"(?:{_alt(words)})"
    symbols = [w for _, ws in CURRENCIES for w in ws if not w.isalpha()]
    return rf"(?:(?<![a-z])(?:{_alt(words)})(?![a-z])|{_alt(symbols)})"


_CUR = _cur()                  # a currency as a word or symbol
_CODE3 = _cur(codes_only=True)  # ISO-like codes only, for glued prefixes/suffixes
_TIMES = r"[x×]\s*"


def _unit_pattern(mult: float) -> str:
    scale = _alt(dict(SCALE_WORDS)[mult])
    prefix = _alt(dict(SCALE_PREFIXES)[mult])
    pieces = [
        rf"{_CUR}\s*(?:{scale})(?![a-z])",                    # 'EUR million', '€m', 'PLN thousand', 'USD k'
        rf"(?<![a-z])(?:{scale})\s*{_CUR}",                   # 'Mio. €', 'tys. PLN', 'million euros'
        rf"(?<![a-z])(?:{prefix}){_CODE3}(?![a-z])",           # 'TEUR', 'kSEK', 'MSEK'
        rf"(?<![a-z]){_CODE3}(?:{prefix})(?![a-z])",           # 'EURm', 'DKKm', 'SEKk'
        rf"(?<![a-z])(?:{prefix})\.?\s*(?:€|kr\.?|zł|kč)",     # 'T€', 'M€', 'Mkr', 't.kr.', 'm.kr.'
        rf"(?<![a-z])(?:{scale})\s*{KRONA_SIGN}",              # 'mio. kr.', 'millj. kr.', 'mnkr', 'mill. kroner'
    ]
    if mult == 1e3:  # "€'000", 'x € 1,000', 'in 1.000 EUR'
        pieces += [rf"{_CUR}\s*['‘’`´]?\s*000\b", rf"{_TIMES}{_CUR}\s*1[.,\s]?000\b",
                   rf"{_CUR}\s*{_TIMES}1[.,\s]?000\b", rf"(?:{_TIMES}|\bin\s+)1[.,\s]?000\s*{_CUR}"]
    if mult == 1e6:
        pieces += [rf"{_TIMES}{_CUR}\s*1\s*(?:million|mln|mio)"]
    return "|".join(pieces)


# units of the amount columns -> multiplier to currency units
UNIT_PATTERNS = tuple((mult, _unit_pattern(mult)) for mult in (1e3, 1e6, 1e9))

ANSWERS = (
    ("N/EL", ("n/el", "n/ el", "n.el", "nel")),
    ("EL", ("el",)),
    ("Y", ("y", "yes", "j", "ja", "✓", "✔", "☑", "oui", "sì", "si", "sí", "s", "sim", "k", "kyllä", "tak",
           "ano")),
    ("N", ("n", "no", "nein", "✗", "✘", "☒", "nee", "non", "não", "nao", "nej", "e", "ei", "nie", "ne")),
)
# ... the yes / no of the 24 languages (annex_languages.py: 'ναι' / 'όχι', 'da' / 'nu', 'igen' ('I') / 'nem')
# and the filled / open circle of a symbol legend ('●' met, '○' not met)
ANSWER_SYMBOLS = (("Y", ("●", "⬤")), ("N", ("○", "◯")))
_MORE_ANSWERS = {"Y": L.words("yes") + dict(ANSWER_SYMBOLS)["Y"], "N": L.words("no") + dict(ANSWER_SYMBOLS)["N"]}
ANSWERS = tuple((value, ws + tuple(w for w in _MORE_ANSWERS.get(value, ()) if w not in ws)) for value, ws in ANSWERS)
ANSWER_MARKS = "*¹²³⁴⁵⁶⁷⁸⁹⁰†"  # footnote marks glued to an answer cell ('Y¹', 'N*')
NULL_CELLS = ("–", "-", "—", "n/a", "n.a.", "na", "")
# a value cell printed as 'not material' (the KPI or role is not reported for immateriality): null, but stated
NOT_MATERIAL_CELLS = ("not material", "immaterial", "non-material", "nicht wesentlich", "non significatif",
                      "non significativo", "no significativo", "não material", "niet materieel")
# a printed 'not applicable' cell: no number (null), but a printed cell of the row ('–' amount, 'n/a' share)
NOT_APPLICABLE_CELLS = ("n/a", "n.a.", "n.a", "na", "n/v", "k.a.", "n.d.", "n.r.")

_GROUP = r"[.,'’\u00a0\u2009\u202f ]"  # thousands separators: point, comma, apostrophe, (thin/narrow) spaces
_FOOTNOTE = r"(?:[¹²³⁴⁵⁶⁷⁸⁹⁰]+|\*{1,3})"  # a footnote marker glued to a number ('1,904.1¹', '500.0*')
_TRAILING_MINUS = r"[-−]"  # a minus printed after the figure ('12.325-', '1,0- %'), as German accounts print it
_SIGN = r"(?:[€$£]|US\$)"  # a currency sign glued before the figure in each amount cell ('€12.3', '€1 206.0')
NUMBER = re.compile(
    rf"""^\(?[-−–]?               # optional sign / bracket
        {_SIGN}?                      # a currency sign glued to the figure
        (?:\d{{1,3}}(?:{_GROUP}\d{{3}})+|\d+)   # integer part, maybe grouped
        (?:[.,]\d+)?                  # decimal part
        {_TRAILING_MINUS}?            # a minus sign after the figure ('3.171-', '2,1- %'): German accounting
        (?:\)?\s?%?|\s?%\))          # closing bracket and %, either order: '(1.2)%', '(1.2%)'
        {_FOOTNOTE}?$""",
    re.X,
)
DASH_CELL = re.compile(r"^[-–—]$")
_LOCAL_OBJ = rf"(?<![^\W\d_])(?:{_alt(LOCAL_OBJECTIVES)})(?![^\W\d_])"  # 'MIT', 'ADAPT': whole words only
_OBJ = rf"(?:{_alt(OBJECTIVES)}|{_LOCAL_OBJ})"
OBJECTIVE_PATTERN = _OBJ
_SECTION = r"\d{1,2}\.\d{1,2}"
CODE = re.compile(rf"(?:(?P<obj>{_OBJ})\s*[-:]?\s*)?(?P<sec>{_SECTION})(?![\d%])")
CODE_TOKEN = re.compile(rf"^\(?(?:{_OBJ})?[-:]?\s*{_SECTION}\)?[,;/):]?{_FOOTNOTE}?$")  # 'CCM 7.7*', '8.1¹', '7.2:'
OBJ_TOKEN = re.compile(rf"^\(?{_OBJ}[-:]?$")
OBJ_AFTER = re.compile(rf"^\s+(?P<obj>{_OBJ})\b(?!\s*[-:]?\s*{_SECTION})")  # '1.2 PPC': objective after the section

# words of a compact sub-total label without brackets ('Total A.1', 'Summe A.2'), lower case
SUBTOTAL_WORDS = ("total", "subtotal", "sub-total", "sum", "summe", "gesamt", "totaal", "totale", "somma") \
    + L.words("total")  # 'Razem A.1', 'Σύνολο Α.1', 'Összesen A.1' (annex_languages.py)
_SUBTOTAL_OF = rf"^\s*(?:{_alt(SUBTOTAL_WORDS)})\s+A\.?\s*"  # 'Total A.' before the section digit
_SUB_BLOCK = r"[12]\.\s?\d\b(?!\.\d)"  # 'A.1.1', 'A.1.3': a sub-block of A.1 (or A.2)

# row kinds by label text, first match wins
ROW_KINDS = (
    ("of_which", re.compile(r"\bof\s+which\b|\bdavon\b|\bwaarvan\b|\bdont\b|\bdi\s+cui\b|\bde\s+las?\s+cuales\b"
                            r"|\bde\s+los\s+cuales\b", re.I)),
    # the sub-total of an A.1 sub-block ('Subtotal A.1.1', 'Total (A.1.2)'): no activity, no fixed key (the
    # sub-block number is no activity code); checked before the A.1 total, which it would otherwise shadow
    ("sub_block_total", re.compile(rf"{_SUBTOTAL_OF}{_SUB_BLOCK}|\(\s*A\.?\s*{_SUB_BLOCK}\s*\)", re.I)),
    ("eligible_total", re.compile(r"A\.?\s*1\.?\s*\+\s*A\.?\s*2|A\s*1\s*\+\s*A\s*2", re.I)),
    ("total", re.compile(r"A\s*\+\s*B|^\s*total\s*$|^\s*gesamt\s*$|^\s*summe\s*$|^\s*total\s+(?:turnover|sales|capex|opex|revenue)", re.I)),
    ("aligned_total", re.compile(rf"\(\s*A\.?\s*1\.?\s*\)|{_SUBTOTAL_OF}1\b\.?(?!\s*\+|\.?\d)", re.I)),
    ("eligible_not_aligned_total", re.compile(rf"\(\s*A\.?\s*2\.?\s*\)|{_SUBTOTAL_OF}2\b\.?(?!\s*\+|\.?\d)", re.I)),
    ("not_eligible_total", re.compile(r"\(\s*B\.?\s*\)|non[- ]?eligible|not\s+(?:taxonomy[- ])?eligible|nicht\s+taxonomiefähig", re.I)),
)
SECTION_HEADERS = (
    ("A.1", re.compile(r"^\s*A\.?\s*1\b\.?(?!\s*\+)", re.I)),
    ("A.2", re.compile(r"^\s*A\.?\s*2\b\.?(?!\s*\+)", re.I)),
    ("B", re.compile(r"^\s*B\.\s", re.I)),
    ("A", re.compile(r"^\s*A\.\s", re.I)),
)


def detect_decimal(tokens: list[str]) -> str:
    """The decimal mark of a table, from its percentage-like tokens ('34.8%' -> '.', '34,8' -> ',').

    >>> detect_decimal(["34,8%", "4,2", "661.938"]), detect_decimal(["12,3\\u202f%", "1\\u202f234"])
    (',', ',')
    """
    votes = {".": 0, ",": 0}
    for t in tokens:
        m = re.fullmatch(r"\d{1,3}([.,])(\d{1,2})\s?%?", t)  # '12,3 %' with a (narrow) no-break space
        if m:
            votes[m.group(1)] += 1
    return "," if votes[","] > votes["."] else "."


def is_number(token: str) -> bool:
    """True for a printed number or a dash cell ('1,234', '34.8%', '(5)', '–')."""
    return bool(NUMBER.match(token)) or bool(DASH_CELL.match(token))


def is_percent(token: str) -> bool:
    """True for a printed percentage ('34.8%', '12,3 %', '5.0%¹'): a share, never an amount.

    >>> is_percent("12,3 %"), is_percent("1,234.5")
    (True, False)
    """
    return bool(NUMBER.match(token.strip())) and "%" in token


def parse_number(token: str, decimal: str = ".") -> float | None:
    """A printed number as float; a dash cell is 0; None when not a number.

    >>> parse_number("(1,2)", decimal=",")
    -1.2
    >>> parse_number("–"), parse_number("€1\u2009206.0")
    (0.0, 1206.0)
    >>> parse_number("3.171-", decimal=","), parse_number("2,1- %", decimal=",")
    (-3171.0, -2.1)
    """
    t = token.strip()
    if DASH_CELL.match(t):
        return 0.0
    if not NUMBER.match(t):
        return None
    t = re.sub(rf"{_FOOTNOTE}$", "", t)
    neg = t.startswith("(") or t[:1] in "-−–" or t.rstrip("% )")[-1:] in "-−"
    t = t.strip("()% ").lstrip("-−–").rstrip("-−")
    t = re.sub(rf"^{_SIGN}", "", t)
    t = re.sub(r"['’\s]", "", t)
    if "." in t and "," in t:
        dec = "." if t.rfind(".") > t.rfind(",") else ","
    elif re.search(r"[.,]\d{3}$", t) and t.count(t[-4]) >= 1 and decimal != t[-4]:
        dec = decimal  # '661,938' with a '.' decimal mark: grouping
    else:
        dec = decimal
    group = "," if dec == "." else "."
    t = t.replace(group, "").replace(dec, ".")
    try:
        v = float(t)
    except ValueError:
        return None
    return -v if neg else v


def scaled(value: float, factor: float) -> float:
    """value × factor as the exact decimal product of the two printed decimals, to 10 places: a figure in
    € million is its euro amount without a float artefact in the last digit.

    >>> scaled(535.7, 1e6), 535.7 * 1e6, scaled(34.8, 0.01), scaled(-3171.0, 1e3)
    (535700000.0, 535700000.00000006, 0.348, -3171000.0)
    """
    return float(round(Decimal(repr(value)) * Decimal(repr(factor)), 10))


def parse_answer(token: str) -> str | None:
    """'yes'/'Y'/'ja' -> 'Y', 'no'/'N'/'nein' -> 'N', 'EL', 'N/EL'; dashes and blanks -> None.  A footnote
    mark glued to the answer is not part of it: 'Y¹', 'N*', 'N/EL²'.

    >>> parse_answer("Y¹"), parse_answer("N*"), parse_answer("S"), parse_answer("Y1")
    ('Y', 'N', 'Y', None)
    """
    parts = token.strip().lower().split()  # 'EL 2' (footnote after a thin space) -> 'el'
    t = parts[0].rstrip(ANSWER_MARKS).strip() if parts else ""
    for value, words in ANSWERS:
        if t in words:
            return value
    return None


def names_column(word: str, prefixes) -> bool:
    """A header word names the column of a word list (lower-case prefixes): it starts with one, or, hyphenated
    at a line end in a narrow column ('Pollu-', 'Biodiv-'), its stem starts one and is at least half as long.

    >>> names_column("biodiv-", ("biodiver",)), names_column("pollu-", ("pollution",)), names_column("klima-", ("klimaschutz",))
    (True, True, False)
    """
    low = word.lower()
    if any(low.startswith(p) for p in prefixes):
        return True
    stem = low[:-1] if low.endswith("-") else ""
    return len(stem) >= 4 and any(p.startswith(stem) and 2 * len(stem) >= len(p) for p in prefixes)


def is_answer(token: str) -> bool:
    """True for a yes/no/EL cell token (not for dashes)."""
    return parse_answer(token) is not None


def parse_code(text: str, default_objective: str | None = None) -> tuple[str | None, list[str]]:
    """Activity code(s) in a label or code cell: ('CCM-7.1', ['CE-3.1']); objective-less codes take the default.

    >>> parse_code("7.1", "CE")
    ('CE-7.1', [])
    >>> parse_code("1.2 PPC", "CE"), parse_code("CCM 8.1 CCA 8.1")
    (('PPC-1.2', []), ('CCM-8.1', ['CCA-8.1']))
    >>> parse_code("no code here"), parse_code("ADAPT 9.1"), parse_code("AGUA 2.2 / CONT 1.2")
    ((None, []), ('CCA-9.1', []), ('WTR-2.2', ['PPC-1.2']))
    """
    codes = []
    last_obj = None
    for m in CODE.finditer(text):
        after = OBJ_AFTER.match(text[m.end():]) if not m.group("obj") else None
        printed = canonical_objective(m.group("obj") or (after.group("obj") if after else None))
        obj = printed or last_obj or default_objective or "CCM"
        last_obj = canonical_objective(m.group("obj")) or last_obj
        code = f"{obj}-{m.group('sec')}"
        if code not in codes:
            codes.append(code)
    if not codes:
        return None, []
    return codes[0], codes[1:]


def canonical_objective(printed: str | None) -> str | None:
    """The spec's objective code of a printed one, a local abbreviation mapped ('MIT' -> 'CCM', 'EC' -> 'CE')."""
    return LOCAL_OBJECTIVES.get(printed, printed) if printed else None


def row_kind(label: str) -> str | None:
    """The kind of a total/sub-total row from its label, or None for an activity/unknown row.

    >>> row_kind("Turnover of environmentally sustainable activities (A.1)")
    'aligned_total'
    >>> row_kind("Total (A.1 + A.2)"), row_kind("Total (A+B)")
    ('eligible_total', 'total')
    >>> row_kind("Subtotal A.1.1"), row_kind("Subtotal A.1"), row_kind("Turnover of enabling activities (A.1.1)")
    ('sub_block_total', 'aligned_total', 'sub_block_total')
    """
    for kind, rx in ROW_KINDS:
        if rx.search(label):
            return kind
    return None


def section_of(label: str) -> str | None:
    """'A.1'/'A.2'/'B'/'A' when a label opens a table section, else None."""
    for name, rx in SECTION_HEADERS:
        if rx.search(label):
            return name
    return None


def unit_multiplier(text: str) -> float | None:
    """The amount unit named in a table header (€'000 -> 1e3, € million -> 1e6), None if none.

    >>> unit_multiplier("in €‘000"), unit_multiplier("€ million"), unit_multiplier("in %")
    (1000.0, 1000000.0, None)
    >>> unit_multiplier("in x € 1,000"), unit_multiplier("EURm"), unit_multiplier("in millions of euros")
    (1000.0, 1000000.0, 1000000.0)
    >>> unit_multiplier("miles de millones de EUR"), unit_multiplier("mil milhões de euros")
    (1000000000.0, 1000000000.0)
    >>> unit_multiplier("millones de EUR"), unit_multiplier("milhões de euros")
    (1000000.0, 1000000.0)
    """
    low = text.lower()
    hits = [(mult, m.span()) for mult, rx in UNIT_PATTERNS for m in [re.search(rx, low)] if m]
    # a unit inside a longer one is a part of it ('millones de EUR' in 'miles de millones de EUR')
    whole = [(mult, (a, b)) for mult, (a, b) in hits
             if not any(c <= a and b <= d and (c, d) != (a, b) for _, (c, d) in hits)]
    return whole[0][0] if whole else None


def first_unit(text: str) -> str | None:
    """The (lower-case) text of the first amount unit in a text, None without one.

    >>> first_unit("Revenue in % / Absolute turnover (CHF million)"), first_unit("USD 5")
    ('chf million', None)
    """
    low = text.lower()
    spans = [m for _, rx in UNIT_PATTERNS for m in [re.search(rx, low)] if m]
    return min(spans, key=lambda m: m.start()).group(0) if spans else None


def unit_currency_named(text: str) -> str | None:
    """The currency of the first amount unit in a text ('Net sales, MSEK' -> 'SEK'), None without a unit.

    >>> unit_currency_named("Revenue in % / Absolute turnover (CHF million)"), unit_currency_named("USD 5")
    ('CHF', None)
    """
    unit = first_unit(text)
    return unit_currency(unit) if unit else None


def unit_currency(text: str) -> str | None:
    """The ISO code of the currency named in a unit text ('MSEK' -> 'SEK', 'in €'000' -> 'EUR'), None if none.

    >>> unit_currency("MSEK"), unit_currency("PLN thousand"), unit_currency("in €'000"), unit_currency("in %")
    ('SEK', 'PLN', 'EUR', None)
    """
    low = text.lower()
    hits = []
    for iso, words in CURRENCIES:
        for w in words:
            rx = re.escape(w) if not w.isalpha() else rf"(?<![a-z])[tkmb]?{re.escape(w)}[mkb]?(?![a-z])"
            m = re.search(rx, low)
            if m:
                hits.append((m.start(), iso))
    return min(hits)[1] if hits else None


def kpi_words(text: str) -> list[str]:
    """KPI names mentioned in a text, in order of first mention.

    >>> kpi_words("Proportion of CapEx")
    ['capex']
    """
    low = text.lower()
    hits = []
    for kpi, words in KPI_WORDS:
        pos = [m.start() for w in words for m in re.finditer(rf"\b{re.escape(w)}\b", low)]
        if pos:
            hits.append((min(pos), kpi))
    return [k for _, k in sorted(hits)]
