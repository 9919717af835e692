//! Five Up dominoes: vectors through core, reference and CLI; checkers over regressions and
//! pseudo-random cases; unit tests with real values.

use parlor_conformance::check::dominoes as check;

#[test]
fn diff_checker_over_regressions_and_random_cases() {
    let checked = parlor_conformance::fuzzing::run_target("dominoes_diff", 20000, check::diff);
    assert!(checked > 10000, "only {checked} cases decoded");
}

#[test]
#[ignore]
fn stats_many() {
    use parlor_conformance::fuzzing::SplitMix64;
    let n: usize = std::env::var("N").ok().and_then(|v| v.parse().ok()).unwrap_or(100000);
    let mut rng = SplitMix64(42);
    let (mut legal, mut total, mut long_legal) = (0, 0, 0);
    for _ in 0..n {
        let len = 8 + (rng.next() % 200) as usize;
        let data: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
        let Ok(case) = arbitrary::Arbitrary::arbitrary_take_rest(arbitrary::Unstructured::new(&data)) else {
            continue;
        };
        let case: check::DiffCase = case;
        let (tiles, rule) = case.build();
        check::check_order(&tiles, rule);
        total += 1;
        if total < 5 {
            eprintln!("{} {:?}", tiles.len(), case);
        }
        if parlor_conformance::reference::dominoes::validate(
            &tiles,
            parlor_conformance::reference::dominoes::Spinners::from_code(rule.code()),
        ) == parlor_conformance::reference::dominoes::RefVerdict::Legal
        {
            legal += 1;
            if tiles.len() >= 10 {
                long_legal += 1;
            }
        }
    }
    eprintln!("total {total} legal {legal} long_legal {long_legal}");
}
#[test]
fn print_sizes() {
    eprintln!(
        "SCRATCH {} verdict {} layout {}",
        parlor_core::dominoes::SCRATCH_BYTES,
        std::mem::size_of::<parlor_core::dominoes::Verdict>(),
        std::mem::size_of::<parlor_core::dominoes::Layout>()
    );
}

#[test]
fn ffi_checker_over_regressions_and_random_cases() {
    let checked = parlor_conformance::fuzzing::run_target("ffi_dominoes", 5000, check::ffi);
    assert!(checked > 2000, "only {checked} cases decoded");
}
