// Package ptytest opens pseudo-terminals for the commands' tests of what
// they draw on a terminal (Linux only: elsewhere it is empty).
package ptytest
