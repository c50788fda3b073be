"""Pass `resolve` (optional, before `assembly`): verify, correct and enrich every reference source and footnote item.

It lives in the retrieval layer (it needs the index and the resolver; the passes below it must not), and the
compiler adds it to the pipeline when asked (``regc compile --resolve``).  Runs only when the compile options carry a resolver (``regc compile --resolve --index INDEX`` sets
``CompileOptions.extra["resolver"] = {"index": INDEX, "fusion": "rrf"}``); otherwise it returns the unit as is.
Per source:

- EU act: CELEX verified against the index's registry, corrected (letter, transposition, format; up to 3 tries)
  or found by title; then criterion-conditioned retrieval + extractive enrichment (:func:`regc.retrieval.enrich.enrich`);
- internal reference ("Section 5.11 of this Annex", "Appendix A"): resolved to the compiled unit/appendix of the
  same act; enrichment ``retrieved`` with the target as passage, ``not_found`` otherwise;
- ISO/EN standard: ``paywalled``; ``citation_only`` sources and other documents: ``skipped``.

>>> from regc.ir.models import Unit, CriterionNode
>>> run(Unit(unit_id="X/SC", root=CriterionNode(criterion_id="ROOT")), None).unit_id   # no resolver: no-op
'X/SC'
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Optional

from regc.ir.models import Diagnostic, Enrichment, FootnoteItem, ReferenceSource, References, Unit

NAME = "resolve"
_INTERNAL = re.compile(r"^(?:the relevant )?(?:Sections?\b|Appendix\s+[A-Z]\b)")


@lru_cache(maxsize=4)
def _searcher(index: str):
    from regc.retrieval.search import Searcher

    return Searcher.open(index)


@lru_cache(maxsize=2)
def _full_act(file: str, fmt: str):
    """The whole act (every activity) when the driver handed the pass a slimmed copy holding one activity."""
    from regc.frontends import load_source

    try:
        return load_source(file, fmt)
    except Exception:  # the source was readable for the compile; if not now, internal lookups just fail
        return None


def _act_for_internal(act, targets_needed: bool):
    if act is None or not targets_needed or len(act.activities) > 1:
        return act
    full = _full_act(act.file, act.format) if act.file else None
    return full if full is not None else act


def _as_of(ctx) -> Optional[str]:
    """The date bound of the act being compiled (its CELEX year), for point-in-time quotes of the acts it cites."""
    from regc.retrieval.retrieve import as_of_celex

    act = getattr(ctx, "act", None) if ctx is not None else None
    return as_of_celex(getattr(act, "celex", None))


def _config(ctx) -> Optional[dict]:
    if ctx is None:
        return None
    r = ctx.options.extra.get("resolver")
    if not r:
        return None
    return r if isinstance(r, dict) else {"index": str(r)}


def resolve_source(src: ReferenceSource, node_text: str, searcher, ctx) -> tuple[ReferenceSource, str]:
    """A copy of ``src`` with a verified/corrected CELEX and an enrichment; plus the rule that decided."""
    from regc.retrieval.enrich import STANDARD, enrich
    from regc.retrieval.resolve import resolve_internal, verify_celex
    from regc.grammar.citations import find_citations

    text = src.text.strip()
    memory = ctx.memory.activity if ctx is not None else {}
    if src.type == "citation_only":
        return src.model_copy(update={"enrichment": Enrichment(status="skipped")}), "citation-only:skipped"
    if _INTERNAL.match(text):
        act = ctx.act if ctx is not None else None
        objective = memory.get("objective") or memory.get("activity_id", "").split("-")[0]
        targets = resolve_internal(text, act, objective)
        if targets and not all(t.found for t in targets):
            act = _act_for_internal(act, True)
            targets = resolve_internal(text, act, objective)
        found = [t for t in targets if t.found]
        if not found:
            return src.model_copy(update={"enrichment": Enrichment(status="not_found", confidence=0.0)}), \
                "internal:not-found"
        names = []
        for t in found:
            a = act.activity(t.target) if t.kind == "section" else None
            names.append(f"{t.target} ({a.name})" if a is not None else t.target)
        enr = Enrichment(status="retrieved", summary=f"Internal reference to {', '.join(names)} of the same act.",
                         confidence=1.0, passages=[{"doc": act.celex, "locator": t.target, "score": 1.0}
                                                   for t in found])
        return src.model_copy(update={"enrichment": enr}), "internal:resolved"
    if STANDARD.match(text):
        return src.model_copy(update={"enrichment": Enrichment(status="paywalled")}), "standard:paywalled"
    cits = [c for c in find_citations(text) if c.kind == "eu_act"]
    cit = cits[0] if cits else None
    celex_in = src.celex_id or (cit.celex if cit else None)
    if celex_in is None and (cit is None or not cit.rule.startswith("pattern:named-act")):
        return src.model_copy(update={"enrichment": Enrichment(status="skipped")}), "not-an-act:skipped"
    res = verify_celex(celex_in, searcher.registry, text)
    celex = res.celex if res.status in {"verified", "corrected", "title_match"} else celex_in
    pinpoint = cit.pinpoint if cit else None
    enr = enrich(searcher, text, celex if res.status in {"verified", "corrected", "title_match"} else None,
                 pinpoint=pinpoint, criterion_text=node_text, activity_name=memory.get("name", ""),
                 objective=memory.get("objective", ""), fusion=(_config(ctx) or {}).get("fusion", "rrf"), ctx=ctx,
                 as_of=_as_of(ctx))
    update = {"enrichment": Enrichment(**enr)}
    if celex and celex != src.celex_id:
        update["celex_id"] = celex
    return src.model_copy(update=update), f"celex:{res.status}({res.rule})"


def node_pinpoint(node_text: str, celex: Optional[str]) -> Optional[str]:
    """The provision of ``celex`` that the criterion text pinpoints, when a footnote names the whole act:
    "... referred to in Article 3 of Regulation (EU) 2018/1999 (1)" with footnote (1) naming the Regulation
    -> "Article 3".  One pinpoint only (several: the whole act stays the target).

    >>> node_pinpoint("the plan referred to in Article 3 of Regulation (EU) 2018/1999", "32018R1999")
    'Article 3'
    """
    from regc.grammar.citations import find_citations

    if not celex:
        return None
    pins = {c.pinpoint for c in find_citations(node_text) if c.kind == "eu_act" and c.celex == celex and c.pinpoint}
    return pins.pop() if len(pins) == 1 else None


def resolve_footnote_item(item: FootnoteItem, node_text: str, searcher, ctx) -> tuple[FootnoteItem, str]:
    """Footnote items that name an EU act (or a standard) get the same verification and enrichment."""
    from regc.retrieval.enrich import enrich
    from regc.retrieval.resolve import verify_celex

    if item.kind == "Standard":
        return item.model_copy(update={"enrichment": Enrichment(status="paywalled")}), "standard:paywalled"
    if item.kind != "EU Legal Act" or item.type == "citation_only":
        return item, "not-enriched"
    memory = ctx.memory.activity if ctx is not None else {}
    res = verify_celex(item.celex_id, searcher.registry, item.title)
    ok = res.status in {"verified", "corrected", "title_match"}
    # the footnote's own pinpoint ("Article 4(1), point (a), of Regulation (EU) 2018/858"), else the criterion's
    pinpoint = (node_pinpoint(item.title, res.celex) or node_pinpoint(node_text, res.celex)) if ok else None
    enr = enrich(searcher, item.title, res.celex if ok else None, criterion_text=node_text, pinpoint=pinpoint,
                 activity_name=memory.get("name", ""), objective=memory.get("objective", ""),
                 fusion=(_config(ctx) or {}).get("fusion", "rrf"), ctx=ctx, as_of=_as_of(ctx))
    update = {"enrichment": Enrichment(**enr)}
    if ok and res.celex != item.celex_id:
        update["celex_id"] = res.celex
    return item.model_copy(update=update), f"celex:{res.status}"


def run(unit: Unit, ctx) -> Unit:
    cfg = _config(ctx)
    if cfg is None:
        return unit
    searcher = _searcher(cfg["index"])
    for node in unit.root.walk():
        if node.footnotes and any(i.kind in {"EU Legal Act", "Standard"} for f in node.footnotes for i in f.items):
            fns, rules = [], []
            for f in node.footnotes:
                items = []
                for i in f.items:
                    new, rule = resolve_footnote_item(i, node.verbatim_text, searcher, ctx)
                    items.append(new)
                    rules.append(rule)
                fns.append(f.model_copy(update={"items": items}))
            node.set_field("footnotes", fns, pass_name=NAME, rule="; ".join(rules))
        refs = node.references
        if refs is None or not refs.sources:
            continue
        out, rules = [], []
        for src in refs.sources:
            new, rule = resolve_source(src, node.verbatim_text, searcher, ctx)
            out.append(new)
            rules.append(rule)
        node.set_field("references", References(logic=refs.logic, sources=out), pass_name=NAME,
                       rule="; ".join(rules))
    return unit


def verify(unit: Unit, ctx) -> list[Diagnostic]:
    """Info diagnostics for must-be-fetched sources that could not be retrieved (the unit is still valid)."""
    if _config(ctx) is None:
        return []
    diags = []
    for node in unit.root.walk():
        for src in (node.references.sources if node.references else []):
            e = src.enrichment
            if src.type == "must_be_fetched" and e is not None and e.status == "not_found":
                where = "no such unit or appendix in the compiled act" if _INTERNAL.match(src.text.strip()) \
                    else "not in the indexed corpus" + (f" (CELEX {src.celex_id})" if src.celex_id else "")
                diags.append(Diagnostic(severity="info", code="RESOLVE_NOT_FOUND", kind="Completeness",
                                        message=f"{src.text!r}: {where}",
                                        criterion_id=node.criterion_id, pass_name=NAME))
    return diags
