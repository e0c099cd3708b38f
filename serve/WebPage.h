#pragma once

#include <string_view>

namespace ampwb::serve {

/// The page GET / serves (serve/page/index.html, built in): drop or pick images, see
/// each one's thumbnail, top classes with probability bars and latency; English or
/// Simplified Chinese after the browser's languages. It loads nothing from elsewhere.
std::string_view webPage();

} // namespace ampwb::serve
