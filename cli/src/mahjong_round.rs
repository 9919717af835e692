//! `parlor mahjong play` and `replay`: whole rounds and matches of Riichi with the built-in
//! bot, their logs, and Tenhou's JSON records (`--format tenhou6`).
//!
//! The text log (one round, or a whole match):
//!
//! ```text
//! mahjong seed 7                 # one round, East 1, dealt by Deal::Seeded(7)
//! mahjong match 7                # or: a whole match, Match::new(config, 7)
//! mahjong wall <136 ids> [start <kyoku> <honba> <sticks> <p0> <p1> <p2> <p3>]
//! 0 discard 108                  # <seat> <action>; actions as the core writes them:
//! 1 pass                         #   discard <id>, riichi <id>, tsumo, ankan <kind>, kakan <id>,
//! 2 pon 109 110                  #   kyuushu, ron, pon <id> <id>, kan, chii <id> <id>, pass
//! ```
//!
//! Tile ids are `kind * 4 + copy` (`0` = the first 1m, `135` the last red dragon; with red fives
//! 16, 52, 88 are the red 5m 5p 5s). `#` starts a comment, blank lines are ignored. In a call
//! window every seat the engine asks answers (the first of them in turn order from the
//! discarder first); draws are automatic.
//!
//! `replay` prints each action line with what followed it: ` draw <seat> <id>` (the automatic
//! draw), ` call <seat> <chii|pon|kan|added-kan|closed-kan> <ids>`, ` stick <seat>` (a riichi
//! accepted), ` dora <id>` (an indicator revealed), ` over`; after each round an `outcome:`
//! line and `round <i>: <d0> <d1> <d2> <d3>` (the deltas without the riichi sticks put down,
//! as Tenhou records them); at the end `scores: <p0> <p1> <p2> <p3>` (one round: the points
//! after it; a match: the final points, leftover sticks to first place). `play` prints exactly
//! that, so its output replays as it is: annotations and summary lines are checked, not echoed.
//! A bad or illegal line: `error: line N: <what>` on standard error, exit status 2.
//!
//! `--format tenhou6` reads and writes Tenhou's JSON record instead
//! ([`crate::mahjong::tenhou`]); its replay prints `round <i>: …` per round and `scores: …`,
//! an error `error: round <i>: …`.

use std::fmt::Write as _;
use std::io::{BufRead, Write};

use parlor_core::game::Seat;
use parlor_core::mahjong::score::{Limit, MeldKind};
use parlor_core::mahjong::{Action, Config, Deal, End, Event, Match, Outcome, Phase, RandomBot, Round, Start};

use crate::mahjong::tenhou::{
    self, Code, Discard as TDiscard, DrawKind, Giver, Record, Result as TResult, RoundLog, SeatLog, Take, Win,
};
use crate::mahjong::tenhou_replay::{replay_match, replay_round, start_of, watch_round};
use crate::play::{Extras, Game, PlayOptions, Player, ReplayOptions};
use crate::{CliError, quoted};

/// A log format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// The project's text log, one line per action.
    Text,
    /// Tenhou's JSON game record ("tenhou.net/6").
    Tenhou6,
    /// Tenhou's XML game log (`.mjlog`, gzipped or plain), the file Tenhou lets a player
    /// download.
    Mjlog,
    /// mjai's JSON-lines event log (Mortal, RiichiEnv, mjai.app).
    Mjai,
    /// Mahjong Soul's game record as JSON messages (`NewRound`, `DealTile`, … as RiichiEnv
    /// reads them); `replay` only.
    Majsoul,
}

/// Arguments of `parlor mahjong play`.
#[derive(Debug, Clone, clap::Args)]
pub struct PlayArgs {
    /// The rules preset: `tenhou` (default), `tenhou-east`, `basic`, `tenhou-sanma` (three-player
    /// Riichi as Tenhou plays it), `tenhou-sanma-east`, `mahjong-soul` (Mahjong Soul's ranked
    /// rules) or `mahjong-soul-sanma`.
    #[arg(long)]
    pub preset: Option<String>,
    /// The log's format.
    #[arg(long, value_enum, default_value = "text")]
    pub format: Format,
    /// What every game's `play` takes.
    #[command(flatten)]
    pub options: PlayOptions,
}

/// Arguments of `parlor mahjong replay`.
#[derive(Debug, Clone, clap::Args)]
pub struct ReplayArgs {
    /// The log's format. For a Tenhou record (`tenhou6`, `mjlog`) or an mjai log without
    /// `--preset`, the record's rule: `tenhou-east` for an East-only game, `tenhou-sanma`
    /// (`tenhou-sanma-east`) for a three-player one (seat 3 without tiles), red fives off when
    /// `rule.aka` is 0 (mjai: `aka_flag: false`), no tenpai-yame for a game dated before
    /// 2010-07-01 (the `ref` log id, `title[1]`, or an mjlog's file name); a Mahjong Soul record
    /// (`majsoul`, or tenhou6 naming a Mahjong Soul room) `mahjong-soul` / `mahjong-soul-sanma`;
    /// `--rule` is set on top of it. The round lines of a three-player record list three seats.
    #[arg(long, value_enum, default_value = "text")]
    pub format: Format,
    /// What every game's `replay` takes.
    #[command(flatten)]
    pub options: ReplayOptions,
}

fn kind_name(kind: MeldKind) -> &'static str {
    match kind {
        MeldKind::Chii => "chii",
        MeldKind::Pon => "pon",
        MeldKind::Minkan => "kan",
        MeldKind::Shouminkan => "added-kan",
        MeldKind::Ankan => "closed-kan",
    }
}

/// The annotation of an event (leading space per item).
fn events(event: &Event) -> String {
    events_seen(event, None)
}

/// The annotation of an event as seat `viewer` sees it (`None`: everything): the tile another
/// seat drew is not named.
fn events_seen(event: &Event, viewer: Option<Seat>) -> String {
    let mut text = String::new();
    if let Some(call) = event.called {
        let ids: Vec<String> = call.meld.tiles().iter().map(u8::to_string).collect();
        let _ = write!(
            text,
            " call {} {} {}",
            call.seat,
            kind_name(call.meld.kind),
            ids.join(" ")
        );
    }
    if let Some(seat) = event.riichi {
        let _ = write!(text, " stick {seat}");
    }
    for id in event.dora.iter().flatten() {
        let _ = write!(text, " dora {id}");
    }
    if let Some((seat, id)) = event.drew {
        if viewer.is_none_or(|viewer| viewer == seat) {
            let _ = write!(text, " draw {seat} {id}");
        } else {
            let _ = write!(text, " draw {seat}");
        }
    }
    if event.over {
        text.push_str(" over");
    }
    text
}

/// The values of the seats at a table of `players` seats (three players: seat 3 left out).
fn joined_seats(values: &[i32; 4], players: u8) -> String {
    values
        .iter()
        .take(usize::from(players))
        .map(|v| v.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// A tile id as a person reads it: `5m`, or `0m`/`0p`/`0s` for a red five under red-five rules.
fn tile_name(id: u8, red: bool) -> String {
    let kind = id / 4;
    let suit = ["m", "p", "s", "z"].get(usize::from(kind / 9)).copied().unwrap_or("?");
    let number = if red && matches!(id, 16 | 52 | 88) {
        0
    } else {
        kind % 9 + 1
    };
    format!("{number}{suit}")
}

/// Whether a winner of the finished `round` had declared riichi (its ura-dora indicators are
/// then turned).
fn riichi_win(round: &Round, outcome: &Outcome) -> bool {
    outcome
        .wins
        .iter()
        .flatten()
        .any(|w| round.in_riichi(w.winner) || outcome.riichi[w.winner.index()])
}

/// `seat`'s closed tiles in order (less `winning`, which follows after ` + `), then its melds:
/// `1m 2m 3m … + 4m; melds: pon 5z 5z 5z`.
fn shown_hand(round: &Round, seat: Seat, winning: Option<u8>, red: bool) -> String {
    let mut text: Vec<String> = round
        .hand(seat)
        .filter(|&id| Some(id) != winning)
        .map(|id| tile_name(id, red))
        .collect::<Vec<_>>();
    if let Some(id) = winning {
        text.push(format!("+ {}", tile_name(id, red)));
    }
    let mut shown = text.join(" ");
    let melds = round.melds(seat);
    if !melds.is_empty() {
        let named: Vec<String> = melds
            .iter()
            .map(|m| {
                let tiles: Vec<String> = m.tiles().iter().map(|&id| tile_name(id, red)).collect();
                format!("{} {}", kind_name(m.kind), tiles.join(" "))
            })
            .collect();
        let _ = write!(shown, "; melds: {}", named.join(", "));
    }
    shown
}

fn outcome_line(outcome: &Outcome) -> String {
    let mut text = String::from("outcome: ");
    text.push_str(match outcome.end {
        End::Win => "win",
        End::Exhaustive => "exhaustive draw",
        End::Nagashi => "nagashi mangan",
        End::Abort(a) => match a {
            parlor_core::mahjong::Abort::NineTerminals => "abortive draw (nine terminals)",
            parlor_core::mahjong::Abort::FourWinds => "abortive draw (four winds)",
            parlor_core::mahjong::Abort::FourRiichi => "abortive draw (four riichi)",
            parlor_core::mahjong::Abort::FourKans => "abortive draw (four kans)",
            parlor_core::mahjong::Abort::TripleRon => "abortive draw (triple ron)",
        },
    });
    for agari in outcome.wins.iter().flatten() {
        let how = match agari.from {
            Some(from) => format!("ron from {from}"),
            None => "tsumo".to_owned(),
        };
        let v = &agari.value;
        let _ = write!(
            text,
            "; seat {} {how} {} han {} fu {} points",
            agari.winner,
            v.han(),
            v.fu(),
            v.payment().total
        );
    }
    if matches!(outcome.end, End::Exhaustive) {
        let tenpai: Vec<String> = (0..4).filter(|&s| outcome.tenpai[s]).map(|s| s.to_string()).collect();
        let _ = write!(
            text,
            "; tenpai {}",
            if tenpai.is_empty() {
                "none".to_owned()
            } else {
                tenpai.join(" ")
            }
        );
    }
    text
}

/// `parlor mahjong play`.
pub fn play(args: &PlayArgs, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<(), CliError> {
    let config: Config =
        crate::play::config_of(args.preset.as_deref(), &args.options.rules).map_err(CliError::Input)?;
    let words = crate::play::rule_words::<Config>(args.preset.as_deref(), &args.options.rules);
    if args.format != Format::Text {
        // The record formats hold one round or one match played by the bots: refuse what they
        // cannot hold rather than write a text log or a single round under their name.
        let name =
            clap::ValueEnum::to_possible_value(&args.format).map_or_else(String::new, |v| v.get_name().to_owned());
        if args.options.human.is_some() {
            return Err(CliError::Input(format!(
                "--format {name}: not with --human (a person's game is logged as the text log, --format text)"
            )));
        }
        if args.options.rounds.is_some() {
            return Err(CliError::Input(format!(
                "--format {name}: not with --rounds (one round, or a match with --match)"
            )));
        }
    }
    if args.options.human.is_some() {
        return crate::human::play::<Round>(&config, &words, &args.options, input, out);
    }
    match args.format {
        Format::Text => crate::play::play::<Round>(&config, &words, &args.options, &Extras::default(), out),
        format => {
            let record = play_tenhou_with(&config, args.options.seed, args.options.whole_match, &args.options.bots)?;
            let printed = crate::mahjong::records::write(format, &record, &config).map_err(CliError::Input)?;
            if let Some(path) = &args.options.log {
                std::fs::write(path, &printed)
                    .map_err(|e| CliError::Input(format!("cannot write {}: {e}", path.display())))?;
            }
            out.write_all(printed.as_bytes())?;
            Ok(())
        }
    }
}

fn fail(error: parlor_core::mahjong::Error) -> CliError {
    CliError::Input(error.to_string())
}

/// One bot move: the seat the engine asks first, and its bot's action.
fn bot_move(bots: &mut [Player<Round>], round: &Round) -> Result<Option<(Seat, Action)>, CliError> {
    let Some(seat) = round.to_act() else { return Ok(None) };
    let action = bots
        .get_mut(seat.index())
        .and_then(|bot| bot.pick(round, seat))
        .ok_or_else(|| CliError::Input(format!("no legal action for seat {seat}")))?;
    Ok(Some((seat, action)))
}

/// `parlor mahjong replay`.
pub fn replay(args: &ReplayArgs, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<(), CliError> {
    let options = &args.options;
    let preset = if options.preset.is_some() || (!options.rules.is_empty() && args.format == Format::Text) {
        Some(crate::play::config_of::<Config>(options.preset.as_deref(), &options.rules).map_err(CliError::Input)?)
    } else {
        None
    };
    let bytes = crate::play::read_log(options.file.as_deref(), input)?;
    match args.format {
        Format::Text => crate::play::replay::<Round>(&bytes, &preset.unwrap_or_default(), &Extras::default(), out),
        format => {
            let mut printed = String::new();
            let rules = if options.preset.is_some() {
                &[][..]
            } else {
                &options.rules[..]
            };
            let result = crate::mahjong::records::read(format, &bytes, options.file.as_deref())
                .and_then(|record| replay_record(&record, preset.as_ref(), rules, &mut printed))
                .map_err(|what| format!("error: {what}"));
            out.write_all(printed.as_bytes())?;
            result.map_err(CliError::Exact)
        }
    }
}

/// Replays the text log `text` under `config` (the generic driver, [`crate::play::replay_into`]),
/// appending the printed lines; a bad line is `Err((line, what))`.
pub fn replay_text(text: &str, config: &Config, printed: &mut String) -> Result<(), (usize, String)> {
    crate::play::replay_into::<Round>(text.as_bytes(), config, &Extras::default(), printed)
}

impl Game for Round {
    type Match = Match;
    type Random = RandomBot;

    fn random(seed: u64) -> RandomBot {
        RandomBot::new(seed)
    }

    fn greedy(seed: u64) -> Option<Box<dyn parlor_core::game::bot::Bot<Round>>> {
        Some(Box::new(<Round as parlor_core::game::Search>::playout(seed)))
    }

    fn round_words(_round: &Round, _seed: u64, _k: u32) -> Option<String> {
        None
    }

    fn parse_deal(words: &[&str], config: &Config) -> Result<Round, String> {
        match words {
            ["seed", n] => {
                let seed: u64 = n
                    .parse()
                    .map_err(|_| format!("{} is no seed (an integer)", quoted(n)))?;
                Round::new(config, &Deal::Seeded(seed)).map_err(|e| e.to_string())
            }
            ["wall", rest @ ..] if rest.len() >= 136 => {
                // The core's parser of a given deal (`<136 ids> [start …]`), its errors naming the token.
                let text = rest.join(" ");
                <Round as parlor_core::game::Round>::given(config, &text).map_err(|e| e.in_source(&text).to_string())
            }
            _ => Err(
                "expected a header `mahjong seed <N>`, `mahjong match <N>` or `mahjong wall <136 ids> [start …]`"
                    .to_owned(),
            ),
        }
    }

    fn play_events(event: &Event) -> String {
        events(event)
    }

    fn replay_line(_before: &Round, seat: Seat, action: Action, event: &Event) -> String {
        format!("{seat} {action}{}", events(event))
    }

    fn parse_line(round: &Round, line: &str) -> Result<(Seat, Action, String), String> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let seat = match words.first().copied() {
            Some(w @ ("0" | "1" | "2" | "3")) => Seat(w.bytes().next().unwrap_or(b'0').saturating_sub(b'0')),
            Some(w) => return Err(format!("{} is no seat (0-3)", quoted(w))),
            None => return Err("empty line".to_owned()),
        };
        let verb = words.get(1).copied().unwrap_or("");
        let count = action_words(verb).ok_or_else(|| format!("{} is no action ({ACTIONS})", quoted(verb)))?;
        let end = 2 + count;
        let Some(action_text) = words.get(1..end) else {
            return Err(format!("{verb} takes {count} word(s)"));
        };
        let action: Action = action_text
            .join(" ")
            .parse()
            .map_err(|e: parlor_core::mahjong::Error| format!("{}: {e}", quoted(&action_text.join(" "))))?;
        let annotation = words.get(end..).unwrap_or(&[]).join(" ");
        if !round.may_act(seat) {
            let who = round.to_act().map_or("nobody".to_owned(), |s| format!("seat {s}"));
            return Err(format!("seat {seat} may not act now ({who} may)"));
        }
        Ok((seat, action, annotation))
    }

    /// Each winner's hand, winning tile and melds, then its yaku, dora and value; at an
    /// exhaustive draw, each tenpai seat's hand (what Tenhou turns face up).
    fn reveal_lines(outcome: &Outcome, finished: &Round) -> Vec<String> {
        let red = finished.config().score.red_fives;
        let mut lines = Vec::new();
        for agari in outcome.wins.iter().flatten() {
            let how = match agari.from {
                Some(from) => format!("ron from seat {from}"),
                None => "tsumo".to_owned(),
            };
            lines.push(format!(
                "seat {} wins on {} ({how}): {}",
                agari.winner,
                tile_name(agari.tile, red),
                shown_hand(finished, agari.winner, Some(agari.tile), red)
            ));
            let v = &agari.value;
            let items: Vec<String> = v
                .yaku()
                .iter()
                .map(|y| format!("{} {}", y.yaku, y.han))
                .chain(parlor_core::mahjong::text::dora_counts(v).map(|(name, count)| format!("{name} {count}")))
                .collect();
            lines.push(format!(
                "  {}: {}",
                items.join(", "),
                parlor_core::mahjong::text::Headline(v)
            ));
        }
        // Ura dora count for a riichi winner only: the indicators are turned for those.
        if riichi_win(finished, outcome) && !finished.ura_indicators().is_empty() {
            let ura: Vec<String> = finished.ura_indicators().iter().map(|&id| tile_name(id, red)).collect();
            lines.push(format!("ura dora indicators: {}", ura.join(" ")));
        }
        if matches!(outcome.end, End::Exhaustive) {
            for s in (0..outcome.players).filter(|&s| outcome.tenpai[usize::from(s)]) {
                lines.push(format!("seat {s} tenpai: {}", shown_hand(finished, Seat(s), None, red)));
            }
        }
        lines
    }

    fn end_lines(outcome: &Outcome, k: u32, _finished: Option<&Round>, _extras: &Extras) -> Vec<String> {
        vec![
            outcome_line(outcome),
            format!("round {k}: {}", joined_seats(&outcome.deltas, outcome.players)),
        ]
    }

    fn single_tail(outcome: &Outcome) -> Vec<String> {
        vec![format!("scores: {}", joined_seats(&outcome.scores, outcome.players))]
    }

    fn match_tail(game: &Match) -> Vec<String> {
        game.final_scores()
            .map(|scores| vec![format!("scores: {}", joined_seats(&scores, game.round().players()))])
            .unwrap_or_default()
    }

    fn is_summary(word: &str) -> bool {
        word.ends_with(':') || word == "round"
    }

    /// The tile ids of an action named after it: `discard 16 (0m)`, `chii 80 88 (3s 0s)`.
    fn describe(round: &Round, _seat: Seat, action: Action) -> String {
        let text = action.to_string();
        let red = round.config().score.red_fives;
        let names: Vec<String> = text
            .split_whitespace()
            .skip(1)
            .filter_map(|word| word.parse::<u8>().ok())
            .filter(|_| !text.starts_with("ankan"))
            .map(|id| tile_name(id, red))
            .collect();
        if names.is_empty() {
            text
        } else {
            format!("{text} ({})", names.join(" "))
        }
    }

    /// Tiles as Unicode Mahjong tiles (`5m` → 🀋; the red five `0m` in red; a riichi discard
    /// `2s'` → 🀑'), except on the `ids:` line.
    fn pretty(line: &str) -> String {
        if line.starts_with("ids:") {
            return line.to_owned();
        }
        crate::human::map_tokens(line, |token| {
            // A riichi discard is marked `'` (`2s'`): the tile, then the mark.
            let (token, mark) = match token.strip_suffix('\'') {
                Some(tile) => (tile, "'"),
                None => (token, ""),
            };
            let mut chars = token.chars();
            let (Some(digit), Some(suit), None) = (chars.next(), chars.next(), chars.next()) else {
                return None;
            };
            let n = digit.to_digit(10)?;
            let (red, n) = if n == 0 { (true, 5) } else { (false, n) };
            let code = match suit {
                'm' if n >= 1 => 0x1F007 + n - 1,
                's' if n >= 1 => 0x1F010 + n - 1,
                'p' if n >= 1 => 0x1F019 + n - 1,
                'z' => match n {
                    1..=4 => 0x1F000 + n - 1,
                    5 => 0x1F006,
                    6 => 0x1F005,
                    7 => 0x1F004,
                    _ => return None,
                },
                _ => return None,
            };
            let tile = char::from_u32(code)?;
            Some(if red {
                format!("\x1b[31m{tile}\x1b[0m{mark}")
            } else {
                format!("{tile}{mark}")
            })
        })
    }

    /// The tile another seat drew is not named, nor the tiles of another seat's call claim
    /// (they show in the `call` event once the call is made; an overridden claim shows none).
    fn public_line(before: &Round, seat: Seat, action: Action, event: &Event, viewer: Seat) -> String {
        let shown = match action {
            Action::Chii { .. } if seat != viewer => format!("{seat} chii"),
            Action::Pon { .. } if seat != viewer => format!("{seat} pon"),
            // A tile shown to the table (a discard, a riichi discard, an added kan) is named as
            // the list names it (`discard 24 (7m)`): an id alone means nothing to a person.
            _ => format!("{seat} {}", Self::describe(before, seat, action)),
        };
        format!("{shown}{}", events_seen(event, Some(viewer)))
    }

    const LEGEND: &'static str = "tiles: 1-9 with m (characters), p (circles), s (bamboo); 1z-7z east, south, west, north, white, green, red; 0m 0p 0s red fives; an action names a tile by its id 0-135 or as the list shows it (`discard 5m`)";
    const LOG_IS_PRINTED: bool = true;
    const ECHO_HEADER: bool = true;
    const ROUND: &'static str = "round";
    const NO_HEADER: &'static str =
        "expected a header `mahjong seed <N>`, `mahjong match <N>` or `mahjong wall …` first";
    fn other_format(start: &[u8]) -> Option<&'static str> {
        let start = start.strip_prefix(b"\xef\xbb\xbf").unwrap_or(start);
        let first = start.iter().find(|b| !b.is_ascii_whitespace());
        if start.starts_with(&[0x1f, 0x8b]) || first == Some(&b'<') {
            Some("a Tenhou mjlog? replay it with --format mjlog")
        } else if matches!(first, Some(b'{' | b'[')) {
            Some("a JSON record? replay it with --format tenhou6, majsoul or mjai")
        } else {
            None
        }
    }
    const EMPTY: &'static str = "the log holds no round";
}

/// The preset a record's rule names: [`Config::TENHOU`], East-only ([`Config::TENHOU_EAST`])
/// when `rule.disp` names East and not South (`鳳東喰赤`); a three-player record
/// ([`Record::players`]: seat 3's columns empty) [`Config::TENHOU_SANMA`], East-only
/// [`Config::TENHOU_SANMA_EAST`] (`三鳳東喰赤`); red fives off when `rule.aka` is 0,
/// and no tenpai-yame for a game played before [`TENPAI_YAME_SINCE`] by its date
/// ([`Record::date`]: the `ref` log id, else `title[1]`; a record without a date is taken as
/// recent). A Mahjong Soul record ([`is_mahjong_soul`]: its rule names a Mahjong Soul room, as
/// tensoul writes it) takes [`Config::MAHJONG_SOUL`] or, three-player,
/// [`Config::MAHJONG_SOUL_SANMA`] instead (East-only likewise: four rounds of East).
pub fn rule_of(record: &Record) -> Config {
    let disp = record.rule_disp.as_deref().unwrap_or("");
    let east = (disp.contains('東') && !disp.contains('南')) || (disp.contains("East") && !disp.contains("South"));
    let mut config = match (record.players() == 3, east, is_mahjong_soul(disp)) {
        (false, false, false) => Config::TENHOU,
        (false, true, false) => Config::TENHOU_EAST,
        (true, false, false) => Config::TENHOU_SANMA,
        (true, true, false) => Config::TENHOU_SANMA_EAST,
        (false, east, true) => Config {
            rounds: if east {
                Config::TENHOU_EAST.rounds
            } else {
                Config::MAHJONG_SOUL.rounds
            },
            ..Config::MAHJONG_SOUL
        },
        (true, east, true) => Config {
            rounds: if east {
                Config::TENHOU_SANMA_EAST.rounds
            } else {
                Config::MAHJONG_SOUL_SANMA.rounds
            },
            ..Config::MAHJONG_SOUL_SANMA
        },
    };
    config.score.red_fives = record.aka;
    if record.date().is_some_and(|d| d < TENPAI_YAME_SINCE) {
        config.tenpai_yame = false;
    }
    config
}

/// Does a record's `rule.disp` name a Mahjong Soul room? tensoul (which converts Mahjong Soul
/// records into tenhou.net/6) writes the room: `玉の間南喰`, `三金の間赤` (Japanese, `…の間`),
/// `Gold Room South` (English, `… Room`), `金之间` (Chinese, `…之间`); Tenhou's own names
/// (`鳳南喰赤`, `般東喰赤`) have none of these.
/// `--format majsoul` names its records `Mahjong Soul` ([`crate::mahjong::majsoul::RULE_DISP`]).
pub fn is_mahjong_soul(disp: &str) -> bool {
    disp.contains("の間") || disp.contains("之间") || disp.contains(" Room") || disp.contains("Mahjong Soul")
}

/// The first day Parlor takes Tenhou to have had tenpai-yame, `(year, month, day)`: records from
/// before mid-2010 play on after the last dealer's tenpai draw (issue 25's real records); Tenhou
/// publishes no date, so a record near it may need `--rule tenpai-yame=yes|no`.
pub const TENPAI_YAME_SINCE: (u16, u8, u8) = (2010, 7, 1);

/// Replays a Tenhou record (under `config`, or the record's own rule: [`rule_of`]): `round
/// <i>: …` per round, then `scores: …`. A record that starts at
/// East 1 of the preset replays through the match (each next start and the end checked; when it
/// stops before the match ends, `scores:` are the points after its last round); any other (an
/// excerpt) round by round in its recorded context.
pub fn replay_tenhou(text: &str, config: Option<&Config>, printed: &mut String) -> Result<(), String> {
    let record = tenhou::parse(text).map_err(|e| e.to_string())?;
    replay_record(&record, config, &[], printed)
}

/// Replays a parsed record as [`replay_tenhou`] does; `rules` (`KEY=VALUE`, as `--rule` takes
/// them) are set on top of `config` or the record's own rule.
pub fn replay_record(
    record: &Record,
    config: Option<&Config>,
    rules: &[String],
    printed: &mut String,
) -> Result<(), String> {
    let mut config = config.copied().unwrap_or_else(|| rule_of(record));
    for rule in rules {
        crate::play::set_rule(&mut config, rule)?;
    }
    let config = &config;
    let players = record.players();
    if players == 3 && !config.score.three_player {
        return Err("a three-player record under four-player rules (use a sanma preset)".to_owned());
    }
    if players == 4 && config.score.three_player {
        return Err("a four-player record under three-player rules".to_owned());
    }
    let joined = |values: &[i32; 4]| joined_seats(values, players);
    let first = record.rounds.first().map(start_of);
    if first == Some(Start::first(config)) {
        let mut lines = String::new();
        let result = replay_match(record, config, |i, d| {
            let _ = writeln!(lines, "round {i}: {}", joined(&d));
        });
        printed.push_str(&lines);
        let replay = result.map_err(|f| f.to_string())?;
        let scores = replay.final_scores.unwrap_or(replay.scores);
        let _ = writeln!(printed, "scores: {}", joined(&scores));
        Ok(())
    } else {
        let mut scores = [0; 4];
        for (i, log) in record.rounds.iter().enumerate() {
            let outcome = replay_round(log, config).map_err(|f| format!("round {i}: {f}"))?;
            let _ = writeln!(printed, "round {i}: {}", joined(&outcome.deltas));
            scores = outcome.scores;
        }
        let _ = writeln!(printed, "scores: {}", joined(&scores));
        Ok(())
    }
}

/// How many words an action takes after its verb.
fn action_words(verb: &str) -> Option<usize> {
    Some(match verb {
        "discard" | "riichi" | "kakan" | "ankan" => 1,
        "pon" | "chii" => 2,
        "tsumo" | "kyuushu" | "kita" | "ron" | "kan" | "pass" => 0,
        _ => return None,
    })
}

const ACTIONS: &str = "discard <id>, riichi <id>, tsumo, ankan <kind>, kakan <id>, kyuushu, kita, ron, pon <id> <id>, kan, chii <id> <id> or pass";

/// Writes one engine round into Tenhou's columns as it is played.
struct Recorder {
    red: bool,
    start: Start,
    seats: [SeatLog; 4],
    drawn: [Option<u8>; 4],
    /// The pon each kind's added kan joins: (called id, own ids, giver).
    pons: Vec<(u8, u8, [u8; 2], Giver)>,
}

impl Recorder {
    fn new(round: &Round) -> Recorder {
        let red = round.config().score.red_fives;
        let start = *round.start();
        let mut seats: [SeatLog; 4] = Default::default();
        let wall = round.wall();
        let players = round.players();
        for k in 0..players {
            let seat = (start.dealer.0 + k) % players;
            let from = 13 * usize::from(k);
            let mut haipai: Vec<Code> = wall
                .get(from..from + 13)
                .unwrap_or_default()
                .iter()
                .map(|id| code(*id, red))
                .collect();
            haipai.sort_by_key(|c| sort_key(*c));
            seats[usize::from(seat)].haipai = haipai;
        }
        let mut recorder = Recorder {
            red,
            start,
            seats,
            drawn: [None; 4],
            pons: Vec::new(),
        };
        if let (Some(id), Phase::Turn { seat }) = (round.drawn(), round.phase()) {
            recorder.draw(seat, id);
        }
        recorder
    }

    fn code(&self, id: u8) -> Code {
        code(id, self.red)
    }

    fn draw(&mut self, seat: Seat, id: u8) {
        let c = self.code(id);
        self.seats[seat.index()].takes.push(Take::Draw(c));
        self.drawn[seat.index()] = Some(id);
    }

    /// Notes `action` by `seat` (before it is applied to `before`) and what followed.
    fn note(&mut self, before: &Round, seat: Seat, action: Action, event: &Event) {
        let s = seat.index();
        let drawn = self.drawn[s];
        let tile = |id: u8| {
            if Some(id) == drawn {
                None
            } else {
                Some(code(id, self.red))
            }
        };
        match action {
            Action::Discard { tile: id } => self.seats[s].discards.push(TDiscard::Tile(tile(id))),
            Action::Kita => {
                self.seats[s].discards.push(TDiscard::Kita);
                self.drawn[s] = None;
            }
            Action::Riichi { tile: id } => self.seats[s].discards.push(TDiscard::Riichi(tile(id))),
            Action::Ankan { kind } => {
                let ids: Vec<u8> = before
                    .hand(seat)
                    .filter(|id| usize::from(id / 4) == kind.index())
                    .collect();
                let mut codes: Vec<Code> = ids.iter().map(|id| self.code(*id)).collect();
                codes.sort_by_key(|c| sort_key(*c));
                if let [a, b, c, d] = codes.as_slice() {
                    let tiles = [*a, *b, *c, *d];
                    self.seats[s].discards.push(TDiscard::Ankan {
                        tiles,
                        text: tenhou::calls::ankan(tiles),
                    });
                }
            }
            Action::Kakan { tile: id } => {
                let added = self.code(id);
                let pon = self.pons.iter().find(|p| p.0 == seat.0 && p.1 / 4 == id / 4).copied();
                if let Some((_, called, own, from)) = pon {
                    let (called, own) = (self.code(called), own.map(|o| self.code(o)));
                    self.seats[s].discards.push(TDiscard::Kakan {
                        added,
                        tiles: [added, called, own[0], own[1]],
                        text: tenhou::calls::kakan(added, called, own, from),
                    });
                }
            }
            _ => {}
        }
        if let Some(call) = event.called {
            let cs = call.seat.index();
            let meld = call.meld;
            if let (Some(called), Some(giver)) = (meld.called(), meld.from()) {
                let from = Giver::between(call.seat.0, giver.0).unwrap_or(Giver::Left);
                let own: Vec<u8> = meld.tiles().iter().copied().filter(|t| *t != called).collect();
                let c = self.code(called);
                let mut oc: Vec<Code> = own.iter().map(|o| self.code(*o)).collect();
                oc.sort_by_key(|c| sort_key(*c));
                match (meld.kind, oc.as_slice()) {
                    (MeldKind::Chii, [a, b]) => self.seats[cs].takes.push(Take::Chii {
                        called: c,
                        own: [*a, *b],
                        text: tenhou::calls::chii(c, [*a, *b]),
                    }),
                    (MeldKind::Pon, [a, b]) => {
                        self.seats[cs].takes.push(Take::Pon {
                            called: c,
                            own: [*a, *b],
                            from,
                            text: tenhou::calls::pon(c, [*a, *b], from),
                        });
                        if let [x, y] = own.as_slice() {
                            self.pons.push((call.seat.0, called, [*x, *y], from));
                        }
                    }
                    (MeldKind::Minkan, [a, b, d]) => {
                        self.seats[cs].takes.push(Take::Daiminkan {
                            called: c,
                            own: [*a, *b, *d],
                            from,
                            text: tenhou::calls::daiminkan(c, [*a, *b, *d], from),
                        });
                        self.seats[cs].discards.push(TDiscard::Placeholder);
                    }
                    _ => {}
                }
                self.drawn[cs] = None;
            }
        }
        if let Some((who, id)) = event.drew {
            self.draw(who, id);
        }
    }

    fn finish(self, round: &Round, outcome: &Outcome) -> RoundLog {
        let dora: Vec<Code> = round.dora_indicators().iter().map(|id| code(*id, self.red)).collect();
        let ura: Vec<Code> = if riichi_win(round, outcome) {
            round.ura_indicators().iter().map(|id| code(*id, self.red)).collect()
        } else {
            Vec::new()
        };
        let honba = u32::from(self.start.honba);
        let dealer = self.start.dealer;
        let result = match outcome.end {
            End::Win => TResult::Win(
                outcome
                    .wins
                    .iter()
                    .flatten()
                    .map(|w| {
                        let v = &w.value;
                        let p = v.payment();
                        let first = outcome.wins.first().copied().flatten().map(|f| f.winner) == Some(w.winner);
                        let h = if first { honba } else { 0 };
                        let limit = match v.limit() {
                            Limit::None => None,
                            Limit::Mangan => Some("満貫"),
                            Limit::Haneman => Some("跳満"),
                            Limit::Baiman => Some("倍満"),
                            Limit::Sanbaiman => Some("三倍満"),
                            Limit::KazoeYakuman | Limit::Yakuman => Some("役満"),
                        };
                        let points = match w.from {
                            Some(_) => format!("{}点", p.ron.saturating_sub(300 * h)),
                            None if w.winner == dealer => format!("{}点∀", p.non_dealer.saturating_sub(100 * h)),
                            None => format!(
                                "{}-{}点",
                                p.non_dealer.saturating_sub(100 * h),
                                p.dealer.saturating_sub(100 * h)
                            ),
                        };
                        let head = match limit {
                            Some(name) => format!("{name}{points}"),
                            None => format!("{}符{}飜{points}", v.fu(), v.han()),
                        };
                        let mut text = vec![head];
                        text.extend(v.yaku().iter().map(|y| format!("{}({}飜)", y.yaku, y.han)));
                        Win {
                            deltas: w.deltas,
                            who: w.winner.0,
                            from: w.from.map_or(w.winner.0, |f| f.0),
                            pao: w.pao.map_or(w.winner.0, |p| p.0),
                            text,
                        }
                    })
                    .collect(),
            ),
            End::Exhaustive => {
                let tenpai = outcome.tenpai.iter().filter(|t| **t).count();
                match tenpai {
                    0 => TResult::Draw(DrawKind::AllNoten, None),
                    n if n == usize::from(round.players()) => TResult::Draw(DrawKind::AllTenpai, None),
                    _ => TResult::Draw(DrawKind::Exhaustive, Some(outcome.deltas)),
                }
            }
            End::Nagashi => TResult::Draw(DrawKind::Nagashi, Some(outcome.deltas)),
            End::Abort(a) => TResult::Draw(
                match a {
                    parlor_core::mahjong::Abort::NineTerminals => DrawKind::NineTerminals,
                    parlor_core::mahjong::Abort::FourWinds => DrawKind::FourWinds,
                    parlor_core::mahjong::Abort::FourRiichi => DrawKind::FourRiichi,
                    parlor_core::mahjong::Abort::FourKans => DrawKind::FourKans,
                    parlor_core::mahjong::Abort::TripleRon => DrawKind::TripleRon,
                },
                None,
            ),
        };
        RoundLog {
            kyoku: self.start.kyoku(),
            honba,
            sticks: u32::from(self.start.sticks),
            scores: self.start.scores,
            dora,
            ura,
            seats: self.seats,
            result,
        }
    }
}

/// Tenhou sorts a haipai (and the tiles of a meld) by kind, a red five after the other fives.
fn sort_key(c: Code) -> (u8, bool) {
    (c.kind(), c.is_red())
}

fn code(id: u8, red: bool) -> Code {
    Code::of_id_lossy(id, red)
}

/// One recorded round replayed alone and written back by the same writer as `play --format
/// tenhou6` (the test of that writer against real records).
pub fn rewrite_round(log: &RoundLog, config: &Config) -> Result<RoundLog, crate::mahjong::tenhou_replay::Failure> {
    let mut recorder: Option<Recorder> = None;
    let round = watch_round(log, config, |before, seat, action, event| {
        recorder
            .get_or_insert_with(|| Recorder::new(before))
            .note(before, seat, action, event);
    })?;
    let outcome = round
        .outcome()
        .ok_or_else(|| crate::mahjong::tenhou_replay::Failure::Mismatch("the round is not over".to_owned()))?;
    Ok(recorder
        .unwrap_or_else(|| Recorder::new(&round))
        .finish(&round, &outcome))
}

/// Plays with the bot (as `play` does) and writes the log as a Tenhou record.
pub fn play_tenhou(preset: &Config, seed: u64, whole_match: bool) -> Result<Record, CliError> {
    play_tenhou_with(preset, seed, whole_match, &[])
}

/// [`play_tenhou`] with the bots of `--bots` (one per seat; empty: the seeded random player at
/// every seat, as [`play_tenhou`]); a bad list is an error naming it.
pub fn play_tenhou_with(preset: &Config, seed: u64, whole_match: bool, bots: &[String]) -> Result<Record, CliError> {
    let seats = usize::from(if preset.score.three_player { 3u8 } else { 4 });
    let mut bot = crate::play::players::<Round>(bots, seats, seed).map_err(CliError::Input)?;
    let mut rounds = Vec::new();
    if whole_match {
        let mut game = Match::new(preset, seed).map_err(fail)?;
        let mut recorder = Recorder::new(game.round());
        while let Some((seat, action)) = bot_move(&mut bot, game.round())? {
            let before = game.round().clone();
            let step = game.apply(seat, action).map_err(fail)?;
            recorder.note(&before, seat, action, &step.event);
            if let Some(outcome) = step.finished {
                // The finished round: `before` with the action applied.
                let mut finished = before;
                let _ = finished.apply(seat, action);
                let next = Recorder::new(game.round());
                rounds.push(std::mem::replace(&mut recorder, next).finish(&finished, &outcome));
            }
            if game.is_over() {
                break;
            }
        }
    } else {
        let mut round = Round::new(preset, &Deal::Seeded(seed)).map_err(fail)?;
        let mut recorder = Recorder::new(&round);
        while let Some((seat, action)) = bot_move(&mut bot, &round)? {
            let before = round.clone();
            let event = round.apply(seat, action).map_err(fail)?;
            recorder.note(&before, seat, action, &event);
        }
        let outcome = round
            .outcome()
            .ok_or_else(|| CliError::Input("the round did not end".to_owned()))?;
        rounds.push(recorder.finish(&round, &outcome));
    }
    let mut extra = serde_json::Map::new();
    extra.insert(
        "title".to_owned(),
        serde_json::json!(["parlor mahjong play", format!("seed {seed}")]),
    );
    let three = preset.score.three_player;
    let mut names = ["bot 0", "bot 1", "bot 2", "bot 3"].map(str::to_owned);
    if three {
        names[3].clear();
    }
    Ok(Record {
        names,
        rule_disp: Some(format!(
            "{}{}喰{}",
            if three { "三" } else { "" },
            if preset.rounds <= 4 { "東" } else { "南" },
            if preset.score.red_fives { "赤" } else { "" }
        )),
        aka: preset.score.red_fives,
        extra,
        rounds,
    })
}
