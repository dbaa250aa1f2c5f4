package verify

import (
	"context"
	"net/netip"
)

// dnsEvidence is what DNS said about an address, already checked against
// the claimed family's domains.
type dnsEvidence struct {
	reverse lookupResult // the PTR lookup
	names   []string     // PTR names, normalised, at most maxNames

	confirmed      string    // accepted name that resolves back to the address
	confirmedCheck nameCheck // what that name says

	outside string // first name outside the accepted domains

	spoofed      string   // accepted name that does not resolve back
	spoofedAddrs []string // what it resolves to instead (empty: NXDOMAIN)

	forwardFailed    string       // accepted name whose forward lookup failed
	forwardFailedRes lookupResult // and why
}

// gatherDNS asks the reverse question, then the forward question for each
// name in an accepted domain until one resolves back to ip.
func gatherDNS(ctx context.Context, run *dnsRun, ip netip.Addr, family string) dnsEvidence {
	ev := dnsEvidence{names: []string{}}
	ev.reverse = run.lookup(ctx, true, ip.String())
	if ev.reverse.status != lookupOK {
		return ev
	}
	forwards := 0
	for _, raw := range ev.reverse.answers {
		if len(ev.names) == maxNames {
			break
		}
		name := normalizeName(raw)
		if name == "" {
			continue
		}
		ev.names = append(ev.names, name)
		check := checkName(family, name)
		if !check.accepted {
			if ev.outside == "" {
				ev.outside = name
			}
			continue
		}
		if ev.confirmed != "" || forwards == maxForward {
			continue
		}
		forwards++
		ev.forward(ctx, run, ip, name, check)
	}
	return ev
}

// forward checks that name resolves back to ip and records the outcome.
func (ev *dnsEvidence) forward(ctx context.Context, run *dnsRun, ip netip.Addr, name string, check nameCheck) {
	res := run.lookup(ctx, false, name)
	switch res.status {
	case lookupOK:
		if containsAddr(res.answers, ip) {
			ev.confirmed, ev.confirmedCheck = name, check
			return
		}
		if ev.spoofed == "" {
			ev.spoofed, ev.spoofedAddrs = name, res.answers
		}
	case lookupNotFound:
		if ev.spoofed == "" {
			ev.spoofed, ev.spoofedAddrs = name, nil
		}
	default:
		if ev.forwardFailed == "" {
			ev.forwardFailed, ev.forwardFailedRes = name, res
		}
	}
}

// containsAddr reports whether any answer is ip (IPv4-mapped forms equal
// their IPv4 address).
func containsAddr(answers []string, ip netip.Addr) bool {
	for _, a := range answers {
		if got, err := parseIP(a); err == nil && got == ip {
			return true
		}
	}
	return false
}
