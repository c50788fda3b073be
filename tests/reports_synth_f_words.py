"""Synth-f word lists (data): activities of the Taxonomy acts, template labels in English and German, company
names and narrative sentences.

>>> ACTIVITIES[0].code
'CCM-3.1'
>>> LABELS["de"]["kpi"]["capex"]
'Investitionsausgaben (CapEx)'
"""

from __future__ import annotations

from dataclasses import dataclass

OBJECTIVES = ("CCM", "CCA", "WTR", "PPC", "CE", "BIO")


@dataclass(frozen=True)
class Activity:
    objective: str
    number: str
    en: str
    de: str
    category: str | None  # E / T / None (as the act designates it)

    @property
    def code(self) -> str:
        return f"{self.objective}-{self.number}"


ACTIVITIES = (
    Activity("CCM", "3.1", "Manufacture of renewable energy technologies",
             "Herstellung von Technologien für erneuerbare Energien", "E"),
    Activity("CCM", "3.3", "Manufacture of low carbon technologies for transport",
             "Herstellung von CO2-armen Verkehrstechnologien", "E"),
    Activity("CCM", "3.4", "Manufacture of batteries", "Herstellung von Batterien", "E"),
    Activity("CCM", "3.6", "Manufacture of other low carbon technologies",
             "Herstellung anderer CO2-armer Technologien", "E"),
    Activity("CCM", "3.18", "Manufacture of automotive and mobility components",
             "Herstellung von Kfz- und Mobilitätskomponenten", "E"),
    Activity("CCM", "4.1", "Electricity generation using solar photovoltaic technology",
             "Stromerzeugung mittels Fotovoltaik-Technologie", None),
    Activity("CCM", "4.9", "Transmission and distribution of electricity",
             "Übertragung und Verteilung von Elektrizität", "E"),
    Activity("CCM", "5.5", "Collection and transport of non-hazardous waste in source segregated fractions",
             "Sammlung und Beförderung von nicht gefährlichen Abfällen in an der Quelle getrennten Fraktionen", None),
    Activity("CCM", "6.5", "Transport by motorbikes, passenger cars and light commercial vehicles",
             "Beförderung mit Motorrädern, Personenkraftwagen und leichten Nutzfahrzeugen", "T"),
    Activity("CCM", "6.6", "Freight transport services by road", "Güterbeförderung im Straßenverkehr", "T"),
    Activity("CCM", "7.1", "Construction of new buildings", "Neubau", None),
    Activity("CCM", "7.2", "Renovation of existing buildings", "Renovierung bestehender Gebäude", "T"),
    Activity("CCM", "7.3", "Installation, maintenance and repair of energy efficiency equipment",
             "Installation, Wartung und Reparatur von energieeffizienten Geräten", "E"),
    Activity("CCM", "7.4", "Installation, maintenance and repair of charging stations for electric vehicles",
             "Installation, Wartung und Reparatur von Ladestationen für Elektrofahrzeuge", "E"),
    Activity("CCM", "7.5", "Installation, maintenance and repair of instruments and devices for measuring, "
             "regulation and controlling energy performance of buildings",
             "Installation, Wartung und Reparatur von Geräten für die Messung, Regelung und Steuerung der "
             "Gesamtenergieeffizienz von Gebäuden", "E"),
    Activity("CCM", "7.6", "Installation, maintenance and repair of renewable energy technologies",
             "Installation, Wartung und Reparatur von Technologien für erneuerbare Energien", "E"),
    Activity("CCM", "7.7", "Acquisition and ownership of buildings", "Erwerb von und Eigentum an Gebäuden", None),
    Activity("CCM", "8.1", "Data processing, hosting and related activities",
             "Datenverarbeitung, Hosting und damit verbundene Tätigkeiten", "T"),
    Activity("CCM", "9.1", "Close to market research, development and innovation",
             "Marktnahe Forschung, Entwicklung und Innovation", "E"),
    Activity("CCA", "8.2", "Computer programming, consultancy and related activities",
             "Programmierung, Beratung und damit verbundene Tätigkeiten", "E"),
    Activity("CCA", "9.1", "Engineering activities and related technical consultancy dedicated to adaptation "
             "to climate change", "Ingenieurtätigkeiten und technische Beratung für die Anpassung an den "
             "Klimawandel", "E"),
    Activity("CE", "1.2", "Manufacture of electrical and electronic equipment",
             "Herstellung von Elektro- und Elektronikgeräten", None),
    Activity("CE", "3.2", "Renovation of existing buildings", "Renovierung bestehender Gebäude", None),
    Activity("CE", "5.1", "Repair, refurbishment and remanufacturing",
             "Reparatur, Aufarbeitung und Wiederaufbereitung", None),
    Activity("CE", "5.4", "Sale of second-hand goods", "Verkauf von Gebrauchtwaren", None),
    Activity("WTR", "2.2", "Urban waste water treatment", "Behandlung von kommunalem Abwasser", None),
    Activity("PPC", "1.2", "Manufacture of medicinal products", "Herstellung von Arzneimitteln", None),
    Activity("BIO", "1.1", "Conservation, including restoration, of habitats, ecosystems and species",
             "Erhaltung, einschließlich Wiederherstellung, von Lebensräumen, Ökosystemen und Arten", None),
)

# two-objective rows ("CCM 7.3 / CCA 7.3"): the second objective's section of the same activity
SECOND_OBJECTIVE = {"CCM-7.2": "CE-3.2", "CCM-7.3": "CCA-7.3", "CCM-7.6": "CCA-7.6", "CCM-8.1": "CCA-8.1",
                    "CCM-7.1": "CE-3.1"}

OBJECTIVE_NAMES = {
    "en": {"CCM": "Climate change mitigation", "CCA": "Climate change adaptation", "WTR": "Water",
           "PPC": "Pollution", "CE": "Circular economy", "BIO": "Biodiversity"},
    "de": {"CCM": "Klimaschutz", "CCA": "Anpassung an den Klimawandel", "WTR": "Wasser",
           "PPC": "Umweltverschmutzung", "CE": "Kreislaufwirtschaft", "BIO": "Biologische Vielfalt"},
}

LABELS = {
    "en": {
        "kpi": {"turnover": "Turnover", "capex": "CapEx", "opex": "OpEx"},
        "kpi_lower": {"turnover": "turnover", "capex": "CapEx", "opex": "OpEx"},
        "activity": "Economic activities", "codes": "Code(s)", "absolute": "Absolute {k}",
        "proportion": "Proportion of {k}", "sc": "Substantial contribution criteria",
        "dnsh": "DNSH criteria ('Does Not Significantly Harm')", "ms": "Minimum safeguards",
        "prev": "Proportion of Taxonomy-aligned (A.1.) or -eligible (A.2.) {k}, year N-1",
        "enabling": "Category enabling activity", "transitional": "Category transitional activity",
        "A": "A. TAXONOMY-ELIGIBLE ACTIVITIES",
        "A1": "A.1. Environmentally sustainable activities (Taxonomy-aligned)",
        "A1_total": "{K} of environmentally sustainable activities (Taxonomy-aligned) (A.1)",
        "of_e": "Of which enabling", "of_t": "Of which transitional",
        "A2": "A.2. Taxonomy-eligible but not environmentally sustainable activities (not Taxonomy-aligned "
              "activities)",
        "A2_total": "{K} of Taxonomy-eligible but not environmentally sustainable activities (not "
                    "Taxonomy-aligned activities) (A.2)",
        "A_total": "A. {K} of Taxonomy-eligible activities (A.1+A.2)",
        "B": "B. TAXONOMY-NON-ELIGIBLE ACTIVITIES", "B_total": "{K} of Taxonomy-non-eligible activities",
        "total": "TOTAL (A+B)",
        "title": "Proportion of {k} from products or services associated with Taxonomy-aligned economic "
                 "activities – disclosure covering year {y}",
    },
    "de": {
        "kpi": {"turnover": "Umsatzerlöse", "capex": "Investitionsausgaben (CapEx)",
                "opex": "Betriebsausgaben (OpEx)"},
        "kpi_lower": {"turnover": "Umsatz", "capex": "CapEx", "opex": "OpEx"},
        "activity": "Wirtschaftstätigkeiten", "codes": "Code(s)", "absolute": "Absolute(r) {k}",
        "proportion": "Anteil {k}", "sc": "Kriterien für einen wesentlichen Beitrag",
        "dnsh": "DNSH-Kriterien („Keine erhebliche Beeinträchtigung“)", "ms": "Mindestschutz",
        "prev": "Anteil taxonomiekonformer (A.1.) oder taxonomiefähiger (A.2.) {k}, Jahr N-1",
        "enabling": "Kategorie ermöglichende Tätigkeit", "transitional": "Kategorie Übergangstätigkeit",
        "A": "A. TAXONOMIEFÄHIGE TÄTIGKEITEN",
        "A1": "A.1. Ökologisch nachhaltige Tätigkeiten (taxonomiekonform)",
        "A1_total": "{K} ökologisch nachhaltiger Tätigkeiten (taxonomiekonform) (A.1)",
        "of_e": "Davon ermöglichende Tätigkeiten", "of_t": "Davon Übergangstätigkeiten",
        "A2": "A.2. Taxonomiefähige, aber nicht ökologisch nachhaltige Tätigkeiten (nicht taxonomiekonforme "
              "Tätigkeiten)",
        "A2_total": "{K} taxonomiefähiger, aber nicht ökologisch nachhaltiger Tätigkeiten (nicht "
                    "taxonomiekonforme Tätigkeiten) (A.2)",
        "A_total": "A. {K} taxonomiefähiger Tätigkeiten (A.1+A.2)",
        "B": "B. NICHT TAXONOMIEFÄHIGE TÄTIGKEITEN", "B_total": "{K} nicht taxonomiefähiger Tätigkeiten",
        "total": "GESAMT (A+B)",
        "title": "Anteil der {k} aus Waren oder Dienstleistungen, die mit taxonomiekonformen "
                 "Wirtschaftstätigkeiten verbunden sind – Offenlegung für das Jahr {y}",
    },
}

COMPANIES = ("Nordhafen Technik AG", "Brightwell Industries plc", "Valtera Group SE", "Hollbeck Maschinenbau AG",
             "Corvant Mobility N.V.", "Steinfeld Immobilien SE", "Aurelis Components GmbH", "Kestrel Energy plc",
             "Lindqvist Holding AB", "Rheinwerk Systems AG", "Parnell Foods plc", "Osterberg Logistik AG")

NARRATIVE_EN = (
    "The Group's turnover rose by {g} % to {cur} {rev} million in the reporting year (previous year: {cur} "
    "{rev_prev} million), driven by higher volumes in the components segment and price effects.",
    "Capital expenditure (CapEx) for property, plant and equipment and intangible assets amounted to {cur} "
    "{capex_narr} million (previous year: {cur} {capex_prev} million); the largest projects were the new "
    "production line in the east and the expansion of the logistics centre.",
    "Operating expenses as defined by the EU Taxonomy (OpEx) comprise non-capitalised research and development "
    "costs, building renovation measures, short-term leases, maintenance and repair. They totalled {cur} "
    "{opex_narr} million in the previous year.",
    "The share of Taxonomy-aligned turnover was {al_prev} % in the previous year; the share of Taxonomy-eligible "
    "CapEx was {el_prev} %. The figures for the reporting year are shown in the tables below.",
    "The allocation of turnover, CapEx and OpEx to economic activities follows the Group's segment reporting. "
    "Double counting is avoided because each revenue line and each asset addition is assigned to exactly one "
    "activity; intra-group turnover of {cur} {intra} million is eliminated.",
    "Minimum safeguards were assessed at Group level on the basis of the human rights due diligence process, "
    "the anti-corruption programme, the tax compliance management system and fair competition guidelines.",
    "Segment turnover: Components {cur} {seg1} million, Systems {cur} {seg2} million, Services {cur} {seg3} "
    "million. Employees at year-end: {emp}. Research and development ratio: {rd} % of turnover.",
)
