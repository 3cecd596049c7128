#include "assignment/autotest_run.h"

#include "assignment/assignment.h"
#include "util/json_p.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>

namespace sandmark {

Expected<AutotestEvaluation> runAutotestEvaluation(const QList<AutotestPlan> &plans, const QString &dataRoot,
                                                   const QStringList &dataFiles, const RunChoices &choices)
{
    QTemporaryDir dir;
    if (!dir.isValid())
        return Error{dir.path(), {}, QStringLiteral("cannot create a temporary folder: %1").arg(dir.errorString())};
    nlohmann::json notebooks = nlohmann::json::array(), data = nlohmann::json::array();
    QList<NotebookToRun> toRun;
    auto write = [](const QString &path, const QByteArray &bytes) -> Expected<void> {
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
            return Error{path, {}, QStringLiteral("cannot write: %1").arg(f.errorString())};
        return {};
    };
    for (qsizetype i = 0; i < plans.size(); ++i) {
        const QString name = QStringLiteral("autotest-%1-%2").arg(i + 1).arg(QFileInfo(plans[i].notebookPath).fileName());
        if (auto ok = write(dir.filePath(name), plans[i].evaluationNotebook); !ok)
            return ok.error();
        notebooks.push_back(name.toStdString());
        toRun << NotebookToRun{name, dir.filePath(name)};
    }
    for (const QString &rel : dataFiles) {
        const QString dst = dir.filePath(rel);
        QDir().mkpath(QFileInfo(dst).absolutePath());
        if (!QFile::copy(QDir(dataRoot).filePath(rel), dst))
            return Error{QDir(dataRoot).filePath(rel), {}, QStringLiteral("cannot copy for the AUTOTEST evaluation")};
        data.push_back(rel.toStdString());
    }
    nlohmann::json a{{"format", kAssignmentFormat},
                     {"slug", "autotest-evaluation"},
                     {"title", "AUTOTEST evaluation"},
                     {"notebooks", std::move(notebooks)},
                     {"checks", nlohmann::json::array()}};
    if (!data.empty())
        a["data_files"] = std::move(data);
    if (auto ok = write(dir.filePath(QStringLiteral("assignment.json")), QByteArray::fromStdString(jsonutil::qtIndented(a))); !ok)
        return ok.error();
    Expected<Assignment> assignment = Assignment::load(dir.path());
    if (!assignment)
        return assignment.error();
    const SubmissionRunOptions options = runOptionsFor(*assignment, choices);
    SubmissionRun run(*assignment, toRun, {}, options);
    const Expected<SubmissionRunResult> result = run.runToEnd();
    if (!result) {
        const Error &error = result.error();
        return Error{error.file, error.location, QStringLiteral("evaluating the AUTOTEST directives: %1").arg(error.message)};
    }
    AutotestEvaluation out;
    out.notice = options.notice;
    out.backend = result->run.backend;
    for (const NotebookRunResult &n : std::as_const(result->notebooks)) {
        if (!n.notRun.isEmpty())
            return Error{n.notebook, {}, QStringLiteral("the AUTOTEST evaluation did not run: %1").arg(n.notRun)};
        out.runs << n.run;
    }
    if (out.runs.size() != plans.size())
        return Error{dir.path(), {}, QStringLiteral("the AUTOTEST evaluation ran %1 of %2 notebooks").arg(out.runs.size()).arg(plans.size())};
    return out;
}

} // namespace sandmark
