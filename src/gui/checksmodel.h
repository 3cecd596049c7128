#pragma once
// The checks of an assignment, one row each.

#include "assignment/assignment.h"
#include "checks/registry.h"

#include "rowtablemodel.h"

namespace sandmark {

/// Columns: id, notebook (Check::notebook; the Checks page shows it for a problem set only), group (an Otter
/// question, with its total points: "q1 (4 points)"; CheckKind::group(); shown when a check has one), type, what (variable
/// or test code's first line), anchor, points, tolerance (rtol/atol from the check's options), reference value
/// (from the reference run, once known). Holds a copy of the checks
/// and the reference values' summaries; does no work. Roles: roles.h. GUI thread only.
class ChecksModel : public RowTableModel<Check>
{
    Q_OBJECT
public:
    enum Column { IdColumn, NotebookColumn, GroupColumn, TypeColumn, WhatColumn, AnchorColumn, PointsColumn, ToleranceColumn, ReferenceColumn, ColumnCount };

    explicit ChecksModel(QObject *parent = nullptr);

    void setChecks(QList<Check> checks);
    const QList<Check> &checks() const { return rows(); }
    double totalPoints() const;
    /// "1 point", "4 points", "1.5 points": `points` in the locale's format, a whole number in tr()'s numerus forms.
    static QString pointsText(double points);
    /// "1 of 1 point", "3 of 5 points", "1.5 of 2.5 points": `earned` (already formatted, or "no score") of `max` in
    /// the locale's format, a whole `max` in tr()'s numerus forms (German's "von 5 Punkten").
    static QString ofPointsText(const QString &earned, double max);
    /// "q5 (1 point)", "q1 (4 points)": `name` with its points (pointsText()).
    static QString withPoints(const QString &name, double points);
    /// Whether a check belongs to a group (CheckKind::group()).
    bool hasGroups() const { return !m_groups.isEmpty(); }
    /// Reference values by check id (short Python-like text and type), as the reference run's payload holds
    /// them; checks not in the map show none.
    void setReferenceValues(const QHash<QString, QString> &values);

protected:
    QVariant cellData(const Check &c, int column, int role) const override;
    QVariant columnTitle(int column) const override;

private:
    QList<CheckGroup> m_groups;
    QHash<QString, QString> m_reference;
};

} // namespace sandmark
