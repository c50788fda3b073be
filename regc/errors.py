"""Typed errors raised by the core; the command line maps them to exit codes.

``InputError`` is bad input (a file that cannot be read or parsed, a value out of range): the CLI prints it as one
line, naming the file and location, and exits 2.

>>> str(InputError("facts.yaml: line 3: unknown unit 'foo'"))
"facts.yaml: line 3: unknown unit 'foo'"
"""

from __future__ import annotations


class RegcError(Exception):
    """Base class of the errors regc raises on purpose."""


class InputError(RegcError):
    """Bad input: one line, naming the file and location; exit 2 at the command line."""
