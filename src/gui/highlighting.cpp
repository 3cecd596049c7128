#include "highlighting.h"

#include "pythonhighlighter.h"
#include "sandmark_gui_config.h"

#if SANDMARK_HAVE_KSYNTAXHIGHLIGHTING
#include <KSyntaxHighlighting/Definition>
#include <KSyntaxHighlighting/Repository>
#include <KSyntaxHighlighting/SyntaxHighlighter>
#include <KSyntaxHighlighting/Theme>
#endif

#include <QTextDocument>

namespace sandmark {

#if SANDMARK_HAVE_KSYNTAXHIGHLIGHTING
namespace {
KSyntaxHighlighting::Repository &repository()
{
    // Loading the definitions costs tens of milliseconds: once per process, on the GUI thread.
    static KSyntaxHighlighting::Repository repo;
    return repo;
}
} // namespace
#endif

QSyntaxHighlighter *attachHighlighter(QTextDocument *document, const QString &language)
{
#if SANDMARK_HAVE_KSYNTAXHIGHLIGHTING
    auto *h = new KSyntaxHighlighting::SyntaxHighlighter(document);
    const QString name = language.compare(QLatin1String("python"), Qt::CaseInsensitive) == 0 ? QStringLiteral("Python")
                                                                                              : language;
    KSyntaxHighlighting::Definition def = repository().definitionForName(name);
    if (!def.isValid())
        def = repository().definitionForName(QStringLiteral("Python"));
    h->setTheme(repository().defaultTheme(KSyntaxHighlighting::Repository::LightTheme));
    h->setDefinition(def);
    return h;
#else
    Q_UNUSED(language)
    return new PythonHighlighter(document);
#endif
}

QString highlighterBackendName()
{
#if SANDMARK_HAVE_KSYNTAXHIGHLIGHTING
    return QStringLiteral("KSyntaxHighlighting");
#else
    return QStringLiteral("built-in");
#endif
}

} // namespace sandmark
