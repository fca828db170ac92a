#include "FlameGraphView.h"
