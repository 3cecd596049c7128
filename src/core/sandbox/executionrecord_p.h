#pragma once
// Private to sandmark_core: the execution record's document, for the readers that build one from JSON already
// parsed (the runner's answer). Never include from a public header.

#include "sandbox/executionrecord.h"

#include <nlohmann/json.hpp>

namespace sandmark {

/// The nlohmann document inside an ExecutionRecord.
struct ExecutionRecordAccess
{
    /// A record holding `object` (must be a JSON object; another value gives an empty record).
    static ExecutionRecord fromObject(nlohmann::json object);
    /// The record's document (an object).
    static const nlohmann::json &document(const ExecutionRecord &record);
};

} // namespace sandmark
