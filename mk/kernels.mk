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

include mk/sources.mk
include mk/insncount.mk

# The kernels the Go build compiles for the architecture KERNELS_CC builds
# for (mk/sources.mk), and the C API's kernel chooser, which tells the test
# and bench which of them this CPU runs.
ifeq ($(origin KERNELS_ARCH),undefined)
KERNELS_ARCH := $(call SRC_CC_ARCH,$(KERNELS_CC))
endif
KERNELS_SRCS := $(SRC_XKCP_$(KERNELS_ARCH)) capi/keccak_kernel_select.c
ifneq ($(SRC_CFLAGS_$(KERNELS_ARCH)),)
KERNELS_CFLAGS += $(SRC_CFLAGS_$(KERNELS_ARCH))
KERNELS_SAN_FLAGS += $(SRC_CFLAGS_$(KERNELS_ARCH))
endif
KERNELS_DEPS := $(KERNELS_SRCS) $(wildcard xkcp/*.h) capi/keccak.h mk/kernels.mk mk/sources.mk

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

# Instruction counts per call under valgrind's callgrind (mk/insncount.mk),
# over KERNELS_CG_CALLS calls. The list comes from under valgrind too: it
# has no AVX-512 and hides it from CPUID, so the avx512 kernel is left out
# rather than miscounted.
KERNELS_CG_CALLS ?= 20
KERNELS_CG_LIST := valgrind -q --tool=none
KERNELS_CG_RUN := valgrind --tool=callgrind --callgrind-out-file=/dev/null
callgrind-kernels: $(KERNELS_BUILD)/kernels_bench
	@$(call INSNCOUNT_PER_CALL,$(KERNELS_BUILD)/kernels_bench,$(KERNELS_CG_CALLS),$(KERNELS_CG_LIST),$(KERNELS_CG_RUN),s/.*Collected : *//p)

# The portable kernel on 32-bit ARM (Thumb-2) and on a big-endian host
# (s390x), statically linked and run under qemu-user. A target whose cross
# compiler or qemu is missing says so and is skipped; the Debian packages
# are gcc-arm-linux-gnueabihf, gcc-s390x-linux-gnu and qemu-user.
# TRIPLE:QEMU:ARCH, ARCH's sources as in mk/sources.mk. 32-bit ARM builds
# "other" (the portable kernel alone), not the Go build's "arm" selection:
# with it the armv7m kernel fails this test's out-of-contract checks
# (add/extract past the state are not refused, and offset 8 length
# 0xFFFFFFF8 crashes).
KERNELS_CROSS := arm-linux-gnueabihf:qemu-arm:other s390x-linux-gnu:qemu-s390x:other
KERNELS_CROSS_FLAGS_arm-linux-gnueabihf := -mthumb
# $(call KERNELS_CROSS_RUN,TRIPLE,QEMU,ARCH): build and run, or say why not.
define KERNELS_CROSS_RUN
if ! command -v $(1)-gcc >/dev/null || ! command -v $(2) >/dev/null; then \
	echo "test-kernels-cross: $(1)-gcc or $(2) missing, skipped"; \
else \
	echo "$(1)-gcc $(KERNELS_CROSS_FLAGS_$(1)) -> $(2)"; \
	$(1)-gcc -O2 -std=c11 -Wall -Wextra -static $(KERNELS_CROSS_FLAGS_$(1)) -Ixkcp -Icapi \
		-o $(KERNELS_BUILD)/kernels_test_$(1) ctest/kernels_test.c \
		$(SRC_XKCP_$(3)) capi/keccak_kernel_select.c && \
	$(2) $(KERNELS_BUILD)/kernels_test_$(1) $(KERNELS_VECTORS); \
fi
endef
.PHONY: test-kernels-cross
test-kernels-cross:
	@mkdir -p $(KERNELS_BUILD)
	@$(foreach t,$(KERNELS_CROSS),$(call KERNELS_CROSS_RUN,$(word 1,$(subst :, ,$(t))),$(word 2,$(subst :, ,$(t))),$(word 3,$(subst :, ,$(t)))) &&) true

.DEFAULT_GOAL := $(KERNELS_SAVED_GOAL)
