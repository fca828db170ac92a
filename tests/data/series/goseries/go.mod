module embers.test/goseries

go 1.19
