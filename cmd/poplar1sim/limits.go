package main

import "fmt"

// Bounds on the run's size. Every client's report is held for the whole
// walk, so memory grows with -clients times -bits, and -support random
// strings of -bits bits are made up front: a huge value ran the process
// out of memory (a runtime crash) instead of being refused.
const (
	maxClients = 1 << 30
	maxSupport = 1 << 30
	maxBits    = 1 << 16 // Poplar1's own limit: levels are 16-bit

	// Measured per report, both aggregators' shares and state, rounded
	// up: about 19 KB at 64 bits, 86 KB at 512.
	reportFixed  = 4 << 10
	reportPerBit = 256
)

// machineMemory is the physical memory, in bytes (a variable for tests).
var machineMemory = physicalMemory()

// estimate is what the run holds before the walk starts, in bytes: the
// reports, the -support strings and the clients' slices. The walk adds
// about 1 KiB per report per candidate prefix (two per heavy hitter of
// the level before).
func (c *config) estimate() float64 {
	reports := float64(c.clients) * (reportFixed + reportPerBit*float64(c.bits))
	strings := float64(c.support) * (float64(c.bits) + 24)
	return reports + strings + 24*float64(c.clients)
}

// checkSize refuses flags whose run could not fit in half the machine's
// memory, each with its own bound first.
func (c *config) checkSize() error {
	switch {
	case c.clients > maxClients:
		return fmt.Errorf("-clients is at most %d", maxClients)
	case c.support > maxSupport:
		return fmt.Errorf("-support is at most %d", maxSupport)
	case c.bits > maxBits:
		return fmt.Errorf("-bits is at most %d", maxBits)
	}
	if c.input != "" {
		return nil // the clients are the lines read, not known yet
	}
	if need, have := c.estimate(), float64(machineMemory)/2; need > have {
		return fmt.Errorf("-clients %d, -bits %d and -support %d need about %s, more than half this machine's %s of memory",
			c.clients, c.bits, c.support, gib(need), gib(float64(machineMemory)))
	}
	return nil
}

func gib(b float64) string { return fmt.Sprintf("%.1f GiB", b/(1<<30)) }
