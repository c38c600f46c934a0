module github.com/go-xkcp/keccak/bench

go 1.26

require (
	github.com/cloudflare/circl v1.6.5
	github.com/go-xkcp/keccak v0.0.0
)

require (
	github.com/klauspost/cpuid/v2 v2.4.2 // indirect
	golang.org/x/sys v0.47.0 // indirect
)

replace github.com/go-xkcp/keccak => ../
