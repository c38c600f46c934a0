package fixedkey

import "github.com/go-xkcp/keccak/internal/impl"

// The two AES paths register as package "aes" of the implementation
// registry: "crypto-aes", then "aes-ni" where the build and the CPU have
// it. Selecting one sets Native, which decides how new keys are made.
func init() {
	available := Native
	impl.Register("aes", func() []string {
		if available {
			return []string{"crypto-aes", "aes-ni"}
		}
		return []string{"crypto-aes"}
	}, func(name string) (restore func()) {
		if name != "crypto-aes" && (name != "aes-ni" || !available) {
			panic("fixedkey: no AES implementation " + name + " here")
		}
		saved := Native
		Native = name == "aes-ni"
		return func() { Native = saved }
	})
}
