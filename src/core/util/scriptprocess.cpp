#include "util/scriptprocess.h"

namespace sandmark {

ScriptProcess::ScriptProcess(QObject *parent) : QObject(parent) {}

ScriptProcess::~ScriptProcess()
{
    cancel();
}

void ScriptProcess::start(const Launch &launch)
{
    cancel();
    auto *p = new QProcess(this);
    m_proc = p;
    if (launch.env)
        p->setProcessEnvironment(*launch.env);
    if (!launch.workingDirectory.isEmpty())
        p->setWorkingDirectory(launch.workingDirectory);
    if (launch.mergeChannels)
        p->setProcessChannelMode(QProcess::MergedChannels);
    connect(p, &QProcess::finished, this, [this, p](int exitCode, QProcess::ExitStatus status) {
        if (p != m_proc)
            return;
        m_proc = nullptr;
        p->deleteLater();
        const QByteArray out = p->readAllStandardOutput();
        const QByteArray err = p->readAllStandardError();
        Q_EMIT done(exitCode, status, out, err);
    });
    connect(p, &QProcess::errorOccurred, this, [this, p](QProcess::ProcessError e) {
        if (e != QProcess::FailedToStart || p != m_proc)
            return;
        m_proc = nullptr;
        p->deleteLater();
        Q_EMIT startFailed(p->errorString());
    });
    p->start(launch.program, launch.arguments);
    p->write(launch.input);
    p->closeWriteChannel();
}

void ScriptProcess::cancel()
{
    if (!m_proc)
        return;
    QProcess *p = m_proc;
    m_proc = nullptr;
    p->disconnect(this);
    p->kill();
    p->waitForFinished(1000); // killed: returns at once
    p->deleteLater();
}

} // namespace sandmark
