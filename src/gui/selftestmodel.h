#pragma once
// The rows of the sandbox self-test: the doctor's checks for one backend, each with what to do.

#include "sandbox/doctor.h"

#include <QAbstractTableModel>

namespace sandmark {

/// Columns: check, result, observed, what to do. One row per DoctorCheck of a DoctorReport (the doctor runs
/// elsewhere, DoctorTask); does no work. For the local-unsafe backend a first row says that it isolates
/// nothing, whatever its checks say. Failed rows are red. The doctor's English names, observations and fixes are
/// shown in the app's language, durations in its number style (translatedCoreText()). GUI thread only.
class SelfTestModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { CheckColumn, ResultColumn, DetailColumn, FixColumn, ColumnCount };

    explicit SelfTestModel(QObject *parent = nullptr);
    void setReport(const DoctorReport &report);
    void clear();
    const DoctorReport &report() const { return m_report; }
    /// Rows whose check failed.
    int failedCount() const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    DoctorReport m_report;
    QList<DoctorCheck> m_rows;
};

} // namespace sandmark
