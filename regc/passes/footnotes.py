"""Pass `footnotes` (stage 6): attach footnote bodies to the nodes whose block printed their marker, split into
typed items.

Attachment: a node gets ``fn-<marker>`` for every marker in ``node.provenance.markers`` (set by the structure
pass; a marker printed in two nodes attaches to both).  Bodies come from ``ctx.activity.footnotes``.

Splitting (the ``footnote_items`` decision, :mod:`regc.decisions.footnote_items`), paper D.11:

- **EU Legal Act** — the act the note identifies (title up to the OJ reference, ``oj`` "OJ L 332, 11.12.2013,
  p. 34", CELEX from its number; ``must_be_fetched``) and every further act its title mentions (amended,
  repealed, legal basis: short title, ``citation_only``);
- **Standard** — ISO/EN/CEN/IEC designations with their titles (a "version of …: URL" tail goes to ``notes``);
- **Link** — a resource identified by a URL (tool, survey, list, guideline page);
- **Definition** — "X means …", "X is calculated as …", "X is …" where X is a term of the node's text; the
  ``definitions`` list holds ``{"term", "definition"}``;
- **Note** — explanatory text with none of the above (one item per sentence).

``categories``: Legal Reference (an EU act item), Technical Definition, Official Guideline/Standard (standards,
links, guidance), Explanatory Note (explanatory sentences beyond the items).  Orphan footnotes (body but no
marker in any criterion) are not attached; ``verify`` reports them as info.

>>> a = analyse_footnote("Directive 2009/33/EC of the European Parliament and of the Council of 23 April 2009 on the "
...                      "promotion of clean road transport vehicles (OJ L 120, 15.5.2009, p. 5).")
>>> [(i.kind, i.celex_id, i.oj) for i in a.items], a.categories
([('EU Legal Act', '32009L0033', 'OJ L 120, 15.5.2009, p. 5')], ['Legal Reference'])
"""

from __future__ import annotations

import re
from typing import Optional

from regc.decisions import FOOTNOTE_ITEMS
from regc.passes.memo import decide
from regc.decisions.footnote_items import (_KIND_CATEGORY, FootnoteAnalysis, analyse_footnote,  # noqa: F401
                                           split_sentences)
from regc.grammar.citations import STANDARD_CAND
from regc.ir.models import Diagnostic, Footnote, FootnoteItem, Unit
from regc.passes.context import PassContext
from regc.grammar.spaces import squash

NAME = "footnotes"

# ---------------------------------------------------------------------------------------------------------------
# the pass


def _ref_types(node) -> dict[str, str]:
    if not node.references:
        return {}
    return {squash(s.text).lower(): s.type for s in node.references.sources}


def _items(x, ctx, about: str) -> tuple[FootnoteAnalysis, list[FootnoteItem], float, Optional[str]]:
    """The rule analysis and the ``footnote_items`` verdict's items, confidence and model; a decider's items that
    do not validate, or whose CELEX is malformed or not printed in the body, leave the rule items."""
    v = decide(FOOTNOTE_ITEMS, x, ctx, about=about)
    if not v.model:
        return v.value, v.value.items, v.value.confidence, None
    a = decide(FOOTNOTE_ITEMS, x, None).value
    try:
        got = FOOTNOTE_ITEMS.to_value(getattr(v.value, "items", v.value), x, a)
    except (ValueError, TypeError, AttributeError):
        return a, a.items, a.confidence, None
    if FOOTNOTE_ITEMS.ground(got, x):
        return a, a.items, a.confidence, None
    return a, got.items, v.confidence, v.model


def _categories(items: list[FootnoteItem], a: FootnoteAnalysis) -> list[str]:
    if items == a.items:
        return a.categories
    cats = [_KIND_CATEGORY[i.kind] for i in items if i.kind in _KIND_CATEGORY]
    if any(i.kind == "Note" for i in items) or "Explanatory Note" in a.categories:
        cats.append("Explanatory Note")
    return list(dict.fromkeys(cats))


def _standard_refs(node) -> list[str]:
    if not node.references:
        return []
    return [s.text for s in node.references.sources if STANDARD_CAND.search(s.text)]


def run(unit: Unit, ctx: Optional[PassContext]) -> Unit:
    """Attach ``fn-<marker>`` footnotes to every node whose block printed the marker."""
    bodies = ctx.activity.footnotes if ctx is not None and getattr(ctx, "activity", None) is not None else {}
    for node in unit.root.walk():
        fns: list[Footnote] = []
        confs = []
        models: set[str] = set()
        for mk in dict.fromkeys(node.provenance.markers):
            body = bodies.get(mk)
            if body is None:
                continue  # verify reports a marker without body
            x = FOOTNOTE_ITEMS.Inputs(body.text, node.verbatim_text, tuple(_ref_types(node).items()),
                                      tuple(_standard_refs(node)))
            a, items, conf, model = _items(x, ctx, node.criterion_id)
            if model:
                models.add(model)
            fns.append(Footnote(id=f"fn-{mk}", categories=_categories(items, a), items=items,
                                definitions=a.definitions, notes=a.notes))
            confs.append(conf)
        node.set_field("footnotes", fns, pass_name=NAME,
                       rule="marker-attachment+splitter" if fns else "no-marker", model=",".join(sorted(models)) or None,
                       confidence=min(confs) if confs else 1.0)
    return unit


def verify(unit: Unit, ctx) -> list[Diagnostic]:
    """Marker without body (error); footnote on a node that did not print its marker (error); orphan footnotes of
    the activity, reported once, on its first unit (info)."""
    out: list[Diagnostic] = []
    bodies = ctx.activity.footnotes if ctx is not None and getattr(ctx, "activity", None) is not None else {}
    for node in unit.root.walk():
        for mk in node.provenance.markers:
            if mk not in bodies:
                out.append(Diagnostic(severity="error", code="FN_NO_BODY", kind="Completeness",
                                      criterion_id=node.criterion_id,
                                      message=f"footnote marker ({mk}) in {node.criterion_id} has no footnote body"))
        for fn in node.footnotes:
            if fn.id.removeprefix("fn-") not in node.provenance.markers:
                out.append(Diagnostic(severity="error", code="FN_NOT_MARKED", kind="Consistency",
                                      criterion_id=node.criterion_id,
                                      message=f"{fn.id} attached to {node.criterion_id}, whose block has no such marker"))
            for it in fn.items:
                if it.kind == "EU Legal Act" and it.celex_id is None and re.search(r"\d{1,4}/\d{1,4}", it.title):
                    out.append(Diagnostic(severity="warning", code="FN_CELEX_MISSING", kind="Completeness",
                                          criterion_id=node.criterion_id,
                                          message=f"{fn.id}: act {it.title[:60]!r} has a number but no CELEX"))
    if ctx is not None and getattr(ctx, "activity", None) is not None and ctx.activity.units \
            and ctx.unit_doc is ctx.activity.units[0]:
        marked = {m for u in ctx.activity.units for b in u.blocks for m in b.markers}
        for mk in sorted(set(bodies) - marked, key=lambda x: (len(x), x)):
            out.append(Diagnostic(severity="info", code="FN_ORPHAN", kind="Completeness",
                                  message=f"footnote ({mk}) of {ctx.activity.activity_id} is marked in no criterion "
                                          f"(activity description or removed by amendment); not attached"))
    return out
