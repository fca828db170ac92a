module embers.test/gotarget

go 1.19
