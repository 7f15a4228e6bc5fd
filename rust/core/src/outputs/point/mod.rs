//! One answer per point: what the terrain shows above a point of the mesh's coordinate space (its
//! ground, its cell and class, its water, its road and bridge deck), decided in one place for the
//! engine's queries (Godot's `get_height_at`, `get_terrain_at`, `is_water_at`,
//! `get_water_level_at`, `is_road_at`) and for the navigation mesh, which leaves out every point
//! where [`Probe::water`] says water shows, except on bridge decks.
//!
//! - **On the terrain** is the closed rectangle `[0, width·cell_size] × [0, depth·cell_size]`,
//!   where the terrain mesh is drawn ([`surface_height`](crate::outputs::mesh::surface_height)); a
//!   point on its far edges belongs to the last cell. Off it, and for a NaN or infinite
//!   coordinate, the answer is [`Point::OFF`]: no cell, no ground, no class, no water, no road.
//! - **Water shows** where the water mesh's surface lies more than [`WET_DEPTH`] above the
//!   rendered ground ([`Probe::water`]): sea, lakes and rivers of any width, the water reaching
//!   over a dry shore cell up to where the ground meets it, wetland pools; never where the ground
//!   rises above the water, on a water cell's shore included. The level is then finite and above
//!   the ground; elsewhere there is none.
//! - **The class** is [`Terrain::Water`] exactly where water shows. Where a water cell is dry at
//!   the point (its ground rises above the water at a shore), the class of its bank: the class
//!   most of its dry neighbours have ([`bank_class`]); elsewhere the cell's own class.
//! - **Road** where a road's bed or bridge cell lies under the point, or a bridge deck over it
//!   ([`Decks::height_at`], the deck as it is drawn): under a deck water may show, the deck
//!   standing above it. The deck's height is given on the deck and on the bridge cells.

use crate::data::grid::{Grid, Terrain};
use crate::outputs::mesh::deck::Decks;
use crate::outputs::mesh::water_surface::levels::{corner_level, OnDemand};
use crate::outputs::mesh::water_surface::{in_water_region, level_and_ground};
use crate::outputs::mesh::{surface_height_valid, vertex_height_direct};
use crate::params::MeshParams;
use crate::stages::settlements::LandUse;
use std::cell::RefCell;
use std::collections::HashMap;

/// Water no deeper than this over the rendered ground, world units, leaves a point dry: the last
/// bits of the water mesh's interpolations at the shoreline, where its depth is 0.
pub const WET_DEPTH: f32 = 1e-3;

/// What the terrain shows above one point (see the module's notes). Heights are in world units,
/// in the mesh's coordinate space.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point {
    /// The cell under the point, `None` off the terrain.
    pub cell: Option<(usize, usize)>,
    /// The rendered ground's height, `None` off the terrain.
    pub ground: Option<f32>,
    /// The class shown at the point, `None` off the terrain.
    pub terrain: Option<Terrain>,
    /// The water surface's height where water shows, else `None`.
    pub water: Option<f32>,
    /// Whether a road (its bed, a bridge cell or a deck) covers the point.
    pub road: bool,
    /// The bridge deck's height where a deck covers the point ([`Decks::height_at`]) or a
    /// bridge cell holds it, its edges included (the nearest deck's height there, as the
    /// navigation mesh lays it), else `None`.
    pub deck: Option<f32>,
}

impl Point {
    /// The answer off the terrain: nothing at all.
    pub const OFF: Point = Point {
        cell: None,
        ground: None,
        terrain: None,
        water: None,
        road: false,
        deck: None,
    };

    /// Whether water shows at the point.
    pub fn is_water(&self) -> bool {
        self.water.is_some()
    }
}

/// Answers [`Point`]s of one grid drawn with one set of mesh settings. It keeps what it worked
/// out (which cells the water region holds, the water level of each cell corner), so asking many
/// points near each other costs little; every answer is the same as a fresh probe's.
pub struct Probe<'a> {
    grid: &'a Grid,
    params: &'a MeshParams,
    decks: Option<&'a Decks>,
    valid: bool,
    regions: RefCell<HashMap<(usize, usize), bool>>,
    corners: RefCell<HashMap<(usize, usize), f32>>,
}

impl<'a> Probe<'a> {
    /// A probe of `grid` drawn with `params`, without bridge decks (see [`Probe::with_decks`]).
    /// With invalid `params` or an empty grid every point is off the terrain.
    pub fn new(grid: &'a Grid, params: &'a MeshParams) -> Self {
        Probe {
            grid,
            params,
            decks: None,
            valid: params.validate().is_ok() && grid.width() > 0 && grid.depth() > 0,
            regions: RefCell::default(),
            corners: RefCell::default(),
        }
    }

    /// This probe, answering [`Point::deck`] and a road on the decks from `decks` (the decks of
    /// the same grid and settings, [`Decks::of`]).
    pub fn with_decks(mut self, decks: &'a Decks) -> Self {
        self.decks = Some(decks);
        self
    }

    /// The cell under the point `(x, z)`, `None` off the terrain (see the module's notes).
    pub fn cell(&self, x: f32, z: f32) -> Option<(usize, usize)> {
        let size = self.params.cell_size;
        let (w, d) = (self.grid.width(), self.grid.depth());
        if !(self.valid && x.is_finite() && z.is_finite()) {
            return None;
        }
        let (fx, fz) = (x / size, z / size);
        let inside = |f: f32, n: usize| (0.0..=n as f32).contains(&f);
        if !(inside(fx, w) && inside(fz, d)) {
            return None;
        }
        Some((
            (fx.floor() as usize).min(w - 1),
            (fz.floor() as usize).min(d - 1),
        ))
    }

    /// The rendered ground's height above the point `(x, z)`, `None` off the terrain: exactly on
    /// the terrain mesh's triangles.
    pub fn ground(&self, x: f32, z: f32) -> Option<f32> {
        self.cell(x, z)?;
        surface_height_valid(self.grid, self.params, x, z)
    }

    /// The water level above the point `(x, z)` where water shows there, else `None` (off the
    /// terrain too): the one decision of the queries and the navigation mesh. Water shows where
    /// the water mesh's surface over the point (on the triangle it draws there) lies more than
    /// [`WET_DEPTH`] above the rendered ground, so the level returned is finite and above the
    /// ground.
    pub fn water(&self, x: f32, z: f32) -> Option<f32> {
        self.water_and_ground(x, z).map(|(level, _)| level)
    }

    /// [`Probe::water`] with the ground's height under it.
    fn water_and_ground(&self, x: f32, z: f32) -> Option<(f32, f32)> {
        self.cell(x, z)?;
        let in_region = |cx: usize, cz: usize| self.in_region(cx, cz);
        let corner = |cx: usize, cz: usize| self.corner(cx, cz);
        let (level, ground) = level_and_ground(self.grid, self.params, x, z, in_region, &corner)?;
        (level.is_finite() && level - ground > WET_DEPTH).then_some((level, ground))
    }

    /// Everything the terrain shows above the point `(x, z)` ([`Point::OFF`] off the terrain).
    pub fn at(&self, x: f32, z: f32) -> Point {
        let Some((cx, cz)) = self.cell(x, z) else {
            return Point::OFF;
        };
        let ground = surface_height_valid(self.grid, self.params, x, z);
        let water = self.water(x, z);
        let i = self.grid.index(cx, cz);
        let own = self.grid.terrain[i];
        let terrain = match (water, own) {
            (Some(_), _) => Terrain::Water,
            (None, Terrain::Water) => bank_class(self.grid, cx, cz),
            (None, class) => class,
        };
        let usage = self.grid.land_use().get(i).copied().unwrap_or_default();
        let deck = self.decks.and_then(|d| {
            let on_bridge = self.on_bridge_cell(x, z);
            let bridge = || on_bridge.then(|| d.nearest([x, z])).flatten();
            d.height_at(x, z).or_else(|| bridge().map(|(_, h)| h))
        });
        let road_cell = usage.is_road();
        Point {
            cell: Some((cx, cz)),
            ground,
            terrain: Some(terrain),
            water,
            road: road_cell || deck.is_some(),
            deck,
        }
    }

    /// Whether a bridge cell holds the point `(x, z)`, its edges included (a point on the line
    /// between two cells lies on both): a bridge's deck covers its cells whole.
    fn on_bridge_cell(&self, x: f32, z: f32) -> bool {
        let size = self.params.cell_size;
        let (fx, fz) = (x / size, z / size);
        let (w, d) = (self.grid.width(), self.grid.depth());
        // The cells whose closed square holds the coordinate: one inside a cell, two on a line.
        let cells = |f: f32, n: usize| {
            let c = (f.floor() as usize).min(n - 1);
            let before = (f == f.floor() && c > 0).then(|| c - 1);
            [Some(c), before]
        };
        let uses = self.grid.land_use();
        cells(fz, d).into_iter().flatten().any(|cz| {
            cells(fx, w)
                .into_iter()
                .flatten()
                .any(|cx| uses.get(self.grid.index(cx, cz)) == Some(&LandUse::Bridge))
        })
    }

    /// Whether cell `(cx, cz)` belongs to the water mesh's region, worked out once.
    fn in_region(&self, cx: usize, cz: usize) -> bool {
        if let Some(&known) = self.regions.borrow().get(&(cx, cz)) {
            return known;
        }
        let known = in_water_region(self.grid, self.params, cx, cz);
        self.regions.borrow_mut().insert((cx, cz), known);
        known
    }

    /// The water level of cell corner `(cx, cz)` in height units (NaN without one), worked out
    /// once: the corner level the water mesh's vertices are interpolated from.
    fn corner(&self, cx: usize, cz: usize) -> f32 {
        if let Some(&known) = self.corners.borrow().get(&(cx, cz)) {
            return known;
        }
        let (grid, params) = (self.grid, self.params);
        let n = params.subdivisions as usize;
        let strength = params.roughness_strength;
        let src = OnDemand { grid, params };
        let level = corner_level(&src, cx, cz, || {
            vertex_height_direct(grid, cx * n, cz * n, n, strength)
        })
        .unwrap_or(f32::NAN);
        self.corners.borrow_mut().insert((cx, cz), level);
        level
    }
}

/// The class shown where water cell `(x, z)` rises dry out of the water: the class most of its
/// dry neighbours (8-neighbourhood) have, the first in row order among equally many, and
/// [`Terrain::Grass`] when all of them are water (an islet in a lake, a sill in a river).
pub fn bank_class(grid: &Grid, x: usize, z: usize) -> Terrain {
    let (w, d) = (grid.width(), grid.depth());
    let mut counts: Vec<(Terrain, usize)> = Vec::new();
    for nz in z.saturating_sub(1)..(z + 2).min(d) {
        for nx in x.saturating_sub(1)..(x + 2).min(w) {
            let class = grid.terrain[grid.index(nx, nz)];
            if class == Terrain::Water {
                continue;
            }
            match counts.iter_mut().find(|(c, _)| *c == class) {
                Some((_, n)) => *n += 1,
                None => counts.push((class, 1)),
            }
        }
    }
    let most = counts.iter().map(|&(_, n)| n).max().unwrap_or(0);
    counts
        .iter()
        .find(|&&(_, n)| n == most)
        .map_or(Terrain::Grass, |&(c, _)| c)
}

#[cfg(test)]
mod tests;
