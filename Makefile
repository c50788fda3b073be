# regc — every target creates/reuses .venv/ and installs what it needs.
SHELL := /bin/bash
PY ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cat requirements.txt pyproject.toml | sha1sum | cut -c1-12)
JDK ?= $(firstword $(wildcard /usr/lib/jvm/temurin-25-jdk-amd64 /usr/lib/jvm/temurin-2*-jdk-amd64 /usr/lib/jvm/java-2*-openjdk-amd64))
export JAVA_HOME := $(JDK)
export PATH := $(if $(JDK),$(JDK)/bin:,)$(PATH)
export REGC_CORPUS ?= $(abspath ../shared/corpora)
export OPENAI_API_KEY ?= unused-offline
export LITELLM_LOCAL_MODEL_COST_MAP := True
export HF_HUB_OFFLINE := 1
export TOKENIZERS_PARALLELISM := false

.PHONY: venv demo test bench clean browser prefilter-table rx-store

# Debian's chromium for the browser test of the HTML report (Playwright drives it; `playwright install` is never
# run).  CI runs as root on a clean machine: apt-get update once, then install; without root or apt the browser
# test skips with its reason.
browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  ( $$SUDO apt-get update -q && $$SUDO DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium ) >/dev/null \
	  || echo "warning: could not install chromium; the browser test will be skipped"; }

venv: $(STAMP)

$(STAMP): requirements.txt pyproject.toml
	@test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q torch==2.13.0   # CPU build on local disk; must precede pyserini/sentence-transformers
	$(BIN)/pip install -q -r requirements.txt
	$(BIN)/pip install -q --no-deps -e .
	@command -v tesseract >/dev/null || apt-get install -y -q tesseract-ocr tesseract-ocr-eng >/dev/null 2>&1 \
	  || (apt-get update -q >/dev/null && apt-get install -y -q tesseract-ocr tesseract-ocr-eng >/dev/null) \
	  || echo "tesseract-ocr not installed: OCR of scanned reports unavailable, its tests skip"
	@rm -f $(VENV)/.installed-*; touch $@

demo: venv
	$(BIN)/python -m regc.demo

# pytest-xdist: one worker per core (at most 4), each test file whole on one worker (its module fixtures built once);
# `make test PYTEST_XDIST=` runs serially in one process, `make test PYTEST_ARGS=tests/test_x.py` picks tests
PYTEST_XDIST ?= -n auto --maxprocesses 4 --dist loadfile

test: venv browser
	$(BIN)/ruff check regc harness bench tests
	$(BIN)/python -m pytest -q -p no:cacheprovider $(PYTEST_XDIST) $(PYTEST_ARGS)

# the package's bytecode, as an installed wheel has it (this machine sets PYTHONDONTWRITEBYTECODE, so an editable
# install would otherwise recompile every module in every timed process), and the store of compiled patterns
bench: venv rx-store
	$(BIN)/python -m compileall -q regc
	$(BIN)/python -m bench.run

# the compiled regular expressions of regc's modules (and, when the corpus has it, those a whole 2021/2139 compile
# builds: lark's lexers, patterns made on first use), which `regc compile` reads at start instead of parsing ~1,000
# patterns (regc/cli/rx_store.py; untracked, like __pycache__; a missing or stale store only costs that time)
RX_STORE_ACT := $(REGC_CORPUS)/eurlex-lex-corpus/works/32021r2139/2026-01-01/en.xml
rx-store: venv
	$(BIN)/python -m regc.cli.rx_store $(if $(wildcard $(RX_STORE_ACT)),compile $(RX_STORE_ACT) -o .bench/rx-store --no-cache -q)

# the stored prefilter analysis of the rule patterns (regc/grammar/prefilter_table.py): rerun after changing rule
# patterns or regc/grammar/prefilter.py (a stale table is never wrong, only slower)
prefilter-table: venv
	$(BIN)/python -m bench.prefilter_table

clean:
	rm -rf $(VENV) build out .bench
