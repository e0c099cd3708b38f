#include "EngineText.h"

#include "system/ErrorText.h"

#include <array>
#include <string>
#include <vector>

namespace {

// fashionMnistClassNames() of IdxDataset.cpp, the default dataset's classes.
[[maybe_unused]] constexpr std::array kFashionMnistClassNames{
    QT_TRANSLATE_NOOP("ClassNames", "T-shirt/top"), QT_TRANSLATE_NOOP("ClassNames", "Trouser"),
    QT_TRANSLATE_NOOP("ClassNames", "Pullover"),    QT_TRANSLATE_NOOP("ClassNames", "Dress"),
    QT_TRANSLATE_NOOP("ClassNames", "Coat"),        QT_TRANSLATE_NOOP("ClassNames", "Sandal"),
    QT_TRANSLATE_NOOP("ClassNames", "Shirt"),       QT_TRANSLATE_NOOP("ClassNames", "Sneaker"),
    QT_TRANSLATE_NOOP("ClassNames", "Bag"),         QT_TRANSLATE_NOOP("ClassNames", "Ankle boot"),
};

} // namespace

QString EngineText::render(const ampwb::EngineMessage& message)
{
    std::vector<std::string> values;
    for (const ampwb::EngineMessage::Argument& argument : message.arguments())
        values.push_back(argument.message ? render(*argument.message).toStdString() : argument.text);
    const QString translation = tr(ampwb::englishText(message.code()));
    return QString::fromStdString(ampwb::substitute(translation.toStdString(), values));
}

QString EngineText::describe(const std::exception& error)
{
    return render(ampwb::messageOf(error));
}

QString EngineText::className(const QString& name)
{
    return QCoreApplication::translate("ClassNames", name.toUtf8().constData());
}
