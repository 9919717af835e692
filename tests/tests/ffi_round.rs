//! The one C function set against the core in every game (`check::ffi_round`): the recorded
//! inputs of `tests/fuzz-regressions/ffi_<game>_round/` (cases of the per-game C ABI of ABI
//! version 3, read as cases of the one set: seeds, not bugs), then pseudo-random cases.
#![allow(missing_docs)]

use parlor_conformance::check::ffi_round;
use parlor_conformance::fuzzing::run_target;

#[test]
fn dominoes_through_the_one_c_function_set() {
    assert!(run_target("ffi_dominoes_round", 300, ffi_round::dominoes) >= 300);
}

#[test]
fn tichu_through_the_one_c_function_set() {
    assert!(run_target("ffi_tichu_round", 60, ffi_round::tichu) >= 60);
}

#[test]
fn doudizhu_through_the_one_c_function_set() {
    assert!(run_target("ffi_doudizhu_round", 200, ffi_round::doudizhu) >= 200);
}

#[test]
fn mahjong_through_the_one_c_function_set() {
    assert!(run_target("ffi_mahjong_round", 40, ffi_round::mahjong) >= 40);
}
