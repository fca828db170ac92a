module listdemo

go 1.19
