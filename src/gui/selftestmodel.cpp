#include "selftestmodel.h"

#include "coretranslation.h"

#include <QApplication>
#include <QColor>
#include <QStyle>

namespace sandmark {

SelfTestModel::SelfTestModel(QObject *parent) : QAbstractTableModel(parent) {}

void SelfTestModel::setReport(const DoctorReport &report)
{
    beginResetModel();
    m_report = report;
    m_rows.clear();
    if (sandboxNameIsUnsafe(report.backend))
        m_rows.append({tr("local-unsafe isolates nothing"), false,
                       tr("student code runs with your rights, your files and the network"),
                       tr("Use it only for notebooks you trust; choose bwrap or docker in Preferences for submissions.")});
    m_rows += report.checks;
    endResetModel();
}

void SelfTestModel::clear()
{
    beginResetModel();
    m_report = {};
    m_rows.clear();
    endResetModel();
}

int SelfTestModel::failedCount() const
{
    return int(std::count_if(m_rows.cbegin(), m_rows.cend(), [](const DoctorCheck &c) { return !c.ok; }));
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
    const DoctorCheck &c = m_rows.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
    case Qt::ToolTipRole:
        switch (index.column()) {
        // The doctor's rows are English (the CLI prints them); shown in the app's language, durations in its style.
        case CheckColumn:
            return translatedCoreText(c.name);
        case ResultColumn:
            return c.ok ? tr("passed") : tr("FAILED");
        case DetailColumn:
            return translatedCoreText(c.detail);
        case FixColumn:
            return c.ok ? QString() : translatedCoreText(c.fix);
        default:
            return {};
        }
    case Qt::DecorationRole:
        if (index.column() == ResultColumn && qobject_cast<QApplication *>(QCoreApplication::instance()))
            return QApplication::style()->standardIcon(c.ok ? QStyle::SP_DialogApplyButton : QStyle::SP_MessageBoxCritical);
        return {};
    case Qt::ForegroundRole:
        return c.ok ? QVariant() : QVariant(QColor(0x8a, 0x00, 0x16));
    default:
        return {};
    }
}

QVariant SelfTestModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case CheckColumn:
        return tr("Check");
    case ResultColumn:
        return tr("Result");
    case DetailColumn:
        return tr("Observed");
    case FixColumn:
        return tr("What to do");
    default:
        return {};
    }
}

} // namespace sandmark
