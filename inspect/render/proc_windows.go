package render

import (
	"os"
	"os/exec"
	"sync"
	"syscall"
	"time"
	"unsafe"

	"golang.org/x/sys/windows"
)

// ownGroup starts the browser suspended, puts it in a job object of its
// own as soon as it exists, then lets it run: every process it starts
// joins the job, Close ends them all at once, and the job is set to kill
// them all when its last handle closes, which Windows does when Cutoff
// exits in any way.
func ownGroup(cmd *exec.Cmd) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = new(syscall.SysProcAttr)
	}
	cmd.SysProcAttr.CreationFlags |= windows.CREATE_SUSPENDED
	afterStart(cmd, func(p *os.Process) {
		if job, err := newKillOnCloseJob(); err == nil {
			if assign(job, p.Pid) == nil {
				jobs.add(p.Pid, job)
			} else {
				_ = windows.CloseHandle(job)
			}
		}
		resumeProcess(p.Pid) // a browser outside a job still has to run
	})
}

// newKillOnCloseJob creates a job object whose processes are killed when
// its last handle closes.
func newKillOnCloseJob() (windows.Handle, error) {
	job, err := windows.CreateJobObject(nil, nil)
	if err != nil {
		return 0, err
	}
	var info windows.JOBOBJECT_EXTENDED_LIMIT_INFORMATION
	info.BasicLimitInformation.LimitFlags = windows.JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE
	_, err = windows.SetInformationJobObject(job, windows.JobObjectExtendedLimitInformation,
		uintptr(unsafe.Pointer(&info)), uint32(unsafe.Sizeof(info)))
	if err != nil {
		_ = windows.CloseHandle(job)
		return 0, err
	}
	return job, nil
}

// assign puts process pid in job.
func assign(job windows.Handle, pid int) error {
	h, err := windows.OpenProcess(windows.PROCESS_SET_QUOTA|windows.PROCESS_TERMINATE, false, uint32(pid))
	if err != nil {
		return err
	}
	defer windows.CloseHandle(h)
	return windows.AssignProcessToJobObject(job, h)
}

// resumeProcess resumes the threads of process pid, started suspended.
func resumeProcess(pid int) {
	snap, err := windows.CreateToolhelp32Snapshot(windows.TH32CS_SNAPTHREAD, 0)
	if err != nil {
		return
	}
	defer windows.CloseHandle(snap)
	var t windows.ThreadEntry32
	t.Size = uint32(unsafe.Sizeof(t))
	for err := windows.Thread32First(snap, &t); err == nil; err = windows.Thread32Next(snap, &t) {
		if t.OwnerProcessID != uint32(pid) {
			continue
		}
		if th, err := windows.OpenThread(windows.THREAD_SUSPEND_RESUME, false, t.ThreadID); err == nil {
			_, _ = windows.ResumeThread(th)
			_ = windows.CloseHandle(th)
		}
	}
}

// jobs are the job objects of the browsers this process started, by the
// browser's process id.
var jobs = &jobSet{m: map[int]windows.Handle{}}

type jobSet struct {
	mu sync.Mutex
	m  map[int]windows.Handle
}

func (j *jobSet) add(pid int, job windows.Handle) {
	j.mu.Lock()
	j.m[pid] = job
	j.mu.Unlock()
}

func (j *jobSet) remove(pid int) {
	j.mu.Lock()
	delete(j.m, pid)
	j.mu.Unlock()
}

func (j *jobSet) get(pid int) (windows.Handle, bool) {
	j.mu.Lock()
	defer j.mu.Unlock()
	job, ok := j.m[pid]
	return job, ok
}

// killGroup ends every process of the browser pid's job, waits until they
// are gone (at most 5 s) and closes the job; a browser without a job is
// killed alone.
func killGroup(pid int) {
	job, ok := jobs.get(pid)
	if !ok {
		if p, err := os.FindProcess(pid); err == nil {
			_ = p.Kill()
		}
		return
	}
	_ = windows.TerminateJobObject(job, 1)
	waitGroupGone(pid, 5*time.Second)
	jobs.remove(pid)
	_ = windows.CloseHandle(job)
}

// groupAlive reports whether a process of the browser pid's job runs.
func groupAlive(pid int) bool { return groupSize(pid) > 0 }

// basicAccounting is JOBOBJECT_BASIC_ACCOUNTING_INFORMATION.
type basicAccounting struct {
	TotalUserTime             int64
	TotalKernelTime           int64
	ThisPeriodTotalUserTime   int64
	ThisPeriodTotalKernelTime int64
	TotalPageFaultCount       uint32
	TotalProcesses            uint32
	ActiveProcesses           uint32
	TotalTerminatedProcesses  uint32
}

// groupSize counts the live processes of the browser pid's job.
func groupSize(pid int) int {
	job, ok := jobs.get(pid)
	if !ok {
		return 0
	}
	var info basicAccounting
	err := windows.QueryInformationJobObject(job, windows.JobObjectBasicAccountingInformation,
		uintptr(unsafe.Pointer(&info)), uint32(unsafe.Sizeof(info)), nil)
	if err != nil {
		return 0
	}
	return int(info.ActiveProcesses)
}
