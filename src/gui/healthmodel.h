#pragma once
// The "before publishing" checklist of an assignment.

#include "batch/health.h"

#include "rowtablemodel.h"

#include <QIcon>

#include <array>

namespace sandmark {

/// Columns: item, state, detail, fix. One row per item of the core's assessHealth() report (the same rows
/// `sandmark-cli validate --health` prints). Holds values set by HealthPage; does no work. The sandbox row's
/// doctor check, observation and fix (English in the report) are shown in the app's language (translatedCoreText()).
/// GUI thread only.
class HealthModel : public RowTableModel<HealthItem>
{
    Q_OBJECT
public:
    enum Column { ItemColumn, StateColumn, DetailColumn, FixColumn, ColumnCount };
    using State = HealthItem::State;

    explicit HealthModel(QObject *parent = nullptr);
    /// Takes a new report: rows with the same ids are updated in place (dataChanged; the selection stays),
    /// anything else resets the model.
    void setItems(QList<HealthItem> items);
    const QList<HealthItem> &items() const { return rows(); }
    /// The item with this id (HealthItem::id), or nullptr.
    const HealthItem *item(const QString &id) const;

protected:
    QVariant cellData(const HealthItem &r, int column, int role) const override;
    QVariant columnTitle(int column) const override;

private:
    mutable std::array<QIcon, 3> m_icons; // ok, warning, failed: made on first use (the style's standard icons)
};

} // namespace sandmark
