#pragma once
// The problems of an assignment (load error, validation problems), one row each.

#include "assignment/validate.h"

#include "rowtablemodel.h"

namespace sandmark {

/// Columns: severity, place (field path such as "checks[2].points", or "cells[3]", "line 4, column 2"),
/// message, file. Holds the Problem values it is given; does no work. Roles: roles.h (SeverityRole,
/// FieldPathRole, FilePathRole). GUI thread only.
class ProblemListModel : public RowTableModel<Problem>
{
    Q_OBJECT
public:
    enum Column { SeverityColumn, PlaceColumn, MessageColumn, FileColumn, ColumnCount };

    explicit ProblemListModel(QObject *parent = nullptr);

    void setProblems(QList<Problem> problems) { resetRows(std::move(problems)); }
    const QList<Problem> &problems() const { return rows(); }
    int errorCount() const;

protected:
    QVariant cellData(const Problem &p, int column, int role) const override;
    QVariant columnTitle(int column) const override;
};

} // namespace sandmark
