# fsmc — the two commands of the README's Quick start, and the tasks behind them.
#
#   make demo     build fsmc and run it on every bundled example
#   make test     the whole test suite (what CI runs)
#   make golden   regenerate the golden files after a deliberate output change (review the diff!)
#   make format   format the sources with the toolchain's swift-format

SWIFT ?= swift
FSMC := .build/debug/fsmc
EXAMPLES := $(wildcard examples/*/*.fsm)

.PHONY: demo build test lint golden format clean

build:
	$(SWIFT) build --product fsmc

# Builds fsmc, then for every example: checks it, generates its Swift, compiles that with the
# example's driver and runs it. The security system replays the State-pattern case study.
demo: build
	@for dir in examples/*/; do \
	    name=$$(basename $$dir); \
	    echo "== $$name"; \
	    $(FSMC) check "$$dir$$name.fsm" || exit 1; \
	    scripts/run-example $(FSMC) "$$dir" .build/examples/$$name || exit 1; \
	    echo; \
	done

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests

test: lint
	$(SWIFT) build --build-tests -Xswiftc -warnings-as-errors
	$(SWIFT) test --skip-build
	$(MAKE) demo

golden:
	FSMC_UPDATE_GOLDEN=1 $(SWIFT) test --filter Golden
	@git status --short -- Tests/Golden

format:
	$(SWIFT) format format --in-place --recursive Package.swift Sources Tests

clean:
	rm -rf .build
