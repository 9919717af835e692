//! The scorer: input checks, every reading of the hand, yaku, fu, limits and payments.
#![deny(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use super::Config;
use super::{
    Conflict, Error, FuItem, FuKind, Kazoe, Limit, List, MeldKind, Payment, Place, Riichi, Wait, Win, Yaku, YakuHan,
};
use crate::mahjong::decompose::{Decomposition, Meld, Regular, for_each_decomposition};
use crate::mahjong::hand::Hand;
use crate::mahjong::rules::Rules;
use crate::mahjong::tile::{KINDS, Suit, Tile};

type Counts = [u8; KINDS];

#[allow(clippy::indexing_slicing)] // a proven range: a `Tile`'s index is below `KINDS`
fn count(c: &Counts, t: Tile) -> u8 {
    c[t.index()]
}

#[allow(clippy::indexing_slicing)] // a proven range: a `Tile`'s index is below `KINDS`
fn add(c: &mut Counts, t: Tile, n: u8) {
    let slot = &mut c[t.index()];
    *slot = slot.saturating_add(n); // counts of at most 4 + 14 tiles
}

/// The dora a shown indicator points at: the next kind, cyclically within a suit (9 → 1), the
/// winds (E → S → W → N → E) and the dragons (white → green → red → white).
pub(crate) fn dora_of(indicator: Tile) -> Tile {
    indicator.dora_next()
}

/// [`dora_of`] under `config`: with three players (no 2m–8m) a `1m` indicator points at `9m`.
fn dora_in(indicator: Tile, config: &Config) -> Tile {
    if config.three_player && indicator.index() == 0 {
        Tile::NINE_MAN
    } else {
        dora_of(indicator)
    }
}

fn is_dragon(t: Tile) -> bool {
    t.suit() == Suit::Honor && t.number() >= 5
}

fn is_wind(t: Tile) -> bool {
    t.suit() == Suit::Honor && t.number() <= 4
}

fn is_green(t: Tile) -> bool {
    match t.suit() {
        Suit::Sou => matches!(t.number(), 2 | 3 | 4 | 6 | 8),
        Suit::Honor => t.number() == 6,
        _ => false,
    }
}

/// One set of a reading.
#[derive(Clone, Copy, Debug)]
struct Set {
    /// The triplet's kind or the run's lowest.
    tile: Tile,
    run: bool,
    kan: bool,
    concealed: bool,
}

impl Set {
    /// A slot not yet filled. Every slot of a reading's four is written before it is valued
    /// (the melds' first, then the closed sets, whose number `value` checks), so this one is
    /// never read as a set.
    const EMPTY: Set = Set {
        tile: Tile::FIRST,
        run: false,
        kan: false,
        concealed: false,
    };

    fn tile(&self) -> Tile {
        self.tile
    }

    /// Holds a terminal or honor.
    fn has_orphan(&self) -> bool {
        let t = self.tile();
        if self.run {
            t.number() == 1 || t.number() == 7
        } else {
            t.is_orphan()
        }
    }
}

/// What is fixed before the readings: checked input and tile-set properties.
struct Ctx<'a> {
    win: &'a Win,
    config: &'a Config,
    /// The closed tiles (the winning tile included).
    hand: Hand,
    open: bool,
    kans: u8,
    meld_sets: [Set; 4],
    meld_len: usize,
    dora: u8,
    ura: u8,
    red: u8,
    nukidora: u8,
    suits: u8,
    honors: bool,
    all_simples: bool,
    all_orphans: bool,
    all_honors: bool,
    all_terminals: bool,
    all_green: bool,
    chuuren: Option<Yaku>,
}

impl<'a> Ctx<'a> {
    /// Not inlined: its working values are not in `score`'s frame, which stays on the stack
    /// under the whole decomposition walk.
    #[inline(never)]
    fn new(win: &'a Win, config: &'a Config) -> Result<Ctx<'a>, Error> {
        config.validate()?;
        let melds = win.melds.as_slice();
        let expected: u8 = match melds.len() {
            0 => 14,
            1 => 11,
            2 => 8,
            3 => 5,
            _ => 2,
        };
        if win.closed.len() != usize::from(expected) {
            return Err(Error::WrongTileCount {
                tiles: win.closed.len() as u8,
                melds: melds.len() as u8,
            });
        }
        let mut closed = [0u8; KINDS];
        let mut all = [0u8; KINDS];
        let mut physical = [0u8; KINDS];
        let mut reds = [0u8; 3];
        let mut red = 0u8;
        let mut note = |p: super::Piece, physical: &mut Counts| -> Result<(), Error> {
            add(physical, p.tile(), 1);
            if count(physical, p.tile()) > 4 {
                return Err(Error::FifthCopy { tile: p.tile() });
            }
            if p.is_red() {
                let slot = reds
                    .get_mut(usize::from(p.tile().index() as u8 / 9))
                    .ok_or(Error::Internal)?;
                *slot = slot.saturating_add(1);
                if *slot > 1 {
                    return Err(Error::SecondRedFive { tile: p.tile() });
                }
            }
            Ok(())
        };
        for &p in win.closed.as_slice() {
            note(p, &mut physical)?;
            add(&mut closed, p.tile(), 1);
            add(&mut all, p.tile(), 1);
            red = red.saturating_add(u8::from(p.is_red()));
        }
        let mut meld_sets = [Set::EMPTY; 4];
        let mut open = false;
        let mut kans = 0u8;
        for (i, (m, slot)) in melds.iter().zip(meld_sets.iter_mut()).enumerate() {
            for &p in m.tiles() {
                note(p, &mut physical)?;
                add(&mut all, p.tile(), 1);
                red = red.saturating_add(u8::from(p.is_red()));
            }
            if let Some(from) = m.from()
                && (from == win.seat || (m.kind() == MeldKind::Chii && from != win.seat.previous()))
            {
                return Err(Error::CalledFromWrongSeat { index: i as u8 });
            }
            open |= m.kind().is_open();
            kans = kans.saturating_add(u8::from(m.kind().is_kan()));
            *slot = Set {
                tile: m.first(),
                run: m.kind() == MeldKind::Chii,
                kan: m.kind().is_kan(),
                concealed: m.kind() == MeldKind::Ankan,
            };
        }
        for &p in win.dora.as_slice().iter().chain(win.ura.as_slice()) {
            note(p, &mut physical)?;
        }
        if win.nukidora > 0 && !config.three_player {
            return Err(Error::Conflict(super::Conflict::Nukidora));
        }
        let north = super::Piece::plain(Tile::NORTH);
        for _ in 0..win.nukidora {
            note(north, &mut physical)?;
        }
        if !win.closed.as_slice().contains(&win.winning) {
            return Err(Error::WinningTileNotInHand);
        }
        check_flags(win, open, kans)?;
        if (!config.kan_dora && win.dora.len() > 1)
            || (win.riichi == Riichi::None && !win.ura.is_empty())
            || win.ura.len() > win.dora.len()
        {
            return Err(Error::TooManyIndicators);
        }
        // Extracted Norths are dora targets too (one more han per North an indicator points at).
        let mut targets = all;
        add(&mut targets, Tile::NORTH, win.nukidora);
        let hits = |indicators: &[super::Piece]| {
            indicators
                .iter()
                .fold(0u8, |n, p| n.saturating_add(count(&targets, dora_in(p.tile(), config))))
        };
        let dora = hits(win.dora.as_slice());
        let ura = if win.riichi != Riichi::None && config.ura_dora {
            hits(win.ura.as_slice())
        } else {
            0
        };
        let held = Held::of(&all);
        let suits = held.suits;
        let chuuren = if melds.is_empty() && suits.count_ones() == 1 && !held.honors {
            nine_gates(&all, win.winning.tile())
        } else {
            None
        };
        let hand = Hand::from_counts(&closed).map_err(|_| Error::Internal)?;
        Ok(Ctx {
            win,
            config,
            hand,
            open,
            kans,
            meld_sets,
            meld_len: melds.len(),
            dora,
            ura,
            red: if config.red_fives { red } else { 0 },
            nukidora: win.nukidora,
            suits,
            honors: held.honors,
            all_simples: held.all_simples,
            all_orphans: held.all_orphans,
            all_honors: suits == 0,
            all_terminals: held.all_terminals,
            all_green: held.all_green,
            chuuren,
        })
    }

    fn menzen(&self) -> bool {
        !self.open
    }
}

/// What the kinds a hand holds (closed and called) have in common, found in one pass over them
/// (each property was a pass of its own; the test `held_matches_a_pass_per_property` compares).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Held {
    /// The suits held: bit 0 man, 1 pin, 2 sou.
    suits: u8,
    honors: bool,
    all_simples: bool,
    all_orphans: bool,
    all_terminals: bool,
    all_green: bool,
}

impl Held {
    #[inline(never)]
    fn of(all: &Counts) -> Held {
        let mut h = Held {
            suits: 0,
            honors: false,
            all_simples: true,
            all_orphans: true,
            all_terminals: true,
            all_green: true,
        };
        for t in Tile::all().filter(|&t| count(all, t) > 0) {
            let honor = t.suit() == Suit::Honor;
            match t.suit() {
                Suit::Man => h.suits |= 1,
                Suit::Pin => h.suits |= 2,
                Suit::Sou => h.suits |= 4,
                Suit::Honor => h.honors = true,
            }
            let orphan = t.is_orphan();
            h.all_simples &= !orphan;
            h.all_orphans &= orphan;
            h.all_terminals &= orphan && !honor;
            h.all_green &= is_green(t);
        }
        h
    }
}

/// Nine gates in one suit (the caller checked one suit, no honors, no melds): `1112345678999`
/// plus one; the pure form when the winning tile is the extra one.
fn nine_gates(all: &Counts, winning: Tile) -> Option<Yaku> {
    let suit = winning.suit();
    let mut extra = None;
    for n in 1..=9u8 {
        let t = Tile::from_parts(suit, n)?;
        let base = if n == 1 || n == 9 { 3 } else { 1 };
        match count(all, t).checked_sub(base)? {
            0 => {}
            1 if extra.is_none() => extra = Some(t),
            _ => return None,
        }
    }
    let extra = extra?;
    Some(if extra == winning {
        Yaku::JunseiChuuren
    } else {
        Yaku::Chuuren
    })
}

fn check_flags(win: &Win, open: bool, kans: u8) -> Result<(), Error> {
    let conflict = |c| Err(Error::Conflict(c));
    let riichi = win.riichi != Riichi::None;
    if riichi && open {
        return conflict(Conflict::RiichiOpen);
    }
    if win.ippatsu && !riichi {
        return conflict(Conflict::IppatsuWithoutRiichi);
    }
    if win.haitei && !win.tsumo {
        return conflict(Conflict::HaiteiRon);
    }
    if win.houtei && win.tsumo {
        return conflict(Conflict::HouteiTsumo);
    }
    // A replacement draw follows a kan or (three players) a North set aside.
    if win.rinshan && (!win.tsumo || (kans == 0 && win.nukidora == 0)) {
        return conflict(Conflict::Rinshan);
    }
    if win.chankan && win.tsumo {
        return conflict(Conflict::ChankanTsumo);
    }
    if (win.haitei && win.rinshan) || (win.houtei && win.chankan) {
        return conflict(Conflict::LastTile);
    }
    if (win.tenhou && !win.dealer()) || (win.chiihou && win.dealer()) {
        return conflict(Conflict::BlessingSeat);
    }
    let others = riichi || win.ippatsu || win.rinshan || win.chankan || win.haitei || win.houtei;
    if (win.tenhou || win.chiihou) && (!win.tsumo || !win.melds.is_empty() || others) {
        return conflict(Conflict::Blessing);
    }
    Ok(())
}

/// How a candidate value ranks: more paid to the winner, then a yakuman over a counted one,
/// more han, more fu, more fu before rounding (the first found among equals).
type Key = (u32, bool, u8, u8, u8);

/// The best value so far and what went wrong, over every reading. The best value itself is
/// written where the caller keeps it (`out`: the value, the part of it a win is settled by, or
/// nothing when only whether the hand wins is asked),
/// not held beside the walk: a candidate is ranked by its [`Key`] and written there only when
/// it ranks higher than the best so far.
struct Best<'o> {
    key: Option<Key>,
    out: Place<'o>,
    failure: Option<Error>,
    complete: bool,
}

impl Best<'_> {
    /// Notes a reading's failure (the last one is reported).
    fn offer(&mut self, reading: Result<(), Internal>) {
        if reading.is_err() {
            self.failure = Some(Error::Internal);
        }
    }
}

/// The only failure of valuing one reading: a broken invariant ([`Error::Internal`]), a unit
/// so that the readings' results are a byte, not an [`Error`], in each frame that passes one on.
struct Internal;

/// Values the winning hand `win` under `config` into `out` ([`Place`]): every reading of the
/// hand valued, the one that pays most kept.
pub(super) fn score_into(win: &Win, config: &Config, out: Place<'_>) -> Result<(), Error> {
    // Read where the result lies (`?` would move the context out into a second one).
    match Ctx::new(win, config) {
        Ok(ref ctx) => walk(ctx, out),
        Err(e) => Err(e),
    }
}

/// [`score_into`]'s walk over the readings of the checked hand of `ctx`.
fn walk(ctx: &Ctx, out: Place<'_>) -> Result<(), Error> {
    let mut best = Best {
        key: None,
        out,
        failure: None,
        complete: false,
    };
    for_each_decomposition(&ctx.hand, Rules::RIICHI, |d| {
        best.complete = true;
        match d {
            Decomposition::Regular(r) => readings(ctx, r, &mut best),
            Decomposition::SevenPairs(_) => {
                let reading = seven_pairs(ctx, &mut best);
                best.offer(reading);
            }
            Decomposition::ThirteenOrphans { .. } => {
                let reading = thirteen_orphans(ctx, &mut best);
                best.offer(reading);
            }
        }
    })
    .map_err(|_| {
        debug_assert!(false, "the checked closed tiles are no hand to decompose");
        Error::Internal
    })?;
    if let Some(e) = best.failure {
        return Err(e);
    }
    match best.key {
        Some(_) => Ok(()),
        None if best.complete => Err(Error::NoYaku),
        None => Err(Error::NotComplete),
    }
}

/// Every reading of the regular decomposition `r`: each group the winning tile can have
/// completed, valued in turn ([`regular`]).
#[inline(never)]
fn readings(ctx: &Ctx, r: &Regular, best: &mut Best) {
    let w = ctx.win.winning.tile();
    let mut sets = ctx.meld_sets;
    let closed_sets = sets.get_mut(ctx.meld_len..);
    let Some(closed_sets) = closed_sets.filter(|c| c.len() == r.sets().len()) else {
        debug_assert!(false, "a reading with the wrong number of sets");
        best.failure = Some(Error::Internal);
        return;
    };
    for (slot, m) in closed_sets.iter_mut().zip(r.sets()) {
        *slot = match *m {
            Meld::Triplet(t) => Set {
                tile: t,
                run: false,
                kan: false,
                concealed: true,
            },
            Meld::Run(t) => Set {
                tile: t,
                run: true,
                kan: false,
                concealed: true,
            },
        };
    }
    if r.pair() == w {
        let reading = regular(ctx, &sets, r.pair(), Wait::Tanki, best);
        best.offer(reading);
    }
    for i in ctx.meld_len..sets.len() {
        let Some(&set) = sets.get(i) else { break };
        let t = set.tile();
        let wait = if !set.run {
            if t != w {
                continue;
            }
            Wait::Shanpon
        } else if t == w {
            if t.number() == 7 { Wait::Penchan } else { Wait::Ryanmen }
        } else if t.next_in_suit() == Some(w) {
            Wait::Kanchan
        } else if t.next_in_suit().and_then(Tile::next_in_suit) == Some(w) {
            if t.number() == 1 { Wait::Penchan } else { Wait::Ryanmen }
        } else {
            continue;
        };
        // A ron on a shanpon makes its triplet open: marked so for this reading only (every
        // closed set is concealed), in place (no second copy of the sets).
        let ron_triplet = wait == Wait::Shanpon && !ctx.win.tsumo;
        if let Some(slot) = sets.get_mut(i).filter(|_| ron_triplet) {
            slot.concealed = false;
        }
        let reading = regular(ctx, &sets, r.pair(), wait, best);
        if let Some(slot) = sets.get_mut(i).filter(|_| ron_triplet) {
            slot.concealed = true;
        }
        best.offer(reading);
    }
}

/// Appends `yaku` (its han worked out later: 0). Not inlined: one copy of the list's bounds
/// check for the 34 yaku pushed (each inlined copy cost about 12 bytes of flash).
#[inline(never)]
fn push(list: &mut List<YakuHan, 16>, yaku: Yaku) -> Result<(), Internal> {
    list.push(YakuHan { yaku, han: 0 }).map_err(|_| Internal)
}

/// The blessings (tenhou, chiihou), which go with any shape.
fn blessings(ctx: &Ctx, ym: &mut List<YakuHan, 16>) -> Result<(), Internal> {
    if ctx.win.tenhou {
        push(ym, Yaku::Tenhou)?;
    }
    if ctx.win.chiihou {
        push(ym, Yaku::Chiihou)?;
    }
    Ok(())
}

/// Situational yaku every shape can have.
fn situational(ctx: &Ctx, y: &mut List<YakuHan, 16>) -> Result<(), Internal> {
    let win = ctx.win;
    match win.riichi {
        Riichi::None => {}
        Riichi::Riichi => push(y, Yaku::Riichi)?,
        Riichi::Double => push(y, Yaku::DoubleRiichi)?,
    }
    for (on, yaku) in [
        (win.ippatsu, Yaku::Ippatsu),
        (win.tsumo && ctx.menzen(), Yaku::MenzenTsumo),
        (win.haitei, Yaku::Haitei),
        (win.houtei, Yaku::Houtei),
        (win.rinshan, Yaku::Rinshan),
        (win.chankan, Yaku::Chankan),
    ] {
        if on {
            push(y, yaku)?;
        }
    }
    Ok(())
}

/// Tile-set yaku every shape can have: tanyao, honroutou, honitsu / chinitsu.
fn tile_set_yaku(ctx: &Ctx, y: &mut List<YakuHan, 16>) -> Result<(), Internal> {
    if ctx.all_simples && (ctx.menzen() || ctx.config.open_tanyao) {
        push(y, Yaku::Tanyao)?;
    }
    if ctx.all_orphans {
        push(y, Yaku::Honroutou)?;
    }
    if ctx.suits.count_ones() == 1 {
        push(y, if ctx.honors { Yaku::Honitsu } else { Yaku::Chinitsu })?;
    }
    Ok(())
}

/// Tile-set yakuman: tsuuiisou, chinroutou, ryuuiisou.
fn tile_set_yakuman(ctx: &Ctx, ym: &mut List<YakuHan, 16>) -> Result<(), Internal> {
    for (on, yaku) in [
        (ctx.all_honors, Yaku::Tsuuiisou),
        (ctx.all_terminals, Yaku::Chinroutou),
        (ctx.all_green, Yaku::Ryuuiisou),
    ] {
        if on {
            push(ym, yaku)?;
        }
    }
    Ok(())
}

/// The fu of a reading: the items, their sum and the sum rounded up to ten.
struct Fu {
    items: List<FuItem, 10>,
    raw: u8,
    fu: u8,
}

/// What a candidate value adds up to beside its yaku and fu.
struct Tally {
    han: u8,
    yakuman: u8,
    wait: Wait,
    limit: Limit,
    base: u32,
    kiriage: bool,
    /// Dora, ura-dora, red fives and extracted Norths counted.
    dora: (u8, u8, u8, u8),
}

/// Pairs of identical runs (iipeikou 1, ryanpeikou 2), counted kind by kind.
fn peikou(sets: &[Set; 4]) -> u8 {
    let mut pairs = 0u8;
    for (i, s) in sets.iter().enumerate() {
        let same = |e: &&Set| e.run && e.tile == s.tile;
        if !s.run || sets.iter().take(i).any(|e| same(&e)) {
            continue; // not a run, or its kind counted at its first run
        }
        let copies = sets.iter().filter(same).count() as u8; // at most 4
        pairs = pairs.saturating_add(copies >> 1);
    }
    pairs
}

/// One reading of a regular hand (its four sets, the pair and how the winning tile completed
/// it) valued and offered to `best`. Its yaku list is built once (the yakuman first; when
/// there are none, the same list holds the ordinary yaku) and passed on by reference.
#[inline(never)]
fn regular(ctx: &Ctx, sets: &[Set; 4], pair: Tile, wait: Wait, best: &mut Best) -> Result<(), Internal> {
    // The triplets counted in one pass: concealed, of dragons, of winds.
    let (mut concealed, mut dragons, mut winds) = (0usize, 0usize, 0usize);
    for s in sets.iter().filter(|s| !s.run) {
        // At most four of each: no wrap.
        concealed = concealed.wrapping_add(usize::from(s.concealed));
        dragons = dragons.wrapping_add(usize::from(is_dragon(s.tile())));
        winds = winds.wrapping_add(usize::from(is_wind(s.tile())));
    }

    let mut y = List::EMPTY_YAKU;
    blessings(ctx, &mut y)?;
    if concealed == 4 {
        push(
            &mut y,
            if wait == Wait::Tanki {
                Yaku::SuuankouTanki
            } else {
                Yaku::Suuankou
            },
        )?;
    }
    if dragons == 3 {
        push(&mut y, Yaku::Daisangen)?;
    }
    if winds == 4 {
        push(&mut y, Yaku::Daisuushii)?;
    } else if winds == 3 && is_wind(pair) {
        push(&mut y, Yaku::Shousuushii)?;
    }
    tile_set_yakuman(ctx, &mut y)?;
    if let Some(c) = ctx.chuuren {
        push(&mut y, c)?;
    }
    if ctx.kans == 4 {
        push(&mut y, Yaku::Suukantsu)?;
    }
    let mut fu = Fu {
        items: List::EMPTY_FU,
        raw: 0,
        fu: 0,
    };
    let pinfu = regular_fu(ctx, sets, pair, wait, &mut fu)?;
    if !y.is_empty() {
        return yakuman(ctx, &mut y, &fu, wait, best);
    }

    ordinary_yaku(ctx, sets, pair, pinfu, [concealed, dragons], &mut y)?;
    ordinary(ctx, &mut y, &fu, wait, best)
}

/// The yaku (not yakuman) of a regular reading pushed onto `y`, in a frame of its own (its
/// working values are not on the stack while the value is worked out and offered); the
/// concealed and the dragon triplets counted by [`regular`].
#[inline(never)]
fn ordinary_yaku(
    ctx: &Ctx,
    sets: &[Set; 4],
    pair: Tile,
    pinfu: bool,
    [concealed, dragons]: [usize; 2],
    y: &mut List<YakuHan, 16>,
) -> Result<(), Internal> {
    let win = ctx.win;
    let triplets = || sets.iter().filter(|s| !s.run);
    let any_run = sets.iter().any(|s| s.run);
    situational(ctx, y)?;
    if pinfu {
        push(y, Yaku::Pinfu)?;
    }
    if ctx.menzen() {
        match peikou(sets) {
            0 => {}
            1 => push(y, Yaku::Iipeikou)?,
            _ => push(y, Yaku::Ryanpeikou)?,
        }
    }
    for s in triplets() {
        let t = s.tile();
        if is_dragon(t) {
            let yaku = match t.number() {
                5 => Yaku::Haku,
                6 => Yaku::Hatsu,
                _ => Yaku::Chun,
            };
            push(y, yaku)?;
        }
        if t == win.seat.tile() {
            push(y, Yaku::SeatWind)?;
        }
        if t == win.round.tile() {
            push(y, Yaku::RoundWind)?;
        }
    }
    let [doujun, doukou, ittsu] = straights(sets);
    if doujun {
        push(y, Yaku::SanshokuDoujun)?;
    }
    if doukou {
        push(y, Yaku::SanshokuDoukou)?;
    }
    if ittsu {
        push(y, Yaku::Ittsu)?;
    }
    if any_run && pair.is_orphan() && sets.iter().all(Set::has_orphan) {
        push(y, if ctx.honors { Yaku::Chanta } else { Yaku::Junchan })?;
    }
    if !any_run {
        push(y, Yaku::Toitoi)?;
    }
    if concealed == 3 {
        push(y, Yaku::Sanankou)?;
    }
    if ctx.kans == 3 {
        push(y, Yaku::Sankantsu)?;
    }
    if dragons == 2 && is_dragon(pair) {
        push(y, Yaku::Shousangen)?;
    }
    tile_set_yaku(ctx, y)
}

/// Sanshoku doujun, sanshoku doukou and ittsu among a reading's sets, read from the suits that
/// hold a run from each number and a triplet of each number (one pass over the sets, not a
/// search per number and suit; `straights_are_the_old_search` compares).
fn straights(sets: &[Set; 4]) -> [bool; 3] {
    // Per number 1–9: bit 0 man, 1 pin, 2 sou.
    let mut runs = [0u8; 9];
    let mut triplets = [0u8; 9];
    for s in sets {
        let t = s.tile();
        let bit = match t.suit() {
            Suit::Man => 1,
            Suit::Pin => 2,
            Suit::Sou => 4,
            Suit::Honor => 0,
        };
        let per = if s.run { &mut runs } else { &mut triplets };
        if let Some(slot) = per.get_mut(usize::from(t.number().wrapping_sub(1))) {
            *slot |= bit;
        }
    }
    [
        runs.iter().take(7).any(|&r| r == 7),
        triplets.contains(&7),
        runs[0] & runs[3] & runs[6] != 0,
    ]
}

/// The old search of [`straights`] (a pass over the sets per number and suit), the test
/// reference.
#[cfg(test)]
fn old_straights(sets: &[Set; 4]) -> [bool; 3] {
    let has = |run: bool, suit: Suit, n: u8| {
        sets.iter()
            .any(|s| s.run == run && Tile::from_parts(suit, n) == Some(s.tile))
    };
    let numbered = [Suit::Man, Suit::Pin, Suit::Sou];
    [
        (1..=7).any(|n| numbered.iter().all(|&suit| has(true, suit, n))),
        (1..=9).any(|n| numbered.iter().all(|&suit| has(false, suit, n))),
        numbered
            .iter()
            .any(|&suit| [1, 4, 7].iter().all(|&n| has(true, suit, n))),
    ]
}

/// Appends a fu item. Not inlined: one copy of the list's bounds check (as [`push`]).
#[inline(never)]
fn push_fu(items: &mut List<FuItem, 10>, kind: FuKind, fu: u8) -> Result<(), Internal> {
    items.push(FuItem { kind, fu }).map_err(|_| Internal)
}

/// The fu of a regular reading written into `fu` (an empty one); returns whether it is pinfu.
fn regular_fu(ctx: &Ctx, sets: &[Set; 4], pair: Tile, wait: Wait, fu: &mut Fu) -> Result<bool, Internal> {
    let win = ctx.win;
    let items = &mut fu.items;
    let mut item = |kind, fu: u8| push_fu(items, kind, fu);
    item(FuKind::Base, 20)?;
    if ctx.menzen() && !win.tsumo {
        item(FuKind::ClosedRon, 10)?;
    }
    let mut extra = 0u8;
    for s in sets.iter().filter(|s| !s.run) {
        let t = s.tile();
        let mut fu = 2u8;
        if t.is_orphan() {
            fu = fu.saturating_mul(2);
        }
        if s.concealed {
            fu = fu.saturating_mul(2);
        }
        if s.kan {
            fu = fu.saturating_mul(4);
        }
        item(
            FuKind::Set {
                tile: t,
                kan: s.kan,
                concealed: s.concealed,
            },
            fu,
        )?;
        extra = extra.saturating_add(fu);
    }
    let seat = pair == win.seat.tile();
    let round = pair == win.round.tile();
    let pair_fu = match (is_dragon(pair), seat, round) {
        (true, _, _) => 2,
        (_, true, true) => ctx.config.double_wind_pair_fu,
        (_, true, false) | (_, false, true) => 2,
        _ => 0,
    };
    if pair_fu > 0 {
        item(FuKind::Pair { tile: pair }, pair_fu)?;
        extra = extra.saturating_add(pair_fu);
    }
    if matches!(wait, Wait::Kanchan | Wait::Penchan | Wait::Tanki) {
        item(FuKind::Wait(wait), 2)?;
        extra = extra.saturating_add(2);
    }
    let pinfu = ctx.menzen() && sets.iter().all(|s| s.run) && pair_fu == 0 && wait == Wait::Ryanmen;
    if win.tsumo && !pinfu {
        item(FuKind::Tsumo, 2)?;
        extra = extra.saturating_add(2);
    }
    if !ctx.menzen() && extra == 0 {
        item(FuKind::OpenPinfu, 10)?;
    }
    let raw = fu.items.as_slice().iter().fold(0u8, |n, i| n.saturating_add(i.fu));
    fu.raw = raw;
    fu.fu = (raw / 10)
        .saturating_add(u8::from(!raw.is_multiple_of(10)))
        .saturating_mul(10); // no `div_ceil`: its outlined form has a panic path
    Ok(pinfu)
}

/// The seven-pairs reading valued and offered to `best` (in a frame of its own: its lists are
/// not in the frame of the walk's visitor, under which a regular reading is valued).
#[inline(never)]
fn seven_pairs(ctx: &Ctx, best: &mut Best) -> Result<(), Internal> {
    let mut fu = Fu {
        items: List::EMPTY_FU,
        raw: 25,
        fu: 25,
    };
    push_fu(&mut fu.items, FuKind::Chiitoitsu, 25)?;
    let mut y = List::EMPTY_YAKU;
    blessings(ctx, &mut y)?;
    if ctx.all_honors {
        push(&mut y, Yaku::Tsuuiisou)?;
    }
    if !y.is_empty() {
        return yakuman(ctx, &mut y, &fu, Wait::Tanki, best);
    }
    situational(ctx, &mut y)?;
    push(&mut y, Yaku::Chiitoitsu)?;
    tile_set_yaku(ctx, &mut y)?;
    ordinary(ctx, &mut y, &fu, Wait::Tanki, best)
}

/// The thirteen-orphans reading valued and offered to `best` (a frame of its own, as
/// [`seven_pairs`]).
#[inline(never)]
fn thirteen_orphans(ctx: &Ctx, best: &mut Best) -> Result<(), Internal> {
    let mut y = List::EMPTY_YAKU;
    blessings(ctx, &mut y)?;
    let thirteen = count(ctx.hand.counts(), ctx.win.winning.tile()) == 2;
    push(&mut y, if thirteen { Yaku::Kokushi13 } else { Yaku::Kokushi })?;
    let wait = if thirteen { Wait::Thirteen } else { Wait::Tanki };
    let fu = Fu {
        items: List::EMPTY_FU,
        raw: 0,
        fu: 0,
    };
    yakuman(ctx, &mut y, &fu, wait, best)
}

/// A hand with yakuman (`y` lists them): only the yakuman count, 13 han each; composite or
/// the largest per config. `y` is rewritten in place to the listed yakuman with their han.
fn yakuman(ctx: &Ctx, y: &mut List<YakuHan, 16>, fu: &Fu, wait: Wait, best: &mut Best) -> Result<(), Internal> {
    let multiple = keep_yakuman(y, ctx.config)?;
    let tally = Tally {
        han: multiple.saturating_mul(13),
        yakuman: multiple,
        wait,
        limit: Limit::Yakuman,
        base: 8000u32.saturating_mul(u32::from(multiple)),
        kiriage: false,
        dora: (0, 0, 0, 0),
    };
    finish(ctx, y, fu, &tally, best);
    Ok(())
}

/// The yakuman of `y` kept with their han (13 per multiple), their multiples' sum returned:
/// every one with composite yakuman, else only the largest (the lowest code among equals), so
/// that the listed han add up to the hand's. One pass over the list either way, each multiple
/// worked out once (`keep_yakuman_is_the_old_choice` compares the old passes).
fn keep_yakuman(y: &mut List<YakuHan, 16>, config: &Config) -> Result<u8, Internal> {
    let composite = config.composite_yakuman;
    let mut multiple = 0u8;
    let mut largest: Option<(u8, Yaku)> = None;
    y.retain_map(|item| {
        let m = item.yaku.yakuman_multiple(config);
        if composite {
            multiple = multiple.saturating_add(m);
            return Some(YakuHan {
                yaku: item.yaku,
                han: m.saturating_mul(13),
            });
        }
        match largest {
            Some((bm, by)) if m < bm || (m == bm && item.yaku >= by) => {}
            _ => largest = Some((m, item.yaku)),
        }
        None
    });
    if let Some((m, yaku)) = largest {
        multiple = m;
        y.push(YakuHan {
            yaku,
            han: m.saturating_mul(13),
        })
        .map_err(|_| Internal)?;
    }
    Ok(multiple)
}

/// The old [`keep_yakuman`] (a pass to find the largest, a pass to empty the list), the test
/// reference.
#[cfg(test)]
fn old_keep_yakuman(y: &mut List<YakuHan, 16>, config: &Config) -> Result<u8, Internal> {
    let mut multiple = 0u8;
    if config.composite_yakuman {
        y.retain_map(|item| {
            let m = item.yaku.yakuman_multiple(config);
            multiple = multiple.saturating_add(m);
            Some(YakuHan {
                yaku: item.yaku,
                han: m.saturating_mul(13),
            })
        });
    } else {
        let largest = y.as_slice().iter().map(|item| item.yaku).max_by(|a, b| {
            a.yakuman_multiple(config)
                .cmp(&b.yakuman_multiple(config))
                .then(b.cmp(a))
        });
        y.retain_map(|_| None);
        if let Some(yaku) = largest {
            multiple = yaku.yakuman_multiple(config);
            y.push(YakuHan {
                yaku,
                han: multiple.saturating_mul(13),
            })
            .map_err(|_| Internal)?;
        }
    }
    Ok(multiple)
}

/// A hand without yakuman: han from yaku (none: no yaku, nothing offered) plus dora, then
/// limits. `y` keeps, in place, the yaku that give han here, with their han.
fn ordinary(ctx: &Ctx, y: &mut List<YakuHan, 16>, fu: &Fu, wait: Wait, best: &mut Best) -> Result<(), Internal> {
    let open = !ctx.menzen();
    let mut han = 0u8;
    y.retain_map(|item| {
        let h = item.yaku.han(open);
        han = han.saturating_add(h);
        (h > 0).then_some(YakuHan {
            yaku: item.yaku,
            han: h,
        })
    });
    if han == 0 {
        return Ok(());
    }
    let han = han
        .saturating_add(ctx.dora)
        .saturating_add(ctx.ura)
        .saturating_add(ctx.red)
        .saturating_add(ctx.nukidora);
    let fu_rounded = fu.fu;
    let (limit, base, kiriage) = match han {
        13.. => match ctx.config.kazoe {
            Kazoe::Yakuman => (Limit::KazoeYakuman, 8000, false),
            Kazoe::Sanbaiman => (Limit::Sanbaiman, 6000, false),
        },
        11..=12 => (Limit::Sanbaiman, 6000, false),
        8..=10 => (Limit::Baiman, 4000, false),
        6..=7 => (Limit::Haneman, 3000, false),
        5 => (Limit::Mangan, 2000, false),
        _ => {
            // `han` is at most 4 in this arm and `fu` a `u8`: the shift by at most 6 loses no
            // bit (below 2^14).
            let base = u32::from(fu_rounded).wrapping_shl(u32::from(han).wrapping_add(2));
            let kiriage = ctx.config.kiriage && matches!((han, fu_rounded), (4, 30) | (3, 60));
            if base >= 2000 {
                (Limit::Mangan, 2000, false)
            } else if kiriage {
                (Limit::Mangan, 2000, true)
            } else {
                (Limit::None, base, false)
            }
        }
    };
    let tally = Tally {
        han,
        yakuman: 0,
        wait,
        limit,
        base,
        kiriage,
        dora: (ctx.dora, ctx.ura, ctx.red, ctx.nukidora),
    };
    finish(ctx, y, fu, &tally, best);
    Ok(())
}

/// Not inlined: one copy for the three payments.
#[inline(never)]
fn round_up_100(points: u32) -> u32 {
    (points / 100)
        .saturating_add(u32::from(!points.is_multiple_of(100)))
        .saturating_mul(100) // no `div_ceil` (see `fu`)
}

/// The payments of a candidate value, its rank, and (when it ranks above the best so far) the
/// value written into the best's place field by field (no whole value built on the stack).
fn finish(ctx: &Ctx, yaku: &List<YakuHan, 16>, fu: &Fu, tally: &Tally, best: &mut Best) {
    let win = ctx.win;
    let base = tally.base;
    let honba = u32::from(win.honba);
    let mut payment = Payment {
        sticks: u32::from(win.riichi_sticks).saturating_mul(1000),
        ..Payment::default()
    };
    // Three players: two payers, a honba is 100 from each (200 on a ron); the missing seat's
    // tsumo share is not paid (tsumo-zon).
    let (others, ron_honba) = if ctx.config.three_player { (2, 200) } else { (3, 300) };
    if !win.tsumo {
        let times = if win.dealer() { 6 } else { 4 };
        payment.ron = round_up_100(base.saturating_mul(times)).saturating_add(honba.saturating_mul(ron_honba));
        payment.total = payment.ron;
    } else if win.dealer() {
        payment.non_dealer = round_up_100(base.saturating_mul(2)).saturating_add(honba.saturating_mul(100));
        payment.total = payment.non_dealer.saturating_mul(others);
    } else {
        payment.dealer = round_up_100(base.saturating_mul(2)).saturating_add(honba.saturating_mul(100));
        payment.non_dealer = round_up_100(base).saturating_add(honba.saturating_mul(100));
        payment.total = payment
            .dealer
            .saturating_add(payment.non_dealer.saturating_mul(others.saturating_sub(1)));
    }
    let key = (payment.total, tally.yakuman > 0, tally.han, fu.fu, fu.raw);
    if best.key.is_some_and(|b| key <= b) {
        return;
    }
    best.key = Some(key);
    let out = match &mut best.out {
        Place::Check => return,
        Place::Paid(paid) => {
            let has = |wanted: Yaku| yaku.as_slice().iter().any(|y| y.yaku == wanted);
            paid.payment = payment;
            paid.yakuman = tally.yakuman;
            paid.daisangen = has(Yaku::Daisangen);
            paid.daisuushii = has(Yaku::Daisuushii);
            return;
        }
        Place::Value(out) => out,
    };
    let (dora, ura, red, nukidora) = tally.dora;
    out.yaku = *yaku;
    out.fu_items = fu.items;
    out.dora = dora;
    out.ura = ura;
    out.red = red;
    out.nukidora = nukidora;
    out.han = tally.han;
    out.fu = fu.fu;
    out.raw_fu = fu.raw;
    out.yakuman = tally.yakuman;
    out.wait = tally.wait;
    out.limit = tally.limit;
    out.kiriage = tally.kiriage;
    out.base = base;
    out.payment = payment;
}

#[cfg(test)]
#[allow(clippy::indexing_slicing, clippy::arithmetic_side_effects)] // tests may index and panic
mod held_tests {
    use super::*;

    /// The old way: one pass over the held kinds per property.
    fn naive(all: &Counts) -> Held {
        let held = || Tile::all().filter(|&t| count(all, t) > 0);
        Held {
            suits: held().fold(0u8, |m, t| match t.suit() {
                Suit::Man => m | 1,
                Suit::Pin => m | 2,
                Suit::Sou => m | 4,
                Suit::Honor => m,
            }),
            honors: held().any(|t| t.suit() == Suit::Honor),
            all_simples: held().all(|t| !t.is_orphan()),
            all_orphans: held().all(Tile::is_orphan),
            all_terminals: held().all(|t| t.is_orphan() && t.suit() != Suit::Honor),
            all_green: held().all(is_green),
        }
    }

    #[test]
    fn held_matches_a_pass_per_property() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        for case in 0..20_000u32 {
            let mut all = [0u8; KINDS];
            // Few kinds (so the all-* properties are often true), from one region or anywhere.
            let kinds = 1 + case % 6;
            let (lo, span) = match case % 4 {
                0 => (0u64, 34u64),
                1 => (27, 7),
                2 => (18, 9),
                _ => (0, 27),
            };
            for _ in 0..kinds {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let k = (lo + seed % span) as usize;
                all[k] = 1 + (seed >> 32) as u8 % 4;
            }
            // The green tiles' kinds (2s 3s 4s 6s 8s 6z) now and then.
            if case % 7 == 0 {
                all = [0u8; KINDS];
                for k in [19usize, 20, 21, 23, 25, 32] {
                    all[k] = u8::from(seed >> k & 1 == 1);
                }
            }
            assert_eq!(Held::of(&all), naive(&all), "{all:?}");
        }
        assert_eq!(Held::of(&[0u8; KINDS]), naive(&[0u8; KINDS]));
    }

    /// [`keep_yakuman`] (one pass) keeps what the old passes kept, and returns the same sum:
    /// every list of up to three yakuman (duplicates and a non-yakuman among them too) under each
    /// of the 32 combinations of the composite and double-yakuman flags.
    #[test]
    fn keep_yakuman_is_the_old_choice() {
        extern crate std;
        let yakuman: std::vec::Vec<Yaku> = Yaku::ALL.iter().copied().filter(|y| y.is_yakuman()).collect();
        let mut kinds = yakuman.clone();
        kinds.push(Yaku::Riichi);
        let mut lists = std::vec::Vec::new();
        for &a in &kinds {
            lists.push(std::vec![a]);
            for &b in &kinds {
                lists.push(std::vec![a, b]);
                for &c in &yakuman {
                    lists.push(std::vec![a, b, c]);
                }
            }
        }
        let mut checked = 0;
        for flags in 0..32u8 {
            let config = Config {
                composite_yakuman: flags & 1 != 0,
                double_kokushi_13: flags & 2 != 0,
                double_suuankou_tanki: flags & 4 != 0,
                double_junsei_chuuren: flags & 8 != 0,
                double_daisuushii: flags & 16 != 0,
                ..Config::ONLINE
            };
            for list in &lists {
                let mut new = List::EMPTY_YAKU;
                for &yaku in list {
                    new.push(YakuHan { yaku, han: 0 }).unwrap();
                }
                let mut old = new;
                let a = keep_yakuman(&mut new, &config).ok();
                let b = old_keep_yakuman(&mut old, &config).ok();
                assert_eq!((a, new), (b, old), "{list:?} {flags:#b}");
                checked += 1;
            }
        }
        assert!(checked > 10_000, "{checked}");
    }

    /// [`straights`] finds what the old search found: every reading of four sets drawn from
    /// runs 1–7 and triplets of every kind (a sample of 200,000, with the three suits' patterns
    /// made likely).
    #[test]
    fn straights_are_the_old_search() {
        let mut rng = crate::game::Rng::new(27);
        let mut found = [0usize; 3];
        for _ in 0..200_000 {
            let mut sets = [Set::EMPTY; 4];
            let number = (rng.next_u64() % 9) as u8;
            for s in &mut sets {
                let r = rng.next_u64();
                let run = r & 1 == 0;
                let suit = (r >> 1) % if run { 3 } else { 4 };
                let n = if r >> 8 & 1 == 0 { number } else { ((r >> 9) % 9) as u8 };
                let n = if run { n % 7 } else { n };
                let index = if suit == 3 { 27 + n % 7 } else { suit as u8 * 9 + n };
                *s = Set {
                    tile: Tile::new(index).unwrap(),
                    run,
                    kan: false,
                    concealed: false,
                };
            }
            let new = straights(&sets);
            assert_eq!(new, old_straights(&sets), "{sets:?}");
            for (f, on) in found.iter_mut().zip(new) {
                *f += usize::from(on);
            }
        }
        assert!(found.iter().all(|&f| f > 100), "{found:?}");
    }
}
