# The committed generated files, each held to its generator. Included by the
# top-level Makefile; on its own:  make -f mk/generated.mk test-gen
#
# A generator is tools/NAME/gen.py (keccak-arm64-go: tools/keccak-arm64's,
# with --go); for each:
#   test-gen-NAME   its output equals the committed file (make test runs it)
#   regen-NAME      rewrite the committed file from it
#   test-gen        all the test-gen-NAME
# Variables are prefixed GEN_ so that other mk/*.mk fragments can coexist.

GEN_SAVED_DEFAULT_GOAL := $(.DEFAULT_GOAL)

GEN_PYTHON ?= python3
GEN_GOFMT ?= gofmt

# NAME, what writes the file on stdout, the file.
GEN_NAMES := keccakf-go keccak-arm64 keccak-arm64-go keccak-armv7m
GEN_CMD_keccakf-go := $(GEN_PYTHON) tools/keccakf-go/gen.py | $(GEN_GOFMT)
GEN_OUT_keccakf-go := internal/engine/keccakf_generic.go
GEN_CMD_keccak-arm64 := $(GEN_PYTHON) tools/keccak-arm64/gen.py
GEN_OUT_keccak-arm64 := xkcp/KeccakP-1600-sha3_arm64.S
# The same generator's rounds in Go's assembler syntax, for the Go block
# loops (asm/arm64sha3; the Go declarations are hand-written beside it).
GEN_CMD_keccak-arm64-go := $(GEN_PYTHON) tools/keccak-arm64/gen.py --go
GEN_OUT_keccak-arm64-go := internal/engine/keccakp_arm64.s
# --check: the generator first runs its round code in its own simulator
# against a reference Keccak-p (stderr says "check ok").
GEN_CMD_keccak-armv7m := $(GEN_PYTHON) tools/keccak-armv7m/gen.py --check
GEN_OUT_keccak-armv7m := xkcp/KeccakP-1600-armv7m_arm.S

NEEDS_test-gen-keccakf-go := python3
NEEDS_test-gen-keccak-arm64 := python3
NEEDS_test-gen-keccak-arm64-go := python3
NEEDS_test-gen-keccak-armv7m := python3

# The amd64 Go assembly (internal/engine/keccakp_amd64.s and its Go
# declarations) is written by a Go program in a module of its own
# (tools/asm-amd64, with avo, so users never fetch avo); go run fetches
# avo the first time. It writes two files, so it has rules of its own
# below, under the same names. The check's output goes under a folder
# "_" hides from ./... patterns.
GEN_GO ?= go
GEN_ASM_DIR := build/_asm-gen
GEN_ASM_FILES := keccakp_amd64.s keccakp_amd64.go

# What `make test` runs.
GEN_TEST_TARGETS := $(addprefix test-gen-,$(GEN_NAMES)) test-gen-asm-amd64

.PHONY: test-gen $(GEN_TEST_TARGETS) $(addprefix regen-,$(GEN_NAMES)) regen-asm-amd64

test-gen: $(GEN_TEST_TARGETS)

# $(1) = NAME. sh has no pipefail: a generator that failed after writing
# the whole file would pass cmp, so a failure (of the command's last stage)
# adds a line that makes cmp differ.
define GEN_RULES
test-gen-$(1):
	{ $$(GEN_CMD_$(1)) || echo "generator failed"; } | cmp - $$(GEN_OUT_$(1)) || \
		{ echo "$$(GEN_OUT_$(1)) differs from its generator's output (make regen-$(1))"; exit 1; }

regen-$(1):
	$$(GEN_CMD_$(1)) >$$(GEN_OUT_$(1)).tmp && mv $$(GEN_OUT_$(1)).tmp $$(GEN_OUT_$(1))
endef
$(foreach n,$(GEN_NAMES),$(eval $(call GEN_RULES,$(n))))

test-gen-asm-amd64:
	@rm -rf $(GEN_ASM_DIR) && mkdir -p $(GEN_ASM_DIR)
	cd tools/asm-amd64 && $(GEN_GO) vet . && $(GEN_GO) run . -dir ../../$(GEN_ASM_DIR)
	@for f in $(GEN_ASM_FILES); do \
		cmp $(GEN_ASM_DIR)/$$f internal/engine/$$f || \
		{ echo "internal/engine/$$f differs from its generator's output (make regen-asm-amd64)"; exit 1; }; \
	done

regen-asm-amd64:
	cd tools/asm-amd64 && $(GEN_GO) run .

ifeq ($(firstword $(MAKEFILE_LIST)),mk/generated.mk)
.DEFAULT_GOAL := test-gen
else
.DEFAULT_GOAL := $(GEN_SAVED_DEFAULT_GOAL)
endif
