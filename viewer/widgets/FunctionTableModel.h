// FunctionTableModel. Work in progress.
#pragma once
