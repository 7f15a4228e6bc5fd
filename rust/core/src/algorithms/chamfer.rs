//! Distance transforms: the distance in cells from every cell of a grid to the nearest cell of
//! a set, by a two-pass chamfer transform with steps of 1 and √2 cells (the sea for the biomes'
//! coasts, water for the settlements' habitability, the water of a town's street field).

use rayon::prelude::*;

/// Step to a diagonal neighbour, in cells.
pub const DIAGONAL: f32 = std::f32::consts::SQRT_2;

/// Cells from every cell of a row-major grid `width` cells wide and `len / width` deep to the
/// nearest cell `i` where `inside(i)`; `f32::INFINITY` everywhere when there is none.
///
/// A forward pass (row by row, each row left to right) takes the least of each cell's distance
/// and its already finished neighbours' plus their step; a backward pass does the same the
/// other way. Each pass takes a row at a time: first the three neighbours in the row done
/// before, which every cell reads alike, then the neighbour before it along the row. Each cell
/// ends at the least of the same sums as with one cell at a time, so the distances are the same
/// bits as the cell-by-cell transform.
pub fn distance(width: usize, len: usize, inside: impl Fn(usize) -> bool + Sync) -> Vec<f32> {
    if width == 0 || len == 0 {
        return Vec::new();
    }
    let rows = len / width;
    let start: Vec<f32> = (0..rows * width)
        .into_par_iter()
        .map(|i| if inside(i) { 0.0 } else { f32::INFINITY })
        .collect();
    relax(width, start)
}

/// The least over every cell `j` of `start[j]` plus the chamfer distance in cells from `j`, for
/// every cell of a row-major grid `width` cells wide (`start` holds whole rows; cells that start
/// nothing hold `f32::INFINITY`). With `start` 0 on a set and infinite elsewhere, this is
/// [`distance`]; with `−r` on a set, `−result` is the reach left of the farthest-reaching cell,
/// `max(r_j − d(i, j))`.
pub fn relax(width: usize, mut dist: Vec<f32>) -> Vec<f32> {
    if width == 0 || dist.is_empty() {
        return dist;
    }
    let rows = dist.len() / width;
    let w = width;
    along_row(dist[..w].iter_mut());
    for z in 1..rows {
        let (done, row) = dist[(z - 1) * w..(z + 1) * w].split_at_mut(w);
        from_row(row, done);
        along_row(row.iter_mut());
    }
    along_row(dist[(rows - 1) * w..].iter_mut().rev());
    for z in (0..rows - 1).rev() {
        let (row, done) = dist[z * w..(z + 2) * w].split_at_mut(w);
        from_row(row, done);
        along_row(row.iter_mut().rev());
    }
    dist
}

/// Lowers each cell of `row` to its neighbour straight across in the finished row `done` plus 1,
/// or to one of the two diagonal ones there plus √2.
///
/// The distances are never NaN, so the minimum of the candidates does not depend on the order it
/// takes them in: the inner cells go in one loop without branches, which the compiler vectorises.
#[inline]
fn from_row(row: &mut [f32], done: &[f32]) {
    let w = row.len();
    let edge = |row: &mut [f32], x: usize| {
        let mut v = row[x].min(done[x] + 1.0);
        if x > 0 {
            v = v.min(done[x - 1] + DIAGONAL);
        }
        if x + 1 < w {
            v = v.min(done[x + 1] + DIAGONAL);
        }
        row[x] = v;
    };
    edge(row, 0);
    if w < 3 {
        if w == 2 {
            edge(row, 1);
        }
        return;
    }
    let inner = &mut row[1..w - 1];
    for (k, v) in inner.iter_mut().enumerate() {
        let straight = done[k + 1] + 1.0;
        let diagonal = (done[k] + DIAGONAL).min(done[k + 2] + DIAGONAL);
        *v = v.min(straight).min(diagonal);
    }
    edge(row, w - 1);
}

/// Lowers each cell, in the order given, to the cell before it plus 1.
#[inline]
fn along_row<'a>(cells: impl Iterator<Item = &'a mut f32>) {
    let mut before = f32::INFINITY;
    for v in cells {
        if before + 1.0 < *v {
            *v = before + 1.0;
        }
        before = *v;
    }
}
