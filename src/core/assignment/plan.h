#pragma once
// What to inject into a submission for an assignment: redirects, probes, test cells.

#include "assignment/assignment.h"
#include "notebook/instrument.h"

namespace sandmark {

/// Instrumentation options for `assignment`: a redirect for every supplied data file (by file name and by
/// its listed URLs), one probe at the end for the value checks without an anchor, one probe per anchor,
/// and one test cell per test check (in assignment.json order). `runtimeDir` is where the kernel sees
/// sandmark_probe.py; `nonce` from makeNonce(). With `notebook` (an instructor notebook's path relative to the
/// assignment), only that notebook's checks (Check::notebook) are instrumented; without it every check is. With `listNamespace`
/// (the reference run) the end probe is always there and also lists the namespace's user variables
/// (kNamespaceListingBytes, at most the probe cap). Every probe also captures the other top-level names within its
/// share of `limits.capture_bytes` (split evenly over the probes; docs/probe-payload.md section 5). Pure function.
InstrumentOptions instrumentOptionsFor(const Assignment &assignment, const QString &runtimeDir, const QString &nonce,
                                       const QString &notebook = {}, bool listNamespace = false);

/// Cap of the reference run's namespace listing, bytes (docs/probe-payload.md section 4).
inline constexpr qint64 kNamespaceListingBytes = 4 * 1024 * 1024;

} // namespace sandmark
