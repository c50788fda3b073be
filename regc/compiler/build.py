"""Write a build folder atomically: ``<activity_id>.json`` per activity, ``diagnostics.jsonl`` and the marker
file ``.regc-build`` (:data:`BUILD_MARKER`).

Everything is written into a temporary folder beside the target, then renamed into place; an existing target is
moved aside first and removed only after the new one is in place, so a failure never leaves a half-written build.
An existing target is replaced only when it is empty or carries the marker (a build regc wrote); any other folder
is the user's and is refused.  A target that is a symbolic link to a folder is written through: the link stays
and points at the new build.

>>> import tempfile, pathlib
>>> out = pathlib.Path(tempfile.mkdtemp()) / "build"
>>> write_build(out, [], []).name
'build'
>>> sorted(p.name for p in out.iterdir())
['.regc-build', 'diagnostics.jsonl']
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterable, Optional

if TYPE_CHECKING:  # not imported at run time: a build read back from the cache writes text, no models
    from regc.ir.models import Activity, Diagnostic

DIAGNOSTICS_FILE = "diagnostics.jsonl"
BUILD_MARKER = ".regc-build"  # written into every build; only a folder holding it may be replaced by `-o`
MARKER_TEXT = "regc build folder: written by `regc compile`; `-o` may replace this folder\n"
BUILD_FILES = (DIAGNOSTICS_FILE, "evaluator.py", BUILD_MARKER)  # besides the ``<activity_id>.json`` files


def activity_filename(activity_id: str) -> str:
    """``CCM-4.29`` -> ``CCM-4.29.json`` (ids are ``<OBJ>-<section>``; anything else is made file-safe)."""
    safe = "".join(ch if ch.isalnum() or ch in "-._" else "_" for ch in activity_id)
    return f"{safe}.json"


def diagnostics_jsonl(diagnostics: Iterable[Diagnostic]) -> str:
    """One Diagnostic JSON object per line, keys in model order (deterministic)."""
    return "".join(json.dumps(d.to_json(), ensure_ascii=False) + "\n" for d in diagnostics)


def is_build_folder(folder: Path) -> bool:
    """True for a folder regc wrote: it holds the :data:`BUILD_MARKER` file."""
    marker = Path(folder) / BUILD_MARKER
    return marker.is_file() and not marker.is_symlink()


def is_replaceable_build(folder: Path) -> bool:
    """True for what ``write_build`` may replace: an empty folder or a marked build (:func:`is_build_folder`).
    A folder of the user's JSON files is not a build, however much it looks like one.

    >>> import tempfile, pathlib
    >>> d = pathlib.Path(tempfile.mkdtemp()); is_replaceable_build(d)
    True
    >>> (d / "customers.json").write_text("{}"); is_replaceable_build(d)
    2
    False
    >>> (d / BUILD_MARKER).write_text(MARKER_TEXT) > 0, is_replaceable_build(d)
    (True, True)
    """
    return not any(folder.iterdir()) or is_build_folder(folder)


def build_files(activities: list[Activity], diagnostics: list[Diagnostic],
                with_provenance: bool = False) -> list[tuple[str, str]]:
    """``(file name, text)`` of every file of a build but the marker: one per activity, then the diagnostics.

    >>> build_files([], [])
    [('diagnostics.jsonl', '')]
    """
    files: list[tuple[str, str]] = []
    seen: set[str] = set()
    for act in activities:
        name = activity_filename(act.activity_id)
        if name in seen:
            raise ValueError(f"two activities would be written to {name}")
        seen.add(name)
        files.append((name, act.dumps(with_provenance)))
    files.append((DIAGNOSTICS_FILE, diagnostics_jsonl(diagnostics)))
    return files


def write_build(outdir: str | os.PathLike, activities: list[Activity], diagnostics: list[Diagnostic],
                with_provenance: bool = False,
                extra: Optional[Callable[[Path], None]] = None) -> Path:
    """Write the build folder ``outdir`` atomically and return its path.

    ``extra(tmpdir)`` may add more files (e.g. emitted evaluators) before the folder is renamed into place; if
    it raises, nothing is written.
    """
    return write_build_files(outdir, build_files(activities, diagnostics, with_provenance), extra)


def write_build_files(outdir: str | os.PathLike, files: Iterable[tuple[str, str]],
                      extra: Optional[Callable[[Path], None]] = None) -> Path:
    """Write ``files`` (``(name, text)``, see :func:`build_files`) and the marker as the build folder ``outdir``,
    atomically (see the module text), and return its path."""
    out = Path(outdir)
    if out.is_symlink() and out.is_dir():  # write through the link: the link itself stays
        out = out.resolve()
    parent = out.parent if str(out.parent) else Path(".")
    parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{out.name}.tmp-", dir=parent))
    try:
        for name, text in files:
            (tmp / name).write_text(text, encoding="utf-8")
        (tmp / BUILD_MARKER).write_text(MARKER_TEXT, encoding="utf-8")
        if extra is not None:
            extra(tmp)
        os.chmod(tmp, 0o755)
        old: Optional[Path] = None
        if out.exists() or out.is_symlink():
            if not out.is_dir():
                raise FileExistsError(f"{out} exists and is not a folder")
            if not is_replaceable_build(out):  # never delete a folder regc did not write (`-o .`, `-o ~/docs`)
                raise FileExistsError(f"{out} exists and is not a regc build folder (no {BUILD_MARKER} file); "
                                      "choose another -o or remove it")
            old = Path(tempfile.mkdtemp(prefix=f".{out.name}.old-", dir=parent))
            old.rmdir()
            os.replace(out, old)
        try:
            os.replace(tmp, out)
        except BaseException:
            if old is not None:
                os.replace(old, out)  # put the previous build back
            raise
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
        return out
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
