#pragma once
// The execution record of one run (docs/runner-protocol.md, "The execution record"), typed: what the runner wrote,
// with what the C++ side adds (sandbox, unsafe, cgroup, limits hit, workdir).

#include "sandbox/cgroup.h"
#include "util/expected.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

namespace sandmark {

/// An exception a cell raised, as the record's `error` / `test_error` object holds it.
struct CellError
{
    QString ename;  ///< the exception's class name ("ZeroDivisionError"; the runner's "Timeout", "NoReply")
    QString evalue; ///< its message (may span lines)
};

/// One executed code cell of the record's `cells` (docs/runner-protocol.md): a cell of the submitted notebook or one
/// Sandmark injected (probe, test). A field the record lacks, or holds with another type, reads as its default, as
/// QJsonValue's toString()/toBool()/toDouble() read it. A plain value; any thread.
struct CellRecord
{
    std::optional<int> index;       ///< `index`: the cell's position among the submitted notebook's cells; nullopt for an
                                    ///< injected cell (null) or when not a number
    QString notebook;               ///< `notebook`: the problem set's notebook the cell belongs to; empty when not said
    QString injected;               ///< `injected`: "probe", "test", …; empty for the notebook's own cells
    QString label;                  ///< `label`: a probe cell's probe point
    QString check;                  ///< `check`: a test cell's check id
    QString cellType;               ///< `cell_type`
    QString status;                 ///< `status`: "ok", "error", "timeout", "wall-timeout", "kernel-died", "not-run", …
    std::optional<double> durationS; ///< `duration_s`, seconds; nullopt when the record has no such key (a number
                                    ///< of another type reads as 0, as QJsonValue::toDouble())
    bool fallback = false;          ///< `fallback`
    bool raisesException = false;   ///< `raises_exception`: the cell is tagged raises-exception
    bool truncated = false;         ///< `truncated`: the cell's output was cut at a limit
    QString resultText;             ///< `result_text`
    QString testResult;             ///< `test_result`: "pass", "fail", …; empty when not a string
    bool hasTestResult = false;     ///< `test_result` is a string
    std::optional<CellError> error; ///< `error` when it is an object
    QString errorText;              ///< `error` when it is a string (an older runner's); empty otherwise
    std::optional<CellError> testError; ///< `test_error` when it is an object
};

/// The record's `kernel` object. A plain value.
struct KernelRecord
{
    bool died = false;             ///< `died`
    bool killed = false;           ///< `killed`: Sandmark (or the runner) killed it; its reason is said elsewhere
    std::optional<int> cell;       ///< `cell`: the index of the cell it died in; nullopt when null or absent
    std::optional<QString> reason; ///< `reason` when it is a string (may be empty)
};

/// The record's `wall_clock` object: the whole-run time limit stopped the student's cells. A plain value.
struct WallClockRecord
{
    std::optional<double> timeoutS; ///< `timeout_s`, seconds, when a number
    std::optional<int> cell;        ///< `cell`: the student cell it stopped (during or before), when a number
    QString where;                  ///< `where`: "cells[6]"; empty when not said
    bool during = true;             ///< `during`: during the cell (true, also when absent) or before it
    std::optional<double> stoppedS; ///< `stopped_s`, seconds from the run's start, when a number
};

/// The record's `transformers_changed` object: IPython's input/AST transformer lists changed after a cell.
struct TransformersChange
{
    /// One changed list (the object's `lists` entries, in key order).
    struct List
    {
        QString name;        ///< the list's name
        QStringList added;   ///< its `added` entries
        QStringList removed; ///< its `removed` entries
    };
    std::optional<QString> where;          ///< `where` when a string: "cells[3]"
    bool unreadable = false;               ///< `lists.unreadable` present and not false: the lists could not be read
    std::optional<QString> unreadableWhy;  ///< `lists.unreadable` when it is a string
    QList<List> lists;                     ///< every entry of `lists`, in key order (one that is not an object: no
                                           ///< added or removed entries)
};

/// One row of the doctor's probe (the record's `checks`, sandmark_probe.py).
struct ProbeCheckRecord
{
    QString name;   ///< `name`
    bool ok = false; ///< `ok`
    QString detail; ///< `detail`
};

/// The doctor's limits probe (the record's `probe`, sandmark_limits_probe.py): what hit the run cgroup's limits.
/// Counters the probe did not write read as 0.
struct LimitsProbeRecord
{
    qint64 memoryWritten = 0; ///< `memory.written`, bytes written to the tmpfs before the writer stopped
    int memorySignal = 0;     ///< `memory.signal`: the signal that ended the writer; 0 when none
    int memoryErrno = 0;      ///< `memory.errno`: the error that stopped it; 0 when none
    int pidsForked = 0;       ///< `pids.forked`
    int pidsErrno = 0;        ///< `pids.errno`: fork()'s error at the limit
    double cpuWallS = 0;      ///< `cpu.wall_s`, seconds
    double cpuS = 0;          ///< `cpu.cpu_s`, CPU seconds used
};

/// The execution record of one run (docs/runner-protocol.md): parsed once from the runner's answer or a stored
/// record.json, read through typed accessors, changed through the setters the sandbox and the run folder need, and
/// written back as Qt's QJsonDocument::toJson() wrote it (keys sorted, four-space indent, Qt's digits for doubles),
/// so record.json keeps its bytes. Keys this class does not know survive a round trip. A field of another type than
/// the protocol's reads as its default (as the readers before it did); only a document that is not JSON, or not an
/// object, is an Error. A value type (copies are independent); use from one thread at a time.
class ExecutionRecord
{
public:
    /// An empty record: isEmpty(), status() empty ("the run produced no execution record").
    ExecutionRecord();
    ~ExecutionRecord();
    ExecutionRecord(const ExecutionRecord &other);
    ExecutionRecord(ExecutionRecord &&other) noexcept;
    ExecutionRecord &operator=(const ExecutionRecord &other);
    ExecutionRecord &operator=(ExecutionRecord &&other) noexcept;

    /// Parses `json` (a record.json's bytes, or the record object's text) with jsonutil::parse(). An Error naming
    /// `file` and the line and column for text that is not JSON; "the execution record is not a JSON object" for
    /// another value. Never throws.
    static Expected<ExecutionRecord> fromJson(const QByteArray &json, const QString &file);

    /// The record of a run that ended without the runner's answer (docs/runner-protocol.md's record, with no
    /// cells): `status`, `duration_s` (seconds), the kernel dead (`killed`: its reason is said elsewhere in the
    /// record) with `reason`, also the one message.
    static ExecutionRecord withoutAnswer(const QString &status, const QString &reason, bool killed, double durationS);

    /// The record as text, as QJsonDocument::toJson() wrote it: Indented (four spaces, final newline; record.json's
    /// bytes) or Compact. An empty record is "{\n}\n" / "{}".
    enum class Format { Indented, Compact };
    QByteArray toJsonText(Format format = Format::Indented) const;

    /// No key at all (no record, or one that could not be read).
    bool isEmpty() const;
    bool operator==(const ExecutionRecord &other) const;

    // Reading. Each reads the document as it is now; an absent field, or one of another type, reads as the default.
    QString status() const;             ///< `status`: "completed", "errors", "wall-timeout", "kernel-died", …
    double durationS() const;           ///< `duration_s`, seconds (0 when absent)
    bool unsafe() const;                ///< `unsafe`: ran without a sandbox (local-unsafe)
    QString sandbox() const;            ///< `sandbox`: the backend's name
    QStringList limitsHit() const;      ///< `limits_hit`: "memory", "wall-clock", "disk", …
    KernelRecord kernel() const;        ///< `kernel`
    QStringList messages() const;       ///< `messages`, in order
    QStringList warnings() const;       ///< `warnings`: stderr warnings, not failures
    QStringList interference() const;   ///< `interference`: what the notebook did to the grading itself
    std::optional<TransformersChange> transformersChanged() const; ///< `transformers_changed` when a non-empty object
    std::optional<WallClockRecord> wallClock() const; ///< `wall_clock` when it is an object
    QList<CellRecord> cells() const;    ///< `cells`, in record order
    /// `cgroup`'s counters (CgroupStats' -1 for each one absent) when the record has a `cgroup` object.
    std::optional<CgroupStats> cgroup() const;
    QString cgroupMode() const;         ///< `cgroup.mode`: "v2", "systemd-user", "off", …; empty when none
    QList<ProbeCheckRecord> probeChecks() const;     ///< `checks`: the doctor's probe rows
    std::optional<LimitsProbeRecord> limitsProbe() const; ///< `probe` when it is a non-empty object

    // Writing (the C++ side's facts; docs/runner-protocol.md).
    void setStatus(const QString &status);
    void setUnsafe(bool unsafe);
    void setSandbox(const QString &backend);
    /// Sets `cgroup`: `stats`' counters when given (each one < 0 left out), `mode`, and `note` when not empty.
    void setCgroup(const std::optional<CgroupStats> &stats, const QString &mode, const QString &note);
    /// Adds `limit` to `limits_hit` unless it is there.
    void addLimitHit(const QString &limit);
    /// Sets `kernel.reason`, creating `kernel` when missing.
    void setKernelReason(const QString &reason);
    /// Appends `message` to `messages` (`unique`: unless it is there); prependMessage() puts it first.
    void appendMessage(const QString &message, bool unique = true);
    void prependMessage(const QString &message);
    void setInterference(const QStringList &texts);
    /// Sets `wall_clock` for a run the sandbox killed at the whole-run limit: `timeout_s`, `cell` null, `where` empty,
    /// `during` true.
    void setWallClockKilled(double timeoutS);
    /// Sets `workdir.shadowed_data_files`: the run folder's data files the notebook's own files shadowed.
    void setShadowedDataFiles(const QStringList &files);

private:
    struct Data;
    friend struct ExecutionRecordAccess;
    std::unique_ptr<Data> d;
};

} // namespace sandmark
