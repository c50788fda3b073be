"""Query an index built by :mod:`regc.retrieval.index`: BM25, dense, or both fused (RRF / RRM).

>>> # s = Searcher.open("out/index"); s.search("sustainability criteria for biofuels", k=5)[0].locator
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Optional, Sequence

from regc.retrieval.chunking import ActTree, Chunk
from regc.retrieval.fusion import fuse
from regc.retrieval.index import FORMAT_VERSION, IndexError_, _read_manifest, file_record, tree_from_dict
from regc.retrieval.registry import ActRegistry

# Lucene's default English stop set (what the BM25 analyser drops)
LUCENE_STOPWORDS = frozenset(
    "a an and are as at be but by for if in into is it no not of on or such that the their then there these they "
    "this to was will with".split())
POOL = 50  # candidates per view before fusion
# the last queries' BM25 hits and dense query vectors kept per opened index, so that a question asked of two orders
# (`regc ask`'s route per citation network) searches and encodes once; results are the same with or without it
QUERY_MEMO = 16


class QueryError(ValueError):
    """A query that cannot be searched (empty, only stop words)."""


@dataclass(frozen=True)
class Hit:
    chunk_id: str
    celex: str
    locator: str
    text: str
    score: float
    origin: str = "search"  # search | pinpoint | definition | scope | closure (how the passage was found)

    def to_json(self) -> dict:
        return {"celex": self.celex, "locator": self.locator, "text": self.text, "score": round(self.score, 6)}


def check_query(q: str) -> str:
    """The query, checked: valid UTF-8 text with at least one content word, else :class:`QueryError`.

    >>> try:
    ...     check_query("caf\\udce9")  # the byte 0xE9 on a UTF-8 command line (Latin-1 'é')
    ... except QueryError as e:
    ...     print(e)
    the query is not valid UTF-8 (byte 0xe9 at character 4); give it in UTF-8
    """
    bad = next((i for i, ch in enumerate(q) if "\udc80" <= ch <= "\udcff"), None)
    if bad is not None:  # os.fsdecode keeps undecodable argv bytes as lone surrogates (PEP 383)
        raise QueryError(f"the query is not valid UTF-8 (byte 0x{ord(q[bad]) - 0xdc00:02x} at character "
                         f"{bad + 1}); give it in UTF-8")
    try:
        q.encode("utf-8")
    except UnicodeEncodeError as e:
        raise QueryError(f"the query is not valid text (lone surrogate at character {e.start + 1})") from None
    words = re.findall(r"\w+", q.lower())
    if not words:
        raise QueryError("empty query: give some words to search for")
    if all(w in LUCENE_STOPWORDS for w in words):
        raise QueryError(f"the query {q!r} has only stop words ({' '.join(words)}); add a content word")
    return q


def _lucene_escape(q: str) -> str:
    """Drop query-syntax characters so that user text is taken as plain words."""
    return re.sub(r'[+\-&|!(){}\[\]^"~*?:\\/]', " ", q)


_JUL_CONFIG = Path(__file__).with_name("jvm-logging.properties")
_JVM_LOGGERS: list = []  # java.util.logging holds loggers weakly: keep the ones we configure alive


def quiet_jvm(start_vm: bool = True) -> None:
    """Silence the JVM's start-up noise on stderr (warnings for users of Lucene, not for ours) before pyserini
    starts the JVM: ``--sun-misc-unsafe-memory-access=allow`` (JDK 23+, JEP 471: Lucene's documented use of
    ``Unsafe.invokeCleaner``) and Lucene's "update Apache Lucene" note on Java 22+ (its ``MMapDirectory``
    logger set to SEVERE, by ``jvm-logging.properties`` at start-up and again once the JVM runs).  Options the
    user set (``JAVA_TOOL_OPTIONS``, jnius) win.  Only the JDK's one-line incubator notice (``jdk.incubator.vector``, which pyserini
    adds for speed) remains.  ``start_vm=False`` only sets the start options.  Idempotent; a JVM already running
    keeps its options."""
    from regc.retrieval.index import _jdk_version, anserini, ensure_java

    import jnius_config

    home = ensure_java()
    if not jnius_config.vm_running:
        opts = list(jnius_config.get_options())
        user = " ".join(opts) + " " + os.environ.get("JAVA_TOOL_OPTIONS", "")
        if _jdk_version(Path(home)) >= 23 and "--sun-misc-unsafe-memory-access" not in user:
            jnius_config.add_options("--sun-misc-unsafe-memory-access=allow")
        if "java.util.logging.config" not in user and _JUL_CONFIG.is_file():  # an installed wheel
            # without the file keeps the JDK default; the logger is set below once the JVM runs
            jnius_config.add_options(f"-Djava.util.logging.config.file={_JUL_CONFIG}")
    if start_vm and not _JVM_LOGGERS:
        try:
            logger = anserini("java.util.logging.Logger").getLogger("org.apache.lucene.store.MMapDirectory")
            logger.setLevel(anserini("java.util.logging.Level").SEVERE)
            _JVM_LOGGERS.append(logger)
        except Exception:  # logging configuration is cosmetic
            _JVM_LOGGERS.append(None)


def _one_thread_search(index, vectors, k: int):
    """``index.search`` on ONE OpenMP thread: a flat index of a few thousand vectors is searched in well under a
    millisecond, while the thread pool's spin-up and contention on a shared machine cost tens of milliseconds
    (measured 34 ms -> 0.6 ms for 3 queries over 2,534 vectors).  The caller's thread count is restored."""
    import faiss

    n = faiss.omp_get_max_threads()
    faiss.omp_set_num_threads(1)
    try:
        return index.search(vectors, k)
    finally:
        faiss.omp_set_num_threads(n)


def missing_index_message(index: Path) -> str:
    return f"no index at {index}; build it with: regc index CORPUS -o {index}"


class Searcher:
    """An opened index.  Lucene and the dense encoder load lazily, on the first query that needs them."""

    def __init__(self, folder: Path, manifest: dict):
        self.folder = folder
        self.manifest = manifest
        self.chunks: list[Chunk] = []
        with open(folder / "chunks.jsonl", encoding="utf-8") as f:
            try:
                for n, line in enumerate(f, 1):
                    self.chunks.append(Chunk(**json.loads(line)))
            except (ValueError, TypeError) as e:  # invalid JSON / UTF-8, or a record without the chunk fields
                raise IndexError_(f"{folder / 'chunks.jsonl'}:line {n}: corrupt index ({str(e).splitlines()[0]}); "
                                  f"rebuild it with: regc index {manifest.get('corpus', 'CORPUS')} -o {folder}"
                                  ) from None
        self.by_id = {c.chunk_id: c for c in self.chunks}
        self._bm25_memo = lru_cache(maxsize=QUERY_MEMO)(self._bm25_search)
        self._encode_memo = lru_cache(maxsize=QUERY_MEMO)(self._encode)

    def forget_queries(self) -> None:
        """Drop the remembered queries (``QUERY_MEMO``): what a timing of one question's cold answer needs."""
        self._bm25_memo.cache_clear()
        self._encode_memo.cache_clear()

    # -- opening ---------------------------------------------------------------------------------------------

    @classmethod
    def open(cls, index: str | Path, *, check_stale: bool = True) -> "Searcher":
        folder = Path(index)
        manifest = _read_manifest(folder)
        if manifest is None:
            something_else = folder.is_file() or (folder.is_dir() and any(folder.iterdir()))
            if something_else:
                raise IndexError_(f"{folder}: not a regc index (no readable manifest.json); rebuild it with: "
                                  f"regc index CORPUS -o {folder}")
            raise IndexError_(missing_index_message(folder))
        if manifest.get("options", {}).get("format") != FORMAT_VERSION:
            raise IndexError_(f"{folder}: index format {manifest.get('options', {}).get('format')} is not the "
                              f"current {FORMAT_VERSION}; rebuild it with: "
                              f"regc index {manifest.get('corpus', 'CORPUS')} -o {folder}")
        for name in ("chunks.jsonl", "lucene"):
            if not (folder / name).exists():
                raise IndexError_(f"{folder}: index is incomplete ({name} missing); rebuild it with: "
                                  f"regc index {manifest.get('corpus', 'CORPUS')} -o {folder}")
        if check_stale:
            stale = cls.stale_files(manifest)
            if stale:
                raise IndexError_(f"{folder}: index is stale ({stale[0]} changed or missing"
                                  f"{f' and {len(stale) - 1} more' if len(stale) > 1 else ''}); rebuild it with: "
                                  f"regc index {manifest.get('corpus', 'CORPUS')} -o {folder}")
        return cls(folder, manifest)

    @staticmethod
    def stale_files(manifest: dict) -> list[str]:
        """Source files whose size/mtime changed and whose content hash no longer matches (or that vanished)."""
        out = []
        for path, rec in sorted(manifest.get("files", {}).items()):
            p = Path(path)
            if not p.exists():
                out.append(path)
                continue
            st = p.stat()
            if st.st_size == rec.get("size") and int(st.st_mtime) == rec.get("mtime"):
                continue
            if file_record(p)["sha256"] != rec.get("sha256"):
                out.append(path)
        return out

    @cached_property
    def registry(self) -> ActRegistry:
        try:
            return ActRegistry.from_json(json.loads((self.folder / "registry.json").read_text("utf-8")))
        except (OSError, ValueError):
            return ActRegistry()

    @cached_property
    def trees(self) -> dict[str, ActTree]:
        out = {}
        try:
            with open(self.folder / "trees.jsonl", encoding="utf-8") as f:
                for n, line in enumerate(f, 1):
                    t = tree_from_dict(json.loads(line))
                    out[t.celex] = t
        except OSError:
            pass
        except (ValueError, TypeError, KeyError, AttributeError) as e:  # truncated or foreign records
            raise self._corrupt(f"trees.jsonl:line {n}", e) from None
        return out

    def _corrupt(self, where: str, e: Exception) -> IndexError_:
        """The one-line error for a corrupt index file (``where``: its name, and line)."""
        return IndexError_(f"{self.folder / where}: corrupt index ({type(e).__name__}: "
                           f"{str(e).splitlines()[0][:120] if str(e) else ''}); rebuild it with: "
                           f"regc index {self.manifest.get('corpus', 'CORPUS')} -o {self.folder}")

    @cached_property
    def activities(self) -> dict[str, list[list[str]]]:
        """Annex node -> [[activity id, name], ...] (:func:`regc.retrieval.activities.activity_table`); empty for an
        index built before format 8."""
        try:
            table = json.loads((self.folder / "activities.json").read_text("utf-8"))
        except OSError:
            return {}
        except ValueError as e:
            raise self._corrupt("activities.json", e) from None
        if not isinstance(table, dict):
            raise self._corrupt("activities.json", TypeError(f"a JSON {type(table).__name__}, not an object"))
        return table

    graph_problem: Optional[str] = None  # why the citation graph is empty (missing/corrupt graph.json)

    @cached_property
    def graph(self):
        """The citation graph; empty (with :attr:`graph_problem` saying why) when graph.json is missing or corrupt."""
        from regc.retrieval.citegraph import graph_from_json

        path = self.folder / "graph.json"
        try:
            return graph_from_json(json.loads(path.read_text("utf-8")))
        except (OSError, ValueError, TypeError, KeyError, AttributeError) as e:
            import networkx as nx

            why = "missing" if isinstance(e, FileNotFoundError) else \
                f"corrupt ({type(e).__name__}: {str(e).splitlines()[0][:120] if str(e) else ''})"
            self.graph_problem = (f"{path}: citation graph {why}; no citation closure; rebuild it with: "
                                  f"regc index {self.manifest.get('corpus', 'CORPUS')} -o {self.folder}")
            return nx.MultiDiGraph()

    def acts(self) -> list[str]:
        """CELEX numbers of the indexed acts, sorted."""
        return sorted(self._by_act)

    @cached_property
    def _lucene(self):
        from regc.retrieval.index import anserini

        quiet_jvm()
        try:
            s = anserini("io.anserini.search.SimpleSearcher")(str(self.folder / "lucene"))
        except Exception as e:  # a JVM exception surfaces as jnius.JavaException
            raise IndexError_(f"{self.folder / 'lucene'}: corrupt Lucene index ({type(e).__name__}: "
                              f"{str(e).splitlines()[0][:160] if str(e) else ''}); rebuild it with: "
                              f"regc index {self.manifest.get('corpus', 'CORPUS')} -o {self.folder}") from None
        s.set_bm25(0.9, 0.4)
        return s

    def _set_rm3(self, on: bool) -> None:
        s = self._lucene
        if on:
            s.set_rm3("JsonCollection", 10, 10, 0.5, False, True)
        else:
            s.unset_rm3()

    @cached_property
    def _dense(self):
        import faiss

        d = self.folder / "dense"
        if not (d / "index").exists():
            return None
        try:
            index = faiss.read_index(str(d / "index"))
        except RuntimeError as e:
            raise IndexError_(f"{d}: corrupt dense index ({str(e).splitlines()[0][:160]}); rebuild it") from None
        ids = (d / "docid").read_text("utf-8").split("\n")[: index.ntotal]
        return index, ids

    @property
    def has_dense(self) -> bool:
        return self._dense is not None

    # -- querying --------------------------------------------------------------------------------------------

    def bm25(self, query: str, k: int = 10, rm3: bool = False) -> list[tuple[str, float]]:
        """(chunk id, BM25 score) of the ``k`` best chunks, best first (the last ``QUERY_MEMO`` queries remembered).

        >>> # Searcher.open("out/index").bm25("security awareness training", 5)
        """
        check_query(query)
        return list(self._bm25_memo(query, k, rm3))

    def _bm25_search(self, query: str, k: int, rm3: bool) -> tuple[tuple[str, float], ...]:
        s = self._lucene
        if rm3:
            self._set_rm3(True)
        try:
            hits = s.search(_lucene_escape(query), k)
        except Exception as e:
            raise IndexError_(f"{self.folder / 'lucene'}: search failed ({type(e).__name__}: "
                              f"{str(e).splitlines()[0][:160] if str(e) else ''}); the index may be corrupt") from None
        finally:
            if rm3:
                self._set_rm3(False)
        return tuple((h.docid, float(h.score)) for h in hits if h.docid in self.by_id)

    def dense(self, query: str, k: int = 10) -> list[tuple[str, float]]:
        return self.dense_many([query], k)[0]

    def dense_many(self, queries: list[str], k: int = 10, adapt=None) -> list[list[tuple[str, float]]]:
        """:meth:`dense` for several queries, encoded in one batch; ``adapt`` (optional) maps the batch's vectors
        to those searched (:mod:`regc.retrieval.adapter`)."""
        for q in queries:
            check_query(q)
        if self._dense is None:
            raise IndexError_(f"{self.folder}: index has no dense part (built with --no-dense)")
        index, ids = self._dense
        vectors = self.encoded(queries)
        if adapt is not None:
            vectors = adapt(vectors)
        scores, idx = _one_thread_search(index, vectors, min(k, index.ntotal))
        return [[(ids[i], float(s)) for i, s in zip(ix, sc) if i >= 0] for ix, sc in zip(idx, scores)]

    def encoded(self, queries: Sequence[str]):
        """The query encoder's vectors of ``queries``, encoded as one batch (a copy: the remembered array stays as
        encoded, so a batch just searched is not encoded again)."""
        return self._encode_memo(tuple(queries)).copy()

    @staticmethod
    def _encode(queries: tuple[str, ...]):
        from regc.retrieval.index import encode_query

        return encode_query(list(queries))

    def ranked(self, query: str, k: int = 10, mode: str = "hybrid", fusion: str = "rrf",
               rm3: bool = False) -> list[tuple[str, float]]:
        """(chunk id, score) best first.  ``mode``: bm25 | dense | hybrid (fused with ``fusion``)."""
        if mode == "bm25" or (mode == "hybrid" and not self.has_dense):
            return self.bm25(query, k, rm3)
        if mode == "dense":
            return self.dense(query, k)
        if mode != "hybrid":
            raise ValueError(f"unknown mode {mode!r}")
        pool = max(POOL, k)
        lists = [[d for d, _ in self.bm25(query, pool, rm3)], [d for d, _ in self.dense(query, pool)]]
        return fuse(fusion, lists)[:k]

    def search(self, query: str, k: int = 10, mode: str = "hybrid", fusion: str = "rrf", rm3: bool = False,
               celex: Optional[str] = None) -> list[Hit]:
        """Hits best first; with ``celex`` only chunks of that act (searched in a wider pool)."""
        pool = k if celex is None else max(200, k * 20)
        out = []
        for cid, score in self.ranked(query, pool, mode, fusion, rm3):
            c = self.by_id.get(cid)
            if c is None or (celex and c.celex != celex.upper()):
                continue
            out.append(Hit(c.chunk_id, c.celex, c.locator, c.text, score))
            if len(out) >= k:
                break
        return out

    def closure(self, hits: list[Hit], *, decay: float = 0.7, max_seeds: int = 10) -> list[Hit]:
        """Close an evidence set over the citation graph (1 hop over REFERENCES/DELEGATES_TO/SPECIFIES):
        each cited provision that is in the index joins with ``decay`` x the score of the best hit citing it
        (co-discovered: max, not sum).  Hits keep their order; additions follow, best first."""
        from regc.retrieval.citegraph import expand, part_node, part_of

        seeds: dict[str, float] = {}
        for h in hits:
            node = part_node(h.celex, h.locator)
            seeds[node] = max(seeds.get(node, 0.0), h.score)
        expanded = expand(sorted(seeds.items(), key=lambda x: (-x[1], x[0])), self.graph, decay=decay,
                          max_seeds=max_seeds, same_act=False)
        first_chunk: dict[str, Chunk] = {}
        for c in self.chunks:
            first_chunk.setdefault(f"{c.celex}#{part_of(c.locator)}", c)
        have = {h.chunk_id for h in hits}
        extra = []
        for node, score in expanded:
            c = first_chunk.get(node)
            if node in seeds or c is None or c.chunk_id in have:
                continue
            have.add(c.chunk_id)
            extra.append(Hit(c.chunk_id, c.celex, c.locator, c.text, score, "closure"))
        return list(hits) + extra

    @cached_property
    def _part_chunks(self) -> dict[str, list[Chunk]]:
        from regc.retrieval.citegraph import part_of

        out: dict[str, list[Chunk]] = {}
        for c in self.chunks:
            out.setdefault(f"{c.celex}#{part_of(c.locator)}", []).append(c)
        return out

    def part_nodes(self) -> dict[str, list[Chunk]]:
        """Article/annex/section node id ("32021R2178#Article 8") -> its chunks, in document order."""
        return self._part_chunks

    def annex_parts_with(self, label: str) -> list[str]:
        """Annex nodes having a subdivision ``label`` ("Part 7": "Annex I, Part 7" -> "<celex>#Annex I")."""
        want = re.compile(rf",\s*{re.escape(label)}(?!\w)")
        return sorted({node for node, cs in self._part_chunks.items()
                       if node.split("#", 1)[1].startswith("Annex") and any(want.search(c.locator) for c in cs)})

    def chunks_of_act(self, celex: str) -> list[Chunk]:
        return self._by_act.get(celex.upper(), [])

    @cached_property
    def _by_act(self) -> dict[str, list[Chunk]]:
        out: dict[str, list[Chunk]] = {}
        for c in self.chunks:
            out.setdefault(c.celex, []).append(c)
        return out

    def definitions(self, celex: str) -> dict[str, str]:
        """The act's defined terms (lower case) -> locator of the definition, from the graph's DEFINES edges."""
        return self._definitions.get(celex) or self._definitions.get(celex.upper(), {})

    def term_provisions(self, celex: str) -> dict[str, int]:
        """The act's one-word defined terms -> how many of its provisions use the word (its document frequency;
        :data:`regc.retrieval.anchor.RARE_TERM_PROVISIONS`); computed once per act."""
        if celex not in self._term_provisions:
            one = {t for t in self.definitions(celex) if re.fullmatch(r"[a-z][a-z\-]*", t)}
            count = dict.fromkeys(sorted(one), 0)
            for node in sorted(n for n in self.part_nodes() if n.split("#", 1)[0] == celex):
                text = " ".join(c.text for c in self.part_nodes()[node]).lower()
                for t in one & set(re.findall(r"[a-z][a-z\-]*", text)):
                    count[t] += 1
            self._term_provisions[celex] = count
        return self._term_provisions[celex]

    @cached_property
    def _term_provisions(self) -> dict[str, dict[str, int]]:
        return {}

    @cached_property
    def _definitions(self) -> dict[str, dict[str, str]]:
        out: dict[str, dict[str, str]] = {}
        for _, v, d in self.graph.edges(data=True):
            if d.get("type") == "DEFINES" and d.get("locator"):
                celex = self.graph.nodes[v].get("celex") or v.split(":", 2)[1]  # "term:doc:hipaa:breach"
                term = v[len(f"term:{celex}:"):]
                out.setdefault(celex, {}).setdefault(term, d["locator"])
        return out


__all__ = ["Searcher", "Hit", "QueryError", "check_query", "LUCENE_STOPWORDS"]
