# fsmc — the two commands of the README's Quick start, and the tasks behind them.
#
#   make demo     build fsmc; draw, generate, compile and run every bundled example
#   make test     the whole test suite (what CI runs)
#   make golden   regenerate the golden files after a deliberate output change (review the diff!)
#   make format   format the sources with the toolchain's swift-format
#   make diagrams regenerate every example's .dot, .mmd and .svg (needs Graphviz's dot)
#   make fuzz     fuzz the front end and the emitters with libFuzzer for SECONDS (default 60)
#   make difftest compare generated Swift with the reference interpreter on N random machines

SWIFT ?= swift
FSMC := .build/debug/fsmc
EXAMPLES := $(wildcard examples/*/*.fsm)

.PHONY: demo build test lint golden format clean diagrams check-diagrams fuzz fuzz-build difftest

build:
	$(SWIFT) build --product fsmc

# Builds fsmc, then for every example: checks it, draws it (DOT and Mermaid, and SVG where
# Graphviz is installed), generates its Swift, compiles that with the example's driver and runs
# it, all into .build/examples/. The security system replays the State-pattern case study.
demo: build
	@for dir in examples/*/; do \
	    name=$$(basename $$dir); out=.build/examples/$$name; \
	    echo "== $$name"; \
	    $(FSMC) check "$$dir$$name.fsm" || exit 1; \
	    mkdir -p $$out && $(FSMC) dot "$$dir$$name.fsm" -o $$out/$$name.dot && $(FSMC) mermaid "$$dir$$name.fsm" -o $$out/$$name.mmd || exit 1; \
	    if command -v dot >/dev/null; then dot -Tsvg $$out/$$name.dot -o $$out/$$name.svg || exit 1; fi; \
	    scripts/run-example $(FSMC) "$$dir" $$out || exit 1; \
	    echo; \
	done
	@echo "Generated Swift and diagrams are in .build/examples/."

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests Fuzz/Package.swift Fuzz/Sources

test: lint
	$(SWIFT) build --build-tests -Xswiftc -warnings-as-errors
	$(SWIFT) test --skip-build
	$(MAKE) demo
	$(MAKE) check-diagrams

golden:
	FSMC_UPDATE_GOLDEN=1 $(SWIFT) test --filter Golden
	@git status --short -- Tests/Golden

# Every example drawn with fsmc and rendered with Graphviz; a warning from dot fails the target.
diagrams: build
	@command -v dot >/dev/null || { echo "error: Graphviz's dot is not installed (apt-get install graphviz)"; exit 1; }
	@for file in $(EXAMPLES); do \
		stem="$${file%.fsm}"; \
		$(FSMC) dot "$$file" -o "$$stem.dot" && $(FSMC) mermaid "$$file" -o "$$stem.mmd" || exit 1; \
		warnings=$$(dot -Tsvg "$$stem.dot" -o "$$stem.svg" 2>&1) || { echo "$$warnings"; exit 1; }; \
		if [ -n "$$warnings" ]; then echo "error: dot warns about $$stem.dot:"; echo "$$warnings"; exit 1; fi; \
		echo "ok  $$stem.svg"; \
	done

# Renders every committed example DOT with dot; fails on any warning (the SVGs' currency is a test).
check-diagrams:
	@command -v dot >/dev/null || { echo "error: Graphviz's dot is not installed (apt-get install graphviz)"; exit 1; }
	@for file in $(EXAMPLES); do \
		stem="$${file%.fsm}"; \
		warnings=$$(dot -Tsvg "$$stem.dot" 2>&1 >/dev/null) || { echo "$$warnings"; exit 1; }; \
		if [ -n "$$warnings" ]; then echo "error: dot warns about $$stem.dot:"; echo "$$warnings"; exit 1; fi; \
		echo "ok  $$stem.dot renders without warnings"; \
	done

format:
	$(SWIFT) format format --in-place --recursive Package.swift Sources Tests Fuzz/Package.swift Fuzz/Sources

clean:
	rm -rf .build

# libFuzzer over the front end and every emitter (Fuzz/ is its own package, so the normal build
# never links the fuzzer runtime). The working corpus starts from the examples and the golden
# inputs; crashes land in .build-fuzz/crashes/. See docs/Robustness.md.
SECONDS ?= 60
FUZZ_FLAGS := -c release --package-path Fuzz --scratch-path .build-fuzz \
	-Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld -Xcc -fsanitize=fuzzer-no-link,address

fuzz-build:
	$(SWIFT) build $(FUZZ_FLAGS)

fuzz: fuzz-build
	@mkdir -p .build-fuzz/corpus .build-fuzz/crashes
	@for file in examples/*/*.fsm $$(find Tests/Golden -name '*.fsm'); do \
		cp "$$file" ".build-fuzz/corpus/seed-$$(echo "$$file" | tr '/' '_')"; \
	done
	SWIFT_BACKTRACE=enable=no $$($(SWIFT) build $(FUZZ_FLAGS) --show-bin-path)/fsmc-fuzz \
		.build-fuzz/corpus -artifact_prefix=.build-fuzz/crashes/ -max_len=8192 -timeout=10 \
		-max_total_time=$(SECONDS) -print_final_stats=1

# The long differential run: N random machines (default 1000), generated Swift against the
# reference interpreter, compiled in batches of BATCH machines per swiftc invocation. Prints the
# running figures; a mismatch is reported minimised and fails the run. See docs/Robustness.md.
N ?= 1000
BATCH ?= 100
SEED ?= 1000000
difftest:
	$(SWIFT) build --build-tests
	FSMC_DIFFTEST_N=$(N) FSMC_DIFFTEST_BATCH=$(BATCH) FSMC_DIFFTEST_SEED=$(SEED) \
		$(SWIFT) test --skip-build --filter DifferentialTests/testLongRun
