//go:build keccak_goaes

package fixedkey

// goAES: built with -tags keccak_goaes, the fixed-key XOF uses crypto/aes
// only, even where AES-NI could run.
const goAES = true
