//! Stream-power incision, `dz/dt = U − K·A^m·S` with `n = 1`, implicit along the receivers
//! (Braun & Willett 2013).
//!
//! Taken in stack order, a cell's receiver already holds its new height `z_r`, and the implicit
//! step `z' = z + Δt·U − Δt·K·A^m·(z' − z_r)/Δl` solves to
//! `z' = (z + Δt·U + F·z_r) / (1 + F)` with `F = Δt·K·A^m/Δl`: one pass, stable at any step, and
//! at steady state exactly `S = (U/K)·A^−m`. The land never rises above its envelope.

use super::M;

/// `A^m` for drainage areas counted in cells, from a table for the common small counts.
pub(super) struct AreaPower {
    /// `n^m` for `n < TABLE`.
    table: Vec<f32>,
    /// `spacing^(2m)`: the power of one cell's area.
    cell: f32,
}

/// Cell counts whose power is read from the table; larger ones are computed.
const TABLE: usize = 4096;

impl AreaPower {
    /// The powers for cells `spacing` metres wide.
    pub fn new(spacing: f32) -> Self {
        Self {
            table: (0..TABLE).map(|n| libm::powf(n as f32, M)).collect(),
            cell: libm::powf(spacing * spacing, M),
        }
    }

    /// `A^m` of `cells` cells, `A` in square metres.
    #[inline]
    pub fn of(&self, cells: u32) -> f32 {
        let n = cells as usize;
        let p = if n < TABLE {
            self.table[n]
        } else {
            libm::powf(n as f32, M)
        };
        p * self.cell
    }
}

/// One implicit step of incision and uplift over the cells of `order` (receivers first).
/// `drain(cell)` gives the receiver, the step length to it (metres) and `K·A^m` of the cell, or
/// `None` for a cell whose height stays (an outlet).
pub(super) fn incise(
    height: &mut [f32],
    envelope: &[f32],
    order: &[u32],
    uplift: f32,
    dt: f32,
    drain: impl Fn(usize) -> Option<(usize, f32, f32)>,
) {
    for &cell in order {
        let cell = cell as usize;
        let Some((r, length, k_area)) = drain(cell) else {
            continue;
        };
        let f = dt * k_area / length;
        let z = (height[cell] + dt * uplift + f * height[r]) / (1.0 + f);
        height[cell] = z.min(envelope[cell]);
    }
}

/// The response time of every cell: how long an incision wave takes from the outlet to it,
/// `Σ Δl / (K·A^m)` along its flow path (0 at outlets). Same arguments as [`incise`].
pub(super) fn response_times(
    cells: usize,
    order: &[u32],
    drain: impl Fn(usize) -> Option<(usize, f32, f32)>,
) -> Vec<f32> {
    let mut time = vec![0.0f32; cells];
    for &cell in order {
        let cell = cell as usize;
        if let Some((r, length, k_area)) = drain(cell) {
            time[cell] = time[r] + length / k_area;
        }
    }
    time
}
