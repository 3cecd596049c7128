#include "checkeditdialog.h"

#include "boundedtext.h"
#include "checks/registry.h"
#include "codesyntaxlabel.h"
#include "pythonhighlighter.h"
#include "util/jsonvalue.h"
#include "translations.h"
#include "wrappinglabel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QVBoxLayout>

#include <cmath>

namespace sandmark {

namespace {

QString fieldText(const char *text)
{
    return QCoreApplication::translate("sandmark::CheckField", text);
}

} // namespace

CheckEditDialog::CheckEditDialog(const Check &check, const QString &python, QWidget *parent)
    : QDialog(parent)
{
    const CheckKind &kind = checkKind(check);
    setBoundedWindowTitle(this, tr("Edit Check %1"), check.id);
    auto *outer = new QVBoxLayout(this);
    outer->addWidget(new QLabel(tr("A %1 check. Fields left at their default are not written to assignment.json.")
                                    .arg(QCoreApplication::translate("sandmark::CheckKind", kind.displayName())),
                                this));
    auto *inner = new QWidget(this);
    auto *form = new QFormLayout(inner);
    QList<CheckField> fields{pointsField()};
    fields << kind.fields();
    for (const CheckField &f : std::as_const(fields)) {
        addFieldRow(form, f, f.key == QLatin1String("points") ? QVariant(check.points) : check.options.value(f.key));
        if (f.type == CheckField::Type::Code && !m_syntax) {
            m_syntax = new CodeSyntaxLabel(static_cast<QPlainTextEdit *>(m_rows.constLast().editor), python, check.id, inner);
            form->addRow(QString(), m_syntax);
        }
    }
    auto *scroll = new QScrollArea(this);
    scroll->setWidget(inner);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    outer->addWidget(scroll, 1);
    auto *hint = new WrappingLabel(tr("Hover over a field for what it does."), this);
    outer->addWidget(hint);
    outer->addWidget(createButtons());
    // As tall as the fields need (a value check has 15), up to what fits beside a laptop's screen; then it scrolls.
    scroll->setMinimumHeight(qMin(inner->sizeHint().height() + 4, 560));
    resize(560, sizeHint().height());
}

void CheckEditDialog::addFieldRow(QFormLayout *form, const CheckField &f, const QVariant &initial)
{
    QWidget *inner = form->parentWidget();
    Row row;
    row.field = f;
    row.initial = initial;
    const QString label = fieldText(f.label);
    const QString help = fieldText(f.help);
    QWidget *field = createEditor(row, label, inner);
    row.editor->setAccessibleName(label);
    row.editor->setToolTip(help);
    auto *name = new QLabel(label + QLatin1Char(':'), inner);
    name->setToolTip(help);
    name->setBuddy(row.editor);
    form->addRow(name, field);
    m_rows << row;
}

QWidget *CheckEditDialog::createEditor(Row &row, const QString &label, QWidget *parent)
{
    switch (row.field.type) {
    case CheckField::Type::Number:
        return createNumberEditor(row, label, parent);
    case CheckField::Type::Flag:
        return row.editor = createFlagEditor(row.field, row.initial, parent);
    case CheckField::Type::Code:
        return row.editor = createCodeEditor(row.initial.toString(), parent);
    default: {
        auto *line = new QLineEdit(row.initial.toString(), parent);
        if (!row.field.required)
            line->setPlaceholderText(tr("not set"));
        return row.editor = line;
    }
    }
}

QWidget *CheckEditDialog::createNumberEditor(Row &row, const QString &label, QWidget *parent)
{
    const CheckField &f = row.field;
    const bool points = f.key == QLatin1String("points");
    // Points as a plain number ("1,5"), tolerances as numberText() writes them ("1e-06").
    auto *spin = points ? new QDoubleSpinBox(parent) : new NumberSpinBox(parent);
    spin->setDecimals(points ? 2 : 10);
    spin->setRange(f.minimum, points ? 10000 : 1e9);
    spin->setSingleStep(points ? 1 : 0.001);
    // absent: the documented default
    spin->setValue(jsonvalue::isNumber(row.initial) ? row.initial.toDouble() : f.defaultValue.toDouble());
    row.editor = spin;
    if (f.required)
        return spin;
    row.set = new QCheckBox(tr("set"), parent);
    row.set->setChecked(jsonvalue::isNumber(row.initial));
    row.set->setToolTip(tr("Unchecked: the default (%1) applies.").arg(numberText(f.defaultValue.toDouble(), 10)));
    row.set->setAccessibleName(tr("Set %1").arg(label));
    spin->setEnabled(row.set->isChecked());
    connect(row.set, &QCheckBox::toggled, spin, &QWidget::setEnabled);
    auto *box = new QWidget(parent);
    auto *h = new QHBoxLayout(box);
    h->setContentsMargins(0, 0, 0, 0);
    h->addWidget(row.set);
    h->addWidget(spin, 1);
    return box;
}

QComboBox *CheckEditDialog::createFlagEditor(const CheckField &f, const QVariant &initial, QWidget *parent)
{
    auto *combo = new QComboBox(parent);
    combo->addItem(jsonvalue::isBool(f.defaultValue) ? tr("Default (%1)").arg(f.defaultValue.toBool() ? tr("yes") : tr("no"))
                                           : tr("Default (from the assignment)"));
    combo->addItem(tr("yes"));
    combo->addItem(tr("no"));
    combo->setCurrentIndex(jsonvalue::isBool(initial) ? (initial.toBool() ? 1 : 2) : 0);
    return combo;
}

QPlainTextEdit *CheckEditDialog::createCodeEditor(const QString &code, QWidget *parent)
{
    auto *edit = new QPlainTextEdit(code, parent);
    edit->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    edit->setLineWrapMode(QPlainTextEdit::NoWrap);
    edit->setMinimumHeight(140);
    new PythonHighlighter(edit->document());
    return edit;
}

QDialogButtonBox *CheckEditDialog::createButtons()
{
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    m_ok = buttons->button(QDialogButtonBox::Ok);
    if (m_syntax) {
        const auto updateOk = [this] { m_ok->setEnabled(m_syntax->acceptable()); };
        connect(m_syntax, &CodeSyntaxLabel::stateChanged, this, updateOk);
        updateOk();
    }
    return buttons;
}

QVariant CheckEditDialog::valueOf(const Row &row)
{
    switch (row.field.type) {
    case CheckField::Type::Number:
        if (row.set && !row.set->isChecked())
            return jsonvalue::null();
        return static_cast<QDoubleSpinBox *>(row.editor)->value();
    case CheckField::Type::Flag: {
        const int i = static_cast<QComboBox *>(row.editor)->currentIndex();
        return i == 0 ? jsonvalue::null() : QVariant(i == 1);
    }
    case CheckField::Type::Code: {
        const QString text = static_cast<QPlainTextEdit *>(row.editor)->toPlainText();
        return text.isEmpty() && !row.field.required ? jsonvalue::null() : QVariant(text);
    }
    default: {
        const QString text = static_cast<QLineEdit *>(row.editor)->text();
        return text.isEmpty() && !row.field.required ? jsonvalue::null() : QVariant(text);
    }
    }
}

CheckEdit CheckEditDialog::edit() const
{
    CheckEdit e;
    for (const Row &row : m_rows) {
        const QVariant now = valueOf(row);
        const QVariant &before = row.initial;
        const bool same = jsonvalue::isNumber(now) && jsonvalue::isNumber(before)
                              // a spin box rounds to its decimals: unchanged when it shows the same number
                              ? std::fabs(now.toDouble() - before.toDouble()) <= 1e-12 * std::max(1.0, std::fabs(before.toDouble()))
                          : jsonvalue::isNull(now) || jsonvalue::isNull(before)
                              ? jsonvalue::isNull(now) && jsonvalue::isNull(before)
                              // the same JSON type and value (QVariant's == converts: "1" == 1)
                              : now.typeId() == before.typeId() && now == before;
        if (same)
            continue;
        if (jsonvalue::isNull(now))
            e.unset(row.field.key);
        else
            e.set(row.field.key, now);
    }
    return e;
}

const CheckEditDialog::Row *CheckEditDialog::rowOf(const QString &key) const
{
    for (const Row &row : m_rows)
        if (row.field.key == key)
            return &row;
    return nullptr;
}

QWidget *CheckEditDialog::editorOf(const QString &key) const
{
    const Row *row = rowOf(key);
    return row ? row->editor : nullptr;
}

QCheckBox *CheckEditDialog::setBoxOf(const QString &key) const
{
    const Row *row = rowOf(key);
    return row ? row->set : nullptr;
}

QDoubleSpinBox *CheckEditDialog::pointsSpin() const
{
    return qobject_cast<QDoubleSpinBox *>(editorOf(QStringLiteral("points")));
}

QDoubleSpinBox *CheckEditDialog::rtolSpin() const
{
    return qobject_cast<QDoubleSpinBox *>(editorOf(QStringLiteral("rtol")));
}

} // namespace sandmark
