#include "gradebookaccess.h"

#include "batch/lmsimport.h"
#include "batch/referencerun.h"
#include "gradebook/export.h"
#include "gradebook/manual.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QSaveFile>

namespace sandmark {

namespace {
/// The existing gradebook at `path`, for the writes the app makes to it (nothing is created: a batch does that).
Expected<std::unique_ptr<Gradebook>> openExisting(const QString &path)
{
    if (!QFileInfo::exists(path))
        return Error{path, {}, QCoreApplication::translate("sandmark::GradebookAccess", "no gradebook yet: grade the submission first")};
    return Gradebook::open(path);
}
} // namespace

Expected<GradebookSnapshot> readGradebook(const QString &path)
{
    GradebookSnapshot snapshot;
    snapshot.path = path;
    if (!QFileInfo::exists(path))
        return snapshot;
    auto gb = Gradebook::openForReading(path); // read only: also a gradebook in a read-only folder
    if (!gb)
        return gb.error();
    auto grades = (*gb)->effectiveGrades();
    if (!grades)
        return grades.error();
    auto ids = (*gb)->checkIds();
    if (!ids)
        return ids.error();
    snapshot.grades = std::move(*grades);
    snapshot.checkIds = std::move(*ids);
    return snapshot;
}

Expected<QList<GradeSummary>> readGradeSummaries(const QString &path, const std::optional<Assignment> &current)
{
    if (!QFileInfo::exists(path))
        return QList<GradeSummary>();
    auto gb = Gradebook::openForReading(path); // read only: also a gradebook in a read-only folder
    if (!gb)
        return gb.error();
    auto summaries = (*gb)->gradeSummaries();
    if (summaries && current)
        markStale(*summaries, *current);
    return summaries;
}

Expected<QList<GradeSummary>> setGradebookReviewed(const QString &path, const Assignment &assignment,
                                                   const QStringList &students, bool reviewed)
{
    auto gb = openExisting(path);
    if (!gb)
        return gb.error();
    if (auto ok = (*gb)->setReviewed(students, reviewed); !ok)
        return ok.error();
    auto summaries = (*gb)->gradeSummaries();
    if (!summaries)
        return summaries.error();
    summaries->removeIf([&](const GradeSummary &g) { return !students.contains(g.studentId); });
    markStale(*summaries, assignment);
    return summaries;
}

Expected<std::optional<EffectiveGrade>> readEffectiveGrade(const QString &path, const QString &studentId)
{
    if (!QFileInfo::exists(path))
        return std::optional<EffectiveGrade>();
    auto gb = Gradebook::openForReading(path); // read only: also a gradebook in a read-only folder
    if (!gb)
        return gb.error();
    return (*gb)->effectiveGrade(studentId);
}

namespace {
// The student's effective grade after a change, or an error naming the gradebook.
Expected<EffectiveGrade> gradeOf(Gradebook &gb, const QString &path, const QString &studentId)
{
    auto grade = gb.effectiveGrade(studentId);
    if (!grade)
        return grade.error();
    if (*grade)
        return **grade;
    return Error{path, studentId, QCoreApplication::translate("sandmark::GradebookAccess", "the student is not in the gradebook")};
}
} // namespace

Expected<EffectiveGrade> addGradebookOverride(const QString &path, const QString &studentId, const Override &override_)
{
    if (override_.comment.trimmed().isEmpty())
        return Error{path, studentId, QCoreApplication::translate("sandmark::GradebookAccess", "an override needs a comment saying why")};
    auto gb = openExisting(path);
    if (!gb)
        return gb.error();
    if (auto added = (*gb)->addOverride(studentId, override_); !added)
        return added.error();
    return gradeOf(**gb, path, studentId);
}

Expected<EffectiveGrade> removeGradebookOverride(const QString &path, const QString &studentId, const QString &checkId)
{
    auto gb = openExisting(path);
    if (!gb)
        return gb.error();
    if (auto removed = (*gb)->removeOverrides(studentId, checkId); !removed)
        return removed.error();
    return gradeOf(**gb, path, studentId);
}

Expected<EffectiveGrade> storeGradebookManualGrade(const QString &path, const QString &studentId, const QString &checkId,
                                                  double points, const QString &comment)
{
    auto gb = openExisting(path);
    if (!gb)
        return gb.error();
    if (auto stored = storeManualGrade(**gb, studentId, checkId, points, comment, path); !stored)
        return stored.error();
    return gradeOf(**gb, path, studentId);
}

Expected<BulkOverride> overrideGradebookSubmissions(const QString &path, const Assignment &assignment,
                                                    const QStringList &students, const Override &override_)
{
    auto gb = openExisting(path);
    if (!gb)
        return gb.error();
    return overrideSubmissions(**gb, assignment, students, override_, MissingRun::Skip);
}

Expected<GradeExportReport> exportGradebookFile(const QString &path, const QString &filePath, const Assignment &assignment,
                                  GradeExportFormat format, const QString &canvasColumn)
{
    if (const auto problem = exportTargetProblem(filePath, assignment, path))
        return *problem;
    auto snapshot = readGradebook(path);
    if (!snapshot)
        return snapshot.error();
    markStale(snapshot->grades, assignment);
    const QStringList gone = leaveOutGoneSubmissions(snapshot->grades, assignment); // as `sandmark-cli export`
    QSaveFile file(filePath);
    if (!file.open(QIODevice::WriteOnly))
        return Error{filePath, {}, QCoreApplication::translate("sandmark::GradebookAccess", "cannot write: %1").arg(file.errorString())};
    // The LMS's names for Canvas's Student column; an unreadable manifest leaves it empty (the Submissions page
    // reports the manifest's error).
    const auto names = importedNames(assignment.displayPath(QStringLiteral("submissions")));
    file.write(exportGrades(snapshot->grades, assignment, format, canvasColumn,
                            names ? *names : QMap<QString, QString>{}));
    if (!file.commit())
        return Error{filePath, {}, QCoreApplication::translate("sandmark::GradebookAccess", "cannot write: %1").arg(file.errorString())};
    GradeExportReport report{int(snapshot->grades.size()), {}, gone};
    if (format == GradeExportFormat::Canvas)
        report.unfinished = unfinishedForLms(snapshot->grades);
    return report;
}

Expected<FeedbackFolderReport> writeGradebookFeedback(const QString &path, const Assignment &assignment, const QString &folder)
{
    auto gb = Gradebook::openForReading(path); // read only: also a gradebook in a read-only folder
    if (!gb)
        return gb.error();
    auto grades = (*gb)->effectiveGrades();
    if (!grades)
        return grades.error();
    return writeFeedbackFolder(assignment, *grades, folder);
}

} // namespace sandmark
