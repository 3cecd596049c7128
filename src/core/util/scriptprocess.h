#pragma once
// One helper script run as an asynchronous QProcess: a request on stdin, its exit status and output once it
// ends. Shared by the dataset scanner and the warm/check calls.

#include <QByteArray>
#include <optional>
#include <QObject>
#include <QPointer>
#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

namespace sandmark {

/// Starts `program arguments`, writes `input` to its stdin and closes it; emits exactly one of done() or
/// startFailed() per start(), unless cancel() came first (then none). Lives in the creating thread and never
/// blocks it. One process at a time: start() cancels a running one.
class ScriptProcess : public QObject
{
    Q_OBJECT
public:
    explicit ScriptProcess(QObject *parent = nullptr);
    ~ScriptProcess() override;

    struct Launch
    {
        QString program;
        QStringList arguments;
        QByteArray input;                       ///< written to stdin, which is then closed
        QString workingDirectory;               ///< empty: the caller's
        std::optional<QProcessEnvironment> env; ///< empty: the caller's environment
        bool mergeChannels = false;             ///< stderr into stdout
    };
    void start(const Launch &launch);
    /// Kills the child (SIGKILL) and forgets it; no signal follows.
    void cancel();
    bool running() const { return !m_proc.isNull(); }

Q_SIGNALS:
    /// The child ended (normally or by a signal: `status`). `stdoutBytes` holds everything when channels
    /// are merged; `stderrBytes` is then empty.
    void done(int exitCode, QProcess::ExitStatus status, const QByteArray &stdoutBytes, const QByteArray &stderrBytes);
    /// The program could not be started (not found, not executable): QProcess's error string.
    void startFailed(const QString &errorString);

private:
    QPointer<QProcess> m_proc;
};

} // namespace sandmark
