// sandmark-cli instrument ASSIGNMENT NOTEBOOK [-o FILE]
#include "assignment/plan.h"
#include "cli_util.h"
#include "commands.h"

#include <QRegularExpression>

namespace sandmark::cli {

int cmdInstrument(const QStringList &args)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("ASSIGNMENT"), QStringLiteral("Assignment folder or its assignment.json."));
    parser.addPositionalArgument(QStringLiteral("NOTEBOOK"), QStringLiteral("The notebook to instrument (a submission)."));
    const QCommandLineOption output({QStringLiteral("o"), QStringLiteral("output")},
                                    QStringLiteral("Write here instead of stdout."), QStringLiteral("FILE"));
    const QCommandLineOption runtime(QStringLiteral("runtime-dir"),
                                     QStringLiteral("Folder of the probe runtime as the kernel sees it "
                                                    "(default /sandmark/runtime, as in the sandbox)."),
                                     QStringLiteral("DIR"), QStringLiteral("/sandmark/runtime"));
    const QCommandLineOption nonce(QStringLiteral("nonce"),
                                   QStringLiteral("Probe nonce (hex); random by default. For reproducible output."),
                                   QStringLiteral("HEX"));
    parser.addOptions({output, runtime, nonce});
    if (int rc = parseOrExit(parser, args, QStringLiteral("Write a notebook with Sandmark's cells injected: the "
                                                          "data-URL redirect first, probes and tests last."), 2);
        rc != ExitOk)
        return rc < 0 ? ExitOk : rc;

    // A malformed --nonce is a command-line mistake (exit 2), not a problem of the notebook.
    static const QRegularExpression nonceRe(QStringLiteral("^[0-9a-f]{16,64}$"));
    if (parser.isSet(nonce) && !nonceRe.match(parser.value(nonce)).hasMatch()) {
        err() << "sandmark-cli: instrument: --nonce must be 16 to 64 lowercase hex characters, got '"
              << parser.value(nonce) << "' (see 'sandmark-cli instrument --help')" << Qt::endl;
        return ExitUsage;
    }
    if (outputIsAFolder(QStringLiteral("instrument"), parser.value(output)))
        return ExitUsage;

    auto assignment = Assignment::load(parser.positionalArguments().at(0));
    if (!assignment) {
        return failWith(assignment.error());
    }
    const QString path = parser.positionalArguments().at(1);
    // Only SQLite opens a gradebook (docs/gradebook.md, "POSIX locks"): the assignment's, named as the notebook, is refused unread.
    if (!mayReadAsInput(path, Gradebook::defaultPath(assignment->folder()), QStringLiteral("a notebook")))
        return ExitBadInput;
    auto nb = Notebook::load(path);
    if (!nb) {
        return failWith(nb.error());
    }
    const QString n = parser.isSet(nonce) ? parser.value(nonce) : makeNonce();
    auto result = instrument(*nb, instrumentOptionsFor(*assignment, parser.value(runtime), n));
    if (!result) {
        Error e = result.error();
        e.file = e.file.isEmpty() ? path : e.file;
        return failWith(e);
    }
    for (const QString &r : nb->repairs() + result->notes) {
        out().flush();
        err() << "sandmark-cli: note: " << path << ": " << r << Qt::endl;
    }
    const QString to = parser.value(output);
    if (auto w = writeOutput(to, result->notebook.toJson()); !w) {
        return failWith(w.error());
    }
    if (!to.isEmpty() && to != QLatin1String("-")) // stdout is free: say what was written
        out() << "instrumented notebook written to " << to << ": " << nb->cellCount() << " cell(s) of " << path << " and "
              << result->notebook.cellCount() - nb->cellCount() << " injected (strip removes exactly those)\n";
    return ExitOk;
}

} // namespace sandmark::cli
