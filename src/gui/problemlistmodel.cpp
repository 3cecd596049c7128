#include "problemlistmodel.h"

#include "roles.h"

#include <QApplication>
#include <QFileInfo>
#include <QStyle>

namespace sandmark {

ProblemListModel::ProblemListModel(QObject *parent) : RowTableModel(ColumnCount, parent) {}

int ProblemListModel::errorCount() const
{
    return int(std::count_if(rows().cbegin(), rows().cend(),
                             [](const Problem &p) { return p.severity == Problem::Severity::Error; }));
}

QVariant ProblemListModel::cellData(const Problem &p, int column, int role) const
{
    const bool error = p.severity == Problem::Severity::Error;
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
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
        if (column == SeverityColumn && qobject_cast<QApplication *>(QCoreApplication::instance()))
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

QVariant ProblemListModel::columnTitle(int column) const
{
    switch (column) {
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
