# Hearts service: `make run` serves it, `make test` checks it. GNU make.
VENV := .venv
PY := $(VENV)/bin/python
PIP := $(PY) -m pip
UV := $(VENV)/bin/uv
PYTEST_ARGS ?=
# pytest-xdist workers for make test and test-fast: each has its own test database. Three on
# two cores: with two, the cores stood idle while tests waited on servers, child processes and
# timeouts, and a third worker uses that time.
TEST_WORKERS ?= 3
# Python keeps the bytecode it compiles, whatever the machine says (PYTHONDONTWRITEBYTECODE):
# the test workers, and the servers and commands the tests start, then compile each module
# once, and pytest rewrites each test module's asserts once, not in every process.
unexport PYTHONDONTWRITEBYTECODE
SCALE_ARGS ?=
LOCK_ARGS ?=
# gunicorn's access log, and each request's X-Request-ID last (docs/deploy.md does the same).
ACCESS_LOG_FORMAT := %(h)s %(l)s %(u)s %(t)s "%(r)s" %(s)s %(b)s "%(f)s" "%(a)s" %({x-request-id}o)s
# uv installs from the lock files, far quicker than pip, and writes them (`make lock`); pip
# installs uv itself, from its own lock (requirements/uv-lock.txt, written by `make lock` from
# this version), every file checked against its hash as well.
UV_VERSION := 0.13.9
# Resolved from PyPI alone (never a machine's local indexes or pip.conf), for the Python and
# platform the service runs on; every file of each pinned release keeps its hash.
LOCK_FLAGS := --no-config --index-url https://pypi.org/simple --python-version 3.11 \
	--python-platform x86_64-unknown-linux-gnu --generate-hashes --custom-compile-command "make lock"

.DEFAULT_GOAL := help
.PHONY: help install install-dev lock messages messages-update run test test-fast test-pages lint format bench clean distclean

help:
	@echo "make run     install, migrate, load demo data, collect static, check, serve on 127.0.0.1:\$${PORT:-8000} with the task workers (kept alive) and the webhook sweep"
	@echo "make test    ruff, format check, import layers, manage.py check, OpenAPI validation, pytest on $(TEST_WORKERS) workers (PYTEST_ARGS=..., TEST_WORKERS=...)"
	@echo "make test-fast  pytest on $(TEST_WORKERS) workers without the browser and multiprocess tests: the inner loop"
	@echo "make test-pages  the phone pages only: test client, then Chromium at 360 px (screenshots)"
	@echo "make messages-update  gather the marked strings into locale/*/LC_MESSAGES/*.po (then translate them)"
	@echo "make lock    regenerate requirements/lock.txt and dev-lock.txt from pyproject.toml"
	@echo "make lint | format | clean | distclean"

$(PY):
	python3 -m venv $(VENV)
	$(PIP) install --quiet --upgrade pip

$(UV): requirements/uv-lock.txt | $(PY)
	$(PIP) install --quiet --require-hashes -r requirements/uv-lock.txt
	touch $@

# Installs come from the lock files, every file checked against its hash, from PyPI as the locks
# were resolved (uv reads no pip configuration; its own, UV_INDEX_URL say, names a mirror); then
# the project itself, with nothing more: its build (setup.py) compiles the engine's hot loops with
# mypyc where it can, and leaves it pure Python where it cannot. Stamps: reinstall only when a
# lock file, the build or the compiled module's source changes.
NATIVE_SOURCES := pyproject.toml setup.py adjudication/engine/replay.py \
	adjudication/engine/claim_search.py
$(VENV)/.installed: requirements/lock.txt $(NATIVE_SOURCES) | $(UV)
	$(UV) pip install --python $(PY) --quiet --require-hashes -r requirements/lock.txt
	$(UV) pip install --python $(PY) --quiet --no-deps -e .
	touch $@

$(VENV)/.installed-dev: requirements/dev-lock.txt $(NATIVE_SOURCES) | $(UV)
	$(UV) pip install --python $(PY) --quiet --require-hashes -r requirements/dev-lock.txt
	$(UV) pip install --python $(PY) --quiet --no-deps -e .
	touch $@

# The lock files from pyproject.toml: run after changing a dependency there, commit the result.
# Pins that still satisfy pyproject.toml are kept; LOCK_ARGS=--upgrade (or
# "--upgrade-package django") moves them to the newest releases allowed. The dev lock is held to the runtime lock's versions, so tests run what production installs.
lock: | $(UV)
	mkdir -p requirements
	$(UV) pip compile pyproject.toml $(LOCK_FLAGS) $(LOCK_ARGS) --quiet -o requirements/lock.txt
	$(UV) pip compile pyproject.toml --extra dev -c requirements/lock.txt \
		$(LOCK_FLAGS) $(LOCK_ARGS) --quiet -o requirements/dev-lock.txt
	echo "uv==$(UV_VERSION)" | $(UV) pip compile - $(LOCK_FLAGS) --quiet -o requirements/uv-lock.txt

install: $(VENV)/.installed messages
install-dev: $(VENV)/.installed-dev messages

# The translations (docs/translating.md): the committed .po files compiled, each when it changes,
# by gettext's msgfmt, which also checks the placeholders of python-format messages.
messages: $(patsubst %.po,%.mo,$(wildcard locale/*/LC_MESSAGES/*.po))

locale/%.mo: locale/%.po
	bin/ensure-gettext
	msgfmt --check-format -o $@ $<

# After marking strings: the catalogues gathered again from the code, templates and scripts (new
# messages arrive untranslated; make test names them until each language has them).
messages-update: $(VENV)/.installed-dev
	bin/ensure-gettext
	$(PY) manage.py gather_messages

run: $(VENV)/.installed messages
	$(PY) manage.py migrate --noinput
	$(PY) manage.py load_demo
	$(PY) manage.py collectstatic --noinput
	$(PY) manage.py check --deploy --database default --tag staticfiles --tag database
	$(PY) manage.py settle_ratings
	# Beside gunicorn, the task workers (one for re-ratings, one with threads for webhook
	# deliveries: apart, so a slow receiver never holds up a re-rating), each started again
	# whenever it exits (bin/respawn), and the webhook sweep docs/deploy.md asks for, every
	# minute: stopped with it, Ctrl-C stops them all. The access log ends with each request's
	# X-Request-ID.
	bin/respawn $(PY) manage.py tasks_worker --queue ratings & ratings=$$!; \
	bin/respawn $(PY) manage.py tasks_worker --queue webhooks --threads 4 & webhooks=$$!; \
	$(PY) manage.py sweep --every 60 >/dev/null & sweep=$$!; \
	trap 'kill $$ratings $$webhooks $$sweep 2>/dev/null' EXIT; \
	$(VENV)/bin/gunicorn hearts_site.wsgi --bind 127.0.0.1:$${PORT:-8000} --workers 2 \
		--access-logfile - --access-logformat '$(ACCESS_LOG_FORMAT)'

test: $(VENV)/.installed-dev messages
	bin/ensure-chromium
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports
	$(PY) manage.py check
	$(PY) manage.py collectstatic --noinput --verbosity 0
	DJANGO_SECURE=1 DJANGO_DEBUG=0 DJANGO_ALLOWED_HOSTS=hearts.example.org \
		DJANGO_SECRET_KEY=check-deploy-only-$$(od -An -N24 -tx1 /dev/urandom | tr -d ' \n') \
		$(PY) manage.py check --deploy --fail-level WARNING
	$(PY) manage.py spectacular --validate --fail-on-warn --file /dev/null
	$(PY) -m pytest -n $(TEST_WORKERS) $(PYTEST_ARGS)

# The inner loop: the suite less what drives Chromium or starts child processes (make test
# runs those too). Static files first, so that no two workers collect them at once.
test-fast: $(VENV)/.installed-dev messages
	$(PY) manage.py collectstatic --noinput --verbosity 0
	$(PY) -m pytest -n $(TEST_WORKERS) -m "not browser and not multiprocess" $(PYTEST_ARGS)

# The phone pages (tests/pages): Django test client, then Debian's Chromium at 360 px through
# Playwright; screenshots land in test-artifacts/screenshots/ (git-ignored).
test-pages: $(VENV)/.installed-dev messages
	bin/ensure-chromium
	$(PY) -m pytest tests/pages $(PYTEST_ARGS)

lint: $(VENV)/.installed-dev
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports

format: $(VENV)/.installed-dev
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .

# Benchmarks (later issues add more to this target); results go to bench/RESULTS.md.
# The largest league is opt-in: make bench SCALE_ARGS=--sizes=1000,20000,200000
bench: $(VENV)/.installed-dev
	$(PY) bench/engine.py --out bench/RESULTS.md
	$(PY) bench/claims.py --out bench/RESULTS.md
	$(PY) bench/standings.py --out bench/RESULTS.md
	$(PY) bench/standings.py --out bench/RESULTS.md \
		--database-url postgres://postgres@127.0.0.1:5432/hearts_bench_standings
	$(PY) bench/scale.py --out bench/RESULTS.md $(SCALE_ARGS)
	$(PY) bench/events.py --out bench/RESULTS.md
	$(PY) bench/events.py --out bench/RESULTS.md \
		--database-url postgres://postgres@127.0.0.1:5432/hearts_bench_events
	command -v wrk >/dev/null 2>&1 || apt-get install -y wrk
	$(PY) bench/http_load.py --out bench/RESULTS.md
	$(PY) bench/idle_watchers.py --out bench/RESULTS.md
	$(PY) bench/draw.py --out bench/RESULTS.md
	$(PY) bench/night_faults.py --out bench/RESULTS.md

clean:
	rm -rf staticfiles build *.egg-info .pytest_cache .ruff_cache .hypothesis test-artifacts
	find . -path ./$(VENV) -prune -o -name __pycache__ -type d -print -exec rm -rf {} +

# The compiled modules go too (the install builds them beside their sources).
distclean: clean
	rm -f adjudication/engine/_replay_native*.so adjudication/engine/_claim_search_native*.so
	rm -rf $(VENV) db.sqlite3 db.sqlite3-wal db.sqlite3-shm db.sqlite3-writer.lock
