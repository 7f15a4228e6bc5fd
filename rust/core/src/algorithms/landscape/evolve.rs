//! The driver: a landscape on its lattice, stepped through its age, and [`evolve`], which brings
//! a map onto the lattice, evolves it and brings the change back.

use super::diffusion::Diffusion;
use super::incision::{incise, response_times, AreaPower};
use super::lattice::Lattice;
use super::routing::{base_cells, route, step_length, Routing};
use super::{talus, LandscapeSettings, Scale, STEPS};
use crate::algorithms::hydrology::{priority_flood, FloodOptions};

/// Response times the evolution runs at age 1: a little more than one, as the implicit steps
/// carry an incision wave a little behind its true front.
const AGE_SPAN: f32 = 1.5;

/// A landscape on its lattice: heights in metres, the envelope the uplift builds to, and the
/// model's rates. The erodibility `K` is the unit of time (`K = 1`), so the uplift rate is the
/// steady-state steepness `U/K` and the diffusivity is `D/K`.
pub struct Landscape {
    width: usize,
    depth: usize,
    spacing: f32,
    height: Vec<f32>,
    /// The depression-filled input: the land never rises above it.
    envelope: Vec<f32>,
    /// Cells that evolve.
    domain: Vec<bool>,
    /// Whether every cell evolves.
    whole: bool,
    /// Cells whose height stays: outlets and cells outside the domain.
    base: Vec<bool>,
    diffusion: Diffusion,
    power: AreaPower,
    uplift: f32,
    diffusivity: f32,
    repose: f32,
    dt: f32,
}

impl Landscape {
    /// A landscape of `width × depth` nodes `spacing` metres apart, starting from (and never
    /// rising above) `height` in metres; `fixed` nodes keep their heights and drain what reaches
    /// them, as does the lattice's border. Each of [`STEPS`] steps lasts `1/STEPS` of the
    /// settings' age in response times of the starting network.
    pub fn new(
        height: &[f32],
        width: usize,
        depth: usize,
        spacing: f32,
        settings: &LandscapeSettings,
        fixed: Option<&[bool]>,
    ) -> Self {
        assert_eq!(height.len(), width * depth, "one height per node");
        let domain: Vec<bool> = match fixed {
            Some(f) => f.iter().map(|&f| !f).collect(),
            None => vec![true; width * depth],
        };
        let whole = fixed.is_none_or(|f| !f.contains(&true));
        let base = base_cells(height, width, depth, &domain);
        let mut envelope = height.to_vec();
        let routing = route(&mut envelope, width, depth, &domain, whole);
        let power = AreaPower::new(spacing);
        let times = response_times(width * depth, &routing.order, |c| {
            drain(&routing, &base, &power, width, spacing, c)
        });
        let response = times.iter().fold(0.0f32, |a, &t| a.max(t));
        Self {
            width,
            depth,
            spacing,
            height: envelope.clone(),
            envelope,
            diffusion: Diffusion::new(width, depth, &base),
            domain,
            whole,
            base,
            power,
            uplift: settings.steepness(),
            diffusivity: settings.diffusivity(),
            repose: settings.repose_slope(),
            dt: settings.age.clamp(0.0, 1.0) * AGE_SPAN * response / STEPS as f32,
        }
    }

    /// The heights, metres.
    pub fn heights(&self) -> &[f32] {
        &self.height
    }

    /// The duration of one step, in units of `1/K`.
    pub fn dt(&self) -> f32 {
        self.dt
    }

    /// One step: [`rivers`](Self::rivers), then [`hillslopes`](Self::hillslopes); nothing at
    /// age 0.
    pub fn step(&mut self) {
        if self.dt <= 0.0 {
            return;
        }
        self.rivers();
        self.hillslopes();
    }

    /// The rivers' part of a step: the sinks filled, the receivers, the drainage areas and the
    /// implicit incision against the uplift.
    pub fn rivers(&mut self) {
        let (w, d, s) = (self.width, self.depth, self.spacing);
        let routing = route(&mut self.height, w, d, &self.domain, self.whole);
        let (base, power) = (&self.base, &self.power);
        incise(
            &mut self.height,
            &self.envelope,
            &routing.order,
            self.uplift,
            self.dt,
            |c| drain(&routing, base, power, w, s, c),
        );
    }

    /// The hillslopes' part of a step: implicit diffusion, the envelope, and the talus limit.
    pub fn hillslopes(&mut self) {
        let alpha = self.diffusivity * self.dt / (self.spacing * self.spacing);
        self.diffusion.step(&mut self.height, alpha);
        for (h, &e) in self.height.iter_mut().zip(&self.envelope) {
            *h = h.min(e);
        }
        let (w, d) = (self.width, self.depth);
        talus::limit(
            &mut self.height,
            &self.base,
            w,
            d,
            self.spacing,
            self.repose,
        );
    }

    /// The heights after the last step, with the sinks the hillslopes left filled.
    pub fn finish(mut self) -> Vec<f32> {
        let (w, d) = (self.width, self.depth);
        route(&mut self.height, w, d, &self.domain, self.whole);
        self.height
    }
}

/// Where `cell` drains: its receiver, the step length to it and `K·A^m`, or `None` for a base
/// cell.
#[inline]
fn drain(
    routing: &Routing,
    base: &[bool],
    power: &AreaPower,
    width: usize,
    spacing: f32,
    cell: usize,
) -> Option<(usize, f32, f32)> {
    if base[cell] {
        return None;
    }
    let r = routing.receiver(cell)?;
    Some((
        r,
        step_length(cell, r, width, spacing),
        power.of(routing.cells[cell]),
    ))
}

/// Evolves a `width × depth` map whose heights (in height units) are the envelope of the uplift:
/// brings it onto the lattice of [`LandscapeSettings::spacing`] metres, runs [`STEPS`] steps of
/// [`Landscape`], adds the change back onto the map's cells by interpolation and fills the
/// map's remaining sinks. `fixed` cells (such as the flat land outside a mountain pool) keep
/// their heights and drain the land next to them, as does the map border. Returns the evolved
/// heights in height units.
///
/// # Panics
///
/// When `uplift` (or `fixed`) does not hold `width · depth` values.
pub fn evolve(
    uplift: &[f32],
    width: usize,
    depth: usize,
    scale: Scale,
    settings: &LandscapeSettings,
    fixed: Option<&[bool]>,
) -> Vec<f32> {
    evolve_with(uplift, width, depth, scale, settings, fixed, |_| true)
        .expect("an evolution that always goes on finishes")
}

/// [`evolve`], asking `go_on` with the number of steps done before each step whether to go
/// on: `None` once it answers `false` (the map is then left as it was).
///
/// # Panics
///
/// When `uplift` (or `fixed`) does not hold `width · depth` values.
pub fn evolve_with(
    uplift: &[f32],
    width: usize,
    depth: usize,
    scale: Scale,
    settings: &LandscapeSettings,
    fixed: Option<&[bool]>,
    mut go_on: impl FnMut(usize) -> bool,
) -> Option<Vec<f32>> {
    assert_eq!(uplift.len(), width * depth, "one height per cell");
    if let Some(f) = fixed {
        assert_eq!(f.len(), width * depth, "one fixed flag per cell");
    }
    let lattice = Lattice::new(width, depth, scale.cell_m, settings.spacing());
    let metres: Vec<f32> = uplift.iter().map(|h| h * scale.height_m).collect();
    let (start, fixed_nodes) = if lattice.is_map() {
        (metres, fixed.map(<[bool]>::to_vec))
    } else {
        (lattice.down(&metres), fixed.map(|f| lattice.down_mask(f)))
    };
    let (lw, ld) = (lattice.width, lattice.depth);
    let mut land = Landscape::new(
        &start,
        lw,
        ld,
        lattice.spacing,
        settings,
        fixed_nodes.as_deref(),
    );
    for step in 0..STEPS {
        if !go_on(step) {
            return None;
        }
        land.step();
    }
    let evolved = land.finish();
    let change: Vec<f32> = evolved.iter().zip(&start).map(|(e, s)| e - s).collect();
    let change = lattice.up(&change);
    let mut out: Vec<f32> = uplift
        .iter()
        .zip(&change)
        .enumerate()
        .map(|(i, (&h, &c))| {
            if fixed.is_some_and(|f| f[i]) {
                h
            } else {
                h + c / scale.height_m
            }
        })
        .collect();
    fill_map(&mut out, width, depth, fixed);
    Some(out)
}

/// Fills the sinks left on the map: by the input's detail finer than the lattice, and by the
/// rounding of the change back to height units.
fn fill_map(height: &mut [f32], width: usize, depth: usize, fixed: Option<&[bool]>) {
    let domain: Option<Vec<bool>> = fixed.map(|f| f.iter().map(|&f| !f).collect());
    let options = FloodOptions {
        domain: domain.as_deref(),
        flat_weight: None,
    };
    let flood = priority_flood(height, width, depth, options).expect("planes fit the map");
    height.copy_from_slice(&flood.filled);
}
