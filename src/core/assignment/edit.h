#pragma once
// Editing assignment.json in place: one check's points and tolerances, every other key kept.

#include "util/expected.h"

#include <QString>

#include <optional>

namespace sandmark {

/// Changes to one check. An empty optional leaves the key as it is; `clearRtol`/`clearAtol` remove the key
/// (the comparator's default applies again).
struct CheckEdit
{
    std::optional<double> points; ///< >= 0
    std::optional<double> rtol;   ///< >= 0, value checks only
    std::optional<double> atol;   ///< >= 0, value checks only
    bool clearRtol = false;
    bool clearAtol = false;
};

/// Applies `edit` to `checks[index]` of the assignment.json at `jsonPath`. Other keys, other checks and the
/// key order are kept (nlohmann ordered_json); written atomically (QSaveFile), two-space indented. Errors
/// name the file and the field ("checks[3].rtol"): no such check, a negative or non-finite number, a
/// tolerance on a test check, a file that does not parse. Blocking file I/O: call it off the GUI thread.
Expected<void> editCheck(const QString &jsonPath, int index, const CheckEdit &edit);

} // namespace sandmark
