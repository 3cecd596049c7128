#pragma once
// A value check's full expected and actual values, side by side.

#include "grading/valuetable.h"

#include <QAbstractTableModel>
#include <QDialog>

class QLabel;
class QPlainTextEdit;
class QStackedWidget;
class QTableView;

namespace sandmark {

/// One side of a value check laid out as a table (ValueTable, from the core's layOutValues()): rows and columns
/// with their headers; a cell that differs from the other side's is tinted and DifferRole is true. Holds the
/// value; does no work. GUI thread only.
class ValueTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    explicit ValueTableModel(QObject *parent = nullptr);
    void setTable(ValueTable table);
    const ValueTable &table() const { return m_table; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    ValueTable m_table;
};

/// Shows a ValuesComparison: the check's verdict and feedback, then the expected value beside the student's — an
/// array, Series or DataFrame as a table (ValueTableModel) with the differing cells marked, anything else as its
/// whole text. Non-modal; deletes itself when closed. GUI thread only.
class ValuesDialog : public QDialog
{
    Q_OBJECT
public:
    ValuesDialog(const QString &student, const ValuesComparison &values, QWidget *parent = nullptr);

    ValueTableModel *expectedModel() const { return m_expected; }
    ValueTableModel *actualModel() const { return m_actual; }
    /// The whole text of a value that is not a table (empty for a table).
    QString expectedText() const;
    QString actualText() const;
    QString verdictText() const;

private:
    QWidget *sidePane(const QString &title, const ValueTable &table, ValueTableModel *model, QPlainTextEdit *&text);

    ValueTableModel *m_expected;
    ValueTableModel *m_actual;
    QPlainTextEdit *m_expectedText = nullptr;
    QPlainTextEdit *m_actualText = nullptr;
    QLabel *m_verdict;
};

} // namespace sandmark
