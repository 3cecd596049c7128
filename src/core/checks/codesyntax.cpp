#include "checks/codesyntax.h"

#include "util/paths.h"
#include "util/scriptprocess.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace sandmark {

namespace {

// Reads the code from stdin (UTF-8) and answers one JSON object: {} when it compiles, else line, column, message.
// -I: no user site-packages, no current folder on sys.path; the code is compiled, never run.
constexpr char kScript[] = R"py(import json, sys
src = sys.stdin.buffer.read().decode("utf-8", "replace")
try:
    compile(src, sys.argv[1], "exec", dont_inherit=True)
    out = {}
except SyntaxError as e:
    out = {"line": e.lineno or 0, "column": e.offset or 0, "message": e.msg}
except (ValueError, MemoryError, RecursionError) as e:
    out = {"line": 0, "column": 0, "message": str(e) or type(e).__name__}
sys.stdout.write(json.dumps(out))
)py";

} // namespace

QString PythonSyntaxError::toString() const
{
    QString where;
    if (line > 0)
        where = column > 0 ? QStringLiteral("line %1, column %2: ").arg(line).arg(column) : QStringLiteral("line %1: ").arg(line);
    return where + message;
}

QString syntaxCheckPython(const QString &assignmentPython)
{
    return assignmentPython.isEmpty() ? paths::defaultPython() : assignmentPython;
}

CodeSyntaxCheck::CodeSyntaxCheck(QObject *parent) : QObject(parent), m_process(new ScriptProcess(this))
{
    m_timeout.setSingleShot(true);
    connect(&m_timeout, &QTimer::timeout, this, [this]() {
        m_process->cancel();
        Q_EMIT failed(Error{m_python, {}, QStringLiteral("Python did not answer within %1 s").arg(kTimeoutMs / 1000)});
    });
    connect(m_process, &ScriptProcess::startFailed, &m_timeout, &QTimer::stop);
    connect(m_process, &ScriptProcess::done, &m_timeout, &QTimer::stop);
    connect(m_process, &ScriptProcess::startFailed, this, [this](const QString &why) {
        Q_EMIT failed(Error{m_python, {}, QStringLiteral("cannot run Python to check the code: %1").arg(why)});
    });
    connect(m_process, &ScriptProcess::done, this,
            [this](int exitCode, QProcess::ExitStatus status, const QByteArray &out, const QByteArray &err) {
                const QJsonObject answer = QJsonDocument::fromJson(out).object();
                if (status != QProcess::NormalExit || exitCode != 0 || !QJsonDocument::fromJson(out).isObject()) {
                    const QString detail = QString::fromUtf8(err).trimmed().section(QLatin1Char('\n'), -1);
                    Q_EMIT failed(Error{m_python, {},
                                        QStringLiteral("Python could not check the code (exit code %1)%2")
                                            .arg(exitCode)
                                            .arg(detail.isEmpty() ? QString() : QStringLiteral(": ") + detail)});
                    return;
                }
                if (!answer.contains(QLatin1String("message"))) {
                    Q_EMIT finished(std::nullopt);
                    return;
                }
                PythonSyntaxError e;
                e.line = answer.value(QLatin1String("line")).toInt();
                e.column = answer.value(QLatin1String("column")).toInt();
                e.message = answer.value(QLatin1String("message")).toString();
                Q_EMIT finished(e);
            });
}

CodeSyntaxCheck::~CodeSyntaxCheck()
{
    cancel();
}

void CodeSyntaxCheck::start(const QString &python, const QString &code, const QString &label)
{
    m_python = python;
    ScriptProcess::Launch launch;
    launch.program = python;
    launch.arguments = {QStringLiteral("-I"), QStringLiteral("-c"), QString::fromLatin1(kScript),
                        QStringLiteral("<check %1>").arg(label)};
    launch.input = code.toUtf8();
    m_timeout.start(kTimeoutMs);
    m_process->start(launch);
}

void CodeSyntaxCheck::cancel()
{
    m_timeout.stop();
    m_process->cancel();
}

bool CodeSyntaxCheck::running() const
{
    return m_process->running();
}

} // namespace sandmark
