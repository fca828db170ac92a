#include "CaptureLoader.h"
