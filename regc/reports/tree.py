"""The document tree of a report PDF as ``regc segment`` shows it: sections (outline, else typographic or
numbered headings), pages with modality and contents-page flag, and the KPI tables as nodes under the
section that covers their first page.

>>> render_tree({"document": "r.pdf", "pages": 2, "sections": [{"title": "EU Taxonomy", "level": 1, "page": 2,
...     "source": "outline", "tables": [{"kpi": "capex", "pages": [2], "rows": 9}]}], "unplaced_tables": [],
...     "page_info": [{"page": 1, "modality": "digital", "toc": True}, {"page": 2, "modality": "digital", "toc": False}],
...     "findings": []}).splitlines()[:3]
['r.pdf: 2 pages (2 digital), 1 sections, 1 KPI tables; contents pages: 1', 'EU Taxonomy  p.2 [outline]', '  [table capex] pages 2, 9 rows']
"""

from __future__ import annotations

from collections import Counter

from regc.reports.pdftree import Document

MAX_TREE_PAGES = 1200  # pages whose modality is listed (a larger PDF is summarised)


def document_tree(doc: Document) -> dict:
    """Sections, per-page modality/contents flag, and KPI tables placed under their section."""
    from regc.reports.kpi_tables import find_tables

    sections = [{"title": s.title, "level": s.level, "page": s.page, "source": s.source, "tables": []}
                for s in doc.outline()]
    findings = []
    if doc.page_count > MAX_TREE_PAGES:
        findings.append(f"{doc.page_count} pages: only the first {MAX_TREE_PAGES} are listed and scanned")
    page_info = [{"page": n, "modality": doc.page(n).modality, "toc": doc.page(n).is_toc}
                 for n in range(1, min(doc.page_count, MAX_TREE_PAGES) + 1)]
    unplaced = []
    for t in find_tables(doc):
        node = {"kpi": t.kpi, "pages": t.pages, "rows": sum(1 for r in t.rows if r.kind != "section")}
        home = None
        for s in sections:
            if s["page"] <= t.pages[0]:
                home = s
        (home["tables"] if home is not None else unplaced).append(node)
    return {"document": doc.name, "pages": doc.page_count, "sections": sections, "unplaced_tables": unplaced,
            "page_info": page_info, "findings": findings}


def render_tree(tree: dict) -> str:
    """Text view: a summary line, then sections indented by level with their tables, then page notes."""
    mod = Counter(p["modality"] for p in tree["page_info"])
    tables = sum(len(s["tables"]) for s in tree["sections"]) + len(tree["unplaced_tables"])
    toc = [str(p["page"]) for p in tree["page_info"] if p["toc"]]
    head = (f"{tree['document']}: {tree['pages']} pages ({', '.join(f'{n} {m}' for m, n in sorted(mod.items()))}), "
            f"{len(tree['sections'])} sections, {tables} KPI tables; contents pages: {', '.join(toc) or 'none'}")
    out = [head]
    for t in tree["unplaced_tables"]:
        out.append(f"[table {t['kpi']}] pages {', '.join(map(str, t['pages']))}, {t['rows']} rows")
    for s in tree["sections"]:
        ind = "  " * (s["level"] - 1)
        out.append(f"{ind}{s['title']}  p.{s['page']} [{s['source']}]")
        for t in s["tables"]:
            out.append(f"{ind}  [table {t['kpi']}] pages {', '.join(map(str, t['pages']))}, {t['rows']} rows")
    odd = [p for p in tree["page_info"] if p["modality"] != "digital"]
    for p in odd:
        out.append(f"page {p['page']}: {p['modality']}")
    out += [f"note: {f}" for f in tree["findings"]]
    return "\n".join(out) + "\n"
