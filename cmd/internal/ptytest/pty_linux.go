package ptytest

import (
	"fmt"
	"os"
	"syscall"
	"unsafe"
)

// Open opens a pseudo-terminal pair with the Linux ioctls (no cgo, no
// dependency): the program under test writes to the terminal side, the
// test reads what it drew from the controller side.
func Open() (controller, terminal *os.File, err error) {
	c, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		return nil, nil, err
	}
	var unlock int32
	if err := ioctl(c, syscall.TIOCSPTLCK, uintptr(unsafe.Pointer(&unlock))); err != nil {
		c.Close()
		return nil, nil, fmt.Errorf("unlocking pty: %w", err)
	}
	var n uint32
	if err := ioctl(c, syscall.TIOCGPTN, uintptr(unsafe.Pointer(&n))); err != nil {
		c.Close()
		return nil, nil, fmt.Errorf("pty number: %w", err)
	}
	term, err := os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		c.Close()
		return nil, nil, err
	}
	return c, term, nil
}

func ioctl(f *os.File, req, arg uintptr) error {
	if _, _, errno := syscall.Syscall(syscall.SYS_IOCTL, f.Fd(), req, arg); errno != 0 {
		return errno
	}
	return nil
}

// SetColumns sets the terminal's size to 24 rows of cols columns (TIOCSWINSZ;
// either side of the pair will do, e.g. the controller while a child holds
// the terminal).
func SetColumns(f *os.File, cols int) error {
	if cols < 0 || cols > 0xFFFF {
		return fmt.Errorf("ptytest: %d columns", cols)
	}
	ws := [4]uint16{24, uint16(cols), 0, 0} // struct winsize: row, col, xpixel, ypixel
	return ioctl(f, syscall.TIOCSWINSZ, uintptr(unsafe.Pointer(&ws)))
}
