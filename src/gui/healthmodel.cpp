#include "healthmodel.h"

#include <QApplication>
#include <QColor>
#include <QStyle>

#include <algorithm>

namespace sandmark {

HealthModel::HealthModel(QObject *parent) : QAbstractTableModel(parent) {}

void HealthModel::setItems(QList<HealthItem> items)
{
    const bool sameRows = items.size() == m_items.size()
                          && std::equal(items.cbegin(), items.cend(), m_items.cbegin(),
                                        [](const HealthItem &a, const HealthItem &b) { return a.id == b.id; });
    if (!sameRows) {
        beginResetModel();
        m_items = std::move(items);
        endResetModel();
        return;
    }
    m_items = std::move(items);
    if (!m_items.isEmpty())
        Q_EMIT dataChanged(index(0, 0), index(int(m_items.size()) - 1, ColumnCount - 1));
}

const HealthItem *HealthModel::item(const QString &id) const
{
    for (const HealthItem &i : m_items)
        if (i.id == id)
            return &i;
    return nullptr;
}

int HealthModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_items.size());
}

int HealthModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant HealthModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const HealthItem &r = m_items.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
    case Qt::ToolTipRole:
        switch (index.column()) {
        case ItemColumn:
            return r.title;
        case StateColumn:
            switch (r.state) {
            case State::Ok:
                return tr("ok");
            case State::Warning:
                return tr("warning");
            case State::Failed:
                return tr("failed");
            case State::Pending:
                return tr("pending");
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
