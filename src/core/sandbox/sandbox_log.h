#pragma once
// Logging category of the sandbox module.

#include <QLoggingCategory>

Q_DECLARE_LOGGING_CATEGORY(lcSandbox)
