// sandmark-cli merge OUT.sqlite IN.sqlite…: joins gradebooks (shards) into OUT.
#include "cli_util.h"
#include "commands.h"
#include "gradebook/gradebook.h"

namespace sandmark::cli {

int cmdMerge(const QStringList &args)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("OUT"), QStringLiteral("The gradebook to merge into (created when missing)."));
    parser.addPositionalArgument(QStringLiteral("IN"), QStringLiteral("Gradebooks to merge (e.g. one per shard)."),
                                 QStringLiteral("IN…"));
    if (int rc = parseOrExit(parser, args,
                             QStringLiteral("Merge gradebooks: every run and override of each IN that OUT lacks is added; "
                                            "merging the same file twice adds nothing."),
                             -1);
        rc != ExitOk)
        return rc < 0 ? ExitOk : rc;
    const QStringList positional = parser.positionalArguments();
    if (positional.size() < 2) {
        err() << "sandmark-cli: merge: expected OUT IN… (see 'sandmark-cli merge --help')" << Qt::endl;
        return ExitUsage;
    }
    auto gb = Gradebook::open(positional.at(0));
    if (!gb) {
        printError(gb.error());
        return ExitBadInput;
    }
    for (qsizetype i = 1; i < positional.size(); ++i) {
        Expected<MergeStats> s = (*gb)->mergeFrom(positional.at(i));
        if (!s) {
            printError(s.error());
            return ExitBadInput;
        }
        out() << positional.at(i) << ": " << s->runsAdded << " run(s) added, " << s->runsPresent << " already present; "
              << s->overridesAdded << " override(s) added, " << s->overridesPresent << " already present\n";
    }
    out().flush();
    return ExitOk;
}

} // namespace sandmark::cli
