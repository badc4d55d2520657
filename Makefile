# Hearts service: `make run` serves it, `make test` checks it. GNU make.
VENV := .venv
PY := $(VENV)/bin/python
PIP := $(PY) -m pip
PYTEST_ARGS ?=

.DEFAULT_GOAL := help
.PHONY: help install install-dev run test test-pages lint format bench clean distclean

help:
	@echo "make run     install, migrate, load demo data, collect static, serve on 127.0.0.1:\$${PORT:-8000}"
	@echo "make test    ruff, format check, import layers, manage.py check, OpenAPI validation, pytest (PYTEST_ARGS=...)"
	@echo "make test-pages  the phone pages only: test client, then Chromium at 360 px (screenshots)"
	@echo "make lint | format | clean | distclean"

$(PY):
	python3 -m venv $(VENV)
	$(PIP) install --quiet --upgrade pip

# Stamps: reinstall only when pyproject.toml changes.
$(VENV)/.installed: pyproject.toml | $(PY)
	$(PIP) install --quiet -e .
	touch $@

$(VENV)/.installed-dev: pyproject.toml | $(PY)
	$(PIP) install --quiet -e '.[dev]'
	touch $@

install: $(VENV)/.installed
install-dev: $(VENV)/.installed-dev

run: $(VENV)/.installed
	$(PY) manage.py migrate --noinput
	$(PY) manage.py createcachetable
	$(PY) manage.py load_demo
	$(PY) manage.py collectstatic --noinput
	exec $(VENV)/bin/gunicorn hearts_site.wsgi --bind 127.0.0.1:$${PORT:-8000} --workers 2 --access-logfile -

test: $(VENV)/.installed-dev
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports
	$(PY) manage.py check
	DJANGO_SECURE=1 DJANGO_DEBUG=0 DJANGO_ALLOWED_HOSTS=hearts.example.org \
		DJANGO_SECRET_KEY=check-deploy-only-$$(od -An -N24 -tx1 /dev/urandom | tr -d ' \n') \
		$(PY) manage.py check --deploy --fail-level WARNING
	$(PY) manage.py spectacular --validate --fail-on-warn --file /dev/null
	$(PY) -m pytest $(PYTEST_ARGS)

# The phone pages (tests/pages): Django test client, then Debian's Chromium at 360 px through
# Playwright; screenshots land in test-artifacts/screenshots/ (git-ignored).
test-pages: $(VENV)/.installed-dev
	$(PY) -m pytest tests/pages $(PYTEST_ARGS)

lint: $(VENV)/.installed-dev
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports

format: $(VENV)/.installed-dev
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .

# Benchmarks (later issues add more to this target); results go to bench/RESULTS.md.
bench: $(VENV)/.installed-dev
	$(PY) bench/engine.py --out bench/RESULTS.md
	$(PY) bench/standings.py --out bench/RESULTS.md
	$(PY) bench/standings.py --out bench/RESULTS.md \
		--database-url postgres://postgres@127.0.0.1:5432/hearts_bench_standings
	$(PY) bench/scale.py --out bench/RESULTS.md
	command -v wrk >/dev/null 2>&1 || apt-get install -y wrk
	$(PY) bench/http_load.py --out bench/RESULTS.md

clean:
	rm -rf staticfiles build *.egg-info .pytest_cache .ruff_cache .hypothesis test-artifacts
	find . -path ./$(VENV) -prune -o -name __pycache__ -type d -print -exec rm -rf {} +

distclean: clean
	rm -rf $(VENV) db.sqlite3 db.sqlite3-wal db.sqlite3-shm db.sqlite3-writer.lock
