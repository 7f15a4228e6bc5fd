//! Landscape evolution: the land grown against erosion until it drains, after Braun & Willett
//! (2013) and the uplift-driven terrains of Cordonnier et al. (2016).
//!
//! The model, on a lattice whose spacing in metres comes from the valley width (see [`Lattice`]):
//!
//! - **stream power**, `dz/dt = U − K·A^m·S` with `n = 1` ([`M`] is `m`), solved implicitly
//!   along the receivers in stack order, one pass downstream to upstream per step
//!   (`incision`): unconditionally stable, exact at steady state;
//! - **routing** on D8 receivers whose sinks are resolved every step by the hydrology's
//!   Priority-Flood (`routing`): every cell drains to an outlet, and what the flood raises is
//!   filled with sediment, so no pit survives a step;
//! - **hillslope diffusion**, `dz/dt = D·∇²z`, implicit in alternating directions: a tridiagonal
//!   solve per row, then per column (`diffusion`);
//! - a **talus** limit: no slope stands steeper than the angle of repose (`talus`).
//!
//! # How the height model's heights are read
//!
//! The input heights are the *envelope* the uplift builds the land to: the uplift `U` is uniform
//! and the land never rises above the (depression-filled) input, so the ridges and peaks keep the
//! height model's heights and only what the rivers and the slopes remove is lost. The evolution
//! starts from the input and runs for [`LandscapeSettings::age`] times the network's response
//! time (the time an incision wave takes from the outlets to the farthest divide, `∫ dl / (K·A^m)`
//! along the flow paths), so at age 1 every valley stands at its steady state
//! `S = (U/K)·A^−m`: the rivers carve into the envelope a long profile that is a power law of
//! the catchment (Flint's law), wherever that profile lies below the envelope. The steepness
//! `U/K` is set by the strength: a channel head of [`LandscapeSettings::valley_width`]² runs at
//! `(1 − strength)` times the slope of repose. The maximum of the result is the input's, less
//! what diffusion takes off the highest summit.
//!
//! Lengths are in metres and heights are in metres inside the model (the map's height units
//! times the metres per unit), so the same world comes out at every resolution: the lattice, the
//! channel heads, the diffusivity and the talus slope are all set in metres.
//!
//! Everything is deterministic: the flood, the accumulation, the incision and the talus passes are
//! sequential, and the parallel loops (receivers, the diffusion's rows and columns) give each
//! cell's arithmetic to one task in a fixed order, so the results are the same bits on every
//! thread count.

mod diffusion;
mod evolve;
mod incision;
mod lattice;
mod routing;
mod talus;

#[cfg(test)]
mod tests;

pub use evolve::{evolve, evolve_with, Landscape};
pub use lattice::Lattice;

/// The stream-power exponent `m` of the drainage area (with `n = 1`): the steady-state
/// concavity `θ = m/n` of the long profiles. Natural rivers show `θ ≈ 0.35–0.6`; 0.45 is the
/// middle of that range.
pub const M: f32 = 0.45;

/// Lattice cells across one valley width: the spacing of the model's lattice is
/// [`LandscapeSettings::valley_width`] divided by this.
pub const CELLS_PER_VALLEY: f32 = 4.0;

/// Steps of the evolution, whatever its age: the implicit solvers are stable at any step, and a
/// fixed count keeps the cost of the stage known in advance.
pub const STEPS: usize = 40;

/// The world's scale: how many metres a cell and a height unit stand for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Scale {
    /// Side of one map cell, metres.
    pub cell_m: f32,
    /// Metres per height unit.
    pub height_m: f32,
}

/// What a designer sets of the landscape: how hard the rock is, how wide the valleys are, how
/// steep slopes may stand and how long the land has evolved.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LandscapeSettings {
    /// Erodibility in `0..1`: how far below the slope of repose the rivers run at steady state.
    /// A channel head draining one valley width squared has the slope
    /// `(1 − strength)·tan(repose_angle)`, and slopes fall as `A^−m` downstream; 0 leaves the
    /// land as the uplift made it, 1 wears every valley down to its outlet's level.
    pub strength: f32,
    /// Width of the narrowest valleys, metres: the spacing of ridges and valleys, where hillslope
    /// diffusion balances river incision (the diffusivity is `K·(width/2)^(2m+1)`), and
    /// [`CELLS_PER_VALLEY`] times the spacing of the model's lattice.
    pub valley_width: f32,
    /// Angle of repose, degrees: the steepest slope that stands.
    pub repose_angle: f32,
    /// How far towards steady state the land has evolved, `0..1`: the fraction of the network's
    /// response time that runs (0 changes nothing but the filled pits, 1 is steady state).
    pub age: f32,
}

impl Default for LandscapeSettings {
    fn default() -> Self {
        Self {
            strength: 0.6,
            valley_width: 40.0,
            repose_angle: 35.0,
            age: 1.0,
        }
    }
}

impl LandscapeSettings {
    /// The slope of repose, `tan(repose_angle)` (metres per metre).
    pub fn repose_slope(&self) -> f32 {
        libm::tanf(self.repose_angle.clamp(0.0, 89.0).to_radians())
    }

    /// The spacing of the model's lattice, metres.
    pub fn spacing(&self) -> f32 {
        self.valley_width / CELLS_PER_VALLEY
    }

    /// The steady-state channel steepness `U/K` in `m^(2m)`: the slope of a channel draining
    /// `A` square metres is `steepness · A^−m`.
    pub fn steepness(&self) -> f32 {
        let head = self.valley_width * self.valley_width;
        (1.0 - self.strength.clamp(0.0, 1.0)) * self.repose_slope() * libm::powf(head, M)
    }

    /// Hillslope diffusivity relative to the erodibility, `D/K` in `m^(2m+1)`: diffusion and
    /// incision balance on a hillslope half a valley wide.
    pub fn diffusivity(&self) -> f32 {
        libm::powf(0.5 * self.valley_width, 2.0 * M + 1.0)
    }
}
