#include "namespacemodel.h"

namespace sandmark {

NamespaceModel::NamespaceModel(QObject *parent) : QAbstractTableModel(parent) {}

void NamespaceModel::setListing(QList<NamespaceEntry> entries, QHash<QString, QStringList> checkedBy)
{
    beginResetModel();
    m_entries = std::move(entries);
    m_checkedBy = std::move(checkedBy);
    endResetModel();
}

int NamespaceModel::rowOf(const QString &name) const
{
    for (qsizetype i = 0; i < m_entries.size(); ++i)
        if (m_entries.at(i).name == name)
            return int(i);
    return -1;
}

int NamespaceModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_entries.size());
}

int NamespaceModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant NamespaceModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const NamespaceEntry &e = m_entries.at(index.row());
    if (role == Qt::UserRole)
        return e.name;
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case NameColumn: return e.name;
        case TypeColumn: return e.value.pythonType();
        case ValueColumn: return e.value.summary(100);
        case ChecksColumn: return m_checkedBy.value(e.name).join(QStringLiteral(", "));
        }
    }
    if (role == Qt::ToolTipRole && index.column() == ValueColumn)
        return e.value.summary(1000);
    return {};
}

QVariant NamespaceModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn: return tr("Variable");
    case TypeColumn: return tr("Type");
    case ValueColumn: return tr("Reference value");
    case ChecksColumn: return tr("Checked by");
    }
    return {};
}

} // namespace sandmark
