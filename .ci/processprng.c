/*
 * Test scaffolding only, never shipped: a bcryptprimitives.dll for Wine 8.
 * Go 1.22 and later load ProcessPrng from bcryptprimitives.dll at start-up;
 * Windows 10 and later ship that DLL, Debian's Wine 8 does not ("fatal
 * error: bcryptprimitives.dll not found"). make test-windows builds this one
 * with the mingw compiler and copies it into the Wine prefix's system32.
 * ProcessPrng fills the buffer with RtlGenRandom (advapi32's
 * SystemFunction036), which takes at most 4 GiB - 1 bytes a call.
 */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
	while (length > 0) {
		ULONG n = length > 0xFFFFFFFF ? 0xFFFFFFFF : (ULONG)length;
		if (!SystemFunction036(data, n))
			return FALSE;
		data += n;
		length -= n;
	}
	return TRUE;
}
