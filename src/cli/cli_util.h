#pragma once
// Small helpers shared by the CLI commands: parsing, error lines, output files.

#include "util/expected.h"

#include <QCommandLineParser>
#include <QTextStream>

#include <memory>

namespace sandmark {
class Assignment;
class Gradebook;
}

namespace sandmark::cli {

QTextStream &out();
QTextStream &err();

/// Prints "sandmark-cli: <file>: <place>: <message>" on stderr.
void printError(const Error &error);

/// Parses `args` with `parser` (adds --help). Returns ExitOk to continue, or the exit code to return now
/// (ExitUsage after printing the problem, ExitOk after --help). `positional` is the exact count required,
/// or -1 to skip the check; `usage` is e.g. "ASSIGNMENT NOTEBOOK".
int parseOrExit(QCommandLineParser &parser, const QStringList &args, const QString &description, int positional);

/// Writes `data` to `path` atomically, or to stdout when `path` is empty or "-".
Expected<void> writeOutput(const QString &path, const QByteArray &data);

/// Opens the gradebook of `assignment` (its default path, or `explicitPath` when not empty) for commands
/// that read or amend grades (export, override): it must exist already. Errors name the gradebook file
/// ("no gradebook yet (grade the submissions first)").
Expected<std::unique_ptr<Gradebook>> openExistingGradebook(const Assignment &assignment, const QString &explicitPath);

/// The HF_HOME a run binds read-only: `explicitDir` when not empty; else, for an assignment that lists
/// required_datasets, HubCache::defaultHome() (the folder `datasets warm` fills, and the app's default) when
/// it exists; else none (empty).
QString datasetCacheFor(const Assignment &assignment, const QString &explicitDir);

} // namespace sandmark::cli
