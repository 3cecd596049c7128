#include "jobtracker.h"

namespace sandmark {

Q_GLOBAL_STATIC(QThreadPool, theBackgroundPool)

QThreadPool *backgroundPool()
{
    return theBackgroundPool();
}

JobTracker::JobTracker(QObject *parent) : QObject(parent) {}

void JobTracker::cancel()
{
    ++m_generation;
    setBusy(false);
}

void JobTracker::setBusy(bool busy)
{
    if (m_busy == busy)
        return;
    m_busy = busy;
    Q_EMIT busyChanged(busy);
}

} // namespace sandmark
