"""Synth-k word lists (data): the Annex II template labels in French, Spanish and Italian with the objective
abbreviations such reports print in their own language (headers "ATT" / "ADA" / "EAU"; "MIT" / "ADAPT" / "AGUA";
"MIT" / "ADA" / "ACQ"), the code prefixes a Spanish report prints ("MIT 7.1"), the legend of single-letter DNSH
sub-headers, the narrative KPI sentences and the transposed KPI overview.  ``register`` adds the languages to
synth-g's label tables (additive: the other sets' languages are unchanged).

>>> LABELS["fr"]["kpi"]["turnover"], OBJECTIVE_SHORT["es"]["CCA"], CODE_PREFIX["es"]["CCM"]
("Chiffre d'affaires", 'ADAPT', 'MIT')
"""

from __future__ import annotations

from tests import reports_synth_g_words as g_words

COMMON = {"subtotal": "Sous-total", "total_a1": "Total A.1", "summary_title": "EU Taxonomy", "not_material": "-"}

LABELS = {
    "fr": dict(COMMON, **{
        "kpi": {"turnover": "Chiffre d'affaires", "capex": "CapEx (dépenses d'investissement)",
                "opex": "OpEx (dépenses d'exploitation)"},
        "kpi_lower": {"turnover": "chiffre d'affaires", "capex": "CapEx", "opex": "OpEx"},
        "activity": "Activités économiques", "codes": "Code(s)", "absolute": "{K} absolu(e)",
        "proportion": "Part du {k}", "sc": "Critères de contribution substantielle",
        "dnsh": "Critères d'absence de préjudice important (DNSH)", "ms": "Garanties minimales",
        "prev": "Part alignée (A.1.) ou éligible (A.2.), année N-1",
        "enabling": "Catégorie (activité habilitante)", "transitional": "Catégorie (activité transitoire)",
        "A": "A. ACTIVITÉS ÉLIGIBLES À LA TAXINOMIE",
        "A1": "A.1. Activités durables sur le plan environnemental (alignées sur la taxinomie)",
        "A1_total": "{K} des activités durables sur le plan environnemental (alignées sur la taxinomie) (A.1)",
        "of_e": "Dont habilitantes", "of_t": "Dont transitoires",
        "A2": "A.2. Activités éligibles à la taxinomie mais non durables sur le plan environnemental (activités non "
              "alignées sur la taxinomie)",
        "A2_total": "{K} des activités éligibles à la taxinomie mais non alignées (A.2)",
        "A_total": "A. {K} des activités éligibles à la taxinomie (A.1 + A.2)",
        "B": "B. ACTIVITÉS NON ÉLIGIBLES À LA TAXINOMIE",
        "B_total": "{K} des activités non éligibles à la taxinomie", "total": "TOTAL (A + B)",
        "title": "Part du {k} issue de produits ou de services associés à des activités économiques alignées sur "
                 "la taxinomie – informations pour l'année {y}",
    }),
    "es": dict(COMMON, **{
        "kpi": {"turnover": "Volumen de negocios", "capex": "CapEx (gastos de capital)",
                "opex": "OpEx (gastos operativos)"},
        "kpi_lower": {"turnover": "volumen de negocios", "capex": "CapEx", "opex": "OpEx"},
        "activity": "Actividades económicas", "codes": "Código(s)", "absolute": "{K} absoluto",
        "proportion": "Proporción del {k}", "sc": "Criterios de contribución sustancial",
        "dnsh": "Criterios de ausencia de perjuicio significativo (DNSH)", "ms": "Garantías mínimas",
        "prev": "Proporción ajustada (A.1.) o elegible (A.2.), año N-1",
        "enabling": "Categoría (actividad facilitadora)", "transitional": "Categoría (actividad de transición)",
        "A": "A. ACTIVIDADES ELEGIBLES SEGÚN LA TAXONOMÍA",
        "A1": "A.1. Actividades medioambientalmente sostenibles (que se ajustan a la taxonomía)",
        "A1_total": "{K} de actividades medioambientalmente sostenibles (que se ajustan a la taxonomía) (A.1)",
        "of_e": "De las cuales facilitadoras", "of_t": "De las cuales de transición",
        "A2": "A.2. Actividades elegibles según la taxonomía pero no medioambientalmente sostenibles (actividades "
              "que no se ajustan a la taxonomía)",
        "A2_total": "{K} de actividades elegibles que no se ajustan a la taxonomía (A.2)",
        "A_total": "A. {K} de actividades elegibles según la taxonomía (A.1 + A.2)",
        "B": "B. ACTIVIDADES NO ELEGIBLES SEGÚN LA TAXONOMÍA",
        "B_total": "{K} de actividades no elegibles según la taxonomía", "total": "TOTAL (A + B)",
        "title": "Proporción del {k} procedente de productos o servicios asociados a actividades económicas que se "
                 "ajustan a la taxonomía – información correspondiente al año {y}",
    }),
    "it": dict(COMMON, **{
        "kpi": {"turnover": "Fatturato", "capex": "CapEx (spese in conto capitale)", "opex": "OpEx (spese operative)"},
        "kpi_lower": {"turnover": "fatturato", "capex": "CapEx", "opex": "OpEx"},
        "activity": "Attività economiche", "codes": "Codice/i", "absolute": "{K} assoluto",
        "proportion": "Quota di {k}", "sc": "Criteri per il contributo sostanziale",
        "dnsh": "Criteri DNSH (\"non arrecare un danno significativo\")", "ms": "Garanzie minime",
        "prev": "Quota allineata (A.1.) o ammissibile (A.2.), anno N-1",
        "enabling": "Categoria (attività abilitante)", "transitional": "Categoria (attività di transizione)",
        "A": "A. ATTIVITÀ AMMISSIBILI ALLA TASSONOMIA",
        "A1": "A.1. Attività ecosostenibili (allineate alla tassonomia)",
        "A1_total": "{K} delle attività ecosostenibili (allineate alla tassonomia) (A.1)",
        "of_e": "Di cui abilitanti", "of_t": "Di cui di transizione",
        "A2": "A.2. Attività ammissibili alla tassonomia ma non ecosostenibili (attività non allineate alla "
              "tassonomia)",
        "A2_total": "{K} delle attività ammissibili ma non allineate alla tassonomia (A.2)",
        "A_total": "A. {K} delle attività ammissibili alla tassonomia (A.1 + A.2)",
        "B": "B. ATTIVITÀ NON AMMISSIBILI ALLA TASSONOMIA",
        "B_total": "{K} delle attività non ammissibili alla tassonomia", "total": "TOTALE (A + B)",
        "title": "Quota del {k} derivante da prodotti o servizi associati ad attività economiche allineate alla "
                 "tassonomia – informativa relativa all'anno {y}",
    }),
}

# objective abbreviations in the SC / DNSH column headers, as local-language reports print them
OBJECTIVE_SHORT = {
    "fr": {"CCM": "ATT", "CCA": "ADA", "WTR": "EAU", "PPC": "POL", "CE": "EC", "BIO": "BIO"},
    "es": {"CCM": "MIT", "CCA": "ADAPT", "WTR": "AGUA", "PPC": "CONT", "CE": "EC", "BIO": "BIO"},
    "it": {"CCM": "MIT", "CCA": "ADA", "WTR": "ACQ", "PPC": "INQ", "CE": "EC", "BIO": "BIO"},
}

# the objective part of the activity code as a Spanish report prints it ("MIT 7.1" for CCM 7.1)
CODE_PREFIX = {"es": OBJECTIVE_SHORT["es"]}

UNITS = {"fr": "(en millions d'euros)", "es": "(miles de euros)", "it": "(milioni di euro)"}

# single-letter DNSH sub-headers under the merged DNSH header, with their legend under the table
DNSH_LETTERS = ("A", "B", "C", "D", "E", "F")
DNSH_LEGEND = ("DNSH criteria: A – Climate change mitigation; B – Climate change adaptation; C – Water and marine "
               "resources; D – Pollution prevention and control; E – Circular economy; F – Biodiversity and "
               "ecosystems.")

# the KPI figures only in running text (k07): amounts in EUR million, shares in %
NARRATIVE_KPI = ("In {year}, Taxonomy-aligned {k} amounted to EUR {a1} million, or {a1p} of total {k} of "
                 "EUR {total} million. A further EUR {a2} million ({a2p}) was Taxonomy-eligible but not "
                 "Taxonomy-aligned.")
NARRATIVE_KPI_NAMES = {"turnover": "turnover", "capex": "capital expenditure (CapEx)",
                       "opex": "operating expenditure (OpEx)"}

FILLER = ("Our sustainability strategy rests on decarbonising our operations, designing products for a longer life "
          "and working with suppliers on transparent supply chains. The Executive Board reviews progress every "
          "quarter and reports to the Supervisory Board.",
          "Employees are at the heart of the Group. Training hours per employee rose again this year, and the "
          "accident rate fell across all production sites.",
          "Governance of sustainability matters lies with the Sustainability Committee, which meets four times a "
          "year and is chaired by the Chief Financial Officer.")

APPENDIX_TITLE = "Appendix – EU Taxonomy: activity-level templates ({unit})"

OVERVIEW_TITLE = "KPI overview – EU Taxonomy {year}"
OVERVIEW_ROWS = (("total", "Total (EUR m)"), ("a1", "Taxonomy-aligned (EUR m)"), ("a1p", "Taxonomy-aligned (%)"),
                 ("a2", "Taxonomy-eligible, not aligned (EUR m)"), ("a2p", "Taxonomy-eligible, not aligned (%)"))

A2_TABLE_TITLE = "{K}: Taxonomy-eligible but not aligned activities (A.2) and totals – {y}"
AMOUNT_GROUP = "Absolute {k} (EUR m)"


def register() -> None:
    for lang, lab in LABELS.items():
        g_words.LABELS.setdefault(lang, lab)
        g_words.OBJECTIVE_SHORT.setdefault(lang, OBJECTIVE_SHORT[lang])
