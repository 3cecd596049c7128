#pragma once
// What the LMS imports into an assignment's submissions folder flagged, one row per entry.

#include "batch/lmsimport.h"

#include "rowtablemodel.h"

#include <QHash>
#include <QList>
#include <QSet>

namespace sandmark {

/// A flagged import entry, one row of ImportFlagsModel.
struct ImportFlagRow
{
    QString entry;   ///< a student id, or an entry of the export that was not written
    QString name;    ///< the student's name in the LMS's file names; empty when not known
    QString reason;  ///< "ambiguous: …", "late: …", "refused: …", in the app's language (translatedCoreText())
    bool student = false; ///< `entry` is a student folder of the listing
    bool ambiguous = false; ///< a student whose folder holds several notebooks: settle which is graded
};

/// The Submissions page's list of flagged import entries: what the folder's ImportManifest lists as flagged
/// (refused or unrecognised entries, students written but ambiguous or without a notebook), then any other listed
/// student whose folder holds several notebooks (copied in by hand), then every student the LMS marked late, then students whose ids look like another's. Columns: entry (a student id or the file's path in the export), name (the LMS's), reason.
/// A row whose entry is a listed student with several notebooks can be settled (canSettle()). Does no work:
/// setManifest() takes what a worker read. GUI thread only.
class ImportFlagsModel : public RowTableModel<ImportFlagRow>
{
    Q_OBJECT
public:
    enum Column { EntryColumn, NameColumn, ReasonColumn, ColumnCount };
    using Row = ImportFlagRow;

    explicit ImportFlagsModel(QObject *parent = nullptr);
    /// The rows of `manifest` (flagged entries first, in the imports' order, then the ambiguous students it does not
    /// name, then the late students, by id);
    /// `listed`: the students of the current listing (their rows are students); `ambiguous`: the listed students
    /// whose folder holds several notebooks → the one settled for them (empty: none yet; a settled one is said
    /// so in its reason, and can be settled again). One reset.
    /// `lookalikes`: groups of students whose ids an export would show alike (exportIdCollisions(): "José" composed
    /// and decomposed), each of them a row last, its reason the core's warning (exportIdCollisionText()).
    void setManifest(const ImportManifest &manifest, const QSet<QString> &listed, const QHash<QString, QString> &ambiguous,
                     const QList<QStringList> &lookalikes = {});
    /// The rows of `lookalikes` (the last rows).
    int lookalikeRowCount() const { return m_lookalikeRows; }
    /// Whether row `row` is a student whose ambiguous folder can be settled in the app.
    bool canSettle(int row) const { return row >= 0 && row < rows().size() && rows().at(row).ambiguous; }

protected:
    QVariant cellData(const Row &r, int column, int role) const override;
    QVariant columnTitle(int column) const override;

private:
    int m_lookalikeRows = 0;
};

} // namespace sandmark
