//! River channels as lines: the chains of river cells along the flow directions, from each source
//! down to the channel it joins, the still water it enters or the map's border, and their
//! centre-lines smoothed so that rivers curve instead of stepping from cell to cell.
//!
//! A confluence keeps the main stem whole: a cell's main upstream cell is the river cell draining
//! into it with the largest accumulation (the lowest index on a tie), and a chain runs on through a
//! cell only from its main upstream cell. Every other tributary ends at the confluence cell, which
//! its parent chain owns. Chains come parents first, so a tributary can be drawn into the line its
//! parent already has.

use super::{Downstream, NO_RECEIVER};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// Cell indices hashed by one multiplication (Fibonacci hashing): the maps here are only
/// looked up, never iterated, so the hash decides their speed and nothing of the result; a map
/// of a million river cells is several times faster than with the standard library's hasher.
#[derive(Clone, Copy, Debug, Default)]
struct CellHasher(u64);

impl Hasher for CellHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(FIBONACCI);
        }
    }

    fn write_u32(&mut self, cell: u32) {
        self.0 = u64::from(cell).wrapping_mul(FIBONACCI);
    }
}

/// 2⁶⁴ divided by the golden ratio, odd.
const FIBONACCI: u64 = 0x9E37_79B9_7F4A_7C15;

/// A map keyed by cell index.
type CellMap<V> = HashMap<u32, V, BuildHasherDefault<CellHasher>>;

/// Centre-line smoothing: passes of the `[¼, ½, ¼]` filter over a chain's points (its ends held),
/// which spreads a turn of the cell lattice over about `√(passes / 2)` cells on either side.
pub const SMOOTHING_PASSES: u32 = 8;

/// How a chain ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChannelEnd {
    /// It joins the chain of this index (in the list [`channels`] returns) at its last cell.
    Joins(usize),
    /// Its last cell is still water (a lake or the sea).
    Still,
    /// It leaves the map: its last cell is a river cell on the border.
    Border,
}

/// One chain of river cells, downstream.
#[derive(Clone, Debug, PartialEq)]
pub struct Channel {
    /// The cells the river runs through, downstream. The first is a still-water cell when the river
    /// leaves a lake; the last is not the chain's own when the chain joins another or enters still
    /// water.
    pub cells: Vec<u32>,
    /// The chain's own cells: `cells[owned.0..owned.1]`.
    pub owned: (usize, usize),
    /// How it ends.
    pub end: ChannelEnd,
}

/// The chains of the river cells (`river`) along the `receivers`, parents first: in decreasing
/// accumulation of their last own cell, then by their first cell. `still` marks lake and sea cells,
/// where chains end and from which a chain may start.
pub fn channels<R: Downstream + ?Sized>(
    receivers: &R,
    accumulation: &[u32],
    river: &[bool],
    still: &[bool],
) -> Vec<Channel> {
    let n = receivers.cells();
    // About one main upstream cell per river cell: sized once, not grown.
    let rivers = river.iter().filter(|&&r| r).count();
    let mut main_up: CellMap<u32> = CellMap::with_capacity_and_hasher(rivers, Default::default());
    let mut still_up: CellMap<u32> = CellMap::default();
    for i in 0..n {
        if !(river[i] || still[i]) {
            continue;
        }
        let r = receivers.downstream(i);
        if r == NO_RECEIVER || !river[r as usize] {
            continue;
        }
        let ups = if river[i] {
            &mut main_up
        } else {
            &mut still_up
        };
        let better = ups
            .get(&r)
            .is_none_or(|&u| accumulation[i] > accumulation[u as usize]);
        if better {
            ups.insert(r, i as u32);
        }
    }
    let mut chains: Vec<Channel> = (0..n as u32)
        .filter(|&i| river[i as usize] && !main_up.contains_key(&i))
        .map(|head| chain_from(head, receivers, river, still, &main_up, &still_up))
        .collect();
    // The chains hold what the confluences decided.
    drop((main_up, still_up));
    let last_own = |c: &Channel| c.cells[c.owned.1 - 1];
    chains.sort_by(|a, b| {
        let (la, lb) = (last_own(a), last_own(b));
        accumulation[lb as usize]
            .cmp(&accumulation[la as usize])
            .then(a.cells[a.owned.0].cmp(&b.cells[b.owned.0]))
    });
    let mut owner: CellMap<usize> = CellMap::with_capacity_and_hasher(rivers, Default::default());
    owner.extend(
        (chains.iter().enumerate())
            .flat_map(|(k, c)| c.cells[c.owned.0..c.owned.1].iter().map(move |&i| (i, k))),
    );
    for c in &mut chains {
        if c.end == ChannelEnd::Joins(usize::MAX) {
            // Every river cell is owned by a chain, so the joint has its owner.
            let parent = c.cells.last().and_then(|joint| owner.get(joint));
            c.end = parent.map_or(ChannelEnd::Still, |&k| ChannelEnd::Joins(k));
        }
    }
    chains
}

/// The chain that starts at river cell `head`: down the receivers while the next cell is a river
/// cell whose main upstream cell this one is.
fn chain_from<R: Downstream + ?Sized>(
    head: u32,
    receivers: &R,
    river: &[bool],
    still: &[bool],
    main_up: &CellMap<u32>,
    still_up: &CellMap<u32>,
) -> Channel {
    let mut cells = Vec::new();
    if let Some(&lake) = still_up.get(&head) {
        cells.push(lake);
    }
    let first = cells.len();
    let mut c = head;
    let end = loop {
        cells.push(c);
        let r = receivers.downstream(c as usize);
        if r == NO_RECEIVER {
            break ChannelEnd::Border;
        }
        if river[r as usize] && main_up.get(&r) == Some(&c) {
            c = r;
            continue;
        }
        cells.push(r);
        break if still[r as usize] {
            ChannelEnd::Still
        } else {
            // Resolved once every chain is known.
            ChannelEnd::Joins(usize::MAX)
        };
    };
    let last = match end {
        ChannelEnd::Border => cells.len(),
        _ => cells.len() - 1,
    };
    Channel {
        cells,
        owned: (first, last),
        end,
    }
}

/// Smooths a line in place with `passes` passes of the `[¼, ½, ¼]` filter, its two ends held.
/// Additions and multiplications only: the same bits on every platform.
pub fn smooth(points: &mut [[f32; 2]], passes: u32) {
    if points.len() < 3 {
        return;
    }
    let mut prev = points.to_vec();
    for _ in 0..passes {
        prev.copy_from_slice(points);
        for k in 1..points.len() - 1 {
            for a in 0..2 {
                points[k][a] = 0.25 * prev[k - 1][a] + 0.5 * prev[k][a] + 0.25 * prev[k + 1][a];
            }
        }
    }
}

/// The surface of a chain's water at each of its points, from the points' own `levels` and the
/// level the chain ends at (`end`, which replaces the last point's own level: the still water's or
/// the parent's surface; `None` at the border): the highest level of the point and of every point
/// downstream of it. So it never rises downstream, and a river backs up behind a sill instead of climbing
/// over it. Only `max` is used: exact.
pub fn surface_levels(levels: &[f32], end: Option<f32>) -> Vec<f32> {
    let mut surface = levels.to_vec();
    if let (Some(end), Some(last)) = (end, surface.last_mut()) {
        *last = end;
    }
    let mut below = f32::NEG_INFINITY;
    for s in surface.iter_mut().rev() {
        *s = s.max(below);
        below = *s;
    }
    surface
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 5 × 1 strip: 0 → 1 → 2 → 3 → 4 (border), with a tributary from a 5 × 2 grid's second row.
    #[test]
    fn a_tributary_ends_at_the_confluence_and_the_main_stem_runs_through() {
        // Row 0: 0 1 2 3 4, all draining east; 4 leaves. Row 1: 5 drains into 6, 6 into 2.
        let nr = NO_RECEIVER;
        let receivers = [1, 2, 3, 4, nr, 6, 2, nr, nr, nr];
        let accumulation = [1, 2, 6, 7, 8, 1, 2, 1, 1, 1];
        let river = [
            true, true, true, true, true, true, true, false, false, false,
        ];
        let still = [false; 10];
        let chains = channels(&receivers[..], &accumulation, &river, &still);
        assert_eq!(chains.len(), 2);
        assert_eq!(chains[0].cells, vec![0, 1, 2, 3, 4]);
        assert_eq!(chains[0].end, ChannelEnd::Border);
        assert_eq!(chains[0].owned, (0, 5));
        // Cell 1 (accumulation 2) and cell 6 (2) both drain into 2: the lower index is the main
        // stem, the other ends at the confluence.
        assert_eq!(chains[1].cells, vec![5, 6, 2]);
        assert_eq!(chains[1].owned, (0, 2));
        assert_eq!(chains[1].end, ChannelEnd::Joins(0));
    }

    #[test]
    fn a_river_leaving_a_lake_starts_in_it_and_ends_in_the_sea() {
        // 0 (lake) → 1 → 2 → 3 (sea).
        let nr = NO_RECEIVER;
        let receivers = [1, 2, 3, nr];
        let accumulation = [5, 6, 7, 8];
        let river = [false, true, true, false];
        let still = [true, false, false, true];
        let chains = channels(&receivers[..], &accumulation, &river, &still);
        assert_eq!(chains.len(), 1);
        assert_eq!(chains[0].cells, vec![0, 1, 2, 3]);
        assert_eq!(chains[0].owned, (1, 3));
        assert_eq!(chains[0].end, ChannelEnd::Still);
    }

    #[test]
    fn smoothing_holds_the_ends_and_rounds_a_corner() {
        let mut line = [[0.0, 0.0], [1.0, 0.0], [2.0, 0.0], [2.0, 1.0], [2.0, 2.0]];
        smooth(&mut line, SMOOTHING_PASSES);
        assert_eq!(line[0], [0.0, 0.0]);
        assert_eq!(line[4], [2.0, 2.0]);
        // The corner point moves inside the turn.
        assert!(line[2][0] < 2.0 && line[2][1] > 0.0, "{:?}", line[2]);
        // A straight line stays straight.
        let mut straight = [[0.0, 0.0], [1.0, 0.0], [2.0, 0.0], [3.0, 0.0]];
        smooth(&mut straight, SMOOTHING_PASSES);
        assert!(straight.iter().all(|p| p[1] == 0.0));
    }

    #[test]
    fn the_surface_never_rises_downstream_and_meets_the_end() {
        let s = surface_levels(&[0.9, 0.5, 0.7, 0.45, 0.6], Some(0.5));
        assert_eq!(s, vec![0.9, 0.7, 0.7, 0.5, 0.5]);
        assert!(s.windows(2).all(|p| p[0] >= p[1]));
        assert_eq!(surface_levels(&[0.3, 0.4], None), vec![0.4, 0.4]);
    }
}
