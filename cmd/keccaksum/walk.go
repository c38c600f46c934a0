package main

import (
	"io/fs"
	"os"
	"strings"
)

// With -r, a directory operand stands for the regular files under it:
// each directory's entries in byte order of their names (as os.ReadDir
// gives them), a subdirectory's files where its name falls, so two runs
// over the same tree print the same lines. Operands are followed when
// they are symbolic links (as find -H); links met inside a tree are
// skipped unless -L, and with -L a directory that is its own ancestor is
// reported instead of walked again. Other special files inside a tree
// (FIFOs, devices, sockets) are skipped: a FIFO could block the run.

// input is one thing to hash: a name, or what made it unreadable (a
// directory that could not be listed, a loop) to report in its turn.
type input struct {
	name string
	err  error
}

// walker yields the inputs of the operands lazily, so a huge tree costs
// one listing per directory on the current path, not a list of its files.
type walker struct {
	operands          []string
	recursive, follow bool
	stack             []*dirFrame // the directories being walked, outermost first
}

type dirFrame struct {
	path    string
	info    fs.FileInfo // to tell a loop (os.SameFile)
	entries []os.DirEntry
}

// next returns the next input, or false when there are none.
func (w *walker) next() (input, bool) {
	for {
		if n := len(w.stack); n > 0 {
			top := w.stack[n-1]
			if len(top.entries) == 0 {
				w.stack = w.stack[:n-1]
				continue
			}
			e := top.entries[0]
			top.entries = top.entries[1:]
			if in, ok := w.entry(joinPath(top.path, e.Name()), e); ok {
				return in, true
			}
			continue
		}
		if len(w.operands) == 0 {
			return input{}, false
		}
		op := w.operands[0]
		w.operands = w.operands[1:]
		if !w.recursive || op == "-" {
			return input{name: op}, true
		}
		// Errors and non-directories are the hash's to report, as without -r.
		if st, err := os.Stat(op); err == nil && st.IsDir() {
			if in, ok := w.enter(op, st); ok {
				return in, true
			}
			continue
		}
		return input{name: op}, true
	}
}

// entry is a directory entry's input, if it has one (false: skipped or
// entered).
func (w *walker) entry(path string, e os.DirEntry) (input, bool) {
	t := e.Type()
	var st fs.FileInfo
	var err error
	switch {
	case t&fs.ModeSymlink != 0 && !w.follow:
		return input{}, false
	case t&fs.ModeSymlink != 0:
		st, err = os.Stat(path)
	case t.IsDir():
		st, err = e.Info()
	case t.IsRegular():
		return input{name: path}, true
	default:
		return input{}, false
	}
	switch {
	case err != nil: // a dangling link, or an entry gone since it was listed
		return input{name: path, err: err}, true
	case st.IsDir():
		return w.enter(path, st)
	case st.Mode().IsRegular():
		return input{name: path}, true
	}
	return input{}, false
}

// enter pushes directory path, or returns why it cannot be walked.
func (w *walker) enter(path string, st fs.FileInfo) (input, bool) {
	for _, f := range w.stack {
		if os.SameFile(f.info, st) {
			return input{name: path, err: &fs.PathError{Op: "walk", Path: path, Err: loopError(f.path)}}, true
		}
	}
	entries, err := os.ReadDir(path)
	// What was listed before an error is still walked.
	w.stack = append(w.stack, &dirFrame{path: path, info: st, entries: entries})
	if err != nil {
		return input{name: path, err: err}, true
	}
	return input{}, false
}

// loopError is a directory met again inside itself (through -L's links).
type loopError string

func (e loopError) Error() string {
	return "file system loop: the same directory as " + quoteName(string(e)) + ", not walked again"
}

// joinPath is dir/name as the user would type it: dir as given (not
// cleaned), one separator.
func joinPath(dir, name string) string {
	if strings.HasSuffix(dir, string(os.PathSeparator)) || strings.HasSuffix(dir, "/") {
		return dir + name
	}
	return dir + string(os.PathSeparator) + name
}

// isDir reports whether name is a directory (following a link).
func isDir(name string) bool {
	st, err := os.Stat(name)
	return err == nil && st.IsDir()
}
