# fsmc — the two commands of the README's Quick start, and the tasks behind them.
#
#   make demo     build fsmc; draw, generate, compile and run every bundled example
#   make test     the whole test suite (what CI runs): XCTest alongside the other steps, then each one's time
#   make unit-test           the unit tests alone (Tests/FSMCoreTests: no compiler or other program run)
#   make end-to-end-test     the tests that run fsmc, swiftc, dot or node (Tests/EndToEndTests)
#   make documentation-test  the tests of the docs (Tests/DocumentationTests)
#   make check-generated-swift  compile every example's generated Swift in every Swift configuration
#   make check-paths-suites  compile and run every example's Swift Testing suite from fsmc paths
#   make test-preview  the browser test of fsmc preview (Chromium headless, Playwright; docs/Preview.md)
#   make test-plugin-consumer  build, run and test examples/PluginConsumer with fsmc's SwiftPM plugins
#   make golden   regenerate the golden files (and fsmc's copy of FSMRuntime's sources) after a
#                 deliberate change (review the diff!)
#   make format   format the sources with the toolchain's swift-format
#   make diagrams regenerate every example's .dot, .mmd and .svg (needs Graphviz's dot)
#   make bench    compiler throughput, generated-code dispatch and swiftc time (docs/Performance.md)
#   make bench-dispatch  the dispatch ratio of every benchmark shape (SHAPES=Hero for one)
#   make fuzz     fuzz the front end and the emitters with libFuzzer for SECONDS (default 60)
#   make fuzz-snapshot  fuzz restoring snapshots (generated machines and the interpreter) for SECONDS
#   make difftest compare generated Swift with the reference interpreter on N random machines
#                 (PARALLEL=1: with parallel states; V3=1: with timed transitions and raise;
#                 ACTIVITIES=1: with activities and catch, the scripts finishing and failing them;
#                 the scripts restore the machine from its snapshot now and then, SNAPSHOTS=0: never)

SWIFT ?= swift
FSMC := .build/debug/fsmc
EXAMPLES := $(wildcard examples/*/*.fsm)

.PHONY: demo build test unit-test end-to-end-test documentation-test check-generated-swift check-paths-suites test-plugin-consumer lint golden format clean diagrams check-diagrams bench bench-generate bench-dispatch check-bench-generated check-bench-snapshot check-fuzz-typecheck fuzz fuzz-build fuzz-snapshot fuzz-snapshot-generate check-fuzz-snapshot-generated difftest

# FSMC_BUILT=1: fsmc is built already (make test builds it once, with warnings as errors, and runs its
# steps alongside the XCTest suite, which holds SwiftPM's lock on .build).
build:
	$(if $(FSMC_BUILT),@test -x $(FSMC) || { echo "error: FSMC_BUILT is set but $(FSMC) is not built" >&2; exit 1; },$(SWIFT) build --product fsmc)

# Builds fsmc, then for every example: checks it, draws it (DOT and Mermaid, and SVG where
# Graphviz is installed), generates its Swift, compiles that with the example's driver and runs
# it, all into .build/examples/. The security system replays the State-pattern case study.
# examples/PluginConsumer is a package, not a single machine: test-plugin-consumer covers it.
demo: build
	@for dir in examples/*/; do \
	    name=$$(basename $$dir); out=.build/examples/$$name; \
	    [ -f "$$dir$$name.fsm" ] || continue; \
	    echo "== $$name"; \
	    $(FSMC) check "$$dir$$name.fsm" || exit 1; \
	    mkdir -p $$out && $(FSMC) dot "$$dir$$name.fsm" -o $$out/$$name.dot && $(FSMC) mermaid "$$dir$$name.fsm" -o $$out/$$name.mmd || exit 1; \
	    if command -v dot >/dev/null; then dot -Tsvg $$out/$$name.dot -o $$out/$$name.svg || exit 1; fi; \
	    scripts/run-example $(FSMC) "$$dir" $$out || exit 1; \
	    echo; \
	done
	@echo "Generated Swift and diagrams are in .build/examples/."

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests Plugins Fuzz/Package.swift Fuzz/Sources

# The XCTest suite runs alongside the other steps, which follow one another (scripts/test-suite; each
# step's time is printed at the end). On two cores both sides are bound by the processor: putting the
# steps that use one core or wait (the editor's and the browser's tests) beside the XCTest process
# and the builds that use every core after it measured no faster (1,107 s against 1,037 s for the
# whole of make test, within one machine's spread), so the order is the plain one.
test: lint
	@scripts/need-mermaid-parser   # Mermaid's own parser reads every committed .mmd (MermaidParserTests)
	@scripts/need-graphviz   # before XCTest starts: it draws every example's SVG (DiagramCommandTests)
	$(SWIFT) build --build-tests -Xswiftc -warnings-as-errors
	SWIFT=$(SWIFT) MAKE=$(MAKE) scripts/test-suite demo check-generated-swift check-paths-suites check-diagrams \
		check-bench-generated check-fuzz-snapshot-generated check-fuzz-typecheck check-bench-snapshot \
		test-benchmarks test-plugin-consumer test-editor test-preview

# The Benchmarks package builds, and each shape's machines agree (DispatchTests, Swift Testing).
.PHONY: test-benchmarks
test-benchmarks:
	$(SWIFT) build --package-path Benchmarks --build-tests
	$(SWIFT) test --package-path Benchmarks --skip-build --disable-xctest

# One kind of test at a time, as the targets split them (swift-argument-parser's split): every
# target is built (SwiftPM links them into one test bundle), then only the named one's tests run.
unit-test:
	$(SWIFT) build --build-tests -Xswiftc -warnings-as-errors
	$(SWIFT) test --skip-build --disable-swift-testing --filter '^(FSMCoreTests|FSMRuntimeTests)\.'

end-to-end-test:
	@scripts/need-mermaid-parser
	$(SWIFT) build --build-tests -Xswiftc -warnings-as-errors
	$(SWIFT) test --skip-build --disable-swift-testing --filter '^EndToEndTests\.'

documentation-test:
	$(SWIFT) build --build-tests -Xswiftc -warnings-as-errors
	$(SWIFT) test --skip-build --disable-swift-testing --filter '^DocumentationTests\.'

# Every example's generated Swift in every configuration a Swift user meets: Swift 6 and 5 modes,
# MainActor default isolation, approachable concurrency, public with library evolution, package,
# --observable; and Game run in the MainActor configuration (scripts/check-generated-swift).
check-generated-swift: build
	scripts/check-generated-swift $(FSMC) .build/generated-matrix

# Every example machine's Swift Testing suites from `fsmc paths --format swift-testing` (--cover transitions
# and guards; examples/PluginConsumer's machines too, but for its link to SignIn's), compiled against its
# `fsmc generate` Swift with warnings as errors in one package in .build/paths-suites/ and run with
# `swift test`: a differential test of the generated Swift against the interpreter (scripts/check-paths-suites);
# Tests/Golden/Paths's machines too, with the values of their user-typed parameters filled in.
# First, the check is run on three machines with an fsmc that breaks two, and on Shop without its
# values, and must fail naming them (scripts/test-check-paths-suites).
check-paths-suites: build
	SWIFT=$(SWIFT) scripts/test-check-paths-suites $(FSMC)
	SWIFT=$(SWIFT) scripts/check-paths-suites $(FSMC)

# examples/PluginConsumer uses the build-tool and diagrams plugins like an app (scripts/test-plugin-consumer).
test-plugin-consumer:
	SWIFT=$(SWIFT) scripts/test-plugin-consumer

# `fsmc lsp` driven by pytest-lsp, and the TextMate grammar tokenized by a TextMate engine
# (scripts/test-editor installs their Python packages into .build/editor-venv; docs/Editors.md).
.PHONY: test-editor
test-editor: build
	scripts/test-editor

# The page of `fsmc preview` in Chromium headless, driven by Playwright for Python through its test hooks on
# every example, each action checked against `fsmc simulate` (scripts/test-preview; scripts/need-chromium
# installs Chromium and Playwright, into .build/preview-venv, when missing). `make preview-screenshots`
# writes the screenshots of docs/Preview.md.
.PHONY: test-preview preview-screenshots
test-preview: build
	scripts/test-preview

preview-screenshots: build
	FSMC_UPDATE_SCREENSHOTS=1 scripts/test-preview

# The machines of the dispatch benchmark (docs/Performance.md section 2): each shape's .fsm, its
# generated Swift (committed) and its hand-written twin, in Benchmarks/Sources/DispatchMachines/<Shape>/.
# A shape's fsmc.json, where it has one, holds its generate options, as the SwiftPM plugin reads
# them (Timer's: `"isolation": "nonisolated"`, so that the harness drives it from any thread).
BENCH_SHAPES := Player Hero Keypad Stream Timer
BENCH_MACHINES := Benchmarks/Sources/DispatchMachines
# swiftc -O on 1,000 or 5,000 generated states takes many minutes today (docs/Performance.md):
# `make bench BENCH_SWIFTC_SIZES="100 1000 5000"` measures them.
BENCH_SWIFTC_SIZES ?= 100

# The benchmarks (docs/Performance.md), in release: per-stage compiler times and peak memory on
# synthetic machines, the dispatch ratio of every shape built as users build it, the
# package-benchmark suite (heap allocations per event), then swiftc's time on generated code.
# Regenerates the dispatch benchmark's machines first.
bench: bench-dispatch
	$(SWIFT) build -c release --package-path Benchmarks
	@echo "== Compiler throughput (CPU time per stage; each size in its own process for its peak RSS)"
	@for n in 100 1000 10000 50000; do Benchmarks/.build/release/stage-times $$n | tail -n +$$( [ $$n = 100 ] && echo 1 || echo 2 ); done
	cd Benchmarks && $(SWIFT) package --allow-writing-to-package-directory benchmark --no-progress
	@echo; echo "== Generated-code dispatch, default and --observable (the generated player)"
	scripts/bench-observable
	@echo; echo "== swiftc -O on generated code"
	scripts/bench-swiftc $(BENCH_SWIFTC_SIZES)

# Machines whose generated Swift is committed, each in FOLDER/<Name>/: <Name>.fsm, <Name>.swift and, where it
# has generate options, fsmc.json (as the SwiftPM plugin reads them).
# $(call generate-machines,FSMC,FOLDER,NAMES): regenerates each FOLDER/<Name>/<Name>.swift with FSMC.
define generate-machines
	@for name in $(3); do \
	    config=$(2)/$$name/fsmc.json; [ -f $$config ] || config=; \
	    $(1) generate $(2)/$$name/$$name.fsm $${config:+--config $$config} -o $(2)/$$name || exit 1; \
	done
endef
# $(call check-generated-machines,FOLDER,NAMES,TARGET): each FOLDER/<Name>/<Name>.swift must be what fsmc
# generates now; `make TARGET` regenerates them.
define check-generated-machines
	@mkdir -p .build/generated-check
	@for name in $(2); do \
	    config=$(1)/$$name/fsmc.json; [ -f $$config ] || config=; \
	    $(FSMC) generate $(1)/$$name/$$name.fsm $${config:+--config $$config} -o .build/generated-check >/dev/null || exit 1; \
	    cmp -s .build/generated-check/$$name.swift $(1)/$$name/$$name.swift || { echo "error: $(1)/$$name/$$name.swift is stale: run make $(3) (or fsmc generate) and commit it"; exit 1; }; \
	    echo "ok  $(1)/$$name/$$name.swift is current"; \
	done
endef

# Regenerates every shape's machine with the current fsmc (release).
bench-generate:
	$(SWIFT) build -c release --product fsmc
	$(call generate-machines,.build/release/fsmc,$(BENCH_MACHINES),$(BENCH_SHAPES))

# The dispatch ratio of every shape (or `make bench-dispatch SHAPES=Hero`), machine, actions and
# driver in one module with swiftc -O -wmo, default and unchecked exclusivity (scripts/bench-dispatch;
# RUNS and ROUNDS are passed on). Regenerates the machines first.
SHAPES ?=
bench-dispatch: bench-generate
	@echo; echo "== Generated-code dispatch, one module, swiftc -O -wmo"
	scripts/bench-dispatch $(SHAPES)

# The fuzzing harnesses (Fuzz/; built with libFuzzer and the address sanitizer only by `make fuzz`
# and `make fuzz-snapshot`, too long for CI) still type-check against FSMCore as it is now, with
# their generated machines; the C driver's module is described by a module map of our own, and
# FSMRuntime, which the machines import, is built by scripts/build-runtime.
FSMRUNTIME := .build/fsmruntime/default
check-fuzz-typecheck: build
	@scripts/build-runtime $(FSMRUNTIME)
	@mkdir -p .build/fuzz-typecheck
	@printf 'module CFuzzerDriver {\n    header "%s"\n    export *\n}\n' \
		"$(CURDIR)/Fuzz/Sources/CFuzzerDriver/include/CFuzzerDriver.h" > .build/fuzz-typecheck/module.modulemap
	swiftc -typecheck -swift-version 6 -warnings-as-errors -module-name fsmc_fuzz \
		-I .build/debug/Modules -I .build/fuzz-typecheck Fuzz/Sources/fsmc-fuzz/*.swift
	swiftc -typecheck -swift-version 6 -warnings-as-errors -module-name fsmc_fuzz_snapshot \
		-I $(FSMRUNTIME) -I .build/debug/Modules -I .build/fuzz-typecheck $$(find Fuzz/Sources/fsmc-fuzz-snapshot -name '*.swift' | sort)

# scripts/bench-snapshot (docs/Performance.md section 6) still runs: Player compiled with swiftc -O,
# each operation timed once on ten snapshots, its driver checking that a restored machine and a
# decoded snapshot give back the snapshot they came from.
check-bench-snapshot: build
	FSMC=$(FSMC) OUT=.build/check-bench-snapshot MEASURE=time ROUNDS=1 COUNT=10 scripts/bench-snapshot Player

# The dispatch benchmark's generated machines are committed; each must be what fsmc generates now.
check-bench-generated: build
	$(call check-generated-machines,$(BENCH_MACHINES),$(BENCH_SHAPES),bench-generate)

golden:
	FSMC_UPDATE_GOLDEN=1 $(SWIFT) test --filter Golden
	@git status --short -- Tests/Golden Sources/fsmc/RuntimeSources.swift examples/PluginConsumer/Tests

# Every example drawn with fsmc and rendered with Graphviz; a warning from dot fails the target.
diagrams: build
	@scripts/need-graphviz
	@for file in $(EXAMPLES); do \
		stem="$${file%.fsm}"; \
		$(FSMC) dot "$$file" -o "$$stem.dot" && $(FSMC) mermaid "$$file" -o "$$stem.mmd" || exit 1; \
		warnings=$$(dot -Tsvg "$$stem.dot" -o "$$stem.svg" 2>&1) || { echo "$$warnings"; exit 1; }; \
		if [ -n "$$warnings" ]; then echo "error: dot warns about $$stem.dot:"; echo "$$warnings"; exit 1; fi; \
		echo "ok  $$stem.svg"; \
	done

# Renders every committed example DOT with dot; fails on any warning (the SVGs' currency is a test).
check-diagrams:
	@scripts/need-graphviz
	@for file in $(EXAMPLES); do \
		stem="$${file%.fsm}"; \
		warnings=$$(dot -Tsvg "$$stem.dot" 2>&1 >/dev/null) || { echo "$$warnings"; exit 1; }; \
		if [ -n "$$warnings" ]; then echo "error: dot warns about $$stem.dot:"; echo "$$warnings"; exit 1; fi; \
		echo "ok  $$stem.dot renders without warnings"; \
	done

format:
	$(SWIFT) format format --in-place --recursive Package.swift Sources Tests Plugins Fuzz/Package.swift Fuzz/Sources

clean:
	rm -rf .build

# libFuzzer over the front end and every emitter (Fuzz/ is its own package, so the normal build
# never links the fuzzer runtime). The working corpus starts from the examples, the golden inputs
# and Tests/Regressions; crashes land in .build-fuzz/crashes/. See docs/Robustness.md.
SECONDS ?= 60
FUZZ_FLAGS := -c release --package-path Fuzz --scratch-path .build-fuzz \
	-Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld -Xcc -fsanitize=fuzzer-no-link,address

fuzz-build:
	$(SWIFT) build $(FUZZ_FLAGS)

fuzz: fuzz-build
	@mkdir -p .build-fuzz/corpus .build-fuzz/crashes
	@for file in examples/*/*.fsm $$(find Tests/Golden Tests/Regressions -name '*.fsm'); do \
		cp "$$file" ".build-fuzz/corpus/seed-$$(echo "$$file" | tr '/' '_')"; \
	done
	SWIFT_BACKTRACE=enable=no $$($(SWIFT) build $(FUZZ_FLAGS) --show-bin-path)/fsmc-fuzz \
		.build-fuzz/corpus -artifact_prefix=.build-fuzz/crashes/ -max_len=8192 -timeout=10 \
		-max_total_time=$(SECONDS) -print_final_stats=1

# libFuzzer over restoring snapshots (docs/Robustness.md): every input is a snapshot's JSON, decoded
# with JSONDecoder into each machine's Snapshot and with FSMCore's Snapshot.decode, restored into four
# generated machines and into the interpreter, checked for a valid configuration and the same result
# on both sides, then a short script played on both. The working corpus (.build-fuzz/snapshot-corpus)
# starts from valid and mutated snapshots of the machines, which the fuzz target writes with a
# dictionary of their keys and names; crashes and findings land in .build-fuzz/snapshot-crashes/.
# Hash seeds are fixed (SWIFT_DETERMINISTIC_HASHING), so that a finding replays the same way. An input
# takes about a millisecond: the timeout is 30 s, since on a loaded machine the whole process once
# stalled for 14 s (that input replays in 1 ms).
FUZZ_SNAPSHOT_MACHINES := FuzzLeaf FuzzRegions FuzzTimers FuzzActivities
FUZZ_SNAPSHOT_FOLDER := Fuzz/Sources/fsmc-fuzz-snapshot/Machines
fuzz-snapshot: fuzz-build
	@mkdir -p .build-fuzz/snapshot-corpus .build-fuzz/snapshot-crashes
	@bin=$$($(SWIFT) build $(FUZZ_FLAGS) --show-bin-path)/fsmc-fuzz-snapshot; \
	SWIFT_BACKTRACE=enable=no SWIFT_DETERMINISTIC_HASHING=1 $$bin \
		--write-seeds .build-fuzz/snapshot-seeds --write-dictionary .build-fuzz/snapshot.dict && \
	SWIFT_BACKTRACE=enable=no SWIFT_DETERMINISTIC_HASHING=1 $$bin \
		.build-fuzz/snapshot-corpus .build-fuzz/snapshot-seeds -dict=.build-fuzz/snapshot.dict \
		-artifact_prefix=.build-fuzz/snapshot-crashes/ -max_len=4096 -timeout=30 \
		-max_total_time=$(SECONDS) -print_final_stats=1

# Regenerates the snapshot fuzzer's machines with the current fsmc (committed, like the benchmark's).
fuzz-snapshot-generate: build
	$(call generate-machines,$(FSMC),$(FUZZ_SNAPSHOT_FOLDER),$(FUZZ_SNAPSHOT_MACHINES))

# The snapshot fuzzer's generated machines are committed; each must be what fsmc generates now.
check-fuzz-snapshot-generated: build
	$(call check-generated-machines,$(FUZZ_SNAPSHOT_FOLDER),$(FUZZ_SNAPSHOT_MACHINES),fuzz-snapshot-generate)

# The long differential run: N random machines (default 1000), generated Swift against the
# reference interpreter, compiled in batches of BATCH machines per swiftc invocation. Prints the
# running figures; a mismatch is reported minimised and fails the run. PARALLEL=1 generates
# machines with parallel states; V3=1 adds timed transitions and `raise` (with PARALLEL=1 or
# without), scripts moving time with advanceTime(by:) (a seed on which the interpreter stops, an
# endless loop, is skipped). ACTIVITIES=1 adds activities (`do /`) and `catch` transitions (with the
# others or without), the scripts finishing and failing the running activities (`.manual` activities
# in the generated Swift). See docs/Robustness.md.
N ?= 1000
PARALLEL ?= 0
V3 ?= 0
ACTIVITIES ?= 0
BATCH ?= 100
SEED ?= 1000000
difftest:
	$(SWIFT) build --build-tests
	FSMC_DIFFTEST_N=$(N) FSMC_DIFFTEST_BATCH=$(BATCH) FSMC_DIFFTEST_SEED=$(SEED) FSMC_DIFFTEST_PARALLEL=$(PARALLEL) \
		FSMC_DIFFTEST_V3=$(V3) FSMC_DIFFTEST_ACTIVITIES=$(ACTIVITIES) FSMC_DIFFTEST_SNAPSHOTS=$(SNAPSHOTS) $(SWIFT) test --skip-build --filter DifferentialTests/testLongRun
