#include "model/ClassNames.h"

#include "model/ModelFileError.h"

#include <fstream>
#include <sstream>

namespace ampwb {
namespace detail {
extern const char* const kImageNetClassList; // generated from resources/labels/imagenet-classes.txt
}
namespace {

std::vector<std::string> linesOf(std::istream& in)
{
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) {
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        lines.push_back(line);
    }
    while (!lines.empty() && lines.back().empty())
        lines.pop_back();
    return lines;
}

} // namespace

const std::vector<std::string>& imageNetClassNames()
{
    static const std::vector<std::string> names = [] {
        std::istringstream text(detail::kImageNetClassList);
        return linesOf(text);
    }();
    return names;
}

std::vector<std::string> numberedClassNames(int64_t count)
{
    std::vector<std::string> names;
    for (int64_t index = 0; index < count; ++index)
        names.push_back("class " + std::to_string(index));
    return names;
}

std::vector<std::string> readClassNamesFile(const std::string& path)
{
    std::ifstream in(path);
    if (!in)
        throw ModelFileError(EngineMessage(EngineMessage::Code::LabelListUnreadable, {path}));
    std::vector<std::string> names = linesOf(in);
    if (names.empty())
        throw ModelFileError(EngineMessage(EngineMessage::Code::LabelListEmpty, {path}));
    return names;
}

} // namespace ampwb
