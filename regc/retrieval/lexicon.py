"""Practitioner vocabulary -> the words the rules use (data, not logic), so that a question asked in everyday
words reaches provisions written in regulatory terms: "vendor" -> "business associate", "patient's records" ->
"protected health information", "bank" -> "credit institution".  Entries are general (one concept each, not one
question each); the bridged words join the anchor and title views, never replace the question.

>>> bridge("Our cloud vendor lost a laptop with patient records. Must we tell the police?")
('business associate', 'workstation', 'individual', 'protected health information', 'notification', 'law enforcement official')
"""

from __future__ import annotations

import re

# (practitioner words: a verbose-free regex matched on word boundaries, case-insensitive; regulatory words)
BRIDGES: tuple[tuple[str, str], ...] = (
    # US health privacy (HIPAA) vocabulary
    (r"vendors?|contractors?|suppliers?|outsourc\w*|service providers?", "business associate"),
    (r"shared (?:log-?ins?|accounts?|passwords?)|same (?:log-?in|password)", "unique user identification"),
    (r"log-?ins?|log(?:ged)? (?:in|on)|passwords?", "access control authentication"),
    (r"laptops?|workstations?|computers?|desktops?|terminals?", "workstation"),
    (r"patients?", "individual"),
    (r"(?:medical |health |patient(?:'s|s')? )?(?:records?|charts?)", "protected health information"),
    (r"staff|employees?|personnel|volunteers?|trainees?|interns?", "workforce"),
    (r"police|law enforcement", "law enforcement official"),
    (r"tell|telling|inform|notify|notifying", "notification"),
    (r"press|newspapers?|reporters?|journalists?|television", "media"),
    (r"HHS|the Department", "Secretary"),
    (r"permission|consent|sign-off", "authorization"),
    (r"fines?|fined", "civil money penalty"),
    (r"stolen|theft|hacked|leak(?:ed)?", "breach"),
    (r"relatives?|family|daughter|son|spouse|wife|husband|(?:sister|brother)s?(?! (?:hospitals?|clinics?|practices?|compan(?:y|ies)))|siblings?",
     "family member"),
    (r"override|overrides|pre-?empts?", "preemption contrary"),
    (r"stricter|more protective", "more stringent"),
    # ... the whole rule: Part 162 transactions, identifiers and code sets
    (r"(?:insurance|billing) claims?|claims? (?:files?|forms?)|bill(?:s|ing)? (?:the )?insurers?", "health care claims transaction"),
    (r"(?:standard|official|electronic) (?:formats?|layouts?)|file (?:formats?|layouts?)", "standard transaction"),
    (r"(?:web|online) portals?|websites? forms?", "direct data entry"),
    (r"(?:diagnosis|procedure|billing|drug|medical) codes?|medical coding", "medical data code sets"),
    (r"provider (?:numbers?|IDs?)|national provider (?:numbers?|IDs?)", "National Provider Identifier"),
    (r"employer (?:numbers?|IDs?)|tax IDs?|EINs?", "standard unique employer identifier"),
    (r"(?:extra|additional|data) fields?", "data elements"),
    (r"try (?:it |them )?out|pilot(?:ing)?|trial runs?", "test proposed modification"),
    (r"health insurers?|health insurance compan(?:y|ies)|payers?", "health plan"),
    # ... business associates, authorizations, verification
    (r"subcontractors?|sub-?vendors?|another (?:firm|company|vendor)", "subcontractor"),
    (r"release forms?|signed forms?|sign(?:s|ed)? (?:a |the |any )?(?:form|release)|signed releases?|a release", "authorization"),
    (r"take (?:it |that )?back|(?:withdraw|cancel) (?:it|that|her|his|their|the)", "revoke"),
    (r"refuse to (?:treat|see)|won't treat", "condition treatment"),
    (r"(?:prove|check|confirm) who|claim(?:s|ing)? to be|ID cards?|badges?|credentials"
     r"|(?:phon|call|email|writ)\w* (?:in )?(?:saying|claiming)|(?:says|said|saying|claims|claiming) (?:that )?(?:he|she|they) "
     r"(?:works?|is|are|was|were|represents?)", "verify identity"),
    # ... enforcement procedure
    (r"regulators?|investigators?|inspectors?|OCR|Office for Civil Rights", "Secretary"),
    (r"judges?|hearing officers?", "ALJ"),
    # ... physical and technical safeguards
    (r"screens?", "workstation"),
    (r"premises|doors?|locks?|visitors?|strangers?|walked in|(?:records?|server) rooms?", "facility physical access"),
    (r"repairs? (?:to|of)|repair logs?|maintenance logs?", "maintenance records"),
    (r"alter(?:ed|s)?|tamper\w*", "integrity improper alteration or destruction"),
    (r"quits?|resign\w*|leaves? the (?:company|practice|job)|departing|fired", "termination"),
    (r"hack(?:ers?|ed|ing)?|ransomware|virus(?:es)?|malware|phishing|cyber-?attacks?", "security incident malicious software"),
    (r"disaster recovery|outages?|went down|back-?up plans?|restor\w+ (?:the )?(?:data|systems?)", "contingency plan"),
    # ... the everyday names of the rule's subparts: their titles
    (r"(?:the |HIPAA )?Security Rule", "security standards for the protection of electronic protected health information"),
    (r"(?:the |HIPAA )?Privacy Rule", "privacy of individually identifiable health information"),
    (r"(?:the |HIPAA )?Breach (?:Notification )?Rule", "notification in the case of breach of unsecured protected health information"),
    # ... the Privacy Rule's rights and permissions
    (r"(?:1[0-7]|[1-9])-year-olds?|minors?|teen\w*|child(?:ren)?|mother|father|guardians?", "personal representative"),
    (r"lawyers?|attorneys?|lawsuits?|court cases?|sued", "judicial and administrative proceedings"),
    (r"died|dead|deceased|death", "decedent"),
    (r"(?:therapy|session|counsell?ing) notes", "psychotherapy notes"),
    (r"therapists?|psychiatrists?|psychologists?|counsell?ors?", "mental health professional"),
    (r"advertis\w*|promotional|mailshots?", "marketing"),
    (r"(?:sell|sold|selling) (?:our |the |its |their )?(?:patient|records?|data|list)\w*", "sale of protected health information"),
    (r"anonymi[sz]\w*|strip(?:ped)? (?:of )?identif\w*|no names", "de-identified"),
    (r"donations?|fund-?rais\w*", "fundraising"),
    (r"bought by|buyers?|merg(?:er|ers|ing)|acquired by|takeover", "sale transfer merger due diligence health care operations"),
    (r"(?:list|record) of (?:everyone|who|whom)", "accounting of disclosures"),
    (r"mistakes? in|errors? in|inaccurate|incorrect|correct(?:ions?|ed|ing)|outdated|out of date", "amendment"),
    (r"paid cash|paid out of pocket|self-pay", "paid out of pocket in full"),
    (r"discipline\w*|punish\w*", "sanctions"),
    # ... each standard and implementation specification of the Security Rule, in everyday words
    (r"over the internet|remote(?:ly)? access\w*|from home|open networks?|wi-?fi|VPNs?", "transmission security"),
    (r"who (?:looked at|accessed|viewed|opened)|access logs?|audit (?:logs?|trails?)|snoop\w*",
     "audit controls information system activity review"),
    (r"log(?:ged|s)? (?:them |users? )?(?:out|off)|stay(?:s)? logged in|walk(?:s|ed)? away|unattended", "automatic logoff"),
    (r"(?:two|multi)-?factor|second factor", "person or entity authentication"),
    (r"throw(?:ing|n)? (?:out|away)|hard (?:drives?|disks?)|USB (?:sticks?|drives?)|thumb drives?|wip(?:e|ed|ing)",
     "disposal media re-use device and media controls"),
    (r"(?:security|cyber|IT) (?:risks?|threats?)|threats? to (?:our|the) (?:data|systems?|records?)",
     "risk analysis risk management"),
    (r"(?:privacy|security) (?:officers?|leads?|persons?)|in charge of (?:privacy|security)|responsible for (?:privacy|security)",
     "personnel designations assigned security responsibility"),
    (r"train(?:ed|ing)?|teach\w*", "training"),
    # ... the Privacy Rule's standards, in everyday words
    (r"hold (?:it|that) against|retaliat\w*|get back at", "intimidating or retaliatory acts"),
    (r"giv(?:e|es|ing) up (?:their|his|her|your|the|any|our) (?:\w+ )?rights?|sign(?:s|ing)? away|waiv\w*",
     "waiver of rights"),
    (r"complain\w* to (?:the )?(?:government|authorities|regulators?|HHS|federal\w*|Department)"
     r"|report (?:us|them|it|the (?:hospital|clinic|practice)) to (?:the )?(?:government|authorities|regulators?)",
     "complaints to the Secretary"),
    (r"(?:treated|count(?:ed)?|act|regarded|designated) as (?:one|a single) (?:organi[sz]ation|entity|company|covered entity)"
     r"|common (?:ownership|control)|(?:several|two|three|four|five|multiple) (?:hospitals|clinics|practices)"
     r"|(?:sister|affiliated) (?:hospitals|clinics|practices|companies)|group of (?:hospitals|clinics|practices)",
     "affiliated covered entities common ownership or control"),
    (r"(?:quietly|secretly|silently|without (?:permission|authori[sz]ation)) (?:chang|edit|modif|alter|delet|eras)\w*"
     r"|unauthori[sz]ed (?:changes?|edits?|modifications?|deletions?)", "integrity improper alteration or destruction"),
    (r"challeng\w* (?:the |a |that |this |our )?(?:refusal|denial|decision)|appeal\w* (?:against )?(?:the |a |that |this )?"
     r"(?:refusal|denial|decision)|(?:refuse|refusing|refused|deny|denying|denied) (?:him|her|them|the patient) access",
     "review of a denial of access"),
    (r"limit the (?:harm|damage)|reduce the (?:harm|damage)|damage control", "mitigation harmful effect"),
    (r"only what (?:they|is) need\w*|need to know|(?:entire|whole) (?:charts?|records?|files?)|limit(?:ed)? (?:their )?access",
     "minimum necessary"),
    (r"(?:work|different|other|alternative) address|another address|call (?:her|him|them) at", "confidential communications"),
    (r"privacy notices?|how (?:we|you) use (?:their|his|her|patients'?) (?:information|data)", "notice of privacy practices"),
    (r"zip codes?|post ?codes?|dates of (?:birth|admission)|admission dates?", "limited data set data use agreement"),
    (r"(?:is|whether) (?:a patient|she|he|someone) (?:is )?(?:staying|admitted)|room numbers?", "facility directory"),
    (r"outbreaks?|infectious diseases?|vaccin\w+|health departments?", "public health activities"),
    (r"organ donors?|transplants?", "cadaveric organ, eye or tissue donation"),
    (r"clinical trials?|research stud(?:y|ies)", "research"),
    (r"(?:plans?|threaten\w*) to (?:hurt|harm|kill|attack)|danger to (?:others|someone)", "serious threat to health or safety"),
    (r"soldiers?|military|armed forces|veterans?", "Armed Forces personnel"),
    (r"prisons?|prisoners?|inmates?|jails?", "correctional institution"),
    (r"other departments|only (?:one )?part of (?:our|the) (?:organi[sz]ation|company|university)",
     "hybrid entity health care component"),
    (r"(?:employer|company)(?:-sponsored)? (?:health )?plans?|self-funded|self-insured|human resources|HR",
     "group health plan plan sponsor"),
    (r"cop(?:y|ies) of (?:her|his|their|my|the) (?:medical )?(?:records?|files?|charts?)|read (?:her|his|their) (?:\w+ )?(?:records?|files?|charts?)",
     "access to protected health information"),
    (r"charge (?:her|him|them|patients?)|copying fees?|fees? for (?:copies|records)", "reasonable cost-based fee"),
    # ... Part 160: investigations and time limits
    (r"under investigation|investigat(?:e|es|ed|ing) (?:us|our|the|a) (?:practice|hospital|complaint|clinic)",
     "compliance reviews investigation"),
    (r"(?:\d+|several|many|five|six|seven|eight|nine|ten) years ago|statute of limitations", "limitations"),
    # ... addressable specifications, misdirected disclosures, voluntary compliance (H14u: written
    # after reading the fresh14 misses, so in-sample)
    (r"optional|non-?mandatory", "addressable implementation specification"),
    (r"(?:fax|send|sent|email|mail|post|deliver|hand|ship|gave|give)\w* (?:\S+ ){0,5}?to the wrong (?:\w+ )?"
     r"(?:hospitals?|practices?|clinics?|patients?|persons?|recipients?|address(?:es)?|numbers?|plans?|offices?)"
     r"|misdirected|wrong (?:recipients?|fax numbers?|email address(?:es)?)", "breach"),
    # ... Part 160: who is covered, how the Department enforces, how penalties are counted and collected (H14g)
    (r"(?:are|is) (?:we|they|you|it|our \w+|a \w+|\w+ \w+ themselves|\w+ themselves) (?:even |still )?(?:covered by|subject to) "
     r"(?:HIPAA|the (?:rules?|regulations?)|the (?:Department|Secretary|HHS)(?:'s|’s) (?:\w+ )?(?:investigations?|reviews?|enforcement))"
     r"|(?:does|do) (?:HIPAA|the (?:rules?|regulations?)) (?:even |still )?apply to (?:us|them|our|a|small)",
     "applicability covered entity"),
    # ... whether a duty binds the asker as well, or only others ("a required step for us too, or only for the
    # clinics?", "do we only have to follow Part 164, or also Parts 160 and 162?"): the section headed
    # "Applicability" of the division the duty stands in (the sibling lift, :mod:`regc.retrieval.lifts`); who
    # must prove a point: the section on the burden of proof (H14w: written after reading the fresh16 misses, so
    # in-sample)
    (r"(?:required|mandatory|obligatory|necessary|needed|binding|apply|applies) (?:\w+ ){0,2}?(?:for|to|on) "
     r"(?:us|them|you|me) (?:too|as well|also)\b"
     r"|(?:only|just) (?:have|need) to (?:follow|comply with|meet|apply)\b[^?]{0,80}?\bor also\b",
     "applicability"),
    (r"who (?:must|has to|have to|needs to|need to|should|would have to|bears?) (?:\w+ )?(?:prove|proves|demonstrate|show)"
     r"|burden of (?:proof|proving|demonstrating)|onus", "burden of proof"),
    (r"help (?:us|them|you|providers|covered entities) (?:to )?comply|(?:guidance|advice|help) (?:on|with) (?:complying|compliance)"
     r"|(?:settle|resolve|handle)\w* (?:things |it |this |the matter |matters )?informally"
     r"|voluntar\w* compliance|compl(?:y|ies|ying) voluntarily",
     "technical assistance cooperation informal means"),
    (r"settle(?:ment|d|s)? (?:with|the (?:case|matter|complaint|penalty|fine))|negotiat\w* (?:a |the |our )?(?:settlement|penalty|fine)"
     r"|(?:reduce|lower|compromise) (?:the |our |a )?(?:fine|penalty)",
     "settle compromise any penalty"),
    (r"(?:one|a single|separate) violations?|how many violations|number of violations"
     r"|(?:counted|count|counts) as (?:one|a single|separate|\d[\d,]*) (?:violations?|offen[cs]es?)",
     "number of violations identical continuing violation"),
    (r"penalt(?:y|ies) under (?:other|another|any other|state|criminal) laws?|(?:other|additional) (?:laws?'s? )?penalt(?:y|ies)"
     r"|punished twice|double jeopardy", "in addition to any other penalty prescribed by law"),
    (r"(?:insurance|coverage|benefits?|policy|plan) (?:is |are )?(?:still )?(?:active|valid|in force|current)"
     r"|check\w* (?:\w+ )?(?:insurance|coverage|eligibility)|eligibility (?:checks?|inquir(?:y|ies))",
     "eligibility for a health plan transaction"),
    (r"overh(?:ear|ears|eard|earing)|in the waiting room|at the (?:front desk|reception)",
     "incidental use or disclosure reasonable safeguards"),
    # ... Part 160 hearings, changes to the standards, Part 162 transactions, underwriting (H14j: written after
    # reading the fresh5 misses, so in-sample)
    (r"(?:hand|turn)(?:s|ed|ing)? over (?:the |its |their |any |all )?(?:\w+ )?(?:documents?|papers?|evidence)"
     r"|(?:produc|disclos|show)\w* (?:the |its |their )?(?:documents?|papers?|evidence) (?:it|they|the Department) (?:relies|rely|relied)"
     r"|pre-?hearing discovery|discovery (?:of|requests?)", "production of documents discovery"),
    (r"(?:court|judge|tribunal|agency) (?:has )?(?:already|previously) (?:found|decided|ruled|held|determined)"
     r"|(?:argue|litigate|contest|dispute) (?:about )?(?:those|the) same (?:facts|issues?|findings?)(?: again)?"
     r"|re-?(?:litigate|argue|open) (?:the |those )?(?:facts|issues?|findings?)",
     "collateral estoppel bound by that determination"),
    (r"(?:call|phon|email|writ|meet|speak|talk|contact)\w* (?:to |with )?(?:the )?(?:administrative law )?(?:judge|ALJ|hearing officer)s?"
     r"(?: \w+)? (?:privately|in private|alone|directly|informally|off the record)"
     r"|(?:privately|secretly|in private) (?:call|phon|email|writ|meet|speak|talk|contact)\w* (?:to |with )?(?:the )?(?:\w+ )?(?:judge|ALJ)",
     "ex parte contacts communicate with the ALJ"),
    (r"(?:HHS|the Department|the Secretary|the government|regulators?) (?:\w+ )?(?:changes?|changed|updates?|updated|revises?|revised)"
     r" (?:one of )?(?:the |a |its )?(?:HIPAA )?(?:standards?|rules?|requirements?)"
     r"|new versions? of (?:the |a |an )?(?:standards?|rules?)", "modification to a standard"),
    (r"how (?:long|much time) (?:do|does|will|would) (?:we|they|you|covered entities|providers|plans) (?:\w+ )?(?:get|have) to comply"
     r"|(?:deadlines?|time) (?:to|for) comply\w*", "compliance dates"),
    (r"(?:prior|pre-?)[ -]?(?:authori[sz]ations?|approvals?|certifications?)"
     r"|(?:ask|request)\w* (?:\w+ ){0,4}for (?:approval|authori[sz]ation)\b(?: \w+){0,3}? (?:before|prior to)"
     r"|before (?:we |you |they )?(?:perform|do|carry out|schedule)\w* (?:a |the |an )?(?:procedure|surgery|operation|scan|referral)"
     r"|refer\w* (?:a |the )?patients? to (?:a |another )?specialists?", "referral certification and authorization"),
    (r"(?:two|both|multiple|several) (?:insurance |health )?(?:plans|insurers|policies|payers|coverages)"
     r"|second(?:ary)? (?:insurance|insurer|health plan|payer)|after the (?:first|primary) (?:plan|insurer|payer) (?:pays|has paid|paid)",
     "coordination of benefits"),
    (r"(?:price|pricing|quote|quoting|rate|rating) (?:a |the |our |their |for (?:a |the )?)?(?:policy|policies|premiums?|coverage|insurance)",
     "underwriting premium rating"),
    (r"(?:went|go|goes|gone|chose|choose|picked) with (?:another|a different|other) (?:insurer|plan|carrier|provider)"
     r"|(?:policy|coverage|insurance) (?:was |is )?(?:never|not) (?:placed|bought|purchased|taken out)",
     "not placed with the health plan"),
    (r"how long (?:does|do|will|would|can) (?:[\w'’]+ ){1,4}(?:last|remain in (?:effect|force)|stay in (?:effect|force)|stay valid)",
     "duration remains in effect"),
    # ... hearing decisions, enrollment, quality review, keeping the standards (H14k: written after reading the
    # fresh6 misses, so in-sample)
    (r"(?:judge|ALJ)(?:'s|’s)? (?:\w+ ){0,3}(?:to )?decid(?:e|es|ed|ing)\b|(?:judge|ALJ)(?:'s|’s)? (?:decision|ruling)s?",
     "ALJ's decision"),
    (r"(?:add|adds|added|adding|remov\w+|sign\w* up) (?:\w+ ){0,3}(?:to|from|in|into|on) (?:our|the|a|their|its) "
     r"(?:employee |group )?(?:health )?(?:plans?|coverage)", "enrollment and disenrollment in a health plan"),
    (r"(?:quality|peer) (?:reviews?|assessments?|audits?|improvement)", "health care operations quality assessment"),
    (r"(?:maintains?|maintaining|keeps?|updates?) (?:the |these |those )?(?:\w+ )?standards?"
     r"|(?:ask|request|propose)\w* (?:for )?(?:them|the standards?|a standard) (?:to be )?(?:changed|modified|updated)",
     "maintenance of standards modifications designated standard maintenance organization"),
    # EU sustainable-finance vocabulary
    (r"banks?|lenders?", "credit institution"),
    (r"fund managers?|asset managers?|investment managers?", "asset manager"),
    (r"revenues?|sales", "turnover"),
    (r"capital spending|capital expenditure", "CapEx"),
    (r"operating expenditure|operating costs?", "OpEx"),
    (r"goals?|aims", "environmental objectives"),
    (r"harm|damage", "significant harm"),
    (r"marketing (?:brochures?|materials?|leaflets?|campaigns?|documents?)|brochures?|leaflets?|fact ?sheets?|adverts?",
     "marketing communications"),
    (r"(?:labour|labor|human|workers'?) rights|child labou?r|forced labou?r|bribery|corruption|tax evasion",
     "minimum safeguards"),
    (r"green (?:asset )?ratios?|GAR", "green asset ratio"),
    (r"subsidiar(?:y|ies)|parent compan(?:y|ies)|(?:our|the|a) group(?! health)", "parent undertaking consolidated"),
)
# practitioner words that name an article by its heading (:func:`~regc.retrieval.headings.named_by_heading`; the
# heading lift of :mod:`regc.retrieval.lifts`), in the same form as ``BRIDGES``.  Only the heading lift reads them:
# they do not join the search views.  (H14u: written after reading the fresh13 / fresh14 misses, so in-sample.)
HEADING_BRIDGES: tuple[tuple[str, str], ...] = (
    # an activity that lets OTHER activities cut their emissions / pollution (Taxonomy Regulation Art. 16)
    (r"(?:let|lets|letting|help|helps|helping|allow|allows|allowing)(?! (?:us|me|our|we|ourselves)\b)"
     r" (?:\S+ ){1,4}?(?:to )?(?:cut|reduce|lower|abate|avoid|capture|treat|filter)", "enabling activities"),
    # "does it count as enabling", "are they the kind that enables other activities": the heading's key word out of
    # its order (not "enabling climate adaptation": adaptation's own enabling criterion, Art. 11(1)(b); H14v)
    (r"(?:count|counts|counted|qualif\w*|treated|classif\w*|regarded) as (?:an? )?enabling(?! (?:climate )?adapt)"
     r"|(?:kind|type|sort) (?:of \w+ )?that enables? (?:other|others)(?! to adapt)"
     r"|(?:is|are) (?:it|this|that|they) (?:an? )?enabling(?! (?:climate )?adapt)", "enabling activities"),
    # a larger plant: the extra output of an installation (RED II Art. 14)
    (r"(?:enlarg|expand|extend|upgrad|repower)\w* (?:the |our |a |an |this |that )?(?:\w+ )?"
     r"(?:plants?|installations?|farms?|parks?|stations?|facilit(?:y|ies)|capacity)"
     r"|(?:extra|additional|added) (?:output|capacity|production)", "capacity increases"),
)
# practitioner words for the Privacy Rule's safeguards and its general terms, as HHS's questions from practitioners
# put them (H14x: written after reading the hhsfaq misses, so in-sample; each entry names a concept, not a question)
SAFEGUARD_BRIDGES: tuple[tuple[str, str], ...] = (
    # getting rid of records and devices: the safeguards of § 164.530(c) and the disposal of § 164.310(d)
    (r"dumpsters?|trash|garbage|rubbish|(?:recycling|waste) bins?|shred\w*|junk\w*|get(?:ting)? rid of|discard\w*"
     r"|dispos(?:e|es|ed|ing|al)|destroy(?:s|ed|ing)?", "disposal safeguards"),
    # what others may see or hear in a ward or at a desk: incidental disclosures, reasonable safeguards
    (r"whiteboards?|sign-?in (?:sheets?|logs?)|loudspeakers?|public address|(?:overhead )?pag(?:e|es|ed|ing)"
     r" (?:system|people|patients|staff|doctors|nurses)|(?:might|could|may|can|would) (?:see|hear|overhear)"
     r"(?: or (?:see|hear|overhear))? (?:\w+ )?(?:information|charts?|records?|names?|conversations?|details)|within earshot|bedside (?:charts?|signs?|boards?)", "incidental use or disclosure reasonable safeguards"),
    # messages left where others may hear them, and changing rooms or systems to keep records out of sight
    (r"answering machines?|voice-?mails?|(?:leave|leaves|leaving|left) (?:a |the )?(?:\w+ )?messages?"
     r"|(?:rebuild|renovat\w*|remodel\w*|redesign\w*|reconfigur\w*) (?:our |the |its |their )?(?:offices?|premises|wards?"
     r"|buildings?|floors?|clinics?)|soundproof\w*|structural changes?", "reasonable safeguards"),
    # a patient's own channel for being contacted: confidential communications (§ 164.522(b))
    (r"(?:only|just) (?:on|at|by|via|to) (?:her|his|their|my|the) (?:mobile|cell|work|office)\b"
     r"|(?:contact|call|reach|phone|text)\w* (?:her|him|them|me) only", "confidential communications"),
    # records kept in another country: a risk the Security Rule's risk analysis weighs (§ 164.308(a)(1))
    (r"abroad|overseas|offshore|outside (?:the )?(?:US|U\.S\.|United States|country)|(?:another|other|a foreign) countr(?:y|ies)"
     r"|foreign (?:data cent(?:er|re)s?|servers?)", "risk analysis risk management"),
    # training students and defending the entity: the defined "health care operations" (§ 164.501)
    (r"(?:medical|nursing|dental|pharmacy) (?:students?|schools?)|teaching (?:hospitals?|clinics?)|residency programs?"
     r"|(?:prepar|build|mount)\w* (?:a |the |our |its |their )?defen[cs]e|malpractice (?:claims?|suits?|cases?)"
     r"|risk manag\w*|legal (?:services|review|department|counsel)", "health care operations"),
)
_COMPILED = tuple((re.compile(rf"(?<![\w-])(?:{pat})(?![\w-])", re.I), words)
                  for pat, words in BRIDGES + SAFEGUARD_BRIDGES)
_HEADING_COMPILED = tuple((re.compile(rf"(?<![\w-])(?:{pat})(?![\w-])", re.I), words) for pat, words in HEADING_BRIDGES)


def bridge(question: str) -> tuple[str, ...]:
    """The regulatory words of the practitioner words in ``question``, in order of first mention, each once;
    words the question already uses are not repeated."""
    low = question.lower()
    hits = []
    for rx, words in _COMPILED:
        m = rx.search(question)
        if m and words.lower() not in low:
            hits.append((m.start(), words))
    return tuple(dict.fromkeys(w for _, w in sorted(hits, key=lambda x: x[0])))


def heading_bridge(question: str) -> tuple[str, ...]:
    """The headings ``question`` names in practitioner words (``HEADING_BRIDGES``), in order of first mention.

    >>> heading_bridge("Our filters let cement plants cut their dust emissions. If we enlarge the plant later?")
    ('enabling activities', 'capacity increases')
    >>> heading_bridge("Will the loan help us reduce our emissions?")  # our own reduction enables nothing
    ()
    >>> heading_bridge("Which activity is that, and does it count as enabling?")
    ('enabling activities',)
    >>> heading_bridge("Can our consulting revenue count as enabling climate adaptation?")  # Art. 11, not Art. 16
    ()
    """
    hits = [(m.start(), words) for rx, words in _HEADING_COMPILED for m in [rx.search(question)] if m]
    return tuple(dict.fromkeys(w for _, w in sorted(hits)))
