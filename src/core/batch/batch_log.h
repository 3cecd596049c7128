#pragma once
#include <QLoggingCategory>

namespace sandmark {
Q_DECLARE_LOGGING_CATEGORY(lcBatch)
}
