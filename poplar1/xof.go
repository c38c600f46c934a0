package poplar1

import vdafxof "github.com/go-xkcp/keccak/xof"

// xof is the VDAF's XOF, XofTurboShake128 (xof.XOFTurboSHAKE128), which
// Poplar1 uses with 32-byte seeds outside the IDPF. It is the only place
// this package names it.
type xof = vdafxof.XOFTurboSHAKE128

// newXof starts the XOF for (seed, dst, binder). Seeds here have fixed
// sizes and dst lengths are checked by the callers (ctx), so it cannot
// fail.
func newXof(seed, dst, binder []byte) *xof {
	var x *xof
	return restartXof(&x, seed, dst, binder)
}

// restartXof points *x at (seed, dst, binder), reusing its memory, or
// makes it if *x is nil.
func restartXof(x **xof, seed, dst, binder []byte) *xof {
	var err error
	if *x == nil {
		*x, err = vdafxof.NewXOFTurboSHAKE128(seed, dst, binder)
	} else {
		err = (*x).Reset(seed, dst, binder)
	}
	if err != nil {
		panic("poplar1: " + err.Error()) // unreachable: lengths are checked
	}
	return *x
}
