//! The hand's play: legal actions, applying them, scoring and the outcome, what a seat may see
//! (a child of [`round`](super), which holds the types and the state).
#![deny(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use super::*;
use crate::game::Countdown;
use crate::notation::Dec;

impl Round {
    /// The open-end total of the layout with these free points.
    pub(super) fn total(&self, frees: &Frees) -> u32 {
        // `Free::counted` on the packed bytes: a double counts both halves while a side is
        // free, a non-double each free end's number.
        let mut total = 0u32;
        for (index, &id) in self.deck.iter().enumerate().take(usize::from(self.played)) {
            let (a, b) = halves(id);
            let byte = frees.byte(index);
            let counted = if a == b {
                if byte & (0b11 << 2) != 0 {
                    u32::from(a).saturating_mul(2)
                } else {
                    0
                }
            } else {
                (if byte & 0b01 != 0 { u32::from(a) } else { 0 }).saturating_add(if byte & 0b10 != 0 {
                    u32::from(b)
                } else {
                    0
                })
            };
            total = total.saturating_add(counted);
        }
        total
    }

    /// The layout of at most [`NARROW`] tiles read as bits of play indexes, without a replay in
    /// play order: one pass over the parents counts each tile's children (at least one, two,
    /// three: three words, no store) and marks the doubles; then only the tiles that take a
    /// number now — the childless ones and the spinning doubles with fewer than three children,
    /// a handful in any layout — are read with their parents (a tile's free end is the number
    /// it does not share with its parent: two tiles share at most one), and the opening by its
    /// number of children ([`Round::opening_ends`]). The same takers as [`Round::frees_into`]
    /// on every layout `apply` builds or decode accepts, with no branch on the tiles. `None`
    /// for a longer layout. `scan` must be a fresh [`Scan::new`]. Errors: [`Error::Internal`]
    /// where `frees_into` has one (a parent sharing no number), on the tiles read. The scan's
    /// open-end total and last free sides are left 0 ([`Round::scan_scored`] works them out).
    #[inline]
    pub(super) fn scan(&self, scan: &mut Scan) -> Result<bool, Error> {
        self.scan_as::<false>(scan)
    }

    /// [`Round::scan`] with the layout's open-end total and last free sides in `scan` too (the
    /// greedy bot's scored walk).
    #[inline]
    pub(super) fn scan_scored(&self, scan: &mut Scan) -> Result<bool, Error> {
        self.scan_as::<true>(scan)
    }

    /// [`Round::scan`], with the open-end total and last free sides when `SCORED` (a constant,
    /// no longer a loop invariant left to the optimiser: the legal-action walks, `apply` and the
    /// C calls, which do not read them, have a copy without them in every build; only the
    /// greedy bot's walk links the other).
    fn scan_as<const SCORED: bool>(&self, scan: &mut Scan) -> Result<bool, Error> {
        let played = usize::from(self.played);
        let (Some(layout), Some(parents)) = (self.deck.get(..played), self.parents.get(..played)) else {
            return Ok(false);
        };
        if played > NARROW {
            return Ok(false);
        }
        let Some(&opening) = layout.first() else {
            return Ok(true);
        };
        // 1 ≤ `played` ≤ 64: the play indexes of the layout.
        let live = u64::MAX >> (NARROW.wrapping_sub(played) & 63);
        let Kids {
            one,
            two,
            three,
            doubles,
        } = kids(layout, parents);
        let (a, b) = halves(opening);
        let spinning = self.spinning(doubles);
        // After the opening, a tile takes a number while it has no child (a double its side),
        // or, spinning, fewer than three (a side and two ends).
        let mut takers = live & !1 & (!one | (spinning & !three));
        let (mut bad, mut total) = (false, 0u32);
        while takers != 0 {
            let slot = takers.trailing_zeros() as usize & (NARROW - 1);
            let bit = takers & takers.wrapping_neg();
            takers &= takers.wrapping_sub(1);
            let (other, shares) = self.free_end(slot);
            bad |= !shares;
            scan.take(u32::from(other), bit);
            if SCORED {
                // The open-end total: a childless tile's free end (a double both halves, its
                // side free); a spinning double with children counts nothing (ends only).
                let double = u32::from(doubles & bit != 0);
                let childless = u32::from(one & bit == 0).wrapping_neg();
                total = total.wrapping_add((u32::from(other) << double) & childless); // ≤ 3,420
            }
        }
        if bad {
            return Err(internal());
        }
        // The opening's children, counted up to three (the words' bits of play index 0).
        let children = opening_children(one, two, three);
        let (low, high, opening_total) = self.opening_state(children, spinning);
        scan.take(u32::from(a), u64::from(low));
        scan.take(u32::from(b), u64::from(high));
        if SCORED {
            scan.total = total.wrapping_add(opening_total);
            // The doubles whose one free side a play covers: a childless double after the
            // opening, the opening double with one child.
            scan.last_side = (doubles & live & !1 & !one) | u64::from(a == b && children == 1);
        }
        Ok(true)
    }

    /// The spinning doubles among `doubles` (bits of play index) under the spinner rule.
    #[inline]
    fn spinning(&self, doubles: u64) -> u64 {
        match self.config.spinner {
            SpinnerRule::EveryDouble => doubles,
            // The first double in play order.
            SpinnerRule::FirstDouble => doubles & doubles.wrapping_neg(),
            SpinnerRule::None => 0,
        }
    }

    /// The number layout tile `slot` (≥ 1, below the layout's length) shows away from its
    /// parent (a double: its own), and whether the two share a number at all (`false` only on
    /// a broken invariant), with no branch on the tiles.
    // Out of line on bare metal, as `kids` (see there).
    #[cfg_attr(target_os = "none", inline(never))]
    fn free_end(&self, slot: usize) -> (u8, bool) {
        let (a, b) = halves(self.deck.get(slot).copied().unwrap_or(0));
        let parent = usize::from(self.parents.get(slot).copied().unwrap_or(0));
        let (pa, pb) = halves(self.deck.get(parent).copied().unwrap_or(0));
        // The number the two share, as the one bit common to their numbers' bits (a select
        // between `a` and `b` compiles to a branch on the tiles); the other is `a ^ b ^ pip`
        // (a double's own too).
        let numbers = |a: u8, b: u8| 1u32 << (a & 31) | 1u32 << (b & 31);
        let shared = numbers(a, b) & numbers(pa, pb);
        let other = (a ^ b) ^ (shared.trailing_zeros() & 31) as u8;
        (other, shared != 0)
    }

    /// Whether the opening holds four tiles or more (a spinning double's two sides and two
    /// ends): counted, for the rare layouts whose child-count bits say three or more.
    #[inline(never)]
    fn opening_full(&self) -> bool {
        let played = usize::from(self.played);
        let parents = self.parents.get(1..played).unwrap_or(&[]);
        parents.iter().filter(|&&parent| parent == 0).count() >= 4
    }

    /// Whether the non-double opening's low and high ends are free with `children` tiles on it:
    /// its first child (the tile played second) covers the end it shows, a second child the
    /// other end.
    fn opening_ends(&self, children: u32) -> (bool, bool) {
        let (a, _) = halves(self.deck.first().copied().unwrap_or(0));
        let (c, d) = halves(self.deck.get(1).copied().unwrap_or(0));
        let first_low = (c == a) | (d == a);
        let low = (children == 0) | ((children == 1) & !first_low);
        let high = (children == 0) | ((children == 1) & first_low);
        (low, high)
    }

    /// The opening's free points with `children` tiles on it (counted up to three) and the
    /// spinning doubles `spinning`: whether a play on its low and its high number is taken (a
    /// double: its one number, `low`; `high` false), and its part of the open-end total. A
    /// double's four points take a number until a fourth child (counted) if it spins, its two
    /// sides otherwise; its halves count while a side is free. One copy for [`Round::scan`] and
    /// [`Round::placement`].
    // Out of line on bare metal, as `kids` (see there).
    #[cfg_attr(target_os = "none", inline(never))]
    fn opening_state(&self, children: u32, spinning: u64) -> (bool, bool, u32) {
        let (a, b) = halves(self.deck.first().copied().unwrap_or(0));
        let counted = |pip: u8, yes: bool| u32::from(pip) & u32::from(yes).wrapping_neg();
        if a == b {
            let full = children >= 3 && self.opening_full();
            (
                children < 2 || (spinning & 1 != 0 && !full),
                false,
                counted(a, children < 2) << 1,
            )
        } else {
            let (low, high) = self.opening_ends(children);
            (low, high, counted(a, low).wrapping_add(counted(b, high)))
        }
    }

    /// For a play at number `pip` on the layout tile with id `on` (a layout of 1 to [`NARROW`]
    /// tiles): where `on` lies (`None`: not in the layout), whether it takes `pip` now, whether
    /// the play covers its last free side (a double's halves then stop counting), and the
    /// open-end total now. One pass over the layout as [`Round::scan`]'s (child counts as bits,
    /// the doubles, `on`), then the childless tiles' free ends: what the scan reads, without the
    /// takers of every number and with no branch on the tiles. Errors: [`Error::Internal`] as
    /// [`Round::scan`]'s.
    pub(super) fn placement(&self, on: u8, pip: u8) -> Result<Option<Placed>, Error> {
        let played = usize::from(self.played).min(NARROW);
        let (Some(layout), Some(parents)) = (self.deck.get(..played), self.parents.get(..played)) else {
            return Err(internal());
        };
        let Some(index) = layout.iter().position(|&id| id == on) else {
            return Ok(None);
        };
        let Kids {
            one,
            two,
            three,
            doubles,
        } = kids(layout, parents);
        let live = u64::MAX >> (NARROW.wrapping_sub(played) & 63);
        let mut childless = live & !1 & !one;
        let (mut total, mut bad) = (0u32, false);
        while childless != 0 {
            let slot = childless.trailing_zeros() as usize & (NARROW - 1);
            childless &= childless.wrapping_sub(1);
            let (other, shares) = self.free_end(slot);
            bad |= !shares;
            // A childless double counts both halves.
            let (c, d) = halves(self.deck.get(slot).copied().unwrap_or(0));
            total = total.wrapping_add(u32::from(other) << u32::from(c == d)); // ≤ 3,420
        }
        if bad {
            return Err(internal());
        }
        let spinning = self.spinning(doubles);
        // The opening's children, counted up to three (the words' bits of play index 0); four
        // only on a spinning opening double (counted then).
        let on_opening = opening_children(one, two, three);
        // The opening takes `pip` at its end showing it (a double: `pip` is its number, `low`).
        let (low, high, opening_total) = self.opening_state(on_opening, spinning);
        let (a, _) = halves(layout.first().copied().unwrap_or(0));
        let opening_takes = if pip == a { low } else { high };
        let bit = 1u64 << (index & 63);
        // After the opening: a tile takes a number while it has no child (a double its side; a
        // non-double the end away from its parent), or, spinning, fewer than three.
        let childless = one & bit == 0;
        let later_takes = if doubles & bit != 0 {
            childless || (spinning & !three & bit != 0)
        } else {
            childless && self.free_end(index).0 == pip
        };
        Ok(Some(Placed {
            index,
            takes: if index == 0 { opening_takes } else { later_takes },
            last_side: if index == 0 { on_opening == 1 } else { childless },
            total: total.saturating_add(opening_total),
        }))
    }

    /// Whether the seat to act may draw now: a tile may still be drawn ([`Round::any_drawable`])
    /// and, under [`DrawRule::One`], it has not drawn this turn.
    fn drawable(&self) -> bool {
        self.any_drawable() && !(self.config.draw == DrawRule::One && self.drew)
    }

    /// The free points of every layout tile (replaying where each tile attached). Errors:
    /// [`Error::Internal`] for a parent that is not an earlier tile sharing a number (decode
    /// checks every layout, `apply` only attaches that way).
    pub(super) fn frees_into(&self, frees: &mut Frees) -> Result<(), Error> {
        match self.replay(frees) {
            Replayed::Unshared => Err(internal()),
            Replayed::Legal | Replayed::Covered => Ok(()),
        }
    }

    /// [`Round::frees_into`]'s replay, and whether each tile attached at a free point of its
    /// parent (`Free::takes`, on the packed bytes: the full decode's check of the layout, the
    /// same replay). `Unshared` as soon as a parent shares no number with its tile (the frees
    /// replayed so far are left), or for a layout longer than the deck.
    #[inline(never)]
    pub(super) fn replay(&self, frees: &mut Frees) -> Replayed {
        // The packed bytes of `Frees` written directly (bits 0–1 the open ends, 2–3 the free
        // sides, 4–5 the free spinner ends): the same values as `Free::opening`/`attached` and
        // `Frees::cover`, without unpacking a `Free` per tile, and with selects by masks rather
        // than branches (whether a tile is a double is a coin flip to the branch predictor in
        // random play; this is the playouts' hottest loop).
        const SIDES: u8 = 0b11 << 2;
        const ENDS: u8 = 0b11 << 4;
        /// All ones when `yes`.
        const fn mask(yes: bool) -> u8 {
            (yes as u8).wrapping_neg()
        }
        let mut doubles = 0usize;
        let played = usize::from(self.played);
        let Some(layout) = self.deck.get(..played) else {
            return Replayed::Unshared;
        };
        let spinner = self.config.spinner;
        let mut takes = true;
        let mut tiles = layout.iter().zip(&self.parents);
        if let Some((&id, _)) = tiles.next() {
            let (a, b) = halves(id);
            let double = a == b;
            // The opening: both ends free; a double both sides (and its ends if it spins).
            let byte = 0b11 | (mask(double) & (2 << 2)) | (mask(double && spinner.is_spinner(0)) & (2 << 4));
            doubles = usize::from(double);
            frees.set_byte(0, byte);
        }
        for (index, (&id, &parent)) in tiles.enumerate() {
            let index = index.wrapping_add(1);
            let (a, b) = halves(id);
            let parent = usize::from(parent);
            let Some(&on) = layout.get(parent) else {
                return Replayed::Unshared;
            };
            let (pa, pb) = halves(on);
            // `|` and `&` rather than `||` and `&&`: no branch on the tiles (see above).
            let shows_low = (a == pa) | (b == pa);
            if !(shows_low | (a == pb) | (b == pb)) {
                return Replayed::Unshared;
            }
            let pip = pb ^ ((pa ^ pb) & mask(shows_low));
            let double = a == b;
            let spins = double & spinner.is_spinner(doubles);
            doubles = doubles.wrapping_add(usize::from(double));
            // A double attached: both halves shown, one side free (two ends if it spins); a
            // non-double: the end away from `pip` free.
            let attached_double = 0b11 | (1 << 2) | (mask(spins) & (2 << 4));
            let attached = 1u8.wrapping_add(u8::from(a == pip));
            let byte = (mask(double) & attached_double) | (!mask(double) & attached);
            // The parent loses the point showing `pip`: a double a side (an end once both
            // sides are covered), a non-double the end showing `pip`.
            let covered = frees.byte(parent);
            // `Free::takes`: a double while a side or an end is free, a non-double the free end
            // showing `pip`.
            takes &= if pa == pb {
                covered & (SIDES | ENDS) != 0
            } else {
                ((pa == pip) & (covered & 0b01 != 0)) | ((pb == pip) & (covered & 0b10 != 0))
            };
            let step = (mask(covered & SIDES != 0) & (1 << 2))
                | (mask(covered & SIDES == 0 && covered & ENDS != 0) & (1 << 4));
            let as_double = covered.wrapping_sub(step);
            let clear = 2u8.wrapping_sub(u8::from(pa == pip && covered & 0b01 != 0));
            let as_single = covered & !clear;
            let parent_double = mask(pa == pb);
            frees.set_byte(parent, (parent_double & as_double) | (!parent_double & as_single));
            frees.set_byte(index, byte);
        }
        frees.doubles = doubles;
        if takes { Replayed::Legal } else { Replayed::Covered }
    }

    /// `seat`'s legal actions, counted and indexed without listing them (one replay of the
    /// layout for both); `None` when it is not `seat`'s turn or the hand is over.
    pub(in crate::dominoes) fn choices<'a>(&'a self, seat: Seat, scan: &'a mut Scan) -> Option<Choices<'a>> {
        if self.to_act() != Some(seat) {
            return None;
        }
        // `to_act` is below `players` ≤ 4 (checked on decode, kept by `apply`).
        let hand = *self.hands.get(seat.index())?;
        // A broken invariant (asserted in `scan` and `frees_into`) lists nothing.
        let narrow = self.scan(scan).ok()?;
        // Counted by the walk's own generators (the opening's tiles in hand too).
        let plays = if narrow {
            self.walk_scanned(&hand, scan, &mut |_| ControlFlow::Continue(()))
        } else {
            self.wide_plays(&hand, &mut |_| ControlFlow::Continue(()))?
        };
        Some(Choices {
            round: self,
            hand,
            scan,
            plays,
            wide: !narrow,
        })
    }

    /// The text of [`game::Round::write_view`](crate::game::Round::write_view) for `seat`: what
    /// [`Round::observation`] holds, written straight from the round (no observation, a copy of
    /// the layout, on the stack: the C ABI's view call runs on a microcontroller's stack).
    /// Errors: as [`Round::observation`], then [`Error::BufferTooSmall`] when `out` refuses.
    pub(in crate::dominoes) fn write_view_text(&self, seat: Seat, out: &mut dyn core::fmt::Write) -> Result<(), Error> {
        if seat.0 >= self.config.players {
            return Err(Error::NoSuchSeat { seat: seat.0 });
        }
        let open_total = self.open_total_checked()?;
        // `seat` < `players` ≤ 4 (checked above).
        let hand = self.hands.get(seat.index()).ok_or_else(internal)?;
        // At most 190 tiles (`cursor` is a `u8`).
        let boneyard = u8::try_from(self.boneyard_len()).map_err(|_| internal())?;
        self.write_view_lines(seat, hand, open_total, boneyard, out)
            .map_err(|_| Error::BufferTooSmall { needed: 0 })
    }

    /// The open-end total, as [`Round::observation`] computes it (a broken invariant is an
    /// error); in a frame of its own, so that the layout's frees are off the text's frame.
    #[inline(never)]
    pub(super) fn open_total_checked(&self) -> Result<u32, Error> {
        let mut frees = Frees::new();
        self.frees_into(&mut frees)?;
        Ok(self.total(&frees))
    }

    /// The lines of [`Round::write_view_text`].
    fn write_view_lines(
        &self,
        seat: Seat,
        hand: &Hand,
        open_total: u32,
        boneyard: u8,
        out: &mut dyn core::fmt::Write,
    ) -> core::fmt::Result {
        let players = self.config.players;
        let seats = usize::from(players);
        // Written piece by piece (the text `write!` wrote): no `core::fmt::write` on this path;
        // every piece a text then a number or a tile, through two out-of-line writers.
        put_number(out, "seat: ", seat.0.into())?;
        put_number(out, " of ", players.into())?;
        out.write_str("\nhand:")?;
        for tile in ids(hand).map(tile_of) {
            put_tile(out, " ", tile)?;
        }
        out.write_str("\nlayout:")?;
        for (index, (tile, on)) in self.layout().enumerate() {
            put_tile(out, if index == 0 { " " } else { ", " }, tile)?;
            if let Some(on) = on {
                put_tile(out, " on ", on)?;
            }
        }
        put_number(out, "\nopen total: ", open_total)?;
        out.write_str("\ntiles:")?;
        for hand in self.hands.iter().take(seats) {
            put_number(out, " ", count(hand).into())?;
        }
        put_number(out, "\nboneyard: ", boneyard.into())?;
        match self.to_act() {
            Some(to_act) => put_number(out, "\nto act: ", to_act.0.into())?,
            None => out.write_str("\nto act: over")?,
        }
        out.write_str("\nscores:")?;
        for score in self.scores.iter().take(seats) {
            put_number(out, " ", (*score).into())?;
        }
        out.write_str("\n")
    }

    /// The legal action of index `n` of the seat to act on a layout of more than `NARROW` tiles,
    /// by walking [`Round::try_for_each_legal_action`] ([`Choices::nth_counted`]'s way).
    #[cfg(test)]
    fn wide_nth(&self, n: usize) -> Option<Action> {
        let mut nth = Countdown::new(n);
        self.try_for_each_legal_action(Seat(self.to_act), |action| nth.take(action));
        nth.found
    }

    /// The number of legal actions of `seat` (0 when it may not act), without listing them:
    /// per tile in hand, the layout tiles taking one of its numbers.
    pub fn count_legal_actions(&self, seat: Seat) -> usize {
        self.choices(seat, &mut Scan::new())
            .map_or(0, |choices| choices.count())
    }

    /// The legal action of index `n` of `seat` in [`Round::for_each_legal_action`]'s order, or
    /// `None` when `n` is past the count; the plays before it are passed over tile by tile.
    pub fn nth_legal_action(&self, seat: Seat, n: usize) -> Option<Action> {
        self.choices(seat, &mut Scan::new())?.nth(n)
    }

    /// Calls `visit` with each legal play of `seat`'s hand (see the type's docs for the order)
    /// until it answers `Break`; returns how many it was called with. Written once (every
    /// caller's `visit` through a reference, out of line): the longer layouts' one move
    /// generator.
    #[inline(never)]
    fn each_play(&self, hand: &Hand, frees: &Frees, visit: &mut dyn FnMut(Action) -> ControlFlow<()>) -> usize {
        // Tile by tile, each on every layout tile in play order that takes one of its numbers
        // (`Free::takes` by either of its numbers: a double while a side or an end is free, a
        // non-double each free end's number): the order of the takers by number, without
        // building them (the longer layouts only: flash before speed).
        let mut found = 0usize;
        let layout = self.deck.get(..usize::from(self.played)).unwrap_or(&[]);
        for id in ids(hand) {
            let (a, b) = halves(id);
            let tile = tile_of(id);
            if layout.is_empty() {
                found = found.saturating_add(1);
                if visit(Action::Play { tile, on: None }).is_break() {
                    return found;
                }
                continue;
            }
            for (index, &on) in layout.iter().enumerate() {
                let (free, on_tile) = (frees.get(index), tile_of(on));
                if free.takes(on_tile, u32::from(a)) || free.takes(on_tile, u32::from(b)) {
                    found = found.saturating_add(1);
                    if visit(Action::Play {
                        tile,
                        on: Some(on_tile),
                    })
                    .is_break()
                    {
                        return found;
                    }
                }
            }
        }
        found
    }

    /// Calls `visit` with every legal action of `seat`, in legal-action order (nothing when it is
    /// not `seat`'s turn or the hand is over).
    pub fn for_each_legal_action(&self, seat: Seat, mut visit: impl FnMut(Action)) {
        self.try_for_each_legal_action(seat, |action| {
            visit(action);
            ControlFlow::Continue(())
        });
    }

    /// [`Round::for_each_legal_action`] with a callback that may stop the walk (`Break`).
    pub fn try_for_each_legal_action(&self, seat: Seat, mut visit: impl FnMut(Action) -> ControlFlow<()>) {
        self.walk_legal(seat, &mut visit);
    }

    /// [`Round::try_for_each_legal_action`], written once (every caller's `visit` called through
    /// a reference) and in a frame of its own: the scan (about 200 bytes) is on the stack only
    /// while the walk runs, not in the frames of the callers (the search's selection and answer)
    /// under what they call next.
    ///
    /// A layout of at most [`NARROW`] tiles (every double-6 and double-9 hand) is read by
    /// [`Round::scan`] (its takers per number in 19 words); a longer one by the free points of
    /// every tile, in a frame of its own ([`Round::wide_plays`]).
    #[inline(never)]
    pub(crate) fn walk_legal(&self, seat: Seat, visit: &mut dyn FnMut(Action) -> ControlFlow<()>) {
        let Some(hand) = self.turn_hand(seat) else {
            return;
        };
        let mut scan = Scan::new();
        let plays = match self.scan(&mut scan) {
            Ok(true) => self.walk_scanned(&hand, &scan, visit),
            Ok(false) => match self.wide_plays(&hand, visit) {
                Some(plays) => plays,
                None => return, // a broken invariant, asserted in `frees_into`
            },
            Err(_) => return, // a broken invariant, asserted in `scan`
        };
        if plays == 0 {
            let _ = visit(if self.drawable() { Action::Draw } else { Action::Pass });
        }
    }

    /// The plays of `hand` on a layout of at most [`NARROW`] tiles read into `scan`
    /// ([`Round::scan_plays`]), each passed to `visit` until it answers `Break`; how many it was
    /// called with. Through a reference and with no inlining hint: one copy where the build
    /// optimises for size (the walk and [`Choices::nth`] share it), inlined and the call made
    /// direct at `-O3` (self-play's random bots).
    fn walk_scanned(&self, hand: &Hand, scan: &Scan, visit: &mut dyn FnMut(Action) -> ControlFlow<()>) -> usize {
        self.scan_plays(hand, scan, |action, _, _| visit(action))
    }

    /// `seat`'s hand when it is `seat`'s turn (`None` otherwise, or on a broken invariant).
    fn turn_hand(&self, seat: Seat) -> Option<Hand> {
        if self.to_act() != Some(seat) {
            return None;
        }
        let hand = self.hands.get(seat.index()).copied();
        // `to_act` is below `players` ≤ 4 (checked on decode, kept by `apply`).
        debug_assert!(hand.is_some(), "dominoes: the seat to act has no hand");
        hand
    }

    /// The plays of `hand` on a layout of more than [`NARROW`] tiles, by the free points of
    /// every layout tile ([`Round::frees_into`], [`Round::each_play`]), each passed to `visit`
    /// until it answers `Break`; how many it was called with, `None` on a broken invariant. In a
    /// frame of its own (the free points and takers of a double-18 layout, about 650 bytes, are
    /// not in the frames of the narrow layouts' walks).
    #[inline(never)]
    pub(super) fn wide_plays(&self, hand: &Hand, visit: &mut dyn FnMut(Action) -> ControlFlow<()>) -> Option<usize> {
        let mut frees = Frees::new();
        self.frees_into(&mut frees).ok()?;
        Some(self.each_play(hand, &frees, visit))
    }

    /// The plays of `hand` on a layout of at most [`NARROW`] tiles read by [`Round::scan`] into
    /// `scan`, in legal-action order (the tiles in hand by id, each on the layout tiles taking
    /// one of its numbers by play index: [`Round::each_play`]'s order), each passed to `visit`
    /// with the layout tile's play index and the number played on (`usize::MAX` and 0 for the
    /// opening), until it answers `Break`; how many it was called with.
    #[inline(always)]
    fn scan_plays(
        &self,
        hand: &Hand,
        scan: &Scan,
        mut visit: impl FnMut(Action, usize, u8) -> ControlFlow<()>,
    ) -> usize {
        let mut found = 0usize;
        let opening = self.played == 0;
        for id in ids(hand) {
            let (a, b) = halves(id);
            let low = scan.takers.get(usize::from(a)).copied().unwrap_or(0);
            // The opening: each tile once, on nothing (a stand-in bit; the scan of an empty
            // layout has no takers).
            let mut parents = if opening {
                1
            } else {
                low | scan.takers.get(usize::from(b)).copied().unwrap_or(0)
            };
            let tile = tile_of(id);
            while parents != 0 {
                let index = parents.trailing_zeros() as usize & (NARROW - 1);
                let bit = parents & parents.wrapping_neg();
                parents &= parents.wrapping_sub(1);
                let Some(&on) = self.deck.get(index) else {
                    continue;
                };
                // The two numbers' takers are disjoint (a layout tile taking both would be
                // this tile).
                let pip = if low & bit != 0 { a } else { b };
                found = found.saturating_add(1);
                let (on, index, pip) = if opening {
                    (None, usize::MAX, 0)
                } else {
                    (Some(tile_of(on)), index, pip)
                };
                if visit(Action::Play { tile, on }, index, pip).is_break() {
                    return found;
                }
            }
        }
        found
    }

    /// [`Round::for_each_legal_action`], each action with [`Round::play_points`]' answer for it
    /// (`None` only where that has none): the layout's free points and open-end total worked out
    /// once for all of `seat`'s plays, not once per play (the greedy bot's walk). A narrow
    /// layout's from [`Round::scan`] (each play's change of the total at its parent from the
    /// number played on and the scan's last free sides), a wide one's from the free points
    /// ([`Round::wide_scored`]).
    pub(crate) fn for_each_legal_action_scored(&self, seat: Seat, mut visit: impl FnMut(Action, Option<u16>)) {
        let Some(hand) = self.turn_hand(seat) else {
            return;
        };
        let mut scan = Scan::new();
        let plays = match self.scan_scored(&mut scan) {
            Ok(true) => {
                let (total, last_side) = (scan.total, scan.last_side);
                self.scan_plays(&hand, &scan, |action, index, pip| {
                    visit(action, self.scan_play_points(action, index, pip, total, last_side));
                    ControlFlow::Continue(())
                })
            }
            Ok(false) => match self.wide_scored(&hand, &mut visit) {
                Some(plays) => plays,
                None => return, // a broken invariant, asserted in `frees_into`
            },
            Err(_) => return, // a broken invariant, asserted in `scan`
        };
        if plays == 0 {
            visit(if self.drawable() { Action::Draw } else { Action::Pass }, Some(0));
        }
    }

    /// [`Round::for_each_legal_action_scored`]'s plays on a layout of more than [`NARROW`]
    /// tiles; in a frame of its own (as [`Round::wide_plays`]).
    #[inline(never)]
    pub(super) fn wide_scored(&self, hand: &Hand, visit: &mut dyn FnMut(Action, Option<u16>)) -> Option<usize> {
        let mut frees = Frees::new();
        self.frees_into(&mut frees).ok()?;
        let total = self.total(&frees);
        Some(self.each_play(hand, &frees, &mut |action| {
            visit(action, self.legal_play_points(action, &frees, total));
            ControlFlow::Continue(())
        }))
    }

    /// [`Round::play_points`] of a legal play on a narrow layout ([`Round::scan_plays`]' play
    /// index `index` and number `pip`), the layout's open-end `total` and `last_side` doubles
    /// ([`Scan`]) given: the parent stops counting `pip` (a non-double's free end) or both
    /// halves (a double's last free side), and the new tile counts its free end (a double both
    /// halves, its side free; the opening both ends).
    fn scan_play_points(&self, action: Action, index: usize, pip: u8, total: u32, last_side: u64) -> Option<u16> {
        let Action::Play { tile, on } = action else {
            return Some(0);
        };
        if !self.config.scores_plays {
            return Some(0);
        }
        let pips = tile.a.wrapping_add(tile.b); // ≤ 36
        let after = match on {
            None => total.wrapping_add(pips),
            Some(parent) => {
                let lost = if parent.is_double() {
                    parent.pips() as u32 & u32::from(last_side >> (index & 63) & 1 != 0).wrapping_neg()
                } else {
                    u32::from(pip)
                };
                let gained = if tile.is_double() {
                    pips
                } else {
                    pips.wrapping_sub(u32::from(pip))
                };
                total.wrapping_sub(lost).wrapping_add(gained)
            }
        };
        points_of(self.config.unit.play_points(after)).ok()
    }

    /// [`Round::play_points`] of a legal play, the layout's `frees` ([`Round::frees_into`]) and
    /// their open-end `total` ([`Round::total`]) given: the total changes only at the parent's
    /// free points (one covered) and by the new tile's own.
    fn legal_play_points(&self, action: Action, frees: &Frees, total: u32) -> Option<u16> {
        let Action::Play { tile, on } = action else {
            return Some(0);
        };
        if !self.config.scores_plays {
            return Some(0);
        }
        let spinner = tile.is_double() && self.config.spinner.is_spinner(frees.doubles);
        let (total, free) = match on {
            None => (total, Free::opening(tile, spinner)),
            Some(on) => {
                let parent = self.layout_index(on).ok()?;
                let parent_tile = self.placed(parent).ok()?;
                let pip = shared(tile, parent_tile)?;
                let mut parent_free = frees.get(parent);
                let before = parent_free.counted(parent_tile) as u32;
                parent_free.cover(parent_tile, pip);
                let after = parent_free.counted(parent_tile) as u32;
                (
                    total.saturating_sub(before).saturating_add(after),
                    Free::attached(tile, pip, spinner),
                )
            }
        };
        points_of(
            self.config
                .unit
                .play_points(total.saturating_add(free.counted(tile) as u32)),
        )
        .ok()
    }

    /// Writes the first `min(total, out.len())` legal actions of `seat` into `out` and returns
    /// the total (at most [`MAX_ACTIONS`], and [`Config::max_actions`] for this config).
    pub fn legal_actions(&self, seat: Seat, out: &mut [Action]) -> usize {
        let mut total = 0usize;
        self.for_each_legal_action(seat, |action| {
            if let Some(slot) = out.get_mut(total) {
                *slot = action;
            }
            total = total.saturating_add(1);
        });
        total
    }

    /// The points `action` would score for `seat` now: a play's own points (the open-end total
    /// after it, in the config's unit; 0 where plays do not score), not the end bonus; 0 for a
    /// draw or a pass. `None` when the action is not legal now. The greedy bot's measure.
    ///
    /// ```
    /// use parlor_core::dominoes::{Action, Config, Round, Tile};
    /// use parlor_core::game::{Round as _, Seat};
    /// let deal = "5-5 5-0 1-2 2-3 0-0 | 5-6 4-4 1-1 0-3 3-3 | boneyard 0-1 0-2 0-4 0-6 1-3 1-4 1-5 1-6 2-2 2-4 2-5 2-6 3-4 3-5 3-6 4-5 4-6 6-6";
    /// let round = Round::given(&Config::FIVE_UP, deal)?;
    /// let opening = |a, b| Action::Play { tile: Tile::new(a, b), on: None };
    /// assert_eq!(round.play_points(Seat(0), opening(5, 5)), Some(2)); // 10 open: 10 ÷ 5
    /// assert_eq!(round.play_points(Seat(0), opening(0, 5)), Some(1));
    /// assert_eq!(round.play_points(Seat(0), opening(1, 2)), Some(0));
    /// assert_eq!(round.play_points(Seat(1), opening(5, 6)), None); // not its turn
    /// # Ok::<(), parlor_core::dominoes::Error>(())
    /// ```
    pub fn play_points(&self, seat: Seat, action: Action) -> Option<u16> {
        let mut frees = Frees::new();
        let Some((id, parent)) = self.check(seat, action, &mut frees).ok()? else {
            return Some(0);
        };
        if !self.config.scores_plays {
            return Some(0);
        }
        let tile = tile_of(id);
        let spinner = tile.is_double() && self.config.spinner.is_spinner(frees.doubles);
        let free = match parent {
            None => Free::opening(tile, spinner),
            Some(parent) => {
                let parent_tile = self.placed(parent).ok()?;
                let pip = shared(tile, parent_tile)?;
                frees.cover(parent, parent_tile, pip);
                Free::attached(tile, pip, spinner)
            }
        };
        // As `apply` counts it: the layout's tiles with the parent covered, and the new tile.
        let total = self.total(&frees).saturating_add(free.counted(tile) as u32);
        points_of(self.config.unit.play_points(total)).ok()
    }

    /// Whether `seat` may take `action` now.
    ///
    /// Whether the legal-action walk ([`Round::try_for_each_legal_action`]: by the scan on a
    /// layout of at most 64 tiles, by the free points on a longer one) meets it, its tiles read
    /// as ids (either way round).
    pub fn is_legal(&self, seat: Seat, action: Action) -> bool {
        let high = self.config.high;
        let action = match action {
            Action::Play { tile, on } => {
                let Some(tile) = id_of(tile, high).map(tile_of) else {
                    return false;
                };
                let on = match on {
                    Some(on) => match id_of(on, high) {
                        Some(on) => Some(tile_of(on)),
                        None => return false,
                    },
                    None => None,
                };
                Action::Play { tile, on }
            }
            other => other,
        };
        let mut found = false;
        self.try_for_each_legal_action(seat, |legal| {
            found = legal == action;
            if found {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        found
    }

    /// [`Round::is_legal`] by [`Round::check`] (the layout's free points replayed): the
    /// reference of the tests (the way of the longer layouts before session 21).
    #[cfg(test)]
    pub(super) fn is_legal_checked(&self, seat: Seat, action: Action) -> bool {
        self.check(seat, action, &mut Frees::new()).is_ok()
    }

    /// `seat` may act now. Errors: [`Error::NoSuchSeat`], [`Error::RoundOver`],
    /// [`Error::NotYourTurn`] (in that order).
    fn check_turn(&self, seat: Seat) -> Result<(), Error> {
        if seat.0 >= self.config.players {
            return Err(Error::NoSuchSeat { seat: seat.0 });
        }
        if self.end != PLAYING {
            return Err(Error::RoundOver);
        }
        if seat.0 != self.to_act {
            return Err(Error::NotYourTurn { seat: seat.0 });
        }
        Ok(())
    }

    /// Checks `action`: for a play, the tile's id and the parent's play index and the frees.
    fn check(&self, seat: Seat, action: Action, frees: &mut Frees) -> Result<Option<(u8, Option<usize>)>, Error> {
        self.check_turn(seat)?;
        let hand = self.hands.get(seat.index()).ok_or_else(internal)?;
        self.frees_into(frees)?;
        let frees = &*frees;
        match action {
            Action::Play { tile, on } => {
                let id = id_of(tile, self.config.high)
                    .filter(|&id| has(hand, id))
                    .ok_or(Error::NotInHand { tile })?;
                match (self.played, on) {
                    (0, None) => Ok(Some((id, None))),
                    (0, Some(_)) => Err(Error::OpeningTakesNoPlacement),
                    (_, None) => Err(Error::PlacementRequired),
                    (_, Some(on)) => {
                        let index = self.layout_index(on)?;
                        let parent = self.placed(index)?;
                        let playable = shared(tile, parent).is_some_and(|pip| frees.get(index).takes(parent, pip));
                        if !playable {
                            return Err(Error::NoOpenEndOn { tile, on });
                        }
                        Ok(Some((id, Some(index))))
                    }
                }
            }
            Action::Draw | Action::Pass => {
                if self.each_play(hand, frees, &mut |_| ControlFlow::Break(())) > 0 {
                    return Err(Error::MustPlay);
                }
                match (action, self.drawable()) {
                    (Action::Draw, false) => Err(Error::CannotDraw),
                    (Action::Pass, true) => Err(Error::MustDraw),
                    _ => Ok(None),
                }
            }
        }
    }

    /// Takes `action` for `seat`. An illegal action is an error and leaves the round unchanged:
    /// [`Error::NoSuchSeat`], [`Error::RoundOver`], [`Error::NotYourTurn`], [`Error::NotInHand`],
    /// [`Error::OpeningTakesNoPlacement`], [`Error::PlacementRequired`], [`Error::NotInLayout`],
    /// [`Error::NoOpenEndOn`] (the tile attaches to no free end of that tile: a covered end,
    /// or no shared number), [`Error::MustPlay`] (drawing or passing with a playable tile),
    /// [`Error::MustDraw`] (passing while a draw is allowed), [`Error::CannotDraw`].
    ///
    /// Hosted builds check a play on a layout of at most 64 tiles from one light pass over it
    /// (`placement`); bare-metal builds (`target_os = "none"`) from the layout's replayed free
    /// points, as every build checks the longer layouts: the same answers.
    pub fn apply(&mut self, seat: Seat, action: Action) -> Result<Event, Error> {
        self.check_turn(seat)?;
        let placing = matches!(action, Action::Play { on: Some(_), .. }) && self.played > 0;
        if placing && BARE_METAL {
            // Bare metal (session 24): every play on a layout tile is read from the layout's
            // replayed free points, as the longer layouts' are everywhere (`Round::placement`,
            // about 570 bytes, is not linked; the same answers, more instructions per call:
            // `the_bare_metal_apply_matches_the_hosted_one` checks both ways on the host).
            return self.apply_wide(seat, action);
        }
        // A play on a layout tile needs no scan: `apply_scanned` reads only what it needs.
        if placing && usize::from(self.played) <= NARROW {
            self.apply_scanned(seat, action, 0, None)
        } else {
            self.apply_scanning(seat, action)
        }
    }

    /// [`Round::apply`] of a draw, a pass, the opening, or a play on a layout of more than
    /// [`NARROW`] tiles: the layout scanned (or its free points replayed). In a frame of its own:
    /// the scan is not in the frame of the plays on a narrow layout (the playouts' steps).
    #[inline(never)]
    fn apply_scanning(&mut self, seat: Seat, action: Action) -> Result<Event, Error> {
        let mut scan = Scan::new();
        if self.scan(&mut scan)? {
            self.apply_scanned(seat, action, scan.open, None)
        } else {
            self.apply_wide(seat, action)
        }
    }

    /// [`Round::apply`] on a layout of more than [`NARROW`] tiles: [`Round::apply_scanned`] with
    /// the layout's free points replayed (the open numbers and the play's layout tile read from
    /// them). In a frame of its own (the free points are not in the frames of the narrow
    /// layouts' applies).
    #[inline(never)]
    pub(super) fn apply_wide(&mut self, seat: Seat, action: Action) -> Result<Event, Error> {
        let mut frees = Frees::new();
        self.frees_into(&mut frees)?;
        let open = self.open_numbers(&frees);
        self.apply_scanned(seat, action, open, Some(&frees))
    }

    /// [`Round::placement`] read from the layout's replayed free points `frees` (a layout of
    /// any length): where tile `on` lies, whether it takes `pip` (`Free::takes`), whether a
    /// play covers its last free side (a double with one side free), and the open-end total.
    fn placement_replayed(&self, frees: &Frees, on: u8, pip: u8) -> Option<Placed> {
        let index = self
            .deck
            .iter()
            .take(usize::from(self.played))
            .position(|&placed| placed == on)?;
        let free = frees.get(index);
        Some(Placed {
            index,
            takes: free.takes(tile_of(on), u32::from(pip)),
            last_side: free.sides == 1,
            total: self.total(frees),
        })
    }

    /// [`Round::apply`] once the layout is read: for a draw or a pass from `open` (the numbers
    /// the layout takes: [`Round::scan`]'s, or [`Round::open_numbers`]), for a play on a layout
    /// tile from [`Round::placement`] (`frees` `None`: a layout of at most [`NARROW`] tiles) or
    /// [`Round::placement_replayed`] (the replayed free points of a longer one): the same checks
    /// in the same order, and the open-end total after a play from the total before it (the
    /// parent loses the point it is played on, the new tile adds its own).
    pub(super) fn apply_scanned(
        &mut self,
        seat: Seat,
        action: Action,
        open: u32,
        frees: Option<&Frees>,
    ) -> Result<Event, Error> {
        let hand = self.hands.get(seat.index()).ok_or_else(internal)?;
        match action {
            Action::Play { tile, on } => {
                let id = id_of(tile, self.config.high)
                    .filter(|&id| has(hand, id))
                    .ok_or(Error::NotInHand { tile })?;
                let (a, b) = halves(id);
                let double = a == b;
                match (self.played, on) {
                    (0, None) => {
                        // The opening counts both halves (a double: both sides free).
                        let total = u32::from(a).saturating_add(u32::from(b));
                        self.commit_play(seat, id, None, total)
                    }
                    (0, Some(_)) => Err(Error::OpeningTakesNoPlacement),
                    (_, None) => Err(Error::PlacementRequired),
                    (_, Some(on)) => {
                        let Some(on_id) = id_of(on, self.config.high) else {
                            return Err(Error::NotInLayout { on });
                        };
                        let (pa, pb) = halves(on_id);
                        // The number the two share (at most one: they are different tiles),
                        // by a mask rather than a branch.
                        let shows_low = (a == pa) | (b == pa);
                        let pip = pb ^ ((pa ^ pb) & u8::from(shows_low).wrapping_neg());
                        let placed = match frees {
                            // Never asked on bare metal (`apply` replays the free points there).
                            None if BARE_METAL => return Err(internal()),
                            None => self.placement(on_id, pip)?,
                            Some(frees) => self.placement_replayed(frees, on_id, pip),
                        };
                        let Some(placed) = placed else {
                            return Err(Error::NotInLayout { on });
                        };
                        if !((shows_low | (a == pb) | (b == pb)) & placed.takes) {
                            return Err(Error::NoOpenEndOn { tile, on });
                        }
                        let (index, total) = (placed.index, placed.total);
                        // The parent loses the point showing `pip`: a non-double that end (free,
                        // as it takes `pip`), a double a side (its two halves stop counting once
                        // no side is free; two sides on the opening, one elsewhere).
                        let last_side = placed.last_side;
                        let lost = u32::from(pip) << u32::from(pa == pb);
                        let lost = lost & u32::from(pa != pb || last_side).wrapping_neg();
                        // The new tile: a double counts both halves (one side free), a
                        // non-double its end away from `pip`.
                        let own = if double {
                            u32::from(a).saturating_mul(2)
                        } else {
                            u32::from(a ^ b ^ pip)
                        };
                        let total = total.saturating_sub(lost).saturating_add(own);
                        self.commit_play(seat, id, Some(index), total)
                    }
                }
            }
            Action::Draw | Action::Pass => {
                let playable = if self.played == 0 {
                    *hand != [0; WORDS]
                } else {
                    ids(hand).any(|id| {
                        let (a, b) = halves(id);
                        (open >> a | open >> b) & 1 != 0
                    })
                };
                if playable {
                    return Err(Error::MustPlay);
                }
                match (action, self.drawable()) {
                    (Action::Draw, false) => Err(Error::CannotDraw),
                    (Action::Pass, true) => Err(Error::MustDraw),
                    (Action::Draw, true) => self.commit_draw(seat, open),
                    _ => self.commit_pass(seat, open),
                }
            }
        }
    }

    /// [`Round::apply`] by [`Round::check`] and the free points replayed: the reference of the
    /// tests (the way of the longer layouts before session 21).
    #[cfg(test)]
    pub(super) fn apply_replayed(&mut self, seat: Seat, action: Action) -> Result<Event, Error> {
        let mut frees = Frees::new();
        let checked = self.check(seat, action, &mut frees)?;
        match (action, checked) {
            (Action::Play { .. }, Some((id, parent))) => {
                // The tile as the layout stores it (low pip first), whichever way it was written.
                let tile = tile_of(id);
                let spinner = tile.is_double() && self.config.spinner.is_spinner(frees.doubles);
                let free = match parent {
                    None => Free::opening(tile, spinner),
                    Some(parent) => {
                        let parent_tile = self.placed(parent)?;
                        let pip = shared(tile, parent_tile).ok_or_else(internal)?;
                        frees.cover(parent, parent_tile, pip);
                        Free::attached(tile, pip, spinner)
                    }
                };
                // The layout's tiles with the parent covered, and the new tile.
                let total = self.total(&frees).saturating_add(free.counted(tile) as u32);
                self.commit_play(seat, id, parent, total)
            }
            (Action::Draw, None) => {
                let open = self.open_numbers(&frees);
                self.commit_draw(seat, open)
            }
            (Action::Pass, None) => {
                let open = self.open_numbers(&frees);
                self.commit_pass(seat, open)
            }
            _ => {
                debug_assert!(false, "check and apply disagree");
                Err(Error::Internal)
            }
        }
    }

    /// Plays tile `id` (checked) on play index `parent` (`None`: the opening); `total` is the
    /// open-end total after it.
    fn commit_play(&mut self, seat: Seat, id: u8, parent: Option<usize>, total: u32) -> Result<Event, Error> {
        let players = self.config.players;
        let index = usize::from(self.played);
        // Everything that can fail first: an error leaves the round unchanged.
        // The opening has no parent: its byte stays 0 (the documented form).
        let parent = match parent {
            None => 0,
            Some(parent) => u8::try_from(parent).map_err(|_| internal())?,
        };
        let points = if self.config.scores_plays {
            self.config.unit.play_points(total)
        } else {
            0
        };
        let points = points_of(points)?;
        if index >= MAX_SET_TILES || seat.index() >= MAX_PLAYERS {
            return Err(internal());
        }
        *self.deck.get_mut(index).ok_or(Error::Internal)? = id;
        *self.parents.get_mut(index).ok_or(Error::Internal)? = parent;
        self.played = self.played.saturating_add(1);
        let hand = self.hands.get_mut(seat.index()).ok_or(Error::Internal)?;
        remove(hand, id);
        let out = *hand == [0; WORDS];
        self.credit(seat.index(), points);
        self.passes = 0;
        self.drew = false;
        if out {
            self.end = DOMINO;
            self.finish()?;
        } else {
            self.to_act = seat.next(players).0;
        }
        Ok(Event::Played {
            open_total: total,
            points,
            hand_over: out,
        })
    }

    /// Draws for `seat` (checked: it cannot play; `open`: the numbers the layout takes).
    fn commit_draw(&mut self, seat: Seat, open: u32) -> Result<Event, Error> {
        // The seat cannot play: its hand before this draw shows no open number. The first draw
        // of a turn adds them to what it lacked; after an earlier draw of this turn only they
        // are known of every tile (that tile was dealt no earlier fact).
        let position = usize::from(self.cursor);
        // Everything that can fail first: an error leaves the round unchanged.
        if position >= MAX_SET_TILES || seat.index() >= MAX_PLAYERS {
            return Err(internal());
        }
        self.note_void(seat, open);
        let slot = self.deck.get_mut(position).ok_or(Error::Internal)?;
        let id = *slot;
        *slot = 0;
        self.cursor = self.cursor.saturating_add(1);
        self.drew = true;
        insert(self.hands.get_mut(seat.index()).ok_or(Error::Internal)?, id);
        Ok(Event::Drew { tile: tile_of(id) })
    }

    /// Notes that `seat`, drawing or passing, holds no number of `open` (the numbers the layout
    /// takes): the first draw or pass of a turn adds them to what it lacked; after a draw of
    /// this turn only they are known (the tile drawn was dealt no earlier fact). One copy for
    /// the draw and the pass.
    #[inline(never)]
    fn note_void(&mut self, seat: Seat, open: u32) {
        let known = if self.drew {
            open
        } else {
            self.void(seat.index()) | open
        };
        self.set_void(seat.index(), known);
    }

    /// Passes for `seat` (checked: it can neither play nor draw; `open` as for a draw).
    fn commit_pass(&mut self, seat: Seat, open: u32) -> Result<Event, Error> {
        let players = self.config.players;
        // Nothing in hand can be played: no open number. A tile drawn this turn carries no
        // earlier fact, so after a draw only the open numbers are known.
        self.note_void(seat, open);
        self.passes = self.passes.saturating_add(1);
        self.drew = false;
        self.to_act = seat.next(players).0;
        let blocked = self.passes >= players && !self.any_drawable();
        if blocked {
            self.end = BLOCKED;
            self.finish()?;
        }
        Ok(Event::Passed { hand_over: blocked })
    }

    /// The numbers some free point of the layout takes now, as bits (bit `v`: number `v`).
    pub(super) fn open_numbers(&self, frees: &Frees) -> u32 {
        let mut open = 0u32;
        for (index, &id) in self.deck.iter().enumerate().take(usize::from(self.played)) {
            let tile = tile_of(id);
            let free = frees.get(index);
            for pip in [tile.a, tile.b] {
                if free.takes(tile, pip) {
                    open |= 1u32.checked_shl(pip).unwrap_or(0);
                }
            }
        }
        open
    }

    /// The numbers `seat` is known to lack, as bits (bit `v`: `seat` holds no tile showing
    /// `v`): public facts, inferred from its draws and passes. A seat that draws or passes
    /// cannot play, so it holds no number a free point of the layout takes; the facts are
    /// forgotten for tiles drawn later (after a draw only that turn's open numbers are known of
    /// the whole hand). While a seat is still drawing, the tile it drew last is not covered
    /// (it may be the one it plays). 0 for a seat the table does not have.
    pub fn voids(&self, seat: Seat) -> u32 {
        if seat.0 >= self.config.players {
            return 0;
        }
        self.void(seat.index())
    }

    /// The four exclusion bytes from byte `at` on, little-endian (0 past the last): every
    /// seat's 19 bits lie in the window of the byte holding its first bit (a shift of at most 7
    /// leaves 25 bits). No 128-bit shift (a library call on a microcontroller).
    fn void_window(&self, at: usize) -> u32 {
        let mut word = [0u8; 4];
        for (slot, &byte) in word.iter_mut().zip(self.voids.iter().skip(at)) {
            *slot = byte;
        }
        u32::from_le_bytes(word)
    }

    /// Seat `seat`'s exclusions (`seat` < 4; 0 otherwise).
    pub(super) fn void(&self, seat: usize) -> u32 {
        let first = seat.saturating_mul(VOID_BITS as usize);
        (self.void_window(first >> 3) >> (first & 7)) & VOID_MASK
    }

    /// Sets seat `seat`'s exclusions (`seat` < 4; numbers above 18 are dropped).
    pub(super) fn set_void(&mut self, seat: usize, known: u32) {
        let first = seat.saturating_mul(VOID_BITS as usize);
        let shift = first & 7;
        let word = (self.void_window(first >> 3) & !(VOID_MASK << shift)) | (known & VOID_MASK) << shift;
        for (slot, byte) in self.voids.iter_mut().skip(first >> 3).zip(word.to_le_bytes()) {
            *slot = byte;
        }
    }

    /// Whether any tile may still be drawn (ignoring who drew this turn).
    pub(super) fn any_drawable(&self) -> bool {
        self.config.draw != DrawRule::Never && self.boneyard_len() > usize::from(self.config.reserve)
    }

    fn credit(&mut self, seat: usize, points: u16) {
        if let Some(score) = self.scores.get_mut(seat) {
            *score = score.saturating_add(points);
        }
    }

    /// The pips left in `seat`'s hand (`bonus` asks seats below `players` ≤ 4 only).
    pub(super) fn pips_of(&self, seat: usize) -> u32 {
        debug_assert!(seat < MAX_PLAYERS, "dominoes round: pips of seat {seat}");
        self.hands.get(seat).map_or(0, pips)
    }

    /// The end bonus of a finished hand and the seat credited, per the rulings: each seat's
    /// pips read once, summed per side (a seat, or a partnership: seats 0 and 2, 1 and 3); the
    /// other sides' pips are all of them less the side's (at most 4 × 3,420: no saturation).
    pub(super) fn bonus(&self) -> Option<(usize, u32)> {
        let players = usize::from(self.config.players);
        let partnerships = self.config.partnerships;
        // Partnerships have four seats (validated): sides 0 and 1 (`seat & 1`); else each seat
        // (< 4) its own side.
        let side_mask = if partnerships { 1 } else { 3 };
        let (mut pips, mut sides, mut all) = ([0u32; MAX_PLAYERS], [0u32; MAX_PLAYERS], 0u32);
        for (seat, own) in pips.iter_mut().enumerate().take(players) {
            *own = self.pips_of(seat);
            if let Some(sum) = sides.get_mut(seat & side_mask) {
                *sum = sum.wrapping_add(*own);
            }
            all = all.wrapping_add(*own);
        }
        let others = |side: usize| all.wrapping_sub(sides.get(side).copied().unwrap_or(0));
        match self.end {
            DOMINO => {
                let winner = usize::from(self.to_act);
                Some((winner, others(winner & side_mask)))
            }
            BLOCKED => {
                // The lightest side, alone; a tie scores nothing.
                let count = if partnerships { 2 } else { players };
                let (mut low, mut lowest, mut tie) = (0usize, u32::MAX, false);
                for (at, &side) in sides.iter().enumerate().take(count) {
                    tie = side == lowest || (tie && side > lowest);
                    if side < lowest {
                        (low, lowest) = (at, side);
                    }
                }
                if tie {
                    return None;
                }
                // With partnerships, the lighter hand of the side is credited (seat 0 or 1 on
                // a tie).
                let partner = low | 2;
                let lighter = pips.get(partner).copied().unwrap_or(u32::MAX) < pips.get(low).copied().unwrap_or(0);
                let credited = if partnerships && lighter { partner } else { low };
                Some((credited, others(low)))
            }
            _ => None,
        }
    }

    fn finish(&mut self) -> Result<(), Error> {
        if let Some((seat, pips)) = self.bonus() {
            self.credit(seat, points_of(self.config.unit.bonus_points(pips))?);
        }
        Ok(())
    }

    /// The end of the hand, once it is over.
    pub fn outcome(&self) -> Option<Outcome> {
        if self.end == PLAYING {
            return None;
        }
        // `bonus` names a seat below `players` ≤ 4, and `finish` already converted these
        // points (an error there stops the hand before it is over).
        let bonus = self.bonus().and_then(|(seat, pips)| {
            let points = points_of(self.config.unit.bonus_points(pips)).ok()?;
            Some((Seat(u8::try_from(seat).ok()?), points))
        });
        let end = if self.end == DOMINO {
            End::Domino {
                seat: Seat(self.to_act),
            }
        } else {
            End::Blocked
        };
        Some(Outcome {
            end,
            scores: self.scores,
            bonus,
            winner: bonus.map(|(seat, _)| seat),
            players: self.config.players,
            partnerships: self.config.partnerships,
        })
    }

    /// What `seat` may know: its own tiles, the layout, every seat's tile count, the boneyard
    /// count and the scores, never another seat's tiles or the boneyard's order.
    /// Errors: [`Error::NoSuchSeat`].
    pub fn observation(&self, seat: Seat) -> Result<Observation, Error> {
        if seat.0 >= self.config.players {
            return Err(Error::NoSuchSeat { seat: seat.0 });
        }
        let mut hand_counts = [0u8; MAX_PLAYERS];
        for (slot, hand) in hand_counts.iter_mut().zip(&self.hands) {
            *slot = count(hand);
        }
        let mut layout = [0u8; MAX_SET_TILES];
        let played = usize::from(self.played);
        for (slot, &id) in layout.iter_mut().zip(&self.deck).take(played) {
            *slot = id;
        }
        let mut frees = Frees::new();
        self.frees_into(&mut frees)?;
        Ok(Observation {
            seat,
            to_act: self.to_act(),
            // `seat` < `players` ≤ 4 (checked above).
            hand: self.hands.get(seat.index()).copied().ok_or_else(internal)?,
            layout,
            parents: self.parents,
            played: self.played,
            hand_counts,
            // At most 190 tiles (`cursor` is a `u8`).
            boneyard: u8::try_from(self.boneyard_len()).map_err(|_| internal())?,
            scores: self.scores,
            open_total: self.total(&frees),
            voids: [0, 1, 2, 3].map(|other| self.voids(Seat(other))),
        })
    }
}

/// One seat's legal actions as counts ([`Round::choices`]): the hand and, per number, the layout
/// tiles taking it.
pub(in crate::dominoes) struct Choices<'a> {
    round: &'a Round,
    hand: Hand,
    /// Per number, the layout tiles taking it (unset when `wide`).
    scan: &'a Scan,
    /// The legal plays (0: the one action is a draw or a pass).
    plays: usize,
    /// A layout of more than 64 tiles: `nth` walks the listed actions.
    wide: bool,
}

impl Choices<'_> {
    /// The number of legal actions: the plays, or else the one draw or pass.
    pub(in crate::dominoes) fn count(&self) -> usize {
        self.plays.max(1)
    }

    /// The action of index `n` (the order of [`Round::for_each_legal_action`]).
    pub(in crate::dominoes) fn nth(&self, n: usize) -> Option<Action> {
        let round = self.round;
        if self.plays == 0 {
            return (n == 0).then(|| if round.drawable() { Action::Draw } else { Action::Pass });
        }
        if n >= self.plays {
            return None;
        }
        // The plays before it passed over one by one, by the walk's own generators
        // ([`Round::walk_scanned`], [`Round::wide_plays`]).
        let mut nth = Countdown::new(n);
        let mut visit = |action| nth.take(action);
        if self.wide {
            round.wide_plays(&self.hand, &mut visit);
        } else {
            round.walk_scanned(&self.hand, self.scan, &mut visit);
        }
        nth.found
    }

    /// [`Choices::nth`] by each tile's count of plays (the plays of the tiles before it passed
    /// over at once), session 22's way: the tests' reference.
    #[cfg(test)]
    pub(in crate::dominoes) fn nth_counted(&self, n: usize) -> Option<Action> {
        let round = self.round;
        if self.plays == 0 {
            return (n == 0).then(|| if round.drawable() { Action::Draw } else { Action::Pass });
        }
        if n >= self.plays {
            return None;
        }
        if round.played == 0 {
            return ids(&self.hand).nth(n).map(|id| Action::Play {
                tile: tile_of(id),
                on: None,
            });
        }
        if self.wide {
            return round.wide_nth(n);
        }
        let mut left = n;
        for id in ids(&self.hand) {
            match left.checked_sub(self.scan.plays_of(id)) {
                Some(rest) => left = rest,
                None => {
                    let mut parents = parents_of(&self.scan.takers, id);
                    // Drop the `left` lowest bits: the lowest left is the play index.
                    for _ in 0..left {
                        parents &= parents.wrapping_sub(1);
                    }
                    let on = *round.deck.get(parents.trailing_zeros() as usize)?;
                    return Some(Action::Play {
                        tile: tile_of(id),
                        on: Some(tile_of(on)),
                    });
                }
            }
        }
        None
    }
}

/// What [`Round::replay`] found of a layout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Replayed {
    /// Every tile attached to its parent at a free point showing a number both share.
    Legal,
    /// Every tile shares a number with its parent, but some attached where no point was free.
    Covered,
    /// A parent shares no number with its tile (or the layout is longer than the deck).
    Unshared,
}

/// A bare-metal build (`target_os = "none"`: the microcontrollers, built for size): `apply` reads
/// a play on a layout tile from the replayed free points ([`Round::apply_wide`]) on every layout
/// instead of [`Round::placement`]'s lighter pass (hosts: the playouts' speed).
const BARE_METAL: bool = cfg!(target_os = "none");

/// The longest layout [`Round::scan`] reads: one 64-bit word of play indexes per number.
pub(super) const NARROW: usize = 64;

/// The numbers' slots in [`Scan::takers`]: 0 … 18 (the scan's value is small enough to be
/// cleared inline, without a call to `memset`).
const TAKERS: usize = MAX_PIP as usize + 1;

/// A play's layout tile as [`Round::placement`] reads it.
pub(super) struct Placed {
    /// Its play index.
    pub(super) index: usize,
    /// Whether it takes the number played on.
    takes: bool,
    /// Whether the play covers its last free side (a double's; the opening double's second).
    last_side: bool,
    /// The open-end total before the play.
    pub(super) total: u32,
}

/// A layout's free points as [`Round::scan`] reads them.
pub(in crate::dominoes) struct Scan {
    /// Per number, the layout tiles taking it (bits of their play index).
    pub(super) takers: [u64; TAKERS],
    /// The numbers some free point takes, as bits (bit `v`: number `v`).
    pub(super) open: u32,
    /// The layout's open-end total ([`Round::total`]).
    pub(super) total: u32,
    /// The doubles (bits of play index) a play on which covers their last free side: their
    /// halves then stop counting in the total.
    last_side: u64,
}

impl Scan {
    /// An empty layout's.
    pub(in crate::dominoes) const fn new() -> Scan {
        Scan {
            takers: [0; TAKERS],
            open: 0,
            total: 0,
            last_side: 0,
        }
    }

    /// The layout tiles `tiles` (bits of their play index) take number `pip` (≤ 18).
    fn take(&mut self, pip: u32, tiles: u64) {
        if let Some(word) = self.takers.get_mut(pip as usize) {
            *word |= tiles;
        }
        self.open |= u32::from(tiles != 0) << (pip & 31);
    }

    /// The plays of tile `id` on the layout: the layout tiles taking either of its numbers (the
    /// two sets are disjoint: a layout tile taking both would be this tile). The tests'
    /// reference of the counts (session 22 kept a count per number in the scan for it).
    #[cfg(test)]
    fn plays_of(&self, id: u8) -> usize {
        parents_of(&self.takers, id).count_ones() as usize
    }
}

/// A narrow layout's tiles by their children, as bits of play index (< [`NARROW`]): with at
/// least one, two, three children; and the doubles.
struct Kids {
    one: u64,
    two: u64,
    three: u64,
    doubles: u64,
}

/// [`Kids`] of the layout `layout` (1 to [`NARROW`] tile ids) with its `parents`: one pass from
/// the last tile down, so that a tile's bit is shifted in (no shift by its index). One copy for
/// [`Round::scan`] and [`Round::placement`].
// Out of line on bare metal, as in the C library: the scan is its one caller there since
// session 24 (placement is hosted only), and the Rust harness, inlining it, measured a core
// faster than the C library's (the C-against-core ratio of the bot's call, 147 -> 158 %).
#[cfg_attr(target_os = "none", inline(never))]
fn kids(layout: &[u8], parents: &[u8]) -> Kids {
    let (mut one, mut two, mut three, mut doubles) = (0u64, 0u64, 0u64, 0u64);
    for (&id, &parent) in layout.iter().zip(parents).skip(1).rev() {
        let bit = 1u64 << (parent & 63);
        three |= two & bit;
        two |= one & bit;
        one |= bit;
        let (a, b) = halves(id);
        doubles = (doubles | u64::from(a == b)) << 1;
    }
    let (a, b) = halves(layout.first().copied().unwrap_or(0));
    doubles |= u64::from(a == b);
    Kids {
        one,
        two,
        three,
        doubles,
    }
}

/// The tiles attached to the opening, counted up to three: bit 0 of the words of tiles with at
/// least one, two, three children.
fn opening_children(one: u64, two: u64, three: u64) -> u32 {
    u32::from(one & 1 != 0)
        .wrapping_add(u32::from(two & 1 != 0))
        .wrapping_add(u32::from(three & 1 != 0))
}

/// The layout tiles tile `id` may be played on, from [`Scan::takers`] (bits of their play
/// index; the two numbers' sets are disjoint unless the layout holds the tile itself, which it
/// cannot): [`Choices::nth_counted`]'s.
#[cfg(test)]
fn parents_of(takers: &[u64; TAKERS], id: u8) -> u64 {
    let (a, b) = halves(id);
    let take = |pip: u8| takers.get(usize::from(pip)).copied().unwrap_or(0);
    take(a) | take(b)
}

/// `text` then `number` in decimal (the view's pieces), out of line: one copy for every piece.
#[inline(never)]
fn put_number(out: &mut dyn core::fmt::Write, text: &str, number: u32) -> core::fmt::Result {
    out.write_str(text)?;
    Dec::from(number).write_to(out)
}

/// `text` then `tile` (`a-b`), out of line as [`put_number`].
#[inline(never)]
fn put_tile(out: &mut dyn core::fmt::Write, text: &str, tile: Tile) -> core::fmt::Result {
    out.write_str(text)?;
    tile.write_to(out)
}
