//! A naive reference of the Riichi hand value (yaku, han, fu, limits and payments), written from
//! the rules in `docs/mahjong.md` ("Hand value") and not from `parlor-core`'s scoring: it never
//! calls the core's `score`, shanten, decompositions or waits. Only plain data types are
//! shared: the input ([`Win`], [`Config`]) and the yaku names ([`Yaku`], as labels; their han are
//! written here again).
//!
//! The method is brute force. The closed tiles (34 counts) are split every way into sets and a
//! pair by a plain backtracking search (the lowest remaining kind starts a triplet or a run), and
//! also read as seven pairs and as thirteen orphans; the called melds are added as they are; then
//! every group of the closed tiles holding the winning tile's kind is tried as the group the
//! winning tile completed (a run as two-sided, closed or edge wait; the pair; a triplet, open on
//! a ron). Each reading gets every yaku and yakuman that holds for it, its fu item by item and
//! its payments; the reading that pays the winner most is taken (ties: a real yakuman before a
//! counted one, then more han, more fu, more fu before rounding). All readings tied at the top
//! are kept in [`RefValue::ties`], since which of them the core names is its own choice.

use parlor_core::mahjong::score::{Config, Kazoe, MeldKind, Riichi, Win, Yaku};

/// Why a hand has no value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RefError {
    /// No reading as four sets and a pair, seven pairs or thirteen orphans.
    NotComplete,
    /// Complete, but no reading has a yaku (dora are no yaku).
    NoYaku,
    /// Impossible input, named: a fifth copy, a second red five, the wrong number of closed
    /// tiles, a winning tile not among them, a call from a seat it cannot come from, flags that
    /// contradict each other or the hand, indicators the rules do not show, a bad config.
    Invalid(&'static str),
}

/// The checks of impossible input, from the list in `docs/mahjong.md` ("Impossible input is a
/// typed error"). The melds are [`parlor_core::mahjong::score::CalledMeld`] values, which are
/// real melds by construction.
fn check_input(win: &Win, config: &Config) -> Result<(), RefError> {
    use RefError::Invalid;
    if !matches!(config.double_wind_pair_fu, 2 | 4) {
        return Err(Invalid("double-wind pair fu must be 2 or 4"));
    }
    let melds = win.melds.as_slice();
    if win.closed.len() + 3 * melds.len() != 14 {
        return Err(Invalid("wrong number of closed tiles"));
    }
    let pieces = || {
        win.closed
            .as_slice()
            .iter()
            .chain(melds.iter().flat_map(|m| m.tiles()))
            .chain(win.dora.as_slice())
            .chain(win.ura.as_slice())
    };
    if win.nukidora > 0 && !config.three_player {
        return Err(Invalid("extracted Norths (nukidora) only in three-player rules"));
    }
    let mut copies = [0u32; 34];
    // Each extracted North is a physical North (index 30).
    copies[30] = u32::from(win.nukidora);
    let mut reds = [0u32; 3];
    for p in pieces() {
        copies[p.tile().index()] += 1;
        if p.is_red() {
            reds[p.tile().index() / 9] += 1;
        }
    }
    if copies.iter().any(|&n| n > 4) {
        return Err(Invalid("a fifth copy"));
    }
    if reds.iter().any(|&n| n > 1) {
        return Err(Invalid("a second red five"));
    }
    if !win.closed.as_slice().contains(&win.winning) {
        return Err(Invalid("the winning tile is not in the hand"));
    }
    for m in melds {
        if let Some(from) = m.from()
            && (from == win.seat || (m.kind() == MeldKind::Chii && from != win.seat.previous()))
        {
            return Err(Invalid("called from a wrong seat"));
        }
    }
    let open = melds.iter().any(|m| m.kind() != MeldKind::Ankan);
    let kans = melds
        .iter()
        .any(|m| matches!(m.kind(), MeldKind::Minkan | MeldKind::Shouminkan | MeldKind::Ankan));
    let riichi = win.riichi != Riichi::None;
    let dealer = win.seat.code() == 0;
    let conflicts = [
        (riichi && open, "riichi on an open hand"),
        (win.ippatsu && !riichi, "ippatsu without riichi"),
        (win.haitei && !win.tsumo, "haitei on a ron"),
        (win.houtei && win.tsumo, "houtei on a tsumo"),
        (
            // Three players: a North set aside also draws a replacement tile.
            win.rinshan && (!win.tsumo || (!kans && win.nukidora == 0)),
            "rinshan on a ron or without a kan",
        ),
        (win.chankan && win.tsumo, "chankan on a tsumo"),
        (win.haitei && win.rinshan, "haitei with rinshan"),
        (win.houtei && win.chankan, "houtei with chankan"),
        (win.tenhou && !dealer, "tenhou by a non-dealer"),
        (win.chiihou && dealer, "chiihou by the dealer"),
    ];
    if let Some((_, what)) = conflicts.iter().find(|(bad, _)| *bad) {
        return Err(Invalid(what));
    }
    if win.tenhou || win.chiihou {
        let other = riichi || win.ippatsu || win.rinshan || win.chankan || win.haitei || win.houtei;
        if !win.tsumo || !melds.is_empty() || other {
            return Err(Invalid("tenhou or chiihou not on a closed first draw"));
        }
    }
    if (!config.kan_dora && win.dora.len() > 1) || (!riichi && !win.ura.is_empty()) || win.ura.len() > win.dora.len() {
        return Err(Invalid("too many indicators"));
    }
    Ok(())
}

/// The limit reached, by name (`None` below mangan).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum RefLimit {
    /// Below mangan.
    None,
    /// 2000 base points.
    Mangan,
    /// 3000.
    Haneman,
    /// 4000.
    Baiman,
    /// 6000.
    Sanbaiman,
    /// 13+ han without a yakuman (8000).
    KazoeYakuman,
    /// 8000 per yakuman.
    Yakuman,
}

/// The value of a winning hand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RefValue {
    /// Yaku and dora; 13 per yakuman for a yakuman hand.
    pub han: u32,
    /// Fu after rounding (25 for seven pairs, 0 for thirteen orphans).
    pub fu: u32,
    /// Fu before rounding.
    pub raw_fu: u32,
    /// The yaku with their han, in code order (yakuman only when there is one).
    pub yaku: Vec<(Yaku, u32)>,
    /// Every yaku list of the readings tied with the chosen one (it included).
    pub ties: Vec<Vec<(Yaku, u32)>>,
    /// How many yakuman (a double shape counts two when the config says so).
    pub yakuman: u32,
    /// Dora counted (0 with a yakuman).
    pub dora: u32,
    /// Ura-dora counted.
    pub ura: u32,
    /// Red fives counted.
    pub red: u32,
    /// Extracted Norths counted (three players; 0 with a yakuman).
    pub nukidora: u32,
    /// The limit.
    pub limit: RefLimit,
    /// Base points.
    pub base: u32,
    /// Ron: what the discarder pays.
    pub ron: u32,
    /// Non-dealer tsumo: what the dealer pays.
    pub dealer: u32,
    /// Tsumo: what each non-dealer pays.
    pub non_dealer: u32,
    /// Everything the winner receives for the hand (honba in, sticks apart).
    pub total: u32,
    /// The riichi sticks collected.
    pub sticks: u32,
}

impl RefValue {
    /// Whether `yaku` is among the yaku.
    pub fn has(&self, yaku: Yaku) -> bool {
        self.yaku.iter().any(|&(y, _)| y == yaku)
    }

    /// The limit's name as the CLI prints it (`mangan`, `double yakuman`, …), `None` below mangan.
    pub fn limit_name(&self) -> Option<&'static str> {
        Some(match self.limit {
            RefLimit::None => return None,
            RefLimit::Mangan => "mangan",
            RefLimit::Haneman => "haneman",
            RefLimit::Baiman => "baiman",
            RefLimit::Sanbaiman => "sanbaiman",
            RefLimit::KazoeYakuman => "kazoe yakuman",
            RefLimit::Yakuman => match self.yakuman {
                1 => "yakuman",
                2 => "double yakuman",
                3 => "triple yakuman",
                4 => "quadruple yakuman",
                5 => "quintuple yakuman",
                _ => "sextuple yakuman",
            },
        })
    }
}

// ---------------------------------------------------------------------------------------------
// Tiles as kinds 0..34: 1m..9m 1p..9p 1s..9s, then E S W N, white green red.

fn is_honor(k: usize) -> bool {
    k >= 27
}

fn is_terminal(k: usize) -> bool {
    k < 27 && matches!(k % 9, 0 | 8)
}

fn is_orphan(k: usize) -> bool {
    is_honor(k) || is_terminal(k)
}

fn is_dragon(k: usize) -> bool {
    (31..34).contains(&k)
}

fn is_wind(k: usize) -> bool {
    (27..31).contains(&k)
}

fn suit(k: usize) -> Option<usize> {
    (k < 27).then_some(k / 9)
}

fn is_green(k: usize) -> bool {
    // 2s 3s 4s 6s 8s and the green dragon.
    matches!(k, 19 | 20 | 21 | 23 | 25 | 32)
}

/// The dora a shown indicator points at (three players: no 2m–8m, so `1m` points at `9m`).
fn dora_of(indicator: usize, three_player: bool) -> usize {
    match indicator {
        0 if three_player => 8,
        k if k < 27 => k / 9 * 9 + (k % 9 + 1) % 9,
        k if k < 31 => 27 + (k - 27 + 1) % 4,
        k => 31 + (k - 31 + 1) % 3,
    }
}

/// The han of a regular yaku, closed or open (0: does not count open), written from the rules'
/// list.
fn yaku_han(y: Yaku, open: bool) -> u32 {
    use Yaku::*;
    let (closed, opened) = match y {
        Riichi | Ippatsu | MenzenTsumo | Pinfu | Iipeikou => (1, 0),
        DoubleRiichi | Chiitoitsu => (2, 0),
        Ryanpeikou => (3, 0),
        Tanyao | SeatWind | RoundWind | Haku | Hatsu | Chun | Haitei | Houtei | Rinshan | Chankan => (1, 1),
        SanshokuDoujun | Ittsu | Chanta => (2, 1),
        SanshokuDoukou | Toitoi | Sanankou | Sankantsu | Shousangen | Honroutou => (2, 2),
        Junchan | Honitsu => (3, 2),
        Chinitsu => (6, 5),
        _ => (0, 0),
    };
    if open { opened } else { closed }
}

/// How many yakuman a yakuman is worth under `config`.
fn yakuman_worth(y: Yaku, config: &Config) -> u32 {
    match y {
        Yaku::Kokushi13 if config.double_kokushi_13 => 2,
        Yaku::SuuankouTanki if config.double_suuankou_tanki => 2,
        Yaku::JunseiChuuren if config.double_junsei_chuuren => 2,
        Yaku::Daisuushii if config.double_daisuushii => 2,
        _ => 1,
    }
}

// ---------------------------------------------------------------------------------------------
// Readings.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shape {
    Run,
    Triplet,
    Kan,
}

/// A set: its shape, its lowest kind, whether it counts as concealed (a triplet or kan made in
/// hand, not completed by a ron) and whether it is an open call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Set {
    shape: Shape,
    first: usize,
    concealed: bool,
    called: bool,
}

impl Set {
    fn kinds(&self) -> impl Iterator<Item = usize> + '_ {
        let step = usize::from(self.shape == Shape::Run);
        (0..3).map(move |i| self.first + i * step)
    }

    fn is_set_of_one_kind(&self) -> bool {
        self.shape != Shape::Run
    }

    fn has_orphan(&self) -> bool {
        self.kinds().any(is_orphan)
    }

    fn has_terminal(&self) -> bool {
        self.kinds().any(is_terminal)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum WaitKind {
    Ryanmen,
    Kanchan,
    Penchan,
    Tanki,
    Shanpon,
}

/// One way to read the hand.
#[derive(Debug, Clone)]
enum Reading {
    /// Four sets (called melds included) and a pair, with how the winning tile completed it.
    Regular {
        sets: Vec<Set>,
        pair: usize,
        wait: WaitKind,
    },
    /// Seven distinct pairs.
    SevenPairs,
    /// Thirteen orphans.
    Orphans,
}

/// Every split of `counts` into `need` sets (triplets and runs), each as a list of
/// `(shape, first)`, found by always using the lowest remaining kind.
fn split_sets(counts: &mut [u8; 34], need: usize, acc: &mut Vec<(Shape, usize)>, out: &mut Vec<Vec<(Shape, usize)>>) {
    let Some(k) = counts.iter().position(|&c| c > 0) else {
        if need == 0 {
            out.push(acc.clone());
        }
        return;
    };
    if need == 0 {
        return;
    }
    if counts[k] >= 3 {
        counts[k] -= 3;
        acc.push((Shape::Triplet, k));
        split_sets(counts, need - 1, acc, out);
        acc.pop();
        counts[k] += 3;
    }
    if k < 27 && k % 9 <= 6 && counts[k + 1] > 0 && counts[k + 2] > 0 {
        for d in 0..3 {
            counts[k + d] -= 1;
        }
        acc.push((Shape::Run, k));
        split_sets(counts, need - 1, acc, out);
        acc.pop();
        for d in 0..3 {
            counts[k + d] += 1;
        }
    }
}

/// Every reading of the hand: the closed tiles `closed` (counts, the winning tile in), the
/// melds as sets, the winning kind and whether it was a ron.
fn readings(closed: &[u8; 34], melds: &[Set], winning: usize, tsumo: bool) -> Vec<Reading> {
    let mut out = Vec::new();
    let total: u32 = closed.iter().map(|&c| u32::from(c)).sum();
    if closed[winning] == 0 || total as usize + 3 * melds.len() != 14 {
        return out;
    }
    let need = 4 - melds.len();
    for pair in 0..34 {
        if closed[pair] < 2 {
            continue;
        }
        let mut rest = *closed;
        rest[pair] -= 2;
        let mut splits = Vec::new();
        split_sets(&mut rest, need, &mut Vec::new(), &mut splits);
        for split in splits {
            let base: Vec<Set> = split
                .iter()
                .map(|&(shape, first)| Set {
                    shape,
                    first,
                    concealed: true,
                    called: false,
                })
                .chain(melds.iter().copied())
                .collect();
            // The winning tile as the pair.
            if pair == winning {
                out.push(Reading::Regular {
                    sets: base.clone(),
                    pair,
                    wait: WaitKind::Tanki,
                });
            }
            // The winning tile in one of the closed sets.
            for i in 0..split.len() {
                let (shape, first) = split[i];
                let mut sets = base.clone();
                let wait = match shape {
                    Shape::Triplet if first == winning => {
                        sets[i].concealed = tsumo;
                        WaitKind::Shanpon
                    }
                    Shape::Run if winning == first + 1 => WaitKind::Kanchan,
                    Shape::Run if winning == first => {
                        if first % 9 == 6 {
                            WaitKind::Penchan
                        } else {
                            WaitKind::Ryanmen
                        }
                    }
                    Shape::Run if winning == first + 2 => {
                        if first % 9 == 0 {
                            WaitKind::Penchan
                        } else {
                            WaitKind::Ryanmen
                        }
                    }
                    _ => continue,
                };
                out.push(Reading::Regular { sets, pair, wait });
            }
        }
    }
    if melds.is_empty() {
        if closed.iter().filter(|&&c| c == 2).count() == 7 {
            out.push(Reading::SevenPairs);
        }
        let orphans = (0..34).filter(|&k| is_orphan(k));
        if orphans.clone().all(|k| closed[k] >= 1) && orphans.map(|k| u32::from(closed[k])).sum::<u32>() == 14 {
            out.push(Reading::Orphans);
        }
    }
    out
}

// ---------------------------------------------------------------------------------------------
// Valuing one reading.

/// The facts of the hand every reading shares.
struct Hand<'a> {
    win: &'a Win,
    config: &'a Config,
    /// All 14+ tiles by kind (closed and melds; a kan's four).
    all: [u8; 34],
    /// The closed tiles by kind.
    closed: [u8; 34],
    winning: usize,
    open: bool,
    seat_wind: usize,
    round_wind: usize,
    dora: u32,
    ura: u32,
    red: u32,
    /// Extracted Norths (one han each).
    nukidora: u32,
}

/// One valued reading.
struct Valued {
    yaku: Vec<(Yaku, u32)>,
    yakuman: u32,
    han: u32,
    fu: u32,
    raw_fu: u32,
    limit: RefLimit,
    base: u32,
}

impl Hand<'_> {
    /// The regular yaku of a reading (before deciding whether a yakuman replaces them).
    fn regular_yaku(&self, reading: &Reading, pinfu: bool) -> Vec<Yaku> {
        let w = self.win;
        let mut y = Vec::new();
        match w.riichi {
            Riichi::Riichi => y.push(Yaku::Riichi),
            Riichi::Double => y.push(Yaku::DoubleRiichi),
            Riichi::None => {}
        }
        if w.ippatsu {
            y.push(Yaku::Ippatsu);
        }
        if w.tsumo && !self.open {
            y.push(Yaku::MenzenTsumo);
        }
        if w.haitei {
            y.push(Yaku::Haitei);
        }
        if w.houtei {
            y.push(Yaku::Houtei);
        }
        if w.rinshan {
            y.push(Yaku::Rinshan);
        }
        if w.chankan {
            y.push(Yaku::Chankan);
        }
        let kinds = || (0..34).filter(|&k| self.all[k] > 0);
        if kinds().all(|k| !is_orphan(k)) && (!self.open || self.config.open_tanyao) {
            y.push(Yaku::Tanyao);
        }
        if kinds().all(is_orphan) {
            y.push(Yaku::Honroutou);
        }
        let suits: Vec<usize> = {
            let mut s: Vec<usize> = kinds().filter_map(suit).collect();
            s.dedup();
            s
        };
        if suits.len() == 1 {
            if kinds().any(is_honor) {
                y.push(Yaku::Honitsu);
            } else {
                y.push(Yaku::Chinitsu);
            }
        }
        match reading {
            Reading::SevenPairs => y.push(Yaku::Chiitoitsu),
            Reading::Orphans => {}
            Reading::Regular { sets, pair, .. } => {
                let pair = *pair;
                if pinfu {
                    y.push(Yaku::Pinfu);
                }
                // Identical runs (closed hands only: an open hand has no peikou).
                if !self.open {
                    let mut runs: Vec<usize> = sets.iter().filter(|s| s.shape == Shape::Run).map(|s| s.first).collect();
                    runs.sort_unstable();
                    let mut pairs = 0;
                    let mut i = 0;
                    while i + 1 < runs.len() {
                        if runs[i] == runs[i + 1] {
                            pairs += 1;
                            i += 2;
                        } else {
                            i += 1;
                        }
                    }
                    if pairs >= 2 {
                        y.push(Yaku::Ryanpeikou);
                    } else if pairs == 1 {
                        y.push(Yaku::Iipeikou);
                    }
                }
                let of_kind = |k: usize| sets.iter().any(|s| s.is_set_of_one_kind() && s.first == k);
                if of_kind(self.seat_wind) {
                    y.push(Yaku::SeatWind);
                }
                if of_kind(self.round_wind) {
                    y.push(Yaku::RoundWind);
                }
                for (k, yk) in [(31, Yaku::Haku), (32, Yaku::Hatsu), (33, Yaku::Chun)] {
                    if of_kind(k) {
                        y.push(yk);
                    }
                }
                let run_at = |k: usize| sets.iter().any(|s| s.shape == Shape::Run && s.first == k);
                if (0..7).any(|n| run_at(n) && run_at(9 + n) && run_at(18 + n)) {
                    y.push(Yaku::SanshokuDoujun);
                }
                if (0..9).any(|n| of_kind(n) && of_kind(9 + n) && of_kind(18 + n)) {
                    y.push(Yaku::SanshokuDoukou);
                }
                if (0..3).any(|s| run_at(9 * s) && run_at(9 * s + 3) && run_at(9 * s + 6)) {
                    y.push(Yaku::Ittsu);
                }
                let any_run = sets.iter().any(|s| s.shape == Shape::Run);
                if any_run && sets.iter().all(Set::has_orphan) && is_orphan(pair) {
                    let honors = sets.iter().any(|s| is_honor(s.first)) || is_honor(pair);
                    if honors {
                        y.push(Yaku::Chanta);
                    } else if sets.iter().all(Set::has_terminal) && is_terminal(pair) {
                        y.push(Yaku::Junchan);
                    }
                }
                if sets.iter().all(Set::is_set_of_one_kind) {
                    y.push(Yaku::Toitoi);
                }
                let concealed = sets.iter().filter(|s| s.is_set_of_one_kind() && s.concealed).count();
                if concealed == 3 {
                    y.push(Yaku::Sanankou);
                }
                if sets.iter().filter(|s| s.shape == Shape::Kan).count() == 3 {
                    y.push(Yaku::Sankantsu);
                }
                let dragon_sets = sets
                    .iter()
                    .filter(|s| s.is_set_of_one_kind() && is_dragon(s.first))
                    .count();
                if dragon_sets == 2 && is_dragon(pair) {
                    y.push(Yaku::Shousangen);
                }
            }
        }
        y
    }

    fn yakuman(&self, reading: &Reading) -> Vec<Yaku> {
        let w = self.win;
        let mut y = Vec::new();
        if w.tenhou {
            y.push(Yaku::Tenhou);
        }
        if w.chiihou {
            y.push(Yaku::Chiihou);
        }
        let kinds = || (0..34).filter(|&k| self.all[k] > 0);
        if kinds().all(is_honor) {
            y.push(Yaku::Tsuuiisou);
        }
        if kinds().all(is_terminal) {
            y.push(Yaku::Chinroutou);
        }
        if kinds().all(is_green) {
            y.push(Yaku::Ryuuiisou);
        }
        if self.win.melds.is_empty() {
            for s in 0..3 {
                let c = &self.closed[9 * s..9 * s + 9];
                if c.iter().map(|&n| u32::from(n)).sum::<u32>() != 14 {
                    continue;
                }
                let gates = [3u8, 1, 1, 1, 1, 1, 1, 1, 3];
                if c.iter().zip(gates).all(|(&n, g)| n >= g) {
                    let extra = (0..9).find(|&i| c[i] > gates[i]);
                    if extra.map(|i| 9 * s + i) == Some(self.winning) {
                        y.push(Yaku::JunseiChuuren);
                    } else {
                        y.push(Yaku::Chuuren);
                    }
                }
            }
        }
        match reading {
            Reading::Orphans => {
                if self.closed[self.winning] == 2 {
                    y.push(Yaku::Kokushi13);
                } else {
                    y.push(Yaku::Kokushi);
                }
            }
            Reading::SevenPairs => {}
            Reading::Regular { sets, pair, wait } => {
                let concealed = sets.iter().filter(|s| s.is_set_of_one_kind() && s.concealed).count();
                if concealed == 4 {
                    y.push(if *wait == WaitKind::Tanki {
                        Yaku::SuuankouTanki
                    } else {
                        Yaku::Suuankou
                    });
                }
                let of = |f: fn(usize) -> bool| sets.iter().filter(|s| s.is_set_of_one_kind() && f(s.first)).count();
                if of(is_dragon) == 3 {
                    y.push(Yaku::Daisangen);
                }
                if of(is_wind) == 4 {
                    y.push(Yaku::Daisuushii);
                } else if of(is_wind) == 3 && is_wind(*pair) {
                    y.push(Yaku::Shousuushii);
                }
                if sets.iter().filter(|s| s.shape == Shape::Kan).count() == 4 {
                    y.push(Yaku::Suukantsu);
                }
            }
        }
        y
    }

    /// Fu of a reading, before rounding, and whether it has the pinfu shape.
    fn fu(&self, reading: &Reading) -> (u32, bool) {
        match reading {
            Reading::SevenPairs => (25, false),
            Reading::Orphans => (0, false),
            Reading::Regular { sets, pair, wait } => {
                let mut fu = 20;
                if !self.open && !self.win.tsumo {
                    fu += 10;
                }
                for s in sets {
                    if s.shape == Shape::Run {
                        continue;
                    }
                    let mut f = 2;
                    if is_orphan(s.first) {
                        f *= 2;
                    }
                    if s.concealed {
                        f *= 2;
                    }
                    if s.shape == Shape::Kan {
                        f *= 4;
                    }
                    fu += f;
                }
                let pair = *pair;
                let pair_fu = if is_dragon(pair) {
                    2
                } else if pair == self.seat_wind && pair == self.round_wind {
                    u32::from(self.config.double_wind_pair_fu)
                } else if pair == self.seat_wind || pair == self.round_wind {
                    2
                } else {
                    0
                };
                fu += pair_fu;
                if matches!(wait, WaitKind::Kanchan | WaitKind::Penchan | WaitKind::Tanki) {
                    fu += 2;
                }
                let pinfu = !self.open
                    && sets.iter().all(|s| s.shape == Shape::Run)
                    && pair_fu == 0
                    && *wait == WaitKind::Ryanmen;
                if self.win.tsumo && !pinfu {
                    fu += 2;
                }
                if self.open && fu == 20 {
                    fu = 30;
                }
                (fu, pinfu)
            }
        }
    }

    /// Values one reading; `None` when it has no yaku.
    fn value(&self, reading: &Reading) -> Option<Valued> {
        let (raw_fu, pinfu) = self.fu(reading);
        let fu = match raw_fu {
            25 => 25,
            f => f.div_ceil(10) * 10,
        };
        let mut yakuman: Vec<Yaku> = self.yakuman(reading);
        if !yakuman.is_empty() {
            if !self.config.composite_yakuman {
                // Only the largest counts (the first of the largest, in code order).
                yakuman.sort();
                let best = yakuman
                    .iter()
                    .copied()
                    .max_by_key(|&y| (yakuman_worth(y, self.config), std::cmp::Reverse(y)))?;
                yakuman = vec![best];
            }
            let mut list: Vec<(Yaku, u32)> = yakuman
                .iter()
                .map(|&y| (y, 13 * yakuman_worth(y, self.config)))
                .collect();
            list.sort();
            let count: u32 = yakuman.iter().map(|&y| yakuman_worth(y, self.config)).sum();
            return Some(Valued {
                yaku: list,
                yakuman: count,
                han: 13 * count,
                fu,
                raw_fu,
                limit: RefLimit::Yakuman,
                base: 8000 * count,
            });
        }
        let mut list: Vec<(Yaku, u32)> = self
            .regular_yaku(reading, pinfu)
            .into_iter()
            .map(|y| (y, yaku_han(y, self.open)))
            .filter(|&(_, h)| h > 0)
            .collect();
        // Upgrades replace their lesser form.
        let has = |l: &[(Yaku, u32)], y: Yaku| l.iter().any(|&(x, _)| x == y);
        if has(&list, Yaku::Chinitsu) {
            list.retain(|&(y, _)| y != Yaku::Honitsu);
        }
        if has(&list, Yaku::Ryanpeikou) {
            list.retain(|&(y, _)| y != Yaku::Iipeikou);
        }
        if list.is_empty() {
            return None;
        }
        list.sort();
        let han: u32 = list.iter().map(|&(_, h)| h).sum::<u32>() + self.dora + self.ura + self.red + self.nukidora;
        let (limit, base) = match han {
            0..=4 => {
                let base = fu << (2 + han);
                let kiriage = self.config.kiriage && ((han == 4 && fu == 30) || (han == 3 && fu == 60));
                if base >= 2000 || kiriage {
                    (RefLimit::Mangan, 2000)
                } else {
                    (RefLimit::None, base)
                }
            }
            5 => (RefLimit::Mangan, 2000),
            6 | 7 => (RefLimit::Haneman, 3000),
            8..=10 => (RefLimit::Baiman, 4000),
            11 | 12 => (RefLimit::Sanbaiman, 6000),
            _ if self.config.kazoe == Kazoe::Sanbaiman => (RefLimit::Sanbaiman, 6000),
            _ => (RefLimit::KazoeYakuman, 8000),
        };
        Some(Valued {
            yaku: list,
            yakuman: 0,
            han,
            fu,
            raw_fu,
            limit,
            base,
        })
    }
}

/// Values the winning hand `win` under `config`: every reading, the one that pays most.
///
/// Impossible input is [`RefError::Invalid`] (checked first); a hand that cannot be read is
/// [`RefError::NotComplete`], one whose readings all lack a yaku [`RefError::NoYaku`].
pub fn value(win: &Win, config: &Config) -> Result<RefValue, RefError> {
    check_input(win, config)?;
    let mut all = [0u8; 34];
    let mut closed = [0u8; 34];
    let mut red = 0;
    for p in win.closed.as_slice() {
        closed[p.tile().index()] += 1;
        all[p.tile().index()] += 1;
        red += u32::from(p.is_red());
    }
    let mut melds = Vec::new();
    for m in win.melds.as_slice() {
        for p in m.tiles() {
            all[p.tile().index()] += 1;
            red += u32::from(p.is_red());
        }
        let first = m.tiles().iter().map(|p| p.tile().index()).min().unwrap_or(0);
        melds.push(Set {
            shape: match m.kind() {
                MeldKind::Chii => Shape::Run,
                MeldKind::Pon => Shape::Triplet,
                MeldKind::Minkan | MeldKind::Shouminkan | MeldKind::Ankan => Shape::Kan,
            },
            first,
            concealed: m.kind() == MeldKind::Ankan,
            called: m.kind() != MeldKind::Ankan,
        });
    }
    let open = melds.iter().any(|s| s.called);
    let winning = win.winning.tile().index();
    let count_dora = |indicators: &[parlor_core::mahjong::score::Piece]| -> u32 {
        indicators
            .iter()
            .map(|p| {
                let kind = dora_of(p.tile().index(), config.three_player);
                // Extracted Norths are dora targets too.
                u32::from(all[kind]) + if kind == 30 { u32::from(win.nukidora) } else { 0 }
            })
            .sum()
    };
    let dora_shown = if config.kan_dora {
        win.dora.as_slice()
    } else {
        &win.dora.as_slice()[..win.dora.len().min(1)]
    };
    let ura_shown = if config.ura_dora && win.riichi != Riichi::None {
        if config.kan_dora {
            win.ura.as_slice()
        } else {
            &win.ura.as_slice()[..win.ura.len().min(1)]
        }
    } else {
        &[]
    };
    let hand = Hand {
        win,
        config,
        all,
        closed,
        winning,
        open,
        seat_wind: 27 + usize::from(win.seat.code()),
        round_wind: 27 + usize::from(win.round.code()),
        dora: count_dora(dora_shown),
        ura: count_dora(ura_shown),
        red: if config.red_fives { red } else { 0 },
        nukidora: u32::from(win.nukidora),
    };
    let list = readings(&closed, &melds, winning, win.tsumo);
    if list.is_empty() {
        return Err(RefError::NotComplete);
    }
    let up = |x: u32| x.div_ceil(100) * 100;
    let honba = u32::from(win.honba);
    let dealer = win.seat.code() == 0;
    // The order of readings: points to the winner, a real yakuman, han, fu, fu before rounding.
    type Key = (u32, bool, u32, u32, u32);
    let mut best: Option<(Key, RefValue)> = None;
    for reading in &list {
        let Some(v) = hand.value(reading) else { continue };
        // Three players: two payers; the missing seat's tsumo share is not paid (tsumo-zon), a
        // honba is 100 from each payer (200 on a ron).
        let payers = if config.three_player { 2 } else { 3 };
        let (ron, from_dealer, from_other, total) = if !win.tsumo {
            let ron = up(v.base * if dealer { 6 } else { 4 }) + 100 * payers * honba;
            (ron, 0, 0, ron)
        } else if dealer {
            let each = up(2 * v.base) + 100 * honba;
            (0, 0, each, payers * each)
        } else {
            let d = up(2 * v.base) + 100 * honba;
            let o = up(v.base) + 100 * honba;
            (0, d, o, d + (payers - 1) * o)
        };
        let key = (total, v.yakuman > 0, v.han, v.fu, v.raw_fu);
        let (dora, ura, red, nukidora) = if v.yakuman > 0 {
            (0, 0, 0, 0)
        } else {
            (hand.dora, hand.ura, hand.red, hand.nukidora)
        };
        let candidate = RefValue {
            han: v.han,
            fu: v.fu,
            raw_fu: v.raw_fu,
            ties: vec![v.yaku.clone()],
            yaku: v.yaku,
            yakuman: v.yakuman,
            dora,
            ura,
            red,
            nukidora,
            limit: v.limit,
            base: v.base,
            ron,
            dealer: from_dealer,
            non_dealer: from_other,
            total,
            sticks: 1000 * u32::from(win.riichi_sticks),
        };
        match &mut best {
            Some((k, b)) if *k == key => {
                if !b.ties.contains(&candidate.yaku) {
                    b.ties.push(candidate.yaku);
                }
            }
            Some((k, _)) if *k > key => {}
            _ => best = Some((key, candidate)),
        }
    }
    best.map(|(_, v)| v).ok_or(RefError::NoYaku)
}
