// FlameLayout: (tree, focus, width) -> boxes per depth. Work in progress.
#pragma once
