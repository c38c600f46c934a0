# Keccak-p[1600] kernel tests and benchmarks, built from xkcp/ with the host C
# compiler. Included by the top-level Makefile; on its own:
#   make -f mk/kernels.mk test-kernels
#   make -f mk/kernels.mk bench-kernels
# Variables are prefixed KERNELS_ so that other mk/*.mk fragments can coexist.

# Leave the including Makefile's default goal alone (restored at the end).
KERNELS_SAVED_GOAL := $(.DEFAULT_GOAL)

KERNELS_CC ?= cc
KERNELS_BUILD ?= build/kernels
KERNELS_CFLAGS ?= -O3 -std=c11 -Wall -Wextra -Ixkcp -Icapi
KERNELS_SAN_FLAGS ?= -O1 -g -std=c11 -Wall -Wextra -Ixkcp -Icapi \
	-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
KERNELS_VECTORS ?= testdata/keccak/keccak_p1600_xkcp.jsonl

# Same file selection as the Go build: *_amd64.c on x86-64, else the
# portable kernel with the generic registry.
KERNELS_ARCH := $(shell uname -m)
ifeq ($(KERNELS_ARCH),x86_64)
KERNELS_SRCS := xkcp/KeccakP-1600-portable.c $(wildcard xkcp/*_amd64.c)
else
KERNELS_SRCS := xkcp/KeccakP-1600-portable.c xkcp/registry_other.c
endif
# The C API's kernel chooser tells the test and bench which kernels this CPU runs.
KERNELS_SRCS += capi/keccak_kernel_select.c
KERNELS_DEPS := $(KERNELS_SRCS) $(wildcard xkcp/*.h) capi/keccak.h mk/kernels.mk

.PHONY: test-kernels bench-kernels callgrind-kernels

# What make test's tools/need.sh checks before test-kernels.
NEEDS_test-kernels := cc sanitizers

$(KERNELS_BUILD)/kernels_test: ctest/kernels_test.c $(KERNELS_DEPS)
	@mkdir -p $(@D)
	$(KERNELS_CC) $(KERNELS_CFLAGS) -o $@ ctest/kernels_test.c $(KERNELS_SRCS)

$(KERNELS_BUILD)/kernels_test_san: ctest/kernels_test.c $(KERNELS_DEPS)
	@mkdir -p $(@D)
	$(KERNELS_CC) $(KERNELS_SAN_FLAGS) -o $@ ctest/kernels_test.c $(KERNELS_SRCS)

$(KERNELS_BUILD)/kernels_bench: ctest/kernels_bench.c $(KERNELS_DEPS)
	@mkdir -p $(@D)
	$(KERNELS_CC) $(KERNELS_CFLAGS) -g -o $@ ctest/kernels_bench.c $(KERNELS_SRCS)

test-kernels: $(KERNELS_BUILD)/kernels_test $(KERNELS_BUILD)/kernels_test_san
	$(KERNELS_BUILD)/kernels_test $(KERNELS_VECTORS)
	$(KERNELS_BUILD)/kernels_test_san $(KERNELS_VECTORS)

bench-kernels: $(KERNELS_BUILD)/kernels_bench
	$(KERNELS_BUILD)/kernels_bench

# Instruction counts per call under valgrind's callgrind: each entry point
# runs 0 and KERNELS_CG_CALLS times; the difference of the totals, divided
# by the calls, is the count per call (and per permutation). The list comes
# from under valgrind too: it has no AVX-512 and hides it from CPUID, so the
# avx512 kernel is left out rather than miscounted.
KERNELS_CG_CALLS ?= 20
callgrind-kernels: $(KERNELS_BUILD)/kernels_bench
	@valgrind -q --tool=none $(KERNELS_BUILD)/kernels_bench --list | while read k j perms name; do \
		ir() { valgrind --tool=callgrind --callgrind-out-file=/dev/null \
			$(KERNELS_BUILD)/kernels_bench --run $$k $$j $$1 2>&1 | \
			sed -n 's/.*Collected : *//p'; }; \
		a=$$(ir 0); b=$$(ir $(KERNELS_CG_CALLS)); \
		awk -v a="$$a" -v b="$$b" -v n=$(KERNELS_CG_CALLS) -v p="$$perms" -v w="$$name" \
			'BEGIN { c = (b - a) / n; printf "%-40s %10.0f instr/call %10.0f instr/perm\n", w, c, c / p }'; \
	done

# The portable kernel on 32-bit ARM (Thumb-2) and on a big-endian host
# (s390x), statically linked and run under qemu-user. A target whose cross
# compiler or qemu is missing says so and is skipped; the Debian packages
# are gcc-arm-linux-gnueabihf, gcc-s390x-linux-gnu and qemu-user.
KERNELS_CROSS := arm-linux-gnueabihf:qemu-arm:-mthumb s390x-linux-gnu:qemu-s390x:
.PHONY: test-kernels-cross
test-kernels-cross:
	@mkdir -p $(KERNELS_BUILD)
	@for t in $(KERNELS_CROSS); do \
		cc=$${t%%:*}-gcc; rest=$${t#*:}; qemu=$${rest%%:*}; flags=$${rest#*:}; \
		if ! command -v $$cc >/dev/null || ! command -v $$qemu >/dev/null; then \
			echo "test-kernels-cross: $$cc or $$qemu missing, skipped"; continue; fi; \
		echo "$$cc $$flags -> $$qemu"; \
		$$cc -O2 -std=c11 -Wall -Wextra -static $$flags -Ixkcp -Icapi \
			-o $(KERNELS_BUILD)/kernels_test_$${t%%:*} ctest/kernels_test.c \
			xkcp/KeccakP-1600-portable.c xkcp/registry_other.c \
			capi/keccak_kernel_select.c || exit 1; \
		$$qemu $(KERNELS_BUILD)/kernels_test_$${t%%:*} $(KERNELS_VECTORS) || exit 1; \
	done

.DEFAULT_GOAL := $(KERNELS_SAVED_GOAL)
