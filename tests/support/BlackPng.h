// Huge images that stay small on disk, for tests of pixel limits.
#pragma once

#include <QByteArray>

/// A valid black 8-bit grayscale PNG of side×side pixels, compressed row by row
/// (a 30000×30000 one is under 2 MB).
QByteArray blackPng(int side);
