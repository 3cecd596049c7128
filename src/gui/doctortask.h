#pragma once
// Runs the sandbox doctor for the desktop app, off the GUI thread.

#include "sandbox/doctor.h"

#include <QObject>
#include <QPointer>

class QThread;

namespace sandmark {

/// Runs a Doctor (src/core/sandbox/doctor.h) on its own thread with its own event loop, so nothing the
/// doctor does (the backend's static check, which may run `docker info`, the seed and the probe processes)
/// touches the GUI thread; finished() arrives on the task's thread. One run at a time: start() while running
/// is ignored. Destroying the task stops the thread (the doctor's processes are killed with it). The
/// interpreter used inside the sandbox is the Python chosen in Preferences.
class DoctorTask : public QObject
{
    Q_OBJECT
public:
    explicit DoctorTask(QObject *parent = nullptr);
    ~DoctorTask() override;

    void start(SandboxKind kind);
    bool isRunning() const { return m_thread != nullptr; }
    /// Stops a running self-test without waiting for it: its thread quits, its doctor and the doctor's processes
    /// (killed by their owners' destructors) go with it on that thread, and no finished() follows; cancelled()
    /// does, at once. Nothing when none runs.
    void cancel();

Q_SIGNALS:
    void finished(const sandmark::DoctorReport &report);
    void cancelled();

private:
    void stop();

    QThread *m_thread = nullptr;
};

} // namespace sandmark
