#include "checksmodel.h"

#include "coretranslation.h"
#include "translations.h"
#include "checks/registry.h"

#include <QCoreApplication>

#include <cmath>

#include "roles.h"

namespace sandmark {

ChecksModel::ChecksModel(QObject *parent) : RowTableModel(ColumnCount, parent) {}

void ChecksModel::setChecks(QList<Check> checks)
{
    resetRows(std::move(checks), [this] { m_groups = checkGroups(rows()); });
}

double ChecksModel::totalPoints() const
{
    double total = 0;
    for (const Check &c : rows())
        total += c.points;
    return total;
}

void ChecksModel::setReferenceValues(const QHash<QString, QString> &values)
{
    m_reference = values;
    allRowsChanged(ReferenceColumn, ReferenceColumn);
}

QString ChecksModel::pointsText(double points)
{
    if (points == std::floor(points) && std::abs(points) < 1e9)
        return tr("%Ln point(s)", nullptr, int(points));
    return tr("%1 points").arg(scoreText(points)); // a fraction: plural in English and German
}

QString ChecksModel::ofPointsText(const QString &earned, double max)
{
    if (max == std::floor(max) && std::abs(max) < 1e9)
        return tr("%1 of %Ln point(s)", "earned points of the most there are", int(max)).arg(earned);
    return tr("%1 of %2 points", "earned points of a fractional most").arg(earned, scoreText(max));
}

QString ChecksModel::withPoints(const QString &name, double points)
{
    return tr("%1 (%2)", "a check or question with its points").arg(name, pointsText(points));
}

QVariant ChecksModel::cellData(const Check &c, int column, int role) const
{
    const CheckKind &kind = checkKind(c);
    const std::optional<ProbedName> probed = kind.probed(c);
    if (role == Qt::DisplayRole || role == Qt::ToolTipRole) {
        switch (column) {
        case IdColumn:
            return c.id;
        case NotebookColumn:
            return c.notebook;
        case GroupColumn: {
            const QString name = kind.group(c);
            for (const CheckGroup &g : m_groups)
                if (g.name == name)
                    return withPoints(name, g.maxPoints);
            return QString();
        }
        case TypeColumn:
            return QCoreApplication::translate("sandmark::CheckKind", kind.displayName());
        case WhatColumn:
            if (probed)
                return probed->variable;
            if (role == Qt::DisplayRole)
                // As `checks list` describes it (a test's first line, its whole code in the tooltip; an Otter
                // question's cases; a manual check's answer cell), never generated code.
                return kind.shortDescription(c);
            return c.autotest.isEmpty() ? c.code
                                        : tr("%1\n\nThe test code nbgrader generated from it:\n%2").arg(testSummary(c), c.code);
        case AnchorColumn:
            return probed ? (probed->anchor.isEmpty() ? tr("end of notebook") : probed->anchor) : QString();
        case PointsColumn:
            return scoreText(c.points);
        case ReferenceColumn:
            return probed || m_reference.contains(c.id) ? translatedCoreText(m_reference.value(c.id)) : QString();
        case ToleranceColumn: {
            QStringList parts;
            for (const char *key : {"rtol", "atol"})
                if (c.options.contains(QLatin1String(key)))
                    parts << QStringLiteral("%1 %2").arg(QLatin1String(key), numberText(c.options.value(QLatin1String(key)).toDouble()));
            return parts.isEmpty() && kind.hasTolerance() ? tr("default") : parts.join(QLatin1String(", "));
        }
        default:
            return {};
        }
    }
    if (role == Qt::TextAlignmentRole && column == PointsColumn)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role == CheckIdRole)
        return c.id;
    if (role == PointsRole)
        return c.points;
    return {};
}

QVariant ChecksModel::columnTitle(int column) const
{
    switch (column) {
    case IdColumn:
        return tr("Check");
    case NotebookColumn:
        return tr("Notebook");
    case GroupColumn:
        return tr("Question");
    case TypeColumn:
        return tr("Type");
    case WhatColumn:
        return tr("Variable / test");
    case AnchorColumn:
        return tr("Probed after");
    case PointsColumn:
        return tr("Points");
    case ToleranceColumn:
        return tr("Tolerance");
    case ReferenceColumn:
        return tr("Reference value");
    default:
        return {};
    }
}

} // namespace sandmark
