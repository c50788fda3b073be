"""Activity codes from activity names, for tables that print names only ('Manufacture of batteries', no '3.4').

The names, objectives and section numbers come from the delegated acts in the corpus, read once per process:
the newest consolidated version of 2021/2139 (Annex I climate mitigation, Annex II adaptation) and 2023/2486
(Annexes I-IV: water, circular economy, pollution, biodiversity) -- each activity heading '9.1. Engineering
activities … Description of the activity' in its annex.  The same name can stand in several annexes under
different numbers ('Data processing, hosting …' CCM 8.1 / CCA 8.1); the row's objective picks among them, else
climate mitigation, else the first annex.  Without those acts the Taxonomy Compass export is the fallback (its
'reference' numbers follow the mitigation annex).  Matching: normalised words equal, else a close match
(difflib ratio >= ``MIN_RATIO``) -- never a partial guess.  No corpus: no index, and a name-only row stays
without code (a finding says so).

>>> normalise_name("Manufacture of  Renewable-energy technologies¹")
'manufacture of renewable energy technologies'
>>> match_section("Manufacture of renewable energy technologies", {"manufacture of renewable energy technologies": "3.1"})
'3.1'
>>> idx = {"data processing hosting and related activities": {"CCM": "8.1", "CCA": "8.1"},
...        "engineering activities": {"CCA": "9.1"}}
>>> match_code("Engineering activities", "CCM", idx), match_code("Data processing, hosting and related activities", None, idx)
(('CCA', '9.1'), ('CCM', '8.1'))
"""

from __future__ import annotations

import difflib
import json
import re
from functools import lru_cache

MIN_RATIO = 0.9
COMPASS_FILE = ("taxonomy-compass-json", "taxonomy-1.0.4.json")
# (act folder in eurlex-lex-corpus/works, objective of each annex in order) -- the annexes that define activities
ACT_ANNEXES = (("32021r2139", ("CCM", "CCA")), ("32023r2486", ("WTR", "CE", "PPC", "BIO")))
ROMAN = ("I", "II", "III", "IV", "V", "VI")
ACTIVITY_HEADING = re.compile(r"(?<![\d.])(?P<sec>\d{1,2}\.\d{1,2})\.\s+(?P<name>[A-Z][^.;:]{4,250}?)\s+"
                              r"Description\s+of\s+the\s+activity")


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


def _act_text(folder) -> str:
    """The plain text of an act's newest version in the corpus (XHTML, else the Formex main file); '' if none."""
    import html

    versions = sorted(p for p in folder.iterdir() if p.is_dir()) if folder.is_dir() else []
    for version in reversed(versions):
        files = [version / "en.xml"] + sorted((version / "en.fmx4").glob("*.xml")) if (version / "en.fmx4").is_dir() \
            else [version / "en.xml"]
        for f in files:
            if f.is_file() and f.stat().st_size > 50_000:
                raw = f.read_text(encoding="utf-8", errors="replace")
                return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", raw)).split())
    return ""


def annex_headings(text: str, objectives: tuple[str, ...]) -> list[tuple[str, str, str]]:
    """(objective, section, name) of every activity heading, by the annex it stands in (annex markers taken
    in order: the first 'ANNEX I', then the first 'ANNEX II' after it, …).

    >>> annex_headings("ANNEX I 3.1. Manufacture of X Description of the activity ANNEX II 3.1. Manufacture "
    ...                "of X Description of the activity", ("CCM", "CCA"))
    [('CCM', '3.1', 'Manufacture of X'), ('CCA', '3.1', 'Manufacture of X')]
    """
    starts, pos = [], 0
    for roman in ROMAN[:len(objectives)]:
        m = re.compile(rf"\bANNEX {roman}\b").search(text, pos)
        if m is None:
            break
        starts.append(m.start())
        pos = m.end()
    out = []
    for h in ACTIVITY_HEADING.finditer(text):
        k = sum(1 for s in starts if s <= h.start()) - 1
        if k >= 0:
            out.append((objectives[k], h.group("sec"), " ".join(h.group("name").split())))
    return out


@lru_cache(maxsize=1)
def act_index() -> dict[str, dict[str, str]]:
    """Normalised activity name -> {objective: section} from the delegated acts; {} without them."""
    from regc.retrieval.locate import corpus_root

    root = corpus_root()
    index: dict[str, dict[str, str]] = {}
    if root is None:
        return index
    for act, objectives in ACT_ANNEXES:
        for obj, sec, name in annex_headings(_act_text(root / "eurlex-lex-corpus" / "works" / act), objectives):
            index.setdefault(normalise_name(name), {}).setdefault(obj, sec)
    return index


def match_code(name: str, objective: str | None = None, index: dict | None = None) -> tuple[str, str] | None:
    """(objective, section) of a printed activity name: the act's entry for ``objective`` if it has one, else
    climate mitigation's, else the first; the Compass export (mitigation numbering) when the acts are absent."""
    index = act_index() if index is None else index
    key = normalise_name(name)
    if not key:
        return None
    if not index:
        section = match_section(name)
        return (objective or "CCM", section) if section else None
    hit = index.get(key)
    if hit is None:
        close = difflib.get_close_matches(key, list(index), n=1, cutoff=MIN_RATIO)
        hit = index[close[0]] if close else None
    if hit is None:
        return None
    obj = objective if objective in hit else "CCM" if "CCM" in hit else next(iter(hit))
    return obj, hit[obj]
