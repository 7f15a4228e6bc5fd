//! D8 flow directions on the filled surface and flow accumulation in the flood's order.

use super::{check_plane, Flood, HydrologyError, NEIGHBOURS};
use crate::algorithms::threads;
use rayon::prelude::*;

/// Receiver of a cell that drains off the map (or out of the flood's domain).
pub const NO_RECEIVER: u32 = u32::MAX;

/// Weight of a diagonal drop in the steepest-descent choice (`1/√2`, the inverse step length).
const DIAGONAL_SLOPE: f32 = std::f32::consts::FRAC_1_SQRT_2;

/// Direction code of a cell without a receiver in [`Receivers`].
const NO_CODE: u8 = u8::MAX;

/// Where each cell drains: the index of its downstream neighbour, or [`NO_RECEIVER`]. Flow
/// accumulation and the river channels read receivers through it, whether stored as indices (a
/// slice of `u32`) or as direction codes ([`Receivers`]).
pub trait Downstream: Sync {
    /// Number of cells.
    fn cells(&self) -> usize;
    /// The receiver of `cell`, or [`NO_RECEIVER`].
    fn downstream(&self, cell: usize) -> u32;
}

impl Downstream for [u32] {
    fn cells(&self) -> usize {
        self.len()
    }

    #[inline]
    fn downstream(&self, cell: usize) -> u32 {
        self[cell]
    }
}

/// The receiver of every cell of a grid, a byte each: the direction code (see
/// [`NEIGHBOURS`]) of its downstream neighbour. A quarter of the memory of the cells' indices,
/// which on a 4096² map is 50 MB less while the rivers are drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Receivers {
    width: usize,
    code: Vec<u8>,
}

impl Receivers {
    /// Number of cells.
    pub fn len(&self) -> usize {
        self.code.len()
    }

    /// Whether the grid has no cells.
    pub fn is_empty(&self) -> bool {
        self.code.is_empty()
    }

    /// The receiver of `cell`, or [`NO_RECEIVER`].
    #[inline]
    pub fn get(&self, cell: usize) -> u32 {
        match self.code[cell] {
            NO_CODE => NO_RECEIVER,
            k => super::step_to(cell, k as usize, self.width) as u32,
        }
    }
}

impl Downstream for Receivers {
    fn cells(&self) -> usize {
        self.len()
    }

    #[inline]
    fn downstream(&self, cell: usize) -> u32 {
        self.get(cell)
    }
}

/// The downstream neighbour of one cell: the neighbour of steepest descent on the filled surface
/// (drop per step length; ties go to the lower direction code), or on a flat the neighbour the
/// flood reached the cell from. Outlets and cells outside the domain have [`NO_RECEIVER`].
///
/// Every receiver lies strictly lower, or at the same level and earlier in [`Flood::order`], so
/// following receivers always ends at an outlet.
#[inline]
pub fn receiver(flood: &Flood, cell: usize) -> u32 {
    match receiver_code(flood, cell) {
        NO_CODE => NO_RECEIVER,
        k => super::step_to(cell, k as usize, flood.width()) as u32,
    }
}

/// The direction code of [`receiver`], [`NO_CODE`] for none.
#[inline]
fn receiver_code(flood: &Flood, cell: usize) -> u8 {
    if flood.parent[cell] >= super::OUTLET {
        return NO_CODE;
    }
    let (w, d) = (flood.width(), flood.depth());
    let (x, z) = (cell % w, cell / w);
    let here = flood.filled[cell];
    let mut best = 0.0f32;
    // On a flat, the neighbour the flood came from (a code below 8 here).
    let mut target = flood.parent[cell];
    // An interior cell (outlets include the whole border), so every neighbour exists.
    debug_assert!(x > 0 && z > 0 && x + 1 < w && z + 1 < d);
    for (k, (dx, dz)) in NEIGHBOURS.iter().enumerate() {
        let next = (cell as isize + *dz as isize * w as isize + *dx as isize) as usize;
        if flood.parent[next] == super::OUTSIDE {
            continue;
        }
        let mut drop = here - flood.filled[next];
        if super::is_diagonal(k) {
            drop *= DIAGONAL_SLOPE;
        }
        if drop > best {
            best = drop;
            target = k as u8;
        }
    }
    target
}

/// The receiver of every cell (see [`receiver`]).
pub fn flow_directions(flood: &Flood) -> Receivers {
    crate::algorithms::threads::ensure_pool();
    let w = flood.width().max(1);
    let mut code = vec![NO_CODE; flood.len()];
    code.par_chunks_mut(w)
        .enumerate()
        .with_min_len(threads::min_rows(w))
        .for_each(|(z, row)| {
            for (x, r) in row.iter_mut().enumerate() {
                *r = receiver_code(flood, z * w + x);
            }
        });
    Receivers { width: w, code }
}

/// Flow accumulation: each cell's own runoff (1 where `source` is set) plus the accumulation of
/// every cell draining into it, summed upstream first along the reverse flood order.
///
/// Returns an error when `receivers` or `source` do not match the flood's grid.
pub fn accumulate<R: Downstream + ?Sized>(
    flood: &Flood,
    receivers: &R,
    source: &[bool],
) -> Result<Vec<u32>, HydrologyError> {
    let (w, d) = (flood.width(), flood.depth());
    check_plane("receiver", receivers.cells(), w, d)?;
    check_plane("source", source.len(), w, d)?;
    let mut acc: Vec<u32> = source.iter().map(|&s| u32::from(s)).collect();
    for &cell in flood.order.iter().rev() {
        let r = receivers.downstream(cell as usize);
        if r != NO_RECEIVER {
            acc[r as usize] += acc[cell as usize];
        }
    }
    Ok(acc)
}

#[cfg(test)]
mod tests {
    use super::super::{priority_flood, FloodOptions};
    use super::*;

    #[test]
    fn a_valley_drains_to_its_mouth_and_accumulates_its_area() {
        // A V-shaped valley sloping towards z = 0, walls rising to both sides.
        let (w, d) = (7, 6);
        let h: Vec<f32> = (0..w * d)
            .map(|i| {
                let (x, z) = ((i % w) as f32, (i / w) as f32);
                (x - 3.0).abs() + 0.1 * z
            })
            .collect();
        let f = priority_flood(&h, w, d, FloodOptions::default()).unwrap();
        let r = flow_directions(&f);
        // Interior cells of the thalweg drain straight down the valley.
        for z in 1..d - 1 {
            assert_eq!(r.get(z * w + 3), ((z - 1) * w + 3) as u32);
        }
        let acc = accumulate(&f, &r, &vec![true; w * d]).unwrap();
        assert_eq!(
            acc[3],
            1 + 5 * 4,
            "mouth: its own cell and every interior cell"
        );
        let indices: Vec<u32> = (1..w * d).map(|i| r.get(i)).collect();
        assert!(accumulate(&f, &indices[..], &vec![true; w * d]).is_err());
    }
}
