//! Least-cost road paths: A* over the eight neighbours of each cell, with costs for grade, turns,
//! bridges, and a discount on cells that already carry a road, so new roads join the network.
//!
//! Costs are in metres of open flat road, so a road is the same road on every cell size. Ties
//! break by cell index, so a path is the same on every platform and thread count.

use super::ground::{step_length, Footing, RoadGround};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Extra cost per metre of length at the steepest allowed grade (it grows with the square of the
/// grade's share).
pub const GRADE_COST: f32 = 3.0;
/// Cost of each 45° of turn between two steps, per metre of the cell size: the lattice draws a
/// slanted road as a staircase with a turn every few cells, so turns cost the same per metre of
/// road on every lattice.
pub const TURN_COST: f32 = 0.3;
/// Extra cost per metre of bridge (a river cell costs this times its
/// [`bridge`](RoadGround::bridge) length, the river's width or the cell): a road crosses a river
/// rather than run along it, and a narrow crossing rather than a wide one, but does not go far
/// out of its way for one. Where a river runs on a map moves with the sampling by a cell or two;
/// a dearer bridge would make the roads of two resolutions of one world part to cross it.
pub const BRIDGE_COST: f32 = 2.0;
/// Extra cost per metre of town lot crossed (a lot cell costs this times the cell size): roads
/// go round the lots, along the streets.
pub const LOT_COST: f32 = 6.0;
/// Cost factor on cells that already carry a road: a new road joins one running its way rather
/// than run beside it, but takes no detour of more than about a tenth along it. A deeper
/// discount draws each road along the ones made before it, so one route that differs between
/// two resolutions of a world moves every later one that would reuse it.
pub const REUSE_FACTOR: f32 = 0.9;
/// The heuristic's cost per metre of straight-line distance: [`REUSE_FACTOR`], the least a metre
/// of road costs, so it never overestimates and every path found is a least-cost one.
pub const HEURISTIC_WEIGHT: f32 = REUSE_FACTOR;

/// A reusable A* search over one [`RoadGround`]: buffers sized to the map, reset by a stamp.
pub struct Router<'a> {
    ground: &'a RoadGround,
    cost: Vec<f32>,
    parent: Vec<u32>,
    heading: Vec<u8>,
    stamp: Vec<u32>,
    closed: Vec<u32>,
    run: u32,
}

/// Turns between headings `a` and `b`, in 45° steps (0..=4).
#[inline]
fn turn(a: u8, b: usize) -> u32 {
    let d = (a as i32 - b as i32).rem_euclid(8);
    d.min(8 - d) as u32
}

impl<'a> Router<'a> {
    /// A router over `ground`.
    pub fn new(ground: &'a RoadGround) -> Self {
        let n = ground.width * ground.depth;
        Router {
            ground,
            cost: vec![0.0; n],
            parent: vec![0; n],
            heading: vec![u8::MAX; n],
            stamp: vec![0; n],
            closed: vec![0; n],
            run: 0,
        }
    }

    /// The ground it routes over.
    pub(super) fn ground(&self) -> &'a RoadGround {
        self.ground
    }

    /// The cost of stepping from `a` (reached with heading `from`, `u8::MAX` for none) to `b` in
    /// direction `dir`, in metres of open flat road.
    pub(super) fn step_cost(&self, a: usize, b: usize, dir: usize, from: u8, road: &[bool]) -> f32 {
        let g = self.ground;
        let cell = g.cell_size;
        let share = g.grade_share(a, b, dir);
        let mut c = step_length(dir) * cell * (1.0 + GRADE_COST * share * share);
        if from != u8::MAX {
            c += TURN_COST * cell * turn(from, dir) as f32;
        }
        if g.footing[b] == Footing::River {
            c += BRIDGE_COST * g.bridge(b);
        }
        if g.lot[b] {
            c += LOT_COST * cell;
        }
        if road[b] {
            c *= REUSE_FACTOR;
        }
        c
    }

    /// The heuristic: straight-line distance in metres times [`HEURISTIC_WEIGHT`].
    fn distance(&self, a: usize, b: usize) -> f32 {
        let w = self.ground.width;
        let dx = (a % w) as f32 - (b % w) as f32;
        let dz = (a / w) as f32 - (b / w) as f32;
        (dx * dx + dz * dz).sqrt() * self.ground.cell_size * HEURISTIC_WEIGHT
    }

    /// The least-cost path from cell `from` to cell `to` (both included), where `road` marks the
    /// cells that already carry a road; `None` when no road can join them.
    pub fn route(&mut self, from: usize, to: usize, road: &[bool]) -> Option<Vec<usize>> {
        self.route_within(from, to, road, |_| true)
    }

    /// [`Router::route`] through the cells for which `allowed` holds (it must hold for `from`
    /// and `to`): the route along a corridor.
    pub fn route_within(
        &mut self,
        from: usize,
        to: usize,
        road: &[bool],
        allowed: impl Fn(usize) -> bool,
    ) -> Option<Vec<usize>> {
        self.route_weighted(from, to, road, |c| allowed(c).then_some(1.0))
    }

    /// [`Router::route`] with each step's cost times `weight` of the cell it enters (at least
    /// 1, so the distance stays a lower bound), through the cells that have a weight: a route
    /// drawn towards the cells of weight 1.
    pub fn route_weighted(
        &mut self,
        from: usize,
        to: usize,
        road: &[bool],
        weight: impl Fn(usize) -> Option<f32>,
    ) -> Option<Vec<usize>> {
        let g = self.ground;
        if g.footing[from] == Footing::Closed || g.footing[to] == Footing::Closed {
            return None;
        }
        self.run += 1;
        let run = self.run;
        let mut heap = BinaryHeap::new();
        self.visit(from, 0.0, from, u8::MAX);
        heap.push((Reverse(self.distance(from, to).to_bits()), Reverse(from)));
        while let Some((_, Reverse(a))) = heap.pop() {
            if self.closed[a] == run {
                continue;
            }
            self.closed[a] = run;
            if a == to {
                return Some(self.trace(from, to));
            }
            for dir in 0..8 {
                let Some(b) = g.neighbour(a, dir) else {
                    continue;
                };
                if self.closed[b] == run || !g.can_step(a, b, dir) {
                    continue;
                }
                let Some(k) = weight(b) else {
                    continue;
                };
                let c = self.cost[a] + self.step_cost(a, b, dir, self.heading[a], road) * k;
                if self.stamp[b] != run || c < self.cost[b] {
                    self.visit(b, c, a, dir as u8);
                    let f = c + self.distance(b, to);
                    heap.push((Reverse(f.to_bits()), Reverse(b)));
                }
            }
        }
        None
    }

    fn visit(&mut self, i: usize, cost: f32, parent: usize, heading: u8) {
        self.stamp[i] = self.run;
        self.cost[i] = cost;
        self.parent[i] = parent as u32;
        self.heading[i] = heading;
    }

    fn trace(&self, from: usize, to: usize) -> Vec<usize> {
        let mut path = vec![to];
        let mut i = to;
        while i != from {
            i = self.parent[i] as usize;
            path.push(i);
        }
        path.reverse();
        path
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// Open flat ground of `width × depth` cells of 1 m, its steepest step 0.1.
    pub(in crate::stages::settlements::roads) fn flat(width: usize, depth: usize) -> RoadGround {
        RoadGround {
            width,
            depth,
            footing: vec![Footing::Land; width * depth],
            lot: vec![false; width * depth],
            river_width: vec![0.0; width * depth],
            height: vec![0.0; width * depth],
            max_rise: 0.1,
            cell_size: 1.0,
        }
    }

    #[test]
    fn a_flat_route_is_straight_and_walls_are_walked_around() {
        let mut g = flat(10, 5);
        let road = vec![false; 50];
        let path = Router::new(&g).route(0, 9, &road).unwrap();
        assert_eq!(path, (0..10).collect::<Vec<_>>());
        // A lake across rows 0..4 at x = 5: the road goes round through row 4.
        for z in 0..4 {
            g.footing[z * 10 + 5] = Footing::Closed;
        }
        let path = Router::new(&g).route(0, 9, &road).unwrap();
        assert!(path.contains(&45));
        assert!(path.iter().all(|&i| g.footing[i] != Footing::Closed));
        // Closed all the way: no road.
        g.footing[45] = Footing::Closed;
        assert_eq!(Router::new(&g).route(0, 9, &road), None);
    }

    #[test]
    fn steps_stay_under_the_grade_and_roads_switch_back() {
        // A slope rising 0.12 per cell along z, a limit of 0.1 per axis step: a road up it must
        // climb diagonally across it... which rises 0.12 per √2 cells (0.085): allowed.
        let mut g = flat(12, 8);
        for i in 0..96 {
            g.height[i] = 0.12 * (i / 12) as f32;
        }
        let path = Router::new(&g).route(5, 7 * 12 + 5, &[false; 96]).unwrap();
        for w in path.windows(2) {
            let dir = (0..8)
                .find(|&d| g.neighbour(w[0], d) == Some(w[1]))
                .unwrap();
            assert!(
                dir % 2 == 1 || g.height[w[0]] == g.height[w[1]],
                "a straight climb {w:?}"
            );
            assert!(g.can_step(w[0], w[1], dir));
        }
    }

    #[test]
    fn existing_roads_draw_new_ones() {
        let g = flat(40, 9);
        let mut road = vec![false; 360];
        for x in 0..40 {
            road[3 * 40 + x] = true;
        }
        // From (0, 0) to (39, 0): the road along row 3 is cheaper than the straight line.
        let path = Router::new(&g).route(0, 39, &road).unwrap();
        assert!(path.iter().filter(|&&i| road[i]).count() > 25, "{path:?}");
        // Without it, straight.
        let path = Router::new(&g).route(0, 39, &[false; 360]).unwrap();
        assert_eq!(path.len(), 40);
    }
}
