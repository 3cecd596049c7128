#pragma once
// Every custom item-data role of Sandmark's item models, in one place so views, delegates and tests agree.

#include <Qt>

namespace sandmark {

enum ItemRole : int {
    // NotebookCellModel (one row per cell)
    CellDataRole = Qt::UserRole + 1, ///< the whole CellData (QVariant holding sandmark::CellData)
    CellKeyRole,                     ///< quint64 unique per built cell; stable across filtering (render caches)
    CellTypeRole,                    ///< int(sandmark::CellType)
    CellSourceRole,                  ///< QString
    ExecutionCountRole,              ///< int, -1 when never executed
    InjectedKindRole,                ///< int(sandmark::InjectedKind)
    InjectedLabelRole,               ///< QString: "probe (end)", "test corr-hidden", empty for own cells
    OutputCountRole,                 ///< int

    // ProblemListModel
    SeverityRole = Qt::UserRole + 100, ///< int(sandmark::Problem::Severity)
    FieldPathRole,                     ///< QString: "checks[2].points", "cells[3]", "line 4, column 2"
    FilePathRole,                      ///< QString

    // ChecksModel
    CheckIdRole = Qt::UserRole + 200, ///< QString
    PointsRole,                       ///< double

    // DataFilesModel
    DataPathRole = Qt::UserRole + 300, ///< QString, relative to the assignment folder
    SizeBytesRole,                     ///< qint64

    // DatasetEntriesModel (progress column), ProgressDelegate
    ProgressBytesRole = Qt::UserRole + 400, ///< qint64 bytes done
    ProgressTotalRole,                      ///< qint64 bytes in total; 0: no bar

    // SubmissionsModel
    SortRole = Qt::UserRole + 500, ///< numbers for numeric columns, text otherwise
    NotebookPathRole,              ///< QString, absolute
    StudentRole,                   ///< QString, the student id

    // RecordCellsModel, CheckResultsModel
    NotebookCellRole = Qt::UserRole + 600, ///< int: the notebook cell (cells[N]) a row names, -1 for none

    // ValueTableModel
    DifferRole = Qt::UserRole + 700, ///< bool: the comparator finds this cell different from the other side's

    // CellDiffModel
    DiffChangeRole = Qt::UserRole + 800, ///< int(sandmark::CellDiff::Change)
    DiffAnswerRole,                      ///< bool: an answer cell
};

} // namespace sandmark
