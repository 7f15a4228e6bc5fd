//! Hydrology on a heightfield: depression filling, lakes, flow directions, flow accumulation and
//! rivers (the bounded-map water of the world design), and the lake map that lets erosion continue through
//! lakes (the lake-erosion article).
//!
//! 1. [`priority_flood`] fills every depression to its spill level (Barnes et al. 2014, the
//!    improved variant: cells above the level being processed wait in a monotone radix heap,
//!    cells at or below it in a level queue), records the order in which cells were reached and
//!    the neighbour each was reached from.
//! 2. [`find_lakes`] labels the connected cells whose filled level lies above their height, with
//!    their level, depth and outflow (the spill cell on the rim), dropping lakes smaller than
//!    [`LakeFilter::min_cells`](crate::params::LakeFilter::min_cells) or shallower than
//!    [`LakeFilter::min_depth`](crate::params::LakeFilter::min_depth).
//! 3. [`flow_directions`] gives every cell one downstream neighbour (D8 steepest descent on the
//!    filled surface; on flats, the neighbour the flood reached the cell from), and
//!    [`accumulate`] sums upstream runoff in the reverse flood order, which is a topological order
//!    of the flow graph.
//! 4. [`channels`] chains the river cells along the flow directions, from each source to the
//!    river it joins or the still water it enters, [`smooth`] rounds their centre-lines,
//!    [`surface_levels`] gives each line a water level that never rises downstream, and
//!    [`river_depth`] is the carving depth of a river from its accumulation (a river's width in
//!    metres is the water stage's, from its catchment).
//!
//! Cells are indexed row by row (`index = z · width + x`) as in [`Grid`](crate::data::grid::Grid); indices are
//! `u32` on every platform. Everything here is sequential and exact, so the results are the same
//! bits everywhere.

mod channels;
mod fill;
mod flow;
mod lakes;
pub mod queue;
mod rivers;

pub use channels::{channels, smooth, surface_levels, Channel, ChannelEnd, SMOOTHING_PASSES};
pub use fill::{level_from_key, level_key, priority_flood, Flood, FloodOptions, OUTLET, OUTSIDE};
pub use flow::{accumulate, flow_directions, receiver, Downstream, Receivers, NO_RECEIVER};
pub use lakes::{find_lakes, Lake, LakeMap};
pub use rivers::{river_depth, RIVER_DEPTH_CAP};

use thiserror::Error;

/// The eight neighbours `(dx, dz)` in the order of their direction codes; the opposite of code
/// `k` is `7 − k`.
pub const NEIGHBOURS: [(i32, i32); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];

/// A hint to fetch the cache line holding `p`; no effect on the results, and none on targets
/// without one. The address need not be valid: a prefetch never faults.
#[inline(always)]
pub(crate) fn prefetch<T>(p: *const T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch reads nothing architecturally and never faults, whatever the address.
    #[allow(unused_unsafe)]
    unsafe {
        core::arch::x86_64::_mm_prefetch::<{ core::arch::x86_64::_MM_HINT_T0 }>(p.cast());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = p;
}

/// Index of the neighbour in direction code `k` of interior cell `cell`, on a grid `width` cells
/// wide.
#[inline]
pub(crate) fn step_to(cell: usize, k: usize, width: usize) -> usize {
    let (dx, dz) = NEIGHBOURS[k];
    (cell as isize + dz as isize * width as isize + dx as isize) as usize
}

/// Whether direction code `k` is a diagonal step.
#[inline]
pub fn is_diagonal(k: usize) -> bool {
    matches!(k, 0 | 2 | 5 | 7)
}

/// A plane handed to the hydrology functions does not fit the grid.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum HydrologyError {
    /// A plane has the wrong number of values.
    #[error("the {plane} plane has {got} values; a {width}×{depth} grid needs {expected}")]
    PlaneSize {
        /// Which plane.
        plane: &'static str,
        /// Its length.
        got: usize,
        /// `width · depth`.
        expected: usize,
        /// Grid width.
        width: usize,
        /// Grid depth.
        depth: usize,
    },
    /// The grid has more cells than `u32` indices reach.
    #[error("a {width}×{depth} grid has more cells than the hydrology can index")]
    TooLarge {
        /// Grid width.
        width: usize,
        /// Grid depth.
        depth: usize,
    },
}

/// Checks that `plane` holds `width · depth` values and that cells fit `u32` indices.
pub(crate) fn check_plane(
    plane: &'static str,
    got: usize,
    width: usize,
    depth: usize,
) -> Result<(), HydrologyError> {
    let expected = width
        .checked_mul(depth)
        .filter(|&n| u32::try_from(n).is_ok())
        .ok_or(HydrologyError::TooLarge { width, depth })?;
    if got == expected {
        Ok(())
    } else {
        Err(HydrologyError::PlaneSize {
            plane,
            got,
            expected,
            width,
            depth,
        })
    }
}

/// Index of the neighbour of `cell` in direction `k`, or `None` off the grid.
#[inline]
pub(crate) fn neighbour(cell: usize, k: usize, width: usize, depth: usize) -> Option<usize> {
    let (x, z) = ((cell % width) as i64, (cell / width) as i64);
    let (dx, dz) = NEIGHBOURS[k];
    let (nx, nz) = (x + i64::from(dx), z + i64::from(dz));
    (nx >= 0 && nz >= 0 && nx < width as i64 && nz < depth as i64)
        .then(|| nz as usize * width + nx as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn direction_codes_are_symmetric() {
        for (k, (dx, dz)) in NEIGHBOURS.iter().enumerate() {
            assert_eq!(NEIGHBOURS[7 - k], (-dx, -dz));
            assert_eq!(is_diagonal(k), *dx != 0 && *dz != 0);
        }
        assert_eq!(neighbour(0, 0, 3, 3), None);
        assert_eq!(neighbour(4, 7, 3, 3), Some(8));
        assert_eq!(neighbour(2, 4, 3, 3), None);
    }

    #[test]
    fn plane_sizes_are_checked() {
        assert!(check_plane("height", 6, 3, 2).is_ok());
        assert!(matches!(
            check_plane("height", 5, 3, 2),
            Err(HydrologyError::PlaneSize { expected: 6, .. })
        ));
        assert!(matches!(
            check_plane("height", 0, 1 << 20, 1 << 20),
            Err(HydrologyError::TooLarge { .. })
        ));
    }
}
