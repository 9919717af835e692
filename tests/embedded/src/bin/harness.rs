//! The panic-free link harness (see `parlor_embedded::harness`).
//!
//! Built in release (`opt-level = "z"`, fat LTO, `panic = "abort"`) for `thumbv7em-none-eabihf`.
//! The panic handler is `parlor-ffi`'s: every panic in Rust goes through
//! `core::panicking::panic_fmt` (never inlined) to that handler, so after LTO and the linker's
//! garbage collection the image contains `rust_begin_unwind` exactly when some call the harness
//! makes can still panic. With the `panic-handler` feature (a loop) `scripts/embedded-check`
//! fails on that symbol and `scripts/panic-paths` lists the call sites that reach it; with the
//! `panic-never` feature the handler calls an undefined symbol, so the harness links only if no
//! panic path is left.
#![no_std]
#![no_main]

use cortex_m_rt::entry;
use parlor_embedded::{harness, semihosting};

#[entry]
fn main() -> ! {
    let sink = harness::exercise_all();
    core::hint::black_box(sink);
    semihosting::exit(true)
}
