#pragma once
// What to inject into a submission for an assignment: redirects, probes, test cells.

#include "assignment/assignment.h"
#include "notebook/instrument.h"

namespace sandmark {

/// Instrumentation options for `assignment`: a redirect for every supplied data file (by file name and by
/// its listed URLs), one probe at the end for the value checks without an anchor, one probe per anchor,
/// and one test cell per test check (in assignment.json order). `runtimeDir` is where the kernel sees
/// sandmark_probe.py; `nonce` from makeNonce(). With `notebook` (an instructor notebook's path relative to the
/// assignment), checks tied to another notebook (their "notebook" field) are left out. Pure function.
InstrumentOptions instrumentOptionsFor(const Assignment &assignment, const QString &runtimeDir, const QString &nonce,
                                       const QString &notebook = {});

} // namespace sandmark
