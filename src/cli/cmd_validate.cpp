// sandmark-cli validate ASSIGNMENT
#include "assignment/validate.h"
#include "cli_util.h"
#include "commands.h"

namespace sandmark::cli {

int cmdValidate(const QStringList &args)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("ASSIGNMENT"), QStringLiteral("Assignment folder or its assignment.json."));
    if (int rc = parseOrExit(parser, args, QStringLiteral("Check an assignment folder, its assignment.json and its "
                                                          "instructor notebooks."), 1);
        rc != ExitOk)
        return rc < 0 ? ExitOk : rc;

    QList<Error> loadErrors;
    auto assignment = Assignment::load(parser.positionalArguments().at(0), &loadErrors);
    if (!assignment) {
        for (const Error &e : std::as_const(loadErrors))
            printError(e);
        return ExitBadInput;
    }
    const QList<Problem> problems = validateAssignment(*assignment);
    int errors = 0;
    for (const Problem &p : problems) {
        if (p.severity == Problem::Severity::Error) {
            ++errors;
            printError(p.where);
        } else {
            out().flush();
            err() << "sandmark-cli: warning: " << p.where.toString() << Qt::endl;
        }
    }
    const Assignment &a = *assignment;
    out() << "assignment " << a.slug() << " (" << a.title() << ")\n"
          << "  notebooks:     " << a.notebooks().join(QLatin1String(", ")) << '\n'
          << "  data files:    " << a.dataFiles().size() << '\n'
          << "  checks:        " << a.checks().size() << " (" << a.maxPoints() << " points)\n"
          << "  datasets:      " << a.requiredDatasets().size() << '\n'
          << (errors ? "INVALID: " : "valid: ") << errors << " error(s), " << problems.size() - errors
          << " warning(s)\n";
    out().flush();
    return errors ? ExitBadInput : ExitOk;
}

} // namespace sandmark::cli
