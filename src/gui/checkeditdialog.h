#pragma once
// Editing one check: every field its kind offers (CheckKind::fields()), built from the kind's descriptions.

#include "assignment/assignment.h"
#include "assignment/edit.h"
#include "checks/checkfield.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QDoubleSpinBox;
class QFormLayout;
class QPlainTextEdit;
class QPushButton;

namespace sandmark {

class CodeSyntaxLabel;

/// Edits one check: points and each field of its kind (checks/checkfield.h) — a number with a box that sets it
/// or leaves the default, a flag as "default / yes / no", a name or cell as a line, test code in a highlighted
/// editor — so a new kind or comparator option needs no code here. edit() gives only what changed, for
/// editCheck(). Test code is compiled as it is typed (CodeSyntaxLabel under it) and OK stays disabled while it
/// does not compile. `python` is the assignment's "python" (empty: the default interpreter). GUI thread only.
class CheckEditDialog : public QDialog
{
    Q_OBJECT
public:
    explicit CheckEditDialog(const Check &check, const QString &python = QString(), QWidget *parent = nullptr);
    /// The changes the dialog's fields make to the check as it was given (empty when nothing changed).
    CheckEdit edit() const;

    /// The editor of field `key` ("points", "rtol", "code", …): a QDoubleSpinBox, QComboBox (flags), QLineEdit or
    /// QPlainTextEdit; nullptr when the kind has no such field.
    QWidget *editorOf(const QString &key) const;
    /// The box that sets optional number `key` (unchecked: the field is absent and its default applies), or nullptr.
    QCheckBox *setBoxOf(const QString &key) const;

    /// Under the code editor: whether the code compiles; nullptr when the kind has no code.
    CodeSyntaxLabel *syntaxLabel() const { return m_syntax; }
    QPushButton *okButton() const { return m_ok; }

    QDoubleSpinBox *pointsSpin() const;
    QCheckBox *rtolBox() const { return setBoxOf(QStringLiteral("rtol")); }
    QDoubleSpinBox *rtolSpin() const;

private:
    struct Row
    {
        CheckField field;
        QVariant initial; ///< as the check has it, JSON in a QVariant (util/jsonvalue.h); QVariant() when absent
        QWidget *editor = nullptr;
        QCheckBox *set = nullptr; ///< optional numbers only
    };
    /// One row of the form: field `f`'s label and editor, showing `initial`.
    void addFieldRow(QFormLayout *form, const CheckField &f, const QVariant &initial);
    /// Sets `row`'s editor (and its set box) for its field's type; returns the widget the form shows.
    QWidget *createEditor(Row &row, const QString &label, QWidget *parent);
    /// A spin box; an optional number's beside the box that sets it.
    QWidget *createNumberEditor(Row &row, const QString &label, QWidget *parent);
    /// "Default (…)", "yes", "no".
    static QComboBox *createFlagEditor(const CheckField &f, const QVariant &initial, QWidget *parent);
    static QPlainTextEdit *createCodeEditor(const QString &code, QWidget *parent);
    /// OK and Cancel; OK enabled while the code (if any) compiles.
    QDialogButtonBox *createButtons();
    const Row *rowOf(const QString &key) const;
    /// The row's value as the dialog shows it; null (jsonvalue::null()) for "absent" (the default applies).
    static QVariant valueOf(const Row &row);
    QList<Row> m_rows;
    CodeSyntaxLabel *m_syntax = nullptr;
    QPushButton *m_ok = nullptr;
};

} // namespace sandmark
