# keccak: build and test everything. `make test` is what CI runs.
#
# The C and ARM parts live in mk/*.mk fragments (each with its own variable
# prefix); this file ties them together.

GO ?= go
GOTEST_FLAGS ?= -count=1

include $(wildcard mk/*.mk)

.PHONY: test vet lint go-test go-race go-asan go-purego bench bench-go

test: vet lint go-test go-race go-asan go-purego test-kernels test-c $(ARM_TEST_TARGETS)
	@echo "make test: all passed"

vet:
	$(GO) vet ./...
	CGO_ENABLED=0 $(GO) vet ./...
	cd bench && $(GO) vet ./...
	@test -z "$$(gofmt -l . | tee /dev/stderr)" || (echo "gofmt needed"; exit 1)

# staticcheck when installed (.ci/run installs it).
lint:
	@if command -v staticcheck >/dev/null; then staticcheck ./... && (cd bench && staticcheck ./...); \
	else echo "staticcheck not installed: skipped (go install honnef.co/go/tools/cmd/staticcheck@latest)"; fi

go-test:
	$(GO) test $(GOTEST_FLAGS) ./...
	cd bench && $(GO) test $(GOTEST_FLAGS) ./...

go-race:
	$(GO) test $(GOTEST_FLAGS) -race -short ./...

# AddressSanitizer over the C that Go calls (csrc/bulk.c, csrc/aes_amd64.c,
# the kernels): cgo compiles it with -fsanitize=address under -asan.
GO_ASAN_PKGS ?= . ./csrc ./internal/fixedkey ./xof ./idpf
go-asan:
	$(GO) test $(GOTEST_FLAGS) -asan -short $(GO_ASAN_PKGS)

go-purego:
	CGO_ENABLED=0 $(GO) test $(GOTEST_FLAGS) ./...
	$(GO) test $(GOTEST_FLAGS) -tags purego -short ./...

# Benchmarks, side by side with crypto/sha3 in the same run.
bench: bench-go

# Interleaved rounds of ours and the peers, as a Markdown table (bench/run.sh).
bench-go:
	bench/run.sh 6
