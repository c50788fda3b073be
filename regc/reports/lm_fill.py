"""Model fallback for the fixed keys the table rules left unsure: ask with the page text, keep only what
verifies on the cited page.

*Unsure* means: a KPI whose table was not found, or a fixed key (total, aligned / eligible-not-aligned amount
and share) that stayed null although a table was read.  For each such KPI the model gets the text of the
candidate pages (the KPI's table pages, else pages that mention the KPI together with Taxonomy words) and must
answer one JSON object of *printed tokens* with their page::

    {"total": {"token": "1,904.1", "page": 68}, "aligned_share": {"token": "32.7%", "page": 68}, "unit": "€ million"}

A value is accepted only when its token occurs on the cited page (``verify.number_on_page``), the page is one
of the pages shown, and, for amounts, a unit is known (from the table or printed on the cited page).  Accepted
values carry provenance (``source: model``) in ``disclosure["provenance"]``; rejected ones become findings.
The rules' values are never overwritten.

>>> parse_reply('```json\\n{"total": {"token": "1,234", "page": 3}}\\n```')
{'total': {'token': '1,234', 'page': 3}}
"""

from __future__ import annotations

import json
import re
from typing import Callable, Optional

from regc.reports import rows as V
from regc.reports.verify import number_on_page

KEYS = (  # reply field -> (path in the KPI block, is a share)
    ("total", ("total",), False),
    ("aligned_amount", ("aligned", "amount"), False),
    ("aligned_share", ("aligned", "share"), True),
    ("eligible_not_aligned_amount", ("eligible_not_aligned", "amount"), False),
    ("eligible_not_aligned_share", ("eligible_not_aligned", "share"), True),
)
MAX_PAGES_SHOWN = 3
MAX_CHARS_PER_PAGE = 6000
TAXONOMY_WORDS = re.compile(r"taxonom|aligned|eligible|konform|fähig", re.I)

SYSTEM = ("You read EU Taxonomy Article 8 KPI disclosures. From the page texts given, copy the printed values "
          "for the KPI asked. Reply with exactly one JSON object whose fields are among: "
          + ", ".join(k for k, _p, _s in KEYS)
          + ', each {"token": PRINTED TEXT, "page": PAGE NUMBER}, plus "unit" (the amount unit as printed). '
          "Copy tokens exactly as printed; omit a field that is not printed. Never compute a value.")


def _get(block: dict, path: tuple):
    cur = block
    for k in path:
        cur = cur.get(k) if isinstance(cur, dict) else None
    return cur


def _set(block: dict, path: tuple, value) -> None:
    cur = block
    for k in path[:-1]:
        cur = cur[k]
    cur[path[-1]] = value


def unsure_kpis(disclosure: dict) -> list[str]:
    """KPIs with no table pages or with a null fixed key."""
    out = []
    for kpi, block in disclosure["kpis"].items():
        if not block["pages"] or any(_get(block, path) is None for _k, path, _s in KEYS):
            out.append(kpi)
    return out


def candidate_pages(doc, kpi: str, block: dict) -> list[int]:
    """The KPI's table pages, else the pages naming the KPI with Taxonomy words (first few)."""
    if block["pages"]:
        return list(block["pages"])[:MAX_PAGES_SHOWN]
    hits = []
    for i, text in enumerate(doc.page_texts()):
        if kpi in V.kpi_words(text) and TAXONOMY_WORDS.search(text) and re.search(r"\d", text):
            hits.append(i + 1)
        if len(hits) >= MAX_PAGES_SHOWN:
            break
    return hits


def parse_reply(text: str) -> dict:
    """The model's JSON object (inside fences or prose); ValueError when there is none."""
    m = re.search(r"\{.*\}", text or "", re.S)
    if not m:
        raise ValueError("no JSON object in the reply")
    obj = json.loads(m.group(0))
    if not isinstance(obj, dict):
        raise ValueError("reply is not a JSON object")
    return obj


def _prompt(doc, kpi: str, pages: list[int]) -> list[dict]:
    shown = "\n\n".join(f"=== page {p} ===\n{doc.page(p).text[:MAX_CHARS_PER_PAGE]}" for p in pages)
    return [{"role": "system", "content": SYSTEM},
            {"role": "user", "content": f"KPI: {kpi}\n\n{shown}"}]


def verify_field(doc, field: dict, pages: list[int], share: bool, multiplier: Optional[float]):
    """(value, None) for a verified field, else (None, why)."""
    if not isinstance(field, dict) or not isinstance(field.get("token"), str) or not isinstance(field.get("page"), int):
        return None, "malformed field"
    token, page = field["token"].strip(), field["page"]
    if page not in pages:
        return None, f"page {page} was not shown"
    if not number_on_page(token, doc.page(page).text):
        return None, f"{token!r} does not occur on page {page}"
    decimal = V.detect_decimal(doc.page(page).text.split())
    value = V.parse_number(token.rstrip("%").strip(), decimal)
    if value is None:
        return None, f"{token!r} is not a number"
    if share:
        return V.scaled(value, 0.01), None
    mult = multiplier or V.unit_multiplier(doc.page(page).text)
    if mult is None:
        return None, f"no amount unit known for {token!r}"
    return V.scaled(value, mult), None


def fill_unsure(doc, disclosure: dict, chat: Callable[[list[dict]], str], multipliers: dict | None = None,
                trace: list | None = None, max_calls: int = 3) -> dict:
    """Ask the model for the unsure KPIs' fixed keys (one call per KPI, at most ``max_calls``); write verified
    values into ``disclosure`` (only where null), with provenance; findings for rejected ones."""
    findings = disclosure.setdefault("findings", [])
    prov = disclosure.setdefault("provenance", [])
    for kpi in unsure_kpis(disclosure)[:max(0, max_calls)]:
        block = disclosure["kpis"][kpi]
        pages = candidate_pages(doc, kpi, block)
        if not pages:
            continue
        step = {"tool": "lm_fill", "kpi": kpi, "pages": pages, "accepted": [], "rejected": []}
        try:
            reply = parse_reply(chat(_prompt(doc, kpi, pages)))
        except (OSError, ValueError) as e:
            findings.append({"severity": "warning", "page": None, "message": f"{kpi}: model fallback failed ({e})"})
            step["error"] = str(e)
            if trace is not None:
                trace.append(step)
            continue
        mult = (multipliers or {}).get(kpi) or (V.unit_multiplier(str(reply.get("unit") or "")) if reply.get("unit") else None)
        for name, path, share in KEYS:
            if name not in reply or _get(block, path) is not None:
                continue
            value, why = verify_field(doc, reply[name], pages, share, mult)
            if value is None:
                step["rejected"].append(name)
                findings.append({"severity": "warning", "page": reply[name].get("page") if isinstance(reply[name], dict) else None,
                                 "message": f"{kpi}.{name}: model value rejected ({why})"})
                continue
            _set(block, path, value)
            step["accepted"].append(name)
            prov.append({"kpi": kpi, "key": ".".join(path), "value": value, "page": reply[name]["page"],
                         "token": reply[name]["token"], "source": "model"})
            if reply[name]["page"] not in block["pages"]:
                block["pages"] = sorted(set(block["pages"]) | {reply[name]["page"]})
        if trace is not None:
            trace.append(step)
    return disclosure
