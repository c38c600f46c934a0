package main

import "fmt"

// benchUsageText is keccaksum bench -h: bench's own options only.
func benchUsageText() string {
	return fmt.Sprintf(`Usage: keccaksum bench [-a ALG] [-j N] [--time DURATION]
Measure each algorithm's throughput on this machine: repeated whole hashes
of 1 KiB, 64 KiB and 16 MiB inputs, one input at a time, in MB/s (10^6
bytes per second).

  -a, --algorithm ALG      only this algorithm (default: all %d)
  -j, --jobs N             threads a tree hash may use, 1 to %d (default, or
                           0: all CPUs); --num-threads N is the same
      --time DURATION      time per cell, e.g. 500ms or 2s (default %v)
  -h, --help               display this help and exit

The algorithm options of keccaksum (--customization, --domain,
--key-file, --block-size, ...) apply as when hashing; each algorithm
gives its default output length. A KMAC without --key-file gets a zero key.
`, len(algorithms), maxJobs, defaultBenchTime)
}
