#include "problemlistmodel.h"

#include "roles.h"

#include <QApplication>
#include <QFileInfo>
#include <QStyle>

namespace sandmark {

ProblemListModel::ProblemListModel(QObject *parent) : QAbstractTableModel(parent) {}

void ProblemListModel::setProblems(QList<Problem> problems)
{
    beginResetModel();
    m_problems = std::move(problems);
    endResetModel();
}

int ProblemListModel::errorCount() const
{
    return int(std::count_if(m_problems.cbegin(), m_problems.cend(),
                             [](const Problem &p) { return p.severity == Problem::Severity::Error; }));
}

int ProblemListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_problems.size());
}

int ProblemListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ProblemListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Problem &p = m_problems.at(index.row());
    const bool error = p.severity == Problem::Severity::Error;
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case SeverityColumn:
            return error ? tr("Error") : tr("Warning");
        case PlaceColumn:
            return p.where.location;
        case MessageColumn:
            return p.where.message;
        case FileColumn:
            return QFileInfo(p.where.file).fileName();
        default:
            return {};
        }
    case Qt::DecorationRole:
        if (index.column() == SeverityColumn && qobject_cast<QApplication *>(QCoreApplication::instance()))
            return QApplication::style()->standardIcon(error ? QStyle::SP_MessageBoxCritical
                                                             : QStyle::SP_MessageBoxWarning);
        return {};
    case Qt::ToolTipRole:
        return p.where.toString();
    case SeverityRole:
        return int(p.severity);
    case FieldPathRole:
        return p.where.location;
    case FilePathRole:
        return p.where.file;
    default:
        return {};
    }
}

QVariant ProblemListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case SeverityColumn:
        return tr("Severity");
    case PlaceColumn:
        return tr("Field / place");
    case MessageColumn:
        return tr("Problem");
    case FileColumn:
        return tr("File");
    default:
        return {};
    }
}

} // namespace sandmark
