"""Stages 4/6 (references, footnotes) end to end: front-end -> structure -> classify -> references -> footnotes on the
acts of the dev gold, scored against the gold (spec §5 Reference F1; footnote attachment/item/category F1), plus
the whole-act figures (sources, footnote items by kind, verify diagnostics, seconds per unit of the two passes).
"""

from __future__ import annotations

import collections


def run() -> list[tuple[str, str]]:
    from regc.compiler.driver import compile_act
    from regc.frontends import find_in_corpus, load_source
    from regc.compiler.passmanager import CompileOptions
    from regc.retrieval.locate import corpus_root, gold_root
    from regc.ir.models import load_activity
    from regc.passes import classify, footnotes, references, structure
    from regc.eval.refscore import PRF, footnote_prf, pair_nodes, reference_prf

    gold, corpus = gold_root(), corpus_root()
    if gold is None or corpus is None:
        return [("stages 4/6", "gold or corpus not found")]
    golds = [load_activity(p) for p in sorted(gold.glob("*.json"))]
    rows: list[tuple[str, str]] = []
    ref, ref_sc, att, items, cats = PRF(), PRF(), PRF(), PRF(), PRF()
    n_src = 0
    kinds: collections.Counter = collections.Counter()
    diags: collections.Counter = collections.Counter()
    pass_secs = 0.0
    n_units = 0
    for celex, version in sorted({(g.source.celex, g.source.version) for g in golds}):
        fmt = {g.source.format for g in golds if g.source.celex == celex}.pop()
        name = "en.fmx4" if fmt == "formex" else "en.xml"
        path = corpus / "eurlex-lex-corpus" / "works" / celex.lower() / version / name
        act = load_source(path if path.exists() else find_in_corpus(corpus, celex, version, name))
        res = compile_act(act, CompileOptions(), pipeline=(structure, classify, references, footnotes))
        pass_secs += sum(r.seconds for r in res.records if r.pass_name in ("references", "footnotes"))
        for d in res.diagnostics:
            if d.pass_name in ("references", "footnotes"):
                diags[f"{d.severity}:{d.code}"] += 1
        by_id = {a.activity_id: a for a in res.activities}
        for a in res.activities:
            for u in a.units:
                n_units += 1
                for n in u.root.walk():
                    n_src += len(n.references.sources) if n.references else 0
                    for f in n.footnotes:
                        kinds.update(i.kind for i in f.items)
        for g in golds:
            if g.source.celex != celex or g.activity_id not in by_id:
                continue
            for gu in g.units:
                su = by_id[g.activity_id].unit(gu.part)
                if su is None:
                    continue
                for s, gn in pair_nodes(su, gu):
                    ref.add(reference_prf(s, gn))
                    if gu.part == "SC":
                        ref_sc.add(reference_prf(s, gn))
                    a_, i_, c_ = footnote_prf(s, gn)
                    att.add(a_), items.add(i_), cats.add(c_)
    rows.append(("reference F1 all (P/R)", f"{ref.f1:.3f} ({ref.precision:.3f}/{ref.recall:.3f}, {int(ref.n_gold)} gold sources)"))
    rows.append(("reference F1 SC", f"{ref_sc.f1:.3f}"))
    rows.append(("footnote attachment F1", f"{att.f1:.3f} ({int(att.n_gold)} gold footnotes)"))
    rows.append(("footnote item F1", f"{items.f1:.3f} ({int(items.n_gold)} gold items)"))
    rows.append(("footnote category F1", f"{cats.f1:.3f}"))
    rows.append(("whole acts: units / sources", f"{n_units} / {n_src}"))
    rows.append(("whole acts: footnote items by kind", ", ".join(f"{k} {v}" for k, v in kinds.most_common())))
    rows.append(("whole acts: verify diagnostics", ", ".join(f"{k} {v}" for k, v in diags.most_common()) or "none"))
    rows.append(("references+footnotes ms per unit (incl. ODR)", f"{1000 * pass_secs / max(n_units, 1):.2f}"))
    return rows
