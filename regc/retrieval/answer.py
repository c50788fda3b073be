"""Per-rule attributed answers (`regc ask`): every claim is bound to a retrieved provision and quotes it verbatim.

Rules-only (default): each retrieved provision scoring at least ``CITE_MARGIN`` x the best one that has an
answering sentence (one sharing content words with the question's anchor) is a candidate; the best-anchored is
cited first (the key provision), then those anchored at least ``SUPPORT_FLOOR`` x as well, at most
``MAX_RULES``; on the memory order a considered provision the nearest released questions name as their key
(``Retrieved.key_share`` >= ``KEY_SHARE``: :mod:`regc.retrieval.key_vote`) is cited too, after those, within the
cap; its claims are those sentences (extractive, so each quote is the provision's own words).  With an
LM (``lm``: a callable ``(system, user) -> reply``), the model writes claims keyed by rule id under a JSON schema; the SAME gate then
drops every rule id that was not retrieved and every quote that does not occur verbatim in that provision,
with a diagnostic.  The answer text is assembled from the surviving claims only: no unattributed claim.

>>> sentences("(a) First point; and (b) second point. Next one here.")
['(a) First point; and (b) second point.', 'Next one here.']
>>> verbatim("second  point", "(a) First point; and (b) second point.")
True
"""

from __future__ import annotations

import json
import math
import re
import weakref
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Callable, Optional

from regc.retrieval.anchor import QUESTION_WORDS, Anchor
from regc.retrieval.ask import Retrieved, _stem, node_text
from regc.retrieval.key_vote import KEY_SHARE

CITE_MARGIN = 0.7  # a provision is a citation candidate when it scores at least this share of the best one
SUPPORT_MARGIN = 0.7  # ... and is cited when its score x answering-sentence coverage reaches this share of the best
MAX_CANDIDATES = 6
# at most this many rules are cited; besides the key, only candidates whose support reaches SUPPORT_FLOOR x the
# key's (H14r, every released set, in-sample: 3 rules and no floor -> 5 and 0.45: key provision cited Taxonomy
# .661 -> .728, HIPAA .776 -> .819; citation precision .345 -> .321, .347 -> .382; tests/fixtures/ask/README.md
# round 19).  The floor is what keeps the noise out: 5 rules without it cite every candidate
MAX_RULES = 5
SUPPORT_FLOOR = 0.45
# the answering-sentence overlap and the title words are weighted by each question word's rarity among the
# provisions of the candidate's act (:func:`word_weights`); False: each shared word counts 1.  With the floor
# above (H14r, unweighted -> weighted): HIPAA precision .346 -> .382, key .823 -> .819; Taxonomy precision
# .310 -> .321, key .722 -> .728
WORD_WEIGHT = True
CITE_POLICY = "answering"  # see :func:`extractive`; chosen by ablation over the dev and old fresh sets
# a cited annex brings the retrieved article of its act that introduces it ("... set out in Annex V"), cited just
# before it; decided by ablation over every released set (citation P/R/key up on the three Taxonomy sets, HIPAA
# unchanged: tests/fixtures/ask/README.md, round H14e)
CITE_INTRODUCER = True
# ... and one chosen BEYOND the MAX_RULES cited (support below the others') is added before its annex, as one not
# chosen at all is (H14o); one cited after its annex stays there (moving it up, H14o/H14p: key cited faq_eval
# .326 -> .267, 430 -> 429 of 617 over every released set)
INTRODUCER_CUT = True
# the articles a question cue lifted ("from what date" -> "Entry into force and application") are cited
# "first" | "second" | None (then only by their answering-sentence support, like any other).  "second" (after
# the best-supported key), H14j over every released set: key provision cited Taxonomy fresh4 .44 -> .48, fresh5
# .69 -> .77, citation recall fresh .59 -> .62; FAQ one question loses a cited gold annex (P .229 -> .223);
# HIPAA unchanged (its sections are not articles, no cue lifts them); "first" gives the same figures
CITE_CUED: Optional[str] = "second"
# ... and so is the definitions provision of a term the question names, when it asks what the term means
# (:func:`regc.retrieval.cues.asks_definition`); a cued or term provision already cited moves up to that place.
# H14j, every released set (on top of CITE_CUED): key cited Taxonomy fresh3 .56 -> .60, fresh5 .77 -> .85
# (moving up: fresh3 +.04, fresh5 +.04; the term: fresh5 +.04); no other set moves
CITE_TERM = True

# the support of a candidate also counts the question's words in its title (heading, names of its standards),
# at this weight per word: a rule's title says what it governs (HIPAA key provision cited 0.73 -> 0.82 on
# hipaa_eval, Taxonomy fresh2 0.36 -> 0.50, no set lower; tests/fixtures/ask/README.md, fourth round H14h)
TITLE_WEIGHT = 1.0
# the definitions provision of a term in the question's own words (origin "term") is cited second, like CITE_TERM,
# when the question asks whether something IS what the term names ("Are those HR files protected health
# information?": :func:`regc.retrieval.cues.asks_classification`)
CITE_CLASSIFIED = True
# ... and so are the first CITE_ACTIVITY annexes among the candidates that hold an activity the question names by
# its title or code (origin "activity" / "section"); 0: only by their support.  H14p, every released set (617
# questions): key cited 431 -> 435 (Taxonomy fresh7, fresh9 x2, fresh11; none lost), citation recall faq_eval
# -.006, fresh2 -.036 (an activity annex displaces a third rule); 2 (each such annex): fresh11 key .792 -> .750
CITE_ACTIVITY = 1
CLAIMS_PER_RULE = 2
MIN_OVERLAP = 2  # content words a sentence must share with the question (1 for one-word topics)
QUOTE_WORDS = 60
MATCH_PREFIX = 7  # letters of a stem compared (0: whole stems)
_KEYS: dict[str, str] = {}
_WORD = re.compile(r"[a-z][a-z0-9\-]+")

LMCall = Callable[[str, str], str]


def sentences(text: str) -> list[str]:
    """Sentences of a provision (a list item ending in ';' followed by a lowercase continuation stays whole)."""
    out: list[str] = []
    for line in text.split("\n"):
        for s in re.split(r"(?<=\.)\s+(?=[A-Z(§])", line.strip()):
            if s.strip():
                out.append(s.strip())
    return out


def _norm(s: str) -> str:
    return re.sub(r"\s+", " ", s).strip()


@lru_cache(maxsize=512)
def _normed(text: str) -> str:
    """:func:`_norm` of a provision's text, cached (a provision is checked against several quotes)."""
    return _norm(text)


def verbatim(quote: str, text: str) -> bool:
    """``quote`` occurs in ``text`` word for word (whitespace runs compared as one space)."""
    q = _norm(quote)
    return bool(q) and q in _normed(text)


def _key(w: str) -> str:
    """The form in which a question word and a provision word are matched: the plural-less stem, cut to
    ``MATCH_PREFIX`` letters (so "complain" meets "complaint", "encrypted" meets "encryption").

    >>> _key("complaints") == _key("complain"), _key("information") == _key("informed")
    (True, False)
    """
    out = _KEYS.get(w)
    if out is None:
        st = _stem(w)
        out = st[:MATCH_PREFIX] if MATCH_PREFIX else st
        if len(_KEYS) < 200_000:
            _KEYS[w] = out
    return out


def _focus(anchor: Anchor) -> set[str]:
    words = set(anchor.topic) | {w for t in anchor.terms + anchor.bridged for w in t.lower().split()}
    return {_key(w) for w in words if w not in QUESTION_WORDS and len(w) > 2}


def _trim(s: str) -> str:
    words = s.split()
    return s if len(words) <= QUOTE_WORDS else " ".join(words[:QUOTE_WORDS])


@dataclass
class Answer:
    answer: str
    rules: list[dict]
    retrieved: list[dict]
    diagnostics: list[str] = field(default_factory=list)

    def to_json(self) -> dict:
        return {"answer": self.answer, "rules": self.rules, "retrieved": self.retrieved}

    def rule_ids(self) -> list[str]:
        return [r["rule_id"] for r in self.rules]


def _rule(searcher, node: str, claims: list[dict], version: Optional[str]) -> dict:
    celex, loc = node.split("#", 1)
    return {"rule_id": node, "celex": celex, "locator": loc, "version": version, "claims": claims}


def version_of_node(searcher, node: str, version: Optional[str] = None) -> Optional[str]:
    """The version quoted: ``version`` (``--as-of``), else the indexed one."""
    from regc.retrieval.ask import indexed_version

    return version or indexed_version(searcher, node.split("#", 1)[0])


def _label(searcher, node: str) -> str:
    celex, loc = node.split("#", 1)
    info = searcher.registry.get(celex)
    return f"{loc} of {info.short_title}" if info and info.short_title else f"{loc} ({celex})"


def _assemble(searcher, rules: list[dict]) -> str:
    if not rules:
        return ("No provision in the index answers this question clearly enough to be cited; see the retrieved "
                "provisions.")
    return " ".join(f"{_label(searcher, r['rule_id'])}: {c['text']}" for r in rules for c in r["claims"])


@lru_cache(maxsize=2048)
def _stemmed_sentences(text: str) -> tuple[tuple[str, frozenset], ...]:
    """Sentences of a provision with their stemmed words (cached: long annexes are read once per process)."""
    return tuple((s, frozenset(_key(w) for w in _WORD.findall(s.lower()))) for s in sentences(text))


def _claims(text: str, focus: set[str], need: int, weight: Optional[dict] = None) -> tuple[float, list[dict]]:
    """The best overlap of a sentence of ``text`` with ``focus`` and the claims (best sentences, verbatim); with
    ``weight`` (question key -> weight) the overlap is the weighted sum of the shared keys (a sentence still needs
    ``need`` of them)."""
    scored = []
    for i, (s, stems) in enumerate(_stemmed_sentences(text)):
        shared = focus & stems
        if len(shared) >= need:
            scored.append((-(math.fsum(weight[w] for w in shared) if weight else len(shared)), i, s))
    scored.sort()
    best = list(dict.fromkeys(_trim(s) for _, _, s in scored))[:CLAIMS_PER_RULE]  # a repeated sentence once
    claims = [{"text": s, "quote": s} for s in best]
    return (-scored[0][0] if scored else 0), [c for c in claims if verbatim(c["quote"], text)]


_TITLE_KEYS: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()  # searcher -> {node: its title keys}


def title_keys(searcher, node: str) -> frozenset:
    """The matching keys of a provision's title: its heading ("Appeal of the ALJ's decision.") and the names of
    the standards and implementation specifications it sets out ("Verification requirements"), where a rule says
    what it is about.

    >>> # title_keys(Searcher.open("out/index"), "doc:hipaa_combined#§ 160.548") -> {'appeal', 'alj', 'decision'}
    """
    from regc.retrieval.titles import titles_in

    cache = _TITLE_KEYS.setdefault(searcher, {})
    if node not in cache:
        chunks = searcher.part_nodes().get(node, [])
        titles = {c.heading for c in chunks if c.heading and c.heading != "table"}
        titles.update(t for c in chunks for t in titles_in(c.text))
        cache[node] = frozenset(_key(w) for t in titles for w in _WORD.findall(t.lower()) if w not in QUESTION_WORDS)
    return cache[node]


_ACT_DF: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()  # searcher -> act -> (provisions, key -> df)


def _act_df(searcher) -> dict[str, tuple[int, Counter]]:
    """Per act (the part of a node id before '#'): how many provisions it has and in how many each matching key
    occurs (its sentences' words)."""
    if searcher not in _ACT_DF:
        out: dict[str, tuple[int, Counter]] = {}
        for node in sorted(searcher.part_nodes()):
            n, df = out.get(node.split("#", 1)[0], (0, Counter()))
            df.update(frozenset().union(*(st for _, st in _stemmed_sentences(node_text(searcher, node)))))
            out[node.split("#", 1)[0]] = (n + 1, df)
        _ACT_DF[searcher] = out
    return _ACT_DF[searcher]


def word_weights(searcher, node: str, focus: set[str]) -> Optional[dict[str, float]]:
    """Each question key's weight in ``node``'s act (``WORD_WEIGHT``): log(1 + provisions / provisions holding
    it), so that the words every provision of the act uses ("protected health information" in HIPAA) count less
    than those that single a provision out (a key no provision holds: as if one did); None when ``WORD_WEIGHT``
    is off.

    >>> # word_weights(s, "doc:hipaa_combined#§ 164.508", {"informa", "revocat"}): "informa" well below "revocat"
    """
    if not WORD_WEIGHT or searcher is None:  # (no index to count in: each word counts 1)
        return None
    n, df = _act_df(searcher).get(node.split("#", 1)[0], (0, Counter()))
    return {w: math.log(1 + n / max(1, df[w])) for w in focus}


def extractive(searcher, anchor: Anchor, hits: list[Retrieved], *, policy: str = CITE_POLICY,
               max_rules: int = MAX_RULES, margin: float = CITE_MARGIN, title_weight: float = TITLE_WEIGHT,
               cued: Optional[str] = CITE_CUED) -> Answer:
    """Rules-only answer.  Candidates are the retrieved provisions scoring at least ``margin`` x the best (among
    the first ``MAX_CANDIDATES``); a candidate is supported by its sentences that answer the question (share
    content words with the anchor); its support is retrieval score x answering-sentence coverage (the shared
    words weighted by their rarity in the candidate's act: :func:`word_weights`).

    ``policy`` "answering": the best-anchored (highest support) is cited first -- the key provision -- then the
    others whose support reaches ``SUPPORT_FLOOR`` x its, in retrieval order; "support": only candidates whose support reaches
    ``SUPPORT_MARGIN`` x the best, in retrieval order.  A cited annex is preceded by the retrieved article of its
    act that introduces it (``CITE_INTRODUCER``).  At most ``max_rules``.  ``title_weight``: each question
    word in the candidate's title (:func:`title_keys`) adds this much to its answering-sentence overlap."""
    focus = _focus(anchor)
    need = MIN_OVERLAP if len(focus) > 2 else 1
    top = hits[0].score if hits else 0.0
    found = []
    for h in hits[:MAX_CANDIDATES]:
        if h.score < margin * top:
            break
        text = node_text(searcher, h.node, h.version)
        weight = word_weights(searcher, h.node, focus)
        overlap, claims = _claims(text, focus, need, weight)
        if claims:
            in_title = focus & title_keys(searcher, h.node)
            titled = title_weight * (math.fsum(weight[w] for w in in_title) if weight else len(in_title))
            total = math.fsum(weight.values()) if weight else len(focus)
            found.append((h, h.score * (overlap + titled) / (total or 1), claims))
    best = max((f[1] for f in found), default=0.0)
    if policy == "answering":
        key = [f for f in found if f[1] == best][:1]
        chosen = key + [f for f in found if f not in key and f[1] >= SUPPORT_FLOOR * best]
    elif policy == "support":
        chosen = [f for f in found if f[1] >= SUPPORT_MARGIN * best]
    else:
        raise ValueError(f"unknown citation policy {policy!r} (answering | support)")
    cited = placed(searcher, anchor, hits, chosen, cued, max_rules)
    have = {f[0].node for f in cited}
    cited = (cited + [f for f in found if f[0].key_share >= KEY_SHARE and f[0].node not in have])[:max_rules]
    rules = [_rule(searcher, h.node, claims, version_of_node(searcher, h.node, h.version)) for h, _, claims in cited]
    return Answer(_assemble(searcher, rules), rules, [h.to_json() for h in hits])


def placed(searcher, anchor: Anchor, hits: list[Retrieved], chosen: list, cued: Optional[str],
           max_rules: int) -> list:
    """The cited rules, in order: ``chosen`` ((hit, support, claims), the key first) with the provisions a cue
    lifted, the defined terms and activity annexes the question names (``cued``: where they go, or None) and the
    articles introducing the cited annexes placed as :func:`extractive` places them, cut to ``max_rules``; also
    what the citation rounds' harnesses score a choice of their own through.

    >>> # [h.node for h, _, _ in placed(s, anchor, hits, chosen, CITE_CUED, MAX_RULES)]
    """
    focus = _focus(anchor)
    if cued:
        from regc.retrieval.cues import asks_classification, asks_definition

        terms = set(anchor.term_nodes) if CITE_TERM and asks_definition(anchor.question) else set()
        if CITE_CLASSIFIED and not terms and any(asks_classification(anchor.question, t) for t in anchor.terms):
            terms = {h.node for h in hits if h.origin == "term"}  # (the question's own terms: not "bridged")
        named = [h.node for h in hits[:MAX_CANDIDATES] if h.origin in ("activity", "section")]
        terms |= set(named[:CITE_ACTIVITY])
        chosen = _with_cued(searcher, chosen, hits, focus, cued, terms)
    if CITE_INTRODUCER:
        chosen = _with_introducers(searcher, chosen, hits, focus, max_rules if INTRODUCER_CUT else None)
    return chosen[:max_rules]


def _with_cued(searcher, chosen: list, hits: list[Retrieved], focus: set[str], where: str,
               terms: set[str] = frozenset()) -> list:
    """``chosen`` with the provisions a question cue lifted (origin "cue": the application, enforcement, review,
    amendment or scope article of the question's acts) and ``terms`` (the definitions provisions of the terms a
    question asking what they mean names, the annexes holding an activity it names: ``CITE_ACTIVITY``) among the first ``MAX_CANDIDATES`` hits, whatever their margin, when
    they share a word with the question (one already cited moves up): ``where`` "first" (the key provision) or
    "second"."""
    have = {f[0].node: f for f in chosen}
    add = []
    for h in hits[:MAX_CANDIDATES]:
        if h.origin == "cue" or h.node in terms:
            if h.node in have:  # already cited: moved up
                add.append(have[h.node])
                continue
            _, claims = _claims(node_text(searcher, h.node, h.version), focus, 1)
            if claims:
                add.append((h, 0.0, claims))
    if not add:
        return chosen
    if where == "first":
        return add + [f for f in chosen if f not in add]
    head = chosen[:1] if chosen and chosen[0] not in add else []
    return head + add + [f for f in chosen if f not in add and f not in head]


def _with_introducers(searcher, chosen: list, hits: list[Retrieved], focus: set[str],
                      cut: Optional[int] = None) -> list:
    """``chosen`` with, before each annex, the retrieved article of its act that introduces it (the rule that
    makes the annex apply), when that article has an answering sentence and is not chosen yet (with ``cut``: not
    among the first ``cut`` chosen, which are cited: one chosen after them moves up before its annex)."""
    intro = _introducers_of(searcher)
    rank = {h.node: i for i, h in enumerate(hits)}
    taken = {h.node for h, _, _ in chosen[:cut]}  # chosen and cited
    later = {f[0].node: f for f in chosen[cut:]} if cut is not None else {}  # chosen beyond the cited
    out = []
    for f in chosen:
        if f[0].node in taken and f[0].node in later:
            continue  # moved up before its annex
        arts = sorted((a for a in intro.get(f[0].node, ()) if a in rank), key=rank.get)  # best retrieved first
        for art in arts:
            if art not in taken:
                h = hits[rank[art]]
                _, claims = _claims(node_text(searcher, art, h.version), focus, 1)
                if art in later or claims:
                    out.append(later.get(art) or (h, 0.0, claims))
                    taken.add(art)
                    break
        out.append(f)
        taken.add(f[0].node)
    return out


_INTRODUCERS: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()  # searcher -> annex -> introducers


def _introducers_of(searcher) -> dict[str, tuple[str, ...]]:
    from regc.retrieval.citegraph import annex_introducers

    try:
        if searcher not in _INTRODUCERS:
            _INTRODUCERS[searcher] = annex_introducers(searcher.graph)
        return _INTRODUCERS[searcher]
    except TypeError:  # a searcher that cannot be weakly referenced
        return annex_introducers(searcher.graph)


def warm_up(asker) -> None:
    """:meth:`Asker.warm_up <regc.retrieval.ask.Asker.warm_up>`, and each provision's sentences with their
    stemmed words (what :func:`extractive` reads), once per process: `regc ask --eval` / ``--questions`` call it
    before the first question, so that no question pays for loading."""
    asker.warm_up()
    _introducers_of(asker.s)
    for node in sorted(asker.s.part_nodes()):
        _stemmed_sentences(node_text(asker.s, node))
        title_keys(asker.s, node)
    _act_df(asker.s)


SYSTEM = ("You answer compliance questions from the provisions given, and only from them. Reply with one JSON "
          'object: {"rules": {"<rule_id>": [{"text": "<claim in your words>", "quote": "<exact words copied '
          'from that provision>"}]}}. Use only the rule ids listed; every quote must be copied verbatim from the '
          "provision it is filed under. Cite no provision that does not answer the question.")


def lm_prompt(searcher, anchor: Anchor, hits: list[Retrieved], max_chars: int = 2500) -> str:
    ctx = "\n\n".join(f"[{h.node}] {_label(searcher, h.node)}\n"
                      f"{node_text(searcher, h.node, h.version)[:max_chars]}"
                      for h in hits)
    return f"Topic anchor: {json.dumps(anchor.to_json(), ensure_ascii=False)}\n\nQuestion: {anchor.question}\n\n" \
           f"Provisions:\n{ctx}\n\nJSON:"


def with_lm(searcher, anchor: Anchor, hits: list[Retrieved], lm: LMCall) -> Answer:
    """LM-written claims under the gate: unknown rule ids and non-verbatim quotes are dropped (diagnostics)."""
    reply = lm(SYSTEM, lm_prompt(searcher, anchor, hits))
    diags: list[str] = []
    m = re.search(r"\{.*\}", reply or "", re.S)
    try:
        data = json.loads(m.group(0)) if m else None
        table = data.get("rules") if isinstance(data, dict) else None
        if not isinstance(table, dict):
            raise ValueError("no 'rules' object")
    except ValueError as e:
        diags.append(f"LM reply not usable ({e}); answered rules-only")
        ans = extractive(searcher, anchor, hits)
        ans.diagnostics = diags
        return ans
    retrieved = {h.node: h.version for h in hits}
    rules = []
    for rule_id, claims in table.items():
        if rule_id not in retrieved:
            diags.append(f"dropped rule {rule_id!r}: not a retrieved provision")
            continue
        text = node_text(searcher, rule_id, retrieved[rule_id])
        kept = []
        for c in claims if isinstance(claims, list) else []:
            if not (isinstance(c, dict) and isinstance(c.get("text"), str) and isinstance(c.get("quote"), str)):
                diags.append(f"dropped a malformed claim under {rule_id}")
            elif not verbatim(c["quote"], text):
                diags.append(f"dropped a claim under {rule_id}: quote not verbatim in it ({c['quote'][:60]!r})")
            else:
                kept.append({"text": c["text"].strip(), "quote": _norm(c["quote"])})
        if kept:
            rules.append(_rule(searcher, rule_id, kept, version_of_node(searcher, rule_id, retrieved[rule_id])))
    return Answer(_assemble(searcher, rules), rules, [h.to_json() for h in hits], diags)


__all__ = ["Answer", "extractive", "placed", "with_lm", "verbatim", "sentences", "CITE_MARGIN"]
