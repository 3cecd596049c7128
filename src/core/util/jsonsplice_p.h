#pragma once
// Private to sandmark_core: writing an edited JSON document against the text it was read from, so that what
// did not change stays as written (instructors keep assignment.json in git and format it by hand).

#include "util/expected.h"

#include <QByteArray>
#include <QString>

#include <functional>

#include <nlohmann/json.hpp>

namespace sandmark::jsonutil {

/// The text of `edited` written against `original`, the bytes it was read from and then changed. A value equal
/// to the original's at the same place (object member by key, array element by position, elements that were
/// removed skipped) is copied byte for byte: indentation, spacing, key order, number spelling (1e-3),
/// escapes ("\u00e9"). A changed value is written in the original's style: its indent unit (spaces or tabs),
/// one line or several as most siblings of the same kind were written (one line on a tie), separators as between its siblings,
/// "\u" escapes when the original escapes non-ASCII. New members follow the siblings before them; a removed
/// member goes with its separator; a UTF-8 byte order mark is kept. When `original` is not valid JSON, or the spliced text would not read back
/// as `edited`, the whole of `edited` is written as dump(2) plus a newline instead. Pure function; never throws.
QByteArray spliceJson(const QByteArray &original, const nlohmann::ordered_json &edited);

/// Writes spliceJson(original, edited) to `path` atomically (QSaveFile): the file holds either its old or its
/// new text. `accept`, when given, sees the text first; its error is returned and nothing is written. A text
/// equal to `original` (the edit changed nothing) is not written: the file and its time stay. Errors name
/// `path`. Blocking file I/O: call it off the GUI thread.
Expected<void> writeJsonAgainst(const QString &path, const QByteArray &original, const nlohmann::ordered_json &edited,
                                const std::function<Expected<void>(const QByteArray &)> &accept = {});

} // namespace sandmark::jsonutil
