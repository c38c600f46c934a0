//go:build !keccak_goaes

package fixedkey

// goAES: without -tags keccak_goaes, AES-NI runs where it can.
const goAES = false
