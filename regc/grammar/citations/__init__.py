"""Citations in running text (a package: candidate finders per family, :data:`~regc.grammar.citations.rules.RULES`,
and one assembly step): regex candidate finder + LALR parse (``citation.lark``) + typed result.

lark does not scan running text, so each family has a candidate finder (regular expressions) and the candidate
span is then parsed with the grammar; what does not parse is dropped (or, for pinpoint prefixes, shortened).
Phrase references that have no formal syntax (named documents, BAT conclusions, generic alternatives) are found
by patterns only.  Every decision carries a ``rule`` and a ``confidence`` so a learned arbiter can override it.

>>> [c.celex for c in find_citations("in accordance with Directive 2010/75/EU and Regulation (EC) No 1893/2006")]
['32010L0075', '32006R1893']
>>> [(c.text, c.celex) for c in find_citations(
...     "agricultural biomass complies with Article 29, paragraphs 2 to 5, of Directive (EU) 2018/2001 while forest "
...     "biomass complies with Article 29, paragraphs 6 and 7, of that Directive.")]
[('Article 29, paragraphs 2 to 5, of Directive (EU) 2018/2001', '32018L2001'), ('Article 29, paragraphs 6 and 7, of that Directive', '32018L2001')]
>>> [c.text for c in find_citations("set out in Sections 5.11 and 5.12 of this Annex")]
['Section 5.11 of this Annex', 'Section 5.12 of this Annex']
>>> find_citations("the criteria referred to in point 1(b) are met")
[]
"""

from __future__ import annotations

from regc.grammar.citations.assemble import act_context, find_citations
from regc.grammar.citations.parse import parse_act_span, parser
from regc.grammar.citations.patterns import (
                                             ACT_CORE,
                                             ANAPHOR_CORE,
                                             BAT_CAND,
                                             GENERIC_CAND,
                                             INTERNAL_CAND,
                                             OJ_REF,
                                             STANDARD_CAND,
)
from regc.grammar.citations.references import find_oj
from regc.grammar.citations.results import ActContext, Citation, CitationKind

__all__ = ["ACT_CORE", "ANAPHOR_CORE", "BAT_CAND", "GENERIC_CAND", "INTERNAL_CAND", "OJ_REF", "STANDARD_CAND",
           "ActContext", "Citation", "CitationKind", "act_context", "find_citations", "find_oj", "parse_act_span",
           "parser"]
