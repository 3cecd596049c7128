#include "overridedialog.h"
#include "checksmodel.h"
#include "wrappinglabel.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>

namespace sandmark {

OverrideDialog::OverrideDialog(const Assignment &assignment, int students, QWidget *parent)
    : QDialog(parent),
      m_target(new QComboBox(this)),
      m_points(new QDoubleSpinBox(this)),
      m_comment(new QPlainTextEdit(this)),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    setWindowTitle(tr("Override Selected Submissions"));
    auto *form = new QFormLayout(this);
    auto *intro = new WrappingLabel(tr("The same override for %n selected submission(s); each keeps it through regrades. "
                                "Submissions without a run are skipped.",
                                nullptr, students),
                             this);
    form->addRow(intro);
    const QLocale l;
    m_target->addItem(tr("the whole submission's score (%1)").arg(ChecksModel::pointsText(assignment.maxPoints())), QString());
    m_target->setItemData(0, assignment.maxPoints(), Qt::UserRole + 1);
    for (const Check &c : assignment.checks()) {
        m_target->addItem(tr("check %1 (%2)").arg(c.id, ChecksModel::pointsText(c.points)), c.id);
        m_target->setItemData(m_target->count() - 1, c.points, Qt::UserRole + 1);
    }
    m_target->setAccessibleName(tr("What the override replaces"));
    form->addRow(tr("Replaces:"), m_target);
    m_points->setDecimals(2);
    m_points->setAccessibleName(tr("Override points"));
    form->addRow(tr("Points:"), m_points);
    m_comment->setAccessibleName(tr("Override comment"));
    m_comment->setPlaceholderText(tr("why the grade differs (required; kept with the override and exported)"));
    m_comment->setTabChangesFocus(true);
    m_comment->setMaximumHeight(m_comment->fontMetrics().lineSpacing() * 5);
    form->addRow(tr("Comment:"), m_comment);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("&Override"));
    form->addRow(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_target, &QComboBox::currentIndexChanged, this, [this] {
        m_points->setRange(0, m_target->currentData(Qt::UserRole + 1).toDouble());
        m_points->setToolTip(tr("0 to %1").arg(ChecksModel::pointsText(m_points->maximum())));
    });
    connect(m_comment, &QPlainTextEdit::textChanged, this, &OverrideDialog::update);
    m_points->setRange(0, assignment.maxPoints());
    update();
}

Override OverrideDialog::value() const
{
    Override o;
    o.checkId = m_target->currentData().toString();
    o.points = m_points->value();
    o.comment = m_comment->toPlainText().trimmed();
    return o;
}

bool OverrideDialog::setTarget(const QString &checkId)
{
    const int i = m_target->findData(checkId);
    if (i < 0)
        return false;
    m_target->setCurrentIndex(i);
    return true;
}

void OverrideDialog::setPoints(double points)
{
    m_points->setValue(points);
}

void OverrideDialog::setComment(const QString &comment)
{
    m_comment->setPlainText(comment);
}

bool OverrideDialog::canAccept() const
{
    return m_buttons->button(QDialogButtonBox::Ok)->isEnabled();
}

void OverrideDialog::update()
{
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(!m_comment->toPlainText().trimmed().isEmpty());
}

} // namespace sandmark
