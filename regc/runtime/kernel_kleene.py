"""Kernel part 1 of 3 (:mod:`regc.runtime.kernel`): the verdicts and their Kleene combination.

AND / OR / N_OF_K over PASS, FAIL, UNKNOWN and NOT_APPLICABLE, with NOT_APPLICABLE children dropped.

Rules for this file: standard library only (plus the pure unit functions of :mod:`regc.ir.units`, which codegen
inlines; other regc imports only of the kernel's own parts, ``regc.runtime.kernel_*``), no I/O, deterministic.

>>> k_and(["PASS", "NOT_APPLICABLE", "UNKNOWN"]), k_or(["FAIL", "PASS"]), k_nofk(["PASS", "UNKNOWN", "FAIL"], 2)
('UNKNOWN', 'PASS', 'UNKNOWN')
"""

PASS = "PASS"
FAIL = "FAIL"
UNKNOWN = "UNKNOWN"
NA = "NOT_APPLICABLE"
VERDICTS = (PASS, FAIL, UNKNOWN, NA)

# ---------------------------------------------------------------------------------------------------------------
# Kleene combination


def k_and(vs):
    """AND over verdicts; NOT_APPLICABLE children are dropped; all dropped -> NOT_APPLICABLE."""
    seen = False
    unknown = False
    for v in vs:
        if v == NA:
            continue
        seen = True
        if v == FAIL:
            return FAIL
        if v == UNKNOWN:
            unknown = True
    if not seen:
        return NA
    return UNKNOWN if unknown else PASS


def k_or(vs):
    """OR over verdicts; NOT_APPLICABLE alternatives are dropped; all dropped -> NOT_APPLICABLE."""
    seen = False
    unknown = False
    for v in vs:
        if v == NA:
            continue
        seen = True
        if v == PASS:
            return PASS
        if v == UNKNOWN:
            unknown = True
    if not seen:
        return NA
    return UNKNOWN if unknown else FAIL


def k_nofk(vs, n):
    """At least ``n`` of the applicable children pass."""
    passed = unknown = applicable = 0
    for v in vs:
        if v == NA:
            continue
        applicable += 1
        if v == PASS:
            passed += 1
        elif v == UNKNOWN:
            unknown += 1
    if not applicable:
        return NA
    if passed >= n:
        return PASS
    if passed + unknown >= n:
        return UNKNOWN
    return FAIL


def k_combine(logic, vs, n=None):
    if logic == "OR":
        return k_or(vs)
    if logic == "N_OF_K":
        return k_nofk(vs, n or 1)
    return k_and(vs)
