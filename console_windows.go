package main

import (
	"os"

	"golang.org/x/sys/windows"
)

// attachParentConsole makes the command line work from a Windows
// terminal. Cutoff.exe is a window program: started from cmd or
// PowerShell it gets no console, and what it prints goes nowhere. So when
// a subcommand runs, it attaches to the console of the terminal that
// started it and writes there; standard handles the terminal already
// redirected (`> report.json`, a pipe) stay as they are. Double-clicked,
// it has no parent console and nothing changes.
func attachParentConsole() {
	const attachParentProcess = ^uint32(0) // ATTACH_PARENT_PROCESS
	std := []struct {
		id   uint32
		file **os.File
		name string // the console device to open
	}{
		{windows.STD_INPUT_HANDLE, &os.Stdin, "CONIN$"},
		{windows.STD_OUTPUT_HANDLE, &os.Stdout, "CONOUT$"},
		{windows.STD_ERROR_HANDLE, &os.Stderr, "CONOUT$"},
	}
	var missing []int
	for i, s := range std {
		if h, err := windows.GetStdHandle(s.id); err != nil || h == 0 || h == windows.InvalidHandle {
			missing = append(missing, i)
		}
	}
	if len(missing) == 0 {
		return
	}
	attach := windows.NewLazySystemDLL("kernel32.dll").NewProc("AttachConsole")
	if ok, _, _ := attach.Call(uintptr(attachParentProcess)); ok == 0 {
		return
	}
	for _, i := range missing {
		s := std[i]
		f, err := os.OpenFile(s.name, os.O_RDWR, 0)
		if err != nil {
			continue
		}
		*s.file = f
		_ = windows.SetStdHandle(s.id, windows.Handle(f.Fd()))
	}
}
