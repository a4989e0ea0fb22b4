//! The fuzz targets' shared invariants (in `checks`, which the stable replay test of the main
//! workspace also compiles, so the same checks run with and without libFuzzer).

pub mod checks;
