"""Features of `regc ask`'s candidates for the learned re-ranker (:mod:`regc.retrieval.rerank`): for each provision
of :meth:`~regc.retrieval.ask.Asker.retrieve`'s top N, how the ranking got it there, read from its internals (the
``trace`` retrieve fills), and properties any provision has.

No feature names a provision, an act or a question: ranks and scores, the lift that placed it (its origin), the
factors applied, whether its act is one the question names, word overlaps, its kind (article / annex / CFR section
/ definitions), its citation degree and its length.  Every value is a float computed in a fixed order
(deterministic byte for byte).

>>> FEATURES[:4]
('rank_rr', 'log_rank', 'score', 'score_rel')
"""

from __future__ import annotations

import math
import re
import weakref
from typing import Sequence

from regc.retrieval.anchor import QUESTION_WORDS, Anchor
from regc.retrieval.citegraph import EXPAND_TYPES, part_of

# the lifts that place a provision (Retrieved.origin); any other origin counts as "other"
ORIGINS = ("search", "pinpoint", "section", "activity", "heading", "objective", "term", "bridged", "cue", "amender",
           "form", "introducing", "closure", "companion")
VIEW_MODES = tuple(f"{v}_{m}" for v in ("question", "anchor", "both") for m in ("bm25", "dense"))
KINDS = ("article", "annex", "section", "definitions")
FEATURES: tuple[str, ...] = (
    ("rank_rr", "log_rank", "score", "score_rel", "fused", "agree", "searched", "n_lists")
    + tuple(f"rr_{vm}" for vm in VIEW_MODES)
    + tuple(f"origin_{o}" for o in ORIGINS) + ("origin_other",)
    + ("authority", "factor", "other_act", "other_domain", "glossary", "act_named", "names_act", "term_node")
    + ("heading_overlap", "heading_share", "focus_overlap", "focus_share", "question_share")
    + tuple(f"kind_{k}" for k in KINDS)
    + ("log_in_degree", "log_out_degree", "log_length")
)

_WORDS = re.compile(r"[a-z][a-z0-9\-]+")
_DEGREES: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()  # searcher -> (in, out) degree per provision
_DEFINITIONS: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()  # searcher -> definitions provisions


def degrees(searcher) -> tuple[dict[str, int], dict[str, int]]:
    """Provision -> the number of other provisions citing it, and that it cites (citation-graph edges of the
    closure's types, rolled up to articles / annexes / sections), once per opened index."""
    if searcher not in _DEGREES:
        cites: dict[str, set] = {}
        cited: dict[str, set] = {}
        for a, b, d in searcher.graph.edges(data=True):
            if d.get("type") in EXPAND_TYPES and "#" in a and "#" in b:
                pa, pb = _part(a), _part(b)
                if pa != pb:
                    cites.setdefault(pa, set()).add(pb)
                    cited.setdefault(pb, set()).add(pa)
        _DEGREES[searcher] = ({n: len(v) for n, v in cited.items()}, {n: len(v) for n, v in cites.items()})
    return _DEGREES[searcher]


def _part(node: str) -> str:
    celex, loc = node.split("#", 1)
    return f"{celex}#{part_of(loc)}"


def _content(text: str) -> set[str]:
    from regc.retrieval.ask import _stem

    return {_stem(w) for w in _WORDS.findall(text.lower()) if len(w) > 3 and w not in QUESTION_WORDS}


def kind_of(node: str, definitions: set) -> str:
    """ "definitions" (a provision defining terms), "annex", "section" (a CFR section) or "article".

    >>> kind_of("32020R0852#Annex I", set()), kind_of("doc:hipaa#§ 164.502", set())
    ('annex', 'section')
    """
    loc = node.split("#", 1)[1]
    if node in definitions:
        return "definitions"
    return "annex" if loc.startswith("Annex") else "section" if loc.startswith("§") else "article"


def _definition_nodes(searcher) -> set[str]:
    """The provisions that define some term, once per opened index."""
    if searcher not in _DEFINITIONS:
        _DEFINITIONS[searcher] = {f"{c}#{part_of(loc)}" for c in searcher.acts()
                                  for loc in searcher.definitions(c).values()}
    return _DEFINITIONS[searcher]


def candidate_features(asker, anchor: Anchor, trace: dict, ranked: Sequence) -> list[list[float]]:
    """One feature row (in ``FEATURES`` order) per provision of ``ranked`` (retrieve's top N, best first),
    rounded to 9 decimals, from ``trace`` (what :meth:`~regc.retrieval.ask.Asker.retrieve` put in it for the same call).

    >>> # rows = candidate_features(asker, anchor, trace, hits)  # len(rows[0]) == len(FEATURES)
    """
    fused, agree = trace["fused"], trace["agree"]
    top_fused = max(fused.values(), default=0.0) or 1.0
    top_agree = max(agree.values(), default=0.0) or 1.0
    view_ranks = _view_ranks(trace["views"])
    top_score = ranked[0].score if ranked else 1.0
    focus, question = asker._focus_words(anchor), _content(anchor.question)
    named, domains = set(anchor.acts), trace["domains"]
    defs = _definition_nodes(asker.s)
    in_deg, out_deg = degrees(asker.s)
    rows = []
    for i, r in enumerate(ranked):
        n, celex = r.node, r.celex
        ranks = [vr.get(n) for vr in view_ranks]
        words = asker._words(n)
        heading = _content(asker._headings.get(n, ""))
        kind = kind_of(n, defs)
        row = [1.0 / (1 + i), math.log1p(i), r.score, r.score / top_score if top_score else 0.0,
               fused.get(n, 0.0) / top_fused, agree.get(n, 0.0) / top_agree, float(n in fused),
               sum(1 for x in ranks if x is not None) / len(VIEW_MODES)]
        row += [1.0 / (1 + x) if x is not None else 0.0 for x in ranks]
        row += [float(r.origin == o) for o in ORIGINS] + [float(r.origin not in ORIGINS)]
        row += [asker._authority.get(celex, 1.0), trace["factors"].get(n, 1.0),
                float(bool(named) and celex not in named),
                float(bool(domains) and asker._domain.get(celex) not in domains),
                float(n in asker._glossaries), float(celex in named), float(bool(named)),
                float(n in anchor.term_nodes)]
        row += [float(len(focus & heading)), len(focus & heading) / len(heading) if heading else 0.0,
                math.log1p(len(focus & words)), len(focus & words) / len(focus) if focus else 0.0,
                len(question & words) / len(question) if question else 0.0]
        row += [float(kind == k) for k in KINDS]
        row += [math.log1p(in_deg.get(n, 0)), math.log1p(out_deg.get(n, 0)),
                math.log1p(len(_node_chars(asker, n)))]
        rows.append([round(x, 9) for x in row])
    return rows


def _node_chars(asker, node: str) -> str:
    from regc.retrieval.ask import node_text

    return node_text(asker.s, node)


def _view_ranks(views: list) -> list[dict[str, int]]:
    """Per view and mode (``VIEW_MODES`` order), provision -> its 0-based rank; a missing list is empty."""
    out = []
    for per_mode in list(views) + [[]] * (3 - len(views)):
        for j in range(2):
            lst = per_mode[j] if j < len(per_mode) else []
            out.append({n: i for i, n in enumerate(lst)})
    return out


__all__ = ["FEATURES", "ORIGINS", "candidate_features", "degrees", "kind_of"]
