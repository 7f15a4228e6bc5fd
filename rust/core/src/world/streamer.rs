//! The bookkeeping of a streamed world: which tiles are shown, which are being generated, which
//! to ask for next and which to drop, as the stream target moves.
//!
//! [`Streamer::step`] follows [`TileSet::plan`] and adds two rules: at most
//! [`Streamer::max_in_flight`] tiles are generated at once (so that a target that turns around
//! does not leave a queue of tiles behind it: the next tiles are always chosen from where it is
//! now), and a tile still being generated is never asked for twice. A tile that arrives after
//! the target moved on is kept only while it lies within the eviction distance
//! ([`Streamer::arrived`]).

use super::stream::{Plan, TileSet};
use super::TileCoord;
use std::collections::BTreeSet;

/// Which tiles of a streamed world are loaded, being generated, wanted and unwanted.
#[derive(Clone, Debug, PartialEq)]
pub struct Streamer {
    set: TileSet,
    radius: u32,
    max_in_flight: usize,
    loaded: BTreeSet<TileCoord>,
    in_flight: BTreeSet<TileCoord>,
}

impl Streamer {
    /// A streamer with nothing loaded, for tiles of `set` within `radius` tiles of the target,
    /// generating at most `max_in_flight` (at least 1) tiles at once.
    pub fn new(set: TileSet, radius: u32, max_in_flight: usize) -> Self {
        Streamer {
            set,
            radius,
            max_in_flight: max_in_flight.max(1),
            loaded: BTreeSet::new(),
            in_flight: BTreeSet::new(),
        }
    }

    /// How world positions fall into tiles.
    pub fn tile_set(&self) -> &TileSet {
        &self.set
    }

    /// Most tiles generated at once.
    pub fn max_in_flight(&self) -> usize {
        self.max_in_flight
    }

    /// The tiles shown.
    pub fn loaded(&self) -> &BTreeSet<TileCoord> {
        &self.loaded
    }

    /// The tiles being generated.
    pub fn in_flight(&self) -> &BTreeSet<TileCoord> {
        &self.in_flight
    }

    /// What to do for a target at `(x, z)`: the tiles to start generating (nearest first, no
    /// more than the free generation slots) and the loaded tiles to drop. The requested tiles
    /// count as in flight and the dropped ones as gone from here on.
    pub fn step(&mut self, target: (f64, f64)) -> Plan {
        let held: BTreeSet<TileCoord> = self.loaded.union(&self.in_flight).copied().collect();
        let plan = self.set.plan(target, &held, self.radius);
        let free = self.max_in_flight.saturating_sub(self.in_flight.len());
        let load: Vec<TileCoord> = plan.load.into_iter().take(free).collect();
        let evict: Vec<TileCoord> = (plan.evict.into_iter())
            .filter(|c| self.loaded.contains(c))
            .collect();
        for c in &evict {
            self.loaded.remove(c);
        }
        self.in_flight.extend(load.iter().copied());
        Plan { load, evict }
    }

    /// A tile asked for by [`Streamer::step`] is ready while the target is at `(x, z)`: returns
    /// whether to show it (it still lies within the eviction distance), and counts it as loaded
    /// if so. A tile that was not in flight (asked for before [`Streamer::reset`]) is refused.
    pub fn arrived(&mut self, coord: TileCoord, target: (f64, f64)) -> bool {
        if !self.in_flight.remove(&coord) {
            return false;
        }
        let here = self.set.tile_at(target.0, target.1);
        let keep = coord.chebyshev(here) <= self.radius.saturating_add(1);
        if keep {
            self.loaded.insert(coord);
        }
        keep
    }

    /// A tile asked for failed or was abandoned: it may be asked for again.
    pub fn failed(&mut self, coord: TileCoord) {
        self.in_flight.remove(&coord);
    }

    /// Forgets every tile (the parameters changed): the caller drops what it shows.
    pub fn reset(&mut self) {
        self.loaded.clear();
        self.in_flight.clear();
    }

    /// Whether every tile within the radius of `(x, z)` is loaded and none is being generated.
    pub fn is_settled(&self, target: (f64, f64)) -> bool {
        let held: BTreeSet<TileCoord> = self.loaded.clone();
        self.in_flight.is_empty() && self.set.plan(target, &held, self.radius).load.is_empty()
    }
}
