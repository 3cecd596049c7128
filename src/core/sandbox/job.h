#pragma once
// The job document the runner reads on stdin (docs/runner-protocol.md, "sandmark-job/1").

#include "assignment/limits.h"

#include <QByteArray>
#include <QString>

namespace sandmark {

/// The job document: `notebookJson` (the instrumented nbformat 4 notebook, UTF-8 JSON text, embedded as
/// it is), the nonce (makeNonce() in notebook/instrument.h) and the limits (seconds and bytes).
/// Pure function; the runner validates the notebook (exit status 2 when malformed).
QByteArray makeJob(const QByteArray &notebookJson, const QString &nonce, const Limits &limits);

} // namespace sandmark
