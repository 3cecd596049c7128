#include "userguide.h"

#include "util/paths.h"
#include "wrappinglabel.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QStyle>
#include <QTextBrowser>
#include <QUrl>
#include <QVBoxLayout>

namespace sandmark {

QString userGuideDir()
{
    return paths::dataDir() + QLatin1String("/doc");
}

UserGuideDialog::UserGuideDialog(QWidget *parent, const QString &document)
    : QDialog(parent), m_browser(new QTextBrowser(this)), m_missing(new WrappingLabel(this))
{
    setWindowTitle(tr("Sandmark User Guide"));
    auto *layout = new QVBoxLayout(this);
    auto *row = new QHBoxLayout;
    struct Step
    {
        QString text;
        QStyle::StandardPixmap icon;
        void (QTextBrowser::*slot)();
    };
    for (const Step &step : {Step{tr("&Back"), QStyle::SP_ArrowBack, &QTextBrowser::backward},
                             Step{tr("&Forward"), QStyle::SP_ArrowForward, &QTextBrowser::forward},
                             Step{tr("C&ontents"), QStyle::SP_DirHomeIcon, &QTextBrowser::home}}) {
        auto *b = new QPushButton(style()->standardIcon(step.icon), step.text, this);
        connect(b, &QPushButton::clicked, m_browser, step.slot);
        if (step.slot == &QTextBrowser::backward)
            connect(m_browser, &QTextBrowser::backwardAvailable, b, &QPushButton::setEnabled);
        else if (step.slot == &QTextBrowser::forward)
            connect(m_browser, &QTextBrowser::forwardAvailable, b, &QPushButton::setEnabled);
        b->setEnabled(step.slot == &QTextBrowser::home);
        row->addWidget(b);
    }
    row->addStretch(1);
    layout->addLayout(row);
    m_missing->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_missing);
    m_browser->setOpenExternalLinks(true); // http(s) links: the system's browser; local .md files: here
    m_browser->setAccessibleName(tr("User guide"));
    layout->addWidget(m_browser, 1);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);

    const QString path = userGuideDir() + QLatin1Char('/') + document;
    if (QFileInfo::exists(path)) {
        m_missing->hide();
        m_browser->setSource(QUrl::fromLocalFile(path), QTextDocument::MarkdownResource);
    } else {
        m_browser->hide();
        m_missing->setText(tr("The user guide is not installed here: %1 does not exist. The same documents are in the "
                              "docs folder of Sandmark's source.")
                               .arg(QDir::toNativeSeparators(path)));
    }
    resize(900, 700);
}

} // namespace sandmark
