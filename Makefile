# Two commands do everything on a fresh machine:
#   make serve  – virtualenv, dependencies, database, content, messages; then the site on :8000
#   make test   – the same set-up, then lint and every test (browser tests in Chromium included)

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
MANAGE := $(PY) manage.py
STAMP := $(VENV)/.installed

.PHONY: serve test setup lint format messages check-deploy bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

setup: $(STAMP)
	$(MANAGE) compilemessages --ignore=$(VENV) --verbosity=0
	$(MANAGE) migrate --noinput --verbosity=0

serve: setup
	DEBUG=1 $(MANAGE) runserver 127.0.0.1:8000

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

test: setup lint
	$(VENV)/bin/pytest

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

clean:
	rm -rf $(VENV) staticfiles db.sqlite3
