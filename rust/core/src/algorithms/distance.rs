//! The exact Euclidean distance transform of a mask on a lattice (Felzenszwalb and Huttenlocher):
//! one pass of lower envelopes of parabolas along each axis, linear in the cells.

/// Cells at infinite distance in [`squared_distances`].
pub const FAR: f64 = 1e18;

/// The exact squared distance transform of one line (Felzenszwalb and Huttenlocher's lower
/// envelope of parabolas): `out[q] = min over p of (q − p)² + f[p]`.
fn distance_line(f: &[f64], out: &mut [f64], hull: &mut [usize], bounds: &mut [f64]) {
    let n = f.len();
    if n == 0 {
        return;
    }
    let meet = |q: usize, p: usize| {
        let (qf, pf) = (q as f64, p as f64);
        ((f[q] + qf * qf) - (f[p] + pf * pf)) / (2.0 * qf - 2.0 * pf)
    };
    let mut k = 0;
    hull[0] = 0;
    bounds[0] = f64::NEG_INFINITY;
    bounds[1] = f64::INFINITY;
    for q in 1..n {
        let mut s = meet(q, hull[k]);
        while k > 0 && s <= bounds[k] {
            k -= 1;
            s = meet(q, hull[k]);
        }
        k += 1;
        hull[k] = q;
        bounds[k] = s;
        bounds[k + 1] = f64::INFINITY;
    }
    k = 0;
    for (q, o) in out.iter_mut().enumerate() {
        while bounds[k + 1] < q as f64 {
            k += 1;
        }
        let d = q as f64 - hull[k] as f64;
        *o = d * d + f[hull[k]];
    }
}

/// For each cell of a `width × depth` mask (row by row), the squared distance in cells from its
/// centre to the nearest marked cell's centre (`FAR` scale when none is marked).
pub fn squared_distances(marked: &[bool], width: usize, depth: usize) -> Vec<f64> {
    let len = width.max(depth);
    let (mut hull, mut bounds) = (vec![0usize; len + 1], vec![0.0f64; len + 2]);
    let (mut line, mut out) = (vec![0.0f64; len], vec![0.0f64; len]);
    let mut grid: Vec<f64> = marked.iter().map(|&m| if m { 0.0 } else { FAR }).collect();
    for x in 0..width {
        for z in 0..depth {
            line[z] = grid[z * width + x];
        }
        distance_line(&line[..depth], &mut out[..depth], &mut hull, &mut bounds);
        for z in 0..depth {
            grid[z * width + x] = out[z];
        }
    }
    for row in grid.chunks_exact_mut(width) {
        line[..width].copy_from_slice(row);
        distance_line(&line[..width], &mut out[..width], &mut hull, &mut bounds);
        row.copy_from_slice(&out[..width]);
    }
    grid
}
