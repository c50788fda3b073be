"""Units and metric identity: the one place that decides what a unit means and when two metrics are one quantity.

Every layer uses this module: the evaluator (:mod:`regc.runtime.kernel` calls :func:`parse_unit`,
:func:`normalise_unit_text` and :func:`norm_metric`; :mod:`regc.runtime.codegen` copies the pure functions listed
in :data:`PURE` into every generated evaluator), the Z3 encoder (:func:`exact_unit`), the scorers
(:func:`unit_key`) and the threshold pass (canonical spellings, :func:`canonical_unit`).

Units are compared over a *closed* table of atoms (symbol -> factor to SI base units, dimension), computed
from pint's definitions (:func:`pint_atom_table`) and kept as a generated constant, :mod:`regc.ir.unit_atoms`, so
no process builds pint's registry to evaluate facts (``tests/test_unit_atoms.py`` checks the constant against
pint; after changing the definitions below or upgrading pint, regenerate it with ``python -m regc.ir.units``).
A closed table keeps the interpreter and the generated module identical, makes a conversion a dictionary look-up
and avoids pint's surprising readings in this domain (pint reads ``kt`` as knots).  Decisions taken here, on
purpose:

- ``CO2e`` and ``CO2`` are base dimensions of their own: ``g CO2e/kWh`` and ``kg CO2e/MWh`` convert, ``g CO2/km``
  and ``g CO2e/km`` do not (tailpipe CO2 is not CO2-equivalent), neither does ``g/kWh``.
- per-entity units are dimensions of their own: ``kWh/p.e.`` (population equivalent), ``t CO2e/t/glycol``,
  ``litres/bowl/hour``; a word that is not an atom becomes ``[word]`` (:func:`extra_atoms`).
- ``a`` / ``annum`` is a year (``t/a``); peak and thermal/electric powers (``kWp``, ``MWth``, ``kWe``) are
  powers; ``ppm`` is 1e-6 and ``%`` 0.01 (dimensionless, so they convert into each other).
- ``W/m2K`` and ``W/mK`` are W/(m²·K) and W/(m·K): a power glued to an atom (``m2K``) is their product;
  ``mK`` is metre-kelvin (thermal conductivity), never millikelvin.

Expressions: ``a/b/c`` is a per b per c; ``per`` is ``/``; a trailing integer or ``^n`` is an exponent.

>>> f, d = parse_unit("kg CO2e/MWh", atom_table()); g, e = parse_unit("g CO2e/kWh", atom_table())
>>> d == e and abs(f - g) < 1e-18
True
>>> convert(1, "W/m2K", "W/m2K"), convert(2, "kWh/p.e.", "Wh/p.e.")
(1.0, 2000.0)
"""

import re as _re

# ---------------------------------------------------------------------------------------------------------------
# pure part (stdlib only; copied into generated evaluators: keep to `re` and names listed in PURE)

_ATOM_RE = _re.compile(r"^([A-Za-z_%µ°.]+|%)(?:\^|\*\*)?(-?\d+)?$")
_GLUED_RE = _re.compile(r"^([A-Za-z]+\d)([A-Za-z]+\d?)$")  # m2K = m2 K
_SUPERSCRIPTS = {"²": "2", "³": "3", "⁻": "-", "¹": "1", "₂": "2"}


class UnitError(ValueError):
    """A unit expression that cannot be read (an atom not in the table)."""


def normalise_unit_text(s):
    """Canonical spelling of a unit expression: CO2e variants -> ``CO2e`` token, "per" -> "/", spaces tidied.

    >>> normalise_unit_text("gCO₂-eq per kWh"), normalise_unit_text("t CO2 / km")
    ('g CO2e/kWh', 't CO2/km')
    """
    s = str(s).strip()
    for a, b in _SUPERSCRIPTS.items():
        s = s.replace(a, b)
    s = s.replace("·", " ").replace("⋅", " ").replace("**", "^").replace("*", " ")
    s = _re.sub(r"(?i)(?<![A-Za-z])CO₂", "CO2", s)
    s = _re.sub(r"(?i)(?<=[A-Za-z])(CO2)", r" \1", s)
    s = _re.sub(r"(?i)(?<![A-Za-z])CO2[\s-]?(?:eq(?:uivalents?|uiv\.?)?|e)\b", "CO2e", s)
    s = _re.sub(r"(?i)\s+per\s+", "/", s)
    s = _re.sub(r"\s*/\s*", "/", s)
    s = _re.sub(r"\s+", " ", s).strip()
    return s


def parse_unit(text, atoms, extra=None):
    """``text`` -> (factor, dims) with dims a tuple of (base, exponent) pairs sorted by base.

    Atoms are looked up exactly, then case-insensitively for words of more than three letters; a trailing
    integer is an exponent (``m2``, ``m^3``); a word glued from two atoms (``m2K``) is their product.  Unknown
    atoms raise :class:`UnitError`.  Factors multiply as given (floats, or Fractions for an exact table).
    """
    s = normalise_unit_text(text)
    if s in ("", "1", "-"):
        return 1.0, ()
    factor = 1  # an int keeps exact (Fraction) tables exact
    dims = {}
    for si, seg in enumerate(s.split("/")):
        sign = 1 if si == 0 else -1
        words = seg.split(" ") if seg else []
        if si > 0 and not words:
            raise UnitError("empty denominator in unit %r" % (text,))
        for w in words:
            if w in ("", "1") and si == 0:
                continue
            f, d = _unit_atom(w, atoms, extra, text)
            factor = factor * f if sign > 0 else factor / f
            for b, e in d:
                dims[b] = dims.get(b, 0) + sign * e
    return factor, tuple(sorted((b, e) for b, e in dims.items() if e != 0))


def _unit_atom(w, atoms, extra, text):
    hit = _atom_power(w, atoms, extra)
    if hit is not None:
        return hit
    m = _GLUED_RE.match(w)
    if m:
        a, b = _atom_power(m.group(1), atoms, extra), _atom_power(m.group(2), atoms, extra)
        if a is not None and b is not None:
            dims = {}
            for base, e in a[1] + b[1]:
                dims[base] = dims.get(base, 0) + e
            return a[0] * b[0], tuple(sorted((k, v) for k, v in dims.items() if v))
    raise UnitError("unknown unit %r in %r" % (w, str(text)))


def _atom_power(w, atoms, extra):
    hit = _lookup_atom(w, atoms, extra)
    if hit is not None:
        return hit
    m = _ATOM_RE.match(w)
    if m and m.group(2):
        base = _lookup_atom(m.group(1), atoms, extra)
        if base is not None:
            e = int(m.group(2))
            return base[0] ** e, tuple((b, x * e) for b, x in base[1])
    return None


def _lookup_atom(w, atoms, extra):
    for table in (atoms, extra or {}):
        if w in table:
            return table[w]
    if len(w) > 3:
        lw = w.lower()
        for table in (atoms, extra or {}):
            for k in (lw, lw[:-1] if lw.endswith("s") else None):
                if k and k in table:
                    return table[k]
    return None


_METRIC_WORD_RE = _re.compile(r"[a-z0-9]+")


def _metric_stem(w):
    if len(w) > 3 and w.endswith("s") and not w.endswith("ss"):
        return w[:-1]
    return w


def norm_metric(s):
    """Metric identity: two metric names denote one quantity iff their normalised forms are equal (lower case,
    punctuation to spaces, simple plural folding, "greenhouse gas" = "GHG", "lifecycle" = "life cycle").

    >>> norm_metric("Life-cycle GHG emissions"), norm_metric("lifecycle greenhouse gas emission")
    ('life cycle ghg emission', 'life cycle ghg emission')
    """
    s = str(s).lower().replace("greenhouse gas", "ghg").replace("lifecycle", "life cycle")
    return " ".join(_metric_stem(w) for w in _METRIC_WORD_RE.findall(s.replace("_", " ")))


PURE = ("_ATOM_RE", "_GLUED_RE", "_SUPERSCRIPTS", "UnitError", "normalise_unit_text", "parse_unit", "_unit_atom",
        "_atom_power", "_lookup_atom", "_METRIC_WORD_RE", "_metric_stem", "norm_metric")

# ---------------------------------------------------------------------------------------------------------------
# metric identity: names that identify no quantity

GENERIC_METRICS = frozenset({
    "", "value", "values", "share", "percentage", "proportion", "amount", "quantity", "level", "limit",
    "threshold", "rate", "ratio", "number", "total", "figure", "minimum", "maximum", "it", "this", "they"})


def is_generic_metric(metric):
    """``True`` for a metric name that does not identify a quantity ("Value", "Share").

    >>> is_generic_metric(" Value "), is_generic_metric("Direct GHG emissions")
    (True, False)
    """
    return _re.sub(r"\s+", " ", str(metric).strip().lower()).strip(" .:;,") in GENERIC_METRICS


# ---------------------------------------------------------------------------------------------------------------
# the atom table (pint-derived)

_PREFIXED = (
    # base symbol, prefixes allowed, pint name of the base
    ("g", ("m", "", "k"), "g"),
    ("J", ("k", "M", "G", "T", "P", ""), "J"),
    ("Wh", ("k", "M", "G", "T", ""), "Wh"),
    ("W", ("k", "M", "G", "T", ""), "W"),
    ("m", ("m", "c", "k", ""), "m"),
    ("l", ("m", "c", "d", "h", ""), "liter"),
    ("L", ("m", "c", "d", "h", ""), "liter"),
    ("Pa", ("k", "M", ""), "Pa"),
)
_NAMED = (
    ("t", "metric_ton"), ("tonne", "metric_ton"), ("tonnes", "metric_ton"), ("kt", "1000 * metric_ton"),
    ("Mt", "1e6 * metric_ton"), ("Gt", "1e9 * metric_ton"), ("gram", "gram"), ("grams", "gram"),
    ("kilogram", "kilogram"), ("kilograms", "kilogram"), ("litre", "liter"), ("litres", "liter"),
    ("liter", "liter"), ("liters", "liter"), ("ha", "hectare"), ("hectare", "hectare"), ("hectares", "hectare"),
    ("s", "second"), ("sec", "second"), ("second", "second"), ("seconds", "second"), ("min", "minute"),
    ("minute", "minute"), ("minutes", "minute"), ("h", "hour"), ("hr", "hour"), ("hour", "hour"),
    ("hours", "hour"), ("day", "day"), ("days", "day"), ("d", "day"), ("week", "week"), ("weeks", "week"),
    ("month", "month"), ("months", "month"), ("year", "year"), ("years", "year"), ("yr", "year"), ("y", "year"),
    ("a", "year"), ("annum", "year"),
    ("%", "percent"), ("percent", "percent"), ("ppm", "ppm"), ("bar", "bar"), ("mbar", "millibar"),
    ("K", "kelvin"), ("kelvin", "kelvin"), ("mK", "meter * kelvin"),  # W/mK: thermal conductivity
    ("km", "kilometer"), ("kWp", "kilowatt"), ("MWp", "megawatt"), ("kWe", "kilowatt"), ("MWe", "megawatt"),
    ("kWth", "kilowatt"), ("MWth", "megawatt"),
)
# dimensions that are not physical: symbol -> base dimension name
_OWN_DIMENSIONS = (("CO2e", "[co2e]"), ("CO2", "[co2]"), ("p.e.", "[population_equivalent]"),
                   ("pe", "[population_equivalent]"))

_TABLE = {}


def atom_table():
    """Every atom the evaluator knows: symbol -> (factor to SI base units, sorted dimension tuple), read from the
    generated :mod:`regc.ir.unit_atoms` (what :func:`pint_atom_table` computes)."""
    if not _TABLE:
        from regc.ir.unit_atoms import ATOMS

        _TABLE.update(ATOMS)
    return _TABLE


def pint_atom_table():
    """The atom table computed from pint's definitions (seconds: it builds pint's unit registry)."""
    import pint

    ureg = pint.UnitRegistry()
    out = {}

    def put(sym, expr):
        q = (ureg.Quantity(1, ureg.parse_units(expr)) if " " not in expr
             else ureg.parse_expression(expr)).to_base_units()
        dims = tuple(sorted((str(k), int(v)) for k, v in dict(q.dimensionality).items() if v))
        out[sym] = (float(q.magnitude), dims)

    for base, prefixes, name in _PREFIXED:
        for p in prefixes:
            put(p + base, p + name)
    for sym, expr in _NAMED:
        put(sym, expr)
    for mu in ("µ", "μ", "u"):  # micro sign, Greek mu, ASCII
        put(mu + "g", "microgram")
        put(mu + "m", "micrometer")
    for sym, dim in _OWN_DIMENSIONS:
        out[sym] = (1.0, ((dim, 1),))
    return out


def atom_module_source(table):
    """The text of :mod:`regc.ir.unit_atoms` for ``table`` (one atom a line, in the table's order)."""
    lines = ['"""The unit atoms of :mod:`regc.ir.units`: symbol -> (factor to SI base units, dimension).',
             "", "Generated from pint by ``python -m regc.ir.units``; do not edit (``tests/test_unit_atoms.py`` checks",
             'it against pint)."""', "", "ATOMS = {"]
    lines += ["    %r: (%r, %r)," % (k, f, d) for k, (f, d) in table.items()]
    return "\n".join(lines + ["}", ""])


def extra_atoms(units):
    """Atoms of threshold units that the table lacks -> dimensions of their own (``bowl`` -> ``[bowl]``).

    >>> extra_atoms(["litres/bowl/hour", "g CO2e/kWh"])
    {'bowl': (1.0, (('[bowl]', 1),))}
    """
    table = atom_table()
    extra = {}
    for u in units:
        for seg in normalise_unit_text(u).split("/"):
            for w in seg.split(" "):
                if not w or w == "1":
                    continue
                try:
                    _unit_atom(w, table, extra, u)
                except UnitError:
                    if w.replace(".", "").isalpha():
                        extra[w.lower() if len(w) > 3 else w] = (1.0, (("[%s]" % w.lower(), 1),))
    return extra


def parse(text, extra=None):
    """Unit expression -> (factor to SI base, dimension).  Raises :class:`UnitError` for unknown units."""
    return parse_unit(text, atom_table(), extra)


def convert(value, from_unit, to_unit, extra=None):
    """Convert between compatible units; raises :class:`UnitError` naming both when they are incompatible.

    >>> convert(0.25, "kg CO2e/kWh", "g CO2e/kWh")
    250.0
    """
    f1, d1 = parse(from_unit, extra)
    f2, d2 = parse(to_unit, extra)
    if d1 != d2:
        raise UnitError("incompatible units: %r and %r" % (from_unit, to_unit))
    return value * f1 / f2


def compatible(a, b, extra=None):
    """Whether two unit expressions measure the same dimension (False when either cannot be read).

    >>> compatible("t/a", "kg/year"), compatible("g CO2/km", "g CO2e/km")
    (True, False)
    """
    try:
        return parse(a, extra)[1] == parse(b, extra)[1]
    except UnitError:
        return False


def exact_unit(text, extra=None):
    """``(Fraction factor, dimension text)`` for exact arithmetic (Z3): the table's factors read as 15-digit decimals.
    Units whose atoms are unknown get dimensions of their own (as :func:`extra_atoms`).

    >>> exact_unit("g CO2e/kWh") == exact_unit("kg CO2e/MWh"), exact_unit("litres/min")[0]
    (True, Fraction(1, 60000))
    """
    from fractions import Fraction

    def exact(f):
        return Fraction("%.15g" % f)  # pint's 0.0010000000000000002 L/m3 is 1/1000

    table = {k: (exact(f), d) for k, (f, d) in atom_table().items()}
    more = dict(extra or {})
    more.update(extra_atoms([text]))
    more = {k: (exact(f), d) for k, (f, d) in more.items()}
    try:
        factor, dims = parse_unit(text, table, more)
    except UnitError:
        return Fraction(1), "[unparsed:%s]" % normalise_unit_text(text)
    return Fraction(factor), dimension_text(dims)


def dimension_text(dims):
    """``(("[length]", 2), ("[mass]", 1))`` -> ``"[length]^2·[mass]"`` (``""`` for dimensionless)."""
    return "·".join(b if e == 1 else "%s^%d" % (b, e) for b, e in dims)


def unit_key(text):
    """A key equal for two spellings of one unit (same dimension and factor), for scoring; the tidied text
    when the unit cannot be read.  >>> unit_key("kg CO2e/MWh") == unit_key("g CO2e / kWh")
    True"""
    try:
        f, d = parse(text, extra_atoms([text]))
    except UnitError:
        return normalise_unit_text(text).lower()
    return "%s|%.9g" % (dimension_text(d), f)


def canonical_unit(text):
    """The canonical spelling of a unit (what the threshold pass should emit).  >>> canonical_unit("tCO2eq / t")
    't CO2e/t'"""
    return normalise_unit_text(text)


if __name__ == "__main__":  # regenerate regc/ir/unit_atoms.py from pint
    import pathlib

    target = pathlib.Path(__file__).with_name("unit_atoms.py")
    target.write_text(atom_module_source(pint_atom_table()), encoding="utf-8")
    print("wrote", target)
