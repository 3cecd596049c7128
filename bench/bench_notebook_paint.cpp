// Benchmark: time from asking the Notebook preview to show a large notebook to its first paint with cells
// (the rest of the cells keep arriving in chunks; the time until all are in the model is printed too).
// Usage: bench_notebook_paint [NOTEBOOK] [--runs N]. Without NOTEBOOK, generates a 20 MB notebook with
// 200 PNG images (plus text outputs) in a temporary folder. Prints the median and the ratio to the goal.
#include "imagecache.h"
#include "notebookcelldelegate.h"
#include "notebookcellmodel.h"
#include "notebookpreview.h"
#include "notebookview.h"

#include <QApplication>
#include <QBuffer>
#include <QElapsedTimer>
#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTextStream>

#include <algorithm>
#include <ctime>

using namespace sandmark;

namespace {

constexpr double kGoalSeconds = 0.5;

QString generate(const QString &path, int images, qint64 targetBytes)
{
    QRandomGenerator rng(42);
    QJsonArray cells;
    // Noise images compress badly, so their PNGs keep a predictable size (about 70 KB each).
    const qint64 perImageText = targetBytes / images;
    for (int i = 0; i < images; ++i) {
        cells.append(QJsonObject{{QStringLiteral("cell_type"), QStringLiteral("markdown")},
                                 {QStringLiteral("metadata"), QJsonObject{}},
                                 {QStringLiteral("source"), QStringLiteral("## Figure %1\nSome *explanation* of figure %1.").arg(i)}});
        QImage img(190, 120, QImage::Format_RGB32);
        for (int y = 0; y < img.height(); ++y)
            for (int x = 0; x < img.width(); ++x)
                img.setPixel(x, y, rng.generate() | 0xff000000u);
        QByteArray png;
        QBuffer buf(&png);
        buf.open(QIODevice::WriteOnly);
        img.save(&buf, "PNG");
        const QString b64 = QString::fromLatin1(png.toBase64());
        QString text;
        while (text.size() + b64.size() < perImageText - 200)
            text += QStringLiteral("\x1b[32mstep %1\x1b[0m loss=%2\n").arg(text.size()).arg(rng.generateDouble());
        // The figure first, as a plotting cell shows it, then its printed log.
        QJsonArray outputs{
            QJsonObject{{QStringLiteral("output_type"), QStringLiteral("display_data")},
                        {QStringLiteral("metadata"), QJsonObject{}},
                        {QStringLiteral("data"), QJsonObject{{QStringLiteral("image/png"), b64},
                                                              {QStringLiteral("text/plain"), QStringLiteral("<Figure>")}}}},
            QJsonObject{{QStringLiteral("output_type"), QStringLiteral("stream")},
                        {QStringLiteral("name"), QStringLiteral("stdout")},
                        {QStringLiteral("text"), text}}};
        cells.append(QJsonObject{{QStringLiteral("cell_type"), QStringLiteral("code")},
                                 {QStringLiteral("metadata"), QJsonObject{}},
                                 {QStringLiteral("execution_count"), i + 1},
                                 {QStringLiteral("source"), QStringLiteral("import matplotlib.pyplot as plt\nplt.plot(data[%1])\nplt.show()").arg(i)},
                                 {QStringLiteral("outputs"), outputs}});
    }
    const QJsonObject nb{{QStringLiteral("nbformat"), 4},
                         {QStringLiteral("nbformat_minor"), 4},
                         {QStringLiteral("metadata"),
                          QJsonObject{{QStringLiteral("kernelspec"), QJsonObject{{QStringLiteral("name"), QStringLiteral("python3")},
                                                                                 {QStringLiteral("language"), QStringLiteral("python")},
                                                                                 {QStringLiteral("display_name"), QStringLiteral("Python 3")}}}}},
                         {QStringLiteral("cells"), cells}};
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return {};
    f.write(QJsonDocument(nb).toJson(QJsonDocument::Compact));
    return path;
}

} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QTextStream out(stdout);
    QStringList args = QApplication::arguments().mid(1);
    int runs = 5;
    const qsizetype r = args.indexOf(QStringLiteral("--runs"));
    if (r >= 0 && r + 1 < args.size()) {
        runs = qMax(1, args.at(r + 1).toInt());
        args.remove(r, 2);
    }
    QTemporaryDir tmp;
    QString path = args.value(0);
    if (path.isEmpty()) {
        path = generate(tmp.filePath(QStringLiteral("big.ipynb")), 200, 20LL * 1024 * 1024);
        if (path.isEmpty())
            return 1;
    }
    out << "notebook: " << path << " (" << QString::number(QFile(path).size() / 1048576.0, 'f', 1) << " MB)\n";

    QList<double> firstPaint, imagesShown, firstPaintCpu;
    for (int i = 0; i < runs; ++i) {
        NotebookPreview preview;
        preview.resize(1000, 800);
        preview.show();
        QApplication::processEvents();
        bool loaded = false;
        double paintS = -1;
        QElapsedTimer timer;
        QObject::connect(&preview, &NotebookPreview::firstCellsShown, &preview, [&] { loaded = true; });
        double allS = -1; // the rest of the notebook keeps arriving in chunks after the first paint
        QObject::connect(&preview, &NotebookPreview::loaded, &preview, [&] { allS = timer.nsecsElapsed() / 1e9; });
        QObject::connect(preview.view(), &NotebookView::contentPainted, &preview, [&] {
            if (loaded && paintS < 0)
                paintS = timer.nsecsElapsed() / 1e9;
        });
        const std::clock_t cpu0 = std::clock();
        timer.start();
        preview.showNotebook(path);
        while (paintS < 0 && timer.elapsed() < 60000)
            QApplication::processEvents(QEventLoop::AllEvents | QEventLoop::WaitForMoreEvents, 5);
        // CPU time of all threads until the first paint: independent of how busy the machine is.
        const double cpuS = double(std::clock() - cpu0) / CLOCKS_PER_SEC;
        firstPaintCpu << cpuS;
        // Then until the images of the visible cells are decoded (they were requested by the first paint).
        ImageCache *images = preview.view()->cellDelegate()->images();
        while (images->pendingCount() > 0 && timer.elapsed() < 60000)
            QApplication::processEvents(QEventLoop::AllEvents | QEventLoop::WaitForMoreEvents, 5);
        QApplication::processEvents();
        const double imgS = timer.nsecsElapsed() / 1e9;
        while (allS < 0 && timer.elapsed() < 60000)
            QApplication::processEvents(QEventLoop::AllEvents | QEventLoop::WaitForMoreEvents, 5);
        out << "run " << i + 1 << ": first paint " << QString::number(paintS, 'f', 3) << " s (CPU "
            << QString::number(cpuS, 'f', 3) << " s), visible images drawn "
            << QString::number(imgS, 'f', 3) << " s (" << images->cachedCount() << " decoded), all " << preview.cellModel()->rowCount() << " cells in the model "
            << QString::number(allS, 'f', 3) << " s, layouts built "
            << preview.view()->cellDelegate()->layoutsBuilt() << '\n';
        out.flush();
        firstPaint << paintS;
        imagesShown << imgS;
    }
    std::sort(firstPaint.begin(), firstPaint.end());
    std::sort(imagesShown.begin(), imagesShown.end());
    std::sort(firstPaintCpu.begin(), firstPaintCpu.end());
    const double cpuMedian = firstPaintCpu.at(firstPaintCpu.size() / 2);
    const double median = firstPaint.at(firstPaint.size() / 2);
    out << "first paint of the notebook preview (median of " << runs << "): " << QString::number(median, 'f', 3)
        << " s; goal " << kGoalSeconds << " s; ratio " << QString::number(median / kGoalSeconds, 'f', 2)
        << (median <= kGoalSeconds ? " (met)" : " (NOT met)") << '\n';
    out << "CPU time to first paint (median, all threads; wall time above depends on machine load): "
        << QString::number(cpuMedian, 'f', 3) << " s; ratio to goal " << QString::number(cpuMedian / kGoalSeconds, 'f', 2)
        << '\n';
    out << "visible images drawn (median): " << QString::number(imagesShown.at(imagesShown.size() / 2), 'f', 3) << " s\n";
    return 0;
}
