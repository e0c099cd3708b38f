#pragma once

// qcustomplot.h is written with the `signals` and `foreach` keywords, which QT_NO_KEYWORDS
// (needed because libtorch uses the identifier `slots`) removes. Spell them for this header only.
#define signals Q_SIGNALS
#define foreach Q_FOREACH
#include <qcustomplot.h>
#undef foreach
#undef signals
