#include "importflagsmodel.h"

#include "coretranslation.h"
#include "gradebook/export.h"
#include "roles.h"
#include "util/displaytext.h"

namespace sandmark {

ImportFlagsModel::ImportFlagsModel(QObject *parent) : RowTableModel(ColumnCount, parent) {}

void ImportFlagsModel::setManifest(const ImportManifest &manifest, const QSet<QString> &listed, const QHash<QString, QString> &ambiguous,
                                   const QList<QStringList> &lookalikes)
{
    QList<Row> rows;
    QSet<QString> shown;
    for (const FlaggedEntry &f : manifest.flagged) {
        const auto s = manifest.students.constFind(f.entry);
        // The manifest keeps the import's English reason; the table says it in the app's language.
        const QString reason = translatedCoreText(f.reason);
        Row r{f.entry, s == manifest.students.cend() ? QString() : s->displayName, reason, listed.contains(f.entry), false};
        r.ambiguous = r.student && ambiguous.contains(f.entry);
        if (r.ambiguous && !ambiguous.value(f.entry).isEmpty())
            r.reason = tr("%1; settled: %2 is graded").arg(reason, displayText(ambiguous.value(f.entry)));
        if (s != manifest.students.cend() && s->late)
            r.reason = tr("late; %1").arg(r.reason);
        shown.insert(f.entry);
        rows << r;
    }
    // A folder with several notebooks the import did not write (copied by hand): listed too, so it can be settled.
    QStringList unrecorded;
    for (auto it = ambiguous.cbegin(); it != ambiguous.cend(); ++it)
        if (!shown.contains(it.key()) && listed.contains(it.key()))
            unrecorded << it.key();
    unrecorded.sort();
    for (const QString &student : std::as_const(unrecorded)) {
        const ImportManifest::Student s = manifest.students.value(student);
        Row r{student, s.displayName, tr("ambiguous: several notebooks in the folder"), true, true};
        if (!ambiguous.value(student).isEmpty())
            r.reason = tr("%1; settled: %2 is graded").arg(r.reason, displayText(ambiguous.value(student)));
        if (s.late)
            r.reason = tr("late; %1").arg(r.reason);
        shown.insert(student);
        rows << r;
    }
    for (auto it = manifest.students.cbegin(); it != manifest.students.cend(); ++it)
        if (it->late && !shown.contains(it.key()))
            rows << Row{it.key(), it->displayName, tr("late: the LMS marked it late"), listed.contains(it.key()), false};
    // The core's warning, as `sandmark-cli export` prints it, in the app's language.
    int alike = 0;
    for (const QStringList &group : lookalikes) {
        const QString warning = tr("%1; rename one folder and grade it again").arg(translatedCoreText(exportIdCollisionText(group)));
        for (const QString &student : group) {
            rows << Row{student, manifest.students.value(student).displayName, warning, listed.contains(student), false};
            ++alike;
        }
    }
    resetRows(std::move(rows), [&] { m_lookalikeRows = alike; });
}

QVariant ImportFlagsModel::cellData(const Row &r, int column, int role) const
{
    switch (role) {
    case Qt::DisplayRole:
    case Qt::ToolTipRole:
        switch (column) {
        case EntryColumn:
            return displayText(r.entry); // named by a student: no newline or U+202E may reshape the row
        case NameColumn:
            return displayText(r.name);
        case ReasonColumn:
            return role == Qt::ToolTipRole && r.ambiguous ? tr("%1\nDouble-click to choose the notebook that is graded.").arg(r.reason)
                                                          : r.reason;
        default:
            return {};
        }
    case StudentRole:
        return r.student ? r.entry : QString();
    default:
        return {};
    }
}

QVariant ImportFlagsModel::columnTitle(int column) const
{
    switch (column) {
    case EntryColumn:
        return tr("Entry");
    case NameColumn:
        return tr("Name");
    case ReasonColumn:
        return tr("Flagged because");
    default:
        return {};
    }
}

} // namespace sandmark
