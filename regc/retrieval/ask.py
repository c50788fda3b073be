"""Citation-closure retrieval of the provisions that govern a compliance question (seed 001, RefWalk).

1. a topic anchor is extracted by rules (:mod:`regc.retrieval.anchor`);
2. three views (the question, the anchor, both) are searched with BM25 and dense retrieval; each ranked chunk
   list is rolled up to provisions (article / annex / CFR section: ``"32021R2178#Article 8"``), each view's
   lists are fused by RRF (optionally, ``title_view``, the "both" view also with the title view,
   :mod:`regc.retrieval.titles`; off by default), and the views are fused by reciprocal-rank MAX (a strong signal in one view is not diluted by the others);
3. provisions the question names (cited articles, activity-code and activity-name annexes, articles named by
   heading or by their one environmental objective, definitions of the terms used: :mod:`regc.retrieval.lifts`)
   join at the top or at fixed levels; the articles that introduce one of the best annexes ("... set out in
   Annex I"), when search found them too (or the question asks where its rules are written), join at 0.6 x the
   annex; the articles a question cue points to (:mod:`regc.retrieval.cues`: "from
   what date" -> "Entry into force and application") join below their act's best provision (the acts of the
   question, with the regulations that empower them), with the later acts' articles that amended them;
4. an authority order (regulation/directive > delegated/implementing act > other documents) scales the scores;
5. the 1-hop citation closure of the best provisions (REFERENCES, DELEGATES_TO, SPECIFIES, REQUIRES_FORM edges,
   paragraph-level edges rolled up) is merged INTO the ranking: a neighbour scores ``decay`` x its best seed,
   max not sum, and ``unsearched_closure`` x that when no view's search pool holds it; a neighbour the best
   provisions of at least three other acts cite (a companion) joins without the word-overlap test; the hub of
   the best provision's CFR subpart (the section half its other sections cite: :mod:`regc.retrieval.subpart_hub`)
   joins at the closure's level;
6. ``as_of`` picks, for each act, the consolidated version in force on that date (the newest corpus version
   dated on or before it): acts not yet in force are dropped, a provision the version in force lacks is
   dropped, and the answer quotes that version's text (:func:`node_text` with ``version``).  The ranking itself
   is computed on the indexed (newest) text.

>>> # Asker(Searcher.open("out/index")).retrieve("Do we report CapEx for eligible-only activities?")[1][0].node
"""

from __future__ import annotations

import re
import weakref
from dataclasses import dataclass
from functools import cached_property
from typing import Optional, Sequence

from regc.retrieval.anchor import QUESTION_WORDS, Anchor, extract_anchor
from regc.retrieval.as_of import AsOf, AsOfError  # noqa: F401 (AsOfError re-exported)
from regc.retrieval.citegraph import EXPAND_TYPES, part_of
from regc.retrieval.closure import Closure
from regc.retrieval.fusion import fuse
from regc.retrieval.lifts import (CUE_ACTS, OBJECTIVE_LEVEL, SECTION_LEVEL, TERM_LEVEL,  # noqa: F401 (re-exported)
                                  NamedLifts)
from regc.retrieval.memory import within
from regc.retrieval.retrieve import indexed_version, version_tree  # (re-exported: the versions an answer quotes)
from regc.retrieval.subpart_hub import SubpartHub

DECAY = 0.7  # closure: a provision one citation hop away scores 0.7 x the provision citing it
POOL = 50  # provisions per view and mode after roll-up
# chunks fetched per view and mode: enough for POOL provisions (a long annex holds hundreds of chunks, so 50
# chunks can roll up to a dozen provisions and push a short article out of every pool)
CHUNK_POOL = 50
RRM_K = 5  # reciprocal-rank constant: small, so that rank differences survive the normalisation (tuned on dev)
HYBRID_K = 60  # BM25 and dense rankings of one view are first fused by RRF (the `regc search` hybrid)
MAX_SEEDS = 10  # provisions whose citations are followed
VIEWS = ("question", "anchor", "both")
DENSE_VIEWS = VIEWS  # views also searched densely (without it the anchor view's BM25 list wins too often)
MODES = ("bm25", "dense")
# the title view (:mod:`regc.retrieval.titles`): "list" = its own ranking in the fusion, "hybrid" = a third member
# of the "both" view's BM25 + dense fusion, None = off (pooled R@10/FC@10 over the non-sealed sets of round 3:
# 0.688/0.549 off, 0.681/0.535 "hybrid", lower "list"; tests/fixtures/ask/README.md)
TITLE_VIEW: Optional[str] = None
# equal scores (RRM's max gives the same score to every provision ranked first in some view, and the pinpoint /
# section / term levels are fixed) are ordered by how many views agree on them (their RRF sum over the same
# lists), then by id, in the final ranking and in every cut made on the way (closure seeds, introducing seeds,
# the cue's acts); None: by id only
TIE_BREAK: Optional[str] = "rrf"
# authority order: (pattern on the act's title or id, factor); first match wins
AUTHORITY: tuple[tuple[str, float], ...] = (
    (r"(?i)\b(?:FAQs?|guidance|guidelines|Q\s?&\s?A|questions and answers|Commission Notice)\b", 0.7),
    (r"\b(?:Delegated|Implementing)\s+(?:Regulation|Directive|Decision)\b", 0.95),
    (r".", 1.0),  # legislative acts, and documents given as files that do not say they are guidance
)
# an annex (templates, technical criteria) below the articles that require it, unless the question cites it or
# names an activity Section it holds: off (1.0) by default — it helped the FAQ dev split and the old fresh sets but
# cost the FAQ held-out third (-0.021 R@10, -0.083 FullCov@10), so it is an option (``Asker(annex_factor=0.8)``)
ANNEX = 1.0
# a general glossary (a definitions provision defining many terms) found by search, when the question uses none
# of its terms: its words match many questions, it governs few (0.8: HIPAA nDCG@10 +0.02 on dev4/eval/fresh2, H14h)
GLOSSARY = 0.8
# ... and so is one the closure brings (every section of a rule cites its glossary, so it reaches nearly every
# question at the closure level): H14m, every released set: HIPAA fresh8 (in-sample) +.023 R@10 / +.045 FullCov@10,
# Taxonomy fresh8 +.014 / +.042 (with QUOTED terms, :mod:`regc.retrieval.anchor`), no set loses; False: off
GLOSSARY_CLOSURE = True
OTHER_ACT = 0.85  # a provision of an act the question does not name, when it names some
OTHER_DOMAIN = 0.7  # a provision outside the citation network (jurisdiction) of the question's acts
DOMAIN_VOTERS = 5  # when no act is named, the best provisions vote for the question's network
MIN_OVERLAP = 3  # a cited provision joins by closure only when it shares this many content words with the anchor
# an annex holding an activity the question names by its title ("heat pumps", "district heating":
# :mod:`regc.retrieval.activities`) joins at this level (origin "activity"); None: off
ACTIVITY_LEVEL: Optional[float] = 0.9
# an article the question names by its heading ("is this an enabling activity?" -> "Enabling activities":
# :mod:`regc.retrieval.headings`) joins at this level (origin "heading"); None: off
HEADING_LEVEL: Optional[float] = 0.7
# a section with a one- or two-word heading the question names ("witnesses" -> "§ 160.538 Witnesses.") joins at
# this level when it lies near one of the SIBLING_SEEDS best provisions (:func:`~regc.retrieval.headings.named_near`)
SIBLING_LEVEL: Optional[float] = 0.7
SIBLING_SEEDS = 3  # (the level is an attribute, not an argument: ``asker.sibling_level = None`` = off)
# an annex among the best provisions brings the articles of its own act that introduce it ("... are set out in
# Annex I", "... in the template set out in Annex VIII") at this factor of its score, before the closure, when
# search found them too (anywhere in a view's pool); None: off.  0.6 decided by ablation over every released set
# (0.6 > 0.7 > 0.8; 0.5 no effect; lifting unsearched introducers cost Taxonomy fresh: README, round H14e)
INTRODUCING_LEVEL: Optional[float] = 0.6
INTRODUCING_SEEDS = 10  # the best provisions whose introducing articles are lifted
# ... and, when the question asks where its rules are written (:func:`regc.retrieval.cues.asks_location`), also
# the introducing articles no view's pool holds (H14j; lifting them for every question cost Taxonomy fresh, H14e)
LOCATION_INTRODUCERS = True
# a question cue (:mod:`regc.retrieval.cues`: "from what date", "who checks") lifts the cued articles of the
# question's acts (named, else those of the CUE_ACTS best provisions) to this factor of their act's best score
# (None: off); 0.8 decided by ablation over every released set (tests/fixtures/ask/README.md, fourth round H14e)
CUE_LEVEL: Optional[float] = 0.8
# the cue's acts also include the legislative acts that empower them (DELEGATES_TO edges), at the level of the
# act they empower: a question answered by the delegated acts' annexes asks when "the taxonomy's duties" start,
# and 2020/852's application article governs.  Decided by ablation over every released set (Taxonomy fresh +0.063
# R@10 / FC@10, fresh3 +0.020 R@10, no set loses: tests/fixtures/ask/README.md, fifth round H14r5)
CUE_PARENTS = True
# the provisions of later acts that amended a cued article (AMENDS edges: the Environmental Delegated Act's
# Article 5 -> the Disclosures Delegated Act's application article, whose new paragraphs date the added
# objectives) join at this factor of its level, origin "amender"; None: off.  1.0 (H14j, every released set):
# Taxonomy fresh5 +.019 R@10 / +.038 FullCov@10 (one question, in-sample), no set moves otherwise; 0.7: no effect
CUE_AMENDERS: Optional[float] = 1.0
# a closure neighbour that no view's search pool holds (cited, but not found by the question's words) joins at
# decay x this: decided by ablation over every released set (0.8 = 0.85 > 0.7 > 0.9 on the FAQ set; no set
# loses: tests/fixtures/ask/README.md, fourth round H14e); 1.0: off
UNSEARCHED_CLOSURE = 0.8
# lineage edges also followed by the closure (:func:`~regc.retrieval.citegraph.lineage_neighbours`: "amends" =
# AMENDS both ways, "empowers" = a delegated act's provision -> the articles empowering its act); () = off.  H14g:
# "empowers" FAQ +0.014 R@10 / +0.011 FullCov@10, no set loses; "amends" FAQ -0.030 / -0.035, fresh2 -0.071
LINEAGE_CLOSURE: tuple[str, ...] = ("empowers",)
# a closure neighbour the seed names by its title (a REFERENCES edge ``via="title"``: "the standard unique
# employer identifier" -> the section so titled) joins at this factor of its seed, without the overlap test;
# None: like any other neighbour.  0.8 costs HIPAA fresh -0.025 / -0.050 (H14g); 0.7: HIPAA fresh6 +0.023 R@10 /
# +0.045 FullCov@10 ("Standards for the X transaction" -> "X transaction"), no released set loses (H14k)
NAMED_CLOSURE: Optional[float] = 0.7
# the closure's overlap test also counts the rules' words the lexicon bridged ("counted as one violation" ->
# "number of violations": § 160.404 -> § 160.406 passes the test).  Round H14g, every set: HIPAA eval +0.022 /
# +0.045, fresh4 +0.022 / +0.043, dev4 +0.018 / +0.036, Taxonomy fresh3 +0.020 / +0.040, no set loses
FOCUS_BRIDGED = True
# companions: a closure neighbour that the seeds of at least this many OTHER acts cite (the empowering regulation's
# "Substantial contribution to climate change mitigation" article, cited by the criteria annexes of the Climate DA,
# the Complementary DA and the 2023 amendment) joins at COMPANION_LEVEL x decay x its best seed without the overlap
# test and without the unsearched factor: agreement between acts stands in for shared words.  General glossaries
# and the articles of another environmental objective than the question's (named, else its best criteria annex's)
# are no companions.  None: off.  H14n, every released set: Taxonomy fresh9 (in-sample) +.021 R@10 / +.042
# FullCov@10, fresh7 +.011 R@10, faq_eval +.004 R@10, no set loses R@10 or FullCov@10 (2 other acts: faq_eval and
# fresh2 lose; counting seeds, not acts: faq_fresh, fresh2, HIPAA lose; level 0.9: faq_eval loses; README, H14n)
COMPANION_SEEDS: Optional[int] = 3
COMPANION_LEVEL = 1.0
# at equal scores, what the question names (cited provisions, activity annexes, articles named by heading or by
# objective, definitions of a term in its own words) before what search or the closure brought; the definitions
# of a term only the lexicon supplies ("vendor" -> "business associate": origin "bridged") are not.  H14o, every
# released set: HIPAA fresh10 +.063 R@10 / FullCov@10 (§ 160.103 "protected health information" 12 -> 6), no
# set loses R@10 or FullCov@10 (with bridged terms too: HIPAA fresh8 -.023 / -.045); False: by agreement only
NAMED_FIRST = True
# the sections of a CFR part / subpart a seed names ("this subpart", "subpart C of part 160": a division node of the
# graph) join the closure at this factor of a neighbour's level, with the overlap test; None: off (the division is
# a node the closure does not enter).  H14t, every released set: 1.0 HIPAA eval +.046, dev4 +.054, fresh2 +.050
# but fresh3/5/6/7/9/10/11 lose (pooled FullCov .874 -> .858); 0.9 dev4 +.018, fresh8 +.023, fresh7 / fresh9 /
# fresh13 lose; 0.8 no change anywhere (README, twentieth round)
DIVISION_CLOSURE: Optional[float] = None
# a learned query adapter (:mod:`regc.retrieval.adapter`: ``Asker(adapter=load_adapter(path))``; none is shipped)
# applies to the dense search of these views
ADAPTER_VIEWS = VIEWS
# the released questions' memory (:mod:`regc.retrieval.memory`, opt-in: ``Asker(memory=load_memory())``, ``regc ask
# --memory``) joins the fusion as a list of its own ("list"), that list cut to the current fusion's top 30 ("within":
# it re-orders, never inserts) or in the question view's hybrid ("hybrid"), weighted MEMORY_WEIGHT in the RRM.  Round
# 32, nested LOSO over the 50 released sets: "within" at .75 practitioner +.035 R@10, faq_eval +.002; "list" at 1
# practitioner +.070, faq_eval -.039.  Held-out on hwebfaq5 / webfaq5 (stop 28): "list" .821 / .900 R@10, "within"
# .750 / .911, the default order .750 / .944: the opt-in keeps round 30's "list" at 1, which serves the
# practitioner questions it is for (README, round 32's coordinator note)
MEMORY_MODE = "list"
MEMORY_WEIGHT = 1.0
NAMED_ORIGINS = ("pinpoint", "section", "activity", "heading", "objective", "term")


_WORDS = re.compile(r"[a-z][a-z0-9\-]+")


_PLURAL_ENDINGS = ("ies", "es", "s")
_STEMS: dict[str, str] = {}


def _stem(w: str) -> str:
    """A word without its plural ending (words over 4 letters), memoised: provisions are stemmed word by word.

    >>> _stem("policies"), _stem("boxes"), _stem("rules"), _stem("was")
    ('polic', 'box', 'rul', 'was')
    """
    out = _STEMS.get(w)
    if out is None:
        out = next((w[: -len(e)] for e in _PLURAL_ENDINGS if w.endswith(e)), w) if len(w) > 4 else w
        if len(_STEMS) < 200_000:
            _STEMS[w] = out
    return out


@dataclass(frozen=True)
class Retrieved:
    node: str  # "32021R2178#Article 8"
    score: float
    # search | pinpoint | section | activity | heading | objective | term | bridged | cue | amender | form |
    # introducing | closure | companion
    origin: str = "search"
    version: Optional[str] = None  # the version quoted (``as_of``); None: the indexed one
    key_share: float = 0.0  # the memory's key vote for it (:mod:`regc.retrieval.key_vote`); 0: none read

    @property
    def celex(self) -> str:
        return self.node.split("#", 1)[0]

    @property
    def locator(self) -> str:
        return self.node.split("#", 1)[1]

    def to_json(self) -> dict:
        return {"celex": self.celex, "locator": self.locator, "score": round(self.score, 6)}


def order_key(item: tuple[str, tuple[float, str]], agree: dict, named_first: bool = NAMED_FIRST) -> tuple:
    """Best first: score; then (``named_first``) a provision the question names (``NAMED_ORIGINS``) before one
    search or the closure brought at the same score; then view agreement (the RRF sum ``agree``), then id.

    >>> items = [("C", (0.7, "closure")), ("T", (0.7, "term"))]
    >>> [n for n, _ in sorted(items, key=lambda it: order_key(it, {"C": 0.5}))]
    ['T', 'C']
    """
    named = named_first and item[1][1] in NAMED_ORIGINS
    return -round(item[1][0], 9), -named, -agree.get(item[0], 0.0), item[0]


class Asker(NamedLifts, Closure, SubpartHub, AsOf):
    """Provision retrieval over an opened index (:class:`~regc.retrieval.search.Searcher`)."""

    def __init__(self, searcher, *, fusion: str = "rrm", rrm_k: float = RRM_K, decay: float = DECAY,
                 views: Sequence[str] = VIEWS, modes: Optional[Sequence[str]] = None, closure: bool = True,
                 max_seeds: int = MAX_SEEDS, view_fusion: Optional[str] = "rrf", other_act: Optional[float] = None,
                 other_domain: float = OTHER_DOMAIN, min_overlap: int = MIN_OVERLAP,
                 dense_views: Sequence[str] = DENSE_VIEWS, title_view: Optional[str] = TITLE_VIEW,
                 chunk_pool: int = CHUNK_POOL, tie_break: Optional[str] = TIE_BREAK, annex_factor: float = ANNEX,
                 introducing_level: Optional[float] = INTRODUCING_LEVEL, cue_level: Optional[float] = CUE_LEVEL,
                 unsearched_closure: float = UNSEARCHED_CLOSURE, glossary_factor: float = GLOSSARY,
                 cue_parents: bool = CUE_PARENTS, lineage_closure: Sequence[str] = LINEAGE_CLOSURE,
                 named_closure: Optional[float] = NAMED_CLOSURE, focus_bridged: bool = FOCUS_BRIDGED,
                 location_introducers: bool = LOCATION_INTRODUCERS, cue_amenders: Optional[float] = CUE_AMENDERS,
                 activity_level: Optional[float] = ACTIVITY_LEVEL, heading_level: Optional[float] = HEADING_LEVEL,
                 objective_level: Optional[float] = OBJECTIVE_LEVEL, companion_seeds: Optional[int] = COMPANION_SEEDS,
                 companion_level: float = COMPANION_LEVEL, named_first: bool = NAMED_FIRST,
                 division_closure: Optional[float] = DIVISION_CLOSURE, adapter=None,
                 adapter_views: Sequence[str] = ADAPTER_VIEWS, memory=None, memory_mode: str = MEMORY_MODE):
        self.s = searcher
        self.adapter, self.adapter_views = adapter, tuple(adapter_views)  # :mod:`regc.retrieval.adapter`
        self.memory, self.memory_mode = memory, memory_mode  # :mod:`regc.retrieval.memory`
        self.memory_weight = MEMORY_WEIGHT
        self.activity_level, self.heading_level, self.sibling_level = activity_level, heading_level, SIBLING_LEVEL
        self.cue_amenders, self.objective_level = cue_amenders, objective_level
        self.location_introducers = location_introducers
        self.named_closure, self.focus_bridged, self.division_closure = named_closure, focus_bridged, division_closure
        self.lineage_closure = tuple(lineage_closure)
        self.cue_parents = cue_parents
        self.unsearched_closure = unsearched_closure
        self.cue_level = cue_level
        self.introducing_level = introducing_level
        self.glossary_factor, self.glossary_closure = glossary_factor, GLOSSARY_CLOSURE
        self.annex_factor = annex_factor
        self.tie_break, self.named_first = tie_break, named_first
        self.chunk_pool = chunk_pool
        self.title_view = title_view
        self.view_fusion, self.other_domain = view_fusion, other_domain
        self.dense_views = tuple(dense_views)
        self.min_overlap = min_overlap
        self.companion_seeds, self.companion_level = companion_seeds, companion_level
        try:  # shared by the askers of one opened index (an evaluation opens several)
            self._word_cache: dict[str, set[str]] = _NODE_WORDS.setdefault(searcher, {})
        except TypeError:  # a searcher that cannot be weakly referenced
            self._word_cache = {}
        self.other_act = OTHER_ACT if other_act is None else other_act
        self.fusion, self.rrm_k, self.decay, self.views = fusion, rrm_k, decay, tuple(views)
        self.modes = tuple(modes) if modes else (MODES if searcher.has_dense else ("bm25",))
        self.closure, self.max_seeds = closure, max_seeds

    # -- provisions ------------------------------------------------------------------------------------------

    @cached_property
    def _chunk_node(self) -> dict[str, str]:
        return {c.chunk_id: f"{c.celex}#{part_of(c.locator)}" for c in self.s.chunks}

    def node_ranking(self, text: str, mode: str, pool: int = POOL) -> list[str]:
        """Provisions in the order their first chunk ranks for ``text`` (``mode`` bm25 | dense)."""
        return self._roll_up(self.s.bm25(text, pool) if mode == "bm25" else self.s.dense(text, pool))

    def _roll_up(self, ranked: list[tuple[str, float]], acts: Optional[set] = None) -> list[str]:
        """Provisions in the order of their first chunk in ``ranked`` (at most POOL; with ``acts``, only
        provisions of those acts)."""
        out: dict[str, None] = {}
        for d, _ in ranked:
            n = self._chunk_node.get(d)
            if n is not None and (acts is None or n.split("#", 1)[0] in acts):
                out[n] = None
                if len(out) >= POOL:
                    break
        return list(out)

    def _searchable(self, texts: list[str]) -> tuple[list[bool], list[bool]]:
        """Per view text: whether it can be searched at all (not empty, not stop words only), and whether it is
        searched densely (the asker's modes and dense views)."""
        from regc.retrieval.search import QueryError, check_query

        ok = []
        for t in texts:
            try:
                ok.append(bool(check_query(t)))
            except QueryError:
                ok.append(False)
        return ok, [o and "dense" in self.modes and v in self.dense_views for v, o in zip(self.views, ok)]

    def question_vector(self, anchor: Anchor):
        """The question's own vector as the memory reads it (the question view's row of the views' dense batch,
        before any adapter), or None when the question view is not searched densely.  The batch is the one
        retrieval encodes, so on an index that has just answered the question it is remembered, not re-encoded.

        >>> # Asker(Searcher.open("out/index")).question_vector(extract_anchor("Who may see my records?", s))
        """
        texts = [self.view_texts(anchor)[v] for v in self.views]
        _, wants_dense = self._searchable(texts)
        searched = [v for v, w in zip(self.views, wants_dense) if w]
        if "question" not in searched:
            return None
        return self.s.encoded([t for t, w in zip(texts, wants_dense) if w])[searched.index("question")]

    def _view_rankings(self, texts: list[str]) -> tuple[list[list[list[str]]], list[str], object]:
        """Per view, its provision rankings (one per mode), the past questions' ranking (:mod:`~regc.retrieval
        .memory`, empty without a memory) and the question's vector the memory read (None without); the dense
        queries are encoded in one batch (the question view's vector adapted when the asker has an adapter:
        :mod:`~regc.retrieval.adapter`); a view of stop words only has no ranking."""
        from regc.retrieval.adapter import dense_hook

        ok, wants_dense = self._searchable(texts)
        searched = [v for v, w in zip(self.views, wants_dense) if w]
        seen: dict = {}
        hook = dense_hook(self.adapter, [v in self.adapter_views for v in searched], seen,
                          searched.index("question") if self.memory and "question" in searched else None)
        learned = {"adapt": hook} if self.adapter is not None or self.memory else {}
        dense = iter(self.s.dense_many([t for t, w in zip(texts, wants_dense) if w], self.chunk_pool, **learned)
                     if any(wants_dense) else [])
        out = []
        for t, o, w in zip(texts, ok, wants_dense):
            per_mode = []
            if o:
                for mode in self.modes:
                    if mode == "bm25":
                        per_mode.append(self._roll_up(self.s.bm25(t, self.chunk_pool)))
                    elif w:
                        per_mode.append(self._roll_up(next(dense)))
            out.append(per_mode)
        nodes = self.s.part_nodes()  # (a memory written for another index may name provisions this one lacks)
        past = [n for n in self.memory.ranking(seen["raw"]) if n in nodes] if "raw" in seen else []
        return out, past, seen.get("raw")

    @cached_property
    def _titles(self):
        from regc.retrieval.titles import TitleIndex, provision_titles

        return TitleIndex(provision_titles(self.s.part_nodes()))

    def title_ranking(self, anchor: Anchor) -> list[str]:
        """The title view: provisions whose titles (headings, names of standards and specifications) match the
        question and the rules' words for its practitioner words."""
        return [n for n, _ in self._titles.rank(" ".join((anchor.question,) + anchor.bridged + anchor.terms),
                                                POOL)]

    def bm25_baseline(self, question: str, k: int = 10) -> list[Retrieved]:
        """Plain BM25 on the question, rolled up to provisions (the baseline of the evaluation)."""
        nodes = self.node_ranking(question, "bm25", max(POOL, k * 5))
        return [Retrieved(n, 1.0 / (1 + i)) for i, n in enumerate(nodes[:k])]

    @cached_property
    def _authority(self) -> dict[str, float]:
        out = {}
        for celex in self.s.acts():
            info = self.s.registry.get(celex)
            title = f"{celex} {info.title if info else ''}"
            out[celex] = next(f for pat, f in AUTHORITY if re.search(pat, title))
        return out

    @cached_property
    def _domain(self) -> dict[str, int]:
        """Act -> its citation network: connected components of the act-level citation graph (acts whose
        provisions cite each other, or delegate), e.g. the EU acts on one side and a CFR text on the other."""
        import networkx as nx

        acts = set(self.s.acts())
        u = nx.Graph()
        u.add_nodes_from(acts)
        for a, b, d in self.s.graph.edges(data=True):
            if d.get("type") in EXPAND_TYPES:
                ca, cb = a.split("#", 1)[0], b.split("#", 1)[0]
                if ca != cb and ca in acts and cb in acts:
                    u.add_edge(ca, cb)
        return {c: i for i, comp in enumerate(sorted(nx.connected_components(u), key=min)) for c in comp}

    @cached_property
    def _glossaries(self) -> set[str]:
        """Definitions provisions that define more than ``SPECIFIC_DEFINITIONS`` terms (a general glossary such
        as § 160.103 or Article 1 of the Disclosures Delegated Act)."""
        from regc.retrieval.anchor import SPECIFIC_DEFINITIONS

        out = set()
        for celex in self.s.acts():
            count: dict[str, int] = {}
            for loc in self.s.definitions(celex).values():
                node = f"{celex}#{part_of(loc)}"
                count[node] = count.get(node, 0) + 1
            out |= {n for n, c in count.items() if c > SPECIFIC_DEFINITIONS}
        return out

    def _words(self, node: str) -> set[str]:
        if node not in self._word_cache:
            self._word_cache[node] = {_stem(w) for w in set(_WORDS.findall(node_text(self.s, node).lower()))}
        return self._word_cache[node]

    def _focus_words(self, anchor: Anchor) -> set[str]:
        phrases = anchor.terms + (anchor.bridged if self.focus_bridged else ())
        words = set(anchor.topic) | {w.lower() for t in phrases for w in t.split()}
        return {_stem(w) for w in words if len(w) > 3 and w not in QUESTION_WORDS}

    def question_domains(self, anchor: Anchor, fused: list[tuple[str, float]]) -> set[int]:
        """The citation networks the question is about: those of the acts it names, else the network with the
        most weight among the best fused provisions."""
        if anchor.acts:
            return {self._domain[c] for c in anchor.acts if c in self._domain}
        votes: dict[int, float] = {}
        for n, sc in fused[:DOMAIN_VOTERS]:
            d = self._domain.get(n.split("#", 1)[0])
            if d is not None:
                votes[d] = votes.get(d, 0.0) + sc
        return {max(sorted(votes), key=lambda d: votes[d])} if votes else set()

    def warm_up(self) -> None:
        """Load once what the first questions would otherwise pay for: the JVM and the BM25 index, the query
        encoder, the citation graph, the definitions, and each provision's text and word set (a long annex's
        words take tens of milliseconds to collect).  Results are unchanged; the caches are per opened index.

        >>> # Asker(Searcher.open("out/index")).warm_up()
        """
        self.s.bm25("warm up", 1)
        if "dense" in self.modes:
            self.s.dense("warm up", 1)
        _ = self.s.graph, self._chunk_node, self._domain, self._authority, self._cued, self._introducers, \
            self._headings, self._objective_headings, self.s.activities, self._citing, self._divisions, self._hubs
        extract_anchor("warm up", self.s)
        for node in sorted(self.s.part_nodes()):
            self._words(node)

    # -- retrieval -------------------------------------------------------------------------------------------

    def view_texts(self, anchor: Anchor) -> dict[str, str]:
        a = anchor.text()
        return {"question": anchor.question, "anchor": a or anchor.question,
                "both": f"{anchor.question} {a}".strip()}

    def _fuse_with_memory(self, lists: list[list[str]], past: list[str]) -> list[tuple[str, float]]:
        """The views' fusion, the memory's ranking ``past`` (when the mode is "list" or "within") one more list,
        weighted ``memory_weight`` in the RRM ("within": cut to the views' own top WITHIN first).  Appends to
        ``lists`` (the agreement tie-break reads the same lists)."""
        if past and self.memory_mode == "within":  # it re-orders the current top WITHIN only
            past = within(past, fuse(self.fusion, lists, k=self.rrm_k))
        if past and self.memory_mode in ("list", "within"):
            lists.append(past)
        weights = [self.memory_weight if past and lst is past else 1.0 for lst in lists] \
            if past and self.memory_mode != "hybrid" and self.fusion == "rrm" else None
        return fuse(self.fusion, lists, k=self.rrm_k, weights=weights)

    def retrieve(self, question: str, k: int = 10, as_of: Optional[str] = None,
                 anchor: Optional[Anchor] = None, trace: Optional[dict] = None) -> tuple[Anchor, list[Retrieved]]:
        """The ``k`` best provisions; ``trace`` (a dict), when given, receives the ranking's internals (each
        view's per-mode rankings, the fused and agreement scores, each provision's authority/act/domain factor, the
        question's vector the memory read: :mod:`regc.retrieval.rerank_features` and
        :mod:`regc.retrieval.memory_features` read them)."""
        anchor = anchor or extract_anchor(question, self.s)
        texts = self.view_texts(anchor)
        lists, raw, factors = [], [], {}
        titles = self.title_ranking(anchor) if self.title_view else []
        per_view, past, memory_vector = self._view_rankings([texts[v] for v in self.views])
        for v, per_mode in zip(self.views, per_view):
            raw.append(per_mode)
            if past and self.memory_mode == "hybrid" and v == "question" and per_mode:
                per_mode = per_mode + [past]
            if self.title_view == "hybrid" and v == "both" and per_mode:
                per_mode = per_mode + [titles]
            if self.view_fusion and len(per_mode) > 1:  # one hybrid ranking per view
                lists.append([n for n, _ in fuse(self.view_fusion, per_mode, k=HYBRID_K)])
            else:
                lists.extend(per_mode)
        if self.title_view == "list":
            lists.append(titles)
        fused = self._fuse_with_memory(lists, past) if lists or past else []
        agree = dict(fuse("rrf", lists, k=self.rrm_k)) if self.tie_break == "rrf" and lists else {}

        def order(item: tuple[str, tuple[float, str]]) -> tuple:  # every cut below uses it
            return order_key(item, agree, self.named_first)

        top = fused[0][1] if fused else 1.0
        scores: dict[str, tuple[float, str]] = {n: (s / top, "search") for n, s in fused}

        def lift(node: str, level: float, origin: str) -> None:
            if node in self.s.part_nodes() and scores.get(node, (0.0, ""))[0] < level:
                scores[node] = (level, origin)

        self._lift_named(anchor, lift)
        near = [n for n, _ in fused[:SIBLING_SEEDS]]  # the best provisions, whose divisions the next two lifts read
        if self.sibling_level:  # short section headings near the best provisions
            self._lift_siblings(anchor, near, lift)
        if self.standard_level:  # standards named by their paragraph headings
            self._lift_standards(anchor, near, lift)
        named = set(anchor.acts)
        domains = self.question_domains(anchor, fused)
        for n, (sc, origin) in list(scores.items()):
            celex = n.split("#", 1)[0]
            f = self._authority.get(celex, 1.0) * (self.other_act if named and celex not in named else 1.0)
            if domains and self._domain.get(celex) not in domains:
                f *= self.other_domain
            if origin not in ("pinpoint", "section", "activity") and n.split("#", 1)[1].startswith("Annex"):
                f *= self.annex_factor
            if origin == "search" and n in self._glossaries and n not in anchor.term_nodes:
                f *= self.glossary_factor
            scores[n], factors[n] = (sc * f, origin), f
        if self.cue_level:
            self._lift_cued(anchor, scores, lift, order)
        self._lift_forms(anchor, scores, lift, order)
        searched = {n for n, _ in fused}  # provisions some view's search pool holds
        if self.introducing_level:
            from regc.retrieval.cues import asks_location

            anywhere = self.location_introducers and asks_location(anchor.question)
            ranked_now = sorted(scores.items(), key=order)[:INTRODUCING_SEEDS]
            for n, (sc, _) in ranked_now:
                for art in self._introducers.get(n, ()):
                    if art not in searched and not anywhere:
                        continue
                    lift(art, self.introducing_level * sc, "introducing")
        if self.closure:
            self._close(anchor, scores, searched, order)
            self._join_hubs(scores, order)
        ranked = [Retrieved(n, sc, o) for n, (sc, o) in sorted(scores.items(), key=order)]
        if trace is not None:
            trace.update(views=raw, fused=dict(fused), agree=agree, factors=factors, domains=domains,
                         memory_vector=memory_vector)
        if as_of:
            ranked = self._at_version(ranked, as_of)
        return anchor, ranked[:k]


_NODE_TEXTS: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()  # searcher -> {(node, version): text}
_NODE_WORDS: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()  # searcher -> {node: its stemmed words}


def node_text(searcher, node: str, version: Optional[str] = None) -> str:
    """The text of a provision: its indexed chunks in document order, one per line; with ``version`` (other
    than the indexed one), that version's text, one line per paragraph or point.  Built once per opened index
    (the same string object each time, so that caches keyed by the text hash it once)."""
    texts = _NODE_TEXTS.setdefault(searcher, {})
    key = (node, version)
    if key not in texts:
        texts[key] = _node_text(searcher, node, version)
    return texts[key]


def _node_text(searcher, node: str, version: Optional[str]) -> str:
    celex, loc = node.split("#", 1)
    if version and version != indexed_version(searcher, celex):
        tree = version_tree(searcher, celex, version)
        part = tree.find(loc) if tree is not None else None
        if part is None:
            return ""
        return "\n".join(n.text for n in part.walk() if n.text)
    return "\n".join(c.text for c in searcher.part_nodes().get(node, []))


__all__ = ["Asker", "Retrieved", "AsOfError", "node_text", "order_key", "indexed_version", "version_tree", "DECAY", "RRM_K"]
