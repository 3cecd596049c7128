#pragma once
// A helper process stopped together with everything it started: an engine's CLI (`podman info`, `docker image
// inspect`, `docker build`, `docker rm -f`) or the venv build's python and pip, in a process group of its own that a
// timeout or cancel kills as a whole (docs/sandbox.md, "Diagnosis"). The sandbox run itself does the same in
// SandboxRun (setUpChild(), killSandbox()).

class QProcess;

namespace sandmark {

/// Makes `process`, when it is next started, the leader of a process group of its own (setpgid(0, 0) in the child,
/// before exec) that receives SIGKILL should the thread that starts it end, so that killProcessGroup() reaches what
/// it starts too: a shell's background job, a CLI's helpers. A child that makes a session or group of its own (Podman's
/// conmon) leaves it. Replaces any child process modifier set before. Call before start(), on the process's thread;
/// `process` stays the caller's.
void startInOwnProcessGroup(QProcess *process);

/// Sends SIGKILL to the process group startInOwnProcessGroup() gave `process` (every member still in it), then
/// QProcess::kill() (the leader). Does not wait: finished() follows from the event loop, or a waitForFinished().
/// Nothing when `process` is null or was never started. On the process's thread; never fails.
void killProcessGroup(QProcess *process);

} // namespace sandmark
