// sandmark-cli values ASSIGNMENT STUDENT CHECK [--gradebook PATH]
#include "batch/recordedvalues.h"
#include "cli_util.h"
#include "commands.h"
#include "util/displaytext.h"

namespace sandmark::cli {

namespace {

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
    parser.addPositionalArgument(QStringLiteral("STUDENT"), QStringLiteral("Student id, as the gradebook has it."));
    parser.addPositionalArgument(QStringLiteral("CHECK"), QStringLiteral("A value check's id."));
    const QCommandLineOption gradebook = gradebookPathOption();
    parser.addOption(gradebook);
    if (int rc = parseOrExit(parser, args, QStringLiteral("Print a value check's expected and actual values in full, from the "
                                                          "student's latest run: arrays, Series and DataFrames as tables with "
                                                          "the cells the comparator finds different marked *."), 3);
        rc != ExitOk)
        return rc < 0 ? ExitOk : rc;
    const QStringList pos = parser.positionalArguments();
    auto opened = openAssignmentGradebook(pos.at(0), parser.value(gradebook));
    if (!opened) {
        printError(opened.error());
        return ExitBadInput;
    }
    const Expected<std::optional<EffectiveGrade>> grade = opened->gradebook->effectiveGrade(pos.at(1));
    if (!grade) {
        printError(grade.error());
        return ExitBadInput;
    }
    if (!*grade) {
        printError(Error{opened->gradebook->path(), {}, QStringLiteral("no run of student '%1'").arg(displayText(pos.at(1)))});
        return ExitBadInput;
    }
    const Expected<ValuesComparison> values =
        runCheckValues(opened->assignment, pos.at(2), (*grade)->artifacts, (*grade)->referenceKey);
    if (!values) {
        printError(values.error());
        return ExitBadInput;
    }
    out() << displayText(pos.at(1)) << ": check " << values->checkId << ", `" << values->variable << "` at probe '"
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
