#pragma once
// The main window's pages other than the notebook preview.

#include "assignment/assignment.h"
#include "datafilesmodel.h"

#include <QWidget>

#include <optional>

class QLabel;
class QPushButton;
class QStringListModel;
class QTableView;
class QListView;

namespace sandmark {

class ChecksModel;

/// A page whose part of Sandmark's core is not in this build yet: a title and a sentence saying so and what
/// the page will do. Shows no invented data.
class PlaceholderPage : public QWidget
{
    Q_OBJECT
public:
    PlaceholderPage(const QString &title, const QString &text, QWidget *parent = nullptr);
    QString text() const;

private:
    QLabel *m_text;
};

/// The assignment's checks as assignment.json lists them, with the total points. Editing (picking a variable
/// from the reference run) arrives with the grading core.
class ChecksPage : public QWidget
{
    Q_OBJECT
public:
    explicit ChecksPage(QWidget *parent = nullptr);
    void setAssignment(const std::optional<Assignment> &assignment);
    ChecksModel *model() const { return m_model; }
    QString totalText() const;

private:
    ChecksModel *m_model;
    QTableView *m_table;
    QLabel *m_total;
};

/// Supplied data files (sizes, redirected URLs) and the required datasets as assignment.json lists them.
/// Scanning, warming and checking the dataset cache arrive with the datasets core.
class DataPage : public QWidget
{
    Q_OBJECT
public:
    explicit DataPage(QWidget *parent = nullptr);
    /// `rows`: the supplied files with sizes measured off the GUI thread.
    void setAssignment(const std::optional<Assignment> &assignment, QList<DataFilesModel::Row> rows);
    DataFilesModel *filesModel() const { return m_files; }
    QStringListModel *datasetsModel() const { return m_datasets; }

private:
    DataFilesModel *m_files;
    QStringListModel *m_datasets;
    QTableView *m_filesTable;
    QListView *m_datasetList;
    QLabel *m_noDatasets;
    QLabel *m_summary;
};

} // namespace sandmark
