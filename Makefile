# keccak: build and test everything. `make test` is what CI runs.
#
# The C and ARM parts live in mk/*.mk fragments (each with its own variable
# prefix); this file ties them together. mk/sources.mk is the one list of
# the C and assembly sources per architecture that the others build from;
# mk/generated.mk holds every committed generated file to its generator.
#
# make test runs on a fresh machine: the Go targets need only Go; each
# other target names the tools it needs (NEEDS_<target>, here and in
# mk/*.mk), and tools/need.sh brings them (the Debian packages when run as
# root with apt-get, staticcheck with go install) or, where it cannot,
# prints "SKIPPED: <target> (<why>; <command that installs it>)" and the
# run goes on; the skipped targets are listed again at the end. Under CI
# (CI set, as .ci/run sets it) a missing tool fails the run instead.

GO ?= go
GOTEST_FLAGS ?= -count=1
# go install puts tools here; find them without the user's PATH knowing.
export PATH := $(shell $(GO) env GOPATH 2>/dev/null)/bin:$(PATH)

include $(wildcard mk/*.mk)

.PHONY: test test-all vet lint go-test go-race go-asan go-goaes go-purego bench bench-go

# Targets that need nothing but Go, then those that need more.
TEST_GO_TARGETS := vet go-purego go-goaes test-sources
TEST_TOOL_TARGETS := $(GEN_TEST_TARGETS) go-test go-race lint go-asan test-kernels test-c $(ARM_TEST_TARGETS)
# Without a C compiler Go turns cgo off: go-test would silently test the
# pure-Go build only, and -race refuses to run.
NEEDS_go-test := cc
NEEDS_go-race := cc
NEEDS_lint := staticcheck
NEEDS_go-asan := asan

SKIPPED_LOG := build/skipped.txt
# Seconds each target of make test took, slowest first at the end: the run
# must stay well inside CI's limit, and this says where the time goes.
TIMES_LOG := build/times.txt

test:
	@mkdir -p build && rm -f $(SKIPPED_LOG) $(TIMES_LOG)
	@$(MAKE) --no-print-directory test-all
	@echo "make test: seconds per target:"; sort -k2 -n -r $(TIMES_LOG) | awk '{printf "  %-22s %5d\n", $$1, $$2}'
	@if [ -s $(SKIPPED_LOG) ]; then \
		echo "make test: passed, but $$(wc -l <$(SKIPPED_LOG)) target(s) did not run:"; \
		cat $(SKIPPED_LOG); \
	else echo "make test: all passed"; fi

test-all: $(addprefix try-,$(TEST_GO_TARGETS) $(TEST_TOOL_TARGETS))

# try-T runs T if tools/need.sh finds (or installs) what NEEDS_T lists;
# need.sh exits 3 after printing the SKIPPED line. It logs T's seconds.
try-%:
	@t0=$$(date +%s); tools/need.sh $* $(NEEDS_$*) && $(MAKE) --no-print-directory $*; \
		st=$$?; [ $$st -eq 3 ] || [ $$st -eq 0 ] || exit $$st; \
		mkdir -p build && echo "$* $$(( $$(date +%s) - t0 ))" >>$(TIMES_LOG)

vet:
	$(GO) vet ./...
	CGO_ENABLED=0 $(GO) vet ./...
	cd bench && $(GO) vet ./...
	@test -z "$$(gofmt -l . | tee /dev/stderr)" || (echo "gofmt needed"; exit 1)

lint:
	staticcheck ./... && (cd bench && staticcheck ./...)

go-test:
	$(GO) test $(GOTEST_FLAGS) ./...
	cd bench && $(GO) test $(GOTEST_FLAGS) ./...

# The race detector instruments Go code only: the assembly backends differ
# from "go" in assembly and in loops that run on one goroutine, and the C
# kernels share all their Go code (the seam takes a kernel index), so the
# tests hold "go" and one C backend here (IMPL_RUN, internal/testkit/implrun).
go-race:
	IMPL_RUN=keccak:go,keccak:c/portable $(GO) test $(GOTEST_FLAGS) -race -short ./...

# AddressSanitizer over the C that Go calls (csrc/bulk.c, internal/aesni/aes_amd64.c,
# the kernels): cgo compiles it with -fsanitize=address under -asan.
# Under ASan the root package alone takes ~240 s on a loaded 2-core
# machine, and the packages share the cores: go test's default 10-minute
# limit is too tight (as for the emulated ARM runs, mk/arm.mk). A -timeout
# in GOTEST_FLAGS comes later on the command line and wins.
GO_ASAN_PKGS ?= . ./internal/bulk ./internal/aesni ./internal/fixedkey ./xof ./idpf
GO_ASAN_TIMEOUT ?= 40m
# ASan sees only C, so the tests hold only the C backends (and AES-NI) to
# their references here (IMPL_RUN, internal/testkit/implrun); go-test runs
# them all.
go-asan:
	IMPL_RUN=keccak:c/,aes:aes-ni $(GO) test -timeout $(GO_ASAN_TIMEOUT) $(GOTEST_FLAGS) -asan -short $(GO_ASAN_PKGS)

# The fixed-key AES on crypto/aes even where AES-NI in C could run
# (-tags keccak_goaes): the packages that use it.
go-goaes:
	$(GO) test $(GOTEST_FLAGS) -tags keccak_goaes ./internal/aesni ./internal/fixedkey ./xof ./idpf ./poplar1

# Without cgo: the whole suite on the default (asm/avx512 or asm/avx2 where
# the CPU has them), then with each other backend this CPU runs forced
# (TestForcedBackend, and every package but the root and internal/engine,
# whose tests run every backend anyway, and keccaksum, whose tests are of
# the command, not the kernel), then pure Go. keccaksum --version names the
# backend in use, so a name this CPU cannot run is seen and said.
PUREGO_FORCED ?= go asm/bmi2 asm/avx2 asm/avx512
PUREGO_FORCED_SKIP := github.com/go-xkcp/keccak github.com/go-xkcp/keccak/internal/engine \
	github.com/go-xkcp/keccak/cmd/keccaksum
PUREGO_BACKEND = CGO_ENABLED=0 $(GO) run ./cmd/keccaksum --version | sed -n 's/^backend: //p'
go-purego:
	CGO_ENABLED=0 $(GO) test $(GOTEST_FLAGS) ./...
	default=$$($(PUREGO_BACKEND)); for k in $(PUREGO_FORCED); do export KECCAK_KERNEL=$$k CGO_ENABLED=0; \
		if [ "$$k" = "$$default" ]; then continue; fi; \
		if [ "$$($(PUREGO_BACKEND))" != "$$k" ]; then echo "go-purego: $$k does not run here: not forced"; continue; fi; \
		$(GO) test $(GOTEST_FLAGS) -run TestForcedBackend ./internal/engine && \
		$(GO) test $(GOTEST_FLAGS) -short $$($(GO) list ./... | \
			grep -v -x -F $(patsubst %,-e %,$(PUREGO_FORCED_SKIP))) || exit 1; \
	done
	$(GO) test $(GOTEST_FLAGS) -tags purego -short ./...

# Benchmarks, side by side with crypto/sha3 in the same run.
bench: bench-go

# Interleaved rounds of ours and the peers, as a Markdown table (bench/run.sh).
bench-go:
	bench/run.sh 6

# make install: keccaksum and its man page, under $(DESTDIR)$(PREFIX)
# (e.g. make install PREFIX=$HOME/.local, or DESTDIR=pkgroot for a
# package). The binary is built straight into place.
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man
INSTALL ?= install

.PHONY: install
install:
	$(INSTALL) -d "$(DESTDIR)$(BINDIR)" "$(DESTDIR)$(MANDIR)/man1"
	$(GO) build -o "$(DESTDIR)$(BINDIR)/keccaksum" ./cmd/keccaksum
	$(INSTALL) -m 644 cmd/keccaksum/keccaksum.1 "$(DESTDIR)$(MANDIR)/man1/keccaksum.1"
