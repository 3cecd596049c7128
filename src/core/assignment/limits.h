#pragma once
// Resource limits for one sandboxed notebook run.

#include <QtGlobal>

#include <algorithm>
#include <string_view>

namespace sandmark {

/// Limits applied to one run. Times in seconds, sizes in bytes. Defaults follow docs/assignment-format.md.
/// A value <= 0 never means "unlimited": validation refuses it, so every run stays bounded.
struct Limits
{
    double wallTimeoutS = 300;                    ///< whole run of one notebook, wall clock; the sandbox is killed after it
    /// A problem set's notebooks together, wall clock (each notebook also within wallTimeoutS); <= 0 here means
    /// not set: wallTimeoutS times the number of notebooks (setTimeoutFor()). Single notebooks: unused.
    double setTimeoutS = 0;
    double cellTimeoutS = 60;                     ///< one cell; the kernel is interrupted, later cells still run
    double interruptGraceS = 3;                   ///< after an interrupt, how long before the kernel is killed
    qint64 memoryBytes = 4LL * 1024 * 1024 * 1024; ///< the run's memory (bwrap's cgroup, docker --memory) and RLIMIT_AS
    int processes = 256;                          ///< pids.max of bwrap's cgroup / docker --pids-limit (RLIMIT_NPROC without a cgroup)
    int openFiles = 1024;                         ///< RLIMIT_NOFILE
    qint64 fileSizeBytes = 256LL * 1024 * 1024;   ///< RLIMIT_FSIZE: the largest file a run may write
    /// What a run may write, per writable place: into its working folder beyond what the folder held at the start
    /// (measured while it runs, the sandbox killed when over: SandboxRun), and into `/tmp`, a tmpfs of this size
    /// (bwrap --size, docker --tmpfs size=). `/dev/shm` is a tmpfs of shmBytesFor() bytes. Tmpfs pages are host
    /// memory that RLIMIT_AS does not count.
    qint64 diskBytes = 1024LL * 1024 * 1024;
    qint64 outputCellBytes = 64 * 1024;           ///< captured output kept per cell (head and tail)
    qint64 outputTotalBytes = 2 * 1024 * 1024;    ///< captured output kept for the whole notebook
    /// An image output (any image/* type) is kept whole up to this size, outside the text caps above: a
    /// student's plot is evidence. Larger ones are cut with the reason.
    qint64 outputImageBytes = 4 * 1024 * 1024;
    qint64 outputImagesTotalBytes = 32 * 1024 * 1024; ///< image outputs kept for the whole notebook
    qint64 probeBytes = 8 * 1024 * 1024;          ///< probe payload cap; larger values become "too-large"
    /// Capture budget of one notebook's run: every top-level name besides the checked ones, at each probe point,
    /// kept within this many bytes in all (split evenly over the probe points; docs/probe-payload.md section 5),
    /// so that a new value check on such a name regrades without a run.
    qint64 captureBytes = 256 * 1024;
    double cpus = 1.0;                            ///< CPU quota: bwrap's cgroup, docker --cpus (none with SANDMARK_CGROUPS=off)
};

/// The size of a run's `/dev/shm` tmpfs: Docker's default, or the disk limit when that is smaller.
constexpr qint64 kShmBytes = 64LL * 1024 * 1024;
inline qint64 shmBytesFor(const Limits &limits) { return std::min(kShmBytes, limits.diskBytes); }

/// The wall clock all `notebooks` notebooks of one run may take together: `limits.setTimeoutS` when set, else
/// wallTimeoutS for each. Pure.
inline double setTimeoutFor(const Limits &limits, qsizetype notebooks)
{
    return limits.setTimeoutS > 0 ? limits.setTimeoutS : limits.wallTimeoutS * double(std::max<qsizetype>(1, notebooks));
}

/// One key of assignment.json's "limits" and the Limits member it sets: the one table the loader reads them by
/// (Assignment::load) and the editors list them from (the app's assignment settings, `sandmark-cli assignment`).
struct LimitField
{
    enum class Unit {
        Seconds, ///< a duration, a finite number > 0, at most `max`
        Bytes,   ///< a whole number of bytes > 0
        Count,   ///< a whole number > 0 (processes, open files)
        Cpus,    ///< a number of CPUs > 0, at most `max`
    };
    const char *key; ///< as assignment.json writes it ("timeout_s")
    Unit unit;
    double Limits::*real = nullptr;  ///< Seconds and Cpus
    qint64 Limits::*bytes = nullptr; ///< Bytes
    int Limits::*count = nullptr;    ///< Count
    double max = 0;                  ///< Seconds and Cpus: the largest sensible value
    /// True for whole numbers (Bytes, Count).
    constexpr bool integral() const { return unit == Unit::Bytes || unit == Unit::Count; }
    /// The member's value in `limits`, as a double. Pure.
    constexpr double value(const Limits &limits) const
    {
        return real ? limits.*real : bytes ? double(limits.*bytes) : double(limits.*count);
    }
};

inline constexpr double kLimitWeekS = 7 * 24 * 3600;

/// Every limit assignment.json may set, in the order docs/assignment-format.md lists them.
inline constexpr LimitField kLimitFields[] = {
    {"timeout_s", LimitField::Unit::Seconds, &Limits::wallTimeoutS, nullptr, nullptr, kLimitWeekS},
    {"set_timeout_s", LimitField::Unit::Seconds, &Limits::setTimeoutS, nullptr, nullptr, kLimitWeekS},
    {"cell_timeout_s", LimitField::Unit::Seconds, &Limits::cellTimeoutS, nullptr, nullptr, kLimitWeekS},
    {"interrupt_grace_s", LimitField::Unit::Seconds, &Limits::interruptGraceS, nullptr, nullptr, 3600},
    {"memory_bytes", LimitField::Unit::Bytes, nullptr, &Limits::memoryBytes},
    {"processes", LimitField::Unit::Count, nullptr, nullptr, &Limits::processes},
    {"open_files", LimitField::Unit::Count, nullptr, nullptr, &Limits::openFiles},
    {"file_size_bytes", LimitField::Unit::Bytes, nullptr, &Limits::fileSizeBytes},
    {"disk_bytes", LimitField::Unit::Bytes, nullptr, &Limits::diskBytes},
    {"output_cell_bytes", LimitField::Unit::Bytes, nullptr, &Limits::outputCellBytes},
    {"output_total_bytes", LimitField::Unit::Bytes, nullptr, &Limits::outputTotalBytes},
    {"output_image_bytes", LimitField::Unit::Bytes, nullptr, &Limits::outputImageBytes},
    {"output_images_total_bytes", LimitField::Unit::Bytes, nullptr, &Limits::outputImagesTotalBytes},
    {"probe_bytes", LimitField::Unit::Bytes, nullptr, &Limits::probeBytes},
    {"capture_bytes", LimitField::Unit::Bytes, nullptr, &Limits::captureBytes},
    {"cpus", LimitField::Unit::Cpus, &Limits::cpus, nullptr, nullptr, 4096},
};

/// The entry of kLimitFields for `key`, or nullptr. Pure.
inline const LimitField *findLimitField(std::string_view key)
{
    for (const LimitField &f : kLimitFields)
        if (key == f.key)
            return &f;
    return nullptr;
}

} // namespace sandmark
