module github.com/go-xkcp/keccak/bench

go 1.26.0

require (
	github.com/cloudflare/circl v1.6.5
	github.com/go-xkcp/keccak v0.0.0
	github.com/stretchr/testify v1.12.1
	golang.org/x/crypto v0.59.0
)

require (
	filippo.io/edwards25519 v1.2.0 // indirect
	github.com/klauspost/cpuid/v2 v2.4.2 // indirect
	go.yaml.in/yaml/v3 v3.0.5 // indirect
	golang.org/x/sys v0.50.0 // indirect
)

replace github.com/go-xkcp/keccak => ../
