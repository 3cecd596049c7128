// sandmark-cli merge OUT.sqlite IN.sqlite…: joins gradebooks (shards) into OUT.
#include "cli_util.h"
#include "commands.h"
#include "gradebook/gradebook.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>

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
    // Every input is checked (read-only) before OUT is touched: a bad input leaves no OUT behind.
    for (qsizetype i = 1; i < positional.size(); ++i) {
        if (Expected<int> v = Gradebook::checkExisting(positional.at(i)); !v) {
            printError(v.error());
            return ExitBadInput;
        }
    }
    // A new OUT is built under a temporary name beside it and renamed into place when every merge succeeded;
    // an existing OUT gets one transaction per input (each merge is all or nothing).
    const QFileInfo outInfo(positional.at(0));
    const QString outPath = outInfo.absoluteFilePath();
    const bool existed = outInfo.exists();
    const QString target = existed ? outPath
                                   : outInfo.absolutePath() + QStringLiteral("/.%1.merging-%2")
                                                                  .arg(outInfo.fileName())
                                                                  .arg(QCoreApplication::applicationPid());
    auto discard = [&] {
        if (!existed)
            Gradebook::removeFiles(target);
    };
    QStringList lines;
    {
        auto gb = Gradebook::open(target);
        if (!gb) {
            Error e = gb.error();
            e.file = outPath;
            printError(e);
            discard();
            return ExitBadInput;
        }
        for (qsizetype i = 1; i < positional.size(); ++i) {
            Expected<MergeStats> s = (*gb)->mergeFrom(positional.at(i));
            if (!s) {
                Error e = s.error();
                if (e.file == target)
                    e.file = outPath;
                gb->reset();
                printError(e);
                discard();
                return ExitBadInput;
            }
            lines << QStringLiteral("%1: %2 run(s) added, %3 already present; %4 override(s) added, %5 already present")
                         .arg(positional.at(i))
                         .arg(s->runsAdded)
                         .arg(s->runsPresent)
                         .arg(s->overridesAdded)
                         .arg(s->overridesPresent);
        }
    } // closed (WAL checkpointed) before the rename
    if (!existed && !QFile::rename(target, outPath)) {
        discard();
        printError(Error{outPath, {}, QStringLiteral("cannot create it (a file appeared there while merging, or the "
                                                     "folder is not writable)")});
        return ExitBadInput;
    }
    for (const QString &l : std::as_const(lines))
        out() << l << '\n';
    out().flush();
    return ExitOk;
}

} // namespace sandmark::cli
