# The C API (capi/keccak.h) on the host: its test program and a static
# library. Included by the top-level Makefile; on its own:
#   make -f mk/c.mk test-c       build, run, then rebuild and run under ASan/UBSan
#   make -f mk/c.mk libkeccak    build/libkeccak.a (kernels + keccak.h API)
#   make -f mk/c.mk c-vectors    build/c/gen/api_vectors_data.h, the vectors as a
#                                C header for builds without a filesystem (firmware)
# Variables are prefixed C_ so that other mk/*.mk fragments can coexist.

# Do not let this fragment's first rule become the including Makefile's
# default goal (restored at the end).
C_SAVED_DEFAULT_GOAL := $(.DEFAULT_GOAL)

C_CC ?= cc
C_AR ?= ar
C_PYTHON ?= python3
C_BUILD ?= build/c
C_LIB ?= build/libkeccak.a
C_VECTOR_DIR ?= testdata/keccak
C_VECTOR_FILES := $(addprefix $(C_VECTOR_DIR)/,sha3_shortmsgkat_xkcp.jsonl \
	shake_shortmsgkat_xkcp.jsonl turboshake_rfc9861.jsonl)
C_VECTORS_HEADER := $(C_BUILD)/gen/api_vectors_data.h

include mk/sources.mk

# The kernels the Go build compiles for the architecture C_CC builds for
# (mk/sources.mk).
ifeq ($(origin C_ARCH),undefined)
C_ARCH := $(call SRC_CC_ARCH,$(C_CC))
endif
C_XKCP_SRCS := $(SRC_XKCP_$(C_ARCH))
C_API_SRCS := $(wildcard capi/keccak*.c)
C_CHECK_SRCS := ctest/api_checks.c ctest/api_errors.c

C_STD := -std=c11
C_OPT_host := -O2
C_OPT_san := -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all
C_LDFLAGS_san := -fsanitize=address,undefined
# Kernels get the flags of their own package (xkcp/xkcp.go); the API and its
# tests are held to stricter warnings.
C_KERNEL_CFLAGS := $(strip $(C_STD) -Wall -Ixkcp $(SRC_CFLAGS_$(C_ARCH)))
C_API_CFLAGS := $(C_STD) -Wall -Wextra -Wpedantic -Werror -Wshadow -Wstrict-prototypes

C_VARIANTS := host san

# $(1) = variant. Objects go to $(C_BUILD)/$(1)/<source path>.o, from
# assembly to <source path>.S.o (an arm64 kernel has a .c and a .S of one
# name); -MMD dependency files track header edits.
C_OBJS = $(patsubst %.S,$(C_BUILD)/$(1)/%.S.o,$(patsubst %.c,$(C_BUILD)/$(1)/%.o,$(2)))
define C_VARIANT_RULES
$(C_BUILD)/$(1)/xkcp/%.o: xkcp/%.c mk/c.mk mk/sources.mk
	@mkdir -p $$(@D)
	$$(C_CC) $$(C_KERNEL_CFLAGS) $$(C_OPT_$(1)) -MMD -MP -c $$< -o $$@

$(C_BUILD)/$(1)/xkcp/%.S.o: xkcp/%.S mk/c.mk mk/sources.mk
	@mkdir -p $$(@D)
	$$(C_CC) $$(C_KERNEL_CFLAGS) $$(C_OPT_$(1)) -MMD -MP -c $$< -o $$@

$(C_BUILD)/$(1)/capi/%.o: capi/%.c mk/c.mk
	@mkdir -p $$(@D)
	$$(C_CC) $$(C_API_CFLAGS) $$(C_OPT_$(1)) -MMD -MP -c $$< -o $$@

$(C_BUILD)/$(1)/ctest/api_test_embedded.o: ctest/api_test.c $(C_VECTORS_HEADER) mk/c.mk
	@mkdir -p $$(@D)
	$$(C_CC) $$(C_API_CFLAGS) $$(C_OPT_$(1)) -DAPI_EMBEDDED_VECTORS -Ictest \
		-I$(C_BUILD)/gen -MMD -MP -c $$< -o $$@

$(C_BUILD)/$(1)/ctest/%.o: ctest/%.c mk/c.mk
	@mkdir -p $$(@D)
	$$(C_CC) $$(C_API_CFLAGS) $$(C_OPT_$(1)) -MMD -MP -c $$< -o $$@

C_LIB_OBJS_$(1) := $$(call C_OBJS,$(1),$(C_XKCP_SRCS) $(C_API_SRCS))

$(C_BUILD)/$(1)/api_test: $$(C_LIB_OBJS_$(1)) \
		$$(patsubst %.c,$(C_BUILD)/$(1)/%.o,ctest/api_test.c ctest/api_jsonl.c $(C_CHECK_SRCS))
	$$(C_CC) $$(C_LDFLAGS_$(1)) -o $$@ $$^

$(C_BUILD)/$(1)/api_test_embedded: $$(C_LIB_OBJS_$(1)) \
		$(C_BUILD)/$(1)/ctest/api_test_embedded.o \
		$$(patsubst %.c,$(C_BUILD)/$(1)/%.o,$(C_CHECK_SRCS))
	$$(C_CC) $$(C_LDFLAGS_$(1)) -o $$@ $$^

-include $$(wildcard $(C_BUILD)/$(1)/*/*.d)
endef
$(foreach v,$(C_VARIANTS),$(eval $(call C_VARIANT_RULES,$(v))))

$(C_VECTORS_HEADER): ctest/gen_api_vectors.py $(C_VECTOR_FILES)
	@mkdir -p $(@D)
	$(C_PYTHON) ctest/gen_api_vectors.py $@ $(C_VECTOR_FILES)

$(C_LIB): $(C_LIB_OBJS_host)
	@mkdir -p $(@D)
	rm -f $@
	$(C_AR) rcs $@ $^

.PHONY: test-c test-c-host test-c-san libkeccak c-vectors clean-c

# What make test's tools/need.sh checks before test-c.
NEEDS_test-c := cc python3 sanitizers

# The jsonl reader and the generated header are two routes to the same
# vectors; both run, so the firmware's route is tested on the host too, with
# a firmware-sized message buffer (long pattern messages fed in pieces).
C_FIRMWARE_MSG_CAP ?= 65536
test-c-host: $(C_BUILD)/host/api_test $(C_BUILD)/host/api_test_embedded
	$(C_BUILD)/host/api_test $(C_VECTOR_DIR)
	$(C_BUILD)/host/api_test_embedded --msg-cap $(C_FIRMWARE_MSG_CAP)

test-c-san: $(C_BUILD)/san/api_test
	$(C_BUILD)/san/api_test $(C_VECTOR_DIR)

# Runs in order: plain build (both vector routes), then the sanitizer build.
test-c: $(C_BUILD)/host/api_test $(C_BUILD)/host/api_test_embedded $(C_BUILD)/san/api_test
	$(C_BUILD)/host/api_test $(C_VECTOR_DIR)
	$(C_BUILD)/host/api_test_embedded --msg-cap $(C_FIRMWARE_MSG_CAP)
	$(C_BUILD)/san/api_test $(C_VECTOR_DIR)

libkeccak: $(C_LIB)

c-vectors: $(C_VECTORS_HEADER)

clean-c:
	rm -rf $(C_BUILD) $(C_LIB)

# Standalone (make -f mk/c.mk) the default is test-c.
ifeq ($(firstword $(MAKEFILE_LIST)),mk/c.mk)
.DEFAULT_GOAL := test-c
else
.DEFAULT_GOAL := $(C_SAVED_DEFAULT_GOAL)
endif
