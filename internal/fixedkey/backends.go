package fixedkey

// ForEachBackend runs f as a subtest of t once per AES backend, with new
// keys made on that backend: "crypto-aes", then "aes-ni" where the build
// and the CPU have it. It is for tests (T is *testing.T), here and in xof.
func ForEachBackend[T interface{ Run(string, func(T)) bool }](t T, f func(T)) {
	saved := Native
	defer func() { Native = saved }()
	backends := []bool{false}
	if saved {
		backends = append(backends, true)
	}
	for _, native := range backends {
		Native = native
		name := "crypto-aes"
		if native {
			name = "aes-ni"
		}
		t.Run(name, f)
	}
}
