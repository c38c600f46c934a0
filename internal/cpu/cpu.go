// Package cpu is the one place where the library asks the CPU what it can
// do: features are detected once, at start-up, with
// github.com/klauspost/cpuid/v2 (which also checks that the OS saves the
// wider registers), and the result is handed down to C as a kernel index
// or as a choice made in Go. C never detects features for the Go library;
// the C API (capi/) keeps its own detection for C-only programs.
//
// To support a new kernel feature bit, add one line to featureIDs.
package cpu

import "github.com/klauspost/cpuid/v2"

// AESNI reports whether the fixed-key AES code in C (internal/aesni,
// AES-NI and SSE2) can run.
var AESNI = cpuid.CPU.Supports(cpuid.AESNI, cpuid.SSE2)

// BMI2 reports whether the Go-assembly BMI2 kernel (internal/engine, amd64)
// can run: ANDN is BMI1, RORX BMI2.
var BMI2 = cpuid.CPU.Supports(cpuid.BMI1, cpuid.BMI2)

// AVX2 reports whether the Go-assembly AVX2 times-4 kernel (internal/engine,
// amd64) can run.
var AVX2 = cpuid.CPU.Supports(cpuid.AVX2)

// AVX512VL reports whether the Go-assembly AVX-512 kernels (internal/engine,
// amd64: times-1 on XMM, times-4 on YMM registers, which also uses AVX2
// instructions, and the 8-way on ZMM registers) can run. cpuid reports AVX-512 only where the OS saves its
// registers.
var AVX512VL = cpuid.CPU.Supports(cpuid.AVX2, cpuid.AVX512F, cpuid.AVX512VL)

// SHA3 reports whether the Go-assembly SHA3-instruction kernels
// (internal/engine, arm64) can run: EOR3, RAX1, XAR, BCAX (FEAT_SHA3), the
// feature the C kernels' bulk.FeatureARM64SHA3 maps to (kernels.go).
var SHA3 = cpuid.CPU.Supports(cpuid.SHA3)

// Intel reports an Intel CPU: where a crossover measured on one vendor's
// CPUs does not carry over to the other's (internal/engine's routes).
var Intel = cpuid.CPU.VendorID == cpuid.Intel
