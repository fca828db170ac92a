#include "FunctionTableModel.h"
