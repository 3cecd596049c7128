#pragma once
// An assignment folder and its assignment.json (format: docs/assignment-format.md).

#include "assignment/limits.h"
#include "sandbox/sandboxkind.h"
#include "util/expected.h"

#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>
#include <QVariantMap>

#include <optional>

namespace sandmark {

namespace detail {
struct AssignmentLoader; // assignment.cpp: reads assignment.json's fields
} // namespace detail

/// A file the assignment supplies to every run (copied into each working directory), and the data URLs
/// that read it instead of the network.
struct DataFile
{
    QString path;     ///< relative to the assignment folder, '/'-separated, validated to stay inside it
    QStringList urls; ///< exact URLs redirected to this file; any URL with the same file name is too
};

/// The newest assignment.json format this Sandmark reads and writes (docs/assignment-format.md): 2, problem sets
/// (checks tied to notebooks by "notebook"). Format 1 files load unchanged (migrated in memory).
inline constexpr int kAssignmentFormat = 2;

/// The most points one check may be worth (docs/assignment-format.md "Checks"): a larger "points" is refused
/// by the loader naming its field path, so a total, a score and every export stay finite numbers.
inline constexpr double kMaxCheckPoints = 1e6;

/// One graded item.
struct Check
{
    /// The check's kind: the key of its CheckKind (checks/registry.h), which says what the kind means. A new
    /// kind adds its key here, its file in checks/ and its line in checks/registry.cpp.
    enum class Type {
        Value,  ///< probe a variable, compare with the reference (checks/valuecheck.cpp)
        Test,   ///< run instructor assertion code; passes when it raises nothing (checks/testcheck.cpp)
        Manual, ///< a person grades the answer cell `anchor` (nbgrader's manually graded answers; manualcheck.cpp)
        Otter,  ///< Otter-Grader test cases of one question, run as a test check (checks/ottercheck.cpp)
    };
    QString id;
    Type type = Type::Value;
    double points = 1;
    QString variable; ///< value checks: the probed Python name
    QString anchor;   ///< value/manual checks: answer cell (grade_id, cell id or tag); value: empty = end
    QString code;     ///< test checks: assertion code run after the student's code
    QString gradeId;  ///< test checks from nbgrader: the test cell's grade_id (replaced in place)
    QString after;    ///< test checks from nbgrader: the cell the test cell follows; otter: the answer cell
    QString question; ///< otter checks: the Otter question the cases belong to (their group)
    /// Test checks from nbgrader AUTOTEST cells: the expressions `code` was expanded from, one per expression as
    /// nbgrader's directive names it ("AUTOTEST squares(3)", "HASHED AUTOTEST len(squares(4))"); empty otherwise.
    QStringList autotest;
    /// The instructor notebook the check belongs to, relative to the assignment folder, as notebooks() lists it:
    /// the check's "notebook"; without one (a single-notebook assignment, or a format 1 file), the first notebook.
    /// Always set on a loaded assignment.
    QString notebook;
    /// The check's JSON object as written (rtol, atol, comparator options, Otter's cases, …), as JSON in a QVariantMap
    /// (jsonutil::toVariant(); util/jsonvalue.h tells its JSON types): `.value("rtol").toDouble()` reads as it did.
    QVariantMap options;
    /// Value checks: whether the feedback names the expected (reference) value — "value -1.0 ≠ 0.9628…" —
    /// or only how the student's value differs from it. The check's "show_expected", else the assignment's;
    /// false by default: a value check's reference is the instructor's answer, hidden from the student, and
    /// feedback that prints it teaches the answer (security report). Test and manual checks: unused.
    bool showExpected = false;
};

/// Every top-level key of assignment.json, in the order docs/assignment-format.md lists them (any other key is an
/// "unknown field" warning; an editor adds a key at its place in this order). Pure.
const QStringList &assignmentFieldKeys();

/// True when `id` is a valid check id: 1-64 characters, letters (any script: a value check's default id is its
/// variable, `π_approx`), digits, combining marks, '.', '_' or '-', starting with a letter or digit.
bool isCheckId(const QString &id);

/// A loaded, validated assignment. Value type; thread-safe to copy.
class Assignment
{
public:
    /// Loads `path`: an assignment folder or its assignment.json. Errors name the file and the field path
    /// ("checks[2].points"); JSON syntax errors give line and column. Relative paths must stay inside the
    /// folder (symlinks resolved); referenced files must exist. Returns the first problem; `allErrors`, when
    /// given, receives every problem found (the first of each top-level field), in file order, for lists
    /// such as `validate` and the GUI's problem list. Blocking file I/O.
    static Expected<Assignment> load(const QString &path, QList<Error> *allErrors = nullptr);
    /// As load() reads `path`, from `bytes` instead of the file's contents (an edit checked before it is written:
    /// edit.h). The folder's other files (notebooks, data files) are read as load() reads them.
    static Expected<Assignment> fromBytes(const QString &path, const QByteArray &bytes, QList<Error> *allErrors = nullptr);

    QString folder() const { return m_folder; }       ///< absolute, clean
    QString jsonPath() const { return m_jsonPath; }   ///< absolute path of assignment.json
    QString slug() const { return m_slug; }
    QString title() const { return m_title; }
    /// The file format as written ("format"; 1 when absent). Format 1 files are migrated in memory: a check
    /// without "notebook" belongs to the first notebook. Format 2 (problem sets): with several notebooks, every
    /// check names its notebook.
    int format() const { return m_format; }
    /// Instructor notebooks, relative to folder(), in the assignment's order: the problem set. Each runs in a
    /// kernel of its own, in this order, in one run folder.
    QStringList notebooks() const { return m_notebooks; }
    /// More than one notebook: a submission is a folder with one notebook per instructor notebook.
    bool isProblemSet() const { return m_notebooks.size() > 1; }
    /// The checks of one notebook (Check::notebook == `notebook`), in assignment order.
    QList<Check> checksOf(const QString &notebook) const;
    /// Release folder name (relative to the output folder), default "release".
    QString releaseName() const { return m_releaseName; }
    QList<DataFile> dataFiles() const { return m_dataFiles; }
    /// pip requirement lines, as written.
    QStringList dependencies() const { return m_dependencies; }
    /// Base interpreter for the environment; empty = the user's setting (paths::defaultPython()).
    QString python() const { return m_python; }
    bool systemSitePackages() const { return m_systemSitePackages; }
    /// "<repo_id> <filename>" entries as written (parsed by the datasets module).
    QStringList requiredDatasets() const { return m_requiredDatasets; }
    /// Dataset functions to scan for, e.g. "localizer.get_file".
    QStringList datasetFunctions() const { return m_datasetFunctions; }
    Limits limits() const { return m_limits; }
    /// The backend assignment.json asks for; empty optional = the user's default.
    std::optional<SandboxKind> sandbox() const { return m_sandbox; }
    /// The Docker base image assignment.json asks for (`docker_image`); empty = the user's default.
    QString dockerImage() const { return m_dockerImage; }
    QList<Check> checks() const { return m_checks; }
    double maxPoints() const;
    /// Unknown top-level fields, each "field: unknown, ignored" (kept in the file, never lost).
    QStringList warnings() const { return m_warnings; }
    /// Imported from nbgrader (`sandmark-cli import nbgrader` writes the `nbgrader` section).
    bool fromNbgrader() const { return m_fromNbgrader; }
    /// Imported from Otter-Grader (`sandmark-cli import otter` writes the `otter` section; docs/otter.md).
    bool fromOtter() const { return m_fromOtter; }
    /// Variables every run of this assignment (the reference run included) gets in its environment:
    /// NBGRADER_EXECUTION=autograde for an assignment imported from nbgrader, the value nbgrader's autograder sets
    /// (nbgrader/converters/autograde.py), which some course notebooks test; for one imported from Otter,
    /// SANDMARK_OTTER=1 and Otter's seed (SANDMARK_OTTER_SEED, SANDMARK_OTTER_SEED_VARIABLE) for the runner.
    QMap<QString, QString> runEnvironment() const;

    /// Absolute path of a path relative to folder().
    QString absolute(const QString &relative) const;
    /// A path relative to folder() as the user would name it in messages: under the folder as it was given
    /// to load() (relative stays relative: "assignments/hw1/hw.ipynb"), clean.
    QString displayPath(const QString &relative) const;

private:
    friend struct detail::AssignmentLoader;
    QString m_folder, m_shownFolder, m_jsonPath, m_slug, m_title, m_releaseName = QStringLiteral("release"), m_python, m_dockerImage;
    QStringList m_notebooks, m_dependencies, m_requiredDatasets, m_datasetFunctions, m_warnings;
    QList<DataFile> m_dataFiles;
    bool m_systemSitePackages = true;
    bool m_fromNbgrader = false;
    int m_format = 1;
    bool m_fromOtter = false;
    QString m_otterSeed, m_otterSeedVariable;
    Limits m_limits;
    std::optional<SandboxKind> m_sandbox;
    QList<Check> m_checks;
};

/// Resolves `relative` inside `folder`, refusing absolute paths, `..` escapes and symlinks that lead outside.
/// Returns the absolute clean path. `field` names the place for the Error.
Expected<QString> resolveInside(const QString &folder, const QString &relative, const QString &file,
                                const QString &field);

} // namespace sandmark
