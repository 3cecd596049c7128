#pragma once
// Editing one check: every field its kind offers (CheckKind::fields()), built from the kind's descriptions.

#include "assignment/assignment.h"
#include "assignment/edit.h"
#include "checks/checkfield.h"

#include <QDialog>

class QCheckBox;
class QDoubleSpinBox;

namespace sandmark {

/// Edits one check: points and each field of its kind (checks/checkfield.h) — a number with a box that sets it
/// or leaves the default, a flag as "default / yes / no", a name or cell as a line, test code in a highlighted
/// editor — so a new kind or comparator option needs no code here. edit() gives only what changed, for
/// editCheck(). GUI thread only.
class CheckEditDialog : public QDialog
{
    Q_OBJECT
public:
    explicit CheckEditDialog(const Check &check, QWidget *parent = nullptr);
    /// The changes the dialog's fields make to the check as it was given (empty when nothing changed).
    CheckEdit edit() const;

    /// The editor of field `key` ("points", "rtol", "code", …): a QDoubleSpinBox, QComboBox (flags), QLineEdit or
    /// QPlainTextEdit; nullptr when the kind has no such field.
    QWidget *editorOf(const QString &key) const;
    /// The box that sets optional number `key` (unchecked: the field is absent and its default applies), or nullptr.
    QCheckBox *setBoxOf(const QString &key) const;

    QDoubleSpinBox *pointsSpin() const;
    QCheckBox *rtolBox() const { return setBoxOf(QStringLiteral("rtol")); }
    QDoubleSpinBox *rtolSpin() const;

private:
    struct Row
    {
        CheckField field;
        QJsonValue initial; ///< as the check has it; Undefined when absent
        QWidget *editor = nullptr;
        QCheckBox *set = nullptr; ///< optional numbers only
    };
    /// The row's value as the dialog shows it; Null for "absent" (the default applies).
    static QJsonValue valueOf(const Row &row);
    QList<Row> m_rows;
};

} // namespace sandmark
