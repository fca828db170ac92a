// FlameGraphView. Work in progress.
#pragma once
