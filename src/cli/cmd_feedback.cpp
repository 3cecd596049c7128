// sandmark-cli feedback ASSIGNMENT [--student ID] -o DIR [--gradebook PATH]
#include "assignment/assignment.h"
#include "cli_util.h"
#include "commands.h"
#include "gradebook/feedback.h"
#include "gradebook/gradebook.h"
#include "sandbox/submissionrun.h"
#include "util/displaytext.h"

#include <QDir>
#include <QFileInfo>
#include <QSaveFile>
#include <QSet>

namespace sandmark::cli {

int cmdFeedback(const QStringList &args)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("ASSIGNMENT"), QStringLiteral("Assignment folder or its assignment.json."));
    const QCommandLineOption output({QStringLiteral("o"), QStringLiteral("output")},
                                    QStringLiteral("Folder for the HTML files (created if needed)."), QStringLiteral("DIR"));
    const QCommandLineOption student(QStringLiteral("student"), QStringLiteral("Only this student (repeatable)."),
                                     QStringLiteral("ID"));
    const QCommandLineOption gradebook(QStringLiteral("gradebook"),
                                       QStringLiteral("Gradebook file (default: ASSIGNMENT/.sandmark/gradebook.sqlite)."),
                                       QStringLiteral("PATH"));
    parser.addOptions({output, student, gradebook});
    if (int rc = parseOrExit(parser, args,
                             QStringLiteral("Write one self-contained HTML feedback file per graded submission: the "
                                            "executed notebook with each check's score and feedback, manual grades "
                                            "and comments, and the total."),
                             1);
        rc != ExitOk)
        return rc < 0 ? ExitOk : rc;
    if (!parser.isSet(output) || parser.value(output).isEmpty()) {
        err() << "sandmark-cli: feedback: -o DIR is required" << Qt::endl;
        return ExitUsage;
    }
    auto opened = openAssignmentGradebook(parser.positionalArguments().at(0), parser.value(gradebook));
    if (!opened) {
        printError(opened.error());
        return ExitBadInput;
    }
    const Assignment &assignment = opened->assignment;
    Gradebook &book = *opened->gradebook;
    auto grades = book.effectiveGrades();
    if (!grades) {
        printError(grades.error());
        return ExitBadInput;
    }
    const QStringList wanted = parser.values(student);
    for (const QString &w : wanted)
        if (std::none_of(grades->begin(), grades->end(), [&](const EffectiveGrade &g) { return g.studentId == w; })) {
            printError({book.path(), {}, QStringLiteral("no graded submission for student '%1'").arg(w)});
            return ExitBadInput;
        }
    const QString dir = parser.value(output);
    if (!QDir().mkpath(dir)) {
        printError({dir, {}, QStringLiteral("cannot create the folder")});
        return ExitBadInput;
    }

    QStringList everyone;
    for (const EffectiveGrade &g : *grades)
        everyone << g.studentId;
    const QHash<QString, QString> names = feedbackFileNames(everyone); // the same name whichever pages are written
    int written = 0;
    for (const EffectiveGrade &g : *grades) {
        if (!wanted.isEmpty() && !wanted.contains(g.studentId))
            continue;
        FeedbackInput in;
        in.assignmentTitle = assignment.title();
        in.grade = g;
        in.checks = assignment.checks();
        const QString executed = g.artifacts.isEmpty() ? QString() : QDir(g.artifacts).filePath(QStringLiteral("executed.ipynb"));
        if (assignment.isProblemSet()) {
            in.notebooks = assignment.notebooks();
            // Each notebook that ran, in its folder of the run's artifacts (SubmissionRun).
            for (const QString &notebook : assignment.notebooks()) {
                const QString path = notebookArtifactsFolder(g.artifacts, notebook, true) + QStringLiteral("/executed.ipynb");
                if (g.artifacts.isEmpty() || !QFileInfo::exists(path))
                    continue;
                if (auto nb = Notebook::load(path))
                    in.executedNotebooks.append({notebook, *nb});
                else
                    err() << "sandmark-cli: note: " << displayText(nb.error().toString()) << Qt::endl;
            }
            if (in.executedNotebooks.isEmpty())
                err() << "sandmark-cli: note: no executed notebook for " << displayText(g.studentId)
                      << "; the page shows the scores only" << Qt::endl;
        } else if (!executed.isEmpty() && QFileInfo::exists(executed)) {
            if (auto nb = Notebook::load(executed))
                in.executed = *nb;
            else
                err() << "sandmark-cli: note: " << displayText(nb.error().toString()) << "; the page for " << displayText(g.studentId)
                      << " shows the scores only" << Qt::endl;
        } else {
            err() << "sandmark-cli: note: no executed notebook for " << displayText(g.studentId) << " (run folder "
                  << (g.artifacts.isEmpty() ? QStringLiteral("not recorded") : g.artifacts + QStringLiteral(" is gone"))
                  << "); the page shows the scores only" << Qt::endl;
        }
        const QString name = names.value(g.studentId);
        QSaveFile f(QDir(dir).filePath(name));
        if (!f.open(QIODevice::WriteOnly) || f.write(renderFeedbackHtml(in)) < 0 || !f.commit()) {
            printError({f.fileName(), {}, QStringLiteral("cannot write: %1").arg(f.errorString())});
            return ExitBadInput;
        }
        out() << displayText(g.studentId) << ": " << (g.score() ? formatPoints(*g.score()) : QStringLiteral("-")) << " / "
              << formatPoints(g.maxScore) << " → " << QDir(dir).filePath(name) << '\n';
        ++written;
    }
    out() << written << " feedback file(s) written to " << dir << '\n';
    out().flush();
    return ExitOk;
}

} // namespace sandmark::cli
