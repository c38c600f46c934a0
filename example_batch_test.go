package keccak_test

import (
	"fmt"

	"github.com/go-xkcp/keccak"
)

func ExampleSum256Batch() {
	// Many short messages (e.g. ML-KEM's H over public keys, Merkle leaves)
	// in one call; dst[i] is Sum256(msgs[i]).
	msgs := [][]byte{[]byte("abc"), []byte("abd"), []byte("abe")}
	dst := make([][32]byte, len(msgs))
	keccak.Sum256Batch(dst, msgs)
	fmt.Printf("%x\n", dst[0])
	fmt.Println(dst[2] == keccak.Sum256([]byte("abe")))
	// Output:
	// 3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532
	// true
}
