//! Which tiles to load and which to evict as the stream target moves.
//!
//! Tiles within `radius` tiles of the target's tile (along x and along z) are wanted; the ones
//! not loaded yet are loaded nearest first (distance from the target to the tile's centre). A
//! loaded tile is evicted only once it lies more than `radius + 1` tiles away: the one-tile
//! band of hysteresis keeps a target that wanders over a tile border from reloading the tiles
//! behind it, and at most `(2·radius + 3)²` tiles are ever held.

use super::TileCoord;
use crate::params::GeneratorParams;
use std::collections::BTreeSet;

/// How world positions fall into tiles: the world lattice's origin and the tile side in metres.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TileSet {
    /// World x of world cell 0, metres.
    pub origin_x: f64,
    /// World z of world cell 0, metres.
    pub origin_z: f64,
    /// Tile side, metres (`tile_size · cell_size`).
    pub tile_metres: f64,
}

/// What to do after the target moved.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Plan {
    /// Tiles to generate, nearest first.
    pub load: Vec<TileCoord>,
    /// Loaded tiles to drop, in tile order.
    pub evict: Vec<TileCoord>,
}

impl TileSet {
    /// The tiles of a parameter set.
    pub fn of(params: &GeneratorParams) -> Self {
        TileSet {
            origin_x: f64::from(params.origin_x),
            origin_z: f64::from(params.origin_z),
            tile_metres: f64::from(params.tile_size) * f64::from(params.cell_size),
        }
    }

    /// The tile holding world position `(x, z)`.
    pub fn tile_at(&self, x: f64, z: f64) -> TileCoord {
        let along = |v: f64, o: f64| {
            let t = ((v - o) / self.tile_metres).floor();
            t.clamp(f64::from(i32::MIN), f64::from(i32::MAX)) as i32
        };
        TileCoord::new(along(x, self.origin_x), along(z, self.origin_z))
    }

    /// World position of the centre of tile `c`.
    pub fn centre(&self, c: TileCoord) -> (f64, f64) {
        (
            self.origin_x + (f64::from(c.x) + 0.5) * self.tile_metres,
            self.origin_z + (f64::from(c.z) + 0.5) * self.tile_metres,
        )
    }

    /// The tiles to load and to evict for a target at world `(x, z)`: see the module
    /// documentation.
    pub fn plan(&self, target: (f64, f64), loaded: &BTreeSet<TileCoord>, radius: u32) -> Plan {
        let here = self.tile_at(target.0, target.1);
        let r = i64::from(radius);
        let mut load: Vec<(f64, TileCoord)> = Vec::new();
        for dz in -r..=r {
            for dx in -r..=r {
                let (x, z) = (i64::from(here.x) + dx, i64::from(here.z) + dz);
                let (Ok(x), Ok(z)) = (i32::try_from(x), i32::try_from(z)) else {
                    continue;
                };
                let c = TileCoord::new(x, z);
                if !loaded.contains(&c) {
                    let (cx, cz) = self.centre(c);
                    let d = (cx - target.0).powi(2) + (cz - target.1).powi(2);
                    load.push((d, c));
                }
            }
        }
        load.sort_by(|a, b| {
            a.0.total_cmp(&b.0)
                .then(a.1.z.cmp(&b.1.z))
                .then(a.1.x.cmp(&b.1.x))
        });
        let evict = loaded
            .iter()
            .copied()
            .filter(|c| c.chebyshev(here) > radius.saturating_add(1))
            .collect();
        Plan {
            load: load.into_iter().map(|(_, c)| c).collect(),
            evict,
        }
    }

    /// The most tiles [`Self::plan`] ever keeps loaded for `radius`: `(2·radius + 3)²`.
    pub fn bound(radius: u32) -> usize {
        let side = 2 * radius as usize + 3;
        side * side
    }
}

/// [`TileSet::plan`] for the tiles of `params`.
pub fn plan(
    params: &GeneratorParams,
    target: (f64, f64),
    loaded: &BTreeSet<TileCoord>,
    radius: u32,
) -> Plan {
    TileSet::of(params).plan(target, loaded, radius)
}
