#include "FlameLayout.h"
