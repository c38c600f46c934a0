#!/bin/sh
# Go tools make test uses, into $(go env GOPATH)/bin (no root needed):
# staticcheck, pinned to the version the code is checked with.
set -e
go install honnef.co/go/tools/cmd/staticcheck@v0.8.2
echo "install-go-tools: staticcheck in $(go env GOPATH)/bin (put it on PATH)"
