#pragma once
// The reference run's namespace listing: the instructor notebook's user variables, one row each.

#include "grading/value.h"

#include "rowtablemodel.h"

namespace sandmark {

/// Columns: name, Python type, value summary, the value checks that already probe it. Holds a copy of the
/// listing (docs/probe-payload.md section 4) and the checked names; does no work. DisplayRole gives short
/// text, ToolTipRole the longer summary, Qt::UserRole the variable name. GUI thread only.
class NamespaceModel : public RowTableModel<NamespaceEntry>
{
    Q_OBJECT
public:
    enum Column { NameColumn, TypeColumn, ValueColumn, ChecksColumn, ColumnCount };

    explicit NamespaceModel(QObject *parent = nullptr);

    /// `checkedBy`: variable name → ids of the value checks that probe it.
    void setListing(QList<NamespaceEntry> entries, QHash<QString, QStringList> checkedBy = {});
    const QList<NamespaceEntry> &entries() const { return rows(); }
    /// Row of variable `name`, or -1.
    int rowOf(const QString &name) const;

protected:
    QVariant cellData(const NamespaceEntry &e, int column, int role) const override;
    QVariant columnTitle(int column) const override;

private:
    QHash<QString, QStringList> m_checkedBy;
};

} // namespace sandmark
