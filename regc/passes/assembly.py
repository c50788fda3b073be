"""Pass `assembly` — PLACEHOLDER (identity) until its implementation lands; see regc/passes/__init__.py."""

from regc.ir.models import Diagnostic, Unit

NAME = "assembly"


def run(unit: Unit, ctx) -> Unit:
    return unit


def verify(unit: Unit, ctx) -> list[Diagnostic]:
    return []
