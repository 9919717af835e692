//! # parlor-conformance
//!
//! The conformance suite of Parlor, shared by `cargo test` and the fuzz targets in `fuzz/`:
//! - [`reference`](mod@reference) — a deliberately naive `std` implementation of every rule, written from the
//!   specs (brute force, no cleverness) and independent of `parlor-core`'s code;
//! - [`check`] — the differential checkers: each takes one `arbitrary` case, runs it through the
//!   core (and the C ABI) and the reference, and panics on any disagreement. Fuzz targets are
//!   thin shims over these; `cargo test` runs them over checked-in regression inputs
//!   (`tests/fuzz-regressions/<target>/`) and pseudo-random cases ([`fuzzing`]);
//! - [`tools`] — the outside tools some tests need (Python packages, C/C++ compilers, cmake):
//!   one rule, skip with one line when absent, required under CI;
//! - [`vectors`] — the test vectors in `tests/vectors/*.tsv` (format: [`parlor_cli::check`]).

pub mod check;
pub mod fuzzing;
pub mod reference;
pub mod tools;
pub mod vectors;

/// The README's Rust quick start, run as a doc test so it can never go stale.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct ReadmeDoctests;
