package history

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/cutoffapp/cutoff/inspect"
)

// writes is how many inspections each writer saves.
const writes = 40

// saveMany opens path on its own and saves r n times.
func saveMany(path string, r *inspect.Report, n int) error {
	h, err := Open(context.Background(), path)
	if err != nil {
		return err
	}
	defer h.Close()
	for range n {
		if _, err := h.Save(context.Background(), r); err != nil {
			return err
		}
	}
	return nil
}

// savedInspections opens path on its own and returns every inspection in
// it, newest first.
func savedInspections(t *testing.T, path string) []Inspection {
	t.Helper()
	h, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	all, err := h.Inspections(context.Background(), Query{})
	if err != nil {
		t.Fatal(err)
	}
	return all
}

// TestTwoHandlesWriteAtOnce: two DBs on one new file (each migrating it)
// save at the same time; every save lands.
func TestTwoHandlesWriteAtOnce(t *testing.T) {
	srv := newPageServer(t, 3000)
	r := mustInspect(t, srv.URL+"/")
	path := filepath.Join(t.TempDir(), "history.sqlite")
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i := range errs {
		wg.Go(func() { errs[i] = saveMany(path, r, writes) })
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Fatalf("%v (%v)", err, errors.Unwrap(err))
		}
	}
	if n := len(savedInspections(t, path)); n != 2*writes {
		t.Errorf("%d inspections saved, want %d", n, 2*writes)
	}
}

// writerReady is the line the writer process prints before it saves.
const writerReady = "writer ready"

// envWriter names the file a re-executed test binary writes to.
const envWriter = "CUTOFF_TEST_HISTORY_WRITER"

// TestTwoProcessesWriteAtOnce: this test binary, run again as a second
// process, saves while this one does.
func TestTwoProcessesWriteAtOnce(t *testing.T) {
	if path := os.Getenv(envWriter); path != "" {
		t.Skip("the writer process runs TestWriterProcess")
	}
	srv := newPageServer(t, 3000)
	r := mustInspect(t, srv.URL+"/")
	path := filepath.Join(t.TempDir(), "history.sqlite")
	if err := saveMany(path, r, 1); err != nil { // the report the child copies
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestWriterProcess$", "-test.count=1", "-test.v")
	cmd.Env = append(os.Environ(), envWriter+"="+path, envWriter+"_N="+strconv.Itoa(writes))
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := bufio.NewScanner(stdout)
	for lines.Scan() && lines.Text() != writerReady {
	}
	// The child saves now; this process saves at the same time.
	if err := saveMany(path, r, writes); err != nil {
		t.Fatal(err)
	}
	var rest strings.Builder
	for lines.Scan() {
		rest.WriteString(lines.Text() + "\n")
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("writer process: %v\n%s", err, rest.String())
	}
	if n := len(savedInspections(t, path)); n != 1+2*writes {
		t.Errorf("%d inspections saved, want %d", n, 1+2*writes)
	}
	t.Logf("the two processes' saves alternated %d times", alternations(t, path))
}

// TestWriterProcess is the second process of TestTwoProcessesWriteAtOnce:
// it saves the file's first report again, N times.
func TestWriterProcess(t *testing.T) {
	path := os.Getenv(envWriter)
	if path == "" {
		t.Skip("run by TestTwoProcessesWriteAtOnce")
	}
	n, _ := strconv.Atoi(os.Getenv(envWriter + "_N"))
	h, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	r, err := h.Report(context.Background(), 1)
	h.Close()
	if err != nil {
		t.Fatal(err)
	}
	r.URL += "?child" // tells its rows apart
	fmt.Println(writerReady)
	if err := saveMany(path, r, n); err != nil {
		t.Fatal(err)
	}
}

// alternations counts, in id order, how often a save by one process
// follows one by the other: 1 when they did not overlap at all.
func alternations(t *testing.T, path string) int {
	all := savedInspections(t, path)
	n := 0
	for i := 1; i < len(all); i++ {
		if strings.HasSuffix(all[i].URL, "?child") != strings.HasSuffix(all[i-1].URL, "?child") {
			n++
		}
	}
	return n
}
