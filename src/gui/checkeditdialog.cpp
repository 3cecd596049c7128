#include "checkeditdialog.h"

#include "checks/registry.h"
#include "grading/compare.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>

namespace sandmark {

CheckEditDialog::CheckEditDialog(const Check &check, QWidget *parent)
    : QDialog(parent),
      m_points(new QDoubleSpinBox(this)),
      m_useRtol(new QCheckBox(tr("&Relative tolerance (rtol):"), this)),
      m_rtol(new QDoubleSpinBox(this)),
      m_useAtol(new QCheckBox(tr("&Absolute tolerance (atol):"), this)),
      m_atol(new QDoubleSpinBox(this)),
      m_hasTolerance(checkKind(check).hasTolerance())
{
    setWindowTitle(tr("Edit Check %1").arg(check.id));
    auto *form = new QFormLayout(this);
    auto *what = new QLabel(m_hasTolerance ? tr("Value check of the variable %1").arg(check.variable)
                                    : tr("Test check"),
                            this);
    form->addRow(what);
    m_points->setRange(0, 10000);
    m_points->setDecimals(2);
    m_points->setValue(check.points);
    m_points->setAccessibleName(tr("Points"));
    form->addRow(tr("&Points:"), m_points);
    for (QDoubleSpinBox *s : {m_rtol, m_atol}) {
        s->setDecimals(10);
        s->setRange(0, 1e9);
        s->setSingleStep(0.001);
    }
    m_rtol->setAccessibleName(tr("Relative tolerance"));
    m_atol->setAccessibleName(tr("Absolute tolerance"));
    const QJsonValue rtol = check.options.value(QLatin1String("rtol"));
    const QJsonValue atol = check.options.value(QLatin1String("atol"));
    m_useRtol->setChecked(rtol.isDouble());
    m_rtol->setValue(rtol.toDouble(CompareOptions{}.rtol)); // unset: the comparator's documented default
    m_useAtol->setChecked(atol.isDouble());
    m_atol->setValue(atol.toDouble(CompareOptions{}.atol));
    m_rtol->setEnabled(m_useRtol->isChecked());
    m_atol->setEnabled(m_useAtol->isChecked());
    connect(m_useRtol, &QCheckBox::toggled, m_rtol, &QWidget::setEnabled);
    connect(m_useAtol, &QCheckBox::toggled, m_atol, &QWidget::setEnabled);
    if (m_hasTolerance) {
        form->addRow(m_useRtol, m_rtol);
        form->addRow(m_useAtol, m_atol);
        auto *hint = new QLabel(tr("Unchecked: the comparator's default tolerance applies."), this);
        hint->setWordWrap(true);
        form->addRow(hint);
    } else {
        m_useRtol->hide();
        m_rtol->hide();
        m_useAtol->hide();
        m_atol->hide();
    }
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    form->addRow(buttons);
}

CheckEdit CheckEditDialog::edit() const
{
    CheckEdit e;
    e.points = m_points->value();
    if (m_hasTolerance) {
        if (m_useRtol->isChecked())
            e.rtol = m_rtol->value();
        else
            e.clearRtol = true;
        if (m_useAtol->isChecked())
            e.atol = m_atol->value();
        else
            e.clearAtol = true;
    }
    return e;
}

} // namespace sandmark
