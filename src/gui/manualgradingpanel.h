#pragma once
// The submission detail's "Grading by hand" tab: each manual check's answer, with points and a comment.

#include "gradebook/gradebook.h"

#include <QHash>
#include <QWidget>

class QDoubleSpinBox;
class QGroupBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QVBoxLayout;

namespace sandmark {

/// Shows the manual checks (graded by hand: nbgrader's manually graded answers and tasks) of one effective grade:
/// the student's answer as it was graded, then points (0 to the check's points) and a multi-line comment. The ones
/// awaiting a person are those `sandmark-cli manual list` prints (pendingManualChecks()); one already graded shows
/// its manual grade (the check's override), which can be changed or removed; an answer left as the release had it
/// shows its automatic 0. Saving and removing are requests (saveRequested(), removeRequested()): the owner writes
/// the gradebook off the GUI thread and calls setGrade() with the new grade. Edits not yet saved survive a new
/// grade of the same student. GUI thread only.
class ManualGradingPanel : public QWidget
{
    Q_OBJECT
public:
    explicit ManualGradingPanel(QWidget *parent = nullptr);

    /// Shows `grade`'s manual checks (none: an empty panel, checkCount() 0). `notebookOf`: a problem set's check
    /// id → its notebook, named in each answer's title ("explain (problem2.ipynb) — awaits grading").
    void setGrade(const EffectiveGrade &grade, const QHash<QString, QString> &notebookOf = {});
    void clear();
    /// While a save runs: the Save and Remove buttons are disabled.
    void setBusy(bool busy);
    /// The line under the checks: "Saving…", what was saved, or the error.
    void setStatusText(const QString &text);
    QString statusText() const;

    /// The manual checks shown, in the run's order.
    QStringList checkIds() const { return m_order; }
    int checkCount() const { return int(m_order.size()); }
    /// How many of them await a person.
    int awaitingCount() const { return m_awaiting; }
    /// The widgets of check `checkId` (null when it is not shown), for tests and screenshots.
    QGroupBox *box(const QString &checkId) const;
    QPlainTextEdit *answerView(const QString &checkId) const;
    QDoubleSpinBox *pointsBox(const QString &checkId) const;
    QPlainTextEdit *commentEdit(const QString &checkId) const;
    QPushButton *saveButton(const QString &checkId) const;
    QPushButton *removeButton(const QString &checkId) const;

Q_SIGNALS:
    /// Store `points` and `comment` (may be empty: "graded by hand") as the manual grade of `checkId`.
    void saveRequested(const QString &checkId, double points, const QString &comment);
    /// Remove the manual grade of `checkId`: it awaits a person again.
    void removeRequested(const QString &checkId);

private:
    struct Row
    {
        QGroupBox *box = nullptr;
        QPlainTextEdit *answer = nullptr;
        QDoubleSpinBox *points = nullptr;
        QPlainTextEdit *comment = nullptr;
        QPushButton *save = nullptr;
        QPushButton *remove = nullptr;
        bool edited = false; ///< points or comment changed since the grade was shown
        bool graded = false; ///< has a manual grade (an override)
    };
    Row makeRow(const QString &checkId);
    void updateButtons();

    QVBoxLayout *m_rows;
    QLabel *m_empty;
    QLabel *m_status;
    QString m_student;
    QStringList m_order;
    QHash<QString, Row> m_widgets;
    int m_awaiting = 0;
    bool m_busy = false;
};

} // namespace sandmark
