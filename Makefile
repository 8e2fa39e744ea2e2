# The two commands that matter: `make run` and `make test`. Both work on a fresh machine
# with Python 3.11+ and nothing else.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
# This install's own SECRET_KEY (settings refuse to start without one); never committed (var/).
SECRET := var/secret_key
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test bench install migrate fixtures clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 $(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

install: $(STAMP)

$(SECRET):
	mkdir -p var
	umask 077 && $(PYTHON) -c "import secrets; print(secrets.token_urlsafe(48))" > $@

migrate: $(STAMP) $(SECRET)
	$(PY) manage.py migrate --noinput

fixtures: migrate
	$(PY) manage.py load_rules
	$(PY) manage.py load_demo --base http://$(HOST):$(PORT)

# One ASGI process serves the pages, the API and the live streams; with no REDIS_URL the streams
# hear of changes in memory, so nothing else needs to run.
run: fixtures
	DEBUG=$${DEBUG:-true} $(PY) -m tablekeeper.serving --host $(HOST) --port $(PORT)

test: $(STAMP) $(SECRET)
	$(PY) -m pytest

# Both backends when a PostgreSQL server answers on 127.0.0.1:5432 (role postgres), as on CI.
PG_BENCH_URL ?= postgres://postgres@127.0.0.1:5432/tablekeeper_bench
bench: $(STAMP) $(SECRET)
	$(PY) manage.py migrate --noinput
	$(PY) manage.py load_rules
	$(PY) -m bench.run
	$(PY) -m bench.search
	$(PY) -m bench.browser
	$(PY) -m bench.taps
	$(PY) -m bench.live
	@if command -v pg_isready >/dev/null && pg_isready -h 127.0.0.1 -p 5432 -q; then \
	  psql -h 127.0.0.1 -U postgres -tAc "SELECT 1 FROM pg_database WHERE datname='tablekeeper_bench'" | grep -q 1 || \
	    psql -h 127.0.0.1 -U postgres -qc "CREATE DATABASE tablekeeper_bench"; \
	  DATABASE_URL=$(PG_BENCH_URL) $(PY) manage.py migrate --noinput && \
	  DATABASE_URL=$(PG_BENCH_URL) $(PY) manage.py load_rules && \
	  DATABASE_URL=$(PG_BENCH_URL) $(PY) -m bench.run && \
	  DATABASE_URL=$(PG_BENCH_URL) $(PY) -m bench.search; \
	else echo "no PostgreSQL on 127.0.0.1:5432: benchmarked SQLite only"; fi

clean:
	rm -rf $(VENV) var/*.sqlite3* var/static
