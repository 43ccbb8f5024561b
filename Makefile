# Two commands do everything on a fresh machine:
#   make serve  – virtualenv, dependencies, database, content, messages; then the site on :8000
#               (another port: make serve PORT=8080)
#   make test   – the same set-up, then lint and every test (browser tests in Chromium included)

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
MANAGE := $(PY) manage.py
STAMP := $(VENV)/.installed
PORT ?= 8000

.PHONY: serve test test-postgres setup lint format messages check-deploy bench stack stack-stop \
	stack-check stack-restart clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

setup: $(STAMP)
	$(MANAGE) compilemessages --ignore=$(VENV) --verbosity=0
	$(MANAGE) migrate --noinput --verbosity=0

serve: setup
	DEBUG=1 $(MANAGE) runserver 127.0.0.1:$(PORT)

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy --strict rules/engine

# Lighthouse for tests/perf/test_lighthouse.py, pinned by its lock file, kept inside bench/npm/.
LIGHTHOUSE := bench/npm/node_modules/.package-lock.json

# `npm ci` keeps to the lock file; `npm install` when a dependency's "latest" moved on since.
# Without npm the test is skipped locally and fails in CI (as the browser tests without Chromium).
$(LIGHTHOUSE): bench/npm/package-lock.json
	@if command -v npm >/dev/null; then \
		{ npm ci --prefix bench/npm --no-audit --no-fund --loglevel=error \
		  || npm install --prefix bench/npm --no-audit --no-fund --loglevel=error; } \
		&& touch $(LIGHTHOUSE); \
	else echo "npm is missing: the Lighthouse test will be skipped (apt-get install npm)"; fi

test: setup lint $(LIGHTHOUSE)
	$(VENV)/bin/pytest

# Every test that touches the database again, on a throw-away PostgreSQL from Debian's packages
# (apt-get install postgresql): started on a free loopback port, stopped and deleted afterwards.
test-postgres: setup
	$(PY) -m deploy.postgres -- $(VENV)/bin/pytest --database-tests -p no:cacheprovider

format: $(STAMP)
	$(VENV)/bin/ruff check --fix .
	$(VENV)/bin/ruff format .

# Refresh every catalogue after changing text: the site's own strings go to locale/,
# each app's to <app>/locale/.
messages: $(STAMP)
	$(MANAGE) makemessages -l de --ignore=$(VENV) --ignore=staticfiles --ignore=bench --no-obsolete
	$(MANAGE) compilemessages --ignore=$(VENV)

check-deploy: $(STAMP)
	DJANGO_ENV=production SECRET_KEY=$$($(PY) -c 'import secrets; print(secrets.token_urlsafe(50))') \
		ALLOWED_HOSTS=kut.example $(MANAGE) check --deploy --fail-level WARNING

bench: setup
	$(PY) bench/run.py

# PostgreSQL, Redis, two gunicorn app servers and nginx on loopback ports (docs/deploy.md);
# needs Debian's postgresql, redis-server and nginx.
stack: setup
	$(PY) -m deploy.stack start

stack-stop: $(STAMP)
	$(PY) -m deploy.stack stop

# A rolling restart, as for a new version: one app server at a time, nginx drains it first.
stack-restart: $(STAMP)
	$(PY) -m deploy.stack restart

stack-check: $(STAMP)
	$(PY) -m deploy.check

clean:
	rm -rf $(VENV) staticfiles db.sqlite3
