// BrowserPage: one page in headless Chromium, driven over the DevTools protocol (the same
// protocol and session class as the V8 inspector captures): load a file, evaluate
// JavaScript, send real mouse and keyboard input, take a screenshot. For the tests and
// the benchmark of exported web pages. Chromium gets a profile folder and a DevTools port
// of its own (on 127.0.0.1), and is killed when the page goes.
#pragma once

#include "InspectorSession.h"

#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QThread>
#include <QTimer>
#include <QUrl>

#include <unistd.h>

namespace embers::test {

class BrowserPage
{
public:
    BrowserPage() = default;
    BrowserPage(const BrowserPage &) = delete;
    BrowserPage &operator=(const BrowserPage &) = delete;
    ~BrowserPage()
    {
        m_session.close();
        if (m_chromium.state() != QProcess::NotRunning) {
            // Asked to quit, Chromium stops its helper processes too, before its profile
            // folder goes.
            m_chromium.terminate();
            if (!m_chromium.waitForFinished(10000)) {
                m_chromium.kill();
                m_chromium.waitForFinished(10000);
            }
        }
        // Its network process may still write a file or two as it goes.
        for (int tries = 0; tries < 20 && !QDir(m_profile.path()).removeRecursively(); ++tries)
            wait(100);
    }

    static QString chromium()
    {
        for (const char *name : {"chromium", "chromium-browser", "google-chrome"}) {
            const QString found = QStandardPaths::findExecutable(QLatin1String(name));
            if (!found.isEmpty())
                return found;
        }
        return {};
    }

    // Starts Chromium on `url`, `width` x `height` CSS pixels, and connects to the page;
    // false with *error when it cannot.
    bool open(const QUrl &url, QString *error, int width = 1400, int height = 900)
    {
        const QString browser = chromium();
        if (browser.isEmpty()) {
            *error = QStringLiteral("no chromium on PATH (the test command installs it)");
            return false;
        }
        QStringList arguments = {
            QStringLiteral("--headless"),
            QStringLiteral("--disable-gpu"),
            QStringLiteral("--no-first-run"),
            QStringLiteral("--no-default-browser-check"),
            QStringLiteral("--disable-extensions"),
            QStringLiteral("--disable-background-networking"),
            QStringLiteral("--remote-debugging-address=127.0.0.1"),
            QStringLiteral("--remote-debugging-port=0"),
            QStringLiteral("--remote-allow-origins=*"),
            QStringLiteral("--user-data-dir=") + m_profile.path(),
            QStringLiteral("--window-size=%1,%2").arg(width).arg(height),
            QStringLiteral("--force-device-scale-factor=1"),
        };
        if (::geteuid() == 0) // Chromium's sandbox refuses to run as root
            arguments << QStringLiteral("--no-sandbox");
        arguments << url.toString();
        // Its log (no D-Bus here, and so on) is noise to the suites.
        m_chromium.setStandardOutputFile(QProcess::nullDevice());
        m_chromium.setStandardErrorFile(QProcess::nullDevice());
        m_chromium.start(browser, arguments);
        if (!m_chromium.waitForStarted(20000)) {
            *error = QStringLiteral("chromium did not start: ") + m_chromium.errorString();
            return false;
        }
        // Chromium writes the port it chose into the profile folder.
        QFile portFile(m_profile.filePath(QStringLiteral("DevToolsActivePort")));
        QElapsedTimer clock;
        clock.start();
        int port = 0;
        while (port == 0 && clock.elapsed() < 30000) {
            if (portFile.open(QIODevice::ReadOnly)) {
                port = portFile.readLine().trimmed().toInt();
                portFile.close();
            }
            if (port == 0)
                wait(100);
        }
        if (port == 0) {
            *error = QStringLiteral("chromium wrote no DevTools port");
            return false;
        }
        const QUrl webSocket = pageWebSocket(port, url, error);
        if (webSocket.isEmpty())
            return false;
        QEventLoop loop;
        bool opened = false;
        QObject::connect(&m_session, &InspectorSession::opened, &loop, [&] {
            opened = true;
            loop.quit();
        });
        QObject::connect(&m_session, &InspectorSession::closed, &loop, &QEventLoop::quit);
        QTimer::singleShot(20000, &loop, &QEventLoop::quit);
        m_session.open(webSocket);
        loop.exec();
        if (!opened) {
            *error = QStringLiteral("could not connect to the page's DevTools session");
            return false;
        }
        return true;
    }

    // Sends a command and waits for its answer; *error when it failed.
    QJsonObject command(const QString &method, const QJsonObject &params = {},
                        QString *error = nullptr, int timeoutMs = 30000)
    {
        QEventLoop loop;
        QJsonObject answer;
        bool done = false;
        m_session.send(method, params, [&](bool ok, const QJsonObject &result, const QString &why) {
            done = true;
            answer = result;
            if (!ok && error)
                *error = why;
            loop.quit();
        });
        QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
        if (!done)
            loop.exec();
        if (!done && error)
            *error = method + QStringLiteral(": no answer");
        return answer;
    }

    // The value of a JavaScript expression (promises awaited); an exception's text as
    // *error.
    QJsonValue evaluate(const QString &expression, QString *error = nullptr)
    {
        QString why;
        const QJsonObject result = command(QStringLiteral("Runtime.evaluate"),
                                           {{QStringLiteral("expression"), expression},
                                            {QStringLiteral("returnByValue"), true},
                                            {QStringLiteral("awaitPromise"), true}},
                                           &why);
        if (result.contains(QStringLiteral("exceptionDetails")))
            why = QString::fromUtf8(
                QJsonDocument(result.value(QStringLiteral("exceptionDetails")).toObject())
                    .toJson(QJsonDocument::Compact));
        if (error)
            *error = why;
        return result.value(QStringLiteral("result")).toObject().value(QStringLiteral("value"));
    }

    // Waits until the expression is true; false after `timeoutMs`.
    bool waitUntil(const QString &expression, int timeoutMs = 30000)
    {
        QElapsedTimer clock;
        clock.start();
        while (clock.elapsed() < timeoutMs) {
            if (evaluate(expression).toBool())
                return true;
            wait(50);
        }
        return false;
    }

    void mouse(const QString &type, double x, double y, int clickCount = 1)
    {
        QJsonObject event{
            {QStringLiteral("type"), type}, {QStringLiteral("x"), x}, {QStringLiteral("y"), y}};
        if (type != QLatin1String("mouseMoved")) {
            event.insert(QStringLiteral("button"), QStringLiteral("left"));
            event.insert(QStringLiteral("clickCount"), clickCount);
        }
        command(QStringLiteral("Input.dispatchMouseEvent"), event);
    }
    // `clicks` 2: a double-click (the second press says so, as a real mouse's does).
    void click(double x, double y, int clicks = 1)
    {
        mouse(QStringLiteral("mouseMoved"), x, y);
        for (int n = 1; n <= clicks; ++n) {
            mouse(QStringLiteral("mousePressed"), x, y, n);
            mouse(QStringLiteral("mouseReleased"), x, y, n);
        }
    }
    // Presses and releases a key on the focused element: `key` as the DOM names it
    // ("Enter", "ArrowDown"), `keyCode` the Windows virtual key code Chromium needs.
    void key(const QString &key, int keyCode)
    {
        for (const char *type : {"keyDown", "keyUp"})
            command(QStringLiteral("Input.dispatchKeyEvent"),
                    {{QStringLiteral("type"), QLatin1String(type)},
                     {QStringLiteral("key"), key},
                     {QStringLiteral("code"), key},
                     {QStringLiteral("windowsVirtualKeyCode"), keyCode}});
    }
    // Types text into the focused element, as a keyboard's input.
    void type(const QString &text)
    {
        command(QStringLiteral("Input.insertText"), {{QStringLiteral("text"), text}});
    }
    // The page as the browser's dark (or light) preference shows it.
    void preferDark(bool dark)
    {
        const QJsonObject feature{
            {QStringLiteral("name"), QStringLiteral("prefers-color-scheme")},
            {QStringLiteral("value"), dark ? QStringLiteral("dark") : QStringLiteral("light")}};
        command(QStringLiteral("Emulation.setEmulatedMedia"),
                {{QStringLiteral("features"), QJsonArray{feature}}});
    }
    // A PNG of the viewport.
    QByteArray screenshot()
    {
        const QJsonObject shot = command(QStringLiteral("Page.captureScreenshot"),
                                         {{QStringLiteral("format"), QStringLiteral("png")}});
        return QByteArray::fromBase64(shot.value(QStringLiteral("data")).toString().toLatin1());
    }

    static void wait(int ms)
    {
        QEventLoop loop;
        QTimer::singleShot(ms, &loop, &QEventLoop::quit);
        loop.exec();
    }

private:
    // The page target's WebSocket, from the DevTools HTTP endpoint's list.
    QUrl pageWebSocket(int port, const QUrl &url, QString *error)
    {
        QNetworkAccessManager network;
        QElapsedTimer clock;
        clock.start();
        while (clock.elapsed() < 20000) {
            QNetworkReply *reply = network.get(
                QNetworkRequest(QUrl(QStringLiteral("http://127.0.0.1:%1/json/list").arg(port))));
            QEventLoop loop;
            QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
            loop.exec();
            const QJsonArray targets = QJsonDocument::fromJson(reply->readAll()).array();
            reply->deleteLater();
            for (const QJsonValue &t : targets) {
                const QJsonObject o = t.toObject();
                if (o.value(QStringLiteral("type")).toString() == QLatin1String("page") &&
                    QUrl(o.value(QStringLiteral("url")).toString()) == url)
                    return QUrl(o.value(QStringLiteral("webSocketDebuggerUrl")).toString());
            }
            wait(100);
        }
        *error = QStringLiteral("chromium listed no page for ") + url.toString();
        return {};
    }

    QTemporaryDir m_profile;
    QProcess m_chromium;
    InspectorSession m_session;
};

} // namespace embers::test
