#pragma once
// Editing assignment.json in place: the assignment's own fields (title, notebooks, data files, …) and its checks,
// every other key kept.

#include "assignment/assignment.h"
#include "util/expected.h"
#include "util/jsonvalue.h"

#include <QMap>
#include <QString>
#include <QStringList>
#include <QVariant>

#include <optional>

namespace sandmark {

/// Changes to one check's keys (the app's check editor, `sandmark-cli checks edit`).
struct CheckEdit
{
    /// Keys to change: "points" or one of the kind's CheckKind::fields() (rtol, exact_type, code, …) → the new
    /// value, JSON in a QVariant (util/jsonvalue.h: a number, a bool, a QString); a null value (jsonvalue::null(), or
    /// QVariant()) removes the key, so that its default applies again; a key not in the map is left as it is. "id"
    /// and "type" are not editable (the gradebook keeps results and overrides by id).
    QMap<QString, QVariant> changes;
    /// Keys to change given as text (`sandmark-cli checks edit --set KEY=VALUE`), parsed by the field's type
    /// (parseCheckFieldValue()) once editCheck() knows the check's kind.
    QMap<QString, QString> textChanges;
    /// The id of the check at the index given when it was read (the app's list, the CLI's lookup): editCheck()
    /// edits the check with this id even when another edit has moved it since, and refuses ("no check has the id
    /// … any more") when it is gone. Empty: the index alone.
    QString checkId;

    void set(const QString &key, const QVariant &value) { changes.insert(key, value); }
    void setText(const QString &key, const QString &text) { textChanges.insert(key, text); }
    void unset(const QString &key) { changes.insert(key, jsonvalue::null()); }
    bool isEmpty() const { return changes.isEmpty() && textChanges.isEmpty(); }
};

/// Applies `edit` to `checks[index]` (the check `edit.checkId` when set) of the assignment.json at `jsonPath`. Read,
/// change and write hold the assignment's edit lock (assignment/editlock.h), as every editor here does: edits at
/// once, from the app and the CLI, all land. Other keys, other checks and the
/// key order are kept; written atomically (QSaveFile) against the file's text, so that only the changed
/// members are written anew, in the file's own style, and everything else stays byte for byte as written. The edited
/// entry is read again by the loader's own reader before anything is written, so the file never holds a check
/// the loader refuses. Errors name the file and the field ("checks[3].rtol"): no such check, a key the kind does
/// not have ("a test check has no tolerance"), a value of the wrong type or range, a required field removed, an
/// "anchor" that names no cell of the instructor notebooks (as `validate` requires), a file that does not parse.
/// Returns whether the file was written: false when the check already had these values (the file is left untouched).
/// Blocking file I/O: call it off the GUI thread.
Expected<bool> editCheck(const QString &jsonPath, int index, const CheckEdit &edit);

/// A check to append to "checks" (docs/assignment-format.md, "Checks"). Value and test checks only.
struct NewCheck
{
    Check::Type type = Check::Type(); ///< the kind (checks/registry.h); Check's default until set
    QString id;       ///< 1-64 letters, digits, '.', '_', '-' (first a letter or digit); unique among the checks
    QString variable; ///< value: the probed Python variable name
    QString anchor;   ///< value, optional: the answer cell the probe runs after
    QString code;     ///< test: the assertion code, not empty
    double points = 1; ///< finite, >= 0
    std::optional<double> rtol; ///< value only; finite, >= 0
    std::optional<double> atol; ///< value only; finite, >= 0
    /// The instructor notebook the check grades (written as "notebook" after the kind's keys when set); needed in
    /// a problem set (several notebooks) of format 2, which Assignment::load checks when the file is next read.
    QString notebook;
};

/// Appends `check` to "checks" of the assignment.json at `jsonPath` (creating the list when absent) and
/// returns its index. The object is written with explicit keys in the order id, type, variable, points,
/// rtol, atol, anchor (value) or id, type, points, code (test); integral numbers as JSON integers.
/// Everything else is kept byte for byte; the new entry follows its siblings' style; written atomically. Refused with an
/// Error naming the file and the field ("checks[4].id"): an id that is invalid or already taken (the ids
/// the assignment loader would give, defaults included), a variable that is not a Python identifier,
/// negative or non-finite points or tolerances, a tolerance or anchor on a test check, an anchor that names no
/// cell of the instructor notebooks, empty test code,
/// a manual check, a file that does not parse or whose "checks" is not a list. A refused call leaves the
/// file untouched. Blocking file I/O: call it off the GUI thread.
Expected<int> addCheck(const QString &jsonPath, const NewCheck &check);

/// Removes `checks[index]` — the check `checkId` names when given, wherever another edit has moved it (an Error when
/// it is gone). Test checks after it whose id was implicit ("test-N", numbered by position)
/// get their id written out, so their ids — and their gradebook history — stay the same. Errors name the
/// file and "checks[index]". The entry goes with its separator, the rest stays as written. Atomic; blocking file I/O.
Expected<void> removeCheck(const QString &jsonPath, int index, const QString &checkId = {});

/// The ids of the checks in file order, as the assignment loader gives them (explicit "id", else the
/// variable, the anchor or "test-N"). Reads only "checks"; the rest of the file need not be valid.
Expected<QStringList> checkIds(const QString &jsonPath);

/// `base` made into a valid check id not in `taken`: characters outside [A-Za-z0-9._-] become '_', a
/// leading non-alphanumeric run is dropped (an empty result becomes "check"), then "-2", "-3", … is added
/// until it is free; at most 64 characters. Pure function.
QString uniqueCheckId(const QString &base, const QStringList &taken);

/// Changes to assignment.json's own (top-level) fields: the app's assignment settings, `sandmark-cli assignment`.
struct AssignmentEdit
{
    /// Key → the new value, JSON in a QVariant (util/jsonvalue.h); a null value (jsonvalue::null(), or QVariant())
    /// removes the key, so that its default applies again. Keys: editableAssignmentKeys() — "title", "sandbox",
    /// "docker_image" (QString), "notebooks", "dependencies", "required_datasets" (QStringList, or a QVariantList of
    /// strings), "data_files" (the whole list, a QVariantList of entries as dataFileJson() writes them), and
    /// "limits.<key>" for each key of kLimitFields (a number).
    QMap<QString, QVariant> changes;

    void set(const QString &key, const QVariant &value) { changes.insert(key, value); }
    void unset(const QString &key) { changes.insert(key, jsonvalue::null()); }
    bool isEmpty() const { return changes.isEmpty(); }
};

/// The keys AssignmentEdit takes, in file-format order, limits as "limits.<key>". Pure.
QStringList editableAssignmentKeys();

/// A data_files entry as the editors write it: the path alone (a QString), or {"path", "urls"} when it has URLs (a
/// QVariantMap). Pure.
QVariant dataFileJson(const DataFile &file);

/// `text` as the value of `key` (`sandmark-cli assignment set KEY VALUE`): a string for title, sandbox and
/// docker_image, a number for a limit ("1e9" and "0.5" read as JSON numbers; whole numbers for byte and count
/// limits), one-per-line for a list. Error: "limits.cpus: 'two' is not a number", an unknown key (listing them).
/// `file` names the file in the Error. The value as AssignmentEdit::changes takes it (a QString, a double, a
/// QStringList). Pure.
Expected<QVariant> parseAssignmentValue(const QString &file, const QString &key, const QString &text);

/// Applies `edit` to the assignment.json at `jsonPath`. Every other key, the key order and the formatting of
/// unchanged lines are kept (spliceJson); written atomically (QSaveFile). The edited document is read as
/// Assignment::load() reads it (Assignment::fromBytes) before anything is written: a problem the file did not
/// have before (a limit out of range, a data file that does not exist, a notebook a check still names) refuses
/// the whole edit with an Error naming the file and the field ("limits.memory_bytes"), and nothing is written.
/// An unknown key or a value of the wrong JSON type is refused the same way. Blocking file I/O: call it off
/// the GUI thread.
Expected<void> editAssignment(const QString &jsonPath, const AssignmentEdit &edit);

/// Appends `item` to the list `key` ("notebooks", "dependencies", "required_datasets", "data_files") through
/// editAssignment(); a data file gets `urls` (refused for other lists). Refused when the list already holds it.
Expected<void> addAssignmentItem(const QString &jsonPath, const QString &key, const QString &item,
                                 const QStringList &urls = {});

/// Removes `item` from the list `key` (a data file by its path) through editAssignment(). Refused when the list
/// does not hold it.
Expected<void> removeAssignmentItem(const QString &jsonPath, const QString &key, const QString &item);

/// Sets the URLs the data file `path` serves (empty: none, written as the path alone) through editAssignment().
Expected<void> setDataFileUrls(const QString &jsonPath, const QString &path, const QStringList &urls);

} // namespace sandmark
