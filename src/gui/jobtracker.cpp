#include "jobtracker.h"

namespace sandmark {

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
