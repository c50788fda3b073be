"""Typed errors of the report reader; the CLI maps them to exit 2 with one line.

>>> str(ReportInputError("r.pdf", "encrypted"))
'r.pdf: encrypted'
"""

from __future__ import annotations

from regc.errors import InputError


class ReportInputError(InputError):
    """A report that cannot be read (not a PDF, encrypted, damaged, zero pages)."""

    def __init__(self, path: str, why: str):
        super().__init__(f"{path}: {why}")
        self.path = path
        self.why = why


class DisclosureInputError(InputError):
    """A disclosure JSON or build folder that cannot be used."""
