#include "selftestmodel.h"

#include <QApplication>
#include <QColor>
#include <QFont>
#include <QStyle>

namespace sandmark {

SelfTestModel::SelfTestModel(QObject *parent) : QAbstractTableModel(parent) {}

void SelfTestModel::setRows(QList<Row> rows)
{
    beginResetModel();
    m_rows = std::move(rows);
    endResetModel();
}

int SelfTestModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int SelfTestModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant SelfTestModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row &r = m_rows.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
    case Qt::ToolTipRole:
        switch (index.column()) {
        case BackendColumn:
            return r.selected ? tr("%1 (selected)").arg(r.backend) : r.backend;
        case ResultColumn:
            if (!r.ok)
                return tr("cannot start");
            return r.unsafe ? tr("starts — UNSAFE, no isolation") : tr("can start");
        case FixColumn:
            if (!r.ok)
                return r.message;
            return r.unsafe ? tr("Use it only for notebooks you trust.") : QString();
        default:
            return {};
        }
    case Qt::DecorationRole:
        if (index.column() == ResultColumn && qobject_cast<QApplication *>(QCoreApplication::instance()))
            return QApplication::style()->standardIcon(!r.ok       ? QStyle::SP_MessageBoxCritical
                                                       : r.unsafe ? QStyle::SP_MessageBoxWarning
                                                                  : QStyle::SP_DialogApplyButton);
        return {};
    case Qt::ForegroundRole:
        return r.unsafe || !r.ok ? QVariant(QColor(0x8a, 0x00, 0x16)) : QVariant();
    case Qt::FontRole:
        if (r.selected) {
            QFont f;
            f.setBold(true);
            return f;
        }
        return {};
    default:
        return {};
    }
}

QVariant SelfTestModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case BackendColumn:
        return tr("Backend");
    case ResultColumn:
        return tr("Result");
    case FixColumn:
        return tr("What to do");
    default:
        return {};
    }
}

} // namespace sandmark
