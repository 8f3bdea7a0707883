# SPDX-License-Identifier: MIT
# ricochet: convenience targets around CMake. `make run` and `make test` work on a fresh Debian machine as root:
# they install the Debian packages they need first (see `deps`).

BUILD ?= build
ASAN_BUILD ?= build-asan
TSAN_BUILD ?= build-tsan
FUZZ_BUILD ?= build-fuzz
# seconds of libFuzzer per harness (make fuzz; FUZZERS="checkpoint" for some of them)
FUZZ_SECONDS ?= 60
FUZZERS ?=
# libFuzzer's seed (empty: a new one each run; CI fixes it so that a finding repeats)
FUZZ_SEED ?=
# AFL++ on the command line (make fuzz-afl): its build folder, seconds per target, targets (run resolve)
AFL_BUILD ?= build-afl
AFL_SECONDS ?= 300
AFL_TARGETS ?=
JOBS ?= 2
PACKAGES = build-essential cmake pkg-config libglpk-dev libsiconos-numerics-dev libcjson-dev libccd-dev python3 \
           python3-numpy python3-matplotlib python3-ase python3-mdanalysis libhdf5-dev python3-h5py python3-pip \
           python3-setuptools python3-gsd lammps \
           libcairo2-dev libqhull-dev python3-scipy libopenmpi-dev openmpi-bin python3-mpi4py python3-tqdm man-db \
           groff-base bsdextrautils
EXAMPLE ?= examples/impact/pool_break.json
SCENE ?= examples/edmd/hard_spheres.json
# Debian's interpreter, which has python3-numpy and python3-matplotlib (a pyenv python3 on PATH may not)
PYTHON ?= /usr/bin/python3
PREFIX ?= /usr/local

.PHONY: all deps build run test test-asan test-tsan check-symbols check-names format format-check ci bench bench-guard \
        experiments images install clean fuzz fuzz-afl

all: build

# Installs missing Debian packages (needs root; does nothing when all are present).
deps:
	@missing=$$(for p in $(PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  echo "installing:" $$missing; \
	  apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y $$missing; \
	fi

build: deps
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DRICOCHET_WERROR=ON -DRICOCHET_MPI=ON
	cmake --build $(BUILD) -j$(JOBS)

# The main jobs on built-in examples: resolve the pool break with Generalized Reflections, then run 4000 hard spheres
# at packing fraction 0.45 for 10^6 collisions with the event-driven engine.
run: build
	./$(BUILD)/ricochet resolve $(EXAMPLE)
	./$(BUILD)/ricochet run $(SCENE) --out out/hard_spheres

test: build
	cd $(BUILD) && ctest --output-on-failure -j$(JOBS)

# The whole suite once more under AddressSanitizer and UndefinedBehaviorSanitizer, at -O1 as ASan's documentation
# advises (half the CPU time of -O0: test_edmd_clusters 100 s -> 49 s).
test-asan: deps
	cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_FLAGS_DEBUG="-g -O1" -DRICOCHET_SANITIZE=ON \
	  -DRICOCHET_WERROR=ON
	cmake --build $(ASAN_BUILD) -j$(JOBS)
	cd $(ASAN_BUILD) && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 ctest --output-on-failure -j$(JOBS)

# The fuzz harnesses (fuzz/, docs/fuzzing.md), built by clang with libFuzzer, ASan and UBSan: every regression input
# through its harness, then each harness for FUZZ_SECONDS on its corpus; new crashes go to fuzz/findings/.
fuzz: build
	@command -v clang >/dev/null && dpkg -s libclang-rt-14-dev >/dev/null 2>&1 || \
	  { apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y clang libclang-rt-14-dev; }
	CC=clang cmake -S . -B $(FUZZ_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DRICOCHET_FUZZ=ON -DRICOCHET_WERROR=ON
	cmake --build $(FUZZ_BUILD) -j$(JOBS) --target fuzzers
	FUZZ_SEED=$(FUZZ_SEED) sh fuzz/run.sh $(FUZZ_BUILD) $(BUILD)/ricochet $(FUZZ_SECONDS) $(FUZZERS)

# The command line fuzzed end to end by AFL++ (fuzz/afl.sh, docs/fuzzing.md): the tool built with afl-cc, ASan and
# UBSan in AFL_BUILD, `ricochet run` and `ricochet resolve` each fuzzed for AFL_SECONDS on one core from examples/;
# crashes and hangs go to fuzz/findings/afl-TARGET/ and fail the target. Too slow for CI, which keeps `make fuzz`.
fuzz-afl: deps
	@command -v afl-fuzz >/dev/null || { apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y afl++; }
	JOBS=$(JOBS) sh fuzz/afl.sh $(AFL_BUILD) $(AFL_SECONDS) $(AFL_TARGETS)

# Installs the libraries, headers, tool, pkg-config file and man page under PREFIX (DESTDIR=... to stage them). Run
# as root into a system prefix (/usr or /usr/local) it then runs ldconfig, so that the new libricochet.so is in the
# loader's cache at once (a program or ctypes.util.find_library finds it); a DESTDIR staging or another prefix has no
# cache entry to refresh.
install: build
	DESTDIR=$(DESTDIR) cmake --install $(BUILD) --prefix $(PREFIX)
	@if [ -z "$(DESTDIR)" ] && [ "$$(id -u)" = 0 ] && { [ "$(PREFIX)" = /usr ] || [ "$(PREFIX)" = /usr/local ]; }; \
	then echo ldconfig; ldconfig; fi

# The threads' stress scenes (tests/cli/threads_stress.py: a dense fluid, a crystal, grains falling onto a plate, a long
# granular gas; 2 threads against 1, the same bytes) under ThreadSanitizer, which must report nothing (halt_on_error:
# a report fails the run). Not in CI: the tool is built whole under TSan.
test-tsan: deps
	cmake -S . -B $(TSAN_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_FLAGS="-fsanitize=thread" \
	  -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=thread" -DCMAKE_SHARED_LINKER_FLAGS="-fsanitize=thread" -DRICOCHET_WERROR=ON
	cmake --build $(TSAN_BUILD) -j$(JOBS) --target ricochet
	TSAN_OPTIONS=halt_on_error=1 $(PYTHON) tests/cli/threads_stress.py $(TSAN_BUILD)/ricochet 2

# Every symbol the libraries export starts with rc_.
check-symbols: build
	sh scripts/check-symbols.sh $(BUILD)/libricochet.a $(BUILD)/libricochet.so $(BUILD)/libricochet_mpi.a \
	  $(BUILD)/libricochet_mpi.so

# Every public function, type and enumerator is named by the rule of docs/naming.md (rc_<object>_<verb>).
check-names: build
	/usr/bin/python3 scripts/check-names.py include/ricochet docs/naming.md $(BUILD)/libricochet.so \
	  $(wildcard $(BUILD)/libricochet_mpi.so)


# The C sources in the house style (.clang-format): format rewrites them, format-check fails naming the files it would
# change (clang-format 14, Debian's clang-format).
FORMAT_SOURCES = git ls-files '*.c' '*.h'
format:
	@command -v clang-format >/dev/null || { apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y clang-format; }
	$(FORMAT_SOURCES) | xargs clang-format -i
format-check:
	@command -v clang-format >/dev/null || { apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y clang-format; }
	@$(FORMAT_SOURCES) | xargs clang-format --dry-run --Werror 2>&1 | grep -o '^[^:]*:[0-9]*' | sort -u -t: -k1,1 | \
	  sed 's/$$/: not in the house style (make format)/' | grep . && exit 1 || echo "format: every C file is in the house style"

ci: test test-asan check-symbols check-names format-check

bench: deps
	cmake -S . -B build-release -DCMAKE_BUILD_TYPE=Release
	cmake --build build-release -j$(JOBS)
	for b in build-release/bench_*; do echo "== $$b"; ./$$b; done

# The performance guard (bench/guard.sh): fails when the event-driven engine's collisions per second fall more than 30 %
# below the rate recorded for this machine class in bench/RESULTS.md.
bench-guard: deps
	cmake -S . -B build-release -DCMAKE_BUILD_TYPE=Release
	cmake --build build-release -j$(JOBS) --target bench_edmd
	sh bench/guard.sh build-release

experiments: build
	for e in experiments/fig*.py; do echo "== $$e"; $(PYTHON) $$e --ricochet $(BUILD)/ricochet || exit 1; done

# The README's pictures (docs/img/): the pool break under GR beside GS, the cooling of a granular gas.
images: build
	sh scripts/readme-images.sh $(BUILD)/ricochet

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) build-release
