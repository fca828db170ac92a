// The translation unit that compiles the suites' shared precompiled header
// (tests/CMakeLists.txt, embers_test_pch).
