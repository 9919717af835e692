//! A person's seat: `parlor <game> play --human SEAT [--bots …] [--preset P] [--seed S] [--match]`,
//! written once over [`Game`].
//!
//! Before each of the person's decisions the screen shows what that seat may see
//! ([`Round::write_view`](parlor_core::game::Round::write_view)) and the legal actions
//! numbered, grouped by their first word:
//!
//! ```text
//! == move 12: seat 0 to act ==
//! seat: 0 of 2
//! hand: 1-4 2-6 …
//! …
//! play:
//!    1  play 1-4 on 4-4
//!    2  play 2-6 on 6-6
//! draw:
//!    3  draw
//! >
//! ```
//!
//! The person answers with a number, or the action in the log notation (`play 1-4 on 4-4`), or
//! `hint` (the best bot available suggests one), `undo` (back to the previous decision), `log
//! FILE` (write the log so far), `quit`. Out of turn (a Tichu bomb or Tichu call) the rights
//! are offered as they arise; an empty line lets them pass. Every other seat's action is shown
//! as one line as the table sees it (a card passed face down, a tile drawn by another seat are
//! not named). The log written (`--log FILE` at the end, or `log FILE`) replays with
//! `parlor <game> replay`. Colour and symbols only when standard output is a terminal.

use std::fmt::Write as _;
use std::io::{BufRead, IsTerminal, Write};

use parlor_core::game::bot::{BotSpec, step};
use parlor_core::game::search::Level;
use parlor_core::game::{Match, Seat};

use crate::CliError;
use crate::play::{Extras, Game, PlayOptions, Player, match_line, players};

/// A round or a match: a plain `Clone` value, so a copy is an undo point.
enum Table<G: Game> {
    Round(G),
    Match(G::Match),
}

impl<G: Game> Clone for Table<G> {
    fn clone(&self) -> Self {
        match self {
            Table::Round(round) => Table::Round(round.clone()),
            Table::Match(game) => Table::Match(game.clone()),
        }
    }
}

impl<G: Game> Table<G> {
    fn round(&self) -> &G {
        match self {
            Table::Round(round) => round,
            Table::Match(game) => game.round(),
        }
    }

    fn over(&self) -> bool {
        match self {
            Table::Round(round) => round.outcome().is_some(),
            Table::Match(game) => game.is_over(),
        }
    }
}

/// Everything an undo restores.
struct Point<G: Game> {
    table: Table<G>,
    log: usize,
    moves: usize,
    k: u32,
    fresh: bool,
}

impl<G: Game> Clone for Point<G> {
    fn clone(&self) -> Self {
        Point {
            table: self.table.clone(),
            log: self.log,
            moves: self.moves,
            k: self.k,
            fresh: self.fresh,
        }
    }
}

/// The most actions a screen lists (a Tichu exchange has 2,184: the rest are typed).
const LISTED: usize = 60;

/// What the person typed.
enum Answer<A> {
    Act(A),
    Pass,
    Undo,
    Quit,
}

/// Plays with a person at `options.human` and bots at the other seats (`--bots`: one per seat,
/// the person's entry ignored, or one per other seat); reads the person's answers from `input`.
pub fn play<G: Game>(
    config: &G::Config,
    words: &str,
    options: &PlayOptions,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let me = Seat(options.human.unwrap_or(0));
    let hint = options.hint.unwrap_or(BotSpec::Search(Level::Hard));
    let probe = G::seeded(config, options.seed).map_err(|e| CliError::Input(e.to_string()))?;
    let seats = usize::from(probe.seats());
    if me.index() >= seats {
        return Err(CliError::Input(format!(
            "--human {me}: no such seat (seats 0 to {})",
            seats.saturating_sub(1)
        )));
    }
    let mut specs = options.bots.clone();
    if !specs.is_empty() && specs.len() != seats && specs.len() + 1 != seats {
        // With a person the list may also leave the person's seat out: say so.
        let bots = if specs.len() == 1 { "bot" } else { "bots" };
        return Err(CliError::Input(format!(
            "--bots: {} {bots} for {seats} seats (one per seat, or one per other seat with --human)",
            specs.len()
        )));
    }
    if specs.len() + 1 == seats {
        specs.insert(me.index(), "random".to_owned());
    }
    let mut bots = players::<G>(&specs, seats, options.seed).map_err(CliError::Input)?;
    if let Some(slot) = bots.get_mut(me.index()) {
        *slot = Player::Person;
    }
    // Symbols and colour only on a terminal, unless `--plain` or NO_COLOR (no-color.org) asks
    // for plain text.
    let pretty = std::io::stdout().is_terminal()
        && !options.plain
        && std::env::var_os("NO_COLOR").is_none_or(|value| value.is_empty());
    let game = G::GAME.name();
    let mut log: Vec<String> = Vec::new();
    let table = if options.whole_match {
        log.push(format!("{game}{words} {}", G::match_words(config, options.seed)));
        Table::Match(G::Match::new(config, options.seed).map_err(|e| CliError::Input(e.to_string()))?)
    } else {
        log.push(format!("{game}{words} {}", G::seed_words(config, options.seed)));
        Table::Round(probe)
    };
    let mut point = Point {
        table,
        log: 0,
        moves: 0,
        k: 0,
        fresh: true,
    };
    let mut history: Vec<Point<G>> = Vec::new();
    // Out-of-turn rights the person let pass, not offered again until they change.
    let mut declined: Option<Vec<u64>> = None;
    writeln!(
        out,
        "You play seat {me} of {seats} ({game}). Type a number, an action, hint, undo, log FILE, help or quit."
    )?;
    loop {
        if point.fresh && !point.table.over() {
            if let Table::Match(m) = &point.table {
                if let Some(header) = G::round_words(m.round(), options.seed, point.k) {
                    log.push(format!("{game} {header}"));
                }
                // The screen's `scores:` are the round's; the match's running totals are here.
                writeln!(
                    out,
                    "== round {}: match scores {} ==",
                    point.k.saturating_add(1),
                    m.scores()
                )?;
            }
            point.fresh = false;
        }
        point.log = log.len();
        if point.table.over() {
            break;
        }
        let round = point.table.round().clone();
        let turn = round.to_act();
        let mine = round.may_act(me) && (turn == Some(me) || G::INTERRUPTS);
        let rights: Vec<u64> = if mine && turn != Some(me) {
            let mut codes = Vec::new();
            round.for_each_legal_action(me, |a| codes.push(G::action_code(a)));
            codes
        } else {
            Vec::new()
        };
        let offer = mine && (turn == Some(me) || declined.as_ref() != Some(&rights));
        let (seat, action) = if offer {
            history.push(point.clone());
            let answer = match ask::<G>(
                &round,
                me,
                hint,
                point.moves,
                turn != Some(me),
                pretty,
                &log,
                input,
                out,
            ) {
                Ok(answer) => answer,
                Err(error) => {
                    // Input that ends (Ctrl-D, a script's last line) or cannot be read still
                    // leaves the game so far in the `--log` file, as `quit` does.
                    write_log(options, &log)?;
                    return Err(error);
                }
            };
            match answer {
                Answer::Act(action) => {
                    declined = None;
                    (me, action)
                }
                Answer::Pass => {
                    history.pop();
                    declined = Some(rights);
                    continue;
                }
                Answer::Undo => {
                    history.pop();
                    match history.pop() {
                        Some(previous) => {
                            point = previous;
                            log.truncate(point.log);
                            declined = None;
                            writeln!(out, "(undone: back to your previous decision)")?;
                        }
                        None => {
                            writeln!(out, "(nothing to undo: this is your first decision)")?;
                        }
                    }
                    continue;
                }
                Answer::Quit => {
                    writeln!(out, "(quit)")?;
                    return write_log(options, &log);
                }
            }
        } else {
            match step(&round, &mut bots) {
                Some(choice) => choice,
                None if mine => {
                    // Only the person may act now (a right let pass while the seat in turn waits
                    // on it): offer it again.
                    declined = None;
                    continue;
                }
                None => return Err(CliError::Input("internal: no seat can act".to_owned())),
            }
        };
        let line = G::log_line(&round, seat, action);
        // The round as this action leaves it: what a finished round reveals is read from it.
        let mut after = round.clone();
        let (event, finished) = match &mut point.table {
            Table::Round(r) => {
                let event = r
                    .apply(seat, action)
                    .map_err(|e| CliError::Input(format!("internal: {line}: {e}")))?;
                (event, r.outcome())
            }
            Table::Match(m) => {
                let step = m
                    .apply(seat, action)
                    .map_err(|e| CliError::Input(format!("internal: {line}: {e}")))?;
                (step.event, step.finished)
            }
        };
        point.moves = point.moves.saturating_add(1);
        log.push(line);
        writeln!(out, "{}", G::public_line(&round, seat, action, &event, me))?;
        if let Some(outcome) = finished {
            for end in G::end_lines(&outcome, point.k, None, &Extras::default()) {
                writeln!(out, "{end}")?;
            }
            if after.apply(seat, action).is_ok() {
                for line in G::reveal_lines(&outcome, &after) {
                    writeln!(out, "{line}")?;
                }
            }
            match &point.table {
                Table::Round(_) => {
                    for tail in G::single_tail(&outcome) {
                        writeln!(out, "{tail}")?;
                    }
                }
                Table::Match(m) => {
                    point.k = point.k.saturating_add(1);
                    point.fresh = true;
                    if m.is_over() {
                        for tail in G::match_tail(m) {
                            writeln!(out, "{tail}")?;
                        }
                        writeln!(out, "{}", match_line(m))?;
                    }
                }
            }
        }
    }
    write_log(options, &log)
}

fn write_log(options: &PlayOptions, log: &[String]) -> Result<(), CliError> {
    if let Some(path) = &options.log {
        let text: String = log.iter().map(|line| format!("{line}\n")).collect();
        std::fs::write(path, text).map_err(|e| CliError::Input(format!("cannot write {}: {e}", path.display())))?;
    }
    Ok(())
}

/// Shows the person's screen and reads answers until one is an action, a pass (out of turn),
/// undo or quit.
#[allow(clippy::too_many_arguments)]
fn ask<G: Game>(
    round: &G,
    me: Seat,
    hint: BotSpec,
    moves: usize,
    out_of_turn: bool,
    pretty: bool,
    log: &[String],
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<Answer<G::Action>, CliError> {
    let mut actions = Vec::new();
    round.for_each_legal_action(me, |action| actions.push(action));
    let mut screen = String::new();
    let title = if out_of_turn {
        format!("== move {moves}: seat {me} may act out of turn (empty line: let it pass) ==")
    } else {
        format!("== move {moves}: seat {me} to act ==")
    };
    if pretty {
        let _ = writeln!(screen, "\x1b[1;36m{title}\x1b[0m");
    } else {
        let _ = writeln!(screen, "{title}");
    }
    let mut view = String::new();
    round
        .write_view(me, &mut view)
        .map_err(|e| CliError::Input(format!("internal: {e}")))?;
    for line in view.lines() {
        if pretty {
            let _ = writeln!(screen, "{}", G::pretty(line));
        } else {
            let _ = writeln!(screen, "{line}");
        }
    }
    let mut group = String::new();
    for (index, action) in actions.iter().enumerate().take(LISTED) {
        let text = action.to_string();
        let verb = text.split_whitespace().next().unwrap_or("").to_owned();
        if verb != group {
            let _ = writeln!(screen, "{verb}:");
            group = verb;
        }
        let shown = G::describe(round, me, *action);
        let shown = if pretty { G::pretty(&shown) } else { shown };
        let _ = writeln!(screen, "  {:>3}  {shown}", index + 1);
    }
    if actions.len() > LISTED {
        // The unlisted actions of the cut group are counted (typed, or chosen by number); the
        // unlisted actions of any other group are listed after it, so that no kind of action
        // (a Tichu call during the exchange) is hidden behind the cut.
        let cut = group.clone();
        let mut hidden = 0usize;
        let mut last_hidden = 0usize;
        let mut example = String::new();
        let mut rest = String::new();
        for (index, action) in actions.iter().enumerate().skip(LISTED) {
            let text = action.to_string();
            let verb = text.split_whitespace().next().unwrap_or("").to_owned();
            if verb == cut {
                hidden += 1;
                last_hidden = index + 1;
                if example.is_empty() {
                    example = text;
                }
                continue;
            }
            if verb != group {
                let _ = writeln!(rest, "{verb}:");
                group = verb;
            }
            let shown = G::describe(round, me, *action);
            let shown = if pretty { G::pretty(&shown) } else { shown };
            let _ = writeln!(rest, "  {:>3}  {shown}", index + 1);
        }
        if hidden > 0 {
            let _ = writeln!(
                screen,
                "  … and {hidden} more (numbers up to {last_hidden}; or type the action, e.g. {example})"
            );
        }
        screen.push_str(&rest);
    }
    screen.push_str("> ");
    out.write_all(screen.as_bytes())?;
    out.flush()?;
    loop {
        let mut bytes = Vec::new();
        if input.read_until(b'\n', &mut bytes)? == 0 {
            writeln!(out)?;
            return Err(CliError::Input(
                "standard input ended before the game did (type quit to stop)".to_owned(),
            ));
        }
        // A line that is not UTF-8 (a terminal in another encoding, a stray byte) is refused
        // like any other bad answer: the game goes on.
        let line = match std::str::from_utf8(&bytes) {
            Ok(line) => line,
            Err(error) => {
                writeln!(
                    out,
                    "not UTF-8 (byte {} of the line): type a number from the list or an action (see help)",
                    error.valid_up_to() + 1
                )?;
                write!(out, "> ")?;
                out.flush()?;
                continue;
            }
        };
        let text = line.trim();
        let mut words = text.split_whitespace();
        match (words.next(), words.next()) {
            (None, _) if out_of_turn => return Ok(Answer::Pass),
            (None, _) => writeln!(
                out,
                "your turn: type a number from the list or an action (help lists the words)"
            )?,
            (Some("quit"), None) => return Ok(Answer::Quit),
            (Some("undo"), None) => return Ok(Answer::Undo),
            (Some("hint"), None) => match G::hint(round, me, hint) {
                Some(action) => {
                    let number = actions.iter().position(|a| *a == action).map_or(0, |i| i + 1);
                    // The hint names the action as the list shows it (a Riichi tile's name too).
                    let shown = G::describe(round, me, action);
                    let shown = if pretty { G::pretty(&shown) } else { shown };
                    writeln!(out, "hint: {number}  {shown}")?;
                }
                None => writeln!(out, "hint: let it pass")?,
            },
            (Some("log"), None) => writeln!(out, "log FILE: name the file to write the log to")?,
            (Some("log"), Some(_)) => {
                // The whole rest of the line is the file name (`log my game.log`).
                let path = text.get(3..).unwrap_or_default().trim();
                let text: String = log.iter().map(|line| format!("{line}\n")).collect();
                match std::fs::write(path, text) {
                    Ok(()) => writeln!(out, "(log written to {path})")?,
                    Err(e) => writeln!(out, "cannot write {path}: {e}")?,
                }
            }
            (Some("help"), None) => writeln!(
                out,
                "a number from the list, an action as listed, hint (a bot's choice), undo, log FILE, quit, help{}\n{}",
                if out_of_turn {
                    ", or an empty line to let it pass"
                } else {
                    ""
                },
                G::LEGEND
            )?,
            _ => match choose(&actions, text, |action| G::describe(round, me, action)) {
                Ok(action) => return Ok(Answer::Act(action)),
                // The game's own parser (e.g. a Dou Dizhu play with its reading).
                Err(why) => match G::parse_action(text) {
                    Ok(action) if actions.contains(&action) => return Ok(Answer::Act(action)),
                    // An action of the game that the rules refuse now: the round's own reason.
                    Ok(action) => match round.clone().apply(me, action) {
                        Err(error) => writeln!(out, "{}: {error} (see the list, or type help)", crate::quoted(text))?,
                        Ok(_) => writeln!(out, "{why}")?,
                    },
                    _ if text.bytes().all(|b| b.is_ascii_digit()) => writeln!(out, "{why}")?,
                    // `verb name` where the list shows `verb id (name)`: no such entry.
                    Err(_) if named_verb(&actions, text, |action| G::describe(round, me, action)) => writeln!(
                        out,
                        "{}: no entry of the list shows that (see the list, or type help)",
                        crate::quoted(text)
                    )?,
                    Err(error) => writeln!(out, "{}: {error} (see the list, or type help)", crate::quoted(text))?,
                },
            },
        }
        write!(out, "> ")?;
        out.flush()?;
    }
}

/// The action a person's text names: a number from the list, an action's text, or the list's
/// shorter form of it: an entry shown `verb id (name)` (a Riichi tile) is also `verb name`.
fn choose<A: Copy + Eq + std::fmt::Display>(
    actions: &[A],
    text: &str,
    describe: impl Fn(A) -> String,
) -> Result<A, String> {
    if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) {
        // Digits are a number from the list, however many (past `usize`: no such entry either).
        return text
            .parse::<usize>()
            .ok()
            .and_then(|number| number.checked_sub(1))
            .and_then(|index| actions.get(index))
            .copied()
            .ok_or_else(|| {
                // At most 40 digits shown (the limit of every quote in a message).
                let shown = text
                    .get(..40)
                    .map_or_else(|| text.to_owned(), |head| format!("{head}…"));
                format!("no action {shown}: choose 1 to {}", actions.len())
            });
    }
    let wanted: Vec<&str> = text.split_whitespace().collect();
    let named = |action: A| {
        let shown = describe(action);
        let Some((head, rest)) = shown.split_once(" (") else {
            return false;
        };
        let Some(name) = rest.strip_suffix(')') else {
            return false;
        };
        let mut words: Vec<&str> = head.split_whitespace().collect();
        words.pop();
        words.push(name);
        words == wanted
    };
    actions
        .iter()
        .find(|action| action.to_string().split_whitespace().eq(wanted.iter().copied()))
        .or_else(|| actions.iter().find(|action| named(**action)))
        // The whole entry as the list shows it (`discard 58 (6p)`).
        .or_else(|| {
            actions
                .iter()
                .find(|action| describe(**action).split_whitespace().eq(wanted.iter().copied()))
        })
        .copied()
        .ok_or_else(|| {
            format!(
                "{} is not a legal action now (see the list, or type help)",
                crate::quoted(text)
            )
        })
}

/// Whether `text` is two words whose first is the verb of a listed entry shown `verb id (name)`.
fn named_verb<A: Copy>(actions: &[A], text: &str, describe: impl Fn(A) -> String) -> bool {
    let mut words = text.split_whitespace();
    let (Some(verb), Some(_), None) = (words.next(), words.next(), words.next()) else {
        return false;
    };
    actions.iter().any(|action| {
        let shown = describe(*action);
        // `verb id (name)`: two words before the name (a Tichu exchange's note is no name).
        shown.ends_with(')')
            && shown.split_once(" (").is_some_and(|(head, _)| {
                head.split_whitespace().count() == 2 && head.split_whitespace().next() == Some(verb)
            })
    })
}

/// `line` with each whitespace-separated token `f` maps replaced (the others, and the spaces, as
/// they were): the games' terminal symbols.
pub fn map_tokens(line: &str, f: impl Fn(&str) -> Option<String>) -> String {
    let mut out = String::with_capacity(line.len());
    let mut token = String::new();
    let flush = |token: &mut String, out: &mut String| {
        if !token.is_empty() {
            // A trailing comma or colon stays outside the token.
            let core = token.trim_end_matches([',', ':', ';']);
            let tail = token.get(core.len()..).unwrap_or("");
            match f(core) {
                Some(shown) => {
                    out.push_str(&shown);
                    out.push_str(tail);
                }
                None => out.push_str(token),
            }
            token.clear();
        }
    };
    for c in line.chars() {
        if c.is_whitespace() {
            flush(&mut token, &mut out);
            out.push(c);
        } else {
            token.push(c);
        }
    }
    flush(&mut token, &mut out);
    out
}
