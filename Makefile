# The two commands that matter: `make run` and `make test`. Both work on a fresh machine
# with Python 3.11+ and nothing else.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test bench install migrate fixtures clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

install: $(STAMP)

migrate: $(STAMP)
	$(PY) manage.py migrate --noinput

fixtures: migrate
	$(PY) manage.py load_demo

run: fixtures
	DEBUG=$${DEBUG:-true} $(PY) manage.py runserver $(HOST):$(PORT)

test: $(STAMP)
	$(PY) -m pytest

bench: $(STAMP)
	$(PY) manage.py migrate --noinput
	$(PY) -m bench.run

clean:
	rm -rf $(VENV) var/*.sqlite3* var/static
