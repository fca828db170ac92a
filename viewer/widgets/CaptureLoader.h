// CaptureLoader. Work in progress.
#pragma once
