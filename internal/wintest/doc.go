// Package wintest checks the Windows build of Cutoff from Linux: that the
// packaged Cutoff.exe is a Windows window program for x86-64, and that its
// command line, run under Wine, reports what the Linux binary reports.
// .ci/test-windows (make test-windows) runs both and writes their reports;
// the tests here read them and skip when CUTOFF_WINTEST is not set.
package wintest
