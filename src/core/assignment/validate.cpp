#include "assignment/validate.h"

#include "checks/codesyntax.h"
#include "checks/registry.h"

#include "notebook/notebook_p.h"
#include "notebook/release.h"

#include <algorithm>

#include <QFileInfo>
#include <QStandardPaths>

namespace sandmark {

namespace {

/// An error per check whose Python code (a field of its kind of type Code: a test check's "code") does not
/// compile in the assignment's interpreter (compileAllBlocking(), one process for all): such a check fails for
/// every submission, the reference run included. An interpreter that cannot check is one warning.
QList<Problem> codeSyntaxProblems(const Assignment &assignment)
{
    const QList<Check> checks = assignment.checks();
    QList<CodeToCompile> codes;
    QList<qsizetype> positions;
    for (qsizetype i = 0; i < checks.size(); ++i) {
        const QList<CheckField> fields = checkKind(checks.at(i)).fields();
        const bool hasCode = std::any_of(fields.cbegin(), fields.cend(), [](const CheckField &f) {
            return f.type == CheckField::Type::Code && f.key == QLatin1String("code");
        });
        if (hasCode && !checks.at(i).code.trimmed().isEmpty()) {
            codes.append({checks.at(i).id, checks.at(i).code});
            positions << i;
        }
    }
    if (codes.isEmpty())
        return {};
    const QString file = assignment.displayPath(QFileInfo(assignment.jsonPath()).fileName());
    const auto compiled = compileAllBlocking(syntaxCheckPython(assignment.python()), codes);
    if (!compiled)
        return {{Problem::Severity::Warning,
                 Error{file, QStringLiteral("checks"),
                       QStringLiteral("%1; the checks' code is not checked").arg(compiled.error().toString())}}};
    QList<Problem> problems;
    for (qsizetype k = 0; k < codes.size(); ++k) {
        if (const std::optional<PythonSyntaxError> &e = compiled->at(k))
            problems.append({Problem::Severity::Error,
                             Error{file, QStringLiteral("checks[%1].code").arg(positions.at(k)),
                                   QStringLiteral("the test code of '%1' does not compile: %2; the check would fail for "
                                                  "every submission")
                                       .arg(codes.at(k).label, e->toString())}});
    }
    return problems;
}

/// An error per code cell of the instructor notebook `nb` (shown as `path`) whose source holds a NUL character:
/// Python cannot compile it (the runner fails such a cell at once), so the reference run would fail there and every
/// check after it with it. Named by cell, line and column.
QList<Problem> nulCharacterProblems(const Notebook &nb, const QString &path)
{
    QList<Problem> problems;
    for (int i = 0; i < nb.cellCount(); ++i) {
        if (nb.cellType(i) != CellType::Code)
            continue;
        const QString source = nb.cellSource(i);
        const qsizetype at = source.indexOf(QChar(0));
        if (at < 0)
            continue;
        const qsizetype lineStart = source.lastIndexOf(QLatin1Char('\n'), at) + 1;
        problems.append({Problem::Severity::Error,
                         Error{path, QStringLiteral("cells[%1]").arg(i),
                               QStringLiteral("line %1, column %2: a NUL character (U+0000), which Python cannot compile: "
                                              "remove it (the reference run would fail here)")
                                   .arg(source.left(at).count(QLatin1Char('\n')) + 1)
                                   .arg(at - lineStart + 1)}});
    }
    return problems;
}

} // namespace

QList<Problem> validateAssignment(const Assignment &assignment)
{
    QList<Problem> problems;
    auto warn = [&](const QString &text) {
        problems.append({Problem::Severity::Warning, Error{{}, {}, text}});
    };
    for (const QString &w : assignment.warnings())
        warn(w);

    QList<Notebook> notebooks;
    for (const QString &rel : assignment.notebooks()) {
        const QString path = assignment.displayPath(rel); // named as the user named the assignment
        auto nb = Notebook::load(assignment.absolute(rel));
        if (!nb) {
            Error e = nb.error();
            e.file = path;
            problems.append({Problem::Severity::Error, e});
            continue;
        }
        for (const QString &r : nb->repairs())
            problems.append({Problem::Severity::Warning, Error{path, {}, r}});
        problems << nulCharacterProblems(*nb, path);
        auto released = makeRelease(*nb, path);
        if (!released)
            problems.append({Problem::Severity::Error, released.error()});
        else
            for (const QString &w : released->warnings)
                warn(w);
        notebooks << *nb;
    }

    // The environment's base interpreter must exist on this machine (a path) or be found on PATH (a name).
    if (const QString python = assignment.python(); !python.isEmpty()) {
        const QString where = assignment.displayPath(QFileInfo(assignment.jsonPath()).fileName());
        QString why;
        if (!python.contains(QLatin1Char('/'))) {
            if (QStandardPaths::findExecutable(python).isEmpty())
                why = QStringLiteral("'%1' is not found on PATH; give the interpreter's full path").arg(python);
        } else {
            const QFileInfo fi(python);
            if (!fi.exists())
                why = QStringLiteral("'%1' does not exist").arg(python);
            else if (!fi.isFile() || !fi.isExecutable())
                why = QStringLiteral("'%1' is not an executable file").arg(python);
        }
        if (!why.isEmpty())
            problems.append({Problem::Severity::Error, Error{where, QStringLiteral("python"), why}});
    }

    const QList<Check> checks = assignment.checks();
    for (int i = 0; i < checks.size(); ++i) {
        const Check &c = checks.at(i);
        if (c.anchor.isEmpty() || notebooks.isEmpty())
            continue;
        bool found = false;
        for (const Notebook &nb : std::as_const(notebooks))
            found = found || nb.findAnchor(c.anchor) >= 0;
        if (!found)
            problems.append({Problem::Severity::Error,
                             Error{assignment.displayPath(QFileInfo(assignment.jsonPath()).fileName()), QStringLiteral("checks[%1].anchor").arg(i),
                                   QStringLiteral("no cell of the instructor notebooks is named '%1' (grade_id, "
                                                  "cell id or tag)")
                                       .arg(c.anchor)}});
    }
    problems << codeSyntaxProblems(assignment);
    if (checks.isEmpty())
        warn(QStringLiteral("%1: checks: the assignment has no checks yet; every submission would score 0 of 0")
                 .arg(assignment.displayPath(QFileInfo(assignment.jsonPath()).fileName())));
    return problems;
}

QList<Problem> reassignedValueWarnings(const Assignment &assignment, const Notebook &instructor,
                                       const QList<AssignedName> &assigned)
{
    QList<Problem> problems;
    const QString file = assignment.displayPath(QFileInfo(assignment.jsonPath()).fileName());
    const QList<Check> checks = assignment.checks();
    for (int i = 0; i < checks.size(); ++i) {
        const Check &c = checks.at(i);
        const std::optional<ProbedName> probed = checkKind(c).probed(c);
        if (!probed || !probed->anchor.isEmpty())
            continue;
        QList<int> cells; // the cells that assign the name, in order, each once
        for (const AssignedName &a : assigned)
            if (a.name == probed->variable && !cells.contains(a.cell))
                cells << a.cell;
        if (cells.size() < 2)
            continue;
        const auto answer = std::find_if(cells.cbegin(), cells.cend(), [&](int cell) {
            return cell < instructor.cellCount() && isSolutionCell(instructor, cell);
        });
        const int question = answer != cells.cend() ? *answer : cells.first();
        QStringList later;
        for (int cell : std::as_const(cells))
            if (cell > question)
                later << QStringLiteral("cells[%1]").arg(cell);
        if (later.isEmpty())
            continue;
        QString name = nbgraderText(instructor, question, "grade_id");
        if (name.isEmpty())
            name = instructor.cellId(question);
        const QString fix = name.isEmpty() ? QStringLiteral("give that cell an id or a tag and name it as \"anchor\"")
                                           : QStringLiteral("set \"anchor\": \"%1\"").arg(name);
        problems.append({Problem::Severity::Warning,
                         Error{file, QStringLiteral("checks[%1]").arg(i),
                               QStringLiteral("`%1` is assigned in cells[%2] and again in %3; without an anchor the "
                                              "value compared is the one at the end of the notebook (from %4), not "
                                              "the one cells[%2] leaves: %5 to compare that one")
                                   .arg(c.variable)
                                   .arg(question)
                                   .arg(later.join(QLatin1String(", ")), later.last(), fix)}});
    }
    return problems;
}

} // namespace sandmark
