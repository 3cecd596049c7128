#pragma once
// nbgrader's `### AUTOTEST expr` and `### HASHED AUTOTEST expr` directives, expanded into test code the way
// nbgrader's generate_assignment does (its InstantiateTests preprocessor, nbgrader 0.9; the format of the course's
// autotests.yml is its documentation's "Automatic test code generation"). See docs/nbgrader.md, "AUTOTEST".
//
// The expansion has two halves with a sandbox run between them: planAutotests() reads the notebook and the
// templates and builds an evaluation notebook (the instructor's code, cut at each directive, and one cell per
// expression that evaluates the dispatch and the chosen tests in the kernel, as nbgrader does in its own kernel);
// after that notebook ran (runAutotestEvaluation(), autotest_run.h), readAutotestValues() takes the values from
// its outputs and expandAutotests() writes the expanded test cells.

#include "notebook/notebook.h"
#include "sandbox/executionrecord.h"
#include "util/expected.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace sandmark {

/// One `test`/`fail` pair of a type's templates in autotests.yml (Jinja text, see renderAutotestTemplate()).
struct AutotestTemplate
{
    QString test;
    QString fail;
};

/// One kernel's section of an autotests.yml (`python3:` …). The optional keys are unset when absent or null.
struct AutotestConfig
{
    QString file;   ///< the autotests.yml read (messages)
    QString kernel; ///< the section read: the notebook's kernelspec name
    std::optional<QString> setup, hash, success;
    QString dispatch, normalize, check;
    /// Per type name as the dispatch prints it ("int", "pandas.core.frame.DataFrame", "default"), in file order.
    QList<std::pair<QString, QList<AutotestTemplate>>> templates;

    /// The templates for `type`, else the `default` ones (nbgrader's lookup); nullptr when neither exists.
    const QList<AutotestTemplate> *templatesFor(const QString &type) const;
};

/// Reads the section `kernel` of the autotests.yml at `path` (YAML by yaml-cpp). Errors name the file and the
/// place: invalid YAML (line and column), no section for the kernel, a missing `dispatch`, `normalize`, `check`
/// or `templates`, a type without a list of `test`/`fail` pairs, a template using Jinja beyond `{{ name }}`.
/// Blocking file I/O; any thread.
Expected<AutotestConfig> loadAutotestConfig(const QString &path, const QString &kernel);

/// Where nbgrader looks for autotests.yml when it generates `assignmentFolder`: the folder itself, then the
/// course root (the folder holding `source/`, when `assignmentFolder` is `<course>/source/<name>`). Returns the
/// first that exists, else empty. Reads the file system; any thread.
QString findAutotestsFile(const QString &assignmentFolder);

/// Renders the Jinja template `text` with `vars` (name → value) as Jinja does for the templates autotests.yml
/// holds: each `{{ name }}` becomes its value (an unknown name: empty, Jinja's undefined), a single trailing
/// newline of the template is dropped (keep_trailing_newline off), values are not rendered again. Any other Jinja
/// syntax (`{%`, `{#`, filters, expressions) is an error naming `file` and `place`. Pure.
Expected<QString> renderAutotestTemplate(const QString &text, const QList<std::pair<QString, QString>> &vars,
                                         const QString &file, const QString &place);

/// nbgrader's salt for the cell at `index` (counting the header's cells before the notebook's) with `source`:
/// the SHA-256 of source + index as a number, modulo 10^6. The n-th hashed expression of the cell uses
/// hex(salt + n), n from 1. Pure.
int autotestCellSalt(const QString &source, int index);

/// True when nbgrader would expand `notebook`: a code cell whose source contains "AUTOTEST". Pure.
bool hasAutotest(const Notebook &notebook);

/// One expression of a directive, with everything rendered that does not depend on its value.
struct AutotestExpression
{
    int cell = -1;      ///< index in the problem notebook (the header not counted)
    int line = 0;       ///< 1-based line of the directive in that cell
    QString expression; ///< `squares(1)`
    QString salt;       ///< hex salt of a HASHED directive; empty otherwise
    QString dispatch;   ///< the dispatch code, rendered
    /// Per template type of the config (then "default"): the instantiated test codes and their fail messages.
    QList<std::pair<QString, QList<AutotestTemplate>>> tests;
};

/// A notebook's expansion before the values are known: the evaluation notebook and what its cells stand for.
struct AutotestPlan
{
    QString notebookPath; ///< the problem notebook (messages)
    QList<AutotestExpression> expressions;
    /// The nbgraderized notebook to run in a kernel: the header's and the notebook's code cut at each directive,
    /// the setup code, one evaluation cell per expression (printing `SANDMARK_AUTOTEST {json}`), the success code.
    QByteArray evaluationNotebook;
    /// Per cell of the evaluation notebook, what it runs, for errors ("problem1.ipynb cells[4]" or
    /// "problem1.ipynb cells[4], line 2: ### AUTOTEST squares(1)").
    QStringList origins;
    int directives = 0; ///< directive lines
    /// Per problem-notebook cell that changes: its cell index and the lines of its expanded source, where an entry
    /// `\x01N` stands for expression N's test lines, filled in by expandAutotests().
    QList<std::pair<int, QStringList>> cells;
};

/// Plans the expansion of `notebook` (at `path`) with `config`; `header` (may be null) is the course header nbgrader
/// prepends, whose cells run first and count in the salt's cell index. Errors name the notebook, the cell and
/// the line: a directive outside a test (autograder) cell, a HASHED directive without a `hash` template, an empty
/// expression, a template error. Pure.
Expected<AutotestPlan> planAutotests(const Notebook &notebook, const QString &path, const Notebook *header,
                                     const AutotestConfig &config);

/// What the kernel gave for one expression: the type whose templates applied and each test's value (nbgrader's
/// sanitized text/plain; "None" when the test showed no result).
struct AutotestValues
{
    QString type;
    QStringList values;
};

/// Reads the values from the executed evaluation notebook (`executedJson`) and its execution record (`record`,
/// docs/runner-protocol.md). An instructor cell or an expression that raised, a dispatch type without templates
/// and no `default`, or a run that stopped is an error naming the problem notebook's cell and line. Pure.
Expected<QList<AutotestValues>> readAutotestValues(const AutotestPlan &plan, const QByteArray &executedJson,
                                                   const ExecutionRecord &record, const AutotestConfig &config);

/// `notebook` with each directive cell's source replaced by its expansion (check template per test, the setup
/// code before the cell's first directive, the success code last), as nbgrader's release holds it before
/// solutions and hidden tests are cleared. Pure.
Expected<Notebook> expandAutotests(const Notebook &notebook, const AutotestPlan &plan, const QList<AutotestValues> &values,
                                   const AutotestConfig &config);

} // namespace sandmark
