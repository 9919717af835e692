//! `parlor doudizhu classify | beats | moves | spring | min-plays` on the bare metal: the same
//! core calls as `cli/src/doudizhu.rs`, printing through the same texts
//! (`parlor_core::doudizhu::text`). Every Dou Dizhu vector runs here.
//!
//! `spring` and `min-plays` search in the caller's memory: one `Scratch` (`SCRATCH_BYTES`,
//! 32 KiB) in static RAM, as the core's docs advise for small stacks (the CLI boxes one). The
//! same static block holds `moves`' list of plays (up to `MAX_MOVES` = 2,511, packed in 8 bytes
//! each: 20 KB, sorted there), which at 15 bytes a `Cards` in a frame would need more stack
//! than the 64 KiB boards keep next to the scratch (about 25 KB). Only the core calls' own
//! frames are measured.

use core::fmt::Write;
use core::mem::ManuallyDrop;
use core::ops::ControlFlow;

use parlor_core::doudizhu::text::{
    self as answer, BeatsRefusal, KindNames, Missing, MovesRefusal, ReadingList, SpringAnswer, YesNo,
};
use parlor_core::doudizhu::{self, Cards, MAX_MOVES, Opponents, Preset, PresetId, RANKS, SCRATCH_BYTES, Scratch};

use super::{Args, Outcome, Probe};
use crate::text::Text;

/// Runs `doudizhu <command> …` (not inlined: its buffers are not the other games').
#[inline(never)]
pub fn run(args: &[&str], out: &mut Text, probe: &mut Probe) -> Outcome {
    let Some((command, rest)) = args.split_first() else {
        return Outcome::Skipped;
    };
    // `--batch` and `spring --judge` read standard input: not in the vector files, skipped.
    let flags: &[&str] = if *command == "classify" { &["--readings"] } else { &[] };
    let Some(args) = Args::parse_with_flags(rest, &["--preset"], flags) else {
        return Outcome::Skipped;
    };
    // An unknown preset is a clap usage error (its text is clap's): not ours to reproduce.
    let preset = match args.value("--preset") {
        None => PresetId::from_name("pagat"),
        Some(name) => PresetId::from_name(name),
    };
    let Some(preset) = preset.map(PresetId::preset) else {
        return Outcome::Skipped;
    };
    let _ = match *command {
        "classify" if args.positional_count() <= 1 => classify(&args, &preset, out, probe),
        "beats" if args.positional_count() <= 2 => beats(&args, &preset, out, probe),
        "moves" if args.positional_count() <= 2 => moves(&args, &preset, out, probe),
        "spring" if args.positional_count() <= 3 => spring(&args, &preset, out, probe),
        "min-plays" if args.positional_count() <= 1 => min_plays(&args, &preset, out, probe),
        _ => return Outcome::Skipped,
    };
    Outcome::Ran
}

/// The `index`-th positional word, or the CLI's message naming the missing argument.
fn required<'a>(args: &Args<'a>, index: usize, what: &str, out: &mut Text) -> Result<&'a str, ()> {
    match args.positional(index) {
        Some(word) => Ok(word),
        None => super::error(out, Missing(what)),
    }
}

/// One card-set argument, or the core's message naming the bad token.
fn cards(text: &str, out: &mut Text, probe: &mut Probe) -> Result<Cards, ()> {
    probe
        .call(|| answer::cards(text))
        .or_else(|error| super::error(out, error))
}

fn classify(args: &Args<'_>, preset: &Preset, out: &mut Text, probe: &mut Probe) -> Result<(), ()> {
    let text = required(args, 0, "the card set", out)?;
    let set = cards(text, out, probe)?;
    let found = probe.call(|| doudizhu::classify(&set, preset));
    let _ = if args.flag("--readings") {
        writeln!(out, "{}", ReadingList(&found))
    } else {
        writeln!(out, "{}", KindNames(&found))
    };
    Ok(())
}

fn beats(args: &Args<'_>, preset: &Preset, out: &mut Text, probe: &mut Probe) -> Result<(), ()> {
    let prev = required(args, 0, "the previous play", out)?;
    let play = required(args, 1, "the play", out)?;
    let (prev_cards, play_cards) = (cards(prev, out, probe)?, cards(play, out, probe)?);
    match probe.call(|| doudizhu::beats(&prev_cards, &play_cards, preset)) {
        Ok(yes) => {
            let _ = writeln!(out, "{}", YesNo(yes));
            Ok(())
        }
        Err(error) => super::error(out, BeatsRefusal { previous: prev, error }),
    }
}

fn moves(args: &Args<'_>, preset: &Preset, out: &mut Text, probe: &mut Probe) -> Result<(), ()> {
    let hand = required(args, 0, "the hand", out)?;
    let hand = cards(hand, out, probe)?;
    let prev = cards(args.positional(1).unwrap_or("-"), out, probe)?;
    plays(|found| {
        let mut count = 0usize;
        let result = probe.call(|| {
            doudizhu::for_each_move(&hand, &prev, preset, |play| match found.get_mut(count) {
                Some(slot) => {
                    *slot = pack(&play);
                    count += 1;
                    ControlFlow::Continue(())
                }
                None => ControlFlow::Break(()),
            })
        });
        if let Err(error) = result {
            return super::error(out, MovesRefusal { previous: prev, error });
        }
        let found = found.get_mut(..count).unwrap_or_default();
        found.sort_unstable_by(|a, b| answer::print_order(&unpack(*a), &unpack(*b)));
        for play in found.iter() {
            let _ = writeln!(out, "{}", unpack(*play));
        }
        Ok(())
    })
}

/// A play in 8 bytes: 3 bits a rank count (at most 4), rank 3 in the low bits.
fn pack(cards: &Cards) -> u64 {
    cards
        .counts()
        .iter()
        .rev()
        .fold(0, |packed, &count| (packed << 3) | u64::from(count))
}

/// The play [`pack`] packed (every packed value comes from a valid `Cards`, so `from_counts`
/// accepts it; the empty set otherwise, never met).
fn unpack(packed: u64) -> Cards {
    let mut counts = [0u8; RANKS];
    for (i, count) in counts.iter_mut().enumerate() {
        *count = ((packed >> (3 * i)) & 7) as u8;
    }
    Cards::from_counts(counts).unwrap_or(Cards::EMPTY)
}

fn spring(args: &Args<'_>, preset: &Preset, out: &mut Text, probe: &mut Probe) -> Result<(), ()> {
    let landlord = required(args, 0, "the landlord's hand", out)?;
    let landlord = cards(landlord, out, probe)?;
    let opponents = match (args.positional(1), args.positional(2)) {
        (Some(a), Some(b)) => Opponents::Both(cards(a, out, probe)?, cards(b, out, probe)?),
        (Some(a), None) => Opponents::One(cards(a, out, probe)?),
        _ => Opponents::Unknown,
    };
    let plan = scratch(|scratch| probe.call(|| doudizhu::spring(&landlord, &opponents, preset, scratch)))
        .or_else(|error| super::error(out, error))?;
    let _ = writeln!(out, "{}", SpringAnswer::lines(plan.as_ref()));
    Ok(())
}

fn min_plays(args: &Args<'_>, preset: &Preset, out: &mut Text, probe: &mut Probe) -> Result<(), ()> {
    let hand = required(args, 0, "the hand", out)?;
    let hand = cards(hand, out, probe)?;
    let fewest = scratch(|scratch| probe.call(|| doudizhu::min_plays(&hand, preset, scratch)))
        .or_else(|error| super::error(out, error))?;
    let _ = writeln!(out, "{fewest}");
    Ok(())
}

/// The firmware's one block of static working memory (32 KiB of `.bss`): the searches'
/// `Scratch`, or `moves`' packed plays; one command uses one of them, never both.
union Memory {
    scratch: ManuallyDrop<Scratch>,
    plays: [u64; MAX_MOVES],
}

const _: () = assert!(core::mem::size_of::<Memory>() == SCRATCH_BYTES);

/// The block (zeroed at start-up: no flash image, no stack copy).
static mut MEMORY: Memory = Memory {
    scratch: ManuallyDrop::new(Scratch::new()),
};

/// Runs `f` with the firmware's one `Scratch`.
fn scratch<R>(f: impl FnOnce(&mut Scratch) -> R) -> R {
    // SAFETY: single-threaded firmware without interrupts; the only reference to the block
    // lives for `f`, and `f` never calls back into this function or into `plays`. A `Scratch`
    // is byte arrays (any content valid, nothing meant between calls), so what `plays` left
    // there is a valid one.
    f(unsafe { &mut (*core::ptr::addr_of_mut!(MEMORY)).scratch })
}

/// Runs `f` with the block as `moves`' list of packed plays (any content: every slot is
/// written before it is read).
fn plays<R>(f: impl FnOnce(&mut [u64; MAX_MOVES]) -> R) -> R {
    // SAFETY: as in `scratch`: the only reference lives for `f`, which never calls back into
    // this function or into `scratch`; any bytes are valid `u64`s.
    f(unsafe { &mut (*core::ptr::addr_of_mut!(MEMORY)).plays })
}
