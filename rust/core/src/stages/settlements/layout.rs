//! The designer's layout on the settlements: the pinned sites' cells and the road paths' runs of
//! cells, in the map's frame.

use super::{places, roads, Settlements, Tier};
use crate::data::grid::Grid;
use crate::data::water::WaterKind;
use crate::params::sites::SiteTier;

impl Settlements {
    /// The pinned sites on the map: each one's cell (the cell whose sample point is nearest its
    /// position, or on water the nearest dry cell within a hexagon's radius), tier and name;
    /// sites off the map are left out.
    pub(super) fn pinned(&self, grid: &Grid) -> Vec<places::Pinned> {
        let cell = self.frame.cell_size as f32;
        let reach = (places::hex_radius(&self.params, cell) / cell) as usize;
        self.sites
            .iter()
            .filter_map(|s| {
                let [x, z] = s.position.map(f64::from);
                let (x, z) = self.frame.cell_at(x, z, grid.width(), grid.depth())?;
                Some(places::Pinned {
                    cell: dry_near(grid, x, z, reach) as u32,
                    tier: match s.tier {
                        SiteTier::Village => Tier::Village,
                        SiteTier::Town => Tier::Town,
                        SiteTier::City => Tier::City,
                    },
                    name: s.name.clone(),
                })
            })
            .collect()
    }

    /// The road paths as runs of neighbouring cells: each path walked in steps of at most half a
    /// cell, each step on the cell whose sample point is nearest, the runs broken where the path
    /// leaves the map or crosses a lake or the sea.
    pub(super) fn drawn_roads(&self, ground: &roads::RoadGround) -> Vec<Vec<usize>> {
        let cell = self.frame.cell_size;
        let cell_at = |x: f64, z: f64| {
            let (i, j) = self.frame.cell_at(x, z, ground.width, ground.depth)?;
            let c = j * ground.width + i;
            (ground.footing[c] != roads::Footing::Closed).then_some(c)
        };
        // The map with a cell's margin, in world metres: every step outside it is off the map.
        let (ox, oz) = self.frame.world(0.0, 0.0);
        let lo = [ox - cell, oz - cell];
        let hi = [
            ox + ground.width as f64 * cell,
            oz + ground.depth as f64 * cell,
        ];
        let mut runs = Vec::new();
        for path in &self.roads {
            let mut run: Vec<usize> = Vec::new();
            let mut steps = Vec::new();
            for seg in path.points.windows(2) {
                let (a, b) = (seg[0].map(f64::from), seg[1].map(f64::from));
                let (dx, dz) = (b[0] - a[0], b[1] - a[1]);
                let n = (((dx * dx + dz * dz).sqrt() / (0.5 * cell)).ceil() as usize).max(1);
                // Only the steps on the part of the segment over the map are taken: a segment
                // that runs far off it (a point a designer typed at 1e30 m) would otherwise have
                // more steps than memory. The steps off the map on either side break the run as
                // the steps there would: one is enough.
                let Some((t0, t1)) = clip(a, b, lo, hi) else {
                    steps.push(None);
                    continue;
                };
                let first = ((t0 * n as f64).floor() as usize).min(n);
                let end = ((t1 * n as f64).ceil() as usize).saturating_add(1).min(n);
                if first > 0 {
                    steps.push(None);
                }
                steps.extend((first..end).map(|k| {
                    let t = k as f64 / n as f64;
                    cell_at(a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]))
                }));
                if end < n {
                    steps.push(None);
                }
            }
            let last = path.points[path.points.len() - 1].map(f64::from);
            steps.push(cell_at(last[0], last[1]));
            for step in steps {
                match step {
                    Some(c) if run.last() != Some(&c) => run.push(c),
                    Some(_) => {}
                    None => {
                        if run.len() >= 2 {
                            runs.push(std::mem::take(&mut run));
                        }
                        run.clear();
                    }
                }
            }
            if run.len() >= 2 {
                runs.push(run);
            }
        }
        runs
    }
}

/// The part `[t0, t1]` of the segment from `a` to `b` (at `a + t·(b − a)`) that lies within the
/// rectangle from `lo` to `hi` (Liang–Barsky), or `None` when none does.
fn clip(a: [f64; 2], b: [f64; 2], lo: [f64; 2], hi: [f64; 2]) -> Option<(f64, f64)> {
    let (mut t0, mut t1) = (0.0f64, 1.0f64);
    for axis in 0..2 {
        let d = b[axis] - a[axis];
        for (p, q) in [(-d, a[axis] - lo[axis]), (d, hi[axis] - a[axis])] {
            if p == 0.0 {
                if q < 0.0 {
                    return None;
                }
            } else if p < 0.0 {
                t0 = t0.max(q / p);
            } else {
                t1 = t1.min(q / p);
            }
        }
    }
    (t0 <= t1).then_some((t0, t1))
}

/// The dry cell nearest `(x, z)` within `reach` cells each way (ties: the lower cell), or the
/// cell itself when it is dry or no dry cell lies within reach: a site pinned on water stands
/// on the nearest shore.
fn dry_near(grid: &Grid, x: usize, z: usize, reach: usize) -> usize {
    let here = grid.index(x, z);
    if grid.water[here] == WaterKind::Dry {
        return here;
    }
    let (x0, z0) = (x.saturating_sub(reach), z.saturating_sub(reach));
    let (x1, z1) = (
        (x + reach).min(grid.width() - 1),
        (z + reach).min(grid.depth() - 1),
    );
    (z0..=z1)
        .flat_map(|j| (x0..=x1).map(move |i| (i, j)))
        .filter(|&(i, j)| grid.water[grid.index(i, j)] == WaterKind::Dry)
        .min_by_key(|&(i, j)| {
            (
                i.abs_diff(x).pow(2) + j.abs_diff(z).pow(2),
                grid.index(i, j),
            )
        })
        .map_or(here, |(i, j)| grid.index(i, j))
}

#[cfg(test)]
mod tests {
    use super::clip;

    #[test]
    fn segments_are_clipped_to_the_rectangle() {
        let (lo, hi) = ([0.0, 0.0], [10.0, 10.0]);
        assert_eq!(clip([-10.0, 5.0], [30.0, 5.0], lo, hi), Some((0.25, 0.5)));
        assert_eq!(clip([2.0, 2.0], [3.0, 3.0], lo, hi), Some((0.0, 1.0)));
        assert_eq!(clip([4.0, 4.0], [4.0, 4.0], lo, hi), Some((0.0, 1.0)));
        assert_eq!(clip([-5.0, -5.0], [-1.0, 20.0], lo, hi), None);
        assert_eq!(clip([11.0, 0.0], [11.0, 10.0], lo, hi), None);
        // A point far off the map: a sliver of the segment, found without stepping along it.
        let (t0, t1) = clip([5.0, 5.0], [4e31, 5.0], lo, hi).unwrap();
        assert_eq!(t0, 0.0);
        assert!(t1 > 0.0 && t1 < 1e-30, "{t1}");
    }
}
