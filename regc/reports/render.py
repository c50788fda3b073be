"""Render check findings as a text table, JSON or a small HTML page (escaped).

>>> print(render_findings([], "table", "r.pdf"))
r.pdf: no findings
"""

from __future__ import annotations

import html
import json

COLUMNS = ("severity", "rule", "kpi", "code", "page", "message")


def render_findings(findings: list[dict], fmt: str, document: str | None = None) -> str:
    """``table`` (aligned columns), ``json`` (a list) or ``html`` (one table)."""
    if fmt == "json":
        return json.dumps({"document": document, "findings": findings}, ensure_ascii=False, indent=1)
    if fmt == "html":
        head = "".join(f"<th>{c}</th>" for c in COLUMNS)
        body = "".join("<tr>" + "".join(f"<td>{html.escape(str(f.get(c) if f.get(c) is not None else ''))}</td>" for c in COLUMNS) + "</tr>\n"
                       for f in findings)
        return (f"<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>{html.escape(str(document))}</title></head>"
                f"<body><h1>{html.escape(str(document))}</h1><table border=\"1\"><tr>{head}</tr>\n{body}</table></body></html>")
    if not findings:
        return f"{document}: no findings"
    rows = [[str(f.get(c) if f.get(c) is not None else "-") for c in COLUMNS] for f in findings]
    widths = [max(len(c), *(len(r[i]) for r in rows)) for i, c in enumerate(COLUMNS[:-1])]
    lines = ["  ".join(c.ljust(w) for c, w in zip(COLUMNS[:-1], widths)) + "  message"]
    lines += ["  ".join(v.ljust(w) for v, w in zip(r[:-1], widths)) + "  " + r[-1] for r in rows]
    errors = sum(1 for f in findings if f.get("severity") == "error")
    lines.append(f"{document}: {len(findings)} findings, {errors} errors")
    return "\n".join(lines)
