"""Synth-l word lists (data): the Annex II template labels in Estonian, Latvian and Slovenian with the objective
abbreviations such reports print in their own language (and synth-f's German labels), Annex XII Template 1 (nuclear and fossil gas related
activities, rows 1-6 answered YES / NO), the KPI box printed above a template, the year column of row pairs, and
the captions and notes of the other families.  ``register`` adds the languages to synth-g's label tables
(additive: the other sets' languages are unchanged).

>>> LABELS["et"]["kpi"]["turnover"], OBJECTIVE_SHORT["lv"]["CE"], LABELS["sl"]["total"]
('Müügitulu', 'APR', 'SKUPAJ (A + B)')
"""

from __future__ import annotations

from tests import reports_synth_g_words as g_words
from tests.reports_synth_f_words import LABELS as F_LABELS

COMMON = {"subtotal": "Subtotal", "total_a1": "Total A.1", "summary_title": "EU Taxonomy", "not_material": "-"}

LABELS = {
    "et": dict(COMMON, **{
        "kpi": {"turnover": "Müügitulu", "capex": "Kapitalikulud (CapEx)", "opex": "Tegevuskulud (OpEx)"},
        "kpi_lower": {"turnover": "müügitulu", "capex": "kapitalikulude", "opex": "tegevuskulude"},
        "activity": "Majandustegevused", "codes": "Kood(id)", "absolute": "{K} absoluutväärtuses",
        "proportion": "{K}, osakaal", "sc": "Olulise panuse kriteeriumid",
        "dnsh": "Olulise kahju ärahoidmise (DNSH) kriteeriumid", "ms": "Miinimumkaitsemeetmed",
        "prev": "Taksonoomiaga kooskõlas (A.1.) või taksonoomiakõlbliku (A.2.) {k} osakaal, aasta N-1",
        "enabling": "Kategooria (võimaldav tegevus)", "transitional": "Kategooria (üleminekutegevus)",
        "A": "A. TAKSONOOMIAKÕLBLIKUD TEGEVUSED",
        "A1": "A.1. Keskkonnasäästlikud tegevused (taksonoomiaga kooskõlas)",
        "A1_total": "Keskkonnasäästlike tegevuste {k} (taksonoomiaga kooskõlas) (A.1)",
        "of_e": "Millest võimaldavad", "of_t": "Millest üleminekutegevused",
        "A2": "A.2. Taksonoomiakõlblikud, kuid mitte keskkonnasäästlikud tegevused (taksonoomiaga mitte "
              "kooskõlas olevad tegevused)",
        "A2_total": "Taksonoomiakõlblike, kuid mitte keskkonnasäästlike tegevuste {k} (A.2)",
        "A_total": "A. Taksonoomiakõlblike tegevuste {k} (A.1 + A.2)",
        "B": "B. TAKSONOOMIAKÕLBMATUD TEGEVUSED", "B_total": "Taksonoomiakõlbmatute tegevuste {k}",
        "total": "KOKKU (A + B)",
        "title": "Taksonoomiaga kooskõlas olevate majandustegevustega seotud toodete või teenuste {k} osakaal – "
                 "{y}. aasta teave",
    }),
    "lv": dict(COMMON, **{
        "kpi": {"turnover": "Apgrozījums", "capex": "Kapitālizdevumi (CapEx)", "opex": "Darbības izdevumi (OpEx)"},
        "kpi_lower": {"turnover": "apgrozījuma", "capex": "kapitālizdevumu", "opex": "darbības izdevumu"},
        "activity": "Saimnieciskās darbības", "codes": "Kods(-i)", "absolute": "{K} absolūtā izteiksmē",
        "proportion": "{K}, īpatsvars", "sc": "Būtiska ieguldījuma kritēriji",
        "dnsh": "Kritēriji “nenodarīt būtisku kaitējumu” (DNSH)", "ms": "Minimālās garantijas",
        "prev": "Taksonomijai atbilstošā (A.1.) vai attiecināmā (A.2.) {k} īpatsvars, N-1 gads",
        "enabling": "Kategorija (veicinoša darbība)", "transitional": "Kategorija (pārejas darbība)",
        "A": "A. TAKSONOMIJAI ATTIECINĀMĀS DARBĪBAS",
        "A1": "A.1. Vidiski ilgtspējīgas darbības (atbilst taksonomijai)",
        "A1_total": "Vidiski ilgtspējīgu darbību {k} summa (atbilst taksonomijai) (A.1)",
        "of_e": "Tostarp veicinošas", "of_t": "Tostarp pārejas",
        "A2": "A.2. Taksonomijai attiecināmas, bet vidiski neilgtspējīgas darbības (taksonomijai neatbilstošas "
              "darbības)",
        "A2_total": "Taksonomijai attiecināmu, bet neatbilstošu darbību {k} summa (A.2)",
        "A_total": "A. Taksonomijai attiecināmo darbību {k} summa (A.1 + A.2)",
        "B": "B. TAKSONOMIJAI NEATTIECINĀMĀS DARBĪBAS", "B_total": "Taksonomijai neattiecināmo darbību {k} summa",
        "total": "KOPĀ (A + B)",
        "title": "Ar taksonomijai atbilstošām saimnieciskajām darbībām saistīto produktu vai pakalpojumu {k} "
                 "īpatsvars – informācija par {y}. gadu",
    }),
    "sl": dict(COMMON, **{
        "kpi": {"turnover": "Prihodki", "capex": "Naložbeni odhodki (CapEx)", "opex": "Poslovni odhodki (OpEx)"},
        "kpi_lower": {"turnover": "prihodkov", "capex": "naložbenih odhodkov", "opex": "poslovnih odhodkov"},
        "activity": "Gospodarske dejavnosti", "codes": "Šifra(-e)", "absolute": "{K} (absolutni znesek)",
        "proportion": "Delež {k}", "sc": "Merila za znaten prispevek",
        "dnsh": "Merila za načelo, da se ne škoduje bistveno (DNSH)", "ms": "Minimalni zaščitni ukrepi",
        "prev": "Delež taksonomiji prilagojenih (A.1.) ali upravičenih (A.2.) {k}, leto N-1",
        "enabling": "Kategorija (omogočitvena dejavnost)", "transitional": "Kategorija (prehodna dejavnost)",
        "A": "A. DEJAVNOSTI, UPRAVIČENE DO TAKSONOMIJE",
        "A1": "A.1. Okoljsko trajnostne dejavnosti (prilagojene taksonomiji)",
        "A1_total": "{K} okoljsko trajnostnih dejavnosti (prilagojenih taksonomiji) (A.1)",
        "of_e": "Od tega omogočitvene", "of_t": "Od tega prehodne",
        "A2": "A.2. Dejavnosti, upravičene do taksonomije, ki niso okoljsko trajnostne (dejavnosti, ki niso "
              "prilagojene taksonomiji)",
        "A2_total": "{K} upravičenih, a taksonomiji neprilagojenih dejavnosti (A.2)",
        "A_total": "A. {K} dejavnosti, upravičenih do taksonomije (A.1 + A.2)",
        "B": "B. DEJAVNOSTI, KI NISO UPRAVIČENE DO TAKSONOMIJE",
        "B_total": "{K} dejavnosti, ki niso upravičene do taksonomije", "total": "SKUPAJ (A + B)",
        "title": "Delež {k} iz proizvodov ali storitev, povezanih z gospodarskimi dejavnostmi, prilagojenimi "
                 "taksonomiji – razkritje za leto {y}",
    }),
}

# objective abbreviations in the SC / DNSH column headers, as local-language reports print them
OBJECTIVE_SHORT = {
    "et": {"CCM": "KKL", "CCA": "KKK", "WTR": "VEE", "PPC": "SAA", "CE": "RMJ", "BIO": "BIO"},
    "lv": {"CCM": "KPM", "CCA": "KPP", "WTR": "ŪDE", "PPC": "PIE", "CE": "APR", "BIO": "BIO"},
    "sl": {"CCM": "BPS", "CCA": "PPS", "WTR": "VOD", "PPC": "ONS", "CE": "KG", "BIO": "BIO"},
}

UNITS = {"et": "(tuhat eurot)", "lv": "(milj. EUR)", "sl": "(v tisoč EUR)"}

# Annex XII of Delegated Regulation (EU) 2021/2178 as amended by 2022/1214, Template 1 (rows 1-6)
NUCLEAR_TITLE = "Template 1 Nuclear and fossil gas related activities"
NUCLEAR_SECTIONS = {1: "Nuclear energy related activities", 4: "Fossil gas related activities"}
_DOES = "The undertaking carries out, funds or has exposures to "
NUCLEAR_ROWS = (
    _DOES + "research, development, demonstration and deployment of innovative electricity generation facilities "
    "that produce energy from nuclear processes with minimal waste from the fuel cycle.",
    _DOES + "construction and safe operation of new nuclear installations to produce electricity or process heat, "
    "including for the purposes of district heating or industrial processes such as hydrogen production, as well "
    "as their safety upgrades, using best available technologies.",
    _DOES + "safe operation of existing nuclear installations that produce electricity or process heat, including "
    "for the purposes of district heating or industrial processes such as hydrogen production from nuclear energy, "
    "as well as their safety upgrades.",
    _DOES + "construction or operation of electricity generation facilities that produce electricity using fossil "
    "gaseous fuels.",
    _DOES + "construction, refurbishment, and operation of combined heat/cool and power generation facilities "
    "using fossil gaseous fuels.",
    _DOES + "construction, refurbishment and operation of heat generation facilities that produce heat/cool using "
    "fossil gaseous fuels.",
)
NUCLEAR_ANSWERS = ("YES", "NO")

# the KPI box printed above each template (l08): label per figure, amounts in the unit of the template
KPI_BOX_TITLE = "{K} KPI at a glance"
KPI_BOX_ROWS = (("total", "Total {k} (EUR m)"), ("a1", "Taxonomy-aligned {k} (EUR m)"),
                ("a1p", "Taxonomy-aligned share (%)"), ("a2", "Taxonomy-eligible, not aligned {k} (EUR m)"),
                ("a2p", "Taxonomy-eligible, not aligned share (%)"))

YEAR_HEAD = "Year"  # the year column of row pairs (l07)
SIDE_NOTE = ("The OpEx KPI covers direct non-capitalised costs for research and development, building renovation, "
             "short-term leases, maintenance and repair (Annex I, section 1.1.3.1 of Delegated Regulation (EU) "
             "2021/2178).")
CODE_NAME_SEPARATORS = (" ", " – ", ": ")
TRAILING_MINUS_NOTE = "Negative Werte sind mit nachgestelltem Minuszeichen dargestellt (z. B. 12-)."
BILLION_CAPTION = "All amounts in € billion, rounded to two decimals."


def register() -> None:
    for lang, lab in LABELS.items():
        g_words.LABELS.setdefault(lang, lab)
        g_words.OBJECTIVE_SHORT.setdefault(lang, OBJECTIVE_SHORT[lang])
    g_words.LABELS.setdefault("de", dict(COMMON, subtotal="Zwischensumme", **F_LABELS["de"]))
    g_words.OBJECTIVE_SHORT.setdefault("de", dict(g_words.OBJECTIVE_SHORT["en"]))
