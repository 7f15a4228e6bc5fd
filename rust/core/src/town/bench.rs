//! Standard towns for benchmarks and tests: a city of radius 40 cells on flat ground and on a
//! sloped, wavy coast.

use super::{grow_town, Ground, Plane, SlopedCoast, Town, TownSite};

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
