#pragma once
// Editing one check's points and tolerances.

#include "assignment/assignment.h"
#include "assignment/edit.h"

#include <QDialog>

class QCheckBox;
class QDoubleSpinBox;

namespace sandmark {

/// Points for any check; relative and absolute tolerance for value checks, each either set or left to the
/// comparator's default. edit() gives the change for editCheck(). GUI thread only.
class CheckEditDialog : public QDialog
{
    Q_OBJECT
public:
    explicit CheckEditDialog(const Check &check, QWidget *parent = nullptr);
    CheckEdit edit() const;

    QDoubleSpinBox *pointsSpin() const { return m_points; }
    QCheckBox *rtolBox() const { return m_useRtol; }
    QDoubleSpinBox *rtolSpin() const { return m_rtol; }

private:
    QDoubleSpinBox *m_points;
    QCheckBox *m_useRtol;
    QDoubleSpinBox *m_rtol;
    QCheckBox *m_useAtol;
    QDoubleSpinBox *m_atol;
    bool m_hasTolerance;
};

} // namespace sandmark
