#include "checks/codesyntax.h"

#include "util/json_p.h"
#include "util/paths.h"
#include "util/scriptprocess.h"

#include <QProcess>

namespace sandmark {

namespace {

// Reads the code from stdin (UTF-8) and answers one JSON object: {} when it compiles, else line, column, message.
// With "--many" as the file name, stdin is a JSON array of [file name, code] pairs and the answer an array of such
// objects, in order (one interpreter for all of an import's test cells).
// Code that Python refuses but that holds IPython syntax ("%magic", "!shell") is compiled again after IPython's
// default input transformers, as the test process reads test code (sandmark_tests.py, _transform()); without
// IPython, Python's error stands. -I: no user site-packages, no current folder on sys.path; nothing is run.
constexpr char kScript[] = R"py(import json, sys
def check(src, name):
    try:
        compile(src, name, "exec", dont_inherit=True)
        return {}
    except SyntaxError as e:
        out = {"line": e.lineno or 0, "column": e.offset or 0, "message": e.msg}
    except (ValueError, MemoryError, RecursionError) as e:
        return {"line": 0, "column": 0, "message": str(e) or type(e).__name__}
    if "%" in src or "!" in src:
        try:
            from IPython.core.inputtransformer2 import TransformerManager
            compile(TransformerManager().transform_cell(src), name, "exec", dont_inherit=True)
            return {}
        except Exception:
            pass
    return out
data = sys.stdin.buffer.read().decode("utf-8", "replace")
if sys.argv[1] == "--many":
    answer = [check(code, name) for name, code in json.loads(data)]
else:
    answer = check(data, sys.argv[1])
sys.stdout.write(json.dumps(answer))
)py";

/// The error of one answer object of kScript; no value when it compiled.
std::optional<PythonSyntaxError> syntaxErrorFrom(const nlohmann::json &answer)
{
    if (!answer.is_object() || !answer.contains("message"))
        return std::nullopt;
    PythonSyntaxError e;
    e.line = int(jsonutil::intOr(answer, "line", 0));
    e.column = int(jsonutil::intOr(answer, "column", 0));
    e.message = QString::fromStdString(jsonutil::stringOr(answer, "message"));
    return e;
}

/// kScript's answer on stdout, parsed; no value when it is not JSON.
std::optional<nlohmann::json> answerFrom(const QByteArray &out)
{
    Expected<nlohmann::json> answer = jsonutil::parse<nlohmann::json>(out, QString());
    return answer ? std::optional(std::move(*answer)) : std::nullopt;
}

QString fileNameFor(const QString &label)
{
    return QStringLiteral("<check %1>").arg(label);
}

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
                const std::optional<nlohmann::json> answer = answerFrom(out);
                if (status != QProcess::NormalExit || exitCode != 0 || !answer || !answer->is_object()) {
                    const QString detail = QString::fromUtf8(err).trimmed().section(QLatin1Char('\n'), -1);
                    Q_EMIT failed(Error{m_python, {},
                                        QStringLiteral("Python could not check the code (exit code %1)%2")
                                            .arg(exitCode)
                                            .arg(detail.isEmpty() ? QString() : QStringLiteral(": ") + detail)});
                    return;
                }
                Q_EMIT finished(syntaxErrorFrom(*answer));
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
    launch.arguments = {QStringLiteral("-I"), QStringLiteral("-c"), QString::fromLatin1(kScript), fileNameFor(label)};
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

Expected<QList<std::optional<PythonSyntaxError>>> compileAllBlocking(const QString &python, const QList<CodeToCompile> &codes)
{
    QList<std::optional<PythonSyntaxError>> results;
    if (codes.isEmpty())
        return results;
    nlohmann::json input = nlohmann::json::array();
    for (const CodeToCompile &c : codes)
        input.push_back({fileNameFor(c.label).toStdString(), c.code.toStdString()});
    QProcess process;
    process.setProgram(python);
    process.setArguments({QStringLiteral("-I"), QStringLiteral("-c"), QString::fromLatin1(kScript), QStringLiteral("--many")});
    process.start();
    if (!process.waitForStarted(CodeSyntaxCheck::kTimeoutMs))
        return Error{python, {}, QStringLiteral("cannot run Python to check the code: %1").arg(process.errorString())};
    process.write(QByteArray::fromStdString(input.dump()));
    process.closeWriteChannel();
    if (!process.waitForFinished(CodeSyntaxCheck::kTimeoutMs)) {
        process.kill();
        process.waitForFinished(-1);
        return Error{python, {}, QStringLiteral("Python did not answer within %1 s").arg(CodeSyntaxCheck::kTimeoutMs / 1000)};
    }
    const std::optional<nlohmann::json> answer = answerFrom(process.readAllStandardOutput());
    if (process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0 || !answer || !answer->is_array()
        || qsizetype(answer->size()) != codes.size()) {
        const QString detail = QString::fromUtf8(process.readAllStandardError()).trimmed().section(QLatin1Char('\n'), -1);
        return Error{python, {},
                     QStringLiteral("Python could not check the code (exit code %1)%2")
                         .arg(process.exitCode())
                         .arg(detail.isEmpty() ? QString() : QStringLiteral(": ") + detail)};
    }
    for (const nlohmann::json &v : *answer)
        results << syntaxErrorFrom(v);
    return results;
}

} // namespace sandmark
