//! Criterion benchmarks of `parlor-core`, one file per game in `benches/benches/`.
//! Run with `cargo bench -p parlor-benches`; figures are recorded in `BENCHMARKS.md`.
