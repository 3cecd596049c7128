#include "notebookcellmodel.h"

#include "roles.h"

namespace sandmark {

NotebookCellModel::NotebookCellModel(QObject *parent) : QAbstractListModel(parent) {}

void NotebookCellModel::setCells(QList<CellData> cells)
{
    beginResetModel();
    m_cells = std::move(cells);
    endResetModel();
}

void NotebookCellModel::appendCells(QList<CellData> cells)
{
    if (cells.isEmpty())
        return;
    const int first = int(m_cells.size());
    beginInsertRows({}, first, first + int(cells.size()) - 1);
    m_cells.append(std::move(cells));
    endInsertRows();
}

int NotebookCellModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_cells.size());
}

QString NotebookCellModel::injectedKindText(InjectedKind kind)
{
    switch (kind) {
    case InjectedKind::Redirect:
        return tr("URL redirect");
    case InjectedKind::Probe:
        return tr("probe");
    case InjectedKind::Test:
        return tr("test");
    case InjectedKind::None:
        break;
    }
    return {};
}

QVariant NotebookCellModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const CellData &c = m_cells.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
    case Qt::AccessibleTextRole: {
        const QString first = c.source.section(QLatin1Char('\n'), 0, 0).left(80);
        const QString type = c.type == CellType::Code       ? tr("code")
                             : c.type == CellType::Markdown ? tr("markdown")
                                                            : tr("raw");
        QString text = tr("cell %1 (%2): %3").arg(c.index + 1).arg(type, first);
        if (c.injected != InjectedKind::None)
            text = tr("injected %1 cell: %2").arg(injectedKindText(c.injected), text);
        return text;
    }
    case Qt::ToolTipRole:
        return c.source;
    case CellDataRole:
        return QVariant::fromValue(c);
    case CellKeyRole:
        return c.key;
    case CellTypeRole:
        return int(c.type);
    case CellSourceRole:
        return c.source;
    case ExecutionCountRole:
        return c.executionCount;
    case InjectedKindRole:
        return int(c.injected);
    case InjectedLabelRole:
        if (c.injected == InjectedKind::Probe && c.injectedDetail == QLatin1String("end"))
            return tr("probe at the end"); // the runner's name of the end probe, said in the app's language
        return c.injected == InjectedKind::None
                   ? QString()
                   : (c.injectedDetail.isEmpty() ? injectedKindText(c.injected)
                                                 : QStringLiteral("%1 %2").arg(injectedKindText(c.injected),
                                                                                c.injectedDetail));
    case OutputCountRole:
        return int(c.outputs.size());
    default:
        return {};
    }
}

QHash<int, QByteArray> NotebookCellModel::roleNames() const
{
    QHash<int, QByteArray> names = QAbstractListModel::roleNames();
    names.insert(CellKeyRole, "key");
    names.insert(CellTypeRole, "cellType");
    names.insert(CellSourceRole, "source");
    names.insert(ExecutionCountRole, "executionCount");
    names.insert(InjectedKindRole, "injectedKind");
    names.insert(InjectedLabelRole, "injectedLabel");
    names.insert(OutputCountRole, "outputCount");
    return names;
}

} // namespace sandmark
