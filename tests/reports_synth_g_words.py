"""Synth-g word lists (data): the template labels in English and Portuguese, the A.1 sub-block labels, answer
footnote marks, running text without KPI figures.  Activities, objectives and companies are synth-f's
(``tests/reports_synth_f_words.py``).

>>> LABELS["pt"]["kpi"]["turnover"]
'Volume de negócios'
>>> list(SUB_BLOCKS)
['E', 'T', None]
"""

from __future__ import annotations

from tests.reports_synth_f_words import LABELS as F_LABELS

LABELS = {
    "en": dict(F_LABELS["en"], **{
        "subtotal": "Subtotal", "total_a1": "Total A.1", "summary_title": "EU Taxonomy KPIs at a glance",
        "not_material": "not material",
    }),
    "pt": {
        "kpi": {"turnover": "Volume de negócios", "capex": "CapEx (despesas de capital)",
                "opex": "OpEx (despesas operacionais)"},
        "kpi_lower": {"turnover": "volume de negócios", "capex": "CapEx", "opex": "OpEx"},
        "activity": "Atividades económicas", "codes": "Código(s)", "absolute": "{K} absoluto",
        "proportion": "Proporção do {k}", "sc": "Critérios de contributo substancial",
        "dnsh": "Critérios de não prejudicar significativamente (DNSH)", "ms": "Salvaguardas mínimas",
        "prev": "Proporção alinhada (A.1.) ou elegível (A.2.), ano N-1",
        "enabling": "Categoria (atividade capacitante)", "transitional": "Categoria (atividade de transição)",
        "A": "A. ATIVIDADES ELEGÍVEIS PARA A TAXONOMIA",
        "A1": "A.1. Atividades sustentáveis do ponto de vista ambiental (alinhadas pela taxonomia)",
        "A1_total": "{K} de atividades sustentáveis do ponto de vista ambiental (alinhadas) (A.1)",
        "of_e": "Das quais capacitantes", "of_t": "Das quais de transição",
        "A2": "A.2. Atividades elegíveis mas não sustentáveis do ponto de vista ambiental (não alinhadas)",
        "A2_total": "{K} de atividades elegíveis mas não alinhadas pela taxonomia (A.2)",
        "A_total": "A. {K} de atividades elegíveis para a taxonomia (A.1+A.2)",
        "B": "B. ATIVIDADES NÃO ELEGÍVEIS PARA A TAXONOMIA", "B_total": "{K} de atividades não elegíveis",
        "total": "TOTAL (A+B)",
        "title": "Proporção do {k} proveniente de produtos ou serviços associados a atividades económicas "
                 "alinhadas pela taxonomia – divulgação relativa ao ano {y}",
        "subtotal": "Subtotal", "total_a1": "Total A.1", "summary_title": "Indicadores da Taxonomia da UE",
        "not_material": "não material",
    },
}

OBJECTIVE_SHORT = {"en": {"CCM": "CCM", "CCA": "CCA", "WTR": "WTR", "PPC": "PPC", "CE": "CE", "BIO": "BIO"},
                   "pt": {"CCM": "MAC", "CCA": "AAC", "WTR": "AMR", "PPC": "PPC", "CE": "EC", "BIO": "BIO"}}

# A.1 split into sub-blocks by the activity's category (enabling / transitional / neither)
SUB_BLOCKS = {"E": ("A.1.1", "Enabling activities"), "T": ("A.1.2", "Transitional activities"),
              None: ("A.1.3", "Other Taxonomy-aligned activities (own performance)")}

ANSWER_MARKS = ("¹", "*", "²", "")
ANSWER_FOOTNOTES = ("¹ Assessment based on the Group-wide climate risk and vulnerability analysis.",
                    "* Not assessed separately; covered by the site environmental permits.",
                    "² Technical screening criteria met for the product families concerned.")

NARRATIVE = (
    "This section contains the disclosures pursuant to Article 8 of Regulation (EU) 2020/852 (Taxonomy "
    "Regulation) and Delegated Regulation (EU) 2021/2178 for the reporting year.",
    "The Group identified its Taxonomy-eligible economic activities on the basis of the activity descriptions in "
    "the Climate Delegated Act and the Environmental Delegated Act, in workshops with the business units.",
    "Alignment was assessed per activity against the technical screening criteria for substantial contribution, "
    "the criteria for doing no significant harm and the minimum safeguards of Article 18.",
    "Double counting is avoided: each revenue line and each asset addition is assigned to exactly one activity.",
)
