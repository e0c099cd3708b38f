#pragma once

#include "charts/ChartSpec.h"

#include <QCoreApplication>

/// The training charts every tab shows: loss, loss scale, speed, memory, learning rate
/// and validation accuracy.
class ChartCatalog {
    Q_DECLARE_TR_FUNCTIONS(ChartCatalog)
public:
    static QList<ChartSpec> trainingCharts();
};
