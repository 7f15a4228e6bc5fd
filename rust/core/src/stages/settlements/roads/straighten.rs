//! String pulling: a least-cost path on the lattice, pulled straight between the points where it
//! has to turn.
//!
//! A* over eight neighbours draws a slanted road as a staircase of axis and diagonal runs, and on
//! open ground many staircases cost the same, so the one it returns depends on the lattice. Each
//! stretch of the path is replaced by the straightest run of cells between its ends wherever
//! that run is open, under the grade and no dearer than the stretch it replaces. On open ground
//! a road is then the straight line between its ends in metres, on every cell size; where the
//! ground makes it turn (a slope, a river, a lot, another road to merge with), the path keeps the
//! turn.

use super::astar::Router;
use super::ground::STEPS;

/// Longest stretch, in cells, pulled straight in one piece: bounds the work on long roads.
pub const MAX_STRETCH: usize = 512;
/// A straight run is taken when its cost is at most the stretch's times this: the run and the
/// stretch have the same length on open ground, and a straight road is worth a little more grade
/// than a staircase that follows every fold of the ground.
pub const TOLERANCE: f32 = 1.05;

/// The cells of the straightest 8-connected run from cell `a` to cell `b` on a map `width` cells
/// wide: one cell per step along the longer axis, the other coordinate rounded from the straight
/// line (integer arithmetic, so the run is the same on every platform).
pub fn line(a: usize, b: usize, width: usize) -> Vec<usize> {
    let (ax, az) = ((a % width) as i64, (a / width) as i64);
    let (dx, dz) = ((b % width) as i64 - ax, (b / width) as i64 - az);
    let n = dx.abs().max(dz.abs());
    if n == 0 {
        return vec![a];
    }
    // Rounds p / n to the nearest integer, halves up.
    let round = |p: i64| (2 * p + n).div_euclid(2 * n);
    (0..=n)
        .map(|k| {
            let (x, z) = (ax + round(dx * k), az + round(dz * k));
            z as usize * width + x as usize
        })
        .collect()
}

/// The direction of the step from `a` to its neighbour `b`.
fn direction(a: usize, b: usize, width: usize) -> usize {
    let dx = (b % width) as i64 - (a % width) as i64;
    let dz = (b / width) as i64 - (a / width) as i64;
    STEPS
        .iter()
        .position(|&s| s == (dx, dz))
        .expect("consecutive cells of a path are neighbours")
}

impl Router<'_> {
    /// The cost of walking `cells` in order, turns left out (a straight run on the lattice turns
    /// at every change between axis and diagonal steps), or `None` where a step is not allowed.
    fn walk_cost(&self, cells: &[usize], road: &[bool]) -> Option<f32> {
        let g = self.ground();
        let mut cost = 0.0;
        for w in cells.windows(2) {
            let dir = direction(w[0], w[1], g.width);
            if !g.can_step(w[0], w[1], dir) {
                return None;
            }
            cost += self.step_cost(w[0], w[1], dir, u8::MAX, road);
        }
        Some(cost)
    }

    /// `path` pulled straight: from each kept point, the farthest point of the path (at most
    /// [`MAX_STRETCH`] cells on) that a straight run of allowed steps reaches at no more than
    /// [`TOLERANCE`] times the cost of the path between them; the runs replace the stretches they
    /// cut. Both ends stay; `road` marks the cells that already carry a road.
    pub fn straighten(&self, path: &[usize], road: &[bool]) -> Vec<usize> {
        let width = self.ground().width;
        // The cost of the path up to each of its points.
        let mut upto = vec![0.0f32; path.len()];
        for k in 1..path.len() {
            upto[k] = upto[k - 1]
                + self
                    .walk_cost(&path[k - 1..=k], road)
                    .unwrap_or(f32::INFINITY);
        }
        let mut out = vec![path[0]];
        let mut i = 0;
        while i + 1 < path.len() {
            let mut reach = i + 1;
            let mut run = vec![path[i], path[i + 1]];
            for j in i + 2..path.len().min(i + MAX_STRETCH + 1) {
                let candidate = line(path[i], path[j], width);
                let along = upto[j] - upto[i];
                match self.walk_cost(&candidate, road) {
                    Some(s) if s <= along * TOLERANCE => {
                        reach = j;
                        run = candidate;
                    }
                    _ => break,
                }
            }
            out.extend_from_slice(&run[1..]);
            i = reach;
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::super::astar::tests::flat;
    use super::super::ground::Footing;
    use super::*;

    #[test]
    fn lines_step_to_neighbours_and_stay_near_the_straight_line() {
        let w = 20;
        for (a, b) in [
            (0, 7 * w + 19),
            (5 * w + 3, 5 * w + 3),
            (19, 12 * w),
            (3, 3 * w + 3),
        ] {
            let cells = line(a, b, w);
            assert_eq!((cells[0], *cells.last().unwrap()), (a, b));
            for c in cells.windows(2) {
                let _ = direction(c[0], c[1], w);
            }
            let (ax, az, bx, bz) = (
                (a % w) as f32,
                (a / w) as f32,
                (b % w) as f32,
                (b / w) as f32,
            );
            let len = (bx - ax).hypot(bz - az).max(1.0);
            for &c in &cells {
                let (x, z) = ((c % w) as f32, (c / w) as f32);
                let off = ((bx - ax) * (z - az) - (bz - az) * (x - ax)).abs() / len;
                assert!(off <= 0.71, "cell {c} is {off} cells off the line {a}–{b}");
            }
        }
    }

    #[test]
    fn a_staircase_on_open_ground_becomes_the_straight_line() {
        let g = flat(30, 30);
        let road = vec![false; 900];
        // Ten diagonal steps then twenty axis steps: from (0, 0) to (30 - 1, 10).
        let mut path: Vec<usize> = (0..=10).map(|k| k * 30 + k).collect();
        path.extend((11..30).map(|x| 10 * 30 + x));
        let router = Router::new(&g);
        let straight = router.straighten(&path, &road);
        assert_eq!(straight, line(0, 10 * 30 + 29, 30));
        // The same length: the octile distance of both.
        assert_eq!(straight.len(), path.len());
    }

    #[test]
    fn a_turn_forced_by_a_lake_is_kept() {
        let mut g = flat(20, 20);
        // A lake over x 5..15, z 0..15: a road from (0, 0) to (19, 0) goes round below it.
        for z in 0..15 {
            for x in 5..15 {
                g.footing[z * 20 + x] = Footing::Closed;
            }
        }
        let road = vec![false; 400];
        let mut router = Router::new(&g);
        let path = router.route(0, 19, &road).unwrap();
        let straight = router.straighten(&path, &road);
        assert_eq!((straight[0], *straight.last().unwrap()), (0, 19));
        assert!(straight.iter().all(|&c| g.footing[c] != Footing::Closed));
        for c in straight.windows(2) {
            assert!(g.can_step(c[0], c[1], direction(c[0], c[1], 20)));
        }
        // Never dearer than the path it replaces.
        let cost = |p: &[usize]| router.walk_cost(p, &road).unwrap();
        assert!(cost(&straight) <= cost(&path) * TOLERANCE);
    }

    #[test]
    fn a_straight_run_dearer_than_the_path_is_not_taken() {
        // A town: lots everywhere but a street along row 5, which carries a road. The path goes
        // from (0, 0) down to the street, along it and up to (29, 0); the straight line along
        // row 0 is shorter but crosses lots the whole way.
        let mut g = flat(30, 10);
        g.lot = (0..300).map(|c| c / 30 != 5).collect();
        let road: Vec<bool> = (0..300).map(|c| c / 30 == 5).collect();
        let mut router = Router::new(&g);
        let path = router.route(0, 29, &road).unwrap();
        let on_road = |p: &[usize]| p.iter().filter(|&&c| road[c]).count();
        assert!(on_road(&path) > 15);
        let straight = router.straighten(&path, &road);
        assert!(on_road(&straight) > 15, "{straight:?}");
    }
}
