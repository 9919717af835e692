//! The deal's play: legal actions, applying them (the auction, the kitty, the plays), the
//! outcome and what a seat may see (a child of [`round`](super), which holds the types and the
//! state).
#![deny(clippy::indexing_slicing, clippy::arithmetic_side_effects)]

use super::*;
use crate::game::Countdown;
use crate::notation::Dec;

impl Round {
    /// Calls `f` with every legal action of `seat`, in the documented order
    /// ([`Action`]); nothing when it is not `seat`'s turn.
    pub fn for_each_legal_action(&self, seat: Seat, mut f: impl FnMut(Action)) {
        self.visit(seat, &mut |a| {
            f(a);
            true
        });
    }

    /// Visits the legal actions until `f` returns `false`; returns `false` if stopped.
    pub(in crate::doudizhu) fn visit(&self, seat: Seat, f: &mut dyn FnMut(Action) -> bool) -> bool {
        if self.to_act() != Some(seat) {
            return true;
        }
        match self.phase {
            Phase::Over => true,
            Phase::Auction => {
                if !f(Action::Pass) {
                    return false;
                }
                match self.config.auction {
                    Auction::Bids | Auction::OpenSpiel | Auction::Botzone => {
                        for b in self.bid.saturating_add(1)..=3 {
                            if !f(Action::Bid(b)) {
                                return false;
                            }
                        }
                        true
                    }
                    Auction::Rob => f(if self.stage == STAGE_CALLING {
                        Action::Call
                    } else {
                        Action::Rob
                    }),
                    Auction::None => true,
                }
            }
            Phase::Play => {
                let prev = self.top_entry().map(|(_, p)| p.reading);
                if prev.is_some() && !f(Action::Pass) {
                    return false;
                }
                self.visit_plays(seat, prev, f)
            }
        }
    }

    /// [`Round::visit`]'s plays of `seat` over `prev` (after the pass), in a frame of its own:
    /// the move generator's callbacks (under which the search's playouts weigh each play) are
    /// not under the frame of the auction's and the rest of `visit`'s locals.
    #[inline(never)]
    fn visit_plays(&self, seat: Seat, prev: Option<Reading>, f: &mut dyn FnMut(Action) -> bool) -> bool {
        // The hand and the rules by reference (no copies in this frame).
        let hand = self.hands.get(seat.index()).unwrap_or(&Cards::EMPTY);
        if self.config.bomb_follows_rocket && prev.is_some_and(|p| p.kind == Kind::Rocket) {
            return visit_bombs(hand, f);
        }
        let rules = &self.config.rules;
        let quirk = self.config.quad_blocks_chain_head;
        // Only OpenSpiel's rules give one card set several readings, and only for
        // airplanes; every other play's one reading is the generator's.
        let several = several_readings(rules);
        generate(
            hand,
            prev,
            rules,
            usize::from(rules.max_cards),
            &mut |cards, generated| {
                let multi = several && is_airplane(generated.kind);
                if !multi {
                    if quirk && blocked_chain(hand, &generated) {
                        return true;
                    }
                    return f(Action::Play(Play {
                        cards,
                        reading: generated,
                    }));
                }
                visit_readings(hand, cards, prev, rules, quirk, f)
            },
        )
    }

    /// Writes the first `min(total, out.len())` legal actions of `seat` into `out` and returns
    /// the total (0 when it is not `seat`'s turn). [`MAX_ACTIONS`] slots always suffice.
    pub fn legal_actions(&self, seat: Seat, out: &mut [Action]) -> usize {
        let mut n = 0usize;
        self.for_each_legal_action(seat, |a| {
            if let Some(slot) = out.get_mut(n) {
                *slot = a;
            }
            n = n.saturating_add(1);
        });
        n
    }

    /// The number of legal actions of `seat`, without visiting them in play: the wing and
    /// kicker blocks are counted in closed form (the hot path of random playouts).
    pub fn count_legal_actions(&self, seat: Seat) -> usize {
        if self.to_act() != Some(seat) || self.phase != Phase::Play {
            return self.legal_actions(seat, &mut []);
        }
        let prev = self.top_entry().map(|(_, p)| p.reading);
        let pass = usize::from(prev.is_some());
        let hand = self.hand(seat);
        if self.config.bomb_follows_rocket && prev.is_some_and(|p| p.kind == Kind::Rocket) {
            let bombs = Rank::ALL.into_iter().filter(|&r| hand.count(r) == 4).count();
            return pass.saturating_add(bombs);
        }
        let rules = self.config.rules;
        let plays = count_plays(
            &hand,
            prev,
            &rules,
            usize::from(rules.max_cards),
            several_readings(&rules),
            self.config.quad_blocks_chain_head,
        );
        pass.saturating_add(plays)
    }

    /// The legal action of index `n` (order of [`Round::for_each_legal_action`]); `None` when
    /// `n` is past the count. On a lead, the blocks of plays before it (simple plays, each kind
    /// of chain, triplets with kickers, each chain's wings, each quad's kickers) are passed over
    /// by their counts (under rules that read airplane sets several ways, all but the airplane
    /// blocks, which are walked and expanded as [`Round::for_each_legal_action`] expands them),
    /// and the generator stops at it. In a bare-metal build (`target_os = "none"`:
    /// microcontrollers) the plays are counted down one by one instead (`nth_visited`: the
    /// same answers, tested), which leaves the closed forms and the generator's skip paths out
    /// of flash (about 3 KB on a Cortex-M4); hosts, where the bots' playouts and self-play
    /// run, keep them.
    pub fn nth_legal_action(&self, seat: Seat, n: usize) -> Option<Action> {
        let prev = self.top_entry().map(|(_, p)| p.reading);
        let rules = self.config.rules;
        let several = several_readings(&rules);
        let plain = self.to_act() == Some(seat)
            && self.phase == Phase::Play
            && !(self.config.bomb_follows_rocket && prev.is_some_and(|p| p.kind == Kind::Rocket));
        if !plain || cfg!(target_os = "none") {
            return self.nth_visited(seat, n);
        }
        let mut left = n;
        if prev.is_some() {
            match left.checked_sub(1) {
                None => return Some(Action::Pass),
                Some(rest) => left = rest,
            }
        }
        let hand = self.hand(seat);
        // Over a single, pair, triplet or bomb: the plays by bits of the count masks (all
        // presets' simple plays; the size limit can only cut them for a hand above it).
        if let Some(p) = prev
            && matches!(p.kind, Kind::Single | Kind::Pair | Kind::Triplet | Kind::Bomb)
            && hand.len() <= usize::from(rules.max_cards)
        {
            return nth_over_simple(&hand, p, left).map(|(cards, reading)| Action::Play(Play { cards, reading }));
        }
        let quirk = self.config.quad_blocks_chain_head;
        // On a lead, the first blocks (the simple plays, the plain chains, the triplets with a
        // kicker) in closed form; the rest by the generator.
        if prev.is_none()
            && let Some((cards, reading)) = nth_lead(&hand, usize::from(rules.max_cards), quirk, left)
        {
            return Some(Action::Play(Play { cards, reading }));
        }
        let skip = Cell::new(left);
        let mut found = None;
        // Over a play, the blocks are small: counting them costs more than walking them.
        let blocks = prev.is_none().then_some((&skip, quirk));
        // One play, counted down as `visit` reports it; whether to go on.
        let mut take = |action: Action| -> bool {
            if let Action::Play(play) = action
                && quirk
                && blocked_chain(&hand, &play.reading)
            {
                return true;
            }
            match skip.get().checked_sub(1) {
                None => {
                    found = Some(action);
                    false
                }
                Some(rest) => {
                    skip.set(rest);
                    true
                }
            }
        };
        generate_from(
            &hand,
            prev,
            &rules,
            usize::from(rules.max_cards),
            blocks,
            several,
            &mut |cards, generated| {
                // As `visit`: airplane sets under rules that read them several ways are
                // expanded into each reading that beats the previous play (its own code).
                let multi = several && is_airplane(generated.kind);
                if !multi {
                    return take(Action::Play(Play {
                        cards,
                        reading: generated,
                    }));
                }
                // `take` applies the chain rule itself: not tested twice.
                visit_readings(&hand, cards, prev, &rules, false, &mut take)
            },
        );
        found
    }

    /// The legal action of index `n` as [`Round::visit`] lists them, counted down one by one:
    /// [`Round::nth_legal_action`]'s answer without its closed forms (the microcontrollers'
    /// form, for flash; the same answers, tested).
    #[inline(never)]
    pub(in crate::doudizhu) fn nth_visited(&self, seat: Seat, n: usize) -> Option<Action> {
        let mut nth = Countdown::new(n);
        self.visit(seat, &mut |a| nth.take(a).is_continue());
        nth.found
    }

    /// A legal action of `seat` chosen by `pick` from the number of legal actions (at least 1):
    /// the action of the index it returns, as [`Round::nth_legal_action`] gives it; `None` when
    /// `seat` has none (then `pick` is not called). Over a single, pair, triplet or bomb the
    /// count and the play come from one reading of the hand's count masks.
    pub(crate) fn pick_legal_action(&self, seat: Seat, pick: impl FnOnce(usize) -> usize) -> Option<Action> {
        if self.to_act() == Some(seat)
            && self.phase == Phase::Play
            && let Some((_, top)) = self.top_entry()
            && matches!(top.reading.kind, Kind::Single | Kind::Pair | Kind::Triplet | Kind::Bomb)
        {
            let hand = self.hand(seat);
            if hand.len() <= usize::from(self.config.rules.max_cards)
                && let Some(plays) = over_simple_of(&hand, top.reading)
            {
                // The pass, then the plays.
                let total = count_of_simple(plays).saturating_add(1);
                return match pick(total).checked_sub(1) {
                    None => Some(Action::Pass),
                    Some(n) => nth_of_simple(plays, n).map(|(cards, reading)| Action::Play(Play { cards, reading })),
                };
            }
        }
        let total = self.count_legal_actions(seat);
        if total == 0 {
            return None;
        }
        self.nth_legal_action(seat, pick(total))
    }

    /// Whether `action` is legal for `seat` now.
    pub fn is_legal(&self, seat: Seat, action: Action) -> bool {
        if self.to_act() != Some(seat) {
            return false;
        }
        match (self.phase, action) {
            (Phase::Play, Action::Play(play)) => self.play_is_legal(seat, &play),
            (Phase::Play, Action::Pass) => self.top_entry().is_some(),
            (Phase::Auction, a) => {
                let mut found = false;
                self.visit(seat, &mut |b| {
                    found = a == b;
                    !found
                });
                found
            }
            _ => false,
        }
    }

    fn play_is_legal(&self, seat: Seat, play: &Play) -> bool {
        let hand = self.hand(seat);
        !play.cards.is_empty() && hand.contains(&play.cards) && self.play_fits(&hand, play)
    }

    /// The checks of a play of cards from `hand` (which holds them) beyond containment: its
    /// reading, OpenSpiel's chain quirk, and the table's top play.
    fn play_fits(&self, hand: &Cards, play: &Play) -> bool {
        if !reads_as(&play.cards, &play.reading, &self.config.rules) {
            return false;
        }
        if self.config.quad_blocks_chain_head && blocked_chain(hand, &play.reading) {
            return false;
        }
        self.top_entry().is_none_or(|(_, top)| {
            play.reading.beats(&top.reading)
                || (self.config.bomb_follows_rocket
                    && top.reading.kind == Kind::Rocket
                    && play.reading.kind == Kind::Bomb)
        })
    }

    /// Why the rules refuse `seat`'s `action` now (the seat being in turn): the rule, in a few
    /// words, for [`Error::IllegalAction`]. Only called once [`Round::is_legal`] said no.
    fn refusal(&self, seat: Seat, action: Action) -> &'static str {
        match (self.phase, action) {
            (Phase::Auction, Action::Play(_)) => "the auction is not over: bid, call, rob or pass first",
            (Phase::Auction, Action::Bid(_)) => match self.config.auction {
                Auction::Bids | Auction::OpenSpiel | Auction::Botzone => {
                    "a bid must be above the current bid, at most 3"
                }
                Auction::Rob | Auction::None => "this auction takes no bids: call, rob or pass",
            },
            (Phase::Auction, Action::Call) if self.config.auction == Auction::Rob => {
                "the landlord is already called: rob or pass"
            }
            (Phase::Auction, Action::Rob) if self.config.auction == Auction::Rob => {
                "nobody has called the landlord yet, or this seat may not rob now"
            }
            (Phase::Auction, Action::Call | Action::Rob) => "only the call-and-rob auction calls or robs",
            (Phase::Play, Action::Bid(_) | Action::Call | Action::Rob) => "the auction is over",
            (Phase::Play, Action::Pass) => "the leader of a trick may not pass",
            (Phase::Play, Action::Play(play)) => {
                let hand = self.hand(seat);
                if play.cards.is_empty() {
                    "a play needs at least one card"
                } else if !hand.contains(&play.cards) {
                    "the cards are not in the hand"
                } else if !classify(&play.cards, &self.config.rules)
                    .iter()
                    .any(|r| r == play.reading)
                {
                    "the cards do not make that combination under these rules"
                } else if self.config.quad_blocks_chain_head && blocked_chain(&hand, &play.reading) {
                    "a quad in the hand blocks that chain's head under these rules"
                } else {
                    "the play does not beat the table"
                }
            }
            _ => "the action is not legal now",
        }
    }

    /// The legal play of `cards` for `seat`, read at its strongest legal reading, if any (a
    /// convenience for text input: `333444555666` under `openspiel` has several readings).
    pub fn play_of(&self, seat: Seat, cards: &Cards) -> Option<Action> {
        classify(cards, &self.config.rules)
            .iter()
            .map(|reading| Action::Play(Play { cards: *cards, reading }))
            .find(|a| self.is_legal(seat, *a))
    }

    /// Applies `seat`'s `action`.
    ///
    /// # Errors
    /// [`Error::NoSuchSeat`] for a seat past 2, [`Error::RoundOver`] after the end,
    /// [`Error::NotYourTurn`] for another seat, [`Error::IllegalAction`] for an action the rules
    /// forbid now. On error the round is unchanged.
    pub fn apply(&mut self, seat: Seat, action: Action) -> Result<Event, Error> {
        if seat.0 > 2 {
            return Err(Error::NoSuchSeat { seat: seat.0 });
        }
        if self.phase == Phase::Over {
            return Err(Error::RoundOver);
        }
        if seat.0 != self.turn {
            return Err(Error::NotYourTurn { seat: seat.0 });
        }
        // A play: the hand left after it is the containment check (as `play_is_legal`, whose
        // other checks follow), computed once.
        let after = match (self.phase, action) {
            (Phase::Play, Action::Play(play)) => {
                let hand = self.hand(seat);
                match hand.minus(&play.cards) {
                    Some(after) if !play.cards.is_empty() && self.play_fits(&hand, &play) => Some(after),
                    _ => {
                        return Err(Error::IllegalAction {
                            why: reason!(self.refusal(seat, action)),
                        });
                    }
                }
            }
            _ => None,
        };
        if after.is_none() && !self.is_legal(seat, action) {
            return Err(Error::IllegalAction {
                why: reason!(self.refusal(seat, action)),
            });
        }
        // Each branch builds its event whole, in place of the result (no event filled in, then
        // copied out).
        let event = |doubled: bool, lead: Option<Seat>, outcome: Option<Outcome>| Event {
            seat,
            action,
            landlord: None,
            kitty: None,
            void: false,
            doubled,
            lead,
            outcome,
        };
        match (action, after) {
            (Action::Play(play), Some(after)) => {
                let (doubled, outcome) = self.apply_play(seat.0, &play, after)?;
                Ok(event(doubled, None, outcome))
            }
            (Action::Pass, _) if self.phase == Phase::Play => {
                self.passes = self.passes.saturating_add(1);
                if self.passes >= 2 {
                    let leader = self.top_entry().map_or(next(seat.0), |(s, _)| s);
                    self.set_top(None);
                    self.passes = 0;
                    self.turn = leader;
                    Ok(event(false, Some(Seat(leader)), None))
                } else {
                    self.turn = next(seat.0);
                    Ok(event(false, None, None))
                }
            }
            _ => {
                let code = auction_code(action).ok_or(Error::Internal)?;
                self.apply_auction(seat.0, code)?;
                let mut event = event(action == Action::Rob, None, None);
                match self.phase {
                    Phase::Play => {
                        event.landlord = self.landlord();
                        event.kitty = Some(self.kitty);
                    }
                    Phase::Over => {
                        event.void = true;
                        event.outcome = self.outcome();
                    }
                    Phase::Auction => {}
                }
                Ok(event)
            }
        }
    }

    /// The play's step, `hand` the hand left after it (the play known legal): whether it
    /// doubled the stake (a bomb or the rocket) and the outcome when it ended the deal.
    fn apply_play(&mut self, seat: u8, play: &Play, hand: Cards) -> Result<(bool, Option<Outcome>), Error> {
        let i = usize::from(seat);
        // Both piles computed before either is written: an error leaves the round unchanged.
        let played = self
            .played
            .get(i)
            .ok_or(Error::Internal)?
            .plus(&play.cards)
            .ok_or(Error::Internal)?;
        let emptied = hand.is_empty();
        if let (Some(hand_slot), Some(played_slot)) = (self.hands.get_mut(i), self.played.get_mut(i)) {
            *hand_slot = hand;
            *played_slot = played;
        }
        if let Some(n) = self.plays.get_mut(i) {
            *n = n.saturating_add(1);
        }
        let doubled = matches!(play.reading.kind, Kind::Bomb | Kind::Rocket);
        if doubled {
            self.bombs = self.bombs.saturating_add(1);
        }
        self.set_top(Some((seat, *play)));
        self.passes = 0;
        if emptied {
            self.phase = Phase::Over;
            return Ok((doubled, self.outcome()));
        }
        self.turn = next(seat);
        Ok((doubled, None))
    }

    /// The auction step (the action is known legal); also used by `decode` to replay the log.
    pub(super) fn apply_auction(&mut self, seat: u8, code: u8) -> Result<(), Error> {
        let slot = self
            .auction
            .get_mut(usize::from(self.auction_len))
            .ok_or(Error::Internal)?;
        *slot = code;
        self.auction_len = self.auction_len.saturating_add(1);
        let pass = code == CODE_PASS;
        if pass {
            self.passes = self.passes.saturating_add(1);
        } else {
            self.passes = 0;
        }
        match self.config.auction {
            Auction::Bids | Auction::Botzone => {
                if !pass {
                    self.bid = code;
                    self.bidder = seat;
                }
                if code == 3 {
                    self.take_kitty(seat)?;
                } else if self.auction_len >= 3 {
                    if self.bidder == NONE && self.config.auction == Auction::Botzone {
                        // Botzone: all passed, the first bidder is the landlord at bid 1.
                        self.bid = 1;
                        self.bidder = self.first;
                        self.take_kitty(self.first)?;
                    } else if self.bidder == NONE {
                        self.phase = Phase::Over;
                    } else {
                        self.take_kitty(self.bidder)?;
                    }
                } else {
                    self.turn = next(seat);
                }
            }
            Auction::OpenSpiel => {
                if pass {
                    if self.passes >= 3 {
                        self.phase = Phase::Over;
                    } else if self.passes == 2 && self.bid > 0 {
                        self.take_kitty(self.bidder)?;
                    } else {
                        self.turn = next(seat);
                    }
                } else {
                    self.bid = code;
                    self.bidder = seat;
                    if code == 3 {
                        self.take_kitty(seat)?;
                    } else {
                        self.turn = next(seat);
                    }
                }
            }
            Auction::Rob => match self.stage {
                STAGE_CALLING => {
                    if pass {
                        if self.passes >= 3 {
                            self.phase = Phase::Over;
                        } else {
                            self.turn = next(seat);
                        }
                    } else {
                        self.bid = 1;
                        self.bidder = seat;
                        self.caller = seat;
                        if next(seat) == self.first {
                            self.take_kitty(seat)?;
                        } else {
                            self.stage = STAGE_ROBBING;
                            self.turn = next(seat);
                        }
                    }
                }
                STAGE_ROBBING => {
                    if !pass {
                        self.robs = self.robs.saturating_add(1);
                        self.bidder = seat;
                    }
                    if next(seat) != self.first {
                        self.turn = next(seat);
                    } else if self.robs > 0 {
                        self.stage = STAGE_FINAL;
                        self.turn = self.caller;
                    } else {
                        self.take_kitty(self.caller)?;
                    }
                }
                _ => {
                    if !pass {
                        self.robs = self.robs.saturating_add(1);
                        self.bidder = seat;
                    }
                    self.take_kitty(self.bidder)?;
                }
            },
            Auction::None => return Err(Error::Internal),
        }
        Ok(())
    }

    /// The outcome, once the deal is over.
    pub fn outcome(&self) -> Option<Outcome> {
        if self.phase != Phase::Over {
            return None;
        }
        let Some(landlord) = seat_opt(self.landlord) else {
            return Some(Outcome {
                landlord: None,
                winner: None,
                landlord_won: false,
                bid: 0,
                bombs: 0,
                robs: self.robs,
                spring: Spring::None,
                stake: 0,
                scores: [0; SEATS],
            });
        };
        let winner = self.hands.iter().position(Cards::is_empty)?;
        let landlord_won = winner == landlord.index();
        let (mut landlord_plays, mut peasant_plays) = (0u8, 0u32);
        for (s, &n) in self.plays.iter().enumerate() {
            if s == landlord.index() {
                landlord_plays = n;
            } else {
                peasant_plays = peasant_plays.saturating_add(u32::from(n));
            }
        }
        let spring = if landlord_won && peasant_plays == 0 {
            Spring::Spring
        } else if !landlord_won && landlord_plays == 1 {
            Spring::AntiSpring
        } else {
            Spring::None
        };
        let doublings = u32::from(self.bombs)
            .saturating_add(u32::from(self.robs))
            .saturating_add(u32::from(spring != Spring::None));
        let stake = 1u32
            .checked_shl(doublings)
            .and_then(|p| p.checked_mul(u32::from(self.bid)))
            // A documented clamp ([`Outcome::stake`]), never reached: a deal has at most 14
            // bombs (a decoded one no more than its played piles hold), so the stake is at
            // most 3 · 2^(14 + robs + 1).
            .unwrap_or(u32::MAX);
        // Halved so that the landlord's double share cannot overflow either (same clamp).
        let unit = i32::try_from(stake).unwrap_or(i32::MAX / 2);
        let scores = deal_scores(self.config.scoring, landlord.index(), landlord_won, unit);
        Some(Outcome {
            landlord: Some(landlord),
            winner: Some(Seat(winner as u8)),
            landlord_won,
            bid: self.bid,
            bombs: self.bombs,
            robs: self.robs,
            spring,
            stake,
            scores,
        })
    }

    /// What `seat` may know: its own hand and everything public, never another seat's cards.
    ///
    /// # Errors
    /// [`Error::NoSuchSeat`] for a seat past 2.
    pub fn observation(&self, seat: Seat) -> Result<Observation, Error> {
        if seat.index() >= SEATS {
            return Err(Error::NoSuchSeat { seat: seat.0 });
        }
        let mut counts = [0u8; SEATS];
        for (c, h) in counts.iter_mut().zip(self.hands.iter()) {
            *c = h.len() as u8;
        }
        Ok(Observation {
            seat,
            hand: self.hand(seat),
            counts,
            played: self.played,
            kitty: self.landlord().map(|_| self.kitty),
            landlord: self.landlord(),
            first_bidder: Seat(self.first),
            auction: self.auction,
            auction_len: self.auction_len,
            bid: self.bid,
            robs: self.robs,
            bombs: self.bombs,
            plays: self.plays,
            to_act: self.to_act(),
            top: self.top(),
            passes: if self.phase == Phase::Play { self.passes } else { 0 },
            rules: self.config.rules,
        })
    }

    /// Perfect-information analysis: can `seat` (to lead now) play out all its cards so that
    /// neither other seat can ever beat a play but the last? The seed's spring solver on the
    /// actual hands. For the question a seat itself may ask, see [`Observation::spring`].
    ///
    /// # Errors
    /// As [`spring`]; [`Error::NoSuchSeat`] for a seat past 2.
    pub fn spring_plan(&self, seat: Seat, scratch: &mut Scratch) -> Result<Option<Plan>, Error> {
        if seat.index() >= SEATS {
            return Err(Error::NoSuchSeat { seat: seat.0 });
        }
        let a = self.hand(Seat(next(seat.0)));
        let b = self.hand(Seat(next(next(seat.0))));
        spring(&self.hand(seat), &Opponents::Both(a, b), &self.config.rules, scratch)
    }
}

/// Each seat's score for a deal the landlord (seat `landlord`) won or lost at a stake of
/// `unit` ([`Scoring`]): the peasants' score, the landlord's in its place (no loop over the
/// seats with the scoring's match in it: flash; the same scores, tested).
pub(super) fn deal_scores(scoring: Scoring, landlord: usize, landlord_won: bool, unit: i32) -> [i32; SEATS] {
    let (mine, theirs) = match scoring {
        Scoring::Stake => {
            let double = unit.saturating_mul(2);
            if landlord_won {
                (double, unit.saturating_neg())
            } else {
                (double.saturating_neg(), unit)
            }
        }
        Scoring::WinLoss => (i32::from(landlord_won), i32::from(!landlord_won)),
    };
    let mut scores = [theirs; SEATS];
    if let Some(slot) = scores.get_mut(landlord) {
        *slot = mine;
    }
    scores
}

/// A number, then a text: the pairs the view's lines are made of (one call each).
#[inline(never)]
fn put(out: &mut dyn fmt::Write, n: u32, text: &str) -> fmt::Result {
    Dec::from(n).write_to(out)?;
    out.write_str(text)
}

impl Round {
    /// The text view of `seat` (below 3; see [`crate::game::Round::write_view`]): what its
    /// [`Round::observation`] holds, and the outcome. Written piece by piece from the round's
    /// fields (the text the `write!` lines of the observation wrote, tested): no observation
    /// copied, no `core::fmt::write` and no argument lists on this path (flash).
    pub(in crate::doudizhu) fn write_view_text(&self, me: Seat, out: &mut dyn fmt::Write) -> fmt::Result {
        let landlord = self.landlord();
        let role = |s: Seat| match landlord {
            Some(l) if l == s => "landlord",
            Some(_) => "peasant",
            None => "bidding",
        };
        let hand = self.hand(me);
        out.write_str("doudizhu: you are seat ")?;
        put(out, u32::from(me.0), " (")?;
        out.write_str(role(me))?;
        out.write_str(")\nhand: ")?;
        hand.write_to(out)?;
        out.write_str(" (")?;
        let held = hand.len();
        // At most 54 cards: the conversion keeps it.
        put(
            out,
            u32::try_from(held).unwrap_or(u32::MAX),
            if held == 1 { " card)\n" } else { " cards)\n" },
        )?;
        for (s, (hand, played)) in (0u8..).zip(self.hands.iter().zip(self.played.iter())) {
            let seat = Seat(s);
            out.write_str("seat ")?;
            put(out, u32::from(s), " (")?;
            out.write_str(role(seat))?;
            out.write_str(if seat == me { ", you): " } else { "): " })?;
            // The observation's count: a hand's length as a byte.
            let count = hand.len() as u8;
            put(
                out,
                u32::from(count),
                if count == 1 {
                    " card, played "
                } else {
                    " cards, played "
                },
            )?;
            played.write_to(out)?;
            out.write_str("\n")?;
        }
        out.write_str("kitty: ")?;
        match landlord {
            Some(_) => self.kitty.write_to(out)?,
            None => out.write_str("hidden")?,
        }
        out.write_str("\nauction:")?;
        let mut any = false;
        let mut bidder = Seat(self.first);
        let taken = usize::from(self.auction_len);
        for action in self.auction.iter().take(taken).filter_map(|&c| auction_action(c)) {
            out.write_str(" ")?;
            put(out, u32::from(bidder.0), " ")?;
            action.write_to(out)?;
            out.write_str(";")?;
            bidder = bidder.next(3);
            any = true;
        }
        if !any {
            out.write_str(" -")?;
        }
        out.write_str("\nstake: bid ")?;
        put(out, u32::from(self.bid), ", bombs ")?;
        put(out, u32::from(self.bombs), ", robs ")?;
        put(out, u32::from(self.robs), "\ntrick: ")?;
        match self.top_entry() {
            Some((s, play)) => {
                out.write_str("seat ")?;
                put(out, u32::from(s), " played ")?;
                play.cards.write_to(out)?;
                out.write_str(" (")?;
                play.reading.write_to(out)?;
                out.write_str("), passes ")?;
                let passes = if self.phase == Phase::Play { self.passes } else { 0 };
                put(out, u32::from(passes), "\n")?;
            }
            None => out.write_str("-\n")?,
        }
        match (self.to_act(), self.outcome()) {
            (Some(s), _) => {
                out.write_str("turn: seat ")?;
                put(out, u32::from(s.0), "\n")?;
            }
            (None, Some(o)) => {
                match (o.landlord, o.landlord_won) {
                    (None, _) => out.write_str("over: void (everyone passed)\n")?,
                    (Some(l), won) => {
                        out.write_str(if won {
                            "over: the landlord (seat "
                        } else {
                            "over: the peasants win against seat "
                        })?;
                        put(out, u32::from(l.0), if won { ") wins, stake " } else { ", stake " })?;
                        put(out, o.stake, "\n")?;
                    }
                }
                match o.spring {
                    Spring::None => {}
                    Spring::Spring => out.write_str("spring\n")?,
                    Spring::AntiSpring => out.write_str("anti-spring\n")?,
                }
                out.write_str("scores:")?;
                for score in o.scores {
                    out.write_str(" ")?;
                    Dec::from(score).write_to(out)?;
                }
                out.write_str("\n")?;
            }
            (None, None) => out.write_str("over\n")?,
        }
        Ok(())
    }
}

/// Whether the rules give some airplane sets several readings (single wings may be a triplet
/// next to the chain: OpenSpiel's rules), so that a generated set may be several actions.
fn several_readings(rules: &Preset) -> bool {
    rules.wing_copies >= 3 && rules.wing_triplet_next_to_chain
}

/// An airplane of any wings: the one kind whose card set may read several ways
/// ([`several_readings`]).
fn is_airplane(kind: Kind) -> bool {
    matches!(kind, Kind::Airplane | Kind::AirplaneSingles | Kind::AirplanePairs)
}

/// Whether OpenSpiel's generator skips this reading: a plain chain starting at a rank of which
/// the hand holds all four cards ([`Config::quad_blocks_chain_head`]).
pub(super) fn blocked_chain(hand: &Cards, reading: &Reading) -> bool {
    matches!(reading.kind, Kind::Sequence | Kind::PairSequence | Kind::Airplane) && hand.count(reading.key) == 4
}

/// The plays of an airplane set `cards` under rules that read it several ways ([`Round::visit`]):
/// each reading that beats `prev` and that the chain rule (`quirk`) lets through, handed to `f`
/// until it returns `false`; whether it never did. Out of line: the readings are not in the
/// frame of the generator's callback, under which the search's playouts weigh every play.
#[inline(never)]
fn visit_readings(
    hand: &Cards,
    cards: Cards,
    prev: Option<Reading>,
    rules: &Preset,
    quirk: bool,
    f: &mut dyn FnMut(Action) -> bool,
) -> bool {
    for reading in classify(&cards, rules).iter() {
        if prev.is_some_and(|p| !reading.beats(&p)) {
            continue;
        }
        if quirk && blocked_chain(hand, &reading) {
            continue;
        }
        if !f(Action::Play(Play { cards, reading })) {
            return false;
        }
    }
    true
}

/// The plays over the rocket where a bomb may follow it ([`Config::bomb_follows_rocket`]): each
/// bomb of `hand`, handed to `f` until it returns `false`; whether it never did.
#[inline(never)]
fn visit_bombs(hand: &Cards, f: &mut dyn FnMut(Action) -> bool) -> bool {
    for rank in Rank::ALL.into_iter().filter(|&r| hand.count(r) == 4) {
        let mut cards = Cards::EMPTY;
        cards.add(rank, 4);
        let reading = Reading {
            kind: Kind::Bomb,
            chain: 1,
            key: rank,
        };
        if !f(Action::Play(Play { cards, reading })) {
            return false;
        }
    }
    true
}
