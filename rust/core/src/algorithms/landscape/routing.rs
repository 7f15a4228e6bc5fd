//! Routing: where every cell drains this step, and how much land drains through it.
//!
//! The hydrology's Priority-Flood fills the sinks of the current surface; the filled level is
//! kept (the pits fill with sediment), the D8 receivers of steepest descent (on flats, towards
//! the outlet the flood came from) give every cell one way down, and the flood's order is the
//! stack: every receiver comes before the cells that drain into it.

use crate::algorithms::hydrology::{
    accumulate, flow_directions, priority_flood, FloodOptions, Receivers, NO_RECEIVER, OUTLET,
};

/// The drainage of one step.
pub(super) struct Routing {
    /// Every cell of the domain, receivers before their donors.
    pub order: Vec<u32>,
    /// Where each cell drains.
    pub receivers: Receivers,
    /// Cells draining through each cell, itself included.
    pub cells: Vec<u32>,
}

impl Routing {
    /// The receiver of `cell`, or `None` at an outlet or outside the domain.
    #[inline]
    pub fn receiver(&self, cell: usize) -> Option<usize> {
        match self.receivers.get(cell) {
            NO_RECEIVER => None,
            r => Some(r as usize),
        }
    }
}

/// Fills the sinks of `height` in place and routes its flow. `domain`: the cells that evolve
/// (their neighbours outside it, and the map border, are outlets), with `whole` set when that is
/// every cell (the flood then skips its checks of the domain).
pub(super) fn route(
    height: &mut [f32],
    width: usize,
    depth: usize,
    domain: &[bool],
    whole: bool,
) -> Routing {
    let options = FloodOptions {
        domain: (!whole).then_some(domain),
        flat_weight: None,
    };
    let flood = priority_flood(height, width, depth, options).expect("planes fit the lattice");
    height.copy_from_slice(&flood.filled);
    let receivers = flow_directions(&flood);
    let cells = accumulate(&flood, &receivers, domain).expect("planes fit the lattice");
    Routing {
        order: flood.order,
        receivers,
        cells,
    }
}

/// The base level: cells whose height stays, the outlets of the domain and the cells outside it.
pub(super) fn base_cells(height: &[f32], width: usize, depth: usize, domain: &[bool]) -> Vec<bool> {
    let options = FloodOptions {
        domain: Some(domain),
        flat_weight: None,
    };
    let flood = priority_flood(height, width, depth, options).expect("planes fit the lattice");
    flood.parent.iter().map(|&p| p >= OUTLET).collect()
}

/// Length of the step from `cell` to its receiver `r` on a lattice `width` wide with the given
/// spacing: one spacing along an axis, `√2` of it on a diagonal.
#[inline]
pub(super) fn step_length(cell: usize, r: usize, width: usize, spacing: f32) -> f32 {
    let d = cell.abs_diff(r);
    if d == 1 || d == width {
        spacing
    } else {
        spacing * std::f32::consts::SQRT_2
    }
}
