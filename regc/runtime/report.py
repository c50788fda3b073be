"""Self-contained HTML report of an evaluation: criterion tree with colour-coded verdicts, thresholds against
facts, arithmetic, missing evidence; every criterion links to its source text (a "Source text" section per
activity: the criterion's verbatim text and where it stands in the source file).  Every piece of text from the
regulation or the facts goes through ``html.escape``; the file has no scripts and no external resources (it is
checked in a headless Chromium by ``tests/test_report_browser.py``).

>>> "<script>" in render([{"activity": "A<script>", "name": "", "verdict": "PASS", "as_of": None, "units": []}],
...                      {"A<script>": {"missing": [], "errors": [], "warnings": []}})
False
"""

from __future__ import annotations

import html
from typing import Any

_COLOURS = {"PASS": "#1b7f3b", "FAIL": "#b3261e", "UNKNOWN": "#a86b00", "NOT_APPLICABLE": "#5f6368",
            "ANCILLARY": "#8a8a8a"}
_CSS = """
body{font-family:system-ui,sans-serif;margin:2em;max-width:70em;color:#222}
.v{display:inline-block;min-width:9em;padding:0 .4em;border-radius:3px;color:#fff;font-size:.85em;text-align:center}
ul.tree{list-style:none;padding-left:1.4em;border-left:1px dotted #bbb}
li{margin:.35em 0} .id{font-family:monospace;font-weight:bold} .text{color:#333}
.meta{font-size:.85em;color:#555;margin-left:1em} .miss{color:#a86b00} .err{color:#b3261e}
a.src{font-size:.8em;margin-left:.6em} dl.sources dt{font-family:monospace;font-weight:bold;margin-top:.8em}
dl.sources dd{margin:.2em 0 0 1.4em;border-left:3px solid #ddd;padding-left:.6em} :target{background:#fff4c2}
details summary{cursor:pointer} code{background:#f3f3f3;padding:0 .2em}
"""


def _e(x: Any) -> str:
    return html.escape("" if x is None else str(x), quote=True)


def _badge(v: str) -> str:
    return f'<span class="v" style="background:{_COLOURS.get(v, "#444")}">{_e(v)}</span>'


def _anchor(activity: str, node_id: str) -> str:
    """A safe fragment id: only [A-Za-z0-9_-] survive, everything else is hex-escaped."""
    raw = f"{activity}/{node_id}"
    return "c-" + "".join(ch if ch.isascii() and (ch.isalnum() or ch in "-_") else f"_{ord(ch):x}_" for ch in raw)


def _node(activity: str, n: dict) -> str:
    parts = [f'<li id="{_anchor(activity, n["id"])}">{_badge(n["verdict"])} <span class="id">{_e(n["id"])}</span>',
             f'<a class="src" href="#src-{_anchor(activity, n["id"])}">source text</a>']
    if n.get("conditional"):
        parts.append(' <span class="meta">(conditional)</span>')
    if n.get("anchored"):
        parts.append(' <span class="meta">(qualifies its parent: always required)</span>')
    if n.get("logic") and n["logic"] != "LEAF":
        logic = n["logic"] if n["logic"] != "N_OF_K" else f"at least {n.get('n_required')} of"
        parts.append(f' <span class="meta">{_e(logic)}</span>')
    if n.get("text"):
        parts.append(f'<div class="text">{_e(n["text"])}</div>')
    meta = []
    if n.get("thresholds"):
        joiner = f" {n['threshold_logic']} " if n.get("threshold_logic") else "; "
        meta.append("threshold: " + _e(joiner.join(n["thresholds"])))
    facts = n.get("facts")
    if facts:
        meta.append("facts: " + _e(", ".join(facts.get("values") or ["(none usable)"])) + " from " +
                    _e(", ".join(facts.get("sources") or [])))
        for ev in facts.get("evidence") or []:
            page = f", p. {ev['page']}" if ev.get("page") else ""
            meta.append("evidence: " + _e(ev.get("document")) + _e(page))
    for a in n.get("arithmetic") or []:
        meta.append("<code>" + _e(a) + "</code>")
    if n.get("reason"):
        meta.append("why: " + _e(n["reason"]))
    if n.get("missing"):
        meta.append('<span class="miss">missing: ' + _e(", ".join(n["missing"])) + "</span>")
    span = n.get("span")
    if span:
        loc = span.get("path") or ""
        if span.get("start") is not None:
            loc += f" [{span.get('start')}:{span.get('end')}]"
        meta.append("source: " + _e(span.get("file")) + " " + _e(loc))
    if meta:
        parts.append('<div class="meta">' + "<br>".join(meta) + "</div>")
    kids = n.get("children") or []
    if kids:
        parts.append('<ul class="tree">' + "".join(_node(activity, c) for c in kids) + "</ul>")
    parts.append("</li>")
    return "".join(parts)


def _sources(activity: str, units: list[dict]) -> str:
    """The activity's "Source text" section: per criterion its verbatim text and location, linked both ways."""
    out = [f'<h3 id="src-{_anchor(activity, "")}">Source text</h3><dl class="sources">']
    stack = [u["root"] for u in reversed(units)]
    while stack:
        n = stack.pop()
        a = _anchor(activity, n["id"])
        span = n.get("span") or {}
        loc = " ".join(x for x in (str(span.get("file") or ""), str(span.get("path") or "")) if x)
        if span.get("start") is not None:
            loc += f" [{span.get('start')}:{span.get('end')}]"
        out.append(f'<dt id="src-{a}"><a href="#{a}">{_e(n["id"])}</a>'
                   + (f' <span class="meta">{_e(loc)}</span>' if loc else "") + "</dt>")
        out.append(f'<dd>{_e(n.get("text") or n.get("summary") or "(no text of its own)")}</dd>')
        stack.extend(reversed(n.get("children") or []))
    out.append("</dl>")
    return "".join(out)


def render(explanations: list[dict], results: dict[str, dict], title: str = "regc compliance evaluation",
           as_of: str | None = None) -> str:
    """``explanations``: from :func:`regc.runtime.evaluator.explain_activity`; ``results``: activity id ->
    result dict (missing, errors, warnings); ``as_of``: a line naming the assessment date used."""
    out = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">', f"<title>{_e(title)}</title>",
           f"<style>{_CSS}</style></head><body>", f"<h1>{_e(title)}</h1>"]
    if as_of:
        out.append(f'<p class="asof">{_e(as_of)}</p>')
    out.append("<table><tr><th>activity</th><th>verdict</th><th>missing evidence</th></tr>")
    for ex in explanations:
        aid = ex["activity"]
        res = results.get(aid, {})
        miss = ", ".join(res.get("missing") or [])
        out.append(f'<tr><td><a href="#{_anchor(aid, "")}">{_e(aid)}</a></td><td>{_badge(ex["verdict"])}</td>'
                   f"<td>{_e(miss)}</td></tr>")
    out.append("</table>")
    for ex in explanations:
        aid = ex["activity"]
        res = results.get(aid, {})
        out.append(f'<h2 id="{_anchor(aid, "")}">{_badge(ex["verdict"])} {_e(aid)} {_e(ex.get("name"))}</h2>')
        if ex.get("as_of"):
            out.append(f'<p class="meta">assessment date {_e(ex["as_of"])}</p>')
        for e in res.get("errors") or []:
            out.append(f'<p class="err">error: {_e(e)}</p>')
        for w in res.get("warnings") or []:
            out.append(f'<p class="meta">warning: {_e(w)}</p>')
        if res.get("missing"):
            out.append('<p class="miss">missing evidence: ' +
                       ", ".join(f'<a href="#{_anchor(aid, m)}">{_e(m)}</a>' for m in res["missing"]) + "</p>")
        for u in ex["units"]:
            out.append(f"<h3>{_badge(u['verdict'])} {_e(u['part'])}</h3>")
            out.append('<ul class="tree">' + _node(aid, u["root"]) + "</ul>")
        out.append(_sources(aid, ex["units"]))
    out.append("</body></html>")
    return "\n".join(out) + "\n"
