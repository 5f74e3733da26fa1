# janus-python: fetch → verify → patch → build CPython 3.13.5 (cached outside the repo)
# → prefix (.prefix/) → pinned dependencies → janus_ext → janus runtime → bin/janus-python.
#
#   make            build everything (first time ~9 min; later only what changed)
#   make run        train the demo (LeNet on sklearn digits) under bin/janus-python
#   make test       build if needed, lint (ruff.toml), then run the whole test suite
#   make lint       ruff with the project's settings
#   make install PREFIX=/opt/janus    a system-wide copy
#   make image / make test-image      the container image (Dockerfile) and its checks
#
# Variables: TF=cpu|gpu, CPYTHON_TARBALL=/path/Python-3.13.5.tar.xz, CACHE=dir,
# CONFIGURE_FLAGS="..." (extra ./configure flags; part of the cache key).

SHELL := /bin/bash
.DEFAULT_GOAL := all
.DELETE_ON_ERROR:

TF ?= cpu
PREFIX ?= /opt/janus
CACHE ?= $(or $(XDG_CACHE_HOME),$(HOME)/.cache)/janus-python
CONFIGURE_FLAGS ?=
PYTEST_ARGS ?=

TARBALL_SHA256 := 93e583f243454e6e9e4588ca2c2662206ad961659863277afcdb96801647d640
TARBALL := $(CACHE)/src/python3.13_3.13.5.orig.tar.xz
KEY := $(shell tools/cpython-key.sh $(TARBALL_SHA256) cpython-patches $(CONFIGURE_FLAGS))
CPYTHON := $(CACHE)/cpython-$(KEY)
STOCK_KEY := $(shell tools/cpython-key.sh $(TARBALL_SHA256) none $(CONFIGURE_FLAGS))
STOCK := $(CACHE)/cpython-$(STOCK_KEY)
LOCAL := $(CURDIR)/.prefix
BENCH := $(CURDIR)/build/bench
JANUS_PYTHON := $(CURDIR)/bin/janus-python
DEPLOY_CHECK := $(CURDIR)/build/deploy-check
LINT := $(CURDIR)/build/lint

# The CPython regression tests that touch what the patches change (make test runs them).
CPYTHON_TESTS := test_sys test_code test_dis test_monitoring test_sys_settrace \
    test_generators test_coroutines test_exceptions test_opcodes test_compile \
    test_frame test_gc test_site test_platform

.PHONY: all deps fetch cpython prefix run test lint test-cpython-subset test-cpython fuzz bench bench-gating \
    bench-interp bench-mpi install key clean image test-image trace-screenshot bench-trace bench-real

all: prefix $(JANUS_PYTHON)

deps:
	@tools/deps.sh install

key:
	@echo $(KEY)

# CPYTHON_TARBALL is re-verified on every use; the cached download only once.
fetch: $(TARBALL)
$(TARBALL): $(if $(CPYTHON_TARBALL),FORCE)
	@mkdir -p $(CACHE); start=$$SECONDS; tools/fetch-cpython.sh $@ > $(CACHE)/fetch.log 2>&1 \
	  || { tail -5 $(CACHE)/fetch.log >&2; echo "[janus] download   FAILED; full log: $(CACHE)/fetch.log" >&2; exit 1; }; \
	  echo "[janus] download   verified sha256 in $$((SECONDS-start))s"

cpython: $(CPYTHON)/bin/python3.13
$(CPYTHON)/bin/python3.13: | $(TARBALL)
	@tools/deps.sh check 2>/dev/null || tools/deps.sh install
	@echo "[janus] cpython    building $(KEY) into $(CPYTHON)"
	@tools/build-cpython.sh $(TARBALL) $(CURDIR)/cpython-patches $(CACHE) $(KEY) $(CONFIGURE_FLAGS)

# Stock CPython 3.13.5 with the same flags, for bench-interp's comparison.
$(STOCK)/bin/python3.13: | $(TARBALL)
	@tools/deps.sh check 2>/dev/null || tools/deps.sh install
	@echo "[janus] cpython    building stock 3.13.5 ($(STOCK_KEY)) into $(STOCK)"
	@tools/build-cpython.sh $(TARBALL) none $(CACHE) $(STOCK_KEY) $(CONFIGURE_FLAGS)

prefix: $(CPYTHON)/bin/python3.13
	@tools/install-prefix.sh $(LOCAL) $(CPYTHON) $(KEY) $(TF)

# A wrapper, not a symlink: sys.executable must lie inside the prefix, or a venv made
# from it records bin/ as its home and finds no stdlib there.
$(JANUS_PYTHON): | prefix
	@mkdir -p bin && rm -f $@ && printf '#!/bin/sh\nexec "%s/bin/janus-python" "$$@"\n' "$(LOCAL)" > $@ && chmod +x $@

run: all
	$(JANUS_PYTHON) bench/models/lenet.py

# tests/image needs a Docker engine and a built image: `make test-image` runs it.
test: all $(DEPLOY_CHECK)/.installed lint
	@$(MAKE) --no-print-directory test-cpython-subset
	$(JANUS_PYTHON) -m pytest -q tests --ignore=tests/image $(PYTEST_ARGS)

# The lint (ruff.toml): pinned in requirements/lint.txt, installed beside the prefix.
lint: $(LINT)/.installed
	@$(LINT)/bin/ruff check --no-cache --quiet . && echo "[janus] lint       ruff: all checks passed"

$(LINT)/.installed: requirements/lint.txt | prefix
	@rm -rf $(LINT) && JANUS_MODE=off $(LOCAL)/bin/python3.13 -m pip install -q \
	    --disable-pip-version-check --root-user-action=ignore --target $(LINT) -r $< \
	  && touch $@

# The manifest validator (tests/distribution/test_deploy.py), beside the prefix: it is no dependency
# of janus-python and stays out of the image.
$(DEPLOY_CHECK)/.installed: requirements/deploy-check.txt | prefix
	@rm -rf $(DEPLOY_CHECK) && JANUS_MODE=off $(LOCAL)/bin/python3.13 -m pip install -q \
	    --disable-pip-version-check --root-user-action=ignore --target $(DEPLOY_CHECK) -r $< \
	  && touch $@

# SIGINT back to its default first: a runner that starts `make test` in the background
# leaves it ignored, and then CPython's own SIGINT tests fail on any build.
test-cpython-subset: all
	@echo "[janus] cpython regression subset: $(CPYTHON_TESTS)"
	$(JANUS_PYTHON) tools/default-sigint.py $(JANUS_PYTHON) -m test -j2 -q \
	    $(CPYTHON_TESTS)

test-cpython: all
	$(JANUS_PYTHON) tools/default-sigint.py $(JANUS_PYTHON) -m test -j2 \
	    --timeout=900

# Differential fuzzing (tests/fuzz/): make fuzz [N=1000] [SEED=...] [FUZZ_ARGS=--fresh].
# Without SEED each run draws a new one and prints it; results go to build/fuzz/seed-SEED/.
N ?= 1000
SEED ?= $(shell od -An -N3 -tu4 /dev/urandom | tr -d ' ')
FUZZ_ARGS ?=
fuzz: all
	@echo "[janus] fuzz       $(N) programs from seed $(SEED)"
	JANUS_MODE=off $(JANUS_PYTHON) tests/fuzz/run.py --n $(N) --seed $(SEED) \
	    --out build/fuzz/seed-$(SEED) $(FUZZ_ARGS)

# A real browser on a janus profile: the demo traced into a TensorBoard profile, its trace
# viewer loaded by headless Chromium (Debian's package) → docs/trace-tensorboard*.png.
trace-screenshot: all
	@tools/install-chromium.sh
	JANUS_MODE=off $(LOCAL)/bin/python3.13 tools/trace-screenshot.py

# What JANUS_TRACE costs on bench models: make bench-trace [TRACE_MODELS=lenet,lstm] [REPEATS=5]
TRACE_MODELS ?= lenet,lstm,treernn
bench-trace: all
	JANUS_MODE=off $(JANUS_PYTHON) bench/trace_cost.py --models $(TRACE_MODELS) --repeats $(REPEATS)

# pyperformance ships the benchmarks' sources; pyperf runs each one in-process.
$(BENCH)/site/pyperf:
	@mkdir -p $(BENCH)
	JANUS_MODE=off $(LOCAL)/bin/python3.13 -m pip download -q --no-deps --disable-pip-version-check \
	    -d $(BENCH)/wheels pyperformance==1.14.0 pyperf==2.10.0
	JANUS_MODE=off $(LOCAL)/bin/python3.13 -m zipfile -e \
	    $(BENCH)/wheels/pyperformance-1.14.0-py3-none-any.whl $(BENCH)
	JANUS_MODE=off $(LOCAL)/bin/python3.13 -m pip install -q --no-deps --disable-pip-version-check \
	    --target $(BENCH)/site $(BENCH)/wheels/pyperf-2.10.0-py3-none-any.whl

# The paper's models in four modes (bench/run.py): make bench [MODELS=lenet,lstm] [REPEATS=5]
MODELS ?= lenet,resnet,inception,lstm,lm,treernn,treelstm,a3c,ppo,an,pix2pix
REPEATS ?= 5
bench: all
	JANUS_MODE=off $(JANUS_PYTHON) bench/run.py --models $(MODELS) --repeats $(REPEATS)

# Published TF2 tutorials, ported with local data (bench/real/), in four modes (eager,
# tf.function, XLA, janus), oneDNN on and off: make bench-real [REAL=gat,dcgan] [REPEATS=5]
# → bench/results/real.md and real.json (all 8, 5 repetitions: ~60-80 min on 2 cores)
REAL ?= quickstart_advanced,pix2pix,nmt_attention,dcgan,transformer,gat,word2vec_nce,actor_critic
bench-real: all
	JANUS_MODE=off $(JANUS_PYTHON) bench/real/run.py --programs $(REAL) --repeats $(REPEATS)

# What gating updates behind failable ops costs (bench/gating_cost.py), gated vs
# JANUS_GATING=off side by side: make bench-gating [GATING_MODELS=lenet,lstm] [REPEATS=5]
GATING_MODELS ?= lenet,resnet,lstm,an,pix2pix
bench-gating: all
	JANUS_MODE=off $(JANUS_PYTHON) bench/gating_cost.py --models $(GATING_MODELS) --repeats $(REPEATS)

bench-interp: all $(STOCK)/bin/python3.13 $(BENCH)/site/pyperf
	JANUS_MODE=off $(JANUS_PYTHON) bench/interp/run.py --stock $(STOCK)/bin/python3.13 \
	    --patched $(JANUS_PYTHON) --benchmarks-dir $(BENCH)/benchmarks --site $(BENCH)/site \
	    --runs $(or $(RUNS),5) --json $(BENCH)/interp.json

# Data-parallel numbers, 2 ranks (bench/mpi/run.py): allreduce throughput, step scaling.
bench-mpi: all
	JANUS_MODE=off $(JANUS_PYTHON) bench/mpi/run.py --repeats $(or $(REPEATS_MPI),2)

install: $(CPYTHON)/bin/python3.13
	@tools/install-prefix.sh $(PREFIX) $(CPYTHON) $(KEY) $(TF)
	@echo "[janus] installed  $(PREFIX)/bin/janus-python"

# The container image (Dockerfile; docs/container.md#building-the-image). The engine and
# the base image are made locally when missing (tools/docker-engine.sh, tools/base-image.sh);
# flock: one image build at a time on a shared machine.
IMAGE ?= janus-python:latest
BASE_IMAGE ?= $(shell sed -n 's/^ARG BASE=//p' Dockerfile)
TF_VERSION = $(shell sed -n 's/^tensorflow[^=]*==//p' requirements/$(TF).txt)
IMAGE_VERSION ?= $(shell git describe --always --dirty 2>/dev/null || echo unknown)
IMAGE_SOURCE ?= $(shell git config --get remote.origin.url 2>/dev/null || echo unknown)
image:
	@tools/docker-engine.sh
	@tools/base-image.sh $(BASE_IMAGE)
	@rm -f deploy/image/extra-ca/*.crt; find /usr/local/share/ca-certificates -name '*.crt' \
	    -exec cp {} deploy/image/extra-ca/ \; 2>/dev/null || true
	@echo "[janus] image      building $(IMAGE) (TF=$(TF), base $(BASE_IMAGE)); log: build/logs/image.log"
	@mkdir -p build/logs; start=$$SECONDS; \
	  if flock /tmp/janus-image-build.lock nice -n 10 env DOCKER_BUILDKIT=0 docker build --network host --force-rm \
	    --build-arg BASE=$(BASE_IMAGE) --build-arg TF=$(TF) --build-arg TF_VERSION=$(TF_VERSION) \
	    --build-arg VERSION=$(IMAGE_VERSION) --build-arg SOURCE=$(IMAGE_SOURCE) \
	    -t $(IMAGE) . > build/logs/image.log 2>&1; then \
	    echo "[janus] image      $(IMAGE) built in $$((SECONDS-start))s, $$(docker image inspect -f '{{.Size}}' $(IMAGE) | awk '{printf "%.2f GB", $$1/1e9}')"; \
	  else tail -n 30 build/logs/image.log >&2; echo "[janus] image      FAILED; full log: build/logs/image.log" >&2; exit 1; fi

# Checks the image (tests/image/): the demo, a mounted script, the user, a relocated
# prefix, a two-container MPI run over ssh. Not part of `make test`: it needs the engine
# and a built image (make image first, ~15 min cold).
test-image: image all
	JANUS_IMAGE=$(IMAGE) $(JANUS_PYTHON) -m pytest -q tests/image $(PYTEST_ARGS)

clean:
	rm -rf .prefix bin/janus-python build janus_ext/*.c

FORCE:
