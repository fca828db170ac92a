// FreedMemory: what becomes of the memory of the big arrays Embers frees. Opening a capture
// and applying a transform each make arrays of hundreds of megabytes and drop others.
// glibc gives every block above its mmap threshold (32 MiB at most) back to the system as
// it is freed, so the next table's arrays are fresh pages, each faulted in and zeroed on
// its first touch: in a virtual machine that returns freed pages to its host, close to a
// millisecond per MiB. Freed memory kept in the process is reused with
// none of that; it goes back to the system at chosen points instead: after a table is
// built (StackTable::build) and when a capture or a comparison closes.
#pragma once

namespace embers {

// Makes the allocator keep freed memory for reuse, on every thread. Call first thing in
// main(), before any thread starts: glibc fixes how many heaps it may make when a second
// thread first allocates.
void keepFreedMemory();

// Gives the freed memory the allocator holds back to the system, when it is worth it
// (64 MiB or more).
void returnFreedMemory();

} // namespace embers
