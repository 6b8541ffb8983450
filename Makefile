# Mango: the Makefile targets are the interface; CI calls the same ones.
#   make dev              start the whole platform on embedded defaults
#   make test             install everything and run every test
#   make generate         regenerate every target from openapi/mango.yaml
#   make check-generated  fail when generated code drifts from the spec
#   make lint / typecheck / conformance / bench
#   make soak             the 100-kill -9 soak of api, orchestrator and workers (bounded; not part of make test)
#   make dist             wheels, the npm tarball, BUILD-INFO and SHA256SUMS into dist/
#   make images           the worker runtime and control-plane images (needs a running Docker engine)

SHELL := /bin/bash
.DEFAULT_GOAL := help
VENV := .venv
PY := $(VENV)/bin/python
BIN := $(VENV)/bin
PYTEST := $(BIN)/pytest
export PATH := $(CURDIR)/$(VENV)/bin:$(PATH)

PY_PACKAGES := generators sdk-python server worker conformance

.PHONY: help install install-python install-node dev test test-spec test-generators test-sdk-python \
	test-sdk-typescript test-sdk-go test-server test-worker test-conformance test-compat test-examples test-console console \
	chromium test-deploy dist images generate check-generated lint typecheck conformance bench soak

help:
	@echo "make dev | test | generate | check-generated | lint | typecheck | conformance | bench | soak"

install: install-python install-node console

install-python: $(VENV)/.installed
$(VENV)/.installed: requirements-dev.txt $(foreach p,$(PY_PACKAGES),$(p)/pyproject.toml)
	@echo "==> installing Python packages into $(VENV)/"
	@test -x $(PY) || python3 -m venv $(VENV)
	@$(PY) -m pip install --quiet --upgrade pip wheel
	@$(PY) -m pip install --progress-bar on -r requirements-dev.txt $(foreach p,$(PY_PACKAGES),-e ./$(p)$(if $(filter server,$(p)),[dev]))
	@touch $@

install-node: sdk-typescript/node_modules/.installed
sdk-typescript/node_modules/.installed: sdk-typescript/package.json sdk-typescript/package-lock.json
	@echo "==> installing TypeScript toolchain (npm ci)"
	@cd sdk-typescript && npm ci --no-audit --no-fund
	@touch $@

# The web console: built by Vite into the server package, which serves it at /console/.
CONSOLE_OUT := server/src/mango_server/api/console_static
CONSOLE_SRC := $(shell find console/src sdk-typescript/src -name '*.ts' -o -name '*.css') console/index.html \
	console/vite.config.ts console/tsconfig.json
console/node_modules/.installed: console/package.json console/package-lock.json
	@echo "==> installing the console toolchain (npm ci)"
	@cd console && npm ci --no-audit --no-fund
	@touch $@

console: $(CONSOLE_OUT)/index.html
$(CONSOLE_OUT)/index.html: console/node_modules/.installed $(CONSOLE_SRC)
	@echo "==> building the web console"
	@cd console && npm run --silent build

# Browser tests drive Debian's Chromium (never a downloaded browser build).
chromium:
	@command -v chromium >/dev/null || { echo "==> installing chromium (apt)"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; }

dev: install
	@$(BIN)/mango dev

generate: install-python
	@$(PY) -m mango_generators

check-generated: install-python
	@$(PY) -m mango_generators --check

lint: install-python
	@$(BIN)/ruff check .
	@$(BIN)/ruff format --check .
	@$(BIN)/lint-imports --no-cache

typecheck: install-python
	@$(BIN)/mypy

test: install lint typecheck check-generated test-spec test-generators test-sdk-python test-sdk-typescript \
	test-sdk-go test-server test-worker test-conformance test-compat test-examples test-console test-deploy
	@echo "==> all test suites passed"

test-spec: install-python
	@$(PYTEST) openapi/tests

test-generators: install
	@$(PYTEST) generators/tests

test-sdk-python: install-python
	@$(PYTEST) sdk-python/tests

test-sdk-typescript: install
	@$(MAKE) --no-print-directory -C sdk-typescript test

test-sdk-go: install-python
	@$(MAKE) --no-print-directory -C sdk-go test

test-server: install-python
	@$(PYTEST) server/tests

test-worker: install-python
	@$(PYTEST) worker/tests

test-conformance: install
	@$(PYTEST) conformance/tests

# The official managed-agents clients (the `anthropic` Python package from requirements-dev.txt and
# `@anthropic-ai/sdk` from sdk-typescript's dev dependencies) against a real Mango.
test-compat: install
	@$(PYTEST) compat/tests

test-examples: install
	@$(PYTEST) examples/tests

test-console: install chromium
	@$(PYTEST) console/tests

# Packages, images, the Helm chart: the delivery artifacts, built and checked.
test-deploy: install
	@$(PYTEST) deploy/tests

dist: install
	@PY=$(CURDIR)/$(PY) bash scripts/dist.sh

images: install-python
	@bash worker/image/build.sh mango-worker-runtime worker
	@bash worker/image/build.sh mango-control-plane control-plane

conformance: install-python
	@$(BIN)/mango-conformance

# Mango's turn on the production path (the Messages adapter against a local provider stand-in,
# bench/_provider.py) beside the bare Temporal floor, at 1, 10 and 50 Sessions of 40/20/8 turns and of 300
# turns (about 25 minutes on 2 cores; `--long-sessions 1,10` leaves out the 15,000 turns of 50 long Sessions);
# `bench/turn_overhead.py --model offline` runs the offline model.
bench: install-python
	@$(PY) bench/turn_overhead.py --idle 2000 --streams 1000 --write

# 100 SIGKILLs of api, orchestrator and worker kit processes over Sessions with custom tools, approved
# worker-run bash and SSE followers, on the production model path; prints its figures (docs/performance.md).
soak: install-python
	@$(PY) bench/soak.py --sessions 6 --turns 300 --kills 100 --seed 7
