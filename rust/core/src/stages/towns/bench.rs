//! Standard towns for benchmarks and tests: a city of radius 40 cells of [`BENCH_CELL`] metres
//! on flat ground and on a sloped, wavy coast, and a site on the flattest dry spot of a generated
//! map.

use super::{grow_town, Ground, Plane, SlopedCoast, Town, TownSite};
use crate::data::grid::Grid;

/// Metres per cell of the benchmark grounds: a city of radius 40 cells is 320 m across its
/// radius.
pub const BENCH_CELL: f32 = 8.0;

/// One of the standard benchmark towns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BenchCase {
    /// A dense city of radius 40 on a flat, dry 128² plane.
    Flat,
    /// The same city on a 128² coast: sea to the west, land rising 0.012 height units per cell
    /// (12 % with the default vertical scale) from a wavy shoreline through the site.
    Coast,
}

impl BenchCase {
    /// Every case.
    pub const ALL: [BenchCase; 2] = [BenchCase::Flat, BenchCase::Coast];

    /// The case's name, as printed by benchmarks.
    pub fn name(self) -> &'static str {
        match self {
            BenchCase::Flat => "flat",
            BenchCase::Coast => "coast",
        }
    }

    /// The town's site.
    pub fn site(self) -> TownSite {
        match self {
            BenchCase::Flat => TownSite::new([64.0, 64.0], 40.0, 0.9, 12),
            BenchCase::Coast => TownSite::new([70.0, 64.0], 40.0, 0.9, 12),
        }
        .with_cell_size(BENCH_CELL)
    }

    /// The case's ground.
    pub fn ground(self) -> Box<dyn Ground + Send + Sync> {
        match self {
            BenchCase::Flat => Box::new(Plane {
                size: [128.0, 128.0],
                height: 1.0,
                tilt: [0.0, 0.0],
            }),
            BenchCase::Coast => Box::new(SlopedCoast {
                size: [128.0, 128.0],
                shore: 52.0,
                slope: 0.012,
                wave: 6.0,
            }),
        }
    }

    /// Grows the case's town (the part a benchmark times).
    pub fn run(self) -> Town {
        grow_town(&self.site(), self.ground().as_ref())
    }
}

/// Cells around a candidate centre that [`flattest_site`] inspects, each way.
const WINDOW: usize = 4;

/// A site on the flattest dry spot of `grid`: the cell whose surroundings (4 cells each way)
/// hold no water and the gentlest steepest slope, at least a quarter of the map (at most 20
/// cells) from its edges; ties go to the lowest row, then column. `None` on maps too small to
/// have such a cell. `vertical_scale` is the map's `height_scale / cell_size`, `cell_size` its
/// metres per cell, `radius` in cells.
pub fn flattest_site(
    grid: &Grid,
    vertical_scale: f32,
    cell_size: f32,
    radius: f32,
    density: f32,
    seed: u64,
) -> Option<TownSite> {
    let (w, d) = (grid.width(), grid.depth());
    let margin = |n: usize| (n / 4).clamp(WINDOW, 20);
    let (mx, mz) = (margin(w), margin(d));
    if w <= 2 * mx || d <= 2 * mz {
        return None;
    }
    let steepness = |x: usize, z: usize| {
        let (gx, gz) = grid.gradient(x, z);
        (gx.hypot(gz) * vertical_scale * 1000.0) as u32
    };
    let score = |x: usize, z: usize| {
        let near =
            (z - WINDOW..=z + WINDOW).flat_map(|j| (x - WINDOW..=x + WINDOW).map(move |i| (i, j)));
        let wet = near.clone().any(|(i, j)| grid.is_water(i, j));
        (wet, near.map(|(i, j)| steepness(i, j)).max().unwrap_or(0))
    };
    let (x, z) = (mz..d - mz)
        .flat_map(|z| (mx..w - mx).map(move |x| (x, z)))
        .min_by_key(|&(x, z)| (score(x, z), z, x))?;
    let centre = [x as f32 + 0.5, z as f32 + 0.5];
    Some(
        TownSite {
            vertical_scale,
            ..TownSite::new(centre, radius, density, seed)
        }
        .with_cell_size(cell_size),
    )
}
