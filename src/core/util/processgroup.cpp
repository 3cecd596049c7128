#include "util/processgroup.h"

#include <QProcess>

#include <signal.h>
#include <sys/prctl.h>
#include <unistd.h>

namespace sandmark {

void startInOwnProcessGroup(QProcess *process)
{
    process->setChildProcessModifier([]() {
        // After fork: async-signal-safe calls only.
        ::setpgid(0, 0);
        ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    });
}

void killProcessGroup(QProcess *process)
{
    if (!process)
        return;
    // The pid is known from fork until the leader is reaped; its group outlives it while a member is left.
    if (const qint64 pid = process->processId(); pid > 0)
        ::kill(static_cast<pid_t>(-pid), SIGKILL);
    if (process->state() != QProcess::NotRunning)
        process->kill();
}

} // namespace sandmark
