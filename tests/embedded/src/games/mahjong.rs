//! `parlor mahjong waits | shanten | ukeire | decompose | score` on the bare metal: the same core
//! calls as `cli/src/mahjong.rs` and `cli/src/mahjong_score.rs`, printing through the same texts
//! (`parlor_core::mahjong::text`).

use core::fmt::Write;

use parlor_core::mahjong::text as answer;
use parlor_core::mahjong::{Form, Rules, score};

use super::{Args, Outcome, Probe};
use crate::text::Text;

/// Runs `mahjong <command> …` (not inlined: its buffers are not the other games').
#[inline(never)]
pub fn run(args: &[&str], out: &mut Text, probe: &mut Probe) -> Outcome {
    let Some((command, rest)) = args.split_first() else {
        return Outcome::Skipped;
    };
    let (options, flags): (&[&str], &[&str]) = match *command {
        "waits" | "decompose" => (&[], &["--riichi"]),
        "shanten" => (&["--form"], &[]),
        "ukeire" => (&["--form", "--visible"], &[]),
        "score" => return score(rest, out, probe),
        _ => return Outcome::Skipped,
    };
    let Some(args) = Args::parse_with_flags(rest, options, flags) else {
        return Outcome::Skipped;
    };
    // clap's value names; another value is a clap usage error (clap's text): skipped.
    let form = match args.value("--form") {
        None => None,
        Some("regular") => Some(Form::Regular),
        Some("seven-pairs") => Some(Form::SevenPairs),
        Some("thirteen-orphans") => Some(Form::ThirteenOrphans),
        Some(_) => return Outcome::Skipped,
    };
    let rules = if args.flag("--riichi") {
        Rules::RIICHI
    } else {
        Rules::SEED
    };
    // The CLI joins the tile words with spaces and parses the whole text (spans refer to it).
    let mut text = Text::new();
    for (i, word) in (0..).zip(args.positionals()) {
        if write!(text, "{}{word}", if i > 0 { " " } else { "" }).is_err() {
            return Outcome::Skipped;
        }
    }
    let text = text.as_str();
    let _ = match *command {
        "waits" => print(probe.call(|| answer::waits_from_text(text, rules)), out),
        "shanten" => print(probe.call(|| answer::shanten_from_text(text, form)), out),
        "ukeire" => {
            // The visible tiles first, as the CLI reads them.
            let visible = args.value("--visible").unwrap_or("");
            probe
                .call(|| answer::visible(visible))
                .or_else(|error| super::error(out, error))
                .and_then(|seen| print(probe.call(|| answer::ukeire_from_text(text, &seen, form)), out))
        }
        _ => decompose(text, rules, out, probe),
    };
    Outcome::Ran
}

/// The answer's line, or the CLI's `error: …` message.
fn print<T: core::fmt::Display>(result: Result<T, answer::InputError<'_>>, out: &mut Text) -> Result<(), ()> {
    let value = result.or_else(|error| super::error(out, error))?;
    let _ = writeln!(out, "{value}");
    Ok(())
}

fn decompose(text: &str, rules: Rules, out: &mut Text, probe: &mut Probe) -> Result<(), ()> {
    let all = probe
        .call(|| answer::decompositions_from_text(text, rules))
        .or_else(|error| super::error(out, error))?;
    // The search runs as the answer is written.
    let _ = probe.call(|| writeln!(out, "{all}"));
    Ok(())
}

/// `score`'s options taking a value and its boolean flags (clap's names in `ScoreArgs`);
/// `--batch` reads standard input: skipped.
const SCORE_OPTIONS: &[&str] = &[
    "--meld",
    "--win",
    "--seat",
    "--round",
    "--dora",
    "--ura",
    "--honba",
    "--sticks",
    "--preset",
    "--nukidora",
];
const SCORE_FLAGS: &[&str] = &[
    "--ron",
    "--tsumo",
    "--riichi",
    "--double-riichi",
    "--ippatsu",
    "--rinshan",
    "--chankan",
    "--haitei",
    "--houtei",
    "--tenhou",
    "--chiihou",
];

/// `mahjong score …`: the Riichi hand value, as `cli/src/mahjong_score.rs` builds and prints it.
#[inline(never)]
fn score(words: &[&str], out: &mut Text, probe: &mut Probe) -> Outcome {
    let Some(args) = Args::parse_with_flags(words, SCORE_OPTIONS, SCORE_FLAGS) else {
        return Outcome::Skipped;
    };
    // clap's conflicts (`--ron`/`--tsumo`, `--riichi`/`--double-riichi`) and a counter that is
    // not a u16 are clap usage errors (clap's text): skipped.
    let (ron, tsumo) = (args.flag("--ron"), args.flag("--tsumo"));
    let (riichi, double) = (args.flag("--riichi"), args.flag("--double-riichi"));
    if (ron && tsumo) || (riichi && double) {
        return Outcome::Skipped;
    }
    let counter = |name| args.value(name).map_or(Some(0), |text| text.parse::<u16>().ok());
    let (Some(honba), Some(sticks)) = (counter("--honba"), counter("--sticks")) else {
        return Outcome::Skipped;
    };
    let Some(nukidora) = args.value("--nukidora").map_or(Some(0), |text| text.parse::<u8>().ok()) else {
        return Outcome::Skipped;
    };
    // The CLI joins the tile words with spaces.
    let mut tiles = Text::new();
    for (i, word) in (0..).zip(args.positionals()) {
        if write!(tiles, "{}{word}", if i > 0 { " " } else { "" }).is_err() {
            return Outcome::Skipped;
        }
    }
    let _ = value(
        &args,
        tiles.as_str(),
        Flags {
            ron,
            tsumo,
            riichi,
            double,
            honba,
            sticks,
            nukidora,
        },
        out,
        probe,
    );
    Outcome::Ran
}

/// The arguments the runner read itself (clap's checks).
struct Flags {
    ron: bool,
    tsumo: bool,
    riichi: bool,
    double: bool,
    honba: u16,
    sticks: u16,
    nukidora: u8,
}

/// The hand value's lines (`ValueText`), `no yaku`, or the CLI's `error: …` message.
fn value(args: &Args<'_>, tiles: &str, flags: Flags, out: &mut Text, probe: &mut Probe) -> Result<(), ()> {
    let (win, config) = win_of(args, tiles, &flags).or_else(|error| super::error(out, error))?;
    match probe.call(|| score::score(&win, &config)) {
        Ok(value) => {
            let _ = probe.call(|| {
                writeln!(
                    out,
                    "{}",
                    answer::ValueText {
                        win: &win,
                        value: &value
                    }
                )
            });
        }
        Err(score::Error::NoYaku) => {
            let _ = writeln!(out, "{}", score::Error::NO_YAKU);
        }
        Err(error) => return super::error(out, error),
    }
    Ok(())
}

/// The [`score::Win`] and [`score::Config`] of the arguments, in the CLI's order of checks.
fn win_of<'a>(
    args: &Args<'a>,
    tiles: &'a str,
    flags: &Flags,
) -> Result<(score::Win, score::Config), answer::ScoreArgError<'a>> {
    let config = answer::score_preset(args.value("--preset").unwrap_or("online"))?;
    if flags.ron == flags.tsumo {
        return Err(answer::ScoreArgError::RonOrTsumo);
    }
    let winning = args.value("--win").ok_or(answer::ScoreArgError::NoWinningTile)?;
    let mut win = score::Win {
        closed: answer::score_tiles("tiles", tiles)?,
        winning: answer::score_winning(winning)?,
        tsumo: flags.tsumo,
        seat: answer::score_wind("--seat", args.value("--seat").unwrap_or("S"))?,
        round: answer::score_wind("--round", args.value("--round").unwrap_or("E"))?,
        riichi: match (flags.riichi, flags.double) {
            (true, _) => score::Riichi::Riichi,
            (_, true) => score::Riichi::Double,
            _ => score::Riichi::None,
        },
        ippatsu: args.flag("--ippatsu"),
        rinshan: args.flag("--rinshan"),
        chankan: args.flag("--chankan"),
        haitei: args.flag("--haitei"),
        houtei: args.flag("--houtei"),
        tenhou: args.flag("--tenhou"),
        chiihou: args.flag("--chiihou"),
        dora: answer::score_tiles("--dora", args.value("--dora").unwrap_or(""))?,
        ura: answer::score_tiles("--ura", args.value("--ura").unwrap_or(""))?,
        honba: flags.honba,
        riichi_sticks: flags.sticks,
        nukidora: flags.nukidora,
        ..score::Win::default()
    };
    for spec in args.values("--meld") {
        win.melds
            .push(answer::score_meld(spec)?)
            .map_err(|_| answer::ScoreArgError::TooManyMelds)?;
    }
    Ok((win, config))
}
