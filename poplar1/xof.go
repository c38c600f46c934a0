package poplar1

import "github.com/go-xkcp/keccak"

// xof is the VDAF's XOF, XofTurboShake128, which Poplar1 uses with 32-byte
// seeds outside the IDPF. It is the only place this package names it.
type xof = keccak.XofTurboShake128

// newXof starts the XOF for (seed, dst, binder); dst and seed lengths are
// checked by the callers (ctx length, fixed seed sizes).
func newXof(seed, dst, binder []byte) *xof {
	x, err := keccak.NewXofTurboShake128(seed, dst, binder)
	if err != nil {
		panic("poplar1: " + err.Error()) // unreachable: lengths are checked
	}
	return x
}
