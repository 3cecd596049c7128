#include "assignmentsettingsdialog.h"

#include "boundedtext.h"
#include "jobtracker.h"
#include "sandbox/registry.h"
#include "wrappinglabel.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSet>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <limits>
#include <string_view>
#include <tuple>

namespace sandmark {

namespace {

enum DataFileColumn { PathColumn, UrlsColumn };
enum LimitColumn { KeyColumn, ValueColumn, DefaultColumn };

QStringList linesOf(const QPlainTextEdit *edit)
{
    QStringList lines;
    for (const QString &line : edit->toPlainText().split(QLatin1Char('\n')))
        if (!line.trimmed().isEmpty())
            lines << line.trimmed();
    return lines;
}

// A limit as the file writes it: whole numbers without a fraction, others as short as they read back.
QString limitText(const LimitField &field, double value)
{
    return field.integral() ? QString::number(qint64(value)) : QString::number(value, 'g', 12);
}

// What a limit means, in the user's language; the Limit column shows it, with the key assignment.json writes
// (docs/assignment-format.md) in its tooltip and Qt::UserRole.
QString limitTitle(std::string_view key)
{
    static const std::pair<const char *, const char *> titles[] = {
        {"timeout_s", QT_TRANSLATE_NOOP("sandmark::AssignmentSettingsDialog", "Time per notebook")},
        {"set_timeout_s", QT_TRANSLATE_NOOP("sandmark::AssignmentSettingsDialog", "Time per problem set")},
        {"cell_timeout_s", QT_TRANSLATE_NOOP("sandmark::AssignmentSettingsDialog", "Time per cell")},
        {"interrupt_grace_s", QT_TRANSLATE_NOOP("sandmark::AssignmentSettingsDialog", "Grace after an interrupt")},
        {"memory_bytes", QT_TRANSLATE_NOOP("sandmark::AssignmentSettingsDialog", "Memory")},
        {"processes", QT_TRANSLATE_NOOP("sandmark::AssignmentSettingsDialog", "Processes and threads")},
        {"open_files", QT_TRANSLATE_NOOP("sandmark::AssignmentSettingsDialog", "Open files")},
        {"file_size_bytes", QT_TRANSLATE_NOOP("sandmark::AssignmentSettingsDialog", "Largest file written")},
        {"disk_bytes", QT_TRANSLATE_NOOP("sandmark::AssignmentSettingsDialog", "Disk space written")},
        {"output_cell_bytes", QT_TRANSLATE_NOOP("sandmark::AssignmentSettingsDialog", "Text output kept per cell")},
        {"output_total_bytes", QT_TRANSLATE_NOOP("sandmark::AssignmentSettingsDialog", "Text output kept per notebook")},
        {"output_image_bytes", QT_TRANSLATE_NOOP("sandmark::AssignmentSettingsDialog", "Largest image kept")},
        {"output_images_total_bytes", QT_TRANSLATE_NOOP("sandmark::AssignmentSettingsDialog", "Images kept per notebook")},
        {"probe_bytes", QT_TRANSLATE_NOOP("sandmark::AssignmentSettingsDialog", "Probe value size")},
        {"capture_bytes", QT_TRANSLATE_NOOP("sandmark::AssignmentSettingsDialog", "Captured names per notebook")},
        {"cpus", QT_TRANSLATE_NOOP("sandmark::AssignmentSettingsDialog", "CPUs")},
    };
    for (const auto &[k, title] : titles)
        if (key == k)
            return AssignmentSettingsDialog::tr(title);
    return QString::fromUtf8(key.data(), qsizetype(key.size()));
}

QString defaultText(const LimitField &field)
{
    const double v = field.value(Limits());
    switch (field.unit) {
    case LimitField::Unit::Seconds:
        return v > 0 ? AssignmentSettingsDialog::tr("%1 s").arg(QLocale().toString(v)) : AssignmentSettingsDialog::tr("not set");
    case LimitField::Unit::Bytes:
        return QStringLiteral("%1 (%2)").arg(limitText(field, v), QLocale().formattedDataSize(qint64(v)));
    case LimitField::Unit::Count:
        return limitText(field, v);
    case LimitField::Unit::Cpus:
        return AssignmentSettingsDialog::tr("%1 CPUs").arg(QLocale().toString(v));
    }
    return {};
}

// The limits assignment.json itself sets (the loader fills in the others, some computed from those set).
QSet<QString> limitKeysInFile(const QString &jsonPath)
{
    QFile file(jsonPath);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QJsonObject limits = QJsonDocument::fromJson(file.readAll()).object().value(QLatin1String("limits")).toObject();
    const QStringList keys = limits.keys();
    return QSet<QString>(keys.cbegin(), keys.cend());
}

QHBoxLayout *buttonRow(QPushButton *add, QPushButton *remove)
{
    auto *row = new QHBoxLayout;
    row->addWidget(add);
    row->addWidget(remove);
    row->addStretch();
    return row;
}

} // namespace

AssignmentSettingsDialog::AssignmentSettingsDialog(const Assignment &assignment, QWidget *parent)
    : QDialog(parent)
    , m_assignment(assignment)
    , m_tracker(new JobTracker(this))
{
    setObjectName(QStringLiteral("assignmentSettingsDialog"));
    setBoundedWindowTitle(this, tr("Assignment Settings — %1"), assignment.title());
    auto *tabs = new QTabWidget;
    tabs->addTab(buildGeneral(), tr("&General"));
    tabs->addTab(buildFiles(), tr("&Data Files"));
    tabs->addTab(buildEnvironment(), tr("&Environment"));
    tabs->addTab(buildLimits(), tr("&Limits"));

    m_error = new WrappingLabel;
    m_error->setObjectName(QStringLiteral("settingsError"));
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_error->setStyleSheet(QStringLiteral("color: palette(highlighted-text); background: #b3261e; padding: 4px;"));
    m_error->hide();

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel);
    m_save = buttons->button(QDialogButtonBox::Save);
    connect(buttons, &QDialogButtonBox::accepted, this, &AssignmentSettingsDialog::save);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    auto *where = new WrappingLabel(tr("Save writes %1; lines you do not change stay as written.")
                                 .arg(QDir::toNativeSeparators(assignment.jsonPath())));
    layout->addWidget(where);
    layout->addWidget(tabs, 1);
    layout->addWidget(m_error);
    layout->addWidget(buttons);
    resize(720, 560);
}

QWidget *AssignmentSettingsDialog::buildGeneral()
{
    auto *page = new QWidget;
    auto *form = new QFormLayout(page);
    m_title = new QLineEdit;
    m_title->setMaxLength(std::numeric_limits<int>::max()); // QLineEdit cuts at 32767: saving would cut the title
    m_title->setText(m_assignment.title());
    m_title->setPlaceholderText(m_assignment.slug());
    form->addRow(tr("&Title:"), m_title);

    auto *box = new QWidget;
    auto *v = new QVBoxLayout(box);
    v->setContentsMargins(0, 0, 0, 0);
    m_notebooks = new QListWidget;
    m_notebooks->addItems(m_assignment.notebooks());
    v->addWidget(m_notebooks);
    auto *add = new QPushButton(tr("Add…"));
    auto *remove = new QPushButton(tr("Remove"));
    connect(add, &QPushButton::clicked, this, [this] {
        const QStringList files = QFileDialog::getOpenFileNames(this, tr("Add Instructor Notebook"), m_assignment.folder(),
                                                                tr("Notebooks (*.ipynb)"));
        for (const QString &f : files)
            addNotebook(QDir(m_assignment.folder()).relativeFilePath(f));
    });
    connect(remove, &QPushButton::clicked, this, [this] { delete m_notebooks->currentItem(); });
    v->addLayout(buttonRow(add, remove));
    auto *hint = new WrappingLabel(tr("Several notebooks make a problem set: each check then names its notebook."));
    v->addWidget(hint);
    form->addRow(tr("&Notebooks:"), box);
    return page;
}

QWidget *AssignmentSettingsDialog::buildFiles()
{
    auto *page = new QWidget;
    auto *v = new QVBoxLayout(page);
    auto *hint = new WrappingLabel(tr("Files copied into every run's folder. A URL listed with a file is served from it: the "
                               "notebook's download of that URL reads the file instead of the network (separate "
                               "several URLs with spaces)."));
    v->addWidget(hint);
    m_dataFiles = new QTableWidget(0, 2);
    m_dataFiles->setHorizontalHeaderLabels({tr("File"), tr("URLs it serves")});
    m_dataFiles->horizontalHeader()->setStretchLastSection(true);
    m_dataFiles->verticalHeader()->hide();
    m_dataFiles->setSelectionBehavior(QAbstractItemView::SelectRows);
    for (const DataFile &f : m_assignment.dataFiles()) {
        addDataFile(f.path);
        m_dataFiles->item(m_dataFiles->rowCount() - 1, UrlsColumn)->setText(f.urls.join(QLatin1Char(' ')));
    }
    m_dataFiles->resizeColumnToContents(PathColumn);
    v->addWidget(m_dataFiles, 1);
    auto *add = new QPushButton(tr("Add…"));
    auto *remove = new QPushButton(tr("Remove"));
    connect(add, &QPushButton::clicked, this, [this] {
        const QStringList files = QFileDialog::getOpenFileNames(this, tr("Add Data Files"), m_assignment.folder());
        for (const QString &f : files)
            addDataFile(QDir(m_assignment.folder()).relativeFilePath(f));
    });
    connect(remove, &QPushButton::clicked, this, [this] {
        if (m_dataFiles->currentRow() >= 0)
            m_dataFiles->removeRow(m_dataFiles->currentRow());
    });
    v->addLayout(buttonRow(add, remove));
    return page;
}

QWidget *AssignmentSettingsDialog::buildEnvironment()
{
    auto *page = new QWidget;
    auto *form = new QFormLayout(page);
    m_dependencies = new QPlainTextEdit(m_assignment.dependencies().join(QLatin1Char('\n')));
    m_dependencies->setPlaceholderText(QStringLiteral("numpy>=1.24\npandas"));
    form->addRow(tr("De&pendencies:"), m_dependencies);
    form->addRow(QString(), new QLabel(tr("pip requirements, one per line.")));
    m_datasets = new QPlainTextEdit(m_assignment.requiredDatasets().join(QLatin1Char('\n')));
    m_datasets->setPlaceholderText(QStringLiteral("org/dataset@v1.0 data/train.csv"));
    form->addRow(tr("Re&quired datasets:"), m_datasets);
    auto *datasetsHint = new WrappingLabel(tr("Hugging Face Hub files, one per line: [type:]org/name[@revision] file. A revision "
                                       "(tag or commit) keeps every grading machine on the same data."));
    form->addRow(QString(), datasetsHint);
    m_sandbox = new QComboBox;
    m_sandbox->addItem(tr("Your default (Preferences)"), QString());
    for (SandboxKind kind : sandboxKinds())
        m_sandbox->addItem(sandboxKindName(kind), sandboxKindName(kind));
    if (m_assignment.sandbox())
        m_sandbox->setCurrentIndex(m_sandbox->findData(sandboxKindName(*m_assignment.sandbox())));
    form->addRow(tr("Sand&box:"), m_sandbox);
    m_dockerImage = new QLineEdit(m_assignment.dockerImage());
    m_dockerImage->setPlaceholderText(tr("your default image"));
    form->addRow(tr("Docker &image:"), m_dockerImage);
    return page;
}

QWidget *AssignmentSettingsDialog::buildLimits()
{
    auto *page = new QWidget;
    auto *v = new QVBoxLayout(page);
    auto *hint = new WrappingLabel(tr("Each run's limits (docs/assignment-format.md). An empty value is not written: the default "
                               "applies. Sizes in bytes, times in seconds."));
    v->addWidget(hint);
    m_limits = new QTableWidget(0, 3);
    m_limits->setHorizontalHeaderLabels({tr("Limit"), tr("Value"), tr("Default")});
    m_limits->verticalHeader()->hide();
    m_limits->horizontalHeader()->setSectionResizeMode(KeyColumn, QHeaderView::ResizeToContents);
    m_limits->horizontalHeader()->setStretchLastSection(true);
    const Limits current = m_assignment.limits();
    m_limitsInFile = limitKeysInFile(m_assignment.jsonPath());
    for (const LimitField &f : kLimitFields) {
        const int row = m_limits->rowCount();
        m_limits->insertRow(row);
        auto *key = new QTableWidgetItem(limitTitle(f.key));
        key->setData(Qt::UserRole, QLatin1String(f.key));
        key->setToolTip(tr("%1 in assignment.json's \"limits\"").arg(QLatin1String(f.key)));
        key->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
        m_limits->setItem(row, KeyColumn, key);
        // A value only where the file sets one: a default the loader computed (cell_timeout_s: the smaller of 60 s and
        // timeout_s) is shown as the default, and saving without touching it writes nothing.
        const bool set = m_limitsInFile.contains(QLatin1String(f.key));
        m_limits->setItem(row, ValueColumn, new QTableWidgetItem(set ? limitText(f, f.value(current)) : QString()));
        const bool cellTimeout = std::string_view(f.key) == "cell_timeout_s";
        auto *def = new QTableWidgetItem(
            cellTimeout ? tr("the smaller of %1 and the time per notebook: %2")
                              .arg(defaultText(f),
                                   tr("%1 s").arg(QLocale().toString(std::min(Limits().cellTimeoutS, current.wallTimeoutS))))
                        : defaultText(f));
        def->setFlags(Qt::ItemIsEnabled);
        m_limits->setItem(row, DefaultColumn, def);
    }
    v->addWidget(m_limits, 1);
    return page;
}

void AssignmentSettingsDialog::addDataFile(const QString &path)
{
    for (int row = 0; row < m_dataFiles->rowCount(); ++row)
        if (QDir::cleanPath(m_dataFiles->item(row, PathColumn)->text()) == QDir::cleanPath(path))
            return;
    const int row = m_dataFiles->rowCount();
    m_dataFiles->insertRow(row);
    auto *item = new QTableWidgetItem(path);
    item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    m_dataFiles->setItem(row, PathColumn, item);
    m_dataFiles->setItem(row, UrlsColumn, new QTableWidgetItem());
}

void AssignmentSettingsDialog::addNotebook(const QString &path)
{
    if (m_notebooks->findItems(path, Qt::MatchExactly).isEmpty())
        m_notebooks->addItem(path);
}

AssignmentEdit AssignmentSettingsDialog::edit() const
{
    AssignmentEdit edit;
    const QString title = m_title->text().trimmed();
    if (title != m_assignment.title() && !(title.isEmpty() && m_assignment.title() == m_assignment.slug()))
        title.isEmpty() ? edit.unset(QStringLiteral("title")) : edit.set(QStringLiteral("title"), title);

    QStringList notebooks;
    for (int i = 0; i < m_notebooks->count(); ++i)
        notebooks << m_notebooks->item(i)->text();
    if (notebooks != m_assignment.notebooks())
        edit.set(QStringLiteral("notebooks"), notebooks);

    QList<DataFile> files;
    for (int row = 0; row < m_dataFiles->rowCount(); ++row)
        files << DataFile{m_dataFiles->item(row, PathColumn)->text(),
                          m_dataFiles->item(row, UrlsColumn)->text().split(QLatin1Char(' '), Qt::SkipEmptyParts)};
    const QList<DataFile> before = m_assignment.dataFiles();
    const bool filesSame = files.size() == before.size() && std::equal(files.cbegin(), files.cend(), before.cbegin(), [](const DataFile &a, const DataFile &b) {
                               return a.path == b.path && a.urls == b.urls;
                           });
    if (!filesSame) {
        QVariantList list;
        for (const DataFile &f : std::as_const(files))
            list.append(dataFileJson(f));
        edit.set(QStringLiteral("data_files"), list);
    }

    for (const auto &[key, editor, current] :
         {std::tuple{QStringLiteral("dependencies"), m_dependencies, m_assignment.dependencies()},
          std::tuple{QStringLiteral("required_datasets"), m_datasets, m_assignment.requiredDatasets()}})
        if (linesOf(editor) != current)
            edit.set(key, linesOf(editor));

    const Limits current = m_assignment.limits();
    int row = 0;
    for (const LimitField &f : kLimitFields) {
        const QString key = QStringLiteral("limits.") + QLatin1String(f.key);
        const QString text = m_limits->item(row++, ValueColumn)->text().trimmed();
        const bool wasSet = m_limitsInFile.contains(QLatin1String(f.key));
        if (text.isEmpty()) {
            if (wasSet)
                edit.unset(key);
            continue;
        }
        bool ok = false;
        const double v = QLocale::c().toDouble(text, &ok);
        if (!ok) {
            edit.set(key, text); // a string: editAssignment() refuses it, naming the limit
            continue;
        }
        if (!wasSet || v != f.value(current))
            edit.set(key, v);
    }

    const QString sandbox = m_sandbox->currentData().toString();
    const QString oldSandbox = m_assignment.sandbox() ? sandboxKindName(*m_assignment.sandbox()) : QString();
    if (sandbox != oldSandbox)
        sandbox.isEmpty() ? edit.unset(QStringLiteral("sandbox")) : edit.set(QStringLiteral("sandbox"), sandbox);
    const QString image = m_dockerImage->text().trimmed();
    if (image != m_assignment.dockerImage())
        image.isEmpty() ? edit.unset(QStringLiteral("docker_image")) : edit.set(QStringLiteral("docker_image"), image);
    return edit;
}

void AssignmentSettingsDialog::setBusy(bool busy)
{
    m_save->setEnabled(!busy);
    setCursor(busy ? Qt::BusyCursor : Qt::ArrowCursor);
}

void AssignmentSettingsDialog::save()
{
    const AssignmentEdit changes = edit();
    if (changes.isEmpty()) {
        accept();
        return;
    }
    setBusy(true);
    m_error->hide();
    const QString json = m_assignment.jsonPath();
    m_tracker->run([json, changes] { return editAssignment(json, changes); }, [this](Expected<void> r) {
        setBusy(false);
        if (!r) {
            m_error->setText(boundedText(tr("Not saved: %1").arg(r.error().toString())));
            m_error->show();
            Q_EMIT saveFailed(r.error());
            return;
        }
        Q_EMIT saved();
        accept();
    });
}

} // namespace sandmark
