#pragma once
// The problems of an assignment (load error, validation problems), one row each.

#include "assignment/validate.h"

#include <QAbstractTableModel>

namespace sandmark {

/// Columns: severity, place (field path such as "checks[2].points", or "cells[3]", "line 4, column 2"),
/// message, file. Holds the Problem values it is given; does no work. Roles: roles.h (SeverityRole,
/// FieldPathRole, FilePathRole). GUI thread only.
class ProblemListModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { SeverityColumn, PlaceColumn, MessageColumn, FileColumn, ColumnCount };

    explicit ProblemListModel(QObject *parent = nullptr);

    void setProblems(QList<Problem> problems);
    const QList<Problem> &problems() const { return m_problems; }
    int errorCount() const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QList<Problem> m_problems;
};

} // namespace sandmark
