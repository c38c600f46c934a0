# ARM: the Cortex-M4 firmware build (bare metal, QEMU mps2-an386) and the Go
# test suite on GOARCH=arm / arm64 under QEMU user mode. Included by the
# top-level Makefile; on its own:  make -f mk/arm.mk test-m4
#
#   m4               build/m4/libkeccak.a (xkcp/ + capi/ for Cortex-M4) and
#                    the test and bench firmware images
#   test-m4          known answers through the C API on the emulated M4
#   bench-m4         "NAME INSTRUCTIONS" per case, armv7m kernel
#                    (ARM_BENCH_KERNEL=portable for the portable C kernel)
#   bench-m4-table   both kernels side by side, Markdown (docs/ARM.md)
#   test-arm         go test -short ./... for GOARCH=arm GOARM=7, cgo (armv7m kernel)
#   test-arm64       go test -short ./... for GOARCH=arm64, cgo, under -cpu max
#                    (has the SHA3 instructions; every kernel), then parts of
#                    it with each kernel forced and under -cpu cortex-a72 (no SHA3)
#   test-arm64-kernels  ctest/kernels_test.c for arm64 under qemu-aarch64,
#                    -cpu max and -cpu cortex-a72 (no SHA3), and under ASan
#   test-arm-purego  go test -short ./... for arm and arm64 with CGO_ENABLED=0
#                    (arm64: -cpu max, then the root and engine packages
#                    under -cpu cortex-a72, no SHA3)
#   count-arm64      instructions per permutation / byte under qemu-aarch64
#                    for every arm64 kernel, crypto/sha3 and circl (Markdown)
#   count-arm64-kernels  the same per kernel entry point, C only (no cgo)
# The two generated kernels are held to their generators in mk/generated.mk.
# Variables are prefixed ARM_ so that other mk/*.mk fragments can coexist.
# tools/install-arm-deps.sh installs the Debian packages these need.

ARM_SAVED_DEFAULT_GOAL := $(.DEFAULT_GOAL)

include mk/sources.mk
include mk/insncount.mk

ARM_GO ?= go
ARM_PYTHON ?= python3
ARM_BUILD ?= build/m4
ARM_M4_CC ?= arm-none-eabi-gcc
ARM_M4_AR ?= arm-none-eabi-ar
ARM_M4_ARCH := -mcpu=cortex-m4 -mthumb -mfloat-abi=soft
ARM_M4_CFLAGS := $(ARM_M4_ARCH) -std=c11 -g -Wall -Wextra -ffunction-sections -fdata-sections
# Kernels at -O3 as in the cgo build (xkcp/xkcp.go), the rest at -O2.
ARM_M4_OPT_xkcp := -O3
ARM_M4_OPT := -O2
ARM_M4_LDFLAGS := $(ARM_M4_ARCH) -nostartfiles -T firmware/mps2-an386.ld -Wl,--gc-sections \
	--specs=nano.specs --specs=nosys.specs -Wl,--no-warn-rwx-segments -Wl,--no-warn-execstack

# The Go build's 32-bit ARM kernels (mk/sources.mk) and the C API.
ARM_M4_LIB_SRCS := $(SRC_XKCP_arm) $(wildcard capi/keccak*.c)
ARM_M4_LIB_OBJS := $(patsubst %,$(ARM_BUILD)/obj/%.o,$(ARM_M4_LIB_SRCS))
ARM_M4_LIB := $(ARM_BUILD)/libkeccak.a
ARM_M4_FW_COMMON := firmware/startup.c firmware/semihost.c
ARM_M4_INC := -Ixkcp -Icapi -Ictest -Ifirmware -I$(ARM_BUILD)/gen
ARM_VECTOR_FILES := $(addprefix testdata/keccak/,sha3_shortmsgkat_xkcp.jsonl \
	shake_shortmsgkat_xkcp.jsonl turboshake_rfc9861.jsonl)
ARM_INSNCOUNT := $(ARM_BUILD)/insncount.so
ARM_BENCH_KERNEL ?= armv7m

# The Go test runs. go test runs the cross-built test binaries through
# -exec; qemu-user needs the target's loader and libc for cgo binaries.
# Emulated, a package's tests take minutes: go test's default 10-minute
# limit is too tight on a loaded machine.
ARM_GOTEST_FLAGS ?= -count=1 -timeout 40m
ARM_QEMU_ARM := qemu-arm -L /usr/arm-linux-gnueabihf
ARM_QEMU_ARM64 := qemu-aarch64 -L /usr/aarch64-linux-gnu
ARM_GO_ARM_ENV := GOOS=linux GOARCH=arm GOARM=7
ARM_GO_ARM64_ENV := GOOS=linux GOARCH=arm64

# What `make test` runs.
ARM_TEST_TARGETS := test-m4 test-arm test-arm64-kernels test-arm64 test-arm-purego
# What each needs (make test's tools/need.sh checks, or installs with
# tools/install-arm-deps.sh).
NEEDS_test-m4 := arm-none-eabi-gcc newlib qemu-system-arm python3
NEEDS_test-arm := arm-linux-gnueabihf-gcc qemu-arm
NEEDS_test-arm64-kernels := aarch64-linux-gnu-gcc qemu-aarch64
NEEDS_test-arm64 := aarch64-linux-gnu-gcc qemu-aarch64
NEEDS_test-arm-purego := qemu-arm qemu-aarch64

.PHONY: m4 test-m4 bench-m4 bench-m4-table test-arm test-arm64 test-arm-purego \
	test-arm64-kernels count-arm64 count-arm64-kernels clean-m4

# ---- Cortex-M4 library and firmware ----

$(ARM_BUILD)/obj/xkcp/%.c.o: xkcp/%.c mk/arm.mk
	@mkdir -p $(@D)
	$(ARM_M4_CC) $(ARM_M4_CFLAGS) $(ARM_M4_OPT_xkcp) -MMD -MP -c $< -o $@

$(ARM_BUILD)/obj/xkcp/%.S.o: xkcp/%.S mk/arm.mk
	@mkdir -p $(@D)
	$(ARM_M4_CC) $(ARM_M4_ARCH) -g -c $< -o $@

$(ARM_BUILD)/obj/%.c.o: %.c mk/arm.mk
	@mkdir -p $(@D)
	$(ARM_M4_CC) $(ARM_M4_CFLAGS) $(ARM_M4_OPT) $(ARM_M4_INC) -MMD -MP -c $< -o $@

$(ARM_M4_LIB): $(ARM_M4_LIB_OBJS)
	rm -f $@
	$(ARM_M4_AR) rcs $@ $^

$(ARM_BUILD)/gen/api_vectors_data.h: ctest/gen_api_vectors.py $(ARM_VECTOR_FILES)
	@mkdir -p $(@D)
	$(ARM_PYTHON) ctest/gen_api_vectors.py $@ $(ARM_VECTOR_FILES)

$(ARM_BUILD)/gen/kp_vectors.h: firmware/gen_kp_vectors.py testdata/keccak/keccak_p1600_xkcp.jsonl
	@mkdir -p $(@D)
	$(ARM_PYTHON) firmware/gen_kp_vectors.py $@ testdata/keccak/keccak_p1600_xkcp.jsonl

$(ARM_BUILD)/obj/firmware/test_main.c.o: $(ARM_BUILD)/gen/api_vectors_data.h $(ARM_BUILD)/gen/kp_vectors.h

ARM_M4_TEST_OBJS := $(patsubst %,$(ARM_BUILD)/obj/%.o,$(ARM_M4_FW_COMMON) firmware/test_main.c \
	ctest/api_checks.c ctest/api_errors.c)
$(ARM_BUILD)/test-m4.elf: $(ARM_M4_TEST_OBJS) $(ARM_M4_LIB) firmware/mps2-an386.ld
	$(ARM_M4_CC) $(ARM_M4_LDFLAGS) -o $@ $(ARM_M4_TEST_OBJS) $(ARM_M4_LIB)

# One bench image per kernel, the same code around it.
$(ARM_BUILD)/obj/bench-%.o: firmware/bench_main.c mk/arm.mk
	@mkdir -p $(@D)
	$(ARM_M4_CC) $(ARM_M4_CFLAGS) $(ARM_M4_OPT) $(ARM_M4_INC) -DBENCH_KERNEL='"$*"' \
		-MMD -MP -c $< -o $@

ARM_M4_BENCH_COMMON := $(patsubst %,$(ARM_BUILD)/obj/%.o,$(ARM_M4_FW_COMMON) firmware/bench_markers.c)
$(ARM_BUILD)/bench-%.elf: $(ARM_BUILD)/obj/bench-%.o $(ARM_M4_BENCH_COMMON) $(ARM_M4_LIB) \
		firmware/mps2-an386.ld
	$(ARM_M4_CC) $(ARM_M4_LDFLAGS) -o $@ $< $(ARM_M4_BENCH_COMMON) $(ARM_M4_LIB)

# keep the per-kernel objects make would otherwise delete as intermediates
.SECONDARY: $(ARM_BUILD)/obj/bench-armv7m.o $(ARM_BUILD)/obj/bench-portable.o $(ARM_M4_BENCH_COMMON)

$(ARM_INSNCOUNT): tools/qemu-insncount/insncount.c tools/qemu-insncount/build.sh
	@mkdir -p $(@D)
	tools/qemu-insncount/build.sh $@

m4: $(ARM_M4_LIB) $(ARM_BUILD)/test-m4.elf $(ARM_BUILD)/bench-armv7m.elf $(ARM_BUILD)/bench-portable.elf

test-m4: $(ARM_BUILD)/test-m4.elf
	firmware/run-m4.sh $<

bench-m4: $(ARM_BUILD)/bench-$(ARM_BENCH_KERNEL).elf $(ARM_INSNCOUNT)
	@firmware/bench-m4.sh $(ARM_INSNCOUNT) $<

bench-m4-table: $(ARM_BUILD)/bench-armv7m.elf $(ARM_BUILD)/bench-portable.elf $(ARM_INSNCOUNT)
	@firmware/bench-m4.sh $(ARM_INSNCOUNT) $(ARM_BUILD)/bench-armv7m.elf >$(ARM_BUILD)/bench-armv7m.txt
	@firmware/bench-m4.sh $(ARM_INSNCOUNT) $(ARM_BUILD)/bench-portable.elf >$(ARM_BUILD)/bench-portable.txt
	@echo "| case | armv7m kernel | portable C kernel |"
	@echo "| --- | ---: | ---: |"
	@paste -d' ' $(ARM_BUILD)/bench-armv7m.txt $(ARM_BUILD)/bench-portable.txt | \
		awk '$$1 != $$3 { print "case mismatch: " $$0 > "/dev/stderr"; exit 1 } \
		     { printf "| %s | %d | %d |\n", $$1, $$2, $$4 }'

# dependency files: never remade by a rule (an empty one stops make from
# chaining built-in rules to "build" them)
$(ARM_BUILD)/obj/%.d: ;
-include $(wildcard $(ARM_BUILD)/obj/*.d $(ARM_BUILD)/obj/*/*.d)

clean-m4:
	rm -rf $(ARM_BUILD)

# ---- arm64 kernels in C under QEMU user mode ----

# The Go build's arm64 kernels (mk/sources.mk) and the C API's kernel
# chooser (which kernels the emulated CPU runs).
ARM_A64_CC ?= aarch64-linux-gnu-gcc
ARM_A64_BUILD ?= build/arm64
ARM_A64_SRCS := $(SRC_XKCP_arm64) capi/keccak_kernel_select.c
ARM_A64_DEPS := ctest/kernels_test.c $(ARM_A64_SRCS) $(wildcard xkcp/*.h) capi/keccak.h mk/arm.mk \
	mk/sources.mk
ARM_A64_CFLAGS := -std=c11 -Wall -Wextra -Werror -Ixkcp -Icapi
# One CPU with the SHA3 instructions, where every kernel must run, and one
# without, where the SHA3 kernels must be skipped: this checks the feature
# detection too. CPU:WORD = the word kernels_test must print for them.
ARM_A64_CPUS := max:ok cortex-a72:skipped
ARM_KP_VECTORS := testdata/keccak/keccak_p1600_xkcp.jsonl

$(ARM_A64_BUILD)/kernels_test: $(ARM_A64_DEPS)
	@mkdir -p $(@D)
	$(ARM_A64_CC) $(ARM_A64_CFLAGS) -O3 -static -o $@ ctest/kernels_test.c $(ARM_A64_SRCS)

# ASan and UBSan work under qemu-user except LeakSanitizer (it needs
# ptrace-like thread control QEMU does not give): detect_leaks=0.
$(ARM_A64_BUILD)/kernels_test_san: $(ARM_A64_DEPS)
	@mkdir -p $(@D)
	$(ARM_A64_CC) $(ARM_A64_CFLAGS) -O1 -g -fsanitize=address,undefined \
		-fno-sanitize-recover=all -fno-omit-frame-pointer -o $@ ctest/kernels_test.c $(ARM_A64_SRCS)

test-arm64-kernels: $(ARM_A64_BUILD)/kernels_test $(ARM_A64_BUILD)/kernels_test_san
	for c in $(ARM_A64_CPUS); do cpu=$${c%:*} want=$${c#*:}; \
		qemu-aarch64 -cpu $$cpu $(ARM_A64_BUILD)/kernels_test $(ARM_KP_VECTORS) \
			>$(ARM_A64_BUILD)/kernels_test.$$cpu.txt; st=$$?; \
		cat $(ARM_A64_BUILD)/kernels_test.$$cpu.txt; test $$st = 0 || exit 1; \
		if grep '^kernel arm64sha3' $(ARM_A64_BUILD)/kernels_test.$$cpu.txt | grep -v ": $$want"; then \
			echo "test-arm64-kernels: -cpu $$cpu should have $$want these"; exit 1; fi; \
		ASAN_OPTIONS=detect_leaks=0 $(ARM_QEMU_ARM64) -cpu $$cpu \
			$(ARM_A64_BUILD)/kernels_test_san $(ARM_KP_VECTORS) >$(ARM_A64_BUILD)/san.txt || \
			{ cat $(ARM_A64_BUILD)/san.txt; exit 1; }; \
	done

# ---- Go on GOARCH=arm and arm64 under QEMU user mode ----

# Packages whose tests cannot run under qemu-user: cmd/keccaksum's tests
# build the keccaksum binary and execute it, and starting an ARM binary from
# inside qemu-arm needs binfmt_misc (absent in CI containers). They are
# still compiled for the target by go vet.
ARM_GO_EXCLUDE ?= github.com/go-xkcp/keccak/cmd/keccaksum
# -short, as on arm64: the emulated root package took 6.5 minutes in full.
# $(1) = environment, $(2) = -exec command. The package list comes from
# `go list` in the same environment (it depends on GOARCH and cgo). Tests
# that rerun their binary in a child (internal/testkit/isolate) start it through
# the same emulator: KECCAK_ISOLATE_EXEC.
define ARM_GO_TEST
	$(1) $(ARM_GO) vet $(ARM_GO_EXCLUDE)
	KECCAK_ISOLATE_EXEC='$(2)' $(1) $(ARM_GO) test $(ARM_GOTEST_FLAGS) -short -exec '$(2)' \
		$$($(1) $(ARM_GO) list ./... | grep -v -x -F $(patsubst %,-e %,$(ARM_GO_EXCLUDE)))
endef

test-arm:
	$(call ARM_GO_TEST,CGO_ENABLED=1 $(ARM_GO_ARM_ENV) CC=arm-linux-gnueabihf-gcc,$(ARM_QEMU_ARM))

# arm64, all -short (fewer random repetitions; every length and round count
# is still covered): the whole suite on -cpu max (every backend: the tests
# loop over them; the default kernel is arm64sha3x2 on Linux); then with
# each other kernel forced (KECCAK_KERNEL), TestForcedBackend (it ran in
# the root package before, which has no such test, so it checked nothing)
# and the packages whose C code permutes with the kernel in use
# (internal/fixedkey, xof), since every other test runs every backend
# anyway; then on a CPU without the SHA3 instructions, where a SHA3 kernel
# chosen by mistake would die of SIGILL, the packages that choose and call
# kernels (root, engine, internal/bulk). The whole suite four times took 6 minutes.
ARM_A64_GO_ENV := CGO_ENABLED=1 $(ARM_GO_ARM64_ENV) CC=$(ARM_A64_CC)
ARM_A64_FORCED ?= portable arm64sha3
ARM_A64_FORCED_PKGS := ./internal/fixedkey ./xof
ARM_A64_NOSHA3_PKGS := . ./internal/engine ./internal/bulk
# $(1) = -exec command, $(2) = packages left out, $(3) = more go test flags.
define ARM_A64_GO_TEST
	KECCAK_ISOLATE_EXEC='$(1)' $(ARM_A64_GO_ENV) $(ARM_GO) test $(ARM_GOTEST_FLAGS) $(3) \
		-exec '$(1)' $$($(ARM_A64_GO_ENV) $(ARM_GO) list ./... | \
		grep -v -x -F $(patsubst %,-e %,$(ARM_GO_EXCLUDE) $(2)))
endef
test-arm64:
	$(ARM_A64_GO_ENV) $(ARM_GO) vet $(ARM_GO_EXCLUDE)
	$(call ARM_A64_GO_TEST,$(ARM_QEMU_ARM64) -cpu max,,-short)
	for k in $(ARM_A64_FORCED); do export KECCAK_KERNEL=$$k; \
		$(ARM_A64_GO_ENV) $(ARM_GO) test $(ARM_GOTEST_FLAGS) -exec '$(ARM_QEMU_ARM64) -cpu max' \
			-run TestForcedBackend ./internal/engine && \
		KECCAK_ISOLATE_EXEC='$(ARM_QEMU_ARM64) -cpu max' $(ARM_A64_GO_ENV) $(ARM_GO) test $(ARM_GOTEST_FLAGS) \
			-short -exec '$(ARM_QEMU_ARM64) -cpu max' $(ARM_A64_FORCED_PKGS) || exit 1; \
	done
	KECCAK_ISOLATE_EXEC='$(ARM_QEMU_ARM64) -cpu cortex-a72' $(ARM_A64_GO_ENV) $(ARM_GO) test $(ARM_GOTEST_FLAGS) \
		-short -exec '$(ARM_QEMU_ARM64) -cpu cortex-a72' $(ARM_A64_NOSHA3_PKGS)

# The instruction-count table of docs/ARM.md (bench/insncount/run.sh).
count-arm64: $(ARM_INSNCOUNT)
	bench/insncount/run.sh $(ARM_INSNCOUNT) $(ARM_A64_BUILD)

# The kernels alone, without Go and cgo around them: ctest/kernels_bench.c
# under qemu-aarch64 -cpu max with the plugin's whole-run total, per call
# over ARM_A64_CALLS calls (mk/insncount.mk, as callgrind-kernels does on
# the host).
ARM_A64_CALLS ?= 20
ARM_A64_COUNT_LIST := qemu-aarch64 -cpu max
ARM_A64_COUNT_RUN := qemu-aarch64 -cpu max -d plugin -plugin $(ARM_INSNCOUNT)
$(ARM_A64_BUILD)/kernels_bench: ctest/kernels_bench.c $(ARM_A64_DEPS)
	@mkdir -p $(@D)
	$(ARM_A64_CC) $(ARM_A64_CFLAGS) -O3 -static -o $@ ctest/kernels_bench.c $(ARM_A64_SRCS)

count-arm64-kernels: $(ARM_A64_BUILD)/kernels_bench $(ARM_INSNCOUNT)
	@$(call INSNCOUNT_PER_CALL,$(ARM_A64_BUILD)/kernels_bench,$(ARM_A64_CALLS),$(ARM_A64_COUNT_LIST),$(ARM_A64_COUNT_RUN),s/^insncount: total: //p)

# arm64 without cgo: the suite on -cpu max, whose default backend is
# asm/arm64sha3 (QEMU 7.2's default CPU has the SHA3 instructions too, but
# a default can change), then the packages that choose and call it on a CPU
# without them, where choosing it by mistake would die of SIGILL.
ARM_A64_PUREGO_ENV := CGO_ENABLED=0 $(ARM_GO_ARM64_ENV)
test-arm-purego:
	$(call ARM_GO_TEST,CGO_ENABLED=0 $(ARM_GO_ARM_ENV),qemu-arm)
	$(call ARM_GO_TEST,$(ARM_A64_PUREGO_ENV),qemu-aarch64 -cpu max)
	KECCAK_ISOLATE_EXEC='qemu-aarch64 -cpu cortex-a72' $(ARM_A64_PUREGO_ENV) $(ARM_GO) test \
		$(ARM_GOTEST_FLAGS) -short -exec 'qemu-aarch64 -cpu cortex-a72' . ./internal/engine

# Standalone (make -f mk/arm.mk) the default is test-m4.
ifeq ($(firstword $(MAKEFILE_LIST)),mk/arm.mk)
.DEFAULT_GOAL := test-m4
else
.DEFAULT_GOAL := $(ARM_SAVED_DEFAULT_GOAL)
endif
