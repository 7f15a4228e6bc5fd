//! Measurements of how a heightfield drains, independent of the stages that shape it: its own
//! Priority-Flood (a binary heap) and D8 routing, so a figure here never shares a fault with the
//! landscape evolution it checks.
//!
//! - [`Drainage::depression_fraction`]: the share of the land in closed depressions, cells whose
//!   filled level (the flood from the map border) lies above their height;
//! - [`Drainage::flint`]: Flint's law `S ∝ A^−θ`, the concavity θ of channel slope against
//!   drainage area over channel cells, fitted by least squares on log–log medians of
//!   logarithmic bins of the area;
//! - [`Drainage::hack`]: Hack's law `L ∝ A^h`, the longest flow length upstream of a channel cell
//!   against its area, fitted by least squares on log–log over every channel cell.
//!
//! Areas are in cells and lengths in cell sides: the exponents do not depend on the units.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// A cell without a receiver: it lies on the map border and drains off the map.
const NONE: u32 = u32::MAX;

/// Bins per decade of drainage area in Flint's fit.
const BINS_PER_DECADE: f64 = 10.0;

/// Channel cells a bin holds at least to enter Flint's fit.
const MIN_BIN_CELLS: usize = 5;

/// The eight neighbours `(dx, dz)`.
const D8: [(i32, i32); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];

/// A power law `y ∝ x^exponent` fitted on log–log, and how well.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PowerLaw {
    /// The exponent (for Flint's law, the concavity θ: the fitted slope's negative).
    pub exponent: f64,
    /// Coefficient of determination of the log–log fit.
    pub r2: f64,
    /// Points fitted (bins for Flint's law, cells for Hack's).
    pub points: usize,
}

/// How a heightfield drains: its filled surface, D8 receivers, drainage areas and flow lengths.
#[derive(Clone, Debug)]
pub struct Drainage {
    width: usize,
    height: Vec<f32>,
    /// Filled level of each cell.
    pub filled: Vec<f32>,
    /// Receiver of each cell ([`u32::MAX`] on the border).
    pub receiver: Vec<u32>,
    /// Cells draining through each cell, itself included.
    pub area: Vec<u32>,
    /// Longest flow path from a divide down to each cell, cell sides.
    pub length: Vec<f32>,
}

impl Drainage {
    /// Measures a `width × depth` heightfield drained by its border.
    ///
    /// # Panics
    ///
    /// When `height` does not hold `width · depth` values.
    pub fn new(height: &[f32], width: usize, depth: usize) -> Self {
        assert_eq!(height.len(), width * depth, "one height per cell");
        let (filled, parent, order) = flood(height, width, depth);
        let receiver = receivers(&filled, &parent, width, depth);
        let (area, length) = upstream(&receiver, &order, width);
        Self {
            width,
            height: height.to_vec(),
            filled,
            receiver,
            area,
            length,
        }
    }

    /// The fraction of the `land` cells (all cells if `None`) whose filled level lies above
    /// their height.
    pub fn depression_fraction(&self, land: Option<&[bool]>) -> f64 {
        let on = |i: usize| land.is_none_or(|l| l[i]);
        let (mut pits, mut total) = (0usize, 0usize);
        for i in (0..self.height.len()).filter(|&i| on(i)) {
            total += 1;
            pits += usize::from(self.filled[i] > self.height[i]);
        }
        if total == 0 {
            0.0
        } else {
            pits as f64 / total as f64
        }
    }

    /// Flint's law over the channel cells draining at least `min_cells` cells with a downhill
    /// slope to their receiver; `None` with fewer than two bins.
    pub fn flint(&self, min_cells: u32) -> Option<PowerLaw> {
        self.flint_over(min_cells, None)
    }

    /// [`Self::flint`] over the channel cells among `land` (all cells if `None`): the rivers of
    /// the mountains, not their courses across the flat ground or the sea floor.
    pub fn flint_over(&self, min_cells: u32, land: Option<&[bool]>) -> Option<PowerLaw> {
        let mut bins: std::collections::BTreeMap<i64, (Vec<f64>, Vec<f64>)> = Default::default();
        for (i, &r) in self.receiver.iter().enumerate() {
            if r == NONE || self.area[i] < min_cells || land.is_some_and(|l| !l[i]) {
                continue;
            }
            let drop = self.filled[i] - self.filled[r as usize];
            if drop <= 0.0 {
                continue;
            }
            let slope = f64::from(drop) / f64::from(step(i, r as usize, self.width));
            let a = libm::log10(f64::from(self.area[i]));
            let bin = bins
                .entry((a * BINS_PER_DECADE).floor() as i64)
                .or_default();
            bin.0.push(a);
            bin.1.push(libm::log10(slope));
        }
        let points: Vec<(f64, f64)> = bins
            .into_values()
            .filter(|(a, _)| a.len() >= MIN_BIN_CELLS)
            .map(|(mut a, mut s)| (median(&mut a), median(&mut s)))
            .collect();
        fit(&points).map(|(slope, r2)| PowerLaw {
            exponent: -slope,
            r2,
            points: points.len(),
        })
    }

    /// Hack's law over the channel cells draining at least `min_cells` cells; `None` with fewer
    /// than two such cells.
    pub fn hack(&self, min_cells: u32) -> Option<PowerLaw> {
        self.hack_over(min_cells, None)
    }

    /// [`Self::hack`] over the channel cells among `land` (all cells if `None`).
    pub fn hack_over(&self, min_cells: u32, land: Option<&[bool]>) -> Option<PowerLaw> {
        let on = |i: usize| land.is_none_or(|l| l[i]);
        let points: Vec<(f64, f64)> = (0..self.area.len())
            .filter(|&i| on(i) && self.area[i] >= min_cells && self.length[i] > 0.0)
            .map(|i| {
                let a = libm::log10(f64::from(self.area[i]));
                (a, libm::log10(f64::from(self.length[i])))
            })
            .collect();
        fit(&points).map(|(slope, r2)| PowerLaw {
            exponent: slope,
            r2,
            points: points.len(),
        })
    }
}

/// Length of the step between neighbours `a` and `b`, cell sides.
fn step(a: usize, b: usize, width: usize) -> f32 {
    let d = a.abs_diff(b);
    if d == 1 || d == width {
        1.0
    } else {
        std::f32::consts::SQRT_2
    }
}

/// Priority-Flood from the border (Barnes et al. 2014) on a binary heap keyed by level and then
/// by arrival, so a flat fills breadth first: the filled levels, the neighbour each cell was
/// reached from (`NONE` on the border) and the order of arrival.
fn flood(height: &[f32], width: usize, depth: usize) -> (Vec<f32>, Vec<u32>, Vec<u32>) {
    let n = width * depth;
    let mut filled = height.to_vec();
    let mut parent = vec![NONE; n];
    let mut seen = vec![false; n];
    let mut order = Vec::with_capacity(n);
    let mut heap = BinaryHeap::new();
    let mut arrival = 0u64;
    let mut push = |heap: &mut BinaryHeap<_>, level: f32, cell: usize| {
        heap.push(Reverse((Level(level), arrival, cell)));
        arrival += 1;
    };
    for z in 0..depth {
        for x in 0..width {
            if x == 0 || z == 0 || x + 1 == width || z + 1 == depth {
                let i = z * width + x;
                seen[i] = true;
                push(&mut heap, filled[i], i);
            }
        }
    }
    while let Some(Reverse((Level(level), _, cell))) = heap.pop() {
        order.push(cell as u32);
        let (x, z) = ((cell % width) as i32, (cell / width) as i32);
        for (dx, dz) in D8 {
            let (nx, nz) = (x + dx, z + dz);
            if nx < 0 || nz < 0 || nx >= width as i32 || nz >= depth as i32 {
                continue;
            }
            let next = nz as usize * width + nx as usize;
            if seen[next] {
                continue;
            }
            seen[next] = true;
            parent[next] = cell as u32;
            filled[next] = filled[next].max(level);
            push(&mut heap, filled[next], next);
        }
    }
    (filled, parent, order)
}

/// A height ordered by `total_cmp`, for the heap.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Level(f32);

impl Eq for Level {}

impl PartialOrd for Level {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Level {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.0.total_cmp(&other.0)
    }
}

/// D8 steepest descent on the filled surface (drop per step length); on a flat, the cell the
/// flood came from. Border cells have none.
fn receivers(filled: &[f32], parent: &[u32], width: usize, depth: usize) -> Vec<u32> {
    (0..filled.len())
        .map(|i| {
            let (x, z) = (i % width, i / width);
            if x == 0 || z == 0 || x + 1 == width || z + 1 == depth {
                return NONE;
            }
            let mut best = (0.0f32, parent[i]);
            for (dx, dz) in D8 {
                let j = (z as i32 + dz) as usize * width + (x as i32 + dx) as usize;
                let gradient = (filled[i] - filled[j]) / step(i, j, width);
                if gradient > best.0 {
                    best = (gradient, j as u32);
                }
            }
            best.1
        })
        .collect()
}

/// Drainage areas and longest flow lengths, summed down the flood's order reversed (a cell comes
/// after the cell it drains to in the flood's order, whether it drains by steepest descent to a
/// lower cell or along a flat to its parent).
fn upstream(receiver: &[u32], order: &[u32], width: usize) -> (Vec<u32>, Vec<f32>) {
    let mut area = vec![1u32; receiver.len()];
    let mut length = vec![0.0f32; receiver.len()];
    for &c in order.iter().rev() {
        let c = c as usize;
        let r = receiver[c];
        if r != NONE {
            let r = r as usize;
            area[r] += area[c];
            length[r] = length[r].max(length[c] + step(c, r, width));
        }
    }
    (area, length)
}

/// The median of `v` (the mean of the middle two for an even count).
fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        0.5 * (v[n / 2 - 1] + v[n / 2])
    }
}

/// Least squares `y = a + b·x`: the slope `b` and `r²` (1 for points on a horizontal line);
/// `None` for fewer than two distinct `x`.
fn fit(points: &[(f64, f64)]) -> Option<(f64, f64)> {
    let n = points.len() as f64;
    let mx = points.iter().map(|p| p.0).sum::<f64>() / n;
    let my = points.iter().map(|p| p.1).sum::<f64>() / n;
    let sxx: f64 = points.iter().map(|p| (p.0 - mx).powi(2)).sum();
    let sxy: f64 = points.iter().map(|p| (p.0 - mx) * (p.1 - my)).sum();
    let syy: f64 = points.iter().map(|p| (p.1 - my).powi(2)).sum();
    if points.len() < 2 || sxx <= 0.0 {
        return None;
    }
    let b = sxy / sxx;
    let residual = syy - b * sxy;
    let r2 = if syy > 0.0 { 1.0 - residual / syy } else { 1.0 };
    Some((b, r2))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cone_has_no_depression_and_a_bowl_is_one() {
        let n = 33;
        let cone: Vec<f32> = (0..n * n)
            .map(|i| {
                let (x, z) = ((i % n) as f32 - 16.0, (i / n) as f32 - 16.0);
                20.0 - (x * x + z * z).sqrt()
            })
            .collect();
        assert_eq!(Drainage::new(&cone, n, n).depression_fraction(None), 0.0);
        // The cone upside down, cut off at a rim of 16: every cell within 16 of the centre but
        // the rim itself lies in the bowl.
        let bowl: Vec<f32> = cone.iter().map(|h| (20.0 - h).min(16.0)).collect();
        let inside = bowl.iter().filter(|&&h| h < 16.0).count();
        let d = Drainage::new(&bowl, n, n);
        let expected = inside as f64 / (n * n) as f64;
        assert!((d.depression_fraction(None) - expected).abs() < 1e-12);
        let land: Vec<bool> = bowl.iter().map(|&h| h < 16.0).collect();
        assert_eq!(d.depression_fraction(Some(&land)), 1.0);
    }

    #[test]
    fn a_ramp_drains_in_parallel_lines_of_even_slope() {
        let (w, d) = (120, 20);
        let ramp: Vec<f32> = (0..w * d).map(|i| 0.5 * (i % w) as f32).collect();
        let g = Drainage::new(&ramp, w, d);
        // Cell x drains the cells of its row from x to the last interior one.
        assert_eq!(g.area[5 * w + 1], (w - 2) as u32);
        assert_eq!(g.length[5 * w + 1], (w - 3) as f32);
        let flint = g.flint(10).unwrap();
        assert!(flint.exponent.abs() < 1e-9 && flint.r2 == 1.0, "{flint:?}");
        let hack = g.hack(10).unwrap();
        assert!(
            (hack.exponent - 1.0).abs() < 0.05 && hack.r2 > 0.99,
            "{hack:?}"
        );
    }

    #[test]
    fn a_valley_with_a_power_law_profile_has_its_concavity() {
        // A valley along z draining to z = 0: side walls steep towards the thalweg at x = c,
        // whose slope falls as the area it drains (w − 2 interior cells per row upstream) to the
        // power −0.5.
        let (w, d, c) = (41usize, 400usize, 20usize);
        let theta = 0.5f64;
        let mut thalweg = vec![0.0f64; d];
        for z in 1..d - 1 {
            let area = ((d - 1 - z) * (w - 2)) as f64;
            thalweg[z] = thalweg[z - 1] + 5.0 * area.powf(-theta);
        }
        let h: Vec<f32> = (0..w * d)
            .map(|i| {
                let (x, z) = (i % w, i / w);
                (thalweg[z] + 2.0 * x.abs_diff(c) as f64) as f32
            })
            .collect();
        let g = Drainage::new(&h, w, d);
        let flint = g.flint(200).unwrap();
        assert!((flint.exponent - theta).abs() < 0.05, "{flint:?}");
        assert!(flint.r2 > 0.95, "{flint:?}");
        assert_eq!(g.depression_fraction(None), 0.0);
    }
}
