#pragma once
// Whether a check's Python code compiles: compile(code, '<check ID>', 'exec') in the assignment's interpreter,
// as an asynchronous QProcess, so that the editors refuse code that could never run before it is written.

#include "util/expected.h"

#include <QList>
#include <QObject>
#include <QString>
#include <QTimer>

#include <optional>

namespace sandmark {

class ScriptProcess;

/// Where Python's compile() stopped and why.
struct PythonSyntaxError
{
    int line = 0;    ///< 1-based line of the code; 0 when Python names none
    int column = 0;  ///< 1-based column (characters) as Python gives it; 0 when it names none
    QString message; ///< Python's message, e.g. "'(' was never closed", "invalid syntax"

    /// "line 2, column 5: '(' was never closed" (the parts Python gave).
    QString toString() const;
};

/// The interpreter that compiles check code of an assignment whose "python" is `assignmentPython`: that one,
/// else paths::defaultPython() (SANDMARK_PYTHON, else /usr/bin/python3). Thread-safe.
QString syntaxCheckPython(const QString &assignmentPython);

/// Compiles one piece of check code with a Python interpreter in a child process (`python -I`, the code on
/// stdin; nothing of it runs). Lives in the creating thread and never blocks it; one check at a time. The GUI
/// runs it as the user types; the CLI waits for it in an event loop.
class CodeSyntaxCheck : public QObject
{
    Q_OBJECT
public:
    static constexpr int kTimeoutMs = 20000; ///< compiling never takes this long; a hung interpreter does

    explicit CodeSyntaxCheck(QObject *parent = nullptr);
    ~CodeSyntaxCheck() override;

    /// Compiles `code` as the file "<check LABEL>" with `python`; a check still running is cancelled (it emits
    /// nothing). Emits exactly one of finished() or failed() unless cancelled; an interpreter that has not answered
    /// after kTimeoutMs is killed and failed() says so.
    void start(const QString &python, const QString &code, const QString &label);
    /// Stops a running check; no signal follows.
    void cancel();
    bool running() const;

Q_SIGNALS:
    /// Python answered: no value when the code compiles, else where and why it does not.
    void finished(const std::optional<sandmark::PythonSyntaxError> &error);
    /// The interpreter could not be started or gave no usable answer: an Error naming it.
    void failed(const sandmark::Error &error);

private:
    ScriptProcess *m_process;
    QString m_python;
    QTimer m_timeout;
};

/// One piece of code for compileAllBlocking(): compiled as the file "<check LABEL>".
struct CodeToCompile
{
    QString label; ///< names the code in Python's answer, e.g. a check id or grade_id
    QString code;
};

/// Compiles every piece of `codes` as CodeSyntaxCheck does (the same script; IPython syntax as the test process
/// reads it), all in one `python -I` child process that this call waits for (at most CodeSyntaxCheck::kTimeoutMs):
/// per piece, in order, no value when it compiles, else where and why not. An Error naming the interpreter when it
/// cannot be run or gives no usable answer. Blocking; any thread (no event loop needed).
Expected<QList<std::optional<PythonSyntaxError>>> compileAllBlocking(const QString &python, const QList<CodeToCompile> &codes);

} // namespace sandmark
