#include "codesyntaxlabel.h"

#include <QPlainTextEdit>

namespace sandmark {

CodeSyntaxLabel::CodeSyntaxLabel(QPlainTextEdit *editor, const QString &python, const QString &checkId, QWidget *parent)
    : WrappingLabel(parent), m_editor(editor), m_python(syntaxCheckPython(python)), m_checkId(checkId), m_check(new CodeSyntaxCheck(this))
{
    setTextFormat(Qt::PlainText);
    setTextInteractionFlags(Qt::TextSelectableByMouse);
    setAccessibleName(tr("Problem with the code"));
    m_debounce.setSingleShot(true);
    m_debounce.setInterval(400);
    connect(&m_debounce, &QTimer::timeout, this, &CodeSyntaxLabel::check);
    connect(m_editor, &QPlainTextEdit::textChanged, this, &CodeSyntaxLabel::textEdited);
    connect(m_check, &CodeSyntaxCheck::finished, this, [this](const std::optional<PythonSyntaxError> &e) {
        if (!e)
            setState(State::Compiles, QString());
        else if (e->line > 0 && e->column > 0)
            setState(State::Fails, tr("Does not compile: line %1, column %2: %3").arg(e->line).arg(e->column).arg(e->message));
        else
            setState(State::Fails, tr("Does not compile: %1").arg(e->toString()));
    });
    connect(m_check, &CodeSyntaxCheck::failed, this,
            [this](const Error &e) { setState(State::Unchecked, tr("The code could not be checked: %1").arg(e.toString())); });
    check(); // the code as it was given, at once
}

void CodeSyntaxLabel::textEdited()
{
    m_check->cancel();
    m_state = State::Pending; // the text stays until the answer, so that it does not flicker while typing
    m_debounce.start();
    Q_EMIT stateChanged();
}

void CodeSyntaxLabel::check()
{
    const QString code = m_editor->toPlainText();
    if (code.trimmed().isEmpty()) { // nothing to compile; the dialog asks for code itself
        setState(State::Compiles, QString());
        return;
    }
    m_check->start(m_python, code, m_checkId);
}

void CodeSyntaxLabel::setState(State state, const QString &text)
{
    m_state = state;
    setText(text);
    Q_EMIT stateChanged();
}

} // namespace sandmark
