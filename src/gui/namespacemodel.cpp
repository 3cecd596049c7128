#include "namespacemodel.h"

namespace sandmark {

NamespaceModel::NamespaceModel(QObject *parent) : RowTableModel(ColumnCount, parent) {}

void NamespaceModel::setListing(QList<NamespaceEntry> entries, QHash<QString, QStringList> checkedBy)
{
    resetRows(std::move(entries), [&] { m_checkedBy = std::move(checkedBy); });
}

int NamespaceModel::rowOf(const QString &name) const
{
    for (qsizetype i = 0; i < rows().size(); ++i)
        if (rows().at(i).name == name)
            return int(i);
    return -1;
}

QVariant NamespaceModel::cellData(const NamespaceEntry &e, int column, int role) const
{
    if (role == Qt::UserRole)
        return e.name;
    if (role == Qt::DisplayRole) {
        switch (column) {
        case NameColumn: return e.name;
        case TypeColumn: return e.value.pythonType();
        case ValueColumn: return e.value.summary(100);
        case ChecksColumn: return m_checkedBy.value(e.name).join(QStringLiteral(", "));
        }
    }
    if (role == Qt::ToolTipRole && column == ValueColumn)
        return e.value.summary(1000);
    return {};
}

QVariant NamespaceModel::columnTitle(int column) const
{
    switch (column) {
    case NameColumn: return tr("Variable");
    case TypeColumn: return tr("Type");
    case ValueColumn: return tr("Reference value");
    case ChecksColumn: return tr("Checked by");
    }
    return {};
}

} // namespace sandmark
