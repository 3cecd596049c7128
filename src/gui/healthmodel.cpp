#include "healthmodel.h"

#include <QApplication>
#include <QColor>
#include <QStyle>

namespace sandmark {

HealthModel::HealthModel(QObject *parent) : QAbstractTableModel(parent) {}

void HealthModel::setRows(QList<Row> rows)
{
    beginResetModel();
    m_rows = std::move(rows);
    endResetModel();
}

void HealthModel::setRow(const Row &row)
{
    for (int i = 0; i < m_rows.size(); ++i) {
        if (m_rows.at(i).item == row.item) {
            m_rows[i] = row;
            Q_EMIT dataChanged(index(i, 0), index(i, ColumnCount - 1));
            return;
        }
    }
    beginInsertRows({}, int(m_rows.size()), int(m_rows.size()));
    m_rows.append(row);
    endInsertRows();
}

int HealthModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int HealthModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant HealthModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row &r = m_rows.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
    case Qt::ToolTipRole:
        switch (index.column()) {
        case ItemColumn:
            return r.item;
        case StateColumn:
            switch (r.state) {
            case State::Ok:
                return tr("ok");
            case State::Warning:
                return tr("warning");
            case State::Failed:
                return tr("failed");
            case State::Pending:
                return tr("checking…");
            case State::Unavailable:
                return tr("not in this build");
            }
            return {};
        case DetailColumn:
            return r.detail;
        case FixColumn:
            return r.fix;
        default:
            return {};
        }
    case Qt::DecorationRole: {
        if (index.column() != StateColumn || !qobject_cast<QApplication *>(QCoreApplication::instance()))
            return {};
        QStyle *s = QApplication::style();
        switch (r.state) {
        case State::Ok:
            return s->standardIcon(QStyle::SP_DialogApplyButton);
        case State::Warning:
            return s->standardIcon(QStyle::SP_MessageBoxWarning);
        case State::Failed:
            return s->standardIcon(QStyle::SP_MessageBoxCritical);
        default:
            return {};
        }
    }
    case Qt::ForegroundRole:
        if (r.state == State::Failed)
            return QColor(0x8a, 0x00, 0x16);
        if (r.state == State::Unavailable)
            return QColor(0x6a, 0x6a, 0x6a);
        return {};
    default:
        return {};
    }
}

QVariant HealthModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case ItemColumn:
        return tr("Before publishing");
    case StateColumn:
        return tr("State");
    case DetailColumn:
        return tr("Detail");
    case FixColumn:
        return tr("Fix");
    default:
        return {};
    }
}

} // namespace sandmark
