//! The vector firmware: runs the conformance vectors of the enabled games on the (emulated)
//! Cortex-M3, prints each failure, the skipped command kinds, the stack high-water mark of the
//! core calls of each command kind, and a closing `N passed, N failed, N skipped` line; exits through semihosting
//! with status 1 on any failure.
#![no_std]
#![no_main]

use parlor_embedded::games::{self, Outcome, Probe};
use parlor_embedded::text::Text;
use parlor_embedded::{hprintln, rounds, semihosting, stack, ticks};

/// One vector line: the `parlor` command words and the expected output.
struct Vector {
    file: &'static str,
    line: usize,
    args: &'static [&'static str],
    expected: &'static str,
}

include!(concat!(env!("OUT_DIR"), "/vectors.rs"));
include!(concat!(env!("OUT_DIR"), "/rounds.rs"));

/// How many distinct command kinds (`game command`) are tallied.
const KINDS: usize = 32;

/// Tally of one command kind: vectors run or skipped, and the deepest stack of one call.
#[derive(Clone, Copy)]
struct Kind {
    game: &'static str,
    command: &'static str,
    ran: usize,
    skipped: usize,
    max_stack: usize,
}

#[cfg(all(target_arch = "riscv32", target_os = "none"))]
#[unsafe(no_mangle)]
extern "C" fn parlor_firmware_main() -> ! {
    main()
}

#[cfg_attr(target_arch = "arm", cortex_m_rt::entry)]
fn main() -> ! {
    ticks::start();
    hprintln!(
        "parlor embedded vectors: games {:?}, shard {}/{}, {} vectors, free stack {} bytes",
        GAMES,
        SHARD.0,
        SHARD.1,
        VECTORS.len(),
        stack::free()
    );
    #[cfg(feature = "dominoes")]
    hprintln!(
        "dominoes: validate_with scratch {} bytes (SCRATCH_BYTES, in static RAM)",
        parlor_core::dominoes::SCRATCH_BYTES
    );
    let mut kinds = [Kind {
        game: "",
        command: "",
        ran: 0,
        skipped: 0,
        max_stack: 0,
    }; KINDS];
    let (mut passed, mut failed, mut skipped) = (0usize, 0usize, 0usize);
    let mut out = Text::new();
    for vector in VECTORS {
        out.clear();
        let mut probe = Probe::default();
        let outcome = games::run(vector.args, &mut out, &mut probe);
        let used = probe.max;
        let kind = tally(&mut kinds, vector.args);
        match outcome {
            Outcome::Skipped => {
                skipped += 1;
                if let Some(kind) = kind {
                    kind.skipped += 1;
                }
                continue;
            }
            Outcome::Ran => {
                if let Some(kind) = kind {
                    kind.ran += 1;
                    kind.max_stack = kind.max_stack.max(used);
                }
            }
        }
        out.trim_final_newline();
        if !out.overflowed() && out.as_str() == vector.expected {
            passed += 1;
        } else {
            failed += 1;
            hprintln!("FAIL  {}:{}: {}", vector.file, vector.line, Words(vector.args));
            hprintln!("      expected: {:?}", vector.expected);
            hprintln!(
                "      actual:   {:?}{}",
                out.as_str(),
                if out.overflowed() {
                    " (output buffer overflowed)"
                } else {
                    ""
                }
            );
        }
    }
    // The round engines: every seeded round and match case, compared with the host's outcome.
    let mut expected = ROUNDS.iter();
    for game in rounds::GAMES {
        if !GAMES.contains(&game) || SHARD.0 != 0 {
            continue;
        }
        let mut probe = games::RoundProbe::default();
        rounds::cases(game, |case| {
            probe.counting = case.kind == rounds::Kind::Round && case.bot == rounds::Bot::Lowest;
            let Some(played) = rounds::play(case, &mut probe) else {
                return;
            };
            out.clear();
            let _ = core::fmt::Write::write_fmt(&mut out, format_args!("{played}"));
            match expected.next() {
                Some(&want) if want == out.as_str() => {
                    passed += 1;
                    hprintln!("rounds  {}", want);
                }
                want => {
                    failed += 1;
                    hprintln!("FAIL  rounds: {}", out.as_str());
                    hprintln!("      expected (host): {:?}", want);
                }
            }
        });
        for (what, max) in rounds::CALLS.iter().zip(probe.max) {
            hprintln!("stack  {} round-{}: {} bytes (max over its cases)", game, what, max);
        }
        // The core's own calls in the `lowest` rounds, for the script's ratio of each C call to
        // them (meaningful under `-icount`; see `ticks`).
        for ((what, calls), ticks) in rounds::CALLS.iter().zip(probe.calls).zip(probe.ticks) {
            if calls > 0 {
                hprintln!("ticks-core {} round-{}: {} calls, {} ticks", game, what, calls, ticks);
            }
        }
    }
    for want in expected.filter(|_| SHARD.0 == 0) {
        failed += 1;
        hprintln!("FAIL  rounds: not played on the target: {}", want);
    }
    for kind in kinds.iter().filter(|kind| !kind.game.is_empty()) {
        if kind.ran > 0 {
            hprintln!(
                "stack  {} {}: {} bytes (max over {} vectors)",
                kind.game,
                kind.command,
                kind.max_stack,
                kind.ran
            );
        }
        if kind.skipped > 0 {
            hprintln!(
                "skipped  {} {}: {} vectors ({})",
                kind.game,
                kind.command,
                kind.skipped,
                games::skip_reason(kind.game, kind.command)
            );
        }
    }
    hprintln!("{} passed, {} failed, {} skipped", passed, failed, skipped);
    semihosting::exit(failed == 0 && passed > 0 || VECTORS.is_empty())
}

/// The tally slot of the vector's command kind (its first two words), if there is room.
fn tally<'k>(kinds: &'k mut [Kind; KINDS], args: &'static [&'static str]) -> Option<&'k mut Kind> {
    let game = args.first().copied().unwrap_or("");
    let command = args.get(1).copied().unwrap_or("");
    let index = kinds
        .iter()
        .position(|kind| kind.game == game && kind.command == command)
        .or_else(|| kinds.iter().position(|kind| kind.game.is_empty()))?;
    let kind = kinds.get_mut(index)?;
    kind.game = game;
    kind.command = command;
    Some(kind)
}

/// Displays command words separated by spaces.
struct Words(&'static [&'static str]);

impl core::fmt::Display for Words {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        for (i, word) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            f.write_str(word)?;
        }
        Ok(())
    }
}

/// A fault (for example a stack overflow below RAM) ends the run as a failure instead of hanging.
#[cfg(target_arch = "arm")]
#[cortex_m_rt::exception]
unsafe fn HardFault(frame: &cortex_m_rt::ExceptionFrame) -> ! {
    hprintln!(
        "HARD FAULT at pc {:#010x} (a stack overflow shows as a fault near the RAM start)",
        frame.pc()
    );
    hprintln!("0 passed, 1 failed");
    semihosting::exit(false)
}

#[cfg(not(feature = "ffi"))]
#[panic_handler]
fn panic(info: &core::panic::PanicInfo<'_>) -> ! {
    hprintln!("PANIC: {}", info);
    hprintln!("0 passed, 1 failed");
    semihosting::exit(false)
}
