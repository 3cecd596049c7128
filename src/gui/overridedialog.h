#pragma once
// "Override Selected…": one override for several submissions.

#include "assignment/assignment.h"
#include "gradebook/gradebook.h"

#include <QDialog>

class QComboBox;
class QDialogButtonBox;
class QDoubleSpinBox;
class QLabel;
class QPlainTextEdit;

namespace sandmark {

/// Asks what an override of several submissions replaces (the whole submission's score, or one of the
/// assignment's checks), the points (0 to what that is worth: the assignment's or the check's points) and the
/// required comment; OK is enabled once the comment is not blank. The caller stores value() for each submission
/// (overrideSubmissions()). GUI thread only.
class OverrideDialog : public QDialog
{
    Q_OBJECT
public:
    /// `students`: how many submissions are selected (said in the dialog's text).
    OverrideDialog(const Assignment &assignment, int students, QWidget *parent = nullptr);

    /// The override asked for: checkId empty for the whole submission, the comment trimmed.
    Override value() const;
    /// Chooses what the override replaces (empty: the whole submission); false when the assignment has no such check.
    bool setTarget(const QString &checkId);
    void setPoints(double points);
    void setComment(const QString &comment);
    /// Whether OK is enabled.
    bool canAccept() const;
    QComboBox *targetBox() const { return m_target; }
    QDoubleSpinBox *pointsBox() const { return m_points; }

private:
    void update();

    QComboBox *m_target;
    QDoubleSpinBox *m_points;
    QPlainTextEdit *m_comment;
    QDialogButtonBox *m_buttons;
};

} // namespace sandmark
