//! Tenhou's JSON game record ("tenhou.net/6", `--format tenhou6`): a typed reader and writer.
//!
//! Tenhou publishes no specification; this is the format as its viewer and the public records
//! use it. A record is one JSON object; its `log` is the list of rounds (kyoku), each an array
//! of 17 entries:
//!
//! ```text
//! [[kyoku, honba, sticks], [s0, s1, s2, s3], [dora indicators], [ura indicators],
//!  haipai0, takes0, discards0, haipai1, takes1, discards1, …, haipai3, takes3, discards3,
//!  [result]]
//! ```
//!
//! - `kyoku` counts rounds from East 1 = 0 (dealer = `kyoku % 4`, round wind = `kyoku / 4`),
//!   `sticks` the riichi sticks on the table at the start, the scores are the seats' points at
//!   the start.
//! - Tiles are two-digit numbers: 11–19 man, 21–29 pin, 31–39 sou, 41–47 E S W N white green
//!   red, 51/52/53 the red 5m/5p/5s ([`Code`]).
//! - A take column (what the seat gets, in its own order) holds drawn tiles and calls: `c`
//!   chii, `p` pon, `m` open kan, written as the meld's tiles with the letter before the called
//!   tile; the letter's place (counted in tiles) says from whom: pon `p151515` from the left
//!   (the previous seat), `15p1515` from across, `1515p15` from the right; open kan `m…` at 0,
//!   1 or 3 likewise ([`Take`]).
//! - A discard column holds discarded tiles, `60` for the drawn tile (tsumogiri), `r<tile>`
//!   for a riichi declaration (`r60` declares with the drawn tile), closed kans `a…`, added
//!   kans `k…` (the letter before the added tile, in the place of the pon's letter), and `0`,
//!   the placeholder after an open kan, whose replacement draw comes next in the take column
//!   ([`Discard`]).
//! - The result: `["和了", deltas, [winner, from, pao, "point string", yaku…], …]` (a pair
//!   per winner; `from == winner` for a tsumo, `pao == winner` without responsibility
//!   payment) or a draw's name with optional deltas ([`Result`]).
//!
//! The recorded deltas leave out the 1000 a riichi declarer puts down; in a double ron, honba
//! and sticks go to the winner nearest the discarder. Errors name the round and the bad token
//! ([`RecordError`]).
//!
//! Three players (`三鳳南喰赤`): seat 3's three columns are `[]` and its points 0
//! ([`RoundLog::players`]); `f44` in a discard column sets a North aside ([`Discard::Kita`]),
//! the seat's next take is its replacement draw; a call's letter place still counts the
//! giver's offset modulo 4 (seat 2 calling seat 0's tile writes it "across").

use std::fmt;

use serde_json::{Value, json};

/// A tile in Tenhou's numbering: 11–19 man, 21–29 pin, 31–39 sou, 41–47 honors, 51–53 red fives.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Code(u8);

impl Code {
    /// The code `n`, when it names a tile.
    pub fn new(n: u64) -> Option<Code> {
        let n = u8::try_from(n).ok()?;
        let ok = matches!(n, 11..=19 | 21..=29 | 31..=39 | 41..=47 | 51..=53);
        ok.then_some(Code(n))
    }

    /// The number Tenhou writes.
    pub fn number(self) -> u8 {
        self.0
    }

    /// Is this a red five (51, 52, 53)?
    pub fn is_red(self) -> bool {
        self.0 > 50
    }

    /// The tile kind, 0..34 (`mahjong::Tile::index()`: 1m..9m 0–8, 1p..9p 9–17, 1s..9s 18–26,
    /// E S W N white green red 27–33); a red five is its five.
    pub fn kind(self) -> u8 {
        match self.0 {
            51..=53 => (self.0 - 51) * 9 + 4,
            n => (n / 10 - 1) * 9 + n % 10 - 1,
        }
    }

    /// The code of tile id `id` (`kind * 4 + copy`; with `red_fives`, copy 0 of a five is red).
    pub fn of_id(id: u8, red_fives: bool) -> Option<Code> {
        let kind = id / 4;
        if id >= 136 {
            return None;
        }
        if red_fives && id.is_multiple_of(4) && matches!(kind, 4 | 13 | 22) {
            return Some(Code(51 + kind / 9));
        }
        Some(Code((kind / 9 + 1) * 10 + kind % 9 + 1))
    }

    /// [`Code::of_id`] for an id the engine gave (`0..136`); a larger one reads as 1m.
    pub fn of_id_lossy(id: u8, red_fives: bool) -> Code {
        Code::of_id(id, red_fives).unwrap_or(Code(11))
    }

    /// Does tile id `id` show this code (its kind, and red exactly for copy 0 of a five when
    /// `red_fives`)? Without red fives a red code (51–53) shows any copy of its five: a record
    /// of a game without them may still write them (read as plain fives).
    pub fn matches(self, id: u8, red_fives: bool) -> bool {
        let code = if red_fives { self } else { self.plain() };
        Code::of_id(id, red_fives) == Some(code)
    }

    /// The code with a red five (51–53) read as its plain five (15, 25, 35); any other as is.
    pub fn plain(self) -> Code {
        match self.0 {
            51..=53 => Code((self.0 - 50) * 10 + 5),
            _ => self,
        }
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Where a called tile came from, seen from the caller.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Giver {
    /// The previous seat (kamicha, `caller + 3`).
    Left,
    /// The seat across (toimen, `caller + 2`).
    Across,
    /// The next seat (shimocha, `caller + 1`).
    Right,
}

impl Giver {
    /// The seat the tile came from, for `caller` (0..4).
    pub fn seat(self, caller: u8) -> u8 {
        (caller + self.offset()) % 4
    }

    /// How many seats after the caller the giver sits (3, 2 or 1).
    pub fn offset(self) -> u8 {
        match self {
            Giver::Left => 3,
            Giver::Across => 2,
            Giver::Right => 1,
        }
    }

    /// The giver `giver` seen from `caller` (`None` for the caller itself).
    pub fn between(caller: u8, giver: u8) -> Option<Giver> {
        match (giver + 4 - caller % 4) % 4 {
            3 => Some(Giver::Left),
            2 => Some(Giver::Across),
            1 => Some(Giver::Right),
            _ => None,
        }
    }
}

/// One entry of a take column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Take {
    /// A tile drawn (from the live wall, or the replacement after a kan).
    Draw(Code),
    /// A chii of `called` from the left with `own` from the hand (in the record's order).
    Chii {
        /// The called tile.
        called: Code,
        /// The two tiles from the hand.
        own: [Code; 2],
        /// The meld as written (`c` and the position kept for writing back).
        text: String,
    },
    /// A pon of `called` from `from`.
    Pon {
        /// The called tile.
        called: Code,
        /// The two tiles from the hand.
        own: [Code; 2],
        /// The giver.
        from: Giver,
        /// As written.
        text: String,
    },
    /// An open kan (daiminkan) of `called` from `from`; the discard column holds `0` next.
    Daiminkan {
        /// The called tile.
        called: Code,
        /// The three tiles from the hand.
        own: [Code; 3],
        /// The giver.
        from: Giver,
        /// As written.
        text: String,
    },
}

/// One entry of a discard column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Discard {
    /// A tile from the hand (`tile`), or the tile just drawn (`60`: `None`).
    Tile(Option<Code>),
    /// A riichi declaration with that discard (`r15`, or `r60`: `None`).
    Riichi(Option<Code>),
    /// A closed kan of four tiles (`a`).
    Ankan {
        /// The four tiles.
        tiles: [Code; 4],
        /// As written.
        text: String,
    },
    /// An added kan (`k`): `added` joins the seat's pon of that kind.
    Kakan {
        /// The tile added (the one after the letter).
        added: Code,
        /// The four tiles as written.
        tiles: [Code; 4],
        /// As written.
        text: String,
    },
    /// `0`: the placeholder after an open kan.
    Placeholder,
    /// `f44`: three players, a North set aside as dora (nukidora, kita); the seat's next take
    /// is its replacement draw.
    Kita,
}

/// One seat's three columns.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SeatLog {
    /// The 13 dealt tiles, as recorded (Tenhou sorts them).
    pub haipai: Vec<Code>,
    /// Draws and calls in the seat's order.
    pub takes: Vec<Take>,
    /// Discards, riichi, kans, placeholders in the seat's order.
    pub discards: Vec<Discard>,
}

/// One winner's entry of a win.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Win {
    /// The deltas of this win (honba and sticks in for the one who gets them).
    pub deltas: [i32; 4],
    /// The winner.
    pub who: u8,
    /// The discarder (== `who` for a tsumo).
    pub from: u8,
    /// The seat that pays for responsibility (== `who` when none).
    pub pao: u8,
    /// The point string and the yaku, as written (`"30符4飜7700点"`, `"ドラ(1飜)"`, …).
    pub text: Vec<String>,
}

/// How a round without a win ended, with Tenhou's name for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DrawKind {
    /// `流局`: exhaustive draw (tenpai payments in the deltas).
    Exhaustive,
    /// `全員聴牌`: exhaustive draw, everyone tenpai.
    AllTenpai,
    /// `全員不聴`: exhaustive draw, nobody tenpai.
    AllNoten,
    /// `流し満貫`: exhaustive draw with nagashi mangan.
    Nagashi,
    /// `九種九牌`: nine kinds of terminals and honors declared.
    NineTerminals,
    /// `四家立直`: four riichi.
    FourRiichi,
    /// `三家和了`: three rons on one discard.
    TripleRon,
    /// `四槓散了`: four kans by two or more seats.
    FourKans,
    /// `四風連打`: four identical winds as the first discards.
    FourWinds,
}

impl DrawKind {
    const NAMES: [(DrawKind, &'static str); 9] = [
        (DrawKind::Exhaustive, "流局"),
        (DrawKind::AllTenpai, "全員聴牌"),
        (DrawKind::AllNoten, "全員不聴"),
        (DrawKind::Nagashi, "流し満貫"),
        (DrawKind::NineTerminals, "九種九牌"),
        (DrawKind::FourRiichi, "四家立直"),
        (DrawKind::TripleRon, "三家和了"),
        (DrawKind::FourKans, "四槓散了"),
        (DrawKind::FourWinds, "四風連打"),
    ];

    /// Tenhou's name.
    pub fn name(self) -> &'static str {
        Self::NAMES.iter().find(|(k, _)| *k == self).map_or("流局", |(_, n)| n)
    }

    /// The kind named `name`.
    pub fn from_name(name: &str) -> Option<DrawKind> {
        Self::NAMES.iter().find(|(_, n)| *n == name).map(|(k, _)| *k)
    }

    /// Is it an exhaustive draw (the live wall ran out)?
    pub fn is_exhaustive(self) -> bool {
        matches!(
            self,
            DrawKind::Exhaustive | DrawKind::AllTenpai | DrawKind::AllNoten | DrawKind::Nagashi
        )
    }
}

/// How a round ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Result {
    /// `和了`: one or more winners (a double ron has two).
    Win(Vec<Win>),
    /// A draw, with its deltas when the record gives them.
    Draw(DrawKind, Option<[i32; 4]>),
}

impl Result {
    /// The round's deltas, summed over the winners (zeros for a draw without deltas).
    pub fn deltas(&self) -> [i32; 4] {
        match self {
            Result::Win(wins) => wins.iter().fold([0i32; 4], |mut sum, w| {
                for (s, d) in sum.iter_mut().zip(w.deltas) {
                    *s = s.saturating_add(d);
                }
                sum
            }),
            Result::Draw(_, d) => d.unwrap_or([0; 4]),
        }
    }
}

/// One round (kyoku) of a record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundLog {
    /// Rounds since East 1 (0 = East 1, 4 = South 1, 8 = West 1); dealer = `kyoku % 4`.
    pub kyoku: u8,
    /// The honba (repeat counters) at the start.
    pub honba: u32,
    /// Riichi sticks on the table at the start.
    pub sticks: u32,
    /// The seats' points at the start.
    pub scores: [i32; 4],
    /// The dora indicators shown (the first, then one per kan revealed).
    pub dora: Vec<Code>,
    /// The ura indicators (only when a riichi winner saw them).
    pub ura: Vec<Code>,
    /// The seats' columns.
    pub seats: [SeatLog; 4],
    /// How it ended.
    pub result: Result,
}

impl RoundLog {
    /// The dealer seat.
    pub fn dealer(&self) -> u8 {
        self.kyoku % 4
    }

    /// The players at the table: 3 when seat 3's columns are empty (a three-player record
    /// writes `[]` for them and 0 points), else 4.
    pub fn players(&self) -> u8 {
        if self.seats[3].haipai.is_empty() { 3 } else { 4 }
    }
}

/// A whole record: its header fields and the rounds.
#[derive(Debug, Clone, PartialEq)]
pub struct Record {
    /// The players' names.
    pub names: [String; 4],
    /// The rule's display name (`"鳳南喰赤"`), when given.
    pub rule_disp: Option<String>,
    /// Red fives (`rule.aka`; on when not given).
    pub aka: bool,
    /// The rest of the top-level object (`title`, `ref`, `sc`, …), kept to write back.
    pub extra: serde_json::Map<String, Value>,
    /// The rounds in order.
    pub rounds: Vec<RoundLog>,
}

/// A record that does not read: where (`round`, when inside one) and what.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordError {
    /// The round index (0-based, in `log`), when the error is inside a round.
    pub round: Option<usize>,
    /// What is wrong, naming the token.
    pub what: String,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.round {
            Some(i) => write!(f, "round {i}: {}", self.what),
            None => write!(f, "{}", self.what),
        }
    }
}

impl std::error::Error for RecordError {}

type Parsed<T> = std::result::Result<T, String>;

/// A value quoted for a message (compact JSON, cut after 40 characters).
fn show(value: &Value) -> String {
    let text = value.to_string();
    match text.char_indices().nth(40) {
        Some((end, _)) => format!("{}…", text.get(..end).unwrap_or("")),
        None => text,
    }
}

fn code(value: &Value, what: &str) -> Parsed<Code> {
    value
        .as_u64()
        .and_then(Code::new)
        .ok_or_else(|| format!("{what}: {} is no tile", show(value)))
}

fn int(value: &Value, what: &str) -> Parsed<i64> {
    value
        .as_i64()
        .ok_or_else(|| format!("{what}: {} is no integer", show(value)))
}

fn list<'a>(value: &'a Value, what: &str) -> Parsed<&'a Vec<Value>> {
    value
        .as_array()
        .ok_or_else(|| format!("{what}: {} is no list", show(value)))
}

fn tiles(value: &Value, what: &str) -> Parsed<Vec<Code>> {
    list(value, what)?.iter().map(|v| code(v, what)).collect()
}

fn four_ints(value: &Value, what: &str) -> Parsed<[i32; 4]> {
    let items = list(value, what)?;
    let values: Vec<i32> = items
        .iter()
        .map(|v| int(v, what).and_then(|n| i32::try_from(n).map_err(|_| format!("{what}: {n} is out of range"))))
        .collect::<Parsed<_>>()?;
    values
        .try_into()
        .map_err(|_| format!("{what}: {} does not hold 4 numbers", show(value)))
}

/// A call string split: the tiles in writing order, the letter, its position (in tiles) and
/// the tile after it.
struct CallText {
    tiles: Vec<Code>,
    letter: char,
    position: usize,
}

fn call_text(text: &str, what: &str) -> Parsed<CallText> {
    let bad = || {
        format!(
            "{what}: {} is no call (tiles with one of c p m a k before a tile)",
            crate::quoted(text)
        )
    };
    let letters: Vec<(usize, char)> = text.char_indices().filter(|(_, c)| !c.is_ascii_digit()).collect();
    let [(at, letter)] = letters.as_slice() else {
        return Err(bad());
    };
    if !matches!(letter, 'c' | 'p' | 'm' | 'a' | 'k') {
        return Err(bad());
    }
    let (head, tail) = (text.get(..*at).unwrap_or(""), text.get(at + 1..).unwrap_or(""));
    if head.len() % 2 != 0 || tail.len() % 2 != 0 || tail.is_empty() {
        return Err(bad());
    }
    let mut tiles = Vec::new();
    for part in [head, tail] {
        for i in (0..part.len()).step_by(2) {
            let digits = part.get(i..i + 2).unwrap_or("");
            let n: u64 = digits.parse().map_err(|_| bad())?;
            tiles.push(Code::new(n).ok_or_else(|| format!("{what}: {digits} in {} is no tile", crate::quoted(text)))?);
        }
    }
    Ok(CallText {
        tiles,
        letter: *letter,
        position: head.len() / 2,
    })
}

fn same_kind(tiles: &[Code]) -> bool {
    tiles.windows(2).all(|w| w[0].kind() == w[1].kind())
}

fn take(value: &Value, what: &str) -> Parsed<Take> {
    if let Some(text) = value.as_str() {
        let call = call_text(text, what)?;
        let t = &call.tiles;
        let called = t[call.position];
        let others: Vec<Code> = t
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != call.position)
            .map(|(_, c)| *c)
            .collect();
        let text = text.to_owned();
        return match (call.letter, call.position, t.len()) {
            ('c', 0, 3) => {
                let mut kinds: Vec<u8> = t.iter().map(|c| c.kind()).collect();
                kinds.sort_unstable();
                let run = kinds[0] < 27 && kinds[1] == kinds[0] + 1 && kinds[2] == kinds[0] + 2 && kinds[0] % 9 <= 6;
                if !run {
                    return Err(format!("{what}: chii {} is not a run", crate::quoted(&text)));
                }
                Ok(Take::Chii {
                    called,
                    own: [others[0], others[1]],
                    text,
                })
            }
            ('p', 0..=2, 3) if same_kind(t) => Ok(Take::Pon {
                called,
                own: [others[0], others[1]],
                from: [Giver::Left, Giver::Across, Giver::Right][call.position],
                text,
            }),
            ('m', 0 | 1 | 3, 4) if same_kind(t) => Ok(Take::Daiminkan {
                called,
                own: [others[0], others[1], others[2]],
                from: match call.position {
                    0 => Giver::Left,
                    1 => Giver::Across,
                    _ => Giver::Right,
                },
                text,
            }),
            ('a' | 'k', _, _) => Err(format!(
                "{what}: {} (a kan of the seat's own) in the take column",
                crate::quoted(&text)
            )),
            _ => Err(format!("{what}: {} is no chii, pon or open kan", crate::quoted(&text))),
        };
    }
    Ok(Take::Draw(code(value, what)?))
}

fn discard(value: &Value, what: &str) -> Parsed<Discard> {
    if let Some(text) = value.as_str() {
        if let Some(rest) = text.strip_prefix('f') {
            return match rest.parse::<u64>() {
                Ok(44) => Ok(Discard::Kita),
                _ => Err(format!("{what}: {} is no North set aside (f44)", crate::quoted(text))),
            };
        }
        if let Some(rest) = text.strip_prefix('r') {
            let tile = match rest.parse::<u64>() {
                Ok(60) => None,
                Ok(n) => Some(Code::new(n).ok_or_else(|| format!("{what}: {text:?}: {n} is no tile"))?),
                Err(_) => return Err(format!("{what}: {text:?} is no riichi discard (r and a tile, or r60)")),
            };
            return Ok(Discard::Riichi(tile));
        }
        let call = call_text(text, what)?;
        let t = &call.tiles;
        if t.len() != 4 || !same_kind(t) {
            return Err(format!("{what}: {text:?} is no kan of four tiles"));
        }
        let tiles = [t[0], t[1], t[2], t[3]];
        let text = text.to_owned();
        return match call.letter {
            'a' => Ok(Discard::Ankan { tiles, text }),
            'k' => Ok(Discard::Kakan {
                added: t[call.position],
                tiles,
                text,
            }),
            _ => Err(format!("{what}: {text:?} (a call) in the discard column")),
        };
    }
    match value.as_u64() {
        Some(0) => Ok(Discard::Placeholder),
        Some(60) => Ok(Discard::Tile(None)),
        _ => Ok(Discard::Tile(Some(code(value, what)?))),
    }
}

fn result(value: &Value) -> Parsed<Result> {
    let items = list(value, "result")?;
    let name = items
        .first()
        .and_then(Value::as_str)
        .ok_or_else(|| format!("result: {} does not start with a name", show(value)))?;
    if name == "和了" {
        let rest = items.get(1..).unwrap_or(&[]);
        if rest.is_empty() || rest.len() % 2 != 0 {
            return Err(format!("result: {} is no list of deltas and winners", show(value)));
        }
        let mut wins = Vec::new();
        for pair in rest.chunks(2) {
            let deltas = four_ints(&pair[0], "win deltas")?;
            let info = list(&pair[1], "win")?;
            let seat = |i: usize, what: &str| -> Parsed<u8> {
                let v = info
                    .get(i)
                    .ok_or_else(|| format!("win: {} has no {what}", show(&pair[1])))?;
                match v.as_u64() {
                    Some(n @ 0..=3) => Ok(n as u8),
                    _ => Err(format!("win: {what} {} is no seat", show(v))),
                }
            };
            let text = info
                .iter()
                .skip(3)
                .map(|v| {
                    v.as_str()
                        .map(str::to_owned)
                        .ok_or_else(|| format!("win: {} is no text", show(v)))
                })
                .collect::<Parsed<Vec<_>>>()?;
            wins.push(Win {
                deltas,
                who: seat(0, "winner")?,
                from: seat(1, "discarder")?,
                pao: seat(2, "pao seat")?,
                text,
            });
        }
        return Ok(Result::Win(wins));
    }
    let kind = DrawKind::from_name(name).ok_or_else(|| format!("result: unknown result {name:?}"))?;
    let deltas = match items.get(1) {
        None => None,
        Some(v) => Some(four_ints(v, "draw deltas")?),
    };
    if items.len() > 2 {
        return Err(format!("result: {} has more than a name and deltas", show(value)));
    }
    Ok(Result::Draw(kind, deltas))
}

fn round(value: &Value) -> Parsed<RoundLog> {
    let items = list(value, "the round")?;
    if items.len() != 17 {
        return Err(format!("{} entries, expected 17", items.len()));
    }
    let header = list(&items[0], "header")?;
    let [kyoku, honba, sticks] = header.as_slice() else {
        return Err(format!("header {} is not [kyoku, honba, sticks]", show(&items[0])));
    };
    let small = |v: &Value, what: &str| -> Parsed<u32> {
        v.as_u64()
            .and_then(|n| u32::try_from(n).ok())
            .ok_or_else(|| format!("header: {what} {} is no count", show(v)))
    };
    let kyoku = small(kyoku, "kyoku")?;
    let kyoku = u8::try_from(kyoku)
        .ok()
        .filter(|k| *k < 16)
        .ok_or_else(|| format!("header: kyoku {kyoku} is past North 4"))?;
    let mut seats: [SeatLog; 4] = Default::default();
    for (p, seat) in seats.iter_mut().enumerate() {
        let base = 4 + 3 * p;
        let what = format!("seat {p} haipai");
        seat.haipai = tiles(&items[base], &what)?;
        // Three players: seat 3's columns are all empty.
        let absent = p == 3 && seat.haipai.is_empty();
        if absent {
            for k in 1..3 {
                if list(&items[base + k], "seat 3")?.is_empty() {
                    continue;
                }
                return Err("seat 3 has no dealt tiles (three players) but plays".to_owned());
            }
            continue;
        }
        if seat.haipai.len() != 13 {
            return Err(format!("{what}: {} tiles, expected 13", seat.haipai.len()));
        }
        let what = format!("seat {p} takes");
        seat.takes = list(&items[base + 1], &what)?
            .iter()
            .map(|v| take(v, &what))
            .collect::<Parsed<_>>()?;
        let what = format!("seat {p} discards");
        seat.discards = list(&items[base + 2], &what)?
            .iter()
            .map(|v| discard(v, &what))
            .collect::<Parsed<_>>()?;
    }
    Ok(RoundLog {
        kyoku,
        honba: small(honba, "honba")?,
        sticks: small(sticks, "sticks")?,
        scores: four_ints(&items[1], "start scores")?,
        dora: tiles(&items[2], "dora indicators")?,
        ura: tiles(&items[3], "ura indicators")?,
        seats,
        result: result(&items[16])?,
    })
}

/// A record's red-five rule as written: `rule.aka` (one flag) or `aka51`/`aka52`/`aka53` (a flag
/// per suit, a missing one on).
enum Aka {
    Flag(bool),
    PerSuit([bool; 3]),
}

/// Reads a record from its JSON text.
pub fn parse(text: &str) -> std::result::Result<Record, RecordError> {
    let top = |what: String| RecordError { round: None, what };
    let value: Value = serde_json::from_str(text).map_err(|e| top(format!("not JSON: {e}")))?;
    let Value::Object(mut object) = value else {
        return Err(top("not a JSON object (a tenhou.net/6 record is one object)".to_owned()));
    };
    let log = object
        .remove("log")
        .ok_or_else(|| top("no \"log\" (the list of rounds)".to_owned()))?;
    let Value::Array(log) = log else {
        return Err(top(format!("\"log\": {} is no list of rounds", show(&log))));
    };
    if log.is_empty() {
        return Err(top("\"log\" holds no round".to_owned()));
    }
    let names = match object.remove("name") {
        None => Default::default(),
        Some(Value::Array(n)) if n.len() == 4 => {
            let mut names: [String; 4] = Default::default();
            for (slot, v) in names.iter_mut().zip(&n) {
                *slot = v.as_str().unwrap_or("").to_owned();
            }
            names
        }
        Some(other) => return Err(top(format!("\"name\": {} is not 4 names", show(&other)))),
    };
    let (rule_disp, aka) = match object.remove("rule") {
        None => (None, Aka::Flag(true)),
        Some(Value::Object(rule)) => {
            let disp = rule.get("disp").and_then(Value::as_str).map(str::to_owned);
            let aka = match rule.get("aka") {
                Some(v) => Aka::Flag(v.as_u64().is_some_and(|n| n != 0) || v.as_bool() == Some(true)),
                None => {
                    Aka::PerSuit(["aka51", "aka52", "aka53"].map(|k| rule.get(k).and_then(Value::as_u64) != Some(0)))
                }
            };
            (disp, aka)
        }
        Some(other) => return Err(top(format!("\"rule\": {} is no object", show(&other)))),
    };
    let rounds = log
        .iter()
        .enumerate()
        .map(|(i, r)| round(r).map_err(|what| RecordError { round: Some(i), what }))
        .collect::<std::result::Result<Vec<_>, _>>()?;
    // Three players play without 2m–8m: the red 5m's flag (`aka51: 0` in Mahjong Soul's
    // three-player records) says nothing.
    let three = rounds.first().is_some_and(|r| r.players() == 3);
    let aka = match aka {
        Aka::Flag(on) => on,
        Aka::PerSuit([m, p, s]) => (m || three) && p && s,
    };
    Ok(Record {
        names,
        rule_disp,
        aka,
        extra: object,
        rounds,
    })
}

fn code_value(c: Code) -> Value {
    json!(c.number())
}

impl Take {
    fn to_value(&self) -> Value {
        match self {
            Take::Draw(c) => code_value(*c),
            Take::Chii { text, .. } | Take::Pon { text, .. } | Take::Daiminkan { text, .. } => json!(text),
        }
    }
}

impl Discard {
    fn to_value(&self) -> Value {
        match self {
            Discard::Tile(Some(c)) => code_value(*c),
            Discard::Tile(None) => json!(60),
            Discard::Riichi(Some(c)) => json!(format!("r{c}")),
            Discard::Riichi(None) => json!("r60"),
            Discard::Ankan { text, .. } | Discard::Kakan { text, .. } => json!(text),
            Discard::Placeholder => json!(0),
            Discard::Kita => json!("f44"),
        }
    }
}

/// The call strings Tenhou writes, for a writer that has the tiles: the letter goes before the
/// called tile, at the giver's place.
pub mod calls {
    use super::{Code, Giver};

    fn join(tiles: &[Code]) -> String {
        tiles.iter().map(|c| c.to_string()).collect()
    }

    /// `c` + called + the two own tiles.
    pub fn chii(called: Code, own: [Code; 2]) -> String {
        format!("c{called}{}", join(&own))
    }

    /// A pon from `from`: `p` at 0 (left), 1 (across) or 2 (right).
    pub fn pon(called: Code, own: [Code; 2], from: Giver) -> String {
        let [a, b] = own;
        match from {
            Giver::Left => format!("p{called}{a}{b}"),
            Giver::Across => format!("{a}p{called}{b}"),
            Giver::Right => format!("{a}{b}p{called}"),
        }
    }

    /// An open kan from `from`: `m` at 0, 1 or 3.
    pub fn daiminkan(called: Code, own: [Code; 3], from: Giver) -> String {
        let [a, b, c] = own;
        match from {
            Giver::Left => format!("m{called}{a}{b}{c}"),
            Giver::Across => format!("{a}m{called}{b}{c}"),
            Giver::Right => format!("{a}{b}{c}m{called}"),
        }
    }

    /// A closed kan: `a` before the fourth tile.
    pub fn ankan(tiles: [Code; 4]) -> String {
        let [a, b, c, d] = tiles;
        format!("{a}{b}{c}a{d}")
    }

    /// An added kan on a pon from `from`: `k` + the added tile where the pon had its letter
    /// (the pon's called tile right after it).
    pub fn kakan(added: Code, pon_called: Code, own: [Code; 2], from: Giver) -> String {
        let [a, b] = own;
        match from {
            Giver::Left => format!("k{added}{pon_called}{a}{b}"),
            Giver::Across => format!("{a}k{added}{pon_called}{b}"),
            Giver::Right => format!("{a}{b}k{added}{pon_called}"),
        }
    }
}

impl RoundLog {
    /// The round as Tenhou writes it (the 17 entries).
    pub fn to_value(&self) -> Value {
        let codes = |cs: &[Code]| Value::Array(cs.iter().map(|c| code_value(*c)).collect());
        let mut items = vec![
            json!([self.kyoku, self.honba, self.sticks]),
            json!(self.scores),
            codes(&self.dora),
            codes(&self.ura),
        ];
        for seat in &self.seats {
            items.push(codes(&seat.haipai));
            items.push(Value::Array(seat.takes.iter().map(Take::to_value).collect()));
            items.push(Value::Array(seat.discards.iter().map(Discard::to_value).collect()));
        }
        items.push(match &self.result {
            Result::Win(wins) => {
                let mut r = vec![json!("和了")];
                for w in wins {
                    r.push(json!(w.deltas));
                    let mut info = vec![json!(w.who), json!(w.from), json!(w.pao)];
                    info.extend(w.text.iter().map(|t| json!(t)));
                    r.push(Value::Array(info));
                }
                Value::Array(r)
            }
            Result::Draw(kind, deltas) => match deltas {
                Some(d) => json!([kind.name(), d]),
                None => json!([kind.name()]),
            },
        });
        Value::Array(items)
    }
}

impl Record {
    /// The players at the table (the first round's: [`RoundLog::players`]; 4 without rounds).
    pub fn players(&self) -> u8 {
        self.rounds.first().map_or(4, RoundLog::players)
    }

    /// The record as one JSON object (`title`, `name`, `rule`, `log`, and what else was read).
    pub fn to_value(&self) -> Value {
        let mut object = self.extra.clone();
        object.entry("title").or_insert_with(|| json!(["", ""]));
        object.insert("name".to_owned(), json!(self.names));
        let mut rule = serde_json::Map::new();
        if let Some(disp) = &self.rule_disp {
            rule.insert("disp".to_owned(), json!(disp));
        }
        rule.insert("aka".to_owned(), json!(u8::from(self.aka)));
        object.insert("rule".to_owned(), Value::Object(rule));
        object.insert(
            "log".to_owned(),
            Value::Array(self.rounds.iter().map(RoundLog::to_value).collect()),
        );
        Value::Object(object)
    }

    /// The day the game was played, `(year, month, day)`: from `ref` (the log id, which starts
    /// `YYYYMMDDHH`: `2010081709gm-00a9-0000-fe3371ad`), else from `title[1]` when it reads
    /// `YYYY/MM/DD`; `None` when neither says.
    pub fn date(&self) -> Option<(u16, u8, u8)> {
        let digits = |t: &str| t.parse::<u16>().ok();
        let from_ref = self.extra.get("ref").and_then(Value::as_str).and_then(|r| {
            let head = r.get(..8).filter(|h| h.bytes().all(|b| b.is_ascii_digit()))?;
            Some((digits(&head[..4])?, digits(&head[4..6])?, digits(&head[6..8])?))
        });
        let from_title = || {
            let title = self.extra.get("title")?.get(1)?.as_str()?;
            let mut parts = title.split('/');
            let (y, m, d) = (parts.next()?, parts.next()?, parts.next()?);
            (y.len() == 4).then_some(())?;
            Some((digits(y)?, digits(m)?, digits(d.get(..2).unwrap_or(d))?))
        };
        let (y, m, d) = from_ref.or_else(from_title)?;
        let (m, d) = (u8::try_from(m).ok()?, u8::try_from(d).ok()?);
        ((1..=12).contains(&m) && (1..=31).contains(&d)).then_some((y, m, d))
    }

    /// The record as compact JSON text (one line), as Tenhou's viewer reads it.
    pub fn to_json(&self) -> String {
        self.to_value().to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_map_to_kinds_and_ids() {
        assert_eq!(Code::new(11).map(Code::kind), Some(0));
        assert_eq!(Code::new(29).map(Code::kind), Some(17));
        assert_eq!(Code::new(47).map(Code::kind), Some(33));
        assert_eq!(Code::new(53).map(Code::kind), Some(22));
        assert_eq!(Code::new(10), None);
        assert_eq!(Code::new(60), None);
        assert_eq!(Code::of_id(16, true).map(Code::number), Some(51));
        assert_eq!(Code::of_id(16, false).map(Code::number), Some(15));
        assert_eq!(Code::of_id(17, true).map(Code::number), Some(15));
        assert_eq!(Code::of_id(88, true).map(Code::number), Some(53));
        assert_eq!(Code::of_id(135, true).map(Code::number), Some(47));
        assert_eq!(Code::of_id(136, true), None);
    }

    #[test]
    fn call_strings_read_with_their_giver() {
        let t = |n| Code::new(n).unwrap_or(Code(11));
        assert_eq!(
            take(&json!("1818p18"), "x"),
            Ok(Take::Pon {
                called: t(18),
                own: [t(18), t(18)],
                from: Giver::Right,
                text: "1818p18".into()
            })
        );
        assert!(matches!(take(&json!("c363453"), "x"), Ok(Take::Chii { called, .. }) if called == t(36)));
        assert!(matches!(
            take(&json!("26m262626"), "x"),
            Ok(Take::Daiminkan {
                from: Giver::Across,
                ..
            })
        ));
        assert!(matches!(discard(&json!("191919a19"), "x"), Ok(Discard::Ankan { .. })));
        assert!(matches!(discard(&json!("31k313131"), "x"), Ok(Discard::Kakan { added, .. }) if added == t(31)));
        assert_eq!(discard(&json!("r60"), "x"), Ok(Discard::Riichi(None)));
        assert_eq!(discard(&json!(0), "x"), Ok(Discard::Placeholder));
        assert_eq!(
            take(&json!("c141618"), "seat 1 takes"),
            Err("seat 1 takes: chii \"c141618\" is not a run".into())
        );
        assert_eq!(
            take(&json!(61), "seat 0 takes"),
            Err("seat 0 takes: 61 is no tile".into())
        );
        assert_eq!(
            call_text("x1212", "w").err(),
            Some("w: \"x1212\" is no call (tiles with one of c p m a k before a tile)".into())
        );
        assert_eq!(calls::pon(t(18), [t(18), t(18)], Giver::Right), "1818p18");
        assert_eq!(
            calls::daiminkan(t(26), [t(26), t(26), t(26)], Giver::Across),
            "26m262626"
        );
    }

    /// Mahjong Soul's three-player records (tensoul) write `aka51: 0`, `aka52: 1`, `aka53: 1`:
    /// there is no 5m to be red, and the red 5p and 5s count (issue 25: the real records' red
    /// dora went uncounted when every `aka5x` had to be 1).
    #[test]
    fn a_three_player_record_without_a_red_5m_has_red_fives() {
        let three = |rule: &str| {
            let text = format!(
                r#"{{"name":["a","b","c",""],"rule":{rule},"log":[[[0,0,0],[35000,35000,35000,0],[47],[],
                [11,19,21,22,23,24,25,26,27,28,29,31,32],[],[],
                [11,19,21,22,23,24,25,26,27,28,29,31,32],[],[],
                [11,19,21,22,23,24,25,26,27,28,29,31,32],[],[],[],[],[],["流局"]]]}}"#
            );
            parse(&text).unwrap().aka
        };
        assert!(three(r#"{"disp":"三金の間赤","aka53":1,"aka52":1,"aka51":0}"#));
        assert!(!three(r#"{"disp":"三金の間","aka53":0,"aka52":0,"aka51":0}"#));
        assert!(!three(r#"{"disp":"x","aka":0}"#));
        assert!(three(r#"{"disp":"x"}"#));
    }

    #[test]
    fn errors_name_the_round_and_token() {
        let record = r#"{"name":["a","b","c","d"],"rule":{"disp":"x","aka":1},"log":[
          [[0,0,0],[25000,25000,25000,25000],[16],[],
           [11,11,11,12,12,12,13,13,13,14,14,14,15],[16],[60],
           [21,21,21,22,22,22,23,23,23,24,24,24,25],[],[],
           [31,31,31,32,32,32,33,33,33,34,34,34,35],[],[],
           [41,41,41,42,42,42,43,43,43,44,44,44,45],["x9"],[],
           ["流局",[0,0,0,0]]]]}"#;
        let error = parse(record).err();
        assert_eq!(
            error.map(|e| e.to_string()),
            Some("round 0: seat 3 takes: \"x9\" is no call (tiles with one of c p m a k before a tile)".into())
        );
    }
}
