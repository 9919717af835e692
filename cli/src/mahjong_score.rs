//! `parlor mahjong score …`: the value of a Riichi winning hand (`parlor_core::mahjong::score`).
//! Notation in docs/mahjong.md ("Hand value"). With `--batch`, one command line per input line
//! (split like a shell: quotes and backslashes) and only the first output line per answer.

use std::io::{BufRead, Write};

use clap::Parser;
use parlor_core::mahjong::score::{Config, Error, Riichi, Win, score};
use parlor_core::mahjong::text::{
    ScoreArgError, ValueText, score_meld, score_preset, score_tiles, score_wind, score_winning,
};

use crate::CliError;

/// The arguments of `parlor mahjong score`.
#[derive(Debug, Clone, clap::Args)]
pub struct ScoreArgs {
    /// The closed tiles, the winning tile included (`0m 0p 0s` are the red fives), in either
    /// notation.
    pub tiles: Vec<String>,
    /// A called meld: `chii:123s`, `pon:555p`, `minkan:7777z` (open kan), `shouminkan:2222p`
    /// (added kan), `ankan:1111m` (closed kan), optionally `@E|S|W|N` (the seat it came from).
    #[arg(long = "meld", value_name = "SPEC")]
    pub melds: Vec<String>,
    /// The winning tile (one of the closed tiles).
    #[arg(long = "win", value_name = "TILE")]
    pub winning: Option<String>,
    /// Won on a discard.
    #[arg(long, conflicts_with = "tsumo")]
    pub ron: bool,
    /// Won by self-draw.
    #[arg(long)]
    pub tsumo: bool,
    /// The winner's seat wind (E is the dealer).
    #[arg(long, default_value = "S", value_name = "E|S|W|N")]
    pub seat: String,
    /// The round wind.
    #[arg(long, default_value = "E", value_name = "E|S|W|N")]
    pub round: String,
    /// Riichi.
    #[arg(long, conflicts_with = "double_riichi")]
    pub riichi: bool,
    /// Double riichi.
    #[arg(long)]
    pub double_riichi: bool,
    /// Ippatsu.
    #[arg(long)]
    pub ippatsu: bool,
    /// Won on a kan replacement tile.
    #[arg(long)]
    pub rinshan: bool,
    /// Robbing a kan.
    #[arg(long)]
    pub chankan: bool,
    /// Won on the last draw.
    #[arg(long)]
    pub haitei: bool,
    /// Won on the last discard.
    #[arg(long)]
    pub houtei: bool,
    /// Tenhou (dealer, first draw).
    #[arg(long)]
    pub tenhou: bool,
    /// Chiihou (non-dealer, first draw).
    #[arg(long)]
    pub chiihou: bool,
    /// Dora indicators (`4m` or `4m7z`).
    #[arg(long, default_value = "", value_name = "TILES")]
    pub dora: String,
    /// Ura-dora indicators.
    #[arg(long, default_value = "", value_name = "TILES")]
    pub ura: String,
    /// Honba counters on the table.
    #[arg(long, default_value_t = 0)]
    pub honba: u16,
    /// Riichi sticks on the table.
    #[arg(long, default_value_t = 0)]
    pub sticks: u16,
    /// Norths the winner set aside (nukidora; three-player rules, `--preset tenhou-sanma`).
    #[arg(long, default_value_t = 0)]
    pub nukidora: u8,
    /// The rule set: online (default), mahjong-soul, mahjong-pypi, tenhou-sanma (three players:
    /// a 1m indicator points at 9m, tsumo-zon, 200-point honba).
    #[arg(long, default_value = "online")]
    pub preset: String,
    /// Set a hand-value rule: `KEY=VALUE` (repeatable; `parlor mahjong rules` lists the keys;
    /// the hand-value keys are `open-tanyao` … `double-wind-pair-fu`, e.g. `red-fives=yes`).
    #[arg(long = "rule", value_name = "KEY=VALUE")]
    pub rules: Vec<String>,
    /// Read one command line per input line from standard input; print the first line of each
    /// answer.
    #[arg(long)]
    pub batch: bool,
}

/// A batch line's command line.
#[derive(Debug, Parser)]
#[command(name = "score", no_binary_name = true)]
struct Line {
    #[command(flatten)]
    args: ScoreArgs,
}

/// The [`Win`] and [`Config`] of the arguments (refusals: [`ScoreArgError`], the core's texts).
pub fn win_of(args: &ScoreArgs) -> Result<(Win, Config), String> {
    let joined = args.tiles.join(" ");
    let (win, config) = win_of_texts(args, &joined).map_err(|error| error.to_string())?;
    Ok((win, with_rules(config, &args.rules)?))
}

/// The hand-value config `config` with every `--rule` set; a key that is no hand-value rule
/// (the number of rounds, the starting points, …) is refused by name.
pub fn with_rules(config: Config, rules: &[String]) -> Result<Config, String> {
    let mut game = parlor_core::mahjong::Config {
        score: config,
        ..Default::default()
    };
    let base = game;
    for rule in rules {
        crate::play::set_rule(&mut game, rule)?;
        let mut rest = game;
        rest.score = base.score;
        if rest != base {
            return Err(format!(
                "--rule {}: not a hand-value rule (it applies to play and replay)",
                crate::quoted(rule)
            ));
        }
    }
    Ok(game.score)
}

fn win_of_texts<'a>(args: &'a ScoreArgs, joined: &'a str) -> Result<(Win, Config), ScoreArgError<'a>> {
    let config = score_preset(&args.preset)?;
    if args.ron == args.tsumo {
        return Err(ScoreArgError::RonOrTsumo);
    }
    let winning = args.winning.as_deref().ok_or(ScoreArgError::NoWinningTile)?;
    let mut win = Win {
        closed: score_tiles("tiles", joined)?,
        winning: score_winning(winning)?,
        tsumo: args.tsumo,
        seat: score_wind("--seat", &args.seat)?,
        round: score_wind("--round", &args.round)?,
        riichi: match (args.riichi, args.double_riichi) {
            (true, _) => Riichi::Riichi,
            (_, true) => Riichi::Double,
            _ => Riichi::None,
        },
        ippatsu: args.ippatsu,
        rinshan: args.rinshan,
        chankan: args.chankan,
        haitei: args.haitei,
        houtei: args.houtei,
        tenhou: args.tenhou,
        chiihou: args.chiihou,
        dora: score_tiles("--dora", &args.dora)?,
        ura: score_tiles("--ura", &args.ura)?,
        honba: args.honba,
        riichi_sticks: args.sticks,
        nukidora: args.nukidora,
        ..Win::default()
    };
    for spec in &args.melds {
        win.melds
            .push(score_meld(spec)?)
            .map_err(|_| ScoreArgError::TooManyMelds)?;
    }
    Ok((win, config))
}

/// The full answer to one set of arguments, one item a line (`no yaku` is an answer, not an
/// error): `parlor_core::mahjong::text::ValueText`.
fn answer(args: &ScoreArgs) -> Result<String, String> {
    let (win, config) = win_of(args)?;
    match score(&win, &config) {
        Ok(value) => Ok(ValueText {
            win: &win,
            value: &value,
        }
        .to_string()),
        Err(Error::NoYaku) => Ok(Error::NO_YAKU.to_owned()),
        Err(error) => Err(error.to_string()),
    }
}

/// Splits a line like a POSIX shell would into words: whitespace separates, `'…'` and `"…"`
/// quote, a backslash escapes the next character (inside double quotes too).
pub fn shell_words(line: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            c if c.is_whitespace() => words.extend(word.take()),
            '\'' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(x) => w.push(x),
                        None => return Err("unclosed single quote".into()),
                    }
                }
            }
            '"' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => w.push(chars.next().ok_or("a backslash at the end of the line")?),
                        Some(x) => w.push(x),
                        None => return Err("unclosed double quote".into()),
                    }
                }
            }
            '\\' => word
                .get_or_insert_with(String::new)
                .push(chars.next().ok_or("a backslash at the end of the line")?),
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    words.extend(word);
    Ok(words)
}

/// The arguments of one batch line (a `parlor mahjong score` command line without the command).
pub fn args_of(line: &str) -> Result<ScoreArgs, String> {
    let words = shell_words(line)?;
    let parsed = Line::try_parse_from(&words).map_err(|e| {
        let text = e.to_string();
        text.lines()
            .next()
            .unwrap_or("bad arguments")
            .trim_start_matches("error: ")
            .to_string()
    })?;
    if parsed.args.batch {
        return Err("--batch inside a batch line".into());
    }
    Ok(parsed.args)
}

fn batch_line(line: &str) -> Result<String, String> {
    let answer = answer(&args_of(line)?)?;
    // The first line: the headline (or `no yaku`).
    Ok(answer.lines().next().unwrap_or_default().to_owned())
}

/// Runs `parlor mahjong score`.
pub fn run(args: &ScoreArgs, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<(), CliError> {
    if args.batch {
        if !args.tiles.is_empty() || args.winning.is_some() || !args.melds.is_empty() {
            return Err(CliError::Input(
                "--batch reads command lines from standard input; give no hand".into(),
            ));
        }
        return crate::batch::run(input, out, batch_line);
    }
    writeln!(out, "{}", answer(args).map_err(CliError::Input)?)?;
    Ok(())
}
