"""Activity codes from activity names, for tables that print names only ('Manufacture of batteries', no '3.4').

The names and section numbers come from the Taxonomy Compass export in the corpus (Delegated Regulation (EU)
2021/2139: climate mitigation and adaptation activities), read once per process; without a corpus there is no
index and a name-only row stays without code (a finding says so).  Matching: normalised words equal, else a
close match (difflib ratio >= ``MIN_RATIO``) — never a partial guess.

>>> normalise_name("Manufacture of  Renewable-energy technologies¹")
'manufacture of renewable energy technologies'
>>> match_section("Manufacture of renewable energy technologies", {"manufacture of renewable energy technologies": "3.1"})
'3.1'
"""

from __future__ import annotations

import difflib
import json
import re
from functools import lru_cache

MIN_RATIO = 0.9
COMPASS_FILE = ("taxonomy-compass-json", "taxonomy-1.0.4.json")


def normalise_name(name: str) -> str:
    """Lower-case words of a name, hyphens and punctuation as spaces, footnote marks dropped."""
    return " ".join(re.findall(r"[a-zäöüß]+", name.lower().replace("\xad", "")))


@lru_cache(maxsize=1)
def name_index() -> dict[str, str]:
    """Normalised activity name -> section number ('3.1'); empty when the corpus is not available."""
    from regc.retrieval.locate import corpus_root

    root = corpus_root()
    path = root.joinpath(*COMPASS_FILE) if root else None
    if path is None or not path.is_file():
        return {}
    try:
        acts = json.loads(path.read_text(encoding="utf-8")).get("activities", [])
    except (OSError, ValueError):
        return {}
    return {normalise_name(a["name"]): str(a["reference"]) for a in acts
            if isinstance(a, dict) and a.get("name") and a.get("reference")}


def match_section(name: str, index: dict[str, str] | None = None) -> str | None:
    """The section number of a printed activity name, None when no name is close enough."""
    index = name_index() if index is None else index
    key = normalise_name(name)
    if not key or not index:
        return None
    if key in index:
        return index[key]
    close = difflib.get_close_matches(key, list(index), n=1, cutoff=MIN_RATIO)
    return index[close[0]] if close else None
