#include "batch/recordedvalues.h"

#include "batch/referencerun.h"
#include "sandbox/submissionrun.h"
#include "util/inputfile.h"
#include "util/paths.h"

#include <QDir>

namespace sandmark {

namespace {
constexpr qint64 kMaxPayloadBytes = 512LL * 1024 * 1024; // as readStoredExecution()
}

QString referencePayloadPath(const QString &referenceKey, const QString &cacheDir)
{
    const QString dir = cacheDir.isEmpty() ? paths::cacheDir() + QLatin1String("/reference") : cacheDir;
    return QDir(dir).filePath(referenceKey + QLatin1String(".json"));
}

Expected<ValuesComparison> recordedCheckValues(const Check &check, const QString &referencePath, const QString &studentPath,
                                               const QString &notebook)
{
    auto reference = readInputFile(referencePath, kMaxPayloadBytes);
    if (!reference)
        return Error{referencePath, {}, QStringLiteral("the reference payload this run was graded with cannot be read (%1); "
                                                       "run the reference again").arg(reference.error().message)};
    auto student = readInputFile(studentPath, kMaxPayloadBytes);
    if (!student)
        return Error{studentPath, {}, QStringLiteral("the run's payload cannot be read (%1); grade the submission again (grade --force, or Run Selected)")
                                          .arg(student.error().message)};
    const QByteArray expected = notebook.isEmpty() ? *reference : notebookPayload(*reference, notebook);
    return checkValues(check, expected, *student, studentPath);
}

Expected<ValuesComparison> runCheckValues(const Assignment &assignment, const QString &checkId, const QString &artifacts,
                                          const QString &referenceKey, const QString &referenceCacheDir)
{
    const QList<Check> checks = assignment.checks();
    const auto check = std::find_if(checks.cbegin(), checks.cend(), [&](const Check &c) { return c.id == checkId; });
    if (check == checks.cend())
        return Error{assignment.displayPath(QStringLiteral("assignment.json")), {}, QStringLiteral("no check '%1'").arg(checkId)};
    if (artifacts.isEmpty() || referenceKey.isEmpty())
        return Error{{}, {}, QStringLiteral("the gradebook keeps no run artifacts or reference for this result (run the "
                                            "submission again to see its values)")};
    const QString folder = notebookArtifactsFolder(artifacts, check->notebook, assignment.isProblemSet());
    return recordedCheckValues(*check, referencePayloadPath(referenceKey, referenceCacheDir),
                               QDir(folder).filePath(QStringLiteral("payload.json")),
                               assignment.isProblemSet() ? check->notebook : QString());
}

} // namespace sandmark
