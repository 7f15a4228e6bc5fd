//! The route lattice: on cells finer than [`ROUTE_SPACING`], a link is first routed over blocks
//! of cells about that many metres across, then on the cells along that route.
//!
//! A least-cost path chooses between ways of nearly the same cost, and which one wins depends on
//! the lattice it is searched on. Routed over blocks of the same size in metres, one world
//! chooses the same ways at every cell size finer than the blocks: a map of 1 m cells routes its
//! links over the same 4 m blocks as a map of 4 m cells routes them over its cells. The road is
//! then routed on the cells themselves, but only through the blocks along the block route and
//! their neighbours (the corridor), so it keeps every rule of the cells (no lake, the steepest
//! grade, bridges where the cells hold rivers) and still follows the route the blocks chose.

use super::astar::Router;
use super::ground::{Footing, RoadGround};

/// The spacing of the route lattice, metres: about a road's width. Maps on cells at least this
/// wide route on their cells.
pub const ROUTE_SPACING: f32 = 4.0;

/// Cells along each side of a block on cells of `cell_size` metres: [`ROUTE_SPACING`] in
/// cells, rounded, at least 1.
pub fn block_cells(cell_size: f32) -> usize {
    ((ROUTE_SPACING / cell_size).round() as usize).max(1)
}

/// The blocks of a map, as ground a [`Router`] can search.
pub struct Lattice {
    /// Cells along each side of a block.
    k: usize,
    /// The map's width in cells.
    cells_wide: usize,
    /// Each block as ground: its footing and lot by the majority of its cells, its height the
    /// mean road height of its open cells, on a river the widest river among its cells, its
    /// steepest rise and its size `k` times the cells'.
    pub ground: RoadGround,
}

impl Lattice {
    /// The blocks of `cells`, or `None` where the cells are already about [`ROUTE_SPACING`] or
    /// wider.
    pub fn of(cells: &RoadGround) -> Option<Self> {
        let k = block_cells(cells.cell_size);
        if k == 1 {
            return None;
        }
        let (w, d) = (cells.width, cells.depth);
        let (bw, bd) = (w.div_ceil(k), d.div_ceil(k));
        let mut ground = RoadGround {
            width: bw,
            depth: bd,
            footing: Vec::with_capacity(bw * bd),
            height: Vec::with_capacity(bw * bd),
            lot: Vec::with_capacity(bw * bd),
            river_width: Vec::with_capacity(bw * bd),
            max_rise: cells.max_rise * k as f32,
            cell_size: cells.cell_size * k as f32,
        };
        for bz in 0..bd {
            for bx in 0..bw {
                let block = block_of(bx, bz, k, w, d);
                let (mut closed, mut river, mut lots, mut n) = (0usize, 0usize, 0usize, 0usize);
                let (mut sum, mut open) = (0.0f64, 0u32);
                let (mut all, mut widest) = (0.0f64, 0.0f32);
                for i in block {
                    n += 1;
                    widest = widest.max(cells.river_width[i]);
                    lots += cells.lot[i] as usize;
                    all += f64::from(cells.height[i]);
                    match cells.footing[i] {
                        Footing::Closed => closed += 1,
                        Footing::River => river += 1,
                        Footing::Land => {}
                    }
                    if cells.footing[i] != Footing::Closed {
                        sum += f64::from(cells.height[i]);
                        open += 1;
                    }
                }
                let footing = majority(closed, river, n);
                ground.footing.push(footing);
                ground.river_width.push(if footing == Footing::River {
                    widest
                } else {
                    0.0
                });
                ground.lot.push(2 * lots > n);
                ground.height.push(if open > 0 {
                    (sum / f64::from(open)) as f32
                } else {
                    (all / n as f64) as f32
                });
            }
        }
        Some(Lattice {
            k,
            cells_wide: w,
            ground,
        })
    }

    /// The block holding cell `i`.
    #[inline]
    pub fn block(&self, i: usize) -> usize {
        let (x, z) = (i % self.cells_wide, i / self.cells_wide);
        (z / self.k) * self.ground.width + x / self.k
    }

    /// The blocks holding any cell that `cells` marks.
    pub fn mark(&self, cells: &[bool]) -> Vec<bool> {
        let mut out = vec![false; self.ground.width * self.ground.depth];
        for (i, _) in cells.iter().enumerate().filter(|(_, &c)| c) {
            out[self.block(i)] = true;
        }
        out
    }

    /// The corridor of a block route: the blocks of `route` and their eight neighbours.
    pub fn corridor(&self, route: &[usize]) -> Vec<bool> {
        let mut out = vec![false; self.ground.width * self.ground.depth];
        for &b in route {
            out[b] = true;
            for dir in 0..8 {
                if let Some(n) = self.ground.neighbour(b, dir) {
                    out[n] = true;
                }
            }
        }
        out
    }
}

/// The footing of a block of `n` cells, `closed` of them on a lake or the sea and `river` on a
/// river: water where most of its cells are, of the kind that holds more of them (a lake on a
/// tie), else land. A block on cells of the lattice's spacing is its one cell.
fn majority(closed: usize, river: usize, n: usize) -> Footing {
    if 2 * (closed + river) <= n {
        Footing::Land
    } else if closed >= river {
        Footing::Closed
    } else {
        Footing::River
    }
}

/// The cells of block `(bx, bz)` of `k × k` cells on a map of `w × d` cells (smaller at the far
/// edges).
fn block_of(bx: usize, bz: usize, k: usize, w: usize, d: usize) -> impl Iterator<Item = usize> {
    (bz * k..((bz + 1) * k).min(d))
        .flat_map(move |z| (bx * k..((bx + 1) * k).min(w)).map(move |x| z * w + x))
}

/// Routes links of the road network: over the blocks first where the map has a [`Lattice`],
/// then along their corridor on the cells, or on the cells alone.
pub struct Links<'a> {
    /// The router over the cells.
    cells: Router<'a>,
    /// The lattice and a router over its blocks, on cells finer than [`ROUTE_SPACING`].
    blocks: Option<(&'a Lattice, Router<'a>)>,
    /// The blocks holding a road cell, kept in step with the cells' road mask by [`Links::mark`].
    road_blocks: Vec<bool>,
}

impl<'a> Links<'a> {
    /// Links over `cells`, routed over `lattice` first where there is one; `road` marks the cells
    /// that carry a road already (the town streets).
    pub fn new(cells: &'a RoadGround, lattice: Option<&'a Lattice>, road: &[bool]) -> Self {
        Links {
            cells: Router::new(cells),
            road_blocks: lattice.map(|l| l.mark(road)).unwrap_or_default(),
            blocks: lattice.map(|l| (l, Router::new(&l.ground))),
        }
    }

    /// Notes that the cells of `path` now carry a road.
    pub fn mark(&mut self, path: &[usize]) {
        if let Some((lattice, _)) = &self.blocks {
            for &c in path {
                self.road_blocks[lattice.block(c)] = true;
            }
        }
    }

    /// The road from cell `from` to cell `to` routed on the cells, each step's cost times the
    /// `weight` of the cell it enters (`None`: not passed; see [`Router::route_weighted`]),
    /// pulled straight; `None` when no road can join them.
    pub fn link_weighted(
        &mut self,
        from: usize,
        to: usize,
        road: &[bool],
        weight: impl Fn(usize) -> Option<f32>,
    ) -> Option<Vec<usize>> {
        let path = self.cells.route_weighted(from, to, road, |c| {
            if c == from || c == to {
                Some(1.0)
            } else {
                weight(c)
            }
        })?;
        Some(self.cells.straighten(&path, road))
    }

    /// The road from cell `from` to cell `to`, pulled straight, where `road` marks the cells
    /// that carry a road: along the corridor of the straightened block route where the lattice
    /// finds one and the cells join the ends through it, else routed on the cells alone; `None`
    /// when no road can join them.
    pub fn link(&mut self, from: usize, to: usize, road: &[bool]) -> Option<Vec<usize>> {
        let along = self.blocks.as_mut().and_then(|(lattice, router)| {
            let (a, b) = (lattice.block(from), lattice.block(to));
            let route = router.route(a, b, &self.road_blocks)?;
            let route = router.straighten(&route, &self.road_blocks);
            let corridor = lattice.corridor(&route);
            self.cells
                .route_within(from, to, road, |c| corridor[lattice.block(c)])
        });
        let path = match along {
            Some(path) => path,
            None => self.cells.route(from, to, road)?,
        };
        Some(self.cells.straighten(&path, road))
    }
}

#[cfg(test)]
mod tests {
    use super::super::astar::tests::flat;
    use super::*;

    #[test]
    fn blocks_are_about_four_metres_and_cells_that_wide_need_none() {
        assert_eq!(block_cells(1.0), 4);
        assert_eq!(block_cells(0.5), 8);
        assert_eq!(block_cells(2.0), 2);
        assert_eq!(block_cells(3.0), 1);
        assert_eq!(block_cells(4.0), 1);
        assert_eq!(block_cells(40.0), 1);
        assert!(Lattice::of(&flat(8, 8)).is_some());
        let mut wide = flat(8, 8);
        wide.cell_size = 4.0;
        assert!(Lattice::of(&wide).is_none());
    }

    #[test]
    fn a_block_takes_the_footing_of_most_of_its_cells_and_their_mean_height() {
        // 10 × 6 cells of 1 m: blocks of 4, three across (the last two cells wide), two down.
        let mut g = flat(10, 6);
        // Block (0, 0): 9 of 16 cells lake; block (1, 0): 8 of 16 river, a tie with land.
        for z in 0..3 {
            for x in 0..3 {
                g.footing[z * 10 + x] = Footing::Closed;
            }
        }
        for z in 0..4 {
            for x in 4..6 {
                g.footing[z * 10 + x] = Footing::River;
            }
        }
        // Block (2, 0) (cells 8..10 × 0..4): heights 1 and 3, lot on 5 of its 8 cells.
        for z in 0..4 {
            g.height[z * 10 + 8] = 1.0;
            g.height[z * 10 + 9] = 3.0;
            g.lot[z * 10 + 8] = true;
        }
        g.lot[9] = true;
        let l = Lattice::of(&g).unwrap();
        assert_eq!((l.ground.width, l.ground.depth), (3, 2));
        assert_eq!(l.ground.footing[0], Footing::Closed);
        assert_eq!(l.ground.footing[1], Footing::Land);
        assert_eq!(l.ground.footing[2], Footing::Land);
        assert_eq!(l.ground.height[2], 2.0);
        assert!(l.ground.lot[2] && !l.ground.lot[1]);
        assert_eq!(l.ground.cell_size, 4.0);
        assert_eq!(l.ground.max_rise, g.max_rise * 4.0);
        assert_eq!(l.block(5 * 10 + 9), 5);
        assert_eq!(majority(0, 9, 16), Footing::River);
        assert_eq!(majority(5, 5, 16), Footing::Closed);
    }

    #[test]
    fn a_link_keeps_to_the_corridor_of_its_block_route() {
        // 40 × 40 cells of 1 m; a wall of lake across x = 20 with a gap at the top (z < 4) and
        // one at the bottom (z ≥ 36); the ends near the top: the road takes the top gap.
        let mut g = flat(40, 40);
        for z in 4..36 {
            for x in 20..24 {
                g.footing[z * 40 + x] = Footing::Closed;
            }
        }
        let lattice = Lattice::of(&g).unwrap();
        let road = vec![false; 1600];
        let mut links = Links::new(&g, Some(&lattice), &road);
        let (from, to) = (6 * 40 + 2, 6 * 40 + 37);
        let path = links.link(from, to, &road).unwrap();
        assert_eq!((path[0], path[path.len() - 1]), (from, to));
        assert!(path.iter().all(|&c| g.footing[c] != Footing::Closed));
        assert!(
            path.iter().all(|&c| c / 40 < 12),
            "through the top gap: {path:?}"
        );
        // Consecutive cells are neighbours.
        assert!(path.windows(2).all(|w| {
            let (a, b) = (w[0] as i64, w[1] as i64);
            ((a % 40) - (b % 40)).abs() <= 1 && ((a / 40) - (b / 40)).abs() <= 1
        }));
        // The same link on cells of 4 m (no lattice) crosses the wall's blocks at the same place.
        let mut coarse = flat(10, 10);
        coarse.cell_size = 4.0;
        for z in 1..9 {
            coarse.footing[z * 10 + 5] = Footing::Closed;
        }
        let mut links = Links::new(&coarse, None, &[false; 100]);
        let path = links.link(10, 19, &[false; 100]).unwrap();
        assert!(path.iter().all(|&c| c / 10 < 3), "{path:?}");
    }
}
