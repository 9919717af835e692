//! The test vectors in `tests/vectors/*.tsv`. The format is the one `parlor check` reads
//! ([`parlor_cli::check::parse_vectors`]): a `parlor` command line, TAB, the expected output,
//! optionally TAB and a comment.

use std::path::{Path, PathBuf};

pub use parlor_cli::check::Vector;

/// The folder of the vector files.
pub fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("vectors")
}

/// Every vector of the files `tests/vectors/<game>*.tsv`, with the file name of each.
pub fn load(game: &str) -> Vec<(String, Vector)> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir())
        .expect("tests/vectors exists")
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| {
            let name = path.file_name().and_then(|name| name.to_str()).unwrap_or_default();
            name.starts_with(game) && name.ends_with(".tsv")
        })
        .collect();
    files.sort();
    let mut all = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("vector file is readable UTF-8");
        let name = file
            .file_name()
            .and_then(|name| name.to_str())
            .unwrap_or_default()
            .to_owned();
        let vectors = parlor_cli::check::parse_vectors(&text).unwrap_or_else(|error| panic!("{name}: {error}"));
        all.extend(vectors.into_iter().map(|vector| (name.clone(), vector)));
    }
    all
}

/// Runs every vector of `game` through the CLI (in-process) and asserts the expected output.
/// Returns how many ran.
pub fn assert_cli(game: &str) -> usize {
    let vectors = load(game);
    let mut failures = Vec::new();
    for (file, vector) in &vectors {
        let actual = parlor_cli::check::rendered_output(vector);
        if actual != vector.expected {
            failures.push(format!(
                "{file}:{}: {:?}: expected {:?}, got {:?}",
                vector.line, vector.args, vector.expected, actual
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} CLI vector failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    vectors.len()
}

/// Tichu: the `trick`, `points` and `score` vector lines answered by the naive reference
/// (`reference::tichu_trick`), with its own reading of the command line and its own rendering
/// of the answer as `docs/tichu.md` ("CLI") documents it.
pub mod tichu {
    use crate::reference::tichu::{self as cards, Reading, Set};
    use crate::reference::tichu_trick::{self as reference, Trick};

    /// The reference's answer to the words after `tichu` of a `trick`, `points` or `score` line:
    /// `Some(Ok(output))`, `Some(Err(why))` (for a refused action, `why` is `action N`), or
    /// `None` for the other commands.
    pub fn reference_answer(args: &[&str]) -> Option<Result<String, String>> {
        match args {
            ["trick", rest @ ..] => Some(trick(rest)),
            ["points", set] => Some(cards::parse(set).map(|set| reference::points(&set).to_string())),
            ["score", rest @ ..] => Some(score(rest)),
            _ => None,
        }
    }

    /// Whether the reference's answer matches a vector's expected column: the same output, or
    /// both an error (for a refused action, the same action number).
    pub fn agrees(answer: &Result<String, String>, expected: &str) -> bool {
        match answer {
            Ok(output) => output == expected,
            Err(why) if why.starts_with("action ") => expected.starts_with(&format!("error: {why} ")),
            Err(_) => expected.starts_with("error: "),
        }
    }

    /// `--name value` options, then positional words.
    type Words<'a> = (Vec<(&'a str, &'a str)>, Vec<&'a str>);

    /// Splits `--name value` options from positional words.
    fn options<'a>(words: &[&'a str], names: &[&str]) -> Result<Words<'a>, String> {
        let (mut found, mut positional) = (Vec::new(), Vec::new());
        let mut words = words.iter();
        while let Some(&word) = words.next() {
            match word.strip_prefix("--") {
                Some(name) if names.contains(&name) => found.push((name, *words.next().ok_or("no value")?)),
                Some(_) => return Err("unknown option".into()),
                None => positional.push(word),
            }
        }
        Ok((found, positional))
    }

    fn option<'a>(found: &[(&str, &'a str)], name: &str) -> Option<&'a str> {
        found.iter().rev().find(|(n, _)| *n == name).map(|(_, v)| *v)
    }

    fn rank(text: &str) -> Result<u8, String> {
        let position = ["2", "3", "4", "5", "6", "7", "8", "9", "0", "J", "Q", "K", "A"]
            .iter()
            .position(|&r| r == text)
            .or((text == "T").then_some(8))
            .ok_or("bad rank")?;
        Ok(position as u8 + 2)
    }

    fn seat(text: &str) -> Result<usize, String> {
        match text {
            "0" => Ok(0),
            "1" => Ok(1),
            "2" => Ok(2),
            "3" => Ok(3),
            _ => Err("bad seat".into()),
        }
    }

    /// A set in the printed order: Mah Jong, Two to Ace (suits j s p t), Dragon, Phoenix, Dog.
    pub fn format(set: &Set) -> String {
        let mut sorted = set.clone();
        sorted.sort_by_key(|c| (if c.rank == 0 { 17 } else { c.rank }, c.suit));
        sorted
            .iter()
            .map(|c| {
                let symbol = match c.rank {
                    0 => 'D',
                    1 => '1',
                    15 => 'R',
                    16 => 'P',
                    r => "234567890JQKA".as_bytes()[usize::from(r) - 2] as char,
                };
                let suit = c.suit.map(|s| "jspt".as_bytes()[usize::from(s)] as char);
                format!("{symbol}{}", suit.map(String::from).unwrap_or_default())
            })
            .collect()
    }

    fn reading(r: Reading) -> String {
        let key = match (r.0, r.2) {
            ("dog", _) => "D".to_owned(),
            (_, 2) => "1".to_owned(),
            (_, 30) => "R".to_owned(),
            (_, k) if k % 2 == 1 => format!("{}.5", k / 2),
            (_, k) => ("234567890JQKA".as_bytes()[k as usize / 2 - 2] as char).to_string(),
        };
        format!("{} {} {key}", r.0, r.1)
    }

    fn trick(words: &[&str]) -> Result<String, String> {
        let (found, actions) = options(words, &["leader", "wish", "hands"])?;
        let leader = option(&found, "leader").map_or(Ok(0), seat)?;
        let wish = option(&found, "wish").map(rank).transpose()?;
        let mut hands: [Option<Set>; 4] = [None, None, None, None];
        if let Some(text) = option(&found, "hands") {
            let parts: Vec<&str> = text.split('/').collect();
            if parts.len() != 4 {
                return Err("hands".into());
            }
            for (slot, part) in hands.iter_mut().zip(parts) {
                if part != "?" {
                    let hand = cards::parse(part)?;
                    if hand.len() > 14 {
                        return Err("hand".into());
                    }
                    *slot = Some(hand);
                }
            }
        }
        let mut trick = Trick::new(leader, hands, wish)?;
        for (index, action) in actions.iter().enumerate() {
            let refused = |_| format!("action {}", index + 1);
            if let Some(to) = action.strip_prefix("give=") {
                trick.give(seat(to)?).map_err(refused)?;
                continue;
            }
            let (who, rest) = match action.split_once(':') {
                Some((who, rest)) => (seat(who)?, rest),
                None => (trick.turn, *action),
            };
            if rest == "pass" {
                trick.pass(who).map_err(refused)?;
                continue;
            }
            let (play, wished) = match rest.split_once('=') {
                Some((play, wished)) => (play, Some(rank(wished)?)),
                None => (rest, None),
            };
            let play = cards::parse(play)?;
            if play.is_empty() {
                return Err("empty play".into());
            }
            trick.play(who, &play, wished).map_err(refused)?;
        }
        Ok(render(&trick))
    }

    fn render(trick: &Trick) -> String {
        let wish = trick
            .wish
            .map_or('-', |w| "234567890JQKA".as_bytes()[usize::from(w) - 2] as char);
        let out: Vec<String> = (0..4).filter(|&s| trick.out[s]).map(|s| s.to_string()).collect();
        let out = if out.is_empty() { "-".to_owned() } else { out.join(" ") };
        if let Some(end) = &trick.end {
            let how = match (end.dog, end.dragon, trick.given) {
                (true, _, _) => "; dog".to_owned(),
                (_, true, Some(to)) => format!("; dragon given to {to}"),
                (_, true, None) => format!(
                    "; dragon to be given to {} or {}",
                    (end.taker + 1) % 2,
                    (end.taker + 1) % 2 + 2
                ),
                _ => String::new(),
            };
            let next = end.next_leader.map_or("-".to_owned(), |s| s.to_string());
            return format!(
                "over; taker {}{how}; points {}; next leader {next}; wish {wish}; out {out}",
                end.taker, end.points
            );
        }
        match &trick.top {
            Some((r, set, by)) => format!(
                "turn {}; top {} by {by} ({}); passes {}; points {}; wish {wish}; out {out}",
                trick.turn,
                format(set),
                reading(*r),
                trick.passes,
                trick.points
            ),
            None => format!("turn {}; lead; points 0; wish {wish}; out {out}", trick.turn),
        }
    }

    fn seat_list(text: Option<&str>) -> Result<Vec<usize>, String> {
        text.unwrap_or_default()
            .chars()
            .filter(|&c| c != ',')
            .map(|c| seat(&c.to_string()))
            .collect()
    }

    fn score(words: &[&str]) -> Result<String, String> {
        let (found, positional) = options(words, &["tricks", "hand", "tichu", "grand"])?;
        let [order] = positional[..] else {
            return Err("order".into());
        };
        let mut order = seat_list(Some(order))?;
        let partners = order.len() == 2 && order[0] % 2 == order[1] % 2;
        if !(partners || order.len() == 3 || order.len() == 4) {
            return Err("order".into());
        }
        for s in 0..4 {
            if !order.contains(&s) {
                order.push(s);
            }
        }
        let order: [usize; 4] = order.try_into().map_err(|_| "order")?;
        let mut calls = [0u8; 4];
        for (name, call) in [("tichu", 1), ("grand", 2)] {
            for s in seat_list(option(&found, name))? {
                if calls[s] != 0 {
                    return Err("two calls".into());
                }
                calls[s] = call;
            }
        }
        // Card points are multiples of 5 from -25 (the Phoenix alone) to 125 (every positive card).
        let number = |text: &str| match text.parse::<i32>() {
            Ok(n) if n % 5 == 0 && (-25..=125).contains(&n) => Ok(n),
            _ => Err("card points".to_owned()),
        };
        let tricks: [i32; 4] = match option(&found, "tricks") {
            Some(text) => text
                .split(',')
                .map(number)
                .collect::<Result<Vec<_>, _>>()?
                .try_into()
                .map_err(|_| "tricks")?,
            None if partners => [0; 4],
            None => return Err("tricks".into()),
        };
        let hand = option(&found, "hand").map_or(Ok(0), number)?;
        let [a, b] = reference::score(order, tricks, hand, calls)?;
        Ok(format!("{a} {b}"))
    }
}
