"""Synth-j word lists (data): the Annex II template labels in Bulgarian (Cyrillic, section letters "А." / "Б."),
Croatian, Slovak and Lithuanian (the official wording of Delegated Regulation 2021/2178 in those languages as the
author knows it, shortened where the tables do), the units these reports print, currency signs put before each
amount, footnote marks glued to numbers.  They are registered with synth-g's label tables (``register``) so that
synth-g's table builder prints them.

>>> LABELS["bg"]["kpi"]["turnover"], LABELS["hr"]["total"], LABELS["lt"]["kpi"]["capex"]
('Оборот', 'UKUPNO (A + B)', 'Kapitalo išlaidos (CapEx)')
"""

from __future__ import annotations

from tests import reports_synth_g_words as g_words
from tests.reports_synth_i_words import LATIN

COMMON = {"subtotal": "Subtotal", "total_a1": "Total A.1", "summary_title": "EU Taxonomy", "not_material": "-"}

LABELS = {
    "bg": dict(COMMON, **{
        "kpi": {"turnover": "Оборот", "capex": "Капиталови разходи (CapEx)", "opex": "Оперативни разходи (OpEx)"},
        "kpi_lower": {"turnover": "оборота", "capex": "CapEx", "opex": "OpEx"},
        "activity": "Икономически дейности", "codes": "Код(ове)", "absolute": "Абсолютен размер на {k}",
        "proportion": "Дял на {k}", "sc": "Критерии за съществен принос",
        "dnsh": "Критерии за ненанасяне на значителни вреди (DNSH)", "ms": "Минимални гаранции",
        "prev": "Дял на съобразените (А.1.) или допустимите (А.2.) дейности, година N-1",
        "enabling": "Категория (благоприятстваща дейност)", "transitional": "Категория (преходна дейност)",
        "A": "А. ДЕЙНОСТИ, ДОПУСТИМИ СПОРЕД ТАКСОНОМИЯТА",
        "A1": "А.1. Екологично устойчиви дейности (съобразени с таксономията)",
        "A1_total": "{K} от екологично устойчиви дейности (съобразени с таксономията) (А.1)",
        "of_e": "От които благоприятстващи", "of_t": "От които преходни",
        "A2": "А.2. Дейности, допустими според таксономията, но не екологично устойчиви (дейности, несъобразени "
              "с таксономията)",
        "A2_total": "{K} от допустими според таксономията, но несъобразени с нея дейности (А.2)",
        "A_total": "А. {K} от дейности, допустими според таксономията (А.1+А.2)",
        "B": "Б. ДЕЙНОСТИ, НЕДОПУСТИМИ СПОРЕД ТАКСОНОМИЯТА",
        "B_total": "{K} от дейности, недопустими според таксономията", "total": "ОБЩО (А+Б)",
        "title": "Дял на {k} от продукти или услуги, свързани с икономически дейности, съобразени с "
                 "таксономията – оповестяване за {y} г.",
    }),
    "hr": dict(COMMON, **{
        "kpi": {"turnover": "Promet", "capex": "Kapitalni izdaci (CapEx)", "opex": "Operativni izdaci (OpEx)"},
        "kpi_lower": {"turnover": "prometa", "capex": "CapEx", "opex": "OpEx"},
        "activity": "Gospodarske djelatnosti", "codes": "Oznaka (oznake)", "absolute": "Apsolutni iznos {k}",
        "proportion": "Udio {k}", "sc": "Kriteriji značajnog doprinosa",
        "dnsh": "Kriteriji nenanošenja bitne štete (DNSH)", "ms": "Minimalne zaštitne mjere",
        "prev": "Udio usklađen s taksonomijom (A.1.) ili prihvatljiv (A.2.), godina N-1",
        "enabling": "Kategorija (omogućujuća djelatnost)", "transitional": "Kategorija (prijelazna djelatnost)",
        "A": "A. DJELATNOSTI PRIHVATLJIVE ZA TAKSONOMIJU",
        "A1": "A.1. Okolišno održive djelatnosti (usklađene s taksonomijom)",
        "A1_total": "{K} okolišno održivih djelatnosti (usklađenih s taksonomijom) (A.1)",
        "of_e": "Od čega omogućujuće", "of_t": "Od čega prijelazne",
        "A2": "A.2. Djelatnosti prihvatljive za taksonomiju koje nisu okolišno održive (djelatnosti koje nisu "
              "usklađene s taksonomijom)",
        "A2_total": "{K} djelatnosti prihvatljivih za taksonomiju koje nisu usklađene s taksonomijom (A.2)",
        "A_total": "A. {K} djelatnosti prihvatljivih za taksonomiju (A.1 + A.2)",
        "B": "B. DJELATNOSTI NEPRIHVATLJIVE ZA TAKSONOMIJU",
        "B_total": "{K} djelatnosti neprihvatljivih za taksonomiju", "total": "UKUPNO (A + B)",
        "title": "Udio {k} od proizvoda ili usluga povezanih s gospodarskim djelatnostima usklađenima s "
                 "taksonomijom – objava za godinu {y}",
    }),
    "sk": dict(COMMON, **{
        "kpi": {"turnover": "Obrat", "capex": "Kapitálové výdavky (CapEx)", "opex": "Prevádzkové výdavky (OpEx)"},
        "kpi_lower": {"turnover": "obratu", "capex": "CapEx", "opex": "OpEx"},
        "activity": "Hospodárske činnosti", "codes": "Kód(-y)", "absolute": "Absolútna výška {k}",
        "proportion": "Podiel {k}", "sc": "Kritériá významného príspevku",
        "dnsh": "Kritériá „výrazne nenarušiť“ (DNSH)", "ms": "Minimálne záruky",
        "prev": "Podiel zosúladený s taxonómiou (A.1.) alebo oprávnený (A.2.), rok N-1",
        "enabling": "Kategória (podporná činnosť)", "transitional": "Kategória (prechodná činnosť)",
        "A": "A. ČINNOSTI OPRÁVNENÉ PODĽA TAXONÓMIE",
        "A1": "A.1. Environmentálne udržateľné činnosti (zosúladené s taxonómiou)",
        "A1_total": "{K} environmentálne udržateľných činností (zosúladených s taxonómiou) (A.1)",
        "of_e": "Z toho podporné", "of_t": "Z toho prechodné",
        "A2": "A.2. Činnosti oprávnené podľa taxonómie, ktoré nie sú environmentálne udržateľné (činnosti "
              "nezosúladené s taxonómiou)",
        "A2_total": "{K} činností oprávnených podľa taxonómie, ktoré nie sú zosúladené s taxonómiou (A.2)",
        "A_total": "A. {K} činností oprávnených podľa taxonómie (A.1 + A.2)",
        "B": "B. ČINNOSTI NEOPRÁVNENÉ PODĽA TAXONÓMIE",
        "B_total": "{K} činností neoprávnených podľa taxonómie", "total": "SPOLU (A + B)",
        "title": "Podiel {k} z produktov alebo služieb spojených s hospodárskymi činnosťami zosúladenými s "
                 "taxonómiou – zverejnenie za rok {y}",
    }),
    "lt": dict(COMMON, **{
        "kpi": {"turnover": "Apyvarta", "capex": "Kapitalo išlaidos (CapEx)", "opex": "Veiklos išlaidos (OpEx)"},
        "kpi_lower": {"turnover": "apyvartos", "capex": "CapEx", "opex": "OpEx"},
        "activity": "Ekonominė veikla", "codes": "Kodas (-ai)", "absolute": "Absoliuti {k} vertė",
        "proportion": "{k} dalis", "sc": "Esminio indėlio kriterijai",
        "dnsh": "Kriterijai „nedaryti reikšmingos žalos“ (DNSH)", "ms": "Minimalios apsaugos priemonės",
        "prev": "Su taksonomija suderintos (A.1.) arba tinkamos (A.2.) veiklos dalis, N-1 metai",
        "enabling": "Kategorija (veiklą skatinanti veikla)", "transitional": "Kategorija (pereinamoji veikla)",
        "A": "A. PAGAL TAKSONOMIJĄ TINKAMA VEIKLA",
        "A1": "A.1. Aplinkos požiūriu tvari veikla (suderinta su taksonomija)",
        "A1_total": "Aplinkos požiūriu tvarios veiklos (suderintos su taksonomija) {k} (A.1)",
        "of_e": "Iš jos skatinančioji", "of_t": "Iš jos pereinamoji",
        "A2": "A.2. Pagal taksonomiją tinkama, bet aplinkos požiūriu netvari veikla (su taksonomija nesuderinta "
              "veikla)",
        "A2_total": "Pagal taksonomiją tinkamos, bet su ja nesuderintos veiklos {k} (A.2)",
        "A_total": "A. Pagal taksonomiją tinkamos veiklos {k} (A.1 + A.2)",
        "B": "B. PAGAL TAKSONOMIJĄ NETINKAMA VEIKLA",
        "B_total": "Pagal taksonomiją netinkamos veiklos {k}", "total": "IŠ VISO (A + B)",
        "title": "Produktų arba paslaugų, susijusių su taksonomiją atitinkančia ekonomine veikla, {k} dalis – "
                 "{y} m. informacijos atskleidimas",
    }),
}

# the units, as these reports print them (caption above the table or the amount column's header)
UNITS = {"bg": "(хил. лв.)", "hr": "Iznosi u tisućama eura", "sk": "(v mil. EUR)", "lt": "Sumos nurodytos tūkst. eurų"}

# a currency sign or code printed before each amount (j05), chosen per seed
AMOUNT_PREFIX = ("€ ", "EUR ", "€")

# footnote marks glued to amounts and shares (j06), cycled; "" leaves a number unmarked
NUMBER_MARKS = ("¹", "", "*", "", "²", "", "", "³")
NUMBER_NOTES = ("¹ Including the activities of the acquired subsidiary from the date of acquisition.",
                "² Restated; see note 2.",
                "³ Partly aligned: the remainder is reported under A.2.",
                "* Estimate based on the reporting system's allocation keys.")

SPLIT_TITLES = {"amounts": "{K} by Taxonomy activity – absolute amounts",
                "shares": "{K} by Taxonomy activity – proportions and technical screening criteria"}


def register() -> None:
    """Add the labels to synth-g's tables (additive: the other sets' languages are unchanged)."""
    for lang, lab in LABELS.items():
        g_words.LABELS.setdefault(lang, lab)
        g_words.OBJECTIVE_SHORT.setdefault(lang, LATIN)
