package keccak

import (
	"crypto/sha3"
	"fmt"
	"strings"
	"testing"
)

// Per backend: Sum256Batch of n messages of size bytes against a loop of
// our Sum256 and of crypto/sha3.Sum256 in the same run, ns per message.
// The grid is where the README's "when a batch pays" comes from.
func BenchmarkBatch(b *testing.B) {
	for _, be := range backends() {
		for _, size := range []int{32, 64, 135, 200, 532, 1000, 2000} {
			for _, n := range []int{1, 2, 4, 8, 16, 64, 1024} {
				msgs := make([][]byte, n)
				for i := range msgs {
					msgs[i] = make([]byte, size)
					msgs[i][0] = byte(i)
				}
				dst := make([][32]byte, n)
				name := fmt.Sprintf("%s/%dB_x%d", strings.ReplaceAll(be.name(), "/", "-"), size, n)
				b.Run(name+"/batch", func(b *testing.B) {
					defer func(saved backend) { impl = saved }(impl)
					impl = be
					for b.Loop() {
						Sum256Batch(dst, msgs)
					}
					b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/msg")
				})
				b.Run(name+"/loop", func(b *testing.B) {
					defer func(saved backend) { impl = saved }(impl)
					impl = be
					for b.Loop() {
						for i, m := range msgs {
							dst[i] = Sum256(m)
						}
					}
					b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/msg")
				})
				if be == genericBackend {
					b.Run(name+"/stdlib", func(b *testing.B) {
						for b.Loop() {
							for i, m := range msgs {
								dst[i] = sha3.Sum256(m)
							}
						}
						b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/msg")
					})
				}
			}
		}
	}
}
