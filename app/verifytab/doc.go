// Package verifytab is the window's Verify tab: whether IP addresses really
// belong to the crawler they claim to be (typed addresses or an access
// log), checked by inspect/verify on the tab's own runner, in a sortable
// table that copies and exports as CSV, with the IP range files in use.
// It needs nothing of the inspection the other tabs show.
package verifytab
