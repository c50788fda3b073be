"""Atomic file writes: write to a temporary file beside the target, then rename it into place, so that a reader
never sees a half-written file and a failed write leaves nothing behind (the previous file, if any, stays).

>>> import tempfile, pathlib
>>> d = pathlib.Path(tempfile.mkdtemp())
>>> atomic_write_text(d / "sub" / "a.txt", "hello\\n")
>>> (d / "sub" / "a.txt").read_text(), sorted(p.name for p in (d / "sub").iterdir())
('hello\\n', ['a.txt'])
"""

from __future__ import annotations

import errno
import os
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator, Optional, TextIO


@contextmanager
def atomic_path(path: str | Path, *, suffix: str = "") -> Iterator[Path]:
    """A temporary path ``.<name>.*<suffix>`` in the folder of ``path`` (created if missing) for the block to write;
    renamed onto ``path`` (mode 0644) when the block ends normally, removed when it raises."""
    p = Path(path)
    if p.is_dir():  # refused before anything is written (os.replace would name the temporary file)
        raise IsADirectoryError(errno.EISDIR, "Is a directory", str(p))
    p.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=suffix, dir=p.parent)
    os.close(fd)
    try:
        yield Path(tmp)
        os.chmod(tmp, 0o644)
        os.replace(tmp, p)
    except BaseException as e:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(e, OSError) and e.filename == tmp:  # the temporary file is ours: name the target
            raise type(e)(e.errno, e.strerror, str(p)) from None
        raise


@contextmanager
def atomic_open(path: str | Path, *, newline: Optional[str] = None, encoding: str = "utf-8") -> Iterator[TextIO]:
    """A text file to write ``path`` through (see :func:`atomic_path`)."""
    with atomic_path(path) as tmp, open(tmp, "w", newline=newline, encoding=encoding) as f:
        yield f


def atomic_write_text(path: str | Path, text: str, *, encoding: str = "utf-8") -> None:
    """Write ``text`` to ``path`` atomically (see :func:`atomic_open`)."""
    with atomic_open(path, encoding=encoding) as f:
        f.write(text)
