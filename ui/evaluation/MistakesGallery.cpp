#include "MistakesGallery.h"

#include <QDialog>
#include <QLabel>
#include <QVBoxLayout>

#include <algorithm>

namespace {

constexpr int kIconPixels = 80;

QString percent(double probability)
{
    return QString::number(100.0 * probability, 'f', 1) + QStringLiteral(" %");
}

} // namespace

MistakesGallery::MistakesGallery(QWidget* parent)
    : QListWidget(parent)
{
    setViewMode(QListView::IconMode);
    setIconSize(QSize(kIconPixels, kIconPixels));
    setResizeMode(QListView::Adjust);
    setMovement(QListView::Static);
    setWordWrap(true);
    setGridSize(QSize(kIconPixels + 60, kIconPixels + 3 * fontMetrics().height() + 8));
    connect(this, &QListWidget::itemClicked, this, &MistakesGallery::showLarge);
}

void MistakesGallery::setEvaluation(std::shared_ptr<const ampwb::ModelEvaluation> result)
{
    evaluation = std::move(result);
    showCell(-1, -1);
}

void MistakesGallery::showCell(int trueClass, int predictedClass)
{
    clear();
    shown.clear();
    shownPredictions.clear();
    images.clear();
    if (!evaluation)
        return;
    const auto& predictions = evaluation->predictions;
    std::vector<size_t> chosen;
    for (size_t each = 0; each < predictions.size(); ++each) {
        const ampwb::ImagePrediction& prediction = predictions[each];
        const int64_t answer = prediction.top.empty() ? -1 : prediction.top.front().classIndex;
        const bool wanted = trueClass < 0 ? answer != prediction.trueClass
                                          : prediction.trueClass == trueClass && answer == predictedClass;
        if (wanted)
            chosen.push_back(each);
    }
    // Mistakes: most confident first. The right answers of a diagonal cell: least confident first.
    const bool right = trueClass >= 0 && trueClass == predictedClass;
    std::stable_sort(chosen.begin(), chosen.end(), [&](size_t a, size_t b) {
        const float first = predictions[a].top.front().probability;
        const float second = predictions[b].top.front().probability;
        return right ? first < second : first > second;
    });
    chosen.resize(std::min<size_t>(chosen.size(), kShown));
    const QStringList names = [&] {
        QStringList list;
        for (const std::string& name : evaluation->classNames)
            list << QString::fromStdString(name);
        return list;
    }();
    // Until its thumbnail arrives, each item holds the thumbnail's place.
    QPixmap placeholder(kIconPixels, kIconPixels);
    placeholder.fill(palette().window().color());
    for (const size_t each : chosen) {
        const ampwb::ImagePrediction& prediction = predictions[each];
        const ampwb::ClassScore& answer = prediction.top.front();
        auto* item = new QListWidgetItem(tr("%1\n→ %2 %3")
                                             .arg(names.value(static_cast<int>(prediction.trueClass)),
                                                  names.value(static_cast<int>(answer.classIndex)),
                                                  percent(answer.probability)),
                                         this);
        item->setIcon(placeholder);
        QStringList tip{QString::fromStdString(prediction.name),
                        tr("True class: %1 (%2)")
                            .arg(names.value(static_cast<int>(prediction.trueClass)),
                                 percent(prediction.trueClassProbability))};
        for (const ampwb::ClassScore& score : prediction.top)
            tip << QStringLiteral("%1  %2").arg(percent(score.probability),
                                                names.value(static_cast<int>(score.classIndex)));
        item->setToolTip(tip.join('\n'));
        item->setData(Qt::UserRole, static_cast<qlonglong>(prediction.index));
        shown.push_back(prediction.index);
        shownPredictions.push_back(each);
    }
    if (!shown.empty())
        Q_EMIT thumbnailsWanted(++request, shown);
}

void MistakesGallery::showThumbnails(int answered, const std::vector<int64_t>& indices, const QList<QImage>& loaded)
{
    if (answered != request || indices != shown)
        return;
    images = loaded;
    for (int row = 0; row < count() && row < images.size(); ++row) {
        const QImage& image = images[row];
        if (image.isNull())
            continue;
        const QImage icon = std::max(image.width(), image.height()) < kIconPixels
                              ? image.scaled(kIconPixels, kIconPixels, Qt::KeepAspectRatio, Qt::FastTransformation)
                              : image.scaled(kIconPixels, kIconPixels, Qt::KeepAspectRatio, Qt::SmoothTransformation);
        item(row)->setIcon(QPixmap::fromImage(icon));
    }
}

void MistakesGallery::showLarge(QListWidgetItem* item) const
{
    const int row = this->row(item);
    if (row < 0 || row >= images.size() || images[row].isNull())
        return;
    auto* dialog = new QDialog(const_cast<MistakesGallery*>(this));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setObjectName(QStringLiteral("largeImage"));
    dialog->setWindowTitle(
        QString::fromStdString(evaluation->predictions[shownPredictions[static_cast<size_t>(row)]].name));
    auto* layout = new QVBoxLayout(dialog);
    auto* picture = new QLabel(dialog);
    const QImage& image = images[row];
    const bool small = std::max(image.width(), image.height()) < kImagePixels;
    picture->setPixmap(QPixmap::fromImage(
        small ? image.scaled(kImagePixels, kImagePixels, Qt::KeepAspectRatio, Qt::FastTransformation) : image));
    picture->setAlignment(Qt::AlignCenter);
    layout->addWidget(picture);
    auto* text = new QLabel(item->toolTip(), dialog);
    text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(text);
    dialog->show();
}
