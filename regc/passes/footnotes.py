"""Pass `footnotes` — PLACEHOLDER (identity) until its implementation lands; see regc/passes/__init__.py."""

from regc.ir.models import Diagnostic, Unit

NAME = "footnotes"


def run(unit: Unit, ctx) -> Unit:
    return unit


def verify(unit: Unit, ctx) -> list[Diagnostic]:
    return []
