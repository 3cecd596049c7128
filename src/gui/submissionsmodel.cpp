#include "submissionsmodel.h"

#include "roles.h"
#include "notebook/notebook.h"

#include <QApplication>
#include <QDir>
#include <QDirIterator>
#include <QFileInfo>
#include <QLocale>
#include <QStyle>

#include <algorithm>

namespace sandmark {

SubmissionsModel::SubmissionsModel(QObject *parent) : QAbstractTableModel(parent) {}

void SubmissionsModel::setRows(QList<Row> rows)
{
    beginResetModel();
    m_rows = std::move(rows);
    endResetModel();
}

void SubmissionsModel::setProblems(const QHash<QString, QString> &problems)
{
    for (int i = 0; i < m_rows.size(); ++i) {
        const QString p = problems.value(m_rows.at(i).student);
        if (p == m_rows.at(i).problem)
            continue;
        m_rows[i].problem = p;
        Q_EMIT dataChanged(index(i, 0), index(i, ColumnCount - 1));
    }
}

int SubmissionsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int SubmissionsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant SubmissionsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row &r = m_rows.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case StudentColumn:
            return r.student;
        case NotebookColumn:
            return r.notebookPath.isEmpty() ? tr("no notebook found") : QFileInfo(r.notebookPath).fileName();
        case SizeColumn:
            return QLocale().formattedDataSize(r.sizeBytes);
        case StatusColumn:
            if (r.status.isEmpty() && !r.problem.isEmpty())
                return tr("cannot be graded: %1").arg(r.problem);
            return r.status.isEmpty() ? tr("not run") : r.status;
        case ScoreColumn:
            return r.score < 0 ? QString()
                               : QStringLiteral("%1 / %2").arg(QLocale().toString(r.score, 'g', 6),
                                                               QLocale().toString(r.maxScore, 'g', 6));
        default:
            return {};
        }
    case SortRole:
        switch (index.column()) {
        case SizeColumn:
            return r.sizeBytes;
        case ScoreColumn:
            return r.score;
        default:
            return data(index, Qt::DisplayRole);
        }
    case Qt::ToolTipRole:
        return r.problem.isEmpty() ? r.notebookPath : r.notebookPath + QLatin1Char('\n') + r.problem;
    case Qt::DecorationRole:
        if (index.column() == StatusColumn && (r.notebookPath.isEmpty() || !r.problem.isEmpty())
            && qobject_cast<QApplication *>(QCoreApplication::instance()))
            return QApplication::style()->standardIcon(QStyle::SP_MessageBoxCritical);
        return {};
    case Qt::TextAlignmentRole:
        return index.column() == SizeColumn || index.column() == ScoreColumn
                   ? QVariant(int(Qt::AlignRight | Qt::AlignVCenter))
                   : QVariant();
    case NotebookPathRole:
        return r.notebookPath;
    default:
        return {};
    }
}

QVariant SubmissionsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case StudentColumn:
        return tr("Student");
    case NotebookColumn:
        return tr("Notebook");
    case SizeColumn:
        return tr("Size");
    case StatusColumn:
        return tr("Status");
    case ScoreColumn:
        return tr("Score");
    default:
        return {};
    }
}

QList<SubmissionsModel::Row> findSubmissions(const QString &folder, const QString &preferredNotebook)
{
    QList<SubmissionsModel::Row> rows;
    const QFileInfoList students = QDir(folder).entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
    for (const QFileInfo &s : students) {
        SubmissionsModel::Row r;
        r.student = s.fileName();
        const QString preferred = QDir(s.absoluteFilePath()).filePath(QFileInfo(preferredNotebook).fileName());
        if (!preferredNotebook.isEmpty() && QFileInfo(preferred).isFile()) {
            r.notebookPath = preferred;
        } else {
            QDirIterator it(s.absoluteFilePath(), {QStringLiteral("*.ipynb")}, QDir::Files, QDirIterator::Subdirectories);
            QStringList found;
            while (it.hasNext())
                found << it.next();
            found.erase(std::remove_if(found.begin(), found.end(),
                                       [](const QString &p) { return p.contains(QLatin1String("/.ipynb_checkpoints/")); }),
                        found.end());
            std::sort(found.begin(), found.end());
            if (!found.isEmpty())
                r.notebookPath = found.constFirst();
        }
        r.sizeBytes = r.notebookPath.isEmpty() ? 0 : QFileInfo(r.notebookPath).size();
        rows << r;
    }
    return rows;
}

QHash<QString, QString> checkNotebooks(const QList<SubmissionsModel::Row> &rows)
{
    QHash<QString, QString> problems;
    for (const SubmissionsModel::Row &r : rows) {
        if (r.notebookPath.isEmpty()) {
            problems.insert(r.student, SubmissionsModel::tr("no notebook in the folder"));
            continue;
        }
        const auto nb = Notebook::load(r.notebookPath);
        if (!nb) {
            Error e = nb.error();
            e.file.clear(); // the row names the student; the tooltip has the path
            problems.insert(r.student, e.toString());
        }
    }
    return problems;
}

} // namespace sandmark
