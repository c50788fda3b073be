"""Kernel part 2 of 3 (:mod:`regc.runtime.kernel`): reading fact values and indexing them by criterion.

Booleans, numbers, dates, ``{"applies": false}``, quantities with units and periods (``"250 g CO2e/kWh"``),
and the per-activity fact table (:func:`index_facts`: criterion ids, metric names, tags, phrases).

Rules for this file: standard library only (plus the pure unit functions of :mod:`regc.ir.units`, which codegen
inlines; other regc imports only of the kernel's own parts, ``regc.runtime.kernel_*``), no I/O, deterministic.

>>> fmt_num(2.50), sorted(content_words("the direct GHG emissions of the activity"))
('2.5', ['activity', 'direct', 'emission', 'ghg'])
"""

import datetime as _dt
import math as _math
import re as _re

from regc.ir.units import UnitError, norm_metric, normalise_unit_text, parse_unit

# ---------------------------------------------------------------------------------------------------------------
# reading fact values

_BOOL_TRUE = frozenset(["true", "yes", "y", "met", "pass", "passed", "compliant", "1"])
_BOOL_FALSE = frozenset(["false", "no", "n", "not met", "fail", "failed", "non-compliant", "noncompliant", "0"])
_NOT_APPLICABLE = frozenset(["n/a", "na", "not applicable", "does not apply", "not_applicable"])
_ISO_DATE_RE = _re.compile(r"^\d{4}-\d{2}-\d{2}$")
_DATEISH_RE = _re.compile(
    r"^\d{1,4}[./-]\d{1,2}[./-]\d{1,4}$|^\d{1,2}\s+[A-Za-z]+\s+\d{4}$|^[A-Za-z]+\s+\d{1,2},?\s+\d{4}$|^\d{4}-\d{1,2}(-\d{1,2})?T")
_NUM = r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?"
_QTY_RE = _re.compile(
    r"^\s*(" + _NUM + r")\s*(.*?)\s*(?:,?\s*(?:(?:averaged|on average|on an average|as an average|average)\s+)?"
    r"(?:over|across|during)\s+(?:(?:a|the)\s+(?:period\s+of\s+)?)?(?:(\d+(?:\.\d+)?)\s*(years?|months?|days?)|"
    r"(?:the\s+)?(life-?time|life\s+time)(?:\s+of\s+.*)?))?\s*$", _re.I)
_BADNUM_RE = _re.compile(r"^\s*[+-]?(nan|inf|infinity)\b", _re.I)
_PERIOD_DAYS = {"year": 365.25, "years": 365.25, "month": 365.25 / 12, "months": 365.25 / 12, "day": 1.0, "days": 1.0}
_NOT_FACT_KEYS = frozenset(["evidence", "company", "note", "notes"])  # keys of a facts mapping that state no fact
_FACT_KEYS = frozenset(["value", "unit", "metric", "period", "date", "met", "applies", "evidence", "note", "quantities",
                        "source"])


class FactError(ValueError):
    """A fact that cannot be used (bad unit, bad number, bad date ...)."""


class Qty:
    """A quantity fact: value in SI base units, its dimension, optional period and metric."""

    __slots__ = ("value", "base", "dims", "unit", "period", "metric", "unitless")

    def __init__(self, value, base, dims, unit, period, metric, unitless):
        self.value = value  # as written
        self.base = base  # in SI base units
        self.dims = dims
        self.unit = unit
        self.period = period  # None | ("bounded", days) | ("lifetime",)
        self.metric = metric  # normalised metric name or None
        self.unitless = unitless

    def text(self):
        s = "%s %s" % (fmt_num(self.value), self.unit)
        if self.period is not None:
            s += " over the lifetime" if self.period[0] == "lifetime" else " over %s days" % fmt_num(self.period[1])
        return s.strip()


class Fact:
    """Everything known about one criterion, merged from its id, metric names, tags and date phrases."""

    __slots__ = ("applies", "met", "qtys", "date", "errors", "evidence", "sources")

    def __init__(self):
        self.applies = None
        self.met = None
        self.qtys = []
        self.date = None
        self.errors = []
        self.evidence = []
        self.sources = []


def fmt_num(x):
    if isinstance(x, float) and x.is_integer() and abs(x) < 1e15:
        return str(int(x))
    return repr(x) if isinstance(x, float) else str(x)


def check_number(v, where):
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        raise FactError("%s: expected a number, got %r" % (where, v))
    if isinstance(v, float) and not _math.isfinite(v):
        raise FactError("%s: not a finite number: %r" % (where, v))
    if isinstance(v, int) and abs(v) > 10 ** 300:  # float(v) would overflow
        raise FactError("%s: number too large (%d digits)" % (where, len(str(abs(v)))))
    return v


def parse_date(v, where):
    if isinstance(v, _dt.datetime):
        raise FactError("%s: expected a date (YYYY-MM-DD), got a date-time %r" % (where, str(v)))
    if isinstance(v, _dt.date):
        return v
    if isinstance(v, str) and _ISO_DATE_RE.match(v.strip()):
        try:
            return _dt.date.fromisoformat(v.strip())
        except ValueError:
            pass
    raise FactError("%s: not a date in YYYY-MM-DD form: %r" % (where, v))


def call_inputs(activity_id, facts, as_of):
    """What ``regc eval`` does with its inputs, for the generated evaluator's functions.

    ``facts`` may be one activity's facts or a whole facts file (``{"as_of": ..., "activities": {...}}``: the
    activity's entry and the file's ``as_of`` are taken); ``as_of`` is a date, ``"YYYY-MM-DD"``, ``"today"`` (the
    default, as the CLI without ``--as-of``) or None (no assessment date, as ``--no-today``).

    >>> call_inputs("X-1", {"as_of": "2026-01-01", "activities": {"X-1": {"P1": True}}}, "today")
    ({'P1': True}, datetime.date(2026, 1, 1))
    """
    if isinstance(facts, dict) and isinstance(facts.get("activities"), dict):
        if activity_id not in facts["activities"]:
            raise FactError("facts: no facts for activity %r (activities: %s)"
                            % (activity_id, ", ".join(map(str, facts["activities"])) or "none"))
        if as_of == "today" and facts.get("as_of") is not None:
            as_of = facts["as_of"]
        facts = facts["activities"][activity_id] or {}
    if as_of == "today":
        return facts, _dt.date.today()
    if as_of is None:
        return facts, None
    return facts, parse_date(as_of, "as_of")


def parse_period(v, where):
    if v is None:
        return None
    if isinstance(v, dict):
        if v.get("type") == "lifetime":
            return ("lifetime",)
        val = check_number(v.get("value"), where + ".period.value")
        unit = str(v.get("unit", "")).lower()
        if unit not in _PERIOD_DAYS or val <= 0:
            raise FactError("%s: bad period %r (use e.g. '20 years' or 'lifetime')" % (where, v))
        return ("bounded", float(val) * _PERIOD_DAYS[unit])
    if isinstance(v, str):
        t = v.strip().lower()
        if t in ("lifetime", "life-time", "life time", "over the lifetime"):
            return ("lifetime",)
        m = _re.match(r"^(?:(?:averaged\s+)?over\s+)?(\d+(?:\.\d+)?)\s*(years?|months?|days?)$", t)
        if m and float(m.group(1)) > 0:
            return ("bounded", float(m.group(1)) * _PERIOD_DAYS[m.group(2)])
    raise FactError("%s: bad period %r (use e.g. '20 years' or 'lifetime')" % (where, v))


def make_qty(value, unit, period, metric, where, atoms, extra, cache):
    value = check_number(value, where)
    if unit is None:
        unit = ""
    if not isinstance(unit, str):
        raise FactError("%s: unit must be a string, got %r" % (where, unit))
    hit = cache.get(unit) if cache is not None else None
    if hit is None:  # per unit text: (factor, dims, canonical spelling, unitless), read once per activity
        try:
            factor, dims = parse_unit(unit, atoms, extra)
        except UnitError as e:
            raise FactError("%s: %s" % (where, e))
        hit = (factor, dims, normalise_unit_text(unit), unit.strip() == "")
        if cache is not None:
            cache[unit] = hit
    factor, dims, text, unitless = hit
    if value < 0 and dims:
        raise FactError("%s: negative value %s %s is not meaningful" % (where, fmt_num(value), unit))
    return Qty(value, value * factor, dims, text, period, metric, unitless)


def read_value(raw, where, atoms, extra, cache):
    """One fact value (bool, number, string, dict, list) -> a Fact.  Raises FactError for unusable input.

    >>> f = read_value("550 kg CO2e/kW averaged over 20 years", "x", {"kg": (1.0, (("[mass]", 1),)),
    ...     "kW": (1000.0, (("[length]", 2), ("[mass]", 1), ("[time]", -3))), "CO2e": (1.0, (("[co2e]", 1),))}, None, {})
    >>> f.qtys[0].period, f.qtys[0].dims[0]
    (('bounded', 7305.0), ('[co2e]', 1))
    """
    f = Fact()
    if raw.__class__ is str:  # the common case first (a str subclass takes the isinstance path below)
        _read_string(raw, f, where, atoms, extra, cache)
        return f
    if raw is None:
        return f
    if isinstance(raw, bool):
        f.met = raw
        return f
    if isinstance(raw, (int, float)):
        f.qtys.append(make_qty(raw, "", None, None, where, atoms, extra, cache))
        return f
    if isinstance(raw, _dt.date):
        f.date = parse_date(raw, where)
        return f
    if isinstance(raw, str):
        _read_string(raw, f, where, atoms, extra, cache)
        return f
    if isinstance(raw, list):
        for i, item in enumerate(raw):
            sub = read_value(item, "%s[%d]" % (where, i), atoms, extra, cache)
            if not sub.qtys or sub.met is not None or sub.date is not None or sub.applies is not None:
                raise FactError("%s[%d]: a list holds quantities only" % (where, i))
            f.qtys.extend(sub.qtys)
        return f
    if isinstance(raw, dict):
        bad = [k for k in raw if k not in _FACT_KEYS]
        if bad:
            raise FactError("%s: unknown field(s) %s (allowed: %s)" % (where, ", ".join(map(repr, sorted(map(str, bad)))),
                                                                      ", ".join(sorted(_FACT_KEYS))))
        if raw.get("applies") is not None:
            if not isinstance(raw["applies"], bool):
                raise FactError("%s.applies: expected true/false, got %r" % (where, raw["applies"]))
            f.applies = raw["applies"]
        if raw.get("met") is not None:
            if not isinstance(raw["met"], bool):
                raise FactError("%s.met: expected true/false, got %r" % (where, raw["met"]))
            f.met = raw["met"]
        if raw.get("date") is not None:
            f.date = parse_date(raw["date"], where + ".date")
        metric = raw.get("metric")
        if metric is not None and not isinstance(metric, str):
            raise FactError("%s.metric: expected a string" % where)
        if "value" in raw and raw["value"] is not None:
            v = raw["value"]
            if isinstance(v, str):
                raise FactError("%s.value: expected a number, got the string %r" % (where, v))
            f.qtys.append(make_qty(v, raw.get("unit", ""), parse_period(raw.get("period"), where), norm_metric(metric)
                                   if metric else None, where, atoms, extra, cache))
        elif raw.get("unit") is not None or raw.get("period") is not None:
            if "value" not in raw:
                raise FactError("%s: 'unit'/'period' given without 'value'" % where)
        if raw.get("quantities") is not None:
            qs = raw["quantities"]
            if not isinstance(qs, list):
                raise FactError("%s.quantities: expected a list" % where)
            for i, q in enumerate(qs):
                if isinstance(q, dict) and q.get("value") is None:
                    continue  # an unfilled template entry
                sub = read_value(q, "%s.quantities[%d]" % (where, i), atoms, extra, cache)
                if not sub.qtys:
                    raise FactError("%s.quantities[%d]: not a quantity" % (where, i))
                f.qtys.extend(sub.qtys)
        ev = raw.get("evidence")
        if ev is not None:
            f.evidence.extend(read_evidence(ev, where + ".evidence"))
        return f
    raise FactError("%s: unsupported fact value %r" % (where, raw))


def read_evidence(ev, where):
    items = ev if isinstance(ev, list) else [ev]
    out = []
    for i, e in enumerate(items):
        if isinstance(e, str) and e.strip():
            out.append({"document": e.strip(), "page": None})
            continue
        if isinstance(e, dict) and isinstance(e.get("document"), str) and e["document"].strip():
            page = e.get("page")
            if page is not None and (isinstance(page, bool) or not isinstance(page, int) or page < 1):
                raise FactError("%s[%d].page: expected a page number >= 1, got %r" % (where, i, page))
            extra = [k for k in e if k not in ("document", "page", "note")]
            if extra:
                raise FactError("%s[%d]: unknown field(s) %s" % (where, i, ", ".join(sorted(map(str, extra)))))
            out.append({"document": e["document"].strip(), "page": page})
            continue
        raise FactError("%s[%d]: evidence is a document path or {document, page}" % (where, i))
    return out


_STRING_READS = {}  # fact text -> what it states (see _string_statement); successful reads only, bounded
_STRING_READS_MAX = 4096


def _read_string(raw, f, where, atoms, extra, cache):
    """A text fact into ``f``; what a text states is read once (memoised), its unit against this activity."""
    stated = _STRING_READS.get(raw)
    if stated is None:
        stated = _string_statement(raw, where)
        if len(_STRING_READS) < _STRING_READS_MAX:
            _STRING_READS[raw] = stated
    kind = stated[0]
    if kind == "qty":
        f.qtys.append(make_qty(stated[1], stated[2], stated[3], None, where, atoms, extra, cache))
    elif kind == "met":
        f.met = stated[1]
    elif kind == "applies":
        f.applies = stated[1]
    elif kind == "date":
        f.date = stated[1]


def _string_statement(raw, where):
    """What a text fact states, independent of the activity: ``("none",)``, ``("met", bool)``,
    ``("applies", False)``, ``("date", date)`` or ``("qty", number, unit text, period)``.  Raises FactError.

    >>> _string_statement(" yes ", "x"), _string_statement("250 g CO2e/kWh", "x")
    (('met', True), ('qty', 250, 'g CO2e/kWh', None))
    """
    t = raw.strip()
    low = t.lower()
    if low == "":
        return ("none",)
    if low in _BOOL_TRUE:
        return ("met", True)
    if low in _BOOL_FALSE:
        return ("met", False)
    if low in _NOT_APPLICABLE:
        return ("applies", False)
    if _ISO_DATE_RE.match(t):
        return ("date", parse_date(t, where))
    if _DATEISH_RE.match(t):
        raise FactError("%s: bad date format %r (use YYYY-MM-DD)" % (where, raw))
    if _BADNUM_RE.match(t):
        raise FactError("%s: not a finite number: %r" % (where, raw))
    if _re.match(r"^\s*[+-]?\d+,\d+", t):
        raise FactError("%s: %r: use '.' as the decimal separator and no thousands separators" % (where, raw))
    m = _QTY_RE.match(t)
    if not m:
        raise FactError("%s: cannot read %r as a boolean, date (YYYY-MM-DD), 'n/a' or quantity ('250 g CO2e/kWh')"
                        % (where, raw))
    num = float(m.group(1))
    if num.is_integer() and _re.match(r"^[+-]?\d+$", m.group(1)):
        num = int(m.group(1))
    period = None
    if m.group(3):
        period = ("bounded", float(m.group(3)) * _PERIOD_DAYS[m.group(4).lower()])
    elif m.group(5):
        period = ("lifetime",)
    return ("qty", num, m.group(2), period)


# ---------------------------------------------------------------------------------------------------------------
# names

_WORD_RE = _re.compile(r"[a-z0-9]+")
_STOP = frozenset(["the", "of", "a", "an", "is", "are", "be", "by", "for", "to", "in", "on", "and", "or", "which",
                   "that", "with", "from", "at", "its", "has", "have", "been", "was"])


def content_words(s):
    return frozenset(w for w in norm_metric(s).split(" ") if w and w not in _STOP)


# ---------------------------------------------------------------------------------------------------------------
# building the per-activity fact table from a raw facts mapping


def index_facts(raw, index, atoms, where="facts"):
    """Raw activity facts (mapping key -> value) -> (facts by node index, issues).

    Keys resolve, in this order, to: a unit part holding nested facts (``"DNSH-PPC": {"P1": true}``); a
    criterion id (``"1(b)(ii)"``, ``"DNSH-PPC/P2"``, ``"CCM-4.29/SC/1(a)"``); a metric name (exact normalised
    name, else every metric containing all the key's words); a tag or predicate (``"verification"``,
    ``"verified_by_third_party"``) for qualitative criteria; a phrase naming a dated event
    (``"construction permit granted"``) for criteria with deadlines.  A criterion-id fact takes precedence over
    facts reaching the same criterion by metric, tag or phrase: what it states wins, what it leaves unstated (a
    quantity beside its date, ...) comes from them.  Issues: list of (severity, message); severity
    "error" for unusable values, "warning" for unknown or ambiguous keys.
    """
    issues = []
    by_id = {}
    derived = {}
    reader = (atoms, index.get("atoms") or {}, index.setdefault("_unit_cache", {}))
    if raw is None:
        return {}, issues
    if not isinstance(raw, dict):
        return {}, [("error", "%s: expected a mapping of fact keys to values" % where)]
    stack = [(raw, None, where)]
    ids = index["ids"]
    while stack:
        mapping, part, here = stack.pop(0)
        for key, value in mapping.items():
            skey = str(key).strip()
            loc = "%s[%r]" % (here, skey)
            if value is None or skey in _NOT_FACT_KEYS:
                continue
            if part is None and skey in index["parts"] and isinstance(value, dict) and not (_FACT_KEYS & set(value)):
                stack.append((value, skey, loc))
                continue
            node = ids.get(skey) if part is None else None  # the common case of _criterion_node, inline
            if node is None:
                node = _criterion_node(skey, part, index)
            if node is not None:
                _criterion_fact(node, value, skey, loc, index, reader, by_id, issues)
                continue
            _keyed_fact(skey, value, loc, index, reader, derived, issues)
    return _merge_derived(by_id, derived), issues


def _criterion_node(skey, part, index):
    """The node index a key names as a criterion id (-1: ambiguous between units; None: not a criterion id)."""
    node = index["ids"].get(skey if part is None else part + "/" + skey)
    if node is None and part is None:
        node = index["ids"].get(skey.replace(" ", ""))
    return node


def _read_fact(value, loc, reader, issues):
    """A fact read from a value; an unusable value gives a fact that carries the error (and an issue)."""
    atoms, extra, cache = reader
    try:
        return read_value(value, loc, atoms, extra, cache)
    except FactError as e:
        fact = Fact()
        fact.errors.append(str(e))
        issues.append(("error", str(e)))
        return fact


def _criterion_fact(node, value, skey, loc, index, reader, by_id, issues):
    """Record a fact given by criterion id (once per criterion)."""
    if node == -1:
        issues.append(("warning", "%s: criterion id %r is ambiguous between units; qualify it, e.g. "
                                  "'DNSH-PPC/%s'" % (loc, skey, skey)))
        return
    atoms, extra, cache = reader
    try:  # _read_fact, inline
        fact = read_value(value, loc, atoms, extra, cache)
    except FactError as e:
        fact = Fact()
        fact.errors.append(str(e))
        issues.append(("error", str(e)))
    if not (fact.errors or fact.qtys or fact.met is not None or fact.date is not None or fact.applies is not None):
        return  # nothing stated (an unfilled template entry)
    fact.sources.append(loc)
    if node in by_id:
        issues.append(("error", "%s: criterion %s is given twice" % (loc, index["nodes"][node])))
        by_id[node].errors.append("%s: criterion given twice" % loc)
        return
    by_id[node] = fact


def _key_targets(skey, nk, loc, index, issues):
    """(kind, nodes) a non-id key reaches: a metric, else a tag or predicate, else a dated-event phrase."""
    targets = _metric_targets(nk, index)
    if targets:
        return "metric", targets
    targets = index["tags"].get(nk.replace(" ", "_")) or index["tags"].get(nk) or []
    if targets:
        return "tag", targets
    targets = _phrase_targets(skey, index)
    if len(targets) > 1:
        issues.append(("warning", "%s: phrase matches several dated criteria (%s); use a criterion id"
                       % (loc, ", ".join(index["nodes"][t] for t in targets))))
        return "phrase", []
    if not targets:
        issues.append(("warning", "%s: unknown fact key (not a criterion id, metric, tag or dated event of "
                                  "this activity)" % loc))
    return "phrase", targets


def _keyed_fact(skey, value, loc, index, reader, derived, issues):
    """Record a fact given by metric name, tag or dated-event phrase against every criterion it reaches."""
    nk = norm_metric(skey)
    kind, targets = _key_targets(skey, nk, loc, index, issues)
    if not targets:
        return
    fact = _read_fact(value, loc, reader, issues)
    if kind == "metric":
        targets = _compatible_targets(targets, fact, index)
        if fact.met is not None or fact.date is not None or fact.applies is not None:
            issues.append(("error", "%s: a metric takes a quantity" % loc))
            fact = Fact()
            fact.errors.append("%s: a metric takes a quantity" % loc)
        for q in fact.qtys:
            if q.metric is None:
                q.metric = nk
    elif kind == "tag":
        if fact.met is None and not fact.errors:
            issues.append(("error", "%s: a tag takes true/false" % loc))
            fact.errors.append("%s: a tag takes true/false" % loc)
    elif fact.date is None and not fact.errors:
        issues.append(("error", "%s: a dated event takes a date (YYYY-MM-DD)" % loc))
        fact.errors.append("%s: a dated event takes a date" % loc)
    fact.sources.append(loc)
    for t in targets:
        derived.setdefault(t, []).append((kind, fact))


def _merge_derived(by_id, derived):
    """Facts by node: criterion-id facts first, then the merged metric/tag/phrase facts (:func:`_derived_fact`);
    where both reach a node, what the id fact states wins and what it leaves unstated comes from the others
    (:func:`_fill_unstated`: ``"4.Verification": {date: 2020-01-01}`` beside a quantity by metric name)."""
    out = dict(by_id)
    for node, lst in derived.items():
        merged = _derived_fact(lst)
        if node in out:
            _fill_unstated(out[node], merged)
        else:
            out[node] = merged
    return out


def _fill_unstated(own, other):
    """Complete the criterion-id fact ``own`` with what only ``other`` (its metric / tag / phrase facts) states,
    never overriding what ``own`` states: a quantity or a date when ``own`` gives no true/false (which decides
    alone), true/false when ``own`` gives none of the three.

    >>> a, b = Fact(), Fact()
    >>> a.date, b.qtys, b.met = "d", ["q"], True
    >>> _fill_unstated(a, b); (a.date, a.qtys, a.met)
    ('d', ['q'], None)
    """
    taken = False
    if own.met is None:
        bare = not own.qtys and own.date is None
        if not own.qtys and other.qtys:
            own.qtys, taken = list(other.qtys), True
        if own.date is None and other.date is not None:
            own.date, taken = other.date, True
        if bare and other.met is not None:
            own.met, taken = other.met, True
    if taken:
        own.errors.extend(other.errors)
        own.evidence.extend(other.evidence)
        own.sources.extend(other.sources)


def _derived_fact(lst):
    """The metric / tag / phrase facts reaching one node, merged into one :class:`Fact`."""
    merged = Fact()
    for kind, fact in lst:
        merged.sources.extend(fact.sources)
        merged.errors.extend(fact.errors)
        merged.evidence.extend(fact.evidence)
        if kind == "metric":
            merged.qtys.extend(fact.qtys)
        elif kind == "tag":
            if merged.met is None:
                merged.met = fact.met
            elif fact.met is not None and fact.met != merged.met:
                merged.errors.append("conflicting tag facts %s" % ", ".join(merged.sources))
        elif kind == "phrase":
            merged.date = fact.date
    return merged


def _metric_targets(nk, index):
    metrics = index["metrics"]
    if nk in metrics:
        return list(metrics[nk])
    words = set(nk.split(" "))
    if not words or words == {""}:
        return []
    hits = []
    for m, nodes in metrics.items():
        if words <= set(m.split(" ")):
            for n in nodes:
                if n not in hits:
                    hits.append(n)
    return hits


def _compatible_targets(targets, fact, index):
    """A metric key that names several criteria (by word subset: "direct GHG emissions" names "direct GHG
    emissions of the activity" and "annual direct GHG emissions ...") goes to those whose thresholds take the
    fact's unit, when there are any; else to all of them (the incompatibility is then reported)."""
    qdims = index.get("qdims")
    if len(targets) < 2 or not fact.qtys or not qdims:
        return targets
    have = set(q.dims for q in fact.qtys)
    keep = [t for t in targets if have & set(qdims.get(t, ()))]
    return keep or targets


def _phrase_targets(key, index):
    words = content_words(key)
    if len(words) < 2:
        return []
    return [n for n, ws in index["phrases"] if words <= set(ws)]
