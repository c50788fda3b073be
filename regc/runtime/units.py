"""Unit atoms for fact/threshold comparison, derived from pint.

The evaluator compares quantities over a *closed* table of unit atoms (symbol -> factor to SI base units and
dimension), computed here once from pint's definitions.  A closed table keeps interpreter and generated module
identical (the table is copied into generated code), makes conversions a dictionary look-up (fast batches) and
avoids pint's surprising readings in this domain (pint reads ``kt`` as knots and ``a`` as years; here ``kt`` is a
kilotonne and ``a`` is not a unit).  ``CO2e`` is its own base dimension, so ``g CO2e/kWh`` and ``kg CO2e/MWh``
convert, while ``g/kWh`` or ``%`` do not compare with them.  Atoms used by an activity's thresholds that are not
in the table (``bowl`` in "litres/bowl/hour") become dimensions of their own for that activity.

>>> f, d = parse("kg CO2e/MWh"); g, e = parse("g CO2e/kWh"); d == e and abs(f - g) < 1e-18
True
"""

from __future__ import annotations

import functools

from regc.runtime import kernel

_PREFIXED = {
    # base symbol -> prefixes allowed
    "g": ("m", "", "k"),
    "J": ("k", "M", "G", "T", "P", ""),
    "Wh": ("k", "M", "G", "T", ""),
    "W": ("k", "M", "G", "T", ""),
    "m": ("m", "c", "k", ""),
    "l": ("m", "c", "d", "h", ""),
    "L": ("m", "c", "d", "h", ""),
    "Pa": ("k", "M", ""),
}
_NAMED = {
    "t": "metric_ton", "tonne": "metric_ton", "tonnes": "metric_ton", "kt": "1000 * metric_ton",
    "Mt": "1e6 * metric_ton", "Gt": "1e9 * metric_ton", "gram": "gram", "grams": "gram", "kilogram": "kilogram",
    "kilograms": "kilogram", "litre": "liter", "litres": "liter", "liter": "liter", "liters": "liter",
    "ha": "hectare", "hectare": "hectare", "hectares": "hectare",
    "s": "second", "sec": "second", "second": "second", "seconds": "second", "min": "minute", "minute": "minute",
    "minutes": "minute", "h": "hour", "hr": "hour", "hour": "hour", "hours": "hour", "day": "day", "days": "day",
    "d": "day", "week": "week", "weeks": "week", "month": "month", "months": "month", "year": "year",
    "years": "year", "yr": "year", "y": "year", "annum": "year",
    "%": "percent", "percent": "percent", "ppm": "ppm", "bar": "bar", "mbar": "millibar",
    "km": "kilometer", "kWp": "kilowatt", "MWp": "megawatt", "kWe": "kilowatt", "MWe": "megawatt",
    "kWth": "kilowatt", "MWth": "megawatt",
}


@functools.lru_cache(maxsize=1)
def atom_table() -> dict[str, tuple[float, tuple[tuple[str, int], ...]]]:
    """Every atom the evaluator knows: symbol -> (factor to SI base units, sorted dimension tuple)."""
    import pint

    ureg = pint.UnitRegistry()
    out: dict[str, tuple[float, tuple[tuple[str, int], ...]]] = {}

    def put(sym: str, expr: str) -> None:
        q = (ureg.Quantity(1, ureg.parse_units(expr)) if " " not in expr else ureg.parse_expression(expr)).to_base_units()
        dims = tuple(sorted((str(k), int(v)) for k, v in dict(q.dimensionality).items() if v))
        out[sym] = (float(q.magnitude), dims)

    for base, prefixes in _PREFIXED.items():
        for p in prefixes:
            put(p + base, p + ("liter" if base in ("l", "L") else base))
    for sym, expr in _NAMED.items():
        put(sym, expr)
    for mu in ("µ", "μ", "u"):  # micro sign, Greek mu, ASCII
        put(mu + "g", "microgram")
        put(mu + "m", "micrometer")
    out["CO2e"] = (1.0, (("[co2e]", 1),))
    return out


def extra_atoms(units: list[str]) -> dict[str, tuple[float, tuple[tuple[str, int], ...]]]:
    """Atoms of threshold units that the table lacks -> dimensions of their own (``bowl`` -> ``[bowl]``)."""
    table = atom_table()
    extra: dict[str, tuple[float, tuple[tuple[str, int], ...]]] = {}
    for u in units:
        for seg in kernel.normalise_unit_text(u).split("/"):
            for w in seg.split(" "):
                if not w or w == "1":
                    continue
                try:
                    kernel.parse_unit(w, table, extra)
                except kernel.FactError:
                    if w.isalpha():
                        extra[w.lower() if len(w) > 3 else w] = (1.0, (("[%s]" % w.lower(), 1),))
    return extra


def parse(text: str, extra: dict | None = None) -> tuple[float, tuple[tuple[str, int], ...]]:
    """Unit expression -> (factor to SI base, dimension).  Raises kernel.FactError for unknown units."""
    return kernel.parse_unit(text, atom_table(), extra)


def convert(value: float, from_unit: str, to_unit: str, extra: dict | None = None) -> float:
    """Convert between compatible units; raises kernel.FactError naming both when they are incompatible.

    >>> convert(0.25, "kg CO2e/kWh", "g CO2e/kWh")
    250.0
    """
    f1, d1 = parse(from_unit, extra)
    f2, d2 = parse(to_unit, extra)
    if d1 != d2:
        raise kernel.FactError(f"incompatible units: {from_unit!r} and {to_unit!r}")
    return value * f1 / f2
