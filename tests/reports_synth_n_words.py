"""Synth-n word lists (data): the Annex II template labels in Icelandic (an EEA issuer reporting in ISK) with the
objective abbreviations such a report prints, the legend cells of the 2023 template ("Y; N; N/EL", "EL; N/EL"), the
chart labels of a KPI split bar, the OpEx-exemption statement, the running section bands, the sector headings of the
Taxonomy acts' chapters, the column-pair headings and the other families' captions.  ``register`` adds Icelandic to
synth-g's label tables (additive: the other sets' languages are unchanged).

>>> LABELS["is"]["kpi"]["turnover"], OBJECTIVE_SHORT["is"]["CE"], LABELS["is"]["total"]
('Velta', 'HRK', 'SAMTALS (A + B)')
>>> SECTORS[("CCM", "7")]
'Construction and real estate activities'
"""

from __future__ import annotations

from tests import reports_synth_g_words as g_words
from tests.reports_synth_l_words import COMMON
from tests.reports_synth_m_words import register as register_m

LABELS = {
    "is": dict(COMMON, **{
        "kpi": {"turnover": "Velta", "capex": "Fjárfestingarútgjöld (CapEx)", "opex": "Rekstrarútgjöld (OpEx)"},
        "kpi_lower": {"turnover": "veltu", "capex": "fjárfestingarútgjalda", "opex": "rekstrarútgjalda"},
        "activity": "Atvinnustarfsemi", "codes": "Kóði (kóðar)", "absolute": "{K}, fjárhæð",
        "proportion": "Hlutfall {k}", "sc": "Viðmið um verulegt framlag",
        "dnsh": "Viðmið um að valda ekki umtalsverðu tjóni (DNSH)", "ms": "Lágmarksverndarráðstafanir",
        "prev": "Hlutfall flokkunarkerfissamræmdra (A.1.) eða -hæfra (A.2.) {k}, ár N-1",
        "enabling": "Flokkur (styðjandi starfsemi)", "transitional": "Flokkur (umbreytingarstarfsemi)",
        "A": "A. STARFSEMI SEM FELLUR UNDIR FLOKKUNARKERFIÐ",
        "A1": "A.1. Umhverfislega sjálfbær starfsemi (samræmd flokkunarkerfinu)",
        "A1_total": "{K} umhverfislega sjálfbærrar starfsemi (samræmd flokkunarkerfinu) (A.1)",
        "of_e": "Þar af styðjandi", "of_t": "Þar af umbreytingarstarfsemi",
        "A2": "A.2. Starfsemi sem fellur undir flokkunarkerfið en er ekki umhverfislega sjálfbær (ekki samræmd "
              "flokkunarkerfinu)",
        "A2_total": "{K} starfsemi sem fellur undir flokkunarkerfið en er ekki samræmd því (A.2)",
        "A_total": "A. {K} starfsemi sem fellur undir flokkunarkerfið (A.1 + A.2)",
        "B": "B. STARFSEMI SEM FELLUR EKKI UNDIR FLOKKUNARKERFIÐ",
        "B_total": "{K} starfsemi sem fellur ekki undir flokkunarkerfið", "total": "SAMTALS (A + B)",
        "title": "Hlutfall {k} af vörum eða þjónustu sem tengjast atvinnustarfsemi samræmdri flokkunarkerfinu – "
                 "upplýsingar fyrir árið {y}",
    }),
}

# objective abbreviations in the SC / DNSH column headers (mildun loftslagsbreytinga, aðlögun, vatn, mengun,
# hringrásarhagkerfi, líffræðileg fjölbreytni)
OBJECTIVE_SHORT = {"is": {"CCM": "MLB", "CCA": "ALB", "WTR": "VAT", "PPC": "MEN", "CE": "HRK", "BIO": "LÍF"}}
IS_UNIT = "(millj. kr.)"

# the 2023 template's legend cells: under each SC / DNSH / MS header, and in the SC columns under the A.2 label
LEGEND_SC, LEGEND_YN, LEGEND_A2 = "Y; N; N/EL", "Y/N", "EL; N/EL"
LEGEND_CAT = ("E", "T")

# a stacked bar of the KPI split above each table; the total only in the chart's caption
CHART_TITLE = "{K} {y}: Taxonomy split"
CHART_LABELS = {"a1": "Taxonomy-aligned", "a2": "Taxonomy-eligible, not aligned", "b": "Not Taxonomy-eligible"}
CHART_TOTAL = "Total {k}: {amount} {unit}"
CHART_UNIT = "€ m"
CHART_NOTE = ("The table itemises the Taxonomy-eligible activities only; the split of the total is shown in the chart "
              "at the top of the page.")

# the OpEx exemption (Annex I 1.1.3.2 of 2021/2178): the numerator reported as zero
OPEX_EXEMPTION = (
    "OpEx exemption (materiality): the Taxonomy OpEx denominator of {amount} {unit} represents {ratio} % of the "
    "Group's total operating expenses and is not material for its business model. In accordance with Annex I, "
    "section 1.1.3.2 of Delegated Regulation (EU) 2021/2178 the numerator of the OpEx KPI is disclosed as zero.")
OPEX_UNIT = "€ m"

# running section bands printed above the table on each page (numbers in them are section numbers)
SECTION_BANDS = (
    ("4 Sustainability statement", "4.3 Environmental information", "4.3.1 EU Taxonomy"),
    ("Sustainability statement | ESRS E1", "E1-7 EU Taxonomy disclosures", "Section 3.2"),
    ("Non-financial statement", "5.4 Environment", "5.4.2 Taxonomy KPIs"),
)

# chapter headings of the Taxonomy acts (objective, chapter) -> sector, printed as section rows within A.1 / A.2
SECTORS = {
    ("CCM", "3"): "Manufacturing", ("CCM", "4"): "Energy",
    ("CCM", "5"): "Water supply, sewerage, waste management and remediation", ("CCM", "6"): "Transport",
    ("CCM", "7"): "Construction and real estate activities", ("CCM", "8"): "Information and communication",
    ("CCM", "9"): "Professional, scientific and technical activities",
    ("CCA", "8"): "Information and communication", ("CCA", "9"): "Professional, scientific and technical activities",
    ("CE", "1"): "Manufacturing", ("CE", "3"): "Construction and real estate activities",
    ("CE", "5"): "Services", ("WTR", "2"): "Water supply, sewerage, waste management and remediation",
    ("PPC", "1"): "Manufacturing", ("BIO", "1"): "Environmental protection and restoration activities",
}
SECTOR_FORMS = ("{n}. {s}", "{s}", "Sector: {s}")

# one activity row with its aligned and eligible-not-aligned figures side by side
PAIR_HEADS = {"a1": "Taxonomy-aligned (A.1)", "a2": "Taxonomy-eligible, not aligned (A.2)",
              "amt": "{K} {unit}", "pct": "% of total {k}"}
PAIR_TOTAL = "Total"
PAIR_SUMMARY = {"A": "Taxonomy-eligible {k} (A.1 + A.2)", "B": "Taxonomy-non-eligible {k} (B)",
                "total": "Total {k} (A + B)"}

# amount and share in one cell, "1,234.5 (12.3 %)", under a combined header
ONE_CELL_HEAD = "{K} {unit} (proportion)"

SNAKE_NOTE = "The table continues in the right-hand column."


def register() -> None:
    register_m()
    for lang, lab in LABELS.items():
        g_words.LABELS.setdefault(lang, lab)
        g_words.OBJECTIVE_SHORT.setdefault(lang, OBJECTIVE_SHORT[lang])
