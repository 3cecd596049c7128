// sandmark-cli strip NOTEBOOK [-o FILE]
#include "cli_util.h"
#include "commands.h"
#include "notebook/instrument.h"

namespace sandmark::cli {

int cmdStrip(const QStringList &args)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("NOTEBOOK"), QStringLiteral("An instrumented notebook."));
    const QCommandLineOption output({QStringLiteral("o"), QStringLiteral("output")},
                                    QStringLiteral("Write here instead of stdout."), QStringLiteral("FILE"));
    parser.addOption(output);
    if (int rc = parseOrExit(parser, args, QStringLiteral("Remove exactly the cells Sandmark injected."), 1);
        rc != ExitOk)
        return rc < 0 ? ExitOk : rc;
    if (outputIsAFolder(QStringLiteral("strip"), parser.value(output)))
        return ExitUsage;
    auto nb = Notebook::load(parser.positionalArguments().at(0));
    if (!nb) {
        return failWith(nb.error());
    }
    const QString path = parser.positionalArguments().at(0);
    for (const QString &r : nb->repairs())
        err() << "sandmark-cli: note: " << path << ": " << r << Qt::endl;
    const Notebook stripped = strip(*nb);
    const QString to = parser.value(output);
    if (auto w = writeOutput(to, stripped.toJson()); !w) {
        return failWith(w.error());
    }
    if (!to.isEmpty() && to != QLatin1String("-")) // stdout is free: say what was written
        out() << "removed " << nb->cellCount() - stripped.cellCount() << " injected cell(s); " << stripped.cellCount()
              << " cell(s) written to " << to << '\n';
    return ExitOk;
}

} // namespace sandmark::cli
