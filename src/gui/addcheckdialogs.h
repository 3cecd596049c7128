#pragma once
// Adding checks: a value check picked from the reference run's variables, or a test check with its code.

#include "assignment/edit.h"
#include "batch/referencerun.h"
#include "grading/value.h"

#include <QDialog>
#include <QPointer>

class QCheckBox;
class QDoubleSpinBox;
class QFormLayout;
class QHBoxLayout;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QSortFilterProxyModel;
class QTableView;

namespace sandmark {

class CodeSyntaxLabel;
class JobTracker;
class NamespaceModel;

/// Lists the instructor notebook's variables from the reference run (name, type, value summary; filterable)
/// and builds a value check for the one picked: its id defaults to the variable name made unique, points
/// and optional rtol/atol. The listing is given (setListing) or comes from a ReferenceRun the dialog starts
/// (startReference): a cache hit reads the cached payload, otherwise the instructor notebook runs in the
/// sandbox, with its progress shown and a Cancel button; the payload is decoded on a worker thread. The GUI
/// thread never blocks. Closing the dialog cancels a running reference run. GUI thread only.
class AddValueCheckDialog : public QDialog
{
    Q_OBJECT
public:
    /// `takenIds`: the ids of the existing checks; `checkedBy`: variable → ids of value checks probing it.
    AddValueCheckDialog(QStringList takenIds, QHash<QString, QStringList> checkedBy, QWidget *parent = nullptr);
    ~AddValueCheckDialog() override;

    /// Shows `listing` (no reference run).
    void setListing(const QList<NamespaceEntry> &listing);
    /// Runs (or reads from the cache) the reference run of `assignment`; listingReady() or referenceFailed()
    /// follows.
    void startReference(const Assignment &assignment, const ReferenceRunOptions &options);
    void cancelReference();
    bool isRunningReference() const { return m_run != nullptr; }

    /// Selects variable `name` in the list (clearing the filter when it hides it); false if not listed.
    bool selectVariable(const QString &name);
    /// The check to add, from the picked variable and the fields.
    NewCheck newCheck() const;

    NamespaceModel *model() const { return m_model; }
    QSortFilterProxyModel *proxy() const { return m_proxy; }
    QTableView *table() const { return m_table; }
    QLineEdit *filterEdit() const { return m_filter; }
    QLineEdit *idEdit() const { return m_id; }
    QDoubleSpinBox *pointsSpin() const { return m_points; }
    QCheckBox *rtolBox() const { return m_useRtol; }
    QDoubleSpinBox *rtolSpin() const { return m_rtol; }
    QCheckBox *atolBox() const { return m_useAtol; }
    QDoubleSpinBox *atolSpin() const { return m_atol; }
    QPushButton *okButton() const { return m_ok; }
    /// The picked variable's reference value as shown (type and value).
    QString referenceValueText() const;
    QString statusText() const;

Q_SIGNALS:
    /// The reference listing is shown (from setListing or a reference run); the page keeps it for next time.
    void listingReady(const QList<sandmark::NamespaceEntry> &listing);
    void referenceFailed(const QString &message);
    /// The reference run this dialog started ended (the Health page shows its outcome and cell times).
    void referenceEnded(const sandmark::HealthInputs::Reference &result);

protected:
    void done(int result) override;

private:
    /// The reference run's status, progress and Cancel Run.
    QHBoxLayout *createRunRow();
    QHBoxLayout *createFilterRow();
    /// The namespace listing, filtered, one variable selectable.
    void setUpVariableTable();
    /// Id, points, tolerances and answer cell of the new check.
    QFormLayout *createCheckForm();
    void selectionChanged();
    void updateOk();
    QString selectedVariable() const;

    QStringList m_taken;
    QHash<QString, QStringList> m_checkedBy;
    NamespaceModel *m_model;
    QSortFilterProxyModel *m_proxy;
    QLineEdit *m_filter;
    QTableView *m_table;
    QLabel *m_status;
    QProgressBar *m_progress;
    QPushButton *m_cancelRun;
    QPlainTextEdit *m_value;
    QLineEdit *m_id;
    QLabel *m_idProblem;
    QDoubleSpinBox *m_points;
    QCheckBox *m_useRtol;
    QDoubleSpinBox *m_rtol;
    QCheckBox *m_useAtol;
    QDoubleSpinBox *m_atol;
    QLineEdit *m_anchor;
    QPushButton *m_ok;
    JobTracker *m_tracker;
    QPointer<ReferenceRun> m_run;
    bool m_idEdited = false;
};

/// A test check: id (default "test-N" made unique), points and the assertion code in a Python-highlighted
/// editor, compiled as it is typed (CodeSyntaxLabel): OK stays disabled while it does not compile. `python` is the
/// assignment's "python" (empty: the default interpreter). GUI thread only.
class AddTestCheckDialog : public QDialog
{
    Q_OBJECT
public:
    explicit AddTestCheckDialog(QStringList takenIds, const QString &python = QString(), QWidget *parent = nullptr);
    NewCheck newCheck() const;

    QLineEdit *idEdit() const { return m_id; }
    QDoubleSpinBox *pointsSpin() const { return m_points; }
    QPlainTextEdit *codeEdit() const { return m_code; }
    CodeSyntaxLabel *syntaxLabel() const { return m_syntax; }
    QPushButton *okButton() const { return m_ok; }

private:
    void updateOk();

    QStringList m_taken;
    QLineEdit *m_id;
    QLabel *m_idProblem;
    QDoubleSpinBox *m_points;
    QPlainTextEdit *m_code;
    CodeSyntaxLabel *m_syntax;
    QPushButton *m_ok;
};

} // namespace sandmark
