// AppTranslator: embers' translation for a language, installed as main.cpp finds it
// (:/i18n/embers_*.qm) for as long as a test wants it, for tests that switch languages.
#pragma once

#include <QCoreApplication>
#include <QLocale>
#include <QTranslator>

#include <memory>

namespace embers::test {

class AppTranslator
{
public:
    ~AppTranslator() { uninstall(); }

    // Replaces the one installed; false when the language has no translation.
    bool install(const QLocale &locale)
    {
        uninstall();
        m_translator = std::make_unique<QTranslator>();
        if (!m_translator->load(locale, QStringLiteral("embers"), QStringLiteral("_"),
                                QStringLiteral(":/i18n")))
            return false;
        return QCoreApplication::installTranslator(m_translator.get());
    }

    void uninstall()
    {
        if (m_translator)
            QCoreApplication::removeTranslator(m_translator.get());
        m_translator.reset();
    }

private:
    std::unique_ptr<QTranslator> m_translator;
};

} // namespace embers::test
