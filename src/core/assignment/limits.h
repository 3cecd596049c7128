#pragma once
// Resource limits for one sandboxed notebook run.

#include <QtGlobal>

#include <algorithm>

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
    qint64 memoryBytes = 4LL * 1024 * 1024 * 1024; ///< address space (RLIMIT_AS) / docker --memory
    int processes = 256;                          ///< RLIMIT_NPROC (per dedicated uid) / docker --pids-limit
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
    double cpus = 1.0;                            ///< docker --cpus; bwrap runs are not CPU-capped
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

} // namespace sandmark
