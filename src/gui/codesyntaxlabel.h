#pragma once
// Under a check's code editor: whether the code compiles, as the user types.

#include "checks/codesyntax.h"

#include "wrappinglabel.h"
#include <QTimer>

class QPlainTextEdit;

namespace sandmark {

/// Shows under `editor` where its Python code does not compile ("Line 2, column 5: expected ':'"), as Python's
/// compile() in the assignment's interpreter says (core CodeSyntaxCheck, a child process): checked when built and
/// again 400 ms after the last keystroke, never blocking the GUI thread. The dialog enables OK on acceptable().
/// GUI thread only.
class CodeSyntaxLabel : public WrappingLabel
{
    Q_OBJECT
public:
    /// `python`: the assignment's "python" (empty: the default interpreter, syntaxCheckPython()); `checkId`
    /// names the code in Python's answer ("<check q1>"). `editor` must outlive the label.
    CodeSyntaxLabel(QPlainTextEdit *editor, const QString &python, const QString &checkId, QWidget *parent);

    /// True when the code as it is now compiles (or no interpreter could check it, which the label says);
    /// false while it does not compile and while its check is still to come.
    bool acceptable() const { return m_state == State::Compiles || m_state == State::Unchecked; }

Q_SIGNALS:
    /// acceptable() or the text may have changed.
    void stateChanged();

private:
    enum class State { Pending, Compiles, Fails, Unchecked };
    void textEdited();
    void check();
    void setState(State state, const QString &text);

    QPlainTextEdit *m_editor;
    QString m_python;
    QString m_checkId;
    QTimer m_debounce;
    CodeSyntaxCheck *m_check;
    State m_state = State::Pending;
};

} // namespace sandmark
