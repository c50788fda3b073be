"""Activity metadata read from an activity's description block: NACE codes and the enabling/transitional
designation, with provenance (source span of the sentence, the rule that matched).

The Taxonomy acts say it in one of a few fixed sentences ("… could be associated with several NACE codes, in
particular C25, C27 …", "An activity in this category is an enabling activity in accordance with Article
10(1), point (i) …", "… is a transitional activity as referred to in Article 10(2) …").  Every front-end's
ActivityDoc has ``description`` blocks, so this works for XHTML, OJ, Formex and Compass alike.

>>> m = metadata_from_text("Could be associated with NACE codes C25, C27.1 and F42.22. An activity in this "
...                        "category is an enabling activity in accordance with Article 10(1), point (i).")
>>> m["nace"], m["contribution_type"]
(['C25', 'C27.1', 'F42.22'], 'enabling')
"""

from __future__ import annotations

import re
from typing import Any, Optional

NACE_CONTEXT = re.compile(r"NACE\s+codes?", re.I)
NACE_CODE = re.compile(r"\b([A-U]\d{2}(?:\.\d{1,2}){0,2})\b")
# ordered rules: first match wins; a sentence naming the activity's own contribution type
CONTRIBUTION_RULES = (
    ("enabling-art10-1i", "enabling", re.compile(r"\benabling\s+activit(?:y|ies)\b[^.]{0,80}Article\s+1[016]", re.I)),
    ("enabling-plain", "enabling", re.compile(r"\bis\s+an?\s+enabling\s+activity\b", re.I)),
    ("transitional-art10-2", "transitional", re.compile(r"\btransitional\s+activit(?:y|ies)\b[^.]{0,80}Article\s+10\s*\(2\)", re.I)),
    ("transitional-plain", "transitional", re.compile(r"\bis\s+an?\s+transitional\s+activity\b", re.I)),
)


def _sentences(text: str) -> list[tuple[int, str]]:
    out, start = [], 0
    for m in re.finditer(r"(?<=[.;])\s+(?=[A-Z])", text):
        out.append((start, text[start:m.start()]))
        start = m.end()
    out.append((start, text[start:]))
    return out


def metadata_from_text(text: str) -> dict[str, Any]:
    """NACE codes and contribution type from a description text, with char offsets of the sentences used."""
    nace: list[str] = []
    prov: list[dict] = []
    ctype: Optional[str] = None
    for start, sent in _sentences(text):
        if NACE_CONTEXT.search(sent):
            tail = sent[NACE_CONTEXT.search(sent).end():]
            codes = [c for c in NACE_CODE.findall(tail.split("in accordance with")[0]) if c not in nace]
            if codes:
                nace += codes
                prov.append({"field": "nace", "rule": "nace-codes-sentence", "char_start": start, "char_end": start + len(sent)})
        if ctype is None:
            for rule, value, rx in CONTRIBUTION_RULES:
                if rx.search(sent) and not re.search(r"\bnot\s+an?\s+(?:enabling|transitional)", sent, re.I):
                    ctype = value
                    prov.append({"field": "contribution_type", "rule": rule, "char_start": start, "char_end": start + len(sent)})
                    break
    return {"nace": nace, "contribution_type": ctype, "provenance": prov}


def activity_metadata(adoc) -> Optional[dict[str, Any]]:
    """Metadata of an ActivityDoc (None when its description says nothing about NACE or contribution type).

    Provenance names the pass, the rule and the description block's source span of each matched sentence.
    """
    blocks = list(getattr(adoc, "description", []) or [])
    if not blocks:
        return None
    text, spans, pos = "", [], 0
    for b in blocks:
        spans.append((pos, pos + len(b.text), b.span))
        text += b.text + " "
        pos = len(text)
    meta = metadata_from_text(text)
    if not meta["nace"] and meta["contribution_type"] is None:
        return None
    for p in meta["provenance"]:
        span = next((s for a, e, s in spans if a <= p["char_start"] < e), None)
        p["pass"] = "activity_meta"
        p["span"] = span.model_dump(mode="json") if span is not None and hasattr(span, "model_dump") else None
        del p["char_start"], p["char_end"]
    return meta
