package fixedkey

import "github.com/go-xkcp/keccak/internal/aesni"

// Native selects AES-NI in C (internal/aesni) for new fixed keys where
// the build and the CPU have it, unless built with -tags keccak_goaes (to
// compare the two; goaes_on.go): measured faster than crypto/aes here
// (idpf/README.md), mostly because it runs 2-8 independent blocks side by
// side and expands a key without allocating. Tests flip it (through the
// implementation registry, backends.go) to check the Go path too.
var Native = aesni.Available && !goAES
