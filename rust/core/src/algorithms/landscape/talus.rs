//! The talus limit: no cell stands higher above a neighbour than the slope of repose allows
//! over the step between them; what stands higher collapses to that slope (its debris leaves with
//! the rivers). The limit is `z ≤ min over neighbours (z_n + tan(repose)·Δl)`, reached by
//! raster sweeps down and back up the lattice, each cell reading the neighbours already swept:
//! a sequential, exact chamfer pass that gives the same bits everywhere.

/// Sweeps down and up the lattice each; two pairs settle all but slopes of many cells collapsing
/// at once, which later steps finish.
const SWEEPS: usize = 2;

/// Lowers every moving cell of `height` to the slope `slope` (height per metre) above its
/// neighbours; `base` cells stay.
pub(super) fn limit(
    height: &mut [f32],
    base: &[bool],
    width: usize,
    depth: usize,
    spacing: f32,
    slope: f32,
) {
    let axis = slope * spacing;
    let diagonal = axis * std::f32::consts::SQRT_2;
    // The neighbours a sweep down the lattice has already passed: left, and the row above.
    let before: [(isize, isize, f32); 4] = [
        (-1, 0, axis),
        (-1, -1, diagonal),
        (0, -1, axis),
        (1, -1, diagonal),
    ];
    for _ in 0..SWEEPS {
        for z in 1..depth.saturating_sub(1) {
            for x in 1..width - 1 {
                settle(height, base, width, x, z, &before, 1);
            }
        }
        for z in (1..depth.saturating_sub(1)).rev() {
            for x in (1..width - 1).rev() {
                settle(height, base, width, x, z, &before, -1);
            }
        }
    }
}

/// Lowers interior cell `(x, z)` to the limit over the neighbours `(sign·dx, sign·dz)`.
#[inline]
fn settle(
    height: &mut [f32],
    base: &[bool],
    width: usize,
    x: usize,
    z: usize,
    neighbours: &[(isize, isize, f32); 4],
    sign: isize,
) {
    let i = z * width + x;
    if base[i] {
        return;
    }
    let mut top = height[i];
    for &(dx, dz, rise) in neighbours {
        let j = ((z as isize + sign * dz) * width as isize + x as isize + sign * dx) as usize;
        top = top.min(height[j] + rise);
    }
    height[i] = top;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_spike_collapses_to_a_cone_at_the_slope() {
        let (w, d) = (9, 9);
        let base: Vec<bool> = (0..w * d)
            .map(|i| i % w == 0 || i / w == 0 || i % w == w - 1 || i / w == d - 1)
            .collect();
        let mut h = vec![0.0f32; w * d];
        h[4 * w + 4] = 100.0;
        limit(&mut h, &base, w, d, 2.0, 0.5);
        // Its neighbours stand at 0: the spike keeps one axis step of 2 m at the slope 0.5.
        assert_eq!(h[4 * w + 4], 1.0);
        assert_eq!(h[0], 0.0);
        let mut g = vec![1.0f32; w * d];
        limit(&mut g, &base, w, d, 2.0, 0.5);
        assert!(g.iter().all(|&v| v == 1.0), "gentle land stays");
    }
}
