#include "ProfileCapture.h"

#include "HttpCapture.h"
#include "InspectorCapture.h"

#include <QNetworkAccessManager>

namespace embers {

ProfileCapture *ProfileCapture::create(const CaptureRequest &request, QObject *parent)
{
    switch (targetKind(request.target)) {
    case TargetKind::Http:
        return new HttpCapture(request, parent);
    case TargetKind::Inspector:
        return new InspectorCapture(request, parent);
    case TargetKind::File:
        break;
    }
    return nullptr;
}

ProfileCapture::ProfileCapture(const CaptureRequest &request, QObject *parent)
    : QObject(parent), m_request(request)
{
    m_result.target = request.target;
    m_result.label = targetLabel(request);
    m_result.kind = request.kind;
}

ProfileCapture::~ProfileCapture() = default;

bool ProfileCapture::isDone() const
{
    return m_phase == Phase::Finished || m_phase == Phase::Listed || m_phase == Phase::Failed ||
           m_phase == Phase::Cancelled;
}

QNetworkAccessManager *ProfileCapture::network()
{
    if (!m_network) {
        m_network = new QNetworkAccessManager(this);
    }
    return m_network;
}

void ProfileCapture::setPhase(Phase phase)
{
    if (m_phase == phase || isDone())
        return;
    m_phase = phase;
    emit phaseChanged(phase);
}

void ProfileCapture::end(Phase phase)
{
    if (isDone())
        return;
    m_phase = phase;
    emit phaseChanged(phase);
    emit done();
}

void ProfileCapture::finish(QByteArray bytes)
{
    m_result.bytes = std::move(bytes);
    end(Phase::Finished);
}

void ProfileCapture::fail(const QString &message)
{
    if (isDone())
        return;
    m_error = message;
    end(Phase::Failed);
}

void ProfileCapture::list(QStringList offered)
{
    m_offered = std::move(offered);
    end(Phase::Listed);
}

void ProfileCapture::cancelled()
{
    end(Phase::Cancelled);
}

} // namespace embers
