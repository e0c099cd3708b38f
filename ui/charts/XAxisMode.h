#pragma once

/// What the horizontal axis of the training charts counts.
enum class XAxisMode { Step, Epoch, WallTime };
