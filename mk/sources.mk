# The C and assembly sources the Go build compiles, per target architecture:
# the one list every other fragment (kernels.mk, c.mk, arm.mk) builds from.
# Included by them and by the top-level Makefile; on its own:
#   make -f mk/sources.mk test-sources   the lists below equal what `go list`
#                                        selects for GOARCH=amd64, arm64, arm
#                                        and riscv64 (standing for "other")
# Variables are prefixed SRC_ so that other mk/*.mk fragments can coexist.
#
# The Go build chooses files by name suffix (_amd64, _arm64, _arm) and build
# constraints (xkcp/registry_other.c: !amd64 && !arm && !arm64). Per
# architecture A (amd64, arm64, arm, other):
#   SRC_KERNELS_A   xkcp/ kernels: the portable one first, then A's own
#   SRC_REGISTRY_A  the xkcp/ file that defines kp1600_kernels for A
#   SRC_XKCP_A      both: what package xkcp compiles
#   SRC_CSRC_A      the C of package csrc (the bulk modes; internal/bulk is their Go seam)
#   SRC_AESNI_A     the C of package internal/aesni (the AES-NI PRG, IDPF walk)
#   SRC_CFLAGS_A    flags xkcp/xkcp.go and csrc/csrc.go add for A
# "arm" is 32-bit ARM: GOARCH=arm (ARMv7-A Linux, Thumb-2) and the bare-metal
# Cortex-M4 (ARMv7-M), one kernel for both.

ifndef SRC_INCLUDED
SRC_INCLUDED := 1

SRC_SAVED_DEFAULT_GOAL := $(.DEFAULT_GOAL)

SRC_ARCHES := amd64 arm64 arm other

SRC_KERNELS_amd64 := xkcp/KeccakP-1600-portable.c xkcp/KeccakP-1600-avx2_amd64.c \
	xkcp/KeccakP-1600-times4-avx2_amd64.c xkcp/KeccakP-1600-times8-avx512_amd64.c
SRC_KERNELS_arm64 := xkcp/KeccakP-1600-portable.c xkcp/KeccakP-1600-sha3_arm64.S \
	xkcp/KeccakP-1600-sha3_arm64.c xkcp/KeccakP-1600-times2-sha3_arm64.c
SRC_KERNELS_arm := xkcp/KeccakP-1600-portable.c xkcp/KeccakP-1600-armv7m_arm.S \
	xkcp/KeccakP-1600-armv7m_arm.c
SRC_KERNELS_other := xkcp/KeccakP-1600-portable.c

SRC_REGISTRY_amd64 := xkcp/registry_amd64.c
SRC_REGISTRY_arm64 := xkcp/registry_arm64.c
SRC_REGISTRY_arm := xkcp/registry_arm.c
SRC_REGISTRY_other := xkcp/registry_other.c

SRC_CSRC_COMMON := csrc/batch.c csrc/bulk.c csrc/wide.c
SRC_CSRC_amd64 := $(SRC_CSRC_COMMON)
SRC_CSRC_arm64 := $(SRC_CSRC_COMMON)
SRC_CSRC_arm := $(SRC_CSRC_COMMON)
SRC_CSRC_other := $(SRC_CSRC_COMMON)
SRC_AESNI_amd64 := internal/aesni/aes_amd64.c
SRC_AESNI_arm64 :=
SRC_AESNI_arm :=
SRC_AESNI_other :=

SRC_CFLAGS_arm := -mthumb

$(foreach a,$(SRC_ARCHES),$(eval SRC_XKCP_$(a) := $(SRC_KERNELS_$(a)) $(SRC_REGISTRY_$(a))))

# $(call SRC_ARCH_OF,MACHINE): the architecture of a machine name, as
# `uname -m` or `$(CC) -dumpmachine` print it (x86_64, aarch64-linux-gnu,
# arm64-apple-darwin23, armv7l, arm-none-eabi, ...).
SRC_ARCH_OF = $(strip \
	$(if $(filter x86_64% amd64%,$(1)),amd64, \
	$(if $(filter aarch64% arm64%,$(1)),arm64, \
	$(if $(filter arm%,$(1)),arm,other))))

# $(call SRC_CC_ARCH,CC): the architecture CC compiles for (uname -m when
# CC cannot say).
SRC_CC_ARCH = $(call SRC_ARCH_OF,$(or $(shell $(1) -dumpmachine 2>/dev/null),$(shell uname -m)))

# ---- the lists against the Go build ----

SRC_GO ?= go
# GOARCH standing for each architecture here.
SRC_GOARCH_amd64 := amd64
SRC_GOARCH_arm64 := arm64
SRC_GOARCH_arm := arm
SRC_GOARCH_other := riscv64

.PHONY: test-sources
NEEDS_test-sources :=

# $(call SRC_CHECK,ARCH,PACKAGE,LIST): one shell command that sets st=1 and
# says so when PACKAGE's C and assembly files for ARCH are not LIST. go list
# needs no C compiler for this; CGO_ENABLED=1 so that the cgo files count.
define SRC_CHECK
got=$$(CGO_ENABLED=1 GOARCH=$(SRC_GOARCH_$(1)) $(SRC_GO) list -f '{{join .CFiles " "}} {{join .SFiles " "}}' ./$(2) | \
	tr ' ' '\n' | grep . | sed 's|^|$(2)/|' | sort | tr '\n' ' '); \
want=$$(echo $(3) | tr ' ' '\n' | grep . | sort | tr '\n' ' '); \
if [ "$$got" != "$$want" ]; then st=1; \
	echo "mk/sources.mk: for $(1) (GOARCH=$(SRC_GOARCH_$(1))) the Go build compiles"; \
	echo "    $$got"; echo "  where the list has"; echo "    $$want"; fi;
endef

test-sources:
	@st=0; $(foreach a,$(SRC_ARCHES),$(call SRC_CHECK,$(a),xkcp,$(SRC_XKCP_$(a))) \
		$(call SRC_CHECK,$(a),csrc,$(SRC_CSRC_$(a))) \
		$(call SRC_CHECK,$(a),internal/aesni,$(SRC_AESNI_$(a)))) exit $$st

ifeq ($(firstword $(MAKEFILE_LIST)),mk/sources.mk)
.DEFAULT_GOAL := test-sources
else
.DEFAULT_GOAL := $(SRC_SAVED_DEFAULT_GOAL)
endif

endif # SRC_INCLUDED
