#pragma once
// The rows of the sandbox self-test: the doctor's checks for one backend, each with what to do.

#include "sandbox/doctor.h"

#include "rowtablemodel.h"

namespace sandmark {

/// Columns: check, result, observed, what to do. One row per DoctorCheck of a DoctorReport (the doctor runs
/// elsewhere, DoctorTask); does no work. For the local-unsafe backend a first row says that it isolates
/// nothing, whatever its checks say. Failed rows are red. The doctor's English names, observations and fixes are
/// shown in the app's language, durations in its number style (translatedCoreText()). GUI thread only.
class SelfTestModel : public RowTableModel<DoctorCheck>
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

protected:
    QVariant cellData(const DoctorCheck &c, int column, int role) const override;
    QVariant columnTitle(int column) const override;

private:
    DoctorReport m_report;
};

} // namespace sandmark
