// ModelRoles: the item data roles of every Embers model, in one enum, so that a view, a
// delegate or a test asks any model for a row's frame, sort key or cost the same way.
// A model answers the roles that make sense for its rows and an invalid QVariant otherwise.
#pragma once

#include <Qt>

namespace embers {

enum ModelRole : int {
    SortRole = Qt::UserRole, // what a column sorts by: qint64, double, int, or the name
    FrameRole,               // uint: the row's StackTable frame
    CostRole,                // qint64: the row's cost in the sample type (a node's total,
                             // a label value's samples; a label key's: all its values')
    TotalCostRole,           // qint64: the whole capture's total in the sample type
    ChangeRole,              // int(Change): how a function changed between two captures
    NoiseRole,               // bool: the change is within sampling noise
    SharesRole,              // QVariantList of double: the shares, capture by capture
    PresentRole,             // QVariantList of bool: sampled in each capture
    KeyRole,                 // QString: a label key
    NumericRole,             // bool: a numeric label key
    DetailsRole,             // QStringList: lines under a capture's name
    StateRole,               // CaptureListModel::State
    IdRole,                  // quint64: a capture's id
    PathsRole,               // QStringList: a capture's files
};

} // namespace embers
