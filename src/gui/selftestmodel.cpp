#include "selftestmodel.h"

#include "coretranslation.h"

#include <QApplication>
#include <QColor>
#include <QStyle>

namespace sandmark {

SelfTestModel::SelfTestModel(QObject *parent) : RowTableModel(ColumnCount, parent) {}

void SelfTestModel::setReport(const DoctorReport &report)
{
    QList<DoctorCheck> rows;
    if (sandboxNameIsUnsafe(report.backend))
        rows.append({tr("local-unsafe isolates nothing"), false,
                     tr("student code runs with your rights, your files and the network"),
                     tr("Use it only for notebooks you trust; choose bwrap or docker in Preferences for submissions.")});
    rows += report.checks;
    resetRows(std::move(rows), [&] { m_report = report; });
}

void SelfTestModel::clear()
{
    resetRows({}, [this] { m_report = {}; });
}

int SelfTestModel::failedCount() const
{
    return int(std::count_if(rows().cbegin(), rows().cend(), [](const DoctorCheck &c) { return !c.ok; }));
}

QVariant SelfTestModel::cellData(const DoctorCheck &c, int column, int role) const
{
    switch (role) {
    case Qt::DisplayRole:
    case Qt::ToolTipRole:
        switch (column) {
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
        if (column == ResultColumn && qobject_cast<QApplication *>(QCoreApplication::instance()))
            return QApplication::style()->standardIcon(c.ok ? QStyle::SP_DialogApplyButton : QStyle::SP_MessageBoxCritical);
        return {};
    case Qt::ForegroundRole:
        return c.ok ? QVariant() : QVariant(QColor(0x8a, 0x00, 0x16));
    default:
        return {};
    }
}

QVariant SelfTestModel::columnTitle(int column) const
{
    switch (column) {
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
