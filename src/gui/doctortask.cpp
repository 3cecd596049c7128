#include "doctortask.h"

#include "appsettings.h"

#include <QThread>

#include <utility>

namespace sandmark {

DoctorTask::DoctorTask(QObject *parent) : QObject(parent) {}

DoctorTask::~DoctorTask()
{
    stop();
}

void DoctorTask::stop()
{
    if (!m_thread)
        return;
    m_thread->quit();
    m_thread->wait();
    delete m_thread;
    m_thread = nullptr;
}

void DoctorTask::cancel()
{
    if (!m_thread)
        return;
    QThread *thread = std::exchange(m_thread, nullptr);
    connect(thread, &QThread::finished, thread, &QObject::deleteLater);
    thread->quit();
    Q_EMIT cancelled();
}

void DoctorTask::start(SandboxKind kind)
{
    if (m_thread)
        return;
    DoctorOptions options;
    options.python = AppSettings::pythonInterpreter();
    m_thread = new QThread;
    m_thread->setObjectName(QStringLiteral("sandmark-doctor"));
    auto *doctor = new Doctor(kind, options); // lives and dies on m_thread
    doctor->moveToThread(m_thread);
    connect(m_thread, &QThread::started, doctor, &Doctor::start);
    connect(m_thread, &QThread::finished, doctor, &QObject::deleteLater);
    connect(doctor, &Doctor::finished, this, [this, thread = m_thread](const DoctorReport &report) {
        if (thread != m_thread)
            return; // cancelled: its report is not wanted
        stop();
        Q_EMIT finished(report);
    }, Qt::QueuedConnection);
    m_thread->start();
}

} // namespace sandmark
