package render

import "golang.org/x/sys/windows/registry"

// appPath returns the program Windows' App Paths register for exe (such
// as msedge.exe), for this user first, then for the machine; "" when
// neither does.
func appPath(exe string) string {
	const key = `SOFTWARE\Microsoft\Windows\CurrentVersion\App Paths\`
	for _, root := range []registry.Key{registry.CURRENT_USER, registry.LOCAL_MACHINE} {
		k, err := registry.OpenKey(root, key+exe, registry.QUERY_VALUE)
		if err != nil {
			continue
		}
		path, _, err := k.GetStringValue("")
		k.Close()
		if err == nil && path != "" {
			return path
		}
	}
	return ""
}
