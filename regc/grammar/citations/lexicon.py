"""Word lists of the citation finder, as data."""

from __future__ import annotations

_CAPITAL_FUNCTION_WORDS = {"The", "See", "For", "In", "Where", "When", "If", "As", "Under", "With", "By", "According"}
_LOWER_DOC_NOUNS = {"handbook", "guidelines", "guideline", "guidance", "manual", "report", "reports"}


_CONNECT = {"of", "on", "for", "and", "the"}
# a lower-case participle between a body's acronym and its document's capitalised title is part of the name ("the WHO
# recommended Classification of Pesticides by Hazard"); other lower-case words end the name
_TITLE_PARTICIPLE_ENDINGS = ("ed",)


# the types of EU act ("Regulation (EU) 2020/852")
ACT_TYPES = ('Regulation', 'Directive', 'Decision', 'Recommendation')

# prefixes of a standard's number ("EN ISO 14067:2018"), longest first
STANDARD_PREFIXES = ('EN ISO', 'EN IEC TS', 'EN IEC TR', 'EN IEC', 'ISO/IEC', 'CEN/EN', 'CLC/EN', 'CEN/TS', 'CEN/TR',
                     'CEN-CENELEC document CLC TR', 'CLC/TS', 'CLC TR', 'IEC TS', 'IEC TR', 'ISO/TS', 'ISO/TR',
                     'ISO', 'EN', 'IEC', 'CEN', 'ASTM', 'HD')  # HD: CENELEC harmonisation documents

# bodies that issue standards under their own code shapes ("IPC J-STD-004B"; "JEDEC JS709C"): part of the code
STANDARD_CODE_BODIES = ('IPC', 'JEDEC', 'SAE', 'ANSI', 'IEEE', 'UL')

# nouns that end a named document ("the IUCN Red List"), as regex word forms
DOCUMENT_NOUNS = ('Protocol', 'Standards', r'Standard(?!\s+(?:EN|ISO|IEC)\b)', 'Guidance', r'Framework(?!\s+Directive)',
                  r'Strategy(?:\s+for\s+\d{4})?', 'System',
                  'Code of Conduct', r'Codes? of Good(?: [A-Z][\w\-]*){1,3}', r'Classification(?= of [A-Z])', 'Strategies and Action Plans', 'Red List', 'Registry', '[Ss]urvey', 'Criteria',
                  'List of Waste', 'Guidelines?', 'Handbook', 'Reference Document', 'handbook', 'guidelines?',
                  'guidance', 'manual', 'reports?', 'Manual', '[Tt]ool', '[Dd]atabase', r'Practices?\b(?= for the [A-Z])', 'Platform',
                  r"[Dd]efinition of (?:‘[^’]{2,120}’|[a-z\-]+(?: (?!(?:as|in|is|are|and|or|of|for|to|the|a|an|that|which|by|with|where|when)\b)[a-z\-]+){0,2})")

# document nouns that name a service under its own title: a capitalised title of two words before them is enough
# ("through Information for Recyclers Platform")
SERVICE_DOCUMENT_NOUNS = ('Platform',)

# words that make a capitalised phrase a document name (bodies, "European", acronyms)
NAME_TRIGGERS = ('EU', 'European', 'Europe', 'Union', 'IUCN', 'FAO', 'UN', 'UNECE', 'IPCC', 'OECD', 'JRC', 'IEA',
                 r"[A-Z]{2,}[\w\-]*", r"[A-Z][\w]*-[a-z]+")

# generic references (spec §7 RF1): who makes the rules, what qualifies them, the nouns that head them
GENERIC_JURISDICTIONS = ('Union', 'EU', 'national', 'international', 'regional', 'local')
GENERIC_QUALIFIERS = ('applicable', 'relevant', 'existing', 'prevailing', 'equivalent', 'recognised', 'harmonised',
                      'voluntary')
# the kinds of rule a qualified generic provision names ("the prevailing legal and regulatory provisions") and its heads
GENERIC_RULE_KINDS = ('legal', 'regulatory', 'statutory')
GENERIC_PROVISION_HEADS = ('provisions', 'requirements', 'frameworks?')
# heads a jurisdiction alone makes generic with a rule kind ("the EU regulatory framework"; "national legal
# requirements" is left to the annotated reading: a description of the procedure's law, not a source)
GENERIC_FRAMEWORK_HEADS = ('framework', 'frameworks')
GENERIC_DOMAINS = ('environmental', 'industry', 'sectoral', 'waste')  # 'Union waste legislation'
GENERIC_LAW_HEADS = ('law', 'Law', 'legislation', 'regulations')  # 'in accordance with the Union Law'
# nouns coordinated before a law head ("applicable norms and regulations to limit …": the norms are part of the head)
GENERIC_NORM_HEADS = ('norms', 'rules', 'standards')
# verbs of a purpose post-modifier that says what generic law is for ("… regulations to limit impact of electromagnetic
# radiation on human health"): part of the whole noun phrase (spec §7 RF1/RF3)
GENERIC_PURPOSE_VERBS = ('limit', 'protect', 'prevent', 'reduce', 'minimise', 'control', 'regulate')
# participles between the jurisdiction and the law head that keep the phrase generic ("the relevant national
# implementing law on active ingredients"): the law that implements an act, not the act
GENERIC_LAW_PARTICIPLES = ('implementing', 'transposing')
# verbs that bring a text into a legal order ("implements in Union law", "transposed into national law"): the law
# after them is where, not a reference
LEGAL_ORDER_VERBS = (r'implement(?:s|ed|ing)?', r'transpos(?:es?|ed|ing)', r'incorporat(?:es?|ed|ing)')
# phrases that name a legal order as the setting of something ("contributions applied … in the context of the national
# or local regulatory framework … are not considered"): the law after them is where, not a source to follow
LEGAL_SETTING_PHRASES = (r'in\s+the\s+context\s+of',)
# what an act classifies or defines, the heads of an equivalent alternative to it ("or other equivalent national or
# international classifications or definitions")
GENERIC_ALTERNATIVE_HEADS = ('classifications', 'definitions', 'designations')
# heads that are generic only with a qualifier and a jurisdiction ("all relevant Union rules on …"; "national rules
# on fertilisers" alone is the generic alternative of pattern GENERIC_CAND)
GENERIC_RULE_HEADS = ('rules',)
# qualifiers of an operator's own documents ("internal standards and guidelines"): not generic references
GENERIC_OWN_QUALIFIERS = ('internal', 'own', 'its', 'their', 'company')
GENERIC_STANDARD_HEADS = ('standards', 'standard', 'schemes', 'specifications', 'labels?')
# qualifiers that make a standard or scheme generic ("relevant standards", "existing label" are descriptions)
GENERIC_STANDARD_QUALIFIERS = ('applicable', 'equivalent', 'recognised', 'harmonised', 'voluntary')
# named non-legal schemes required for compliance
NAMED_SCHEMES = ('Forest Stewardship Council', 'Programme for the Endorsement of Forest Certification Schemes',
                 'EU Ecolabel(?: for [a-z]+(?: (?!or |and |an? |the )[a-z]+){0,3})?', 'ISO type (?:1|I) ecolabel')
# named schemes an EU act establishes: a footnote that names the act identifies the scheme's criteria (spec §7
# References: "an EU Ecolabel criteria decision" is a source), so the scheme takes that act's CELEX
ACT_SCHEMES = ('EU Ecolabel', 'EU Eco-Management and Audit Scheme', 'EMAS')

# capitalised words that make an "… Agreement" a contract between parties rather than a treaty named by its place
# or subject ("the Grant Agreement", "the Power Purchase Agreement" vs "the Paris Agreement")
CONTRACT_AGREEMENT_WORDS = ('Grant', 'Loan', 'Purchase', 'Framework', 'Partnership', 'Service', 'Services',
                            'Concession', 'Funding', 'Financing', 'Contribution', 'Delegation', 'Licence', 'License',
                            'Lease', 'Supply', 'Cooperation', 'Collective', 'Interinstitutional', 'Shareholder',
                            'Shareholders', 'Subscription', 'Credit', 'Guarantee', 'Agency', 'Connection', 'Offtake')

# the EU Treaties, by their names and short names, longest first (cited without an act number: CELEX null)
TREATY_NAMES = ('Treaty establishing the European Atomic Energy Community', 'Treaty on the Functioning of the European '
                'Union', 'Treaty on European Union', 'Euratom Treaty', 'TFEU', 'TEU')

# the parts of a convention's annex a pinpoint names before the Annex, coarse or fine ("Regulation 14 of Annex VI to
# the IMO MARPOL Convention", "amendment 13 of Volume I (noise), Chapter 14 of Annex 16 to the Chicago Convention")
CONVENTION_PIN_NOUNS = ('[Aa]mendments?', 'Volumes?', 'Chapters?', 'Regulations?', 'Parts?', 'Sections?')

# acronyms that name a legislator, a quantity or a technique rather than a scheme with requirements of its own
# ("the EEA requirements", "the BAT requirements" are no scheme texts)
NOT_SCHEME_ACRONYMS = ('EEA', 'EEC', 'TFEU', 'BAT', 'GHG', 'LCA', 'PPE', 'DNSH')

# phrase references of spec §7 RF1/RF3 kept as whole noun phrases (rules ``edition_prefix``, ``convention_document``,
# ``generic_phrase`` of :mod:`regc.grammar.citations.rules`)
# a later edition of a named document written before it ("the 2019 Refinement to the 2006 IPCC Guidelines …")
EDITION_NOUNS = ('Refinement', 'Revision', 'Supplement', 'Update', 'Addendum')
# documents of a convention's bodies named through the convention ("the Ramsar Convention’s guidelines for …",
# "relevant resolutions of the Ramsar Convention", "resolution XIII/13")
CONVENTION_DOC_NOUNS = ('principles', 'guidelines', 'guidance', 'recommendations', 'resolutions', 'decisions')
# the heads of a requirement laid down in generic law ("the terms and conditions laid down in national law")
LAID_DOWN_HEADS = ('terms and conditions', 'conditions', 'procedures', 'requirements', 'rules')
# the subject fields of qualified generic rules ("the applicable sustainability rules on the placing on the market …")
# practices named by their quality, the head of a generic reference when generic law lays them down ("the best
# afforestation practices laid down in national law"); one subject word may sit between ("best <subject> practices")
PRACTICE_QUALITIES = ('best', 'good')
# requirements named at their latest version within a jurisdiction ("the latest applicable performance requirements
# in the Union"); what marks the version and where they apply
REQUIREMENT_VERSIONS = ('latest', 'most recent', 'current')
REQUIREMENT_JURISDICTIONS = ('in the Union', 'in the EU', 'at Union level', 'at EU level')
RULE_FIELDS = ('sustainability', 'safety', 'environmental', 'product')
# definitions given by generic law ("the applicable national definition of sustainable forest management")
GENERIC_DEFINITION_HEADS = ('definition', 'definitions')
# acts that replace the acts named ("successors of Regulation (EC) No 715/2007 and …")
SUCCESSOR_NOUNS = ('successors', 'successor')
# capitalised document nouns that make a quoted capitalised title a document's name when they stand among its first
# words ("the activity follows the “Pan-European Guidelines for Afforestation and Reforestation with …”")
QUOTED_TITLE_DOC_NOUNS = ('Guidelines', 'Guideline', 'Guidance', 'Handbook', 'Manual', 'Code', 'Principles', 'Standard',
                          'Standards', 'Protocol', 'Framework')

# generic references of spec §7 RF1/RF3 as whole noun phrases (pattern GENERIC_NOUN_PHRASE of
# :mod:`regc.grammar.citations.patterns_phrases`): the level of requirements generic law sets ("the minimum information
# requirements in existing Union law"), the heads of a jurisdiction's law named by its principles ("EU waste regulation
# principles"), the subject prepositions of a generic standard ("relevant standards regarding data modelling, …")
REQUIREMENT_LEVELS = ('minimum', 'maximum', 'basic', 'essential')
LAW_PRINCIPLE_HEADS = ('principles', 'requirements')
LAW_NOUNS = ('law', 'legislation', 'regulation')
STANDARD_SUBJECT_PREPOSITIONS = ('regarding', 'concerning', 'on')  # not 'for': "relevant standards for the sector"
# spec §7 RF6: the heads of a thing to take into account that a body publishes ("the results of the information
# exchange which are published by the Commission …")
PUBLISHED_RESULT_HEADS = ('results', 'outcomes?', 'conclusions', 'findings')

# a dash between two parts of a document's title: an en or em dash, or a hyphen typed with a space on both sides
# ("Inorganic Chemicals - Ammonia, Acids and Fertilisers" as some consolidated texts print it; "Large-Volume" is none)
TITLE_DASH = r"(?:[–—]|-(?=\s))"
