"""The Annex II template wording of the 24 EU languages, as data (Delegated Regulation 2021/2178, Annex II and its
2023 amendment): the three KPI names, the yes / no answers, the total-row words, and the scale and currency words a
report in that language prints in its amount unit ("Ποσά σε χιλ. ευρώ", "(mii lei)", "millió Ft-ban").

Lower case; inflected forms that titles use ("κύκλου εργασιών", "cifrei de afaceri") are listed beside the
nominative.  :mod:`regc.reports.rows` merges these lists into its vocabulary; nothing here knows a company.

>>> sorted(LANGUAGES) == sorted(EU_LANGUAGES + EEA_LANGUAGES) and len(EU_LANGUAGES) == 24
True
>>> "driftsinntekter" in words("turnover") and "nei" in words("no") and "mill." in dict(scale_words())[1e6]
True
>>> "árbevétel" in words("turnover") and "ναι" in words("yes") and 1e6 in dict(scale_words())
True
"""

from __future__ import annotations

EU_LANGUAGES = ("bg", "cs", "da", "de", "el", "en", "es", "et", "fi", "fr", "ga", "hr", "hu", "it", "lt", "lv",
                "mt", "nl", "pl", "pt", "ro", "sk", "sl", "sv")
# EEA languages outside the EU whose issuers apply the Taxonomy Regulation through the EEA Agreement
# (Norwegian and Icelandic; their words are derived, see the two entries below)
EEA_LANGUAGES = ("no", "is")

# per language: KPI names (turnover / capex / opex), answers (yes / no), total-row words, scale words by multiplier
# (thousand / million / billion) and the words of the local currency (ISO code -> words); English, German, French,
# Italian, Spanish, Portuguese, Dutch and the Nordic words that rows.py has always listed are repeated where the
# template prints them, so that each language is complete here
LANGUAGES = {
    "bg": {"turnover": ("оборот", "оборота"), "capex": ("капиталови разходи", "капитални разходи"),
           "opex": ("оперативни разходи",), "yes": ("да",), "no": ("не",), "total": ("общо", "общо a"),
           1e3: ("хил.", "хиляди"), 1e6: ("млн.", "млн", "милиона"), 1e9: ("млрд.", "млрд"),
           "currency": {"BGN": ("bgn", "лв.", "лв", "лева"), "EUR": ("евро",)}},
    "cs": {"turnover": ("obrat", "obratu", "tržby"), "capex": ("kapitálové výdaje",), "opex": ("provozní výdaje",),
           "yes": ("ano",), "no": ("ne",), "total": ("celkem", "mezisoučet"),
           1e3: ("tis.", "tis", "tisíc"), 1e6: ("mil.", "milionů"), 1e9: ("mld.", "mld"),
           "currency": {"CZK": ("czk", "kč"), "EUR": ("eur",)}},
    "da": {"turnover": ("omsætning", "nettoomsætning"), "capex": ("kapitaludgifter", "anlægsinvesteringer"),
           "opex": ("driftsudgifter", "driftsomkostninger"), "yes": ("ja", "j"), "no": ("nej",),
           "total": ("i alt",), 1e3: ("tusinde",), 1e6: ("mio.", "millioner"), 1e9: ("mia.",),
           "currency": {"DKK": ("dkk",)}},
    "de": {"turnover": ("umsatz", "umsatzerlöse"), "capex": ("investitionsausgaben",),
           "opex": ("betriebsausgaben",), "yes": ("ja", "j"), "no": ("nein",), "total": ("summe", "gesamt"),
           1e3: ("tsd.", "tausend"), 1e6: ("mio.", "millionen"), 1e9: ("mrd.", "milliarden"),
           "currency": {"EUR": ("eur", "euro")}},
    "el": {"turnover": ("κύκλος εργασιών", "κύκλου εργασιών"),
           "capex": ("κεφαλαιουχικές δαπάνες", "κεφαλαιακές δαπάνες"),
           "opex": ("λειτουργικές δαπάνες", "λειτουργικών δαπανών"), "yes": ("ναι", "ναί"), "no": ("όχι", "οχι"),
           "total": ("σύνολο", "συνολο", "μερικό σύνολο"),
           1e3: ("χιλ.", "χιλ", "χιλιάδες"), 1e6: ("εκατ.", "εκατ", "εκατομμύρια"), 1e9: ("δισ.", "δισεκ."),
           "currency": {"EUR": ("ευρώ", "ευρω")}},
    "en": {"turnover": ("turnover",), "capex": ("capital expenditure",), "opex": ("operating expenditure",),
           "yes": ("yes", "y"), "no": ("no", "n"), "total": ("total", "subtotal"),
           1e3: ("thousand",), 1e6: ("million",), 1e9: ("billion",), "currency": {"EUR": ("eur", "euro")}},
    "es": {"turnover": ("volumen de negocios",), "capex": ("gastos de capital",), "opex": ("gastos operativos",),
           "yes": ("sí", "s"), "no": ("no",), "total": ("total",), 1e3: ("miles de",), 1e6: ("millones de",),
           1e9: ("miles de millones de",), "currency": {"EUR": ("eur", "euros")}},
    "et": {"turnover": ("käive", "käibe", "müügitulu"), "capex": ("kapitalikulud", "kapitalikulutused"),
           "opex": ("tegevuskulud", "tegevuskulutused"), "yes": ("jah",), "no": ("ei",), "total": ("kokku",),
           1e3: ("tuh.", "tuhat", "tuhandetes"), 1e6: ("mln.", "mln", "miljonit", "miljonites"), 1e9: ("mld.",),
           "currency": {"EUR": ("eurot", "eurodes", "eur")}},
    "fi": {"turnover": ("liikevaihto",), "capex": ("pääomamenot",), "opex": ("toimintamenot",),
           "yes": ("kyllä", "k"), "no": ("ei", "e"), "total": ("yhteensä",), 1e3: ("tuhatta",),
           1e6: ("milj.", "miljoonaa"), 1e9: ("mrd.", "miljardia"), "currency": {"EUR": ("euroa", "euroina")}},
    "fr": {"turnover": ("chiffre d'affaires", "chiffre d’affaires"),
           "capex": ("dépenses d'investissement", "dépenses d’investissement"),
           "opex": ("dépenses d'exploitation", "dépenses d’exploitation"), "yes": ("oui",), "no": ("non",),
           "total": ("total",), 1e3: ("milliers de",), 1e6: ("millions de",), 1e9: ("milliards de",),
           "currency": {"EUR": ("euros",)}},
    "ga": {"turnover": ("láimhdeachas", "láimhdeachais"), "capex": ("caiteachas caipitiúil",),
           "opex": ("caiteachas oibriúcháin",), "yes": ("tá",), "no": ("níl",), "total": ("iomlán",),
           1e3: ("míle",), 1e6: ("milliún",), 1e9: ("billiún",), "currency": {"EUR": ("euro",)}},
    "hr": {"turnover": ("promet", "prometa", "prihodi"), "capex": ("kapitalni izdaci", "kapitalni rashodi"),
           "opex": ("operativni izdaci", "operativni rashodi"), "yes": ("da",), "no": ("ne",),
           "total": ("ukupno",), 1e3: ("tis.", "tisuća", "tisućama"), 1e6: ("mil.", "milijuna", "milijunima"),
           1e9: ("mlrd.",), "currency": {"EUR": ("eura",), "HRK": ("hrk", "kn", "kuna")}},
    "hu": {"turnover": ("árbevétel", "árbevétele", "nettó árbevétel"),
           "capex": ("beruházási kiadások", "tőkekiadások", "tőkekiadás"),
           "opex": ("működési kiadások", "működési ráfordítások", "működési költségek"),
           "yes": ("igen", "i"), "no": ("nem",), "total": ("összesen", "részösszeg"),
           1e3: ("ezer",), 1e6: ("millió",), 1e9: ("milliárd", "mrd"),
           "currency": {"HUF": ("huf", "ft", "forint", "forintban"), "EUR": ("euró", "euróban")}},
    "it": {"turnover": ("fatturato",), "capex": ("spese in conto capitale",), "opex": ("spese operative",),
           "yes": ("sì", "si", "s"), "no": ("no",), "total": ("totale",), 1e3: ("migliaia di",),
           1e6: ("milioni di",), 1e9: ("miliardi di",), "currency": {"EUR": ("euro",)}},
    "lt": {"turnover": ("apyvarta", "apyvartos", "pajamos"), "capex": ("kapitalo išlaidos", "kapitalinės išlaidos"),
           "opex": ("veiklos išlaidos", "veiklos sąnaudos"), "yes": ("taip",), "no": ("ne",),
           "total": ("iš viso",), 1e3: ("tūkst.", "tūkstančiais"), 1e6: ("mln.", "milijonais"),
           1e9: ("mlrd.",), "currency": {"EUR": ("eurų", "eurais")}},
    "lv": {"turnover": ("apgrozījums", "apgrozījuma"), "capex": ("kapitālizdevumi", "kapitālieguldījumi"),
           "opex": ("darbības izdevumi", "pamatdarbības izdevumi"), "yes": ("jā",), "no": ("nē",),
           "total": ("kopā",), 1e3: ("tūkst.", "tūkstošos"), 1e6: ("milj.", "miljonos"), 1e9: ("mljrd.",),
           "currency": {"EUR": ("eiro",)}},
    "mt": {"turnover": ("fatturat",), "capex": ("nefqa kapitali",), "opex": ("nefqa operazzjonali",),
           "yes": ("iva",), "no": ("le",), "total": ("total",), 1e3: ("elf",), 1e6: ("miljun",),
           1e9: ("biljun",), "currency": {"EUR": ("ewro",)}},
    "nl": {"turnover": ("omzet", "netto-omzet"), "capex": ("kapitaaluitgaven",), "opex": ("operationele uitgaven",),
           "yes": ("ja", "j"), "no": ("nee",), "total": ("totaal",), 1e3: ("duizend",), 1e6: ("miljoen",),
           1e9: ("miljard",), "currency": {"EUR": ("euro",)}},
    "pl": {"turnover": ("obrót", "obrotu", "przychody"), "capex": ("nakłady inwestycyjne",),
           "opex": ("wydatki operacyjne",), "yes": ("tak",), "no": ("nie",), "total": ("razem", "suma"),
           1e3: ("tys.", "tysiącach"), 1e6: ("mln", "milionach"), 1e9: ("mld", "mld."),
           "currency": {"PLN": ("pln", "zł", "złotych")}},
    "pt": {"turnover": ("volume de negócios",), "capex": ("despesas de capital",),
           "opex": ("despesas operacionais",), "yes": ("sim", "s"), "no": ("não",), "total": ("total",),
           1e3: ("milhares de",), 1e6: ("milhões de",), 1e9: ("mil milhões de",), "currency": {"EUR": ("euros",)}},
    "ro": {"turnover": ("cifra de afaceri", "cifrei de afaceri", "cifră de afaceri"),
           "capex": ("cheltuieli de capital", "cheltuielile de capital"),
           "opex": ("cheltuieli operaționale", "cheltuieli operaţionale", "cheltuielile operaționale",
                    "cheltuielile operaţionale"),
           "yes": ("da",), "no": ("nu",), "total": ("total", "subtotal"),
           1e3: ("mii",), 1e6: ("milioane", "mil."), 1e9: ("miliarde", "mld."),
           "currency": {"RON": ("ron", "lei", "leu"), "EUR": ("eur", "euro")}},
    "sk": {"turnover": ("obrat", "obratu", "tržby"), "capex": ("kapitálové výdavky",),
           "opex": ("prevádzkové výdavky",), "yes": ("áno",), "no": ("nie",), "total": ("spolu", "celkom"),
           1e3: ("tis.", "tisícoch"), 1e6: ("mil.", "miliónoch"), 1e9: ("mld.",), "currency": {"EUR": ("eur",)}},
    "sl": {"turnover": ("promet", "prihodki"), "capex": ("kapitalski izdatki", "kapitalske naložbe"),
           "opex": ("operativni izdatki", "operativni odhodki"), "yes": ("da",), "no": ("ne",),
           "total": ("skupaj",), 1e3: ("tisoč", "tis."), 1e6: ("mio", "milijonov"), 1e9: ("mrd.",),
           "currency": {"EUR": ("evrov", "eur")}},
    "sv": {"turnover": ("omsättning", "nettoomsättning"), "capex": ("kapitalutgifter",),
           "opex": ("driftsutgifter",), "yes": ("ja", "j"), "no": ("nej",), "total": ("summa", "totalt"),
           1e3: ("tusen",), 1e6: ("miljoner",), 1e9: ("miljarder",), "currency": {"SEK": ("sek", "kronor")}},
    # Norwegian (bokmål): DERIVED, not checked against an official Norwegian version of the Annex II template
    # (none in the corpus).  The KPI names are the usual Norwegian accounts words for the same header words
    # ('driftsinntekter' / 'omsetning' = turnover, 'kapitalutgifter' = capital expenditure, 'driftsutgifter' =
    # operating expenditure; 'Investeringer (CapEx)' and 'Driftskostnader (OpEx)' are found by the English
    # abbreviation they print beside them), 'ja' / 'nei' the answers, 'totalt' / 'sum' the total words, and
    # 'mill.' / 'mrd.' the scale abbreviations of 'NOK mill.' units; 'kroner' is not listed as a currency word
    # (Danish and Norwegian share it: the ISO code decides)
    "no": {"turnover": ("driftsinntekter", "omsetning"), "capex": ("kapitalutgifter",),
           "opex": ("driftsutgifter",), "yes": ("ja", "j"), "no": ("nei",), "total": ("totalt", "sum"),
           1e3: ("tusen",), 1e6: ("mill.", "mill", "millioner"), 1e9: ("mrd.", "milliarder"),
           "currency": {"NOK": ("nok",)}},
    # Icelandic: DERIVED, not checked against an official Icelandic version of the Annex II template (none in the
    # corpus).  The KPI names are the usual Icelandic accounts words ('velta' = turnover, 'fjárfestingarútgjöld' =
    # capital expenditure, 'rekstrarútgjöld' = operating expenditure) with the genitive forms titles use ('Hlutfall
    # veltu'), 'já' / 'nei' the answers, 'samtals' the total word, 'þús.' / 'millj.' / 'ma.' the scale
    # abbreviations of 'þús. kr.' / 'millj. kr.' / 'ma. kr.' units (thousand / million / billion krónur);
    # 'krónur' / 'króna' name ISK, the sign 'kr.' alone does not (Danish, Swedish and Norwegian print it too:
    # KRONA_CURRENCY below decides by the table's language)
    "is": {"turnover": ("velta", "veltu"), "capex": ("fjárfestingarútgjöld", "fjárfestingarútgjalda"),
           "opex": ("rekstrarútgjöld", "rekstrarútgjalda"), "yes": ("já",), "no": ("nei",), "total": ("samtals",),
           1e3: ("þús.", "þús", "þúsundir", "þúsundum"), 1e6: ("millj.", "millj", "milljónir", "milljónum"),
           1e9: ("ma.", "milljarðar", "milljörðum"), "currency": {"ISK": ("isk", "krónur", "króna", "krónum")}},
}

# the currency a krona / krone sign printed without its ISO code ('millj. kr.', 'mio. kr.', 'tkr', 'mill. kroner')
# means in a table of that language: Icelandic krónur, Danish kroner, Swedish kronor, Norwegian kroner
KRONA_CURRENCY = {"is": "ISK", "da": "DKK", "sv": "SEK", "no": "NOK"}


# the minimum-safeguards column's header word per language (lower-case prefixes, as rows.OBJECTIVE_HEADER_WORDS):
# 'Минимални гаранции', 'Ελάχιστες διασφαλίσεις', 'Miinimumkaitsemeetmed', 'Coimircí íosta', 'Minimális
# garanciák', 'Minimalios apsaugos priemonės', 'Minimālās garantijas', 'Salvagwardji minimi', 'Garanții minime'
SAFEGUARD_HEADER_WORDS = ("минимални", "ελάχιστ", "ελαχιστ", "miinimum", "coimirc", "minimális", "minimalios",
                          "minimāl", "salvagward", "garanții", "garanţii", "garantii", "minimálne", "minimalne",
                          "minimalni")


# the objective abbreviations a report in that language prints in its SC / DNSH column headers and before the
# section number of an activity code ("MIT 7.1" for CCM 7.1), upper case, whole words.  Sources: Portuguese
# "MAC / AAC / AMR" and Swedish "BEK / ANP / VAT / FÖR" as rows.py always listed them (issuers' templates); the
# others are the first letters of the Annex II template's objective names in that language, as issuers in that
# language print them -- Spanish "Mitigación del cambio climático" (MIT), "Adaptación al cambio climático"
# (ADAPT), "Recursos hídricos y marinos" / agua (AGUA), "Prevención y control de la contaminación" (CONT),
# "Economía circular" (EC); French "Atténuation du changement climatique" (ATT), "Adaptation au changement
# climatique" (ADA), "Ressources aquatiques et marines" / eau (EAU), "Prévention et réduction de la pollution"
# (POL), "Économie circulaire" (EC); Italian "Mitigazione dei cambiamenti climatici" (MIT), "Adattamento ai
# cambiamenti climatici" (ADA), "Acque e risorse marine" (ACQ), "Prevenzione e riduzione dell'inquinamento"
# (INQ), "Economia circolare" (EC).  Not checked against the abbreviation footnote of each official language
# version of Delegated Regulation 2023/2486 (not in the corpus); only a letter sequence that cannot be an
# English word in an upper-case header cell is listed.
OBJECTIVE_ABBREVIATIONS = {
    "es": {"CCM": ("MIT",), "CCA": ("ADAPT",), "WTR": ("AGUA",), "PPC": ("CONT",), "CE": ("EC",)},
    "fr": {"CCM": ("ATT",), "CCA": ("ADA",), "WTR": ("EAU",), "PPC": ("POL",), "CE": ("EC",)},
    "it": {"CCM": ("MIT",), "CCA": ("ADA",), "WTR": ("ACQ",), "PPC": ("INQ",), "CE": ("EC",)},
    "pt": {"CCM": ("MAC",), "CCA": ("AAC",), "WTR": ("AMR",), "CE": ("EC",)},
    "sv": {"CCM": ("BEK",), "CCA": ("ANP",), "WTR": ("VAT",), "PPC": ("FÖR",)},
}


def objective_abbreviations() -> dict[str, str]:
    """Every language's objective abbreviation -> the spec's objective code ('ADAPT' -> 'CCA').

    >>> objective_abbreviations()["AGUA"], objective_abbreviations()["POL"]
    ('WTR', 'PPC')
    """
    out: dict[str, str] = {}
    for lang in sorted(OBJECTIVE_ABBREVIATIONS):
        for objective, abbrevs in OBJECTIVE_ABBREVIATIONS[lang].items():
            for a in abbrevs:
                if out.setdefault(a, objective) != objective:
                    raise ValueError(f"objective abbreviation {a!r} names two objectives")
    return out


def words(key: str) -> tuple[str, ...]:
    """Every language's words for one key ('turnover', 'capex', 'opex', 'yes', 'no', 'total'), first seen first."""
    out: list[str] = []
    for lang in EU_LANGUAGES + EEA_LANGUAGES:
        out += [w for w in LANGUAGES[lang].get(key, ()) if w not in out]
    return tuple(out)


def scale_words() -> tuple[tuple[float, tuple[str, ...]], ...]:
    """(multiplier, words) for thousand / million / billion, over every language."""
    return tuple((mult, words(mult)) for mult in (1e3, 1e6, 1e9))  # type: ignore[arg-type]


def currency_words() -> dict[str, tuple[str, ...]]:
    """ISO code -> the words every language prints for it."""
    out: dict[str, list[str]] = {}
    for lang in EU_LANGUAGES + EEA_LANGUAGES:
        for iso, ws in LANGUAGES[lang].get("currency", {}).items():
            out.setdefault(iso, [])
            out[iso] += [w for w in ws if w not in out[iso]]
    return {iso: tuple(ws) for iso, ws in out.items()}
