"""Word lists for the synth-e generator (tests/reports_synth_e.py): template labels per language, activities.

Data only: the generator composes table rows from these; the extractor never reads this module.

>>> LABELS["nl"]["kpi"]["turnover"]
'Omzet'
"""

from __future__ import annotations

OBJECTIVES = ("CCM", "CCA", "WTR", "CE", "PPC", "BIO")

# (objective, section, English name, category when aligned under CCM: "E", "T" or None)
ACTIVITIES = (
    ("CCM", "3.1", "Manufacture of renewable energy technologies", "E"),
    ("CCM", "3.3", "Manufacture of low carbon technologies for transport", "E"),
    ("CCM", "3.6", "Manufacture of other low carbon technologies", "E"),
    ("CCM", "4.1", "Electricity generation using solar photovoltaic technology", None),
    ("CCM", "4.25", "Production of heat/cool using waste heat", None),
    ("CCM", "5.5", "Collection and transport of non-hazardous waste in source segregated fractions", None),
    ("CCM", "6.5", "Transport by motorbikes, passenger cars and light commercial vehicles", "T"),
    ("CCM", "6.6", "Freight transport services by road", "T"),
    ("CCM", "7.1", "Construction of new buildings", None),
    ("CCM", "7.2", "Renovation of existing buildings", "T"),
    ("CCM", "7.3", "Installation, maintenance and repair of energy efficiency equipment", "E"),
    ("CCM", "7.4", "Installation, maintenance and repair of charging stations for electric vehicles in buildings "
                   "(and parking spaces attached to buildings)", "E"),
    ("CCM", "7.5", "Installation, maintenance and repair of instruments and devices for measuring, regulation and "
                   "controlling energy performance of buildings", "E"),
    ("CCM", "7.6", "Installation, maintenance and repair of renewable energy technologies", "E"),
    ("CCM", "7.7", "Acquisition and ownership of buildings", None),
    ("CCM", "8.1", "Data processing, hosting and related activities", "T"),
    ("CCM", "8.2", "Data-driven solutions for GHG emissions reductions", "E"),
    ("CCM", "9.1", "Close to market research, development and innovation", "E"),
    ("CCA", "8.2", "Computer programming, consultancy and related activities", "E"),
    ("CCA", "9.1", "Engineering activities and related technical consultancy dedicated to adaptation to climate "
                   "change", "E"),
    ("CE", "1.2", "Manufacture of electrical and electronic equipment", None),
    ("CE", "3.2", "Renovation of existing buildings", None),
    ("CE", "5.1", "Repair, refurbishment and remanufacturing", None),
    ("CE", "5.4", "Sale of second-hand goods", None),
    ("WTR", "2.2", "Urban Waste Water Treatment", None),
    ("PPC", "1.2", "Manufacture of medicinal products", None),
    ("BIO", "1.1", "Conservation, including restoration, of habitats, ecosystems and species", None),
)

_EN = {
    "kpi": {"turnover": "Turnover", "capex": "CapEx", "opex": "OpEx"},
    "kpi_long": {"turnover": "Proportion of turnover from products or services associated with Taxonomy-aligned "
                             "economic activities",
                 "capex": "Proportion of CapEx from products or services associated with Taxonomy-aligned "
                          "economic activities",
                 "opex": "Proportion of OpEx from products or services associated with Taxonomy-aligned "
                         "economic activities"},
    "activity": "Economic activities (1)", "code": "Code(s) (2)", "amount": "Absolute {kpi} (3)",
    "share": "Proportion of {kpi} (4)", "sc": "Substantial contribution criteria", "dnsh":
    "DNSH criteria ('Does Not Significantly Harm')", "ms": "Minimum safeguards", "prev": "Proportion aligned {prev}",
    "E": "Category enabling", "T": "Category transitional",
    "A": "A. TAXONOMY-ELIGIBLE ACTIVITIES", "A1": "A.1 Environmentally sustainable activities (Taxonomy-aligned)",
    "A1_total": "{kpi} of environmentally sustainable activities (Taxonomy-aligned) (A.1)",
    "enabling": "Of which enabling", "transitional": "Of which transitional",
    "A2": "A.2 Taxonomy-eligible but not environmentally sustainable activities (not Taxonomy-aligned activities)",
    "A2_total": "{kpi} of Taxonomy-eligible but not environmentally sustainable activities (not Taxonomy-aligned "
                "activities) (A.2)",
    "A_total": "A. {kpi} of Taxonomy-eligible activities (A.1+A.2)",
    "B": "B. TAXONOMY-NON-ELIGIBLE ACTIVITIES", "B_total": "{kpi} of Taxonomy-non-eligible activities (B)",
    "total": "Total (A+B)", "yes": "Y", "no": "N",
    "title": "EU Taxonomy", "unit": {"meur": "in € million", "teur": "in € thousand", "eur": "in €"},
}

LABELS = {
    "en": _EN,
    "nl": {**_EN,
           "kpi": {"turnover": "Omzet", "capex": "Kapitaaluitgaven (CapEx)", "opex": "Operationele uitgaven (OpEx)"},
           "kpi_long": {k: f"Aandeel van de {v} uit producten of diensten in verband met taxonomieconforme economische "
                           "activiteiten" for k, v in
                        {"turnover": "omzet", "capex": "CapEx", "opex": "OpEx"}.items()},
           "activity": "Economische activiteiten (1)", "code": "Code(s) (2)", "amount": "Absolute {kpi} (3)",
           "share": "Aandeel {kpi} (4)", "sc": "Criteria inzake substantiële bijdrage",
           "dnsh": "DNSH-criteria (geen ernstige afbreuk)", "ms": "Minimale waarborgen",
           "prev": "Taxonomieconform aandeel {prev}", "E": "Categorie (faciliterende activiteit)",
           "T": "Categorie (transitieactiviteit)",
           "A": "A. VOOR DE TAXONOMIE IN AANMERKING KOMENDE ACTIVITEITEN",
           "A1": "A.1 Ecologisch duurzame activiteiten (taxonomieconform)",
           "A1_total": "{kpi} van ecologisch duurzame activiteiten (taxonomieconform) (A.1)",
           "enabling": "Waarvan faciliterend", "transitional": "Waarvan transitie",
           "A2": "A.2 Voor de taxonomie in aanmerking komende maar niet ecologisch duurzame activiteiten "
                 "(niet-taxonomieconforme activiteiten)",
           "A2_total": "{kpi} van voor de taxonomie in aanmerking komende maar niet ecologisch duurzame activiteiten "
                       "(A.2)",
           "A_total": "A. {kpi} van voor de taxonomie in aanmerking komende activiteiten (A.1+A.2)",
           "B": "B. NIET VOOR DE TAXONOMIE IN AANMERKING KOMENDE ACTIVITEITEN",
           "B_total": "{kpi} van niet voor de taxonomie in aanmerking komende activiteiten (B)",
           "total": "Totaal (A+B)", "yes": "Ja", "no": "Nee", "title": "EU-taxonomie",
           "unit": {"meur": "in miljoenen euro", "teur": "in duizenden euro", "eur": "in euro"}},
    "fr": {**_EN,
           "kpi": {"turnover": "Chiffre d'affaires", "capex": "Dépenses d'investissement (CapEx)",
                   "opex": "Dépenses d'exploitation (OpEx)"},
           "kpi_long": {k: f"Part du {v} issue de produits ou services associés à des activités économiques "
                           "alignées sur la taxinomie" for k, v in
                        {"turnover": "chiffre d'affaires", "capex": "CapEx", "opex": "OpEx"}.items()},
           "activity": "Activités économiques (1)", "code": "Code(s) (2)", "amount": "{kpi} absolu(e)s (3)",
           "share": "Part du {kpi} (4)", "sc": "Critères de contribution substantielle",
           "dnsh": "Critères DNSH (absence de préjudice important)", "ms": "Garanties minimales",
           "prev": "Part alignée {prev}", "E": "Catégorie (activité habilitante)",
           "T": "Catégorie (activité transitoire)",
           "A": "A. ACTIVITÉS ÉLIGIBLES À LA TAXINOMIE",
           "A1": "A.1 Activités durables sur le plan environnemental (alignées sur la taxinomie)",
           "A1_total": "{kpi} des activités durables sur le plan environnemental (alignées sur la taxinomie) (A.1)",
           "enabling": "Dont habilitantes", "transitional": "Dont transitoires",
           "A2": "A.2 Activités éligibles à la taxinomie mais non durables sur le plan environnemental (activités "
                 "non alignées sur la taxinomie)",
           "A2_total": "{kpi} des activités éligibles à la taxinomie mais non durables sur le plan environnemental "
                       "(A.2)",
           "A_total": "A. {kpi} des activités éligibles à la taxinomie (A.1+A.2)",
           "B": "B. ACTIVITÉS NON ÉLIGIBLES À LA TAXINOMIE",
           "B_total": "{kpi} des activités non éligibles à la taxinomie (B)",
           "total": "Total (A + B)", "yes": "Oui", "no": "Non", "title": "Taxinomie européenne",
           "unit": {"meur": "en millions d'euros", "teur": "en milliers d'euros", "eur": "en euros"}},
    "it": {**_EN,
           "kpi": {"turnover": "Fatturato", "capex": "Spese in conto capitale (CapEx)",
                   "opex": "Spese operative (OpEx)"},
           "kpi_long": {k: f"Quota del {v} derivante da prodotti o servizi associati ad attività economiche "
                           "allineate alla tassonomia" for k, v in
                        {"turnover": "fatturato", "capex": "CapEx", "opex": "OpEx"}.items()},
           "activity": "Attività economiche (1)", "code": "Codice/i (2)", "amount": "{kpi} assoluto (3)",
           "share": "Quota del {kpi} (4)", "sc": "Criteri per il contributo sostanziale",
           "dnsh": "Criteri DNSH (non arrecare danno significativo)", "ms": "Garanzie minime di salvaguardia",
           "prev": "Quota allineata {prev}", "E": "Categoria (attività abilitante)",
           "T": "Categoria (attività di transizione)",
           "A": "A. ATTIVITÀ AMMISSIBILI ALLA TASSONOMIA",
           "A1": "A.1 Attività ecosostenibili (allineate alla tassonomia)",
           "A1_total": "{kpi} delle attività ecosostenibili (allineate alla tassonomia) (A.1)",
           "enabling": "Di cui abilitanti", "transitional": "Di cui di transizione",
           "A2": "A.2 Attività ammissibili alla tassonomia ma non ecosostenibili (attività non allineate alla "
                 "tassonomia)",
           "A2_total": "{kpi} delle attività ammissibili alla tassonomia ma non ecosostenibili (A.2)",
           "A_total": "A. {kpi} delle attività ammissibili alla tassonomia (A.1+A.2)",
           "B": "B. ATTIVITÀ NON AMMISSIBILI ALLA TASSONOMIA",
           "B_total": "{kpi} delle attività non ammissibili alla tassonomia (B)",
           "total": "Totale (A+B)", "yes": "Sì", "no": "No", "title": "Tassonomia UE",
           "unit": {"meur": "in milioni di euro", "teur": "in migliaia di euro", "eur": "in euro"}},
    "es": {**_EN,
           "kpi": {"turnover": "Cifra de negocios", "capex": "CapEx", "opex": "OpEx"},
           "kpi_long": {k: f"Proporción de {v} procedente de productos o servicios asociados a actividades "
                           "económicas que se ajustan a la taxonomía" for k, v in
                        {"turnover": "la cifra de negocios", "capex": "CapEx", "opex": "OpEx"}.items()},
           "activity": "Actividades económicas (1)", "code": "Código(s) (2)", "amount": "{kpi} absoluta (3)",
           "share": "Proporción de {kpi} (4)", "sc": "Criterios de contribución sustancial",
           "dnsh": "Criterios DNSH (no causar un perjuicio significativo)", "ms": "Garantías mínimas",
           "prev": "Proporción ajustada {prev}", "E": "Categoría (actividad facilitadora)",
           "T": "Categoría (actividad de transición)",
           "A": "A. ACTIVIDADES ELEGIBLES SEGÚN LA TAXONOMÍA",
           "A1": "A.1 Actividades medioambientalmente sostenibles (que se ajustan a la taxonomía)",
           "A1_total": "{kpi} de actividades medioambientalmente sostenibles (que se ajustan a la taxonomía) (A.1)",
           "enabling": "De las cuales: facilitadoras", "transitional": "De las cuales: de transición",
           "A2": "A.2 Actividades elegibles según la taxonomía pero no medioambientalmente sostenibles "
                 "(actividades que no se ajustan a la taxonomía)",
           "A2_total": "{kpi} de actividades elegibles según la taxonomía pero no medioambientalmente sostenibles "
                       "(A.2)",
           "A_total": "A. {kpi} de actividades elegibles según la taxonomía (A.1+A.2)",
           "B": "B. ACTIVIDADES NO ELEGIBLES SEGÚN LA TAXONOMÍA",
           "B_total": "{kpi} de actividades no elegibles según la taxonomía (B)",
           "total": "Total (A + B)", "yes": "S", "no": "N", "title": "Taxonomía de la UE",
           "unit": {"meur": "en millones de euros", "teur": "en miles de euros", "eur": "en euros"}},
}

# Annex XII of 2021/2178 (as amended by 2022/1214), template 1: the nuclear / fossil gas yes/no table
NUCLEAR_GAS_ROWS = (
    "The undertaking carries out, funds or has exposures to research, development, demonstration and deployment of "
    "innovative electricity generation facilities that produce energy from nuclear processes with minimal waste "
    "from the fuel cycle.",
    "The undertaking carries out, funds or has exposures to construction and safe operation of new nuclear "
    "installations to produce electricity or process heat, including for the purposes of district heating.",
    "The undertaking carries out, funds or has exposures to safe operation of existing nuclear installations that "
    "produce electricity or process heat.",
    "The undertaking carries out, funds or has exposures to construction or operation of electricity generation "
    "facilities that produce electricity using fossil gaseous fuels.",
    "The undertaking carries out, funds or has exposures to construction, refurbishment, and operation of combined "
    "heat/cool and power generation facilities using fossil gaseous fuels.",
    "The undertaking carries out, funds or has exposures to construction, refurbishment and operation of heat "
    "generation facilities that produce heat/cool using fossil gaseous fuels.",
)
NUCLEAR_GAS_SECTIONS = ("4.26", "4.27", "4.28", "4.29", "4.30", "4.31")

OBJECTIVE_NAMES = {"CCM": "Climate change mitigation", "CCA": "Climate change adaptation",
                   "WTR": "Water and marine resources", "CE": "Circular economy",
                   "PPC": "Pollution prevention and control", "BIO": "Biodiversity and ecosystems"}

NARRATIVE = (
    "The EU Taxonomy Regulation (EU) 2020/852 establishes a classification system for environmentally sustainable "
    "economic activities. In accordance with Article 8 and Delegated Regulation (EU) 2021/2178 we report the "
    "proportion of turnover, capital expenditure and operating expenditure associated with Taxonomy-eligible and "
    "Taxonomy-aligned economic activities. The assessment covered all {n} subsidiaries consolidated in the group "
    "financial statements as of 31 December {year}.",
    "Turnover corresponds to revenue as presented in note {note} of the consolidated financial statements. CapEx "
    "comprises additions to property, plant and equipment, intangible assets and right-of-use assets before "
    "depreciation and amortisation (note {note2}). OpEx comprises direct non-capitalised costs for research and "
    "development, building renovation, short-term leases, maintenance and repair.",
    "Double counting was avoided by allocating each amount to one economic activity only. Minimum safeguards were "
    "assessed on the basis of our human rights due diligence, anti-corruption, taxation and fair competition "
    "processes; no convictions were recorded in {year}.",
)
