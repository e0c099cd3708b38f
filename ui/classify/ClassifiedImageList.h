#pragma once

#include "classify/ClassificationWorker.h"

#include <QAbstractListModel>
#include <QHash>

#include <vector>

/// The Classify tab's images, one row each: the name, the thumbnail, and the current
/// model's top classes with their probabilities and the latency, or why the image could
/// not be read. Rows keep their source so a new model can classify them again.
class ClassifiedImageList : public QAbstractListModel {
    Q_OBJECT
public:
    enum class State { Waiting, Classified, Failed };
    enum Role {
        StateRole = Qt::UserRole + 1, ///< State as int
        LabelsRole,                   ///< QStringList, most probable first
        ProbabilitiesRole,            ///< QVariantList of double, same order
        LatencyRole,                  ///< double milliseconds: preprocessing + inference
        PreprocessRole,               ///< double milliseconds: decoding + preprocessing
        InferenceRole,                ///< double milliseconds: share of the batch's forward pass
        ErrorRole,                    ///< QString
    };

    using QAbstractListModel::QAbstractListModel;

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;

    /// Adds a waiting row for an image file; returns its request for the worker.
    ClassificationRequest addFile(const QString& path);
    /// Adds a waiting row for image data (e.g. from the clipboard) called `name`.
    ClassificationRequest addImage(const QImage& image, const QString& name);
    /// Adds a row for something that cannot be classified, with the reason.
    void addFailure(const QString& name, const QString& error);
    /// Puts every readable row back to waiting (a new model answers) and returns their requests.
    std::vector<ClassificationRequest> requestsForAll();
    /// Fills in the rows the results answer (rows removed since are skipped).
    void apply(const std::vector<ClassificationResult>& results);
    void clear();

    int count(State state) const;
    /// How many classified rows differ from what the model learned from; `seen` gets the ways.
    int countUnlike(Unlikeness& seen) const;

private:
    struct Row {
        quint64 id = 0;
        QString name;
        ClassificationRequest source;
        bool sourceUsable = true;
        State state = State::Waiting;
        QImage thumbnail;
        QStringList labels;
        QList<double> probabilities;
        double preprocessMilliseconds = 0.0;
        double inferenceMilliseconds = 0.0;
        QString error;
        Unlikeness unlike;
    };

    void append(Row row);

    std::vector<Row> rows;
    QHash<quint64, int> rowOfId;
    quint64 nextId = 1;
};
