//! Riichi hand value: a generator of valid winning hands (every shape, melds, flags, dora, red
//! fives), their PyPI `mahjong` form (136-tile ids, JSON for `tests/python/mahjong_score.py`) and
//! the fuzz checker `score` (never a panic; a typed error for impossible input; the payments
//! recomputed from han and fu by the rules; the value independent of the tile order).

use arbitrary::Arbitrary;
use parlor_core::mahjong::Tile;
use parlor_core::mahjong::score::{
    CalledMeld, Config, Error, FuKind, HandValue, Kazoe, Limit, List, MeldKind, Piece, Riichi, Win, Wind, Yaku, score,
};

use crate::reference::mahjong_score::{self as reference, RefError, RefLimit, RefValue};

/// A source of choices: `pick(n)` is a value in `0..n` (`n > 0`).
pub trait Choices {
    /// A value in `0..n`.
    fn pick(&mut self, n: u32) -> u32;
    /// `true` with probability about `1 / n`.
    fn one_in(&mut self, n: u32) -> bool {
        self.pick(n) == 0
    }
}

impl Choices for crate::fuzzing::SplitMix64 {
    fn pick(&mut self, n: u32) -> u32 {
        (self.next() % u64::from(n.max(1))) as u32
    }
}

/// Choices read from bytes, then from a generator seeded by them once they run out: how fuzz
/// inputs drive the generator (which retries until a hand fits, so it must not see zeros forever).
pub struct Bytes<'a>(pub &'a [u8], pub crate::fuzzing::SplitMix64);

impl<'a> Bytes<'a> {
    /// Choices from `data`.
    pub fn new(data: &'a [u8]) -> Bytes<'a> {
        let seed = data.iter().fold(0x9e37u64, |h, &b| h.rotate_left(7) ^ u64::from(b));
        Bytes(data, crate::fuzzing::SplitMix64(seed))
    }
}

impl Choices for Bytes<'_> {
    fn pick(&mut self, n: u32) -> u32 {
        match self.0.split_first() {
            Some((&b, rest)) => {
                self.0 = rest;
                u32::from(b) % n.max(1)
            }
            None => self.1.pick(n),
        }
    }
}

fn tile(i: u32) -> Tile {
    Tile::new(i as u8).unwrap()
}

fn is_five(t: Tile) -> bool {
    t.index() < 27 && t.number() == 5
}

/// Builds a valid winning hand (complete, at most four copies counting indicators, at most one
/// red five per suit, consistent flags). Whether it has a yaku is left to chance (no-yaku hands
/// are part of the test).
pub fn generate(c: &mut impl Choices) -> Win {
    loop {
        if let Some(win) = try_generate(c) {
            return win;
        }
    }
}

fn try_generate(c: &mut impl Choices) -> Option<Win> {
    let mut used = [0u8; 34];
    let take = |used: &mut [u8; 34], t: Tile, n: u8| -> bool {
        if used[t.index()] + n <= 4 {
            used[t.index()] += n;
            true
        } else {
            false
        }
    };
    // Kinds to draw from: everything, one suit + honors, honors-heavy, or terminals-heavy.
    let palette: Vec<Tile> = match c.pick(8) {
        0 | 1 => {
            let s = c.pick(3) * 9;
            (s..s + 9).chain(27..34).map(tile).collect()
        }
        2 => {
            let s = c.pick(3) * 9;
            (s..s + 9).map(tile).collect()
        }
        3 => (0..34).map(tile).filter(|t| t.is_orphan()).collect(),
        4 => (18..27).map(tile).chain([tile(32)]).collect(),
        _ => (0..34).map(tile).collect(),
    };
    let any = |c: &mut dyn FnMut(u32) -> u32| palette[c(palette.len() as u32) as usize];
    let mut closed: Vec<Piece> = Vec::new();
    let mut melds: Vec<(MeldKind, Tile)> = Vec::new();
    let shape = c.pick(24);
    if shape == 0 {
        // Seven pairs.
        let mut kinds = Vec::new();
        for _ in 0..60 {
            let t = any(&mut |n| c.pick(n));
            if !kinds.contains(&t) && take(&mut used, t, 2) {
                kinds.push(t);
            }
            if kinds.len() == 7 {
                break;
            }
        }
        if kinds.len() < 7 {
            return None;
        }
        for t in kinds {
            closed.extend([Piece::plain(t); 2]);
        }
    } else if shape == 1 {
        // Thirteen orphans.
        let orphans: Vec<Tile> = (0..34).map(tile).filter(|t| t.is_orphan()).collect();
        for &t in &orphans {
            take(&mut used, t, 1);
            closed.push(Piece::plain(t));
        }
        let extra = orphans[c.pick(13) as usize];
        take(&mut used, extra, 1);
        closed.push(Piece::plain(extra));
    } else {
        let n_melds = if c.one_in(3) { 0 } else { c.pick(5) as usize };
        for i in 0..4 {
            let mut placed = false;
            for _ in 0..30 {
                let t = any(&mut |n| c.pick(n));
                let run = t.index() < 27 && t.number() <= 7 && !c.one_in(3);
                if run {
                    let (b, d) = (tile(t.index() as u32 + 1), tile(t.index() as u32 + 2));
                    if used[t.index()] < 4 && used[b.index()] < 4 && used[d.index()] < 4 {
                        for x in [t, b, d] {
                            take(&mut used, x, 1);
                        }
                        if i < n_melds {
                            melds.push((MeldKind::Chii, t));
                        } else {
                            closed.extend([t, b, d].map(Piece::plain));
                        }
                        placed = true;
                        break;
                    }
                } else {
                    let kind = if i < n_melds {
                        [
                            MeldKind::Pon,
                            MeldKind::Pon,
                            MeldKind::Minkan,
                            MeldKind::Shouminkan,
                            MeldKind::Ankan,
                        ][c.pick(5) as usize]
                    } else if c.one_in(12) {
                        MeldKind::Ankan
                    } else {
                        MeldKind::Chii // marker: a closed triplet
                    };
                    let n = if kind.is_kan() { 4 } else { 3 };
                    if take(&mut used, t, n) {
                        if kind == MeldKind::Chii {
                            closed.extend([Piece::plain(t); 3]);
                        } else {
                            melds.push((kind, t));
                        }
                        placed = true;
                        break;
                    }
                }
            }
            if !placed {
                return None;
            }
        }
        let mut pair = None;
        for _ in 0..30 {
            let t = any(&mut |n| c.pick(n));
            if take(&mut used, t, 2) {
                pair = Some(t);
                break;
            }
        }
        closed.extend([Piece::plain(pair?); 2]);
    }
    // Red fives: a suit whose four fives are all used must show its red one; otherwise maybe.
    let mut meld_pieces: Vec<Vec<Piece>> = melds
        .iter()
        .map(|&(kind, t)| {
            if kind == MeldKind::Chii {
                (0..3).map(|d| Piece::plain(tile(t.index() as u32 + d))).collect()
            } else {
                vec![Piece::plain(t); kind.tiles()]
            }
        })
        .collect();
    for suit in 0..3u32 {
        let five = tile(suit * 9 + 4);
        if used[five.index()] == 0 || (used[five.index()] < 4 && c.one_in(2)) {
            continue;
        }
        let mut spots: Vec<&mut Piece> = closed
            .iter_mut()
            .chain(meld_pieces.iter_mut().flatten())
            .filter(|p| p.tile() == five)
            .collect();
        let k = c.pick(spots.len() as u32) as usize;
        *spots[k] = Piece::new(five, true).unwrap();
    }
    let mut win = Win {
        seat: Wind::ALL[c.pick(4) as usize],
        round: Wind::ALL[c.pick(4) as usize],
        ..Win::default()
    };
    for ((kind, _), pieces) in melds.iter().zip(&meld_pieces) {
        let from = match kind {
            MeldKind::Ankan => None,
            MeldKind::Chii => c.one_in(2).then(|| win.seat.previous()),
            _ if c.one_in(2) => Some(Wind::ALL[(win.seat.code() as usize + 1 + c.pick(3) as usize) % 4]),
            _ => None,
        };
        win.melds
            .push(CalledMeld::new(*kind, pieces, None, from).unwrap())
            .unwrap();
    }
    // Shuffle the closed tiles (the order must not matter).
    for i in (1..closed.len()).rev() {
        let j = c.pick(i as u32 + 1) as usize;
        closed.swap(i, j);
    }
    win.winning = closed[c.pick(closed.len() as u32) as usize];
    win.closed = List::from_slice(&closed).unwrap();
    let open = melds.iter().any(|(k, _)| k.is_open());
    let kans = melds.iter().filter(|(k, _)| k.is_kan()).count() as u32;
    win.tsumo = c.one_in(2);
    if !open && !c.one_in(3) {
        win.riichi = if c.one_in(6) { Riichi::Double } else { Riichi::Riichi };
        win.ippatsu = c.one_in(4);
    }
    win.rinshan = win.tsumo && kans > 0 && c.one_in(3);
    win.haitei = win.tsumo && !win.rinshan && c.one_in(12);
    win.houtei = !win.tsumo && c.one_in(12);
    win.chankan = !win.tsumo && !win.houtei && c.one_in(12);
    if melds.is_empty() && c.one_in(20) {
        win.tsumo = true;
        win.riichi = Riichi::None;
        (win.ippatsu, win.rinshan, win.haitei, win.houtei, win.chankan) = (false, false, false, false, false);
        if win.dealer() {
            win.tenhou = true;
        } else {
            win.chiihou = true;
        }
    }
    // Indicators: one plus a kan dora per kan, maybe; ura as many, for riichi hands.
    let n_dora = 1 + c.pick(kans + 1);
    let indicator = |c: &mut dyn FnMut(u32) -> u32, used: &mut [u8; 34]| -> Option<Piece> {
        for _ in 0..20 {
            let t = tile(c(34));
            if used[t.index()] < 4 {
                used[t.index()] += 1;
                return Some(Piece::plain(t));
            }
        }
        None
    };
    for _ in 0..n_dora {
        win.dora.push(indicator(&mut |n| c.pick(n), &mut used)?).unwrap();
    }
    if win.riichi != Riichi::None && c.one_in(2) {
        for _ in 0..n_dora {
            win.ura.push(indicator(&mut |n| c.pick(n), &mut used)?).unwrap();
        }
    }
    // A plain five indicator where the red five is still unused could be the red one: leave it.
    win.honba = c.pick(4) as u16;
    win.riichi_sticks = c.pick(3) as u16;
    Some(win)
}

/// The 136-form ids of a hand, as the PyPI package wants them: each copy its own id, the red
/// five copy 0 of its kind (id 16, 52, 88), plain fives copies 1–3.
pub struct Ids {
    /// Closed tiles, in order.
    pub closed: Vec<u8>,
    /// Each meld's tiles.
    pub melds: Vec<Vec<u8>>,
    /// Dora indicators.
    pub dora: Vec<u8>,
    /// Ura-dora indicators.
    pub ura: Vec<u8>,
    /// The winning tile (one of `closed`).
    pub winning: u8,
}

/// Assigns 136-form ids to every tile of `win`.
pub fn ids(win: &Win) -> Ids {
    let mut next = [0u8; 34];
    for (i, n) in next.iter_mut().enumerate() {
        if is_five(tile(i as u32)) {
            *n = 1;
        }
    }
    let mut id = |p: &Piece| -> u8 {
        let k = p.tile().index();
        if p.is_red() {
            (k * 4) as u8
        } else {
            let copy = next[k];
            next[k] += 1;
            // A fourth plain five can only be an indicator (the generator makes a hand's fourth
            // five red): physically the red copy, whose colour no indicator cares about.
            (k * 4) as u8 + if copy > 3 { 0 } else { copy }
        }
    };
    let closed: Vec<u8> = win.closed.as_slice().iter().map(&mut id).collect();
    let melds = win
        .melds
        .as_slice()
        .iter()
        .map(|m| m.tiles().iter().map(&mut id).collect())
        .collect();
    let dora = win.dora.as_slice().iter().map(&mut id).collect();
    let ura = win.ura.as_slice().iter().map(&mut id).collect();
    let at = win
        .closed
        .as_slice()
        .iter()
        .position(|p| *p == win.winning)
        .unwrap_or(0);
    Ids {
        winning: closed[at],
        closed,
        melds,
        dora,
        ura,
    }
}

fn list(ids: &[u8]) -> String {
    let items: Vec<String> = ids.iter().map(|i| i.to_string()).collect();
    format!("[{}]", items.join(","))
}

/// One JSON line for `tests/python/mahjong_score.py`: the hand, its melds, indicators, flags and
/// the package options matching `config`.
pub fn pypi_json(win: &Win, config: &Config) -> String {
    let ids = ids(win);
    let mut tiles = ids.closed.clone();
    let melds: Vec<String> = win
        .melds
        .as_slice()
        .iter()
        .zip(&ids.melds)
        .map(|(m, t)| {
            tiles.extend(t);
            let (kind, opened) = match m.kind() {
                MeldKind::Chii => ("chi", true),
                MeldKind::Pon => ("pon", true),
                MeldKind::Minkan => ("kan", true),
                MeldKind::Shouminkan => ("shouminkan", true),
                MeldKind::Ankan => ("kan", false),
            };
            format!(r#"{{"type":"{kind}","tiles":{},"opened":{opened}}}"#, list(t))
        })
        .collect();
    let b = |x: bool| if x { "true" } else { "false" };
    format!(
        concat!(
            r#"{{"tiles":{},"win":{},"melds":[{}],"dora":{},"ura":{},"tsumo":{},"riichi":{},"daburu":{},"#,
            r#""ippatsu":{},"rinshan":{},"chankan":{},"haitei":{},"houtei":{},"tenhou":{},"chiihou":{},"#,
            r#""seat":{},"round":{},"honba":{},"sticks":{},"#,
            r#""open_tanyao":{},"aka":{},"double_yakuman":{},"kazoe_sanbaiman":{},"kiriage":{},"#,
            r#""three_player":{},"nuki":{}}}"#
        ),
        list(&tiles),
        ids.winning,
        melds.join(","),
        list(&ids.dora),
        list(&ids.ura),
        b(win.tsumo),
        b(win.riichi == Riichi::Riichi),
        b(win.riichi == Riichi::Double),
        b(win.ippatsu),
        b(win.rinshan),
        b(win.chankan),
        b(win.haitei),
        b(win.houtei),
        b(win.tenhou),
        b(win.chiihou),
        27 + win.seat.code(),
        27 + win.round.code(),
        win.honba,
        win.riichi_sticks,
        b(config.open_tanyao),
        b(config.red_fives),
        b(config.double_kokushi_13),
        b(config.kazoe == Kazoe::Sanbaiman),
        b(config.kiriage),
        b(config.three_player),
        win.nukidora,
    )
}

/// The base points of `han` / `fu` by the rules, written apart from the core: the limits by han,
/// mangan from 2000 base points, kiriage.
pub fn naive_base(value: &HandValue, config: &Config) -> u32 {
    if value.yakuman() > 0 {
        return 8000 * u32::from(value.yakuman());
    }
    let han = u32::from(value.han());
    match han {
        0..=4 => {
            let base = u32::from(value.fu()) * (1 << (2 + han));
            let kiriage = config.kiriage && ((han == 4 && value.fu() == 30) || (han == 3 && value.fu() == 60));
            if base > 2000 || kiriage { 2000 } else { base }
        }
        5 => 2000,
        6 | 7 => 3000,
        8..=10 => 4000,
        11 | 12 => 6000,
        _ if config.kazoe == Kazoe::Sanbaiman => 6000,
        _ => 8000,
    }
}

/// Checks one valued hand against the rules' arithmetic: han is the yaku plus dora, fu the items
/// rounded, the base and every payment from han and fu.
pub fn check_value(win: &Win, config: &Config, v: &HandValue) {
    let up = |x: u32| x.div_ceil(100) * 100;
    assert!(v.han() >= 1, "{v:?}");
    let yaku_han: u32 = v.yaku().iter().map(|y| u32::from(y.han)).sum();
    if v.yakuman() > 0 {
        assert!(v.yaku().iter().all(|y| y.yaku.is_yakuman()), "{v:?}");
        assert_eq!(yaku_han, u32::from(v.han()), "the listed yakuman add up: {v:?}");
        assert_eq!(u32::from(v.han()), 13 * u32::from(v.yakuman()), "{v:?}");
        assert_eq!(v.limit(), Limit::Yakuman);
    } else {
        assert!(v.yaku().iter().all(|y| !y.yaku.is_yakuman() && y.han > 0), "{v:?}");
        assert_eq!(
            u32::from(v.han()),
            yaku_han + u32::from(v.dora() + v.ura() + v.red() + v.nukidora()),
            "{v:?}"
        );
        let raw: u32 = v.fu_items().iter().map(|i| u32::from(i.fu)).sum();
        assert_eq!(raw, u32::from(v.raw_fu()));
        let fu = if raw == 25 { 25 } else { raw.div_ceil(10) * 10 };
        assert_eq!(u32::from(v.fu()), fu, "{v:?}");
        assert!(v.fu() >= 20 && v.fu() <= 170, "{v:?}");
    }
    let mut seen = v.yaku().iter().map(|y| y.yaku).collect::<Vec<_>>();
    seen.sort();
    seen.dedup();
    assert_eq!(seen.len(), v.yaku().len(), "a yaku twice: {v:?}");
    let base = naive_base(v, config);
    assert_eq!(v.base(), base, "{v:?}");
    let honba = u32::from(win.honba);
    let p = v.payment();
    // Three players: two payers (tsumo-zon), 200 a honba on a ron.
    let (others, ron_honba) = if config.three_player { (2, 200) } else { (3, 300) };
    if !win.tsumo {
        let times = if win.dealer() { 6 } else { 4 };
        assert_eq!(p.ron, up(base * times) + ron_honba * honba);
        assert_eq!(p.total, p.ron);
    } else if win.dealer() {
        assert_eq!((p.dealer, p.non_dealer), (0, up(2 * base) + 100 * honba));
        assert_eq!(p.total, others * p.non_dealer);
    } else {
        assert_eq!(
            (p.dealer, p.non_dealer),
            (up(2 * base) + 100 * honba, up(base) + 100 * honba)
        );
        assert_eq!(p.total, p.dealer + (others - 1) * p.non_dealer);
    }
    assert_eq!(p.sticks, 1000 * u32::from(win.riichi_sticks));
}

/// The core's limit in the reference's terms.
fn limit_of(limit: Limit) -> RefLimit {
    match limit {
        Limit::None => RefLimit::None,
        Limit::Mangan => RefLimit::Mangan,
        Limit::Haneman => RefLimit::Haneman,
        Limit::Baiman => RefLimit::Baiman,
        Limit::Sanbaiman => RefLimit::Sanbaiman,
        Limit::KazoeYakuman => RefLimit::KazoeYakuman,
        Limit::Yakuman => RefLimit::Yakuman,
    }
}

/// Whether the core's value `v` is the reference's `r`: han, fu (rounded and raw), the yaku with
/// their han (one of the readings tied at the top), yakuman count, dora / ura / red counts, the
/// limit, base points and every payment. `Err` names the first difference.
pub fn same_value(v: &HandValue, r: &RefValue) -> Result<(), String> {
    let mut yaku: Vec<(Yaku, u32)> = v.yaku().iter().map(|y| (y.yaku, u32::from(y.han))).collect();
    yaku.sort();
    let p = v.payment();
    let pairs = [
        ("han", u32::from(v.han()), r.han),
        ("fu", u32::from(v.fu()), r.fu),
        ("raw fu", u32::from(v.raw_fu()), r.raw_fu),
        ("yakuman", u32::from(v.yakuman()), r.yakuman),
        ("dora", u32::from(v.dora()), r.dora),
        ("ura", u32::from(v.ura()), r.ura),
        ("red", u32::from(v.red()), r.red),
        ("nukidora", u32::from(v.nukidora()), r.nukidora),
        ("base", v.base(), r.base),
        ("ron", p.ron, r.ron),
        ("dealer pays", p.dealer, r.dealer),
        ("non-dealer pays", p.non_dealer, r.non_dealer),
        ("total", p.total, r.total),
        ("sticks", p.sticks, r.sticks),
    ];
    for (what, core, naive) in pairs {
        if core != naive {
            return Err(format!("{what}: core {core}, reference {naive}"));
        }
    }
    if limit_of(v.limit()) != r.limit {
        return Err(format!("limit: core {:?}, reference {:?}", v.limit(), r.limit));
    }
    if !r.ties.contains(&yaku) {
        return Err(format!("yaku: core {yaku:?}, reference {:?}", r.ties));
    }
    // The fu items' own checks (sum and rounding) are in `check_value`; a chiitoitsu hand has its
    // flat item.
    if v.fu() == 25 && !v.fu_items().iter().any(|i| i.kind == FuKind::Chiitoitsu) {
        return Err("25 fu without the chiitoitsu item".into());
    }
    Ok(())
}

/// The core's answer `result` for `win` against the naive reference
/// ([`crate::reference::mahjong_score`]): a value must be the reference's (see [`same_value`]),
/// `NoYaku` and `NotComplete` the reference's, and every other error (impossible input) an
/// [`RefError::Invalid`] of the reference (which fault is named first is not compared: with
/// several, each side may name another).
pub fn compare_with_reference(win: &Win, config: &Config, result: &Result<HandValue, Error>) {
    let naive = reference::value(win, config);
    match (result, &naive) {
        (Ok(v), Ok(r)) => {
            if let Err(why) = same_value(v, r) {
                panic!("core and reference differ ({why}) on {win:?} under {config:?}\ncore: {v:?}\nreference: {r:?}");
            }
        }
        (Err(Error::NoYaku), Err(RefError::NoYaku))
        | (Err(Error::NotComplete), Err(RefError::NotComplete))
        | (Err(_), Err(RefError::Invalid(_))) => {}
        _ => panic!("core and reference differ on {win:?} under {config:?}\ncore: {result:?}\nreference: {naive:?}"),
    }
}

/// A fuzz case: bytes driving the generator, or (mode bit) a raw input of arbitrary tiles,
/// melds and flags.
#[derive(Debug, Clone, Arbitrary)]
pub struct ScoreCase {
    /// Which config and whether the input is raw.
    pub mode: u8,
    /// The choices.
    pub bytes: Vec<u8>,
}

fn raw_win(c: &mut Bytes) -> Win {
    let piece = |c: &mut Bytes| Piece::from_id(c.pick(136) as u8).unwrap_or_default();
    let mut win = Win::default();
    let melds = c.pick(5);
    for _ in 0..melds {
        let kind = MeldKind::ALL[c.pick(5) as usize];
        let tiles: Vec<Piece> = (0..kind.tiles()).map(|_| piece(c)).collect();
        let from = if c.one_in(2) {
            Some(Wind::ALL[c.pick(4) as usize])
        } else {
            None
        };
        if let Ok(m) = CalledMeld::new(kind, &tiles, None, from) {
            let _ = win.melds.push(m);
        }
    }
    let n = c.pick(15);
    for _ in 0..n {
        let _ = win.closed.push(piece(c));
    }
    win.winning = if c.one_in(8) {
        piece(c)
    } else {
        win.closed.as_slice().first().copied().unwrap_or_default()
    };
    let flags = c.pick(256) | (c.pick(256) << 8);
    let bit = |i: u32| flags & (1 << i) != 0;
    win.tsumo = bit(0);
    win.riichi = [Riichi::None, Riichi::Riichi, Riichi::Double][(flags >> 1) as usize % 3];
    (win.ippatsu, win.rinshan, win.chankan, win.haitei) = (bit(3), bit(4), bit(5), bit(6));
    (win.houtei, win.tenhou, win.chiihou) = (bit(7), bit(8), bit(9));
    win.seat = Wind::ALL[c.pick(4) as usize];
    win.round = Wind::ALL[c.pick(4) as usize];
    for _ in 0..c.pick(6) {
        let _ = win.dora.push(piece(c));
    }
    for _ in 0..c.pick(6) {
        let _ = win.ura.push(piece(c));
    }
    win.honba = (c.pick(256) << 8 | c.pick(256)) as u16;
    win.riichi_sticks = (c.pick(256) << 8 | c.pick(256)) as u16;
    win
}

/// The fuzz checker: never a panic; a generated (valid) hand is valued or has no yaku; every
/// value passes [`check_value`], is the naive reference's ([`compare_with_reference`]) and does
/// not change when the closed tiles are reversed. `mode`: bit 0 raw input, `(mode >> 1) % 4` the
/// preset (three players: Norths the winner set aside drawn from the bytes too); bits 3–7 change it: kazoe capped at sanbaiman (0x08), composite yakuman off (0x10),
/// double-wind pair 2 fu (0x20), kiriage (0x40), kan dora and ura dora off (0x80).
pub fn score_case(case: ScoreCase) {
    let config = Config::PRESETS[usize::from(case.mode >> 1) % Config::PRESETS.len()].1;
    let bit = |b: u8| case.mode & b != 0;
    let config = Config {
        kiriage: bit(0x40),
        kazoe: if bit(0x08) { Kazoe::Sanbaiman } else { config.kazoe },
        composite_yakuman: config.composite_yakuman && !bit(0x10),
        double_wind_pair_fu: if bit(0x20) { 2 } else { config.double_wind_pair_fu },
        kan_dora: config.kan_dora && !bit(0x80),
        ura_dora: config.ura_dora && !bit(0x80),
        ..config
    };
    let mut c = Bytes::new(&case.bytes);
    let raw = case.mode & 1 == 1;
    let mut win = if raw { raw_win(&mut c) } else { generate(&mut c) };
    if !raw && !config.kan_dora {
        // Without kan dora only the first indicator (and its ura) is shown.
        win.dora = List::from_slice(&win.dora.as_slice()[..1]).unwrap();
        win.ura = List::from_slice(&win.ura.as_slice()[..win.ura.len().min(1)]).unwrap();
    }
    if config.three_player {
        // Norths set aside, as many as the copies left allow (raw input: any count).
        let north = |p: &Piece| p.tile() == Tile::NORTH;
        let seen = win.closed.as_slice().iter().filter(|p| north(p)).count()
            + win
                .melds
                .as_slice()
                .iter()
                .map(|m| m.tiles().iter().filter(|p| north(p)).count())
                .sum::<usize>()
            + win
                .dora
                .as_slice()
                .iter()
                .chain(win.ura.as_slice())
                .filter(|p| north(p))
                .count();
        let room = if raw { 8 } else { 4u32.saturating_sub(seen as u32) };
        win.nukidora = c.pick(room + 1) as u8;
    }
    let result = score(&win, &config);
    match &result {
        Ok(v) => check_value(&win, &config, v),
        Err(Error::NoYaku) => {}
        Err(e) => assert!(raw, "a valid generated hand was refused: {e:?} {win:?}"),
    }
    compare_with_reference(&win, &config, &result);
    let mut reversed = win;
    let mut tiles: Vec<Piece> = win.closed.as_slice().to_vec();
    tiles.reverse();
    reversed.closed = List::from_slice(&tiles).unwrap();
    // The value (or the fact of an error: with several faults, which one is named first may
    // depend on the order) does not depend on the order of the closed tiles.
    let again = score(&reversed, &config);
    match (&result, &again) {
        (Err(_), Err(_)) => {}
        _ => assert_eq!(again, result, "tile order changed the value of {win:?}"),
    }
}

/// A C ABI case: a generated hand in the 136 form (`mode` bit 0 clear) or raw bytes as the
/// `#[repr(C)]` input (every field an integer, so any bytes are a value to check).
#[derive(Debug, Clone, Arbitrary)]
pub struct FfiCase {
    /// Which config, raw or generated, and which field to disturb.
    pub mode: u8,
    /// The choices or raw bytes.
    pub bytes: Vec<u8>,
}

/// The C form of a generated hand (ids as [`ids`] assigns them).
pub fn c_win(win: &Win) -> parlor::mahjong_score::ParlorMahjongWin {
    use parlor::mahjong_score::{ParlorMahjongMeld, ParlorMahjongWin, *};
    let ids = ids(win);
    let mut c = ParlorMahjongWin::default();
    c.closed[..ids.closed.len()].copy_from_slice(&ids.closed);
    c.closed_len = ids.closed.len() as u8;
    for (i, (m, t)) in win.melds.as_slice().iter().zip(&ids.melds).enumerate() {
        let mut cm = ParlorMahjongMeld {
            kind: m.kind() as u8,
            called: PARLOR_MAHJONG_NONE,
            ..Default::default()
        };
        cm.tiles[..t.len()].copy_from_slice(t);
        cm.from = m.from().map_or(PARLOR_MAHJONG_NONE, |w| w.code());
        c.melds[i] = cm;
    }
    c.melds_len = win.melds.len() as u8;
    c.winning = ids.winning;
    c.tsumo = u8::from(win.tsumo);
    c.seat = win.seat.code();
    c.round = win.round.code();
    c.riichi = win.riichi as u8;
    let flags = [
        (win.ippatsu, PARLOR_MAHJONG_FLAG_IPPATSU),
        (win.rinshan, PARLOR_MAHJONG_FLAG_RINSHAN),
        (win.chankan, PARLOR_MAHJONG_FLAG_CHANKAN),
        (win.haitei, PARLOR_MAHJONG_FLAG_HAITEI),
        (win.houtei, PARLOR_MAHJONG_FLAG_HOUTEI),
        (win.tenhou, PARLOR_MAHJONG_FLAG_TENHOU),
        (win.chiihou, PARLOR_MAHJONG_FLAG_CHIIHOU),
    ];
    c.flags = flags.iter().filter(|(on, _)| *on).map(|(_, b)| b).sum();
    c.dora[..ids.dora.len()].copy_from_slice(&ids.dora);
    c.dora_len = ids.dora.len() as u8;
    c.ura[..ids.ura.len()].copy_from_slice(&ids.ura);
    c.ura_len = ids.ura.len() as u8;
    c.honba = win.honba;
    c.riichi_sticks = win.riichi_sticks;
    c
}

/// The FFI checker: `parlor_mahjong_score` agrees with the core on generated hands (same value,
/// field by field), and on raw inputs returns a status that is the core's error for the checked
/// input, or the core's value; nothing is written on an error.
pub fn ffi_case(case: FfiCase) {
    use parlor::mahjong_score::*;
    let preset = usize::from(case.mode >> 1) % 3;
    let mut config = ParlorMahjongConfig::default();
    // SAFETY: a valid pointer to a local.
    assert_eq!(unsafe { parlor_mahjong_config_preset(preset as u8, &mut config) }, 0);
    let core_config = Config::PRESETS[preset].1;
    let c = if case.mode & 1 == 0 {
        let win = generate(&mut Bytes::new(&case.bytes));
        let c = c_win(&win);
        assert_eq!(
            read_win(&c).map(|w| score(&w, &core_config)),
            Ok(score(&win, &core_config)),
            "{win:?}"
        );
        c
    } else {
        // Raw bytes laid over the struct's integer fields.
        let mut c = ParlorMahjongWin::default();
        let mut b = Bytes::new(&case.bytes);
        let mut byte = || b.pick(256) as u8;
        for x in c.closed.iter_mut() {
            *x = byte() % 140;
        }
        c.closed_len = byte() % 16;
        for m in c.melds.iter_mut() {
            m.kind = byte() % 6;
            for x in m.tiles.iter_mut() {
                *x = byte() % 140;
            }
            m.called = if byte() % 2 == 0 {
                PARLOR_MAHJONG_NONE
            } else {
                byte() % 5
            };
            m.from = if byte() % 2 == 0 {
                PARLOR_MAHJONG_NONE
            } else {
                byte() % 5
            };
        }
        c.melds_len = byte() % 6;
        c.winning = c.closed[usize::from(byte()) % 14];
        c.tsumo = byte() % 3;
        c.seat = byte() % 5;
        c.round = byte() % 5;
        c.riichi = byte() % 4;
        c.flags = u32::from(byte()) | (u32::from(byte() % 2) << 7);
        for x in c.dora.iter_mut().chain(c.ura.iter_mut()) {
            *x = byte() % 140;
        }
        c.dora_len = byte() % 7;
        c.ura_len = byte() % 7;
        c.honba = u16::from(byte());
        c
    };
    let mut out = ParlorMahjongValue {
        han: 77,
        ..Default::default()
    };
    // SAFETY: valid pointers to locals.
    let status = unsafe { parlor_mahjong_score(&c, &config, &mut out) };
    let expected = read_win(&c).and_then(|w| score(&w, &core_config).map_err(score_error_code));
    match expected {
        Ok(v) => {
            assert_eq!(status, 0);
            let w = write_value(&v);
            assert_eq!(format!("{out:?}"), format!("{w:?}"));
        }
        Err(code) => {
            assert_eq!(status, code);
            assert_eq!(out.han, 77, "written on an error");
        }
    }
}
