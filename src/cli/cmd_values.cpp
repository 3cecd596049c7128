// sandmark-cli values ASSIGNMENT STUDENT CHECK [--gradebook PATH]
#include "batch/recordedvalues.h"
#include "batch/submissions.h"
#include "cli_util.h"
#include "commands.h"
#include "notebook/notebook.h"
#include "util/displaytext.h"

#include <QDir>

namespace sandmark::cli {

namespace {

/// Why `student`'s submission never ran, when it cannot run as handed in: a problem found on disk (links, an
/// ambiguous folder), or a notebook that does not parse (the file and the parse error's place). Running it again
/// changes nothing then, so the error says what will. None: it could run (or is not there any more).
std::optional<Error> unrunnableSubmission(const Assignment &assignment, const QString &student)
{
    const Expected<Submission> s = submissionNamed(assignment.displayPath(QStringLiteral("submissions")), student);
    if (!s)
        return std::nullopt;
    const QString noValues = QStringLiteral("so it was never run and has no values; grading it again will not help until "
                                            "the submission is fixed or replaced");
    // A problem set's folder holds several notebooks by design (matched per notebook, each run on its own).
    if (!s->problem.isEmpty() && !(assignment.isProblemSet() && s->problem.startsWith(QLatin1String("ambiguous:"))))
        return Error{s->root.isEmpty() ? student : assignment.displayPath(QDir(assignment.folder()).relativeFilePath(s->root)), {},
                     QStringLiteral("%1, %2").arg(s->problem, noValues)};
    if (assignment.isProblemSet() || s->notebookPath.isEmpty())
        return std::nullopt;
    const Expected<Notebook> nb = Notebook::load(s->notebookPath);
    if (nb)
        return std::nullopt;
    return Error{assignment.displayPath(QDir(assignment.folder()).relativeFilePath(s->notebookPath)), nb.error().location,
                 QStringLiteral("the notebook cannot be read (%1), %2").arg(nb.error().message, noValues)};
}

/// A table as aligned text; a cell that differs from the other side's is marked with `*`.
void printTable(const ValueTable &t)
{
    QList<QStringList> rows;
    rows << (QStringList{QString()} + t.columns);
    for (qsizetype r = 0; r < t.rows.size(); ++r) {
        QStringList row{t.rows.at(r)};
        for (qsizetype c = 0; c < t.cells.at(r).size(); ++c)
            row << t.cells.at(r).at(c) + (t.differs.at(r).at(c) ? QStringLiteral(" *") : QString());
        rows << row;
    }
    QList<qsizetype> width;
    for (const QStringList &row : std::as_const(rows))
        for (qsizetype c = 0; c < row.size(); ++c) {
            if (c >= width.size())
                width << 0;
            width[c] = qMax(width[c], row.at(c).size());
        }
    for (const QStringList &row : std::as_const(rows)) {
        QStringList cells;
        for (qsizetype c = 0; c < row.size(); ++c)
            cells << (c == 0 ? row.at(c).leftJustified(width[c]) : row.at(c).rightJustified(width[c]));
        QString line = cells.join(QLatin1String("  "));
        while (line.endsWith(QLatin1Char(' ')))
            line.chop(1);
        out() << "  " << line << '\n';
    }
}

void printSide(const char *title, const ValueTable &t)
{
    out() << title << " (" << t.type << ")";
    if (!t.tabular) {
        out() << ":\n" << t.text << '\n';
        return;
    }
    out() << ", " << t.rows.size() << " x " << t.columns.size() << ", " << t.differing << " differing (*):\n";
    printTable(t);
}

} // namespace

int cmdValues(const QStringList &args)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("ASSIGNMENT"), QStringLiteral("Assignment folder or its assignment.json."));
    parser.addPositionalArgument(QStringLiteral("STUDENT"), QStringLiteral("Student id, as the gradebook has it (or in another Unicode form)."));
    parser.addPositionalArgument(QStringLiteral("CHECK"), QStringLiteral("A value check's id."));
    const QCommandLineOption gradebook = gradebookPathOption();
    parser.addOption(gradebook);
    if (int rc = parseOrExit(parser, args, QStringLiteral("Print a value check's expected and actual values in full, from the "
                                                          "student's latest run: arrays, Series and DataFrames as tables with "
                                                          "the cells the comparator finds different marked *."), 3);
        rc != ExitOk)
        return rc < 0 ? ExitOk : rc;
    const QStringList pos = parser.positionalArguments();
    auto opened = openAssignmentGradebook(pos.at(0), parser.value(gradebook), true);
    if (!opened) {
        return failWith(opened.error());
    }
    const Expected<QStringList> ids = gradebookStudentIds(*opened->gradebook, {pos.at(1)});
    if (!ids)
        return failWith(ids.error());
    const QString &student = ids->constFirst();
    const Expected<std::optional<EffectiveGrade>> grade = opened->gradebook->effectiveGrade(student);
    if (!grade) {
        return failWith(grade.error());
    }
    if (!*grade) {
        return failWith(Error{opened->gradebook->path(), {}, QStringLiteral("no run of student '%1'").arg(displayText(student))});
    }
    // No run folder: nothing ran. When the submission cannot run as handed in, say so, not "run it again".
    if ((*grade)->artifacts.isEmpty())
        if (const std::optional<Error> why = unrunnableSubmission(opened->assignment, student)) {
            return failWith(*why);
        }
    const Expected<ValuesComparison> values =
        runCheckValues(opened->assignment, pos.at(2), (*grade)->artifacts, (*grade)->referenceKey);
    if (!values) {
        return failWith(values.error());
    }
    out() << displayText(student) << ": check " << values->checkId << ", `" << values->variable << "` at probe '"
          << values->probe << "': " << outcomeName(values->comparison.outcome);
    if (!values->comparison.feedback.isEmpty())
        out() << " — " << values->comparison.feedback;
    out() << "\n\n";
    printSide("Expected", values->expected);
    out() << '\n';
    if (values->actualDefined)
        printSide("Actual", values->actual);
    else
        out() << "Actual: not defined\n";
    return ExitOk;
}

} // namespace sandmark::cli
