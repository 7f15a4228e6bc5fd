//! Settlements and roads (the world design's settlements): villages, towns and cities on the most habitable land,
//! joined by a road network, with the ground levelled under both.
//!
//! The [`Settlements`] layer runs after the biomes and before the forests, the scatter and the
//! texture. When `settlements_enabled` is off it clears its planes and does nothing else, so every
//! earlier result stays bit-identical. When on, it:
//!
//! 1. scores every cell's habitability ([`habitability`]): fertile biome (grass when biomes are
//!    off), gentle slope, comfortable temperature, water within reach;
//! 2. gathers the scores on hexagons ([`hexgrid`]) and places central places, the local maxima
//!    of each tier, with populations by rank and seeded names ([`places`], [`names`]); or, on
//!    a map that follows a settlement plan ([`plan`]), the plan's places on its own cells;
//! 3. levels each settlement's site ([`flatten::sites`]);
//! 4. grows a town on each site ([`towns`]: streets, lots and buildings from [`crate::stages::towns`]) and
//!    levels its lots;
//! 5. routes the roads ([`roads`]), cheaper along town streets and dearer across lots, or the
//!    plan's links along their planned routes ([`roads::follow`]), and levels their beds
//!    ([`flatten::roads`]).
//!
//! The parameters and every length the stages work with are in **metres** (hexagons, the reach
//! of water, road beds, the road search's costs, the towns' streets and lots), so a world has
//! the same settlements and roads at every cell size. The outputs are in **cell units**: a point
//! `[x, z]` lies in cell `(⌊x⌋, ⌊z⌋)`, cell `(i, j)` covers `[i, i + 1) × [j, j + 1)`; multiply by
//! `cell_size` for the mesh's local metres. Heights are in height units (times `height_scale`
//! for metres).

pub mod flatten;
pub mod habitability;
pub mod hexgrid;
mod layout;
pub mod names;
pub mod places;
pub mod plan;
pub mod roads;
pub mod towns;

pub use roads::{Road, RoadNetwork};

use crate::data::frame::MapFrame;
use crate::data::grid::Grid;
use crate::params::paths::Path;
use crate::params::sites::Site;
use crate::params::{GeneratorParams, SettlementParams};
use crate::stages::context::Context;
use crate::stages::pipeline::{Layer, LayerError};
use habitability::Scale;

/// The size class of a settlement.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Tier {
    /// The smallest: a local maximum one hexagon around.
    #[default]
    Village = 0,
    /// A local maximum two hexagons around.
    Town = 1,
    /// The largest: a local maximum four hexagons around.
    City = 2,
}

impl Tier {
    /// Lower-case name, as scripts and the GeoJSON show it.
    pub fn name(self) -> &'static str {
        match self {
            Tier::Village => "village",
            Tier::Town => "town",
            Tier::City => "city",
        }
    }
}

/// One settlement.
#[derive(Clone, Debug, PartialEq)]
pub struct Settlement {
    /// Its index in [`Grid::settlements`]; also its rank (0 is the largest).
    pub id: u32,
    /// Its centre cell (`z * width + x`).
    pub cell: u32,
    /// Its centre in cell units: the middle of its cell.
    pub position: [f32; 2],
    /// The levelled ground at its centre, height units.
    pub height: f32,
    /// Its size class.
    pub tier: Tier,
    /// Its population: the largest population over its rank.
    pub population: u32,
    /// Its name, unique on the map.
    pub name: String,
    /// Radius of its levelled site, cells (the hexagon radius times the tier's
    /// [`places::SITE_SHARE`], at least one cell).
    pub radius: f32,
}

/// What a cell is used for, once settlements are placed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum LandUse {
    /// Nothing built.
    #[default]
    Open = 0,
    /// A road bed.
    Road = 1,
    /// A bridge over a river.
    Bridge = 2,
    /// A settlement's levelled site.
    Site = 3,
    /// A town street.
    Street = 4,
    /// A town lot (levelled, with its building).
    Lot = 5,
}

impl LandUse {
    /// Whether a road runs here (bed or bridge).
    pub fn is_road(self) -> bool {
        matches!(self, LandUse::Road | LandUse::Bridge)
    }
}

/// Whether a road (bed or bridge) covers the point `(x, z)` in cell units; `false` off the map
/// and when settlements are off.
pub fn is_road(grid: &Grid, x: f32, z: f32) -> bool {
    if !(x >= 0.0 && z >= 0.0) {
        return false;
    }
    let (cx, cz) = (x as usize, z as usize);
    cx < grid.width()
        && cz < grid.depth()
        && grid
            .land_use()
            .get(grid.index(cx, cz))
            .is_some_and(|u| u.is_road())
}

/// The way along the roads between the road points nearest `from` and `to` (cell units, both
/// ends included), or an empty list when no road joins them. Builds the network graph each call;
/// keep a [`RoadNetwork`] for many queries.
pub fn road_path(grid: &Grid, from: [f32; 2], to: [f32; 2]) -> Vec<[f32; 2]> {
    RoadNetwork::new(grid.roads()).path(from, to)
}

/// The settlements layer (see the [module documentation](self)).
#[derive(Clone, Debug)]
pub struct Settlements {
    /// The settlement parameters.
    pub params: SettlementParams,
    /// Master seed (for the names).
    pub seed: u64,
    /// The world scale.
    pub scale: Scale,
    /// The designer's pinned settlements, placed first.
    pub sites: Vec<Site>,
    /// The designer's road paths: each becomes a road joined to the network, its ground
    /// levelled.
    pub roads: Vec<Path>,
    /// Where the map's cells lie, to find the sites' and road paths' cells.
    pub frame: MapFrame,
    /// The settlement plan the map follows, when it is not its own plan ([`plan`],
    /// [`crate::stages::generate::settlement_plan`]).
    pub plan: Option<plan::Plan>,
}

impl Settlements {
    /// The layer of a parameter set.
    pub fn new(params: &GeneratorParams) -> Self {
        Settlements {
            params: params.settlements,
            seed: params.seed,
            scale: Scale {
                cell_size: params.cell_size,
                height_scale: params.height_scale,
            },
            sites: Vec::new(),
            roads: Vec::new(),
            frame: MapFrame::of(params),
            plan: None,
        }
    }

    /// Places, routes and levels on `grid` (settlements on).
    fn build(&self, grid: &mut Grid) {
        let scores = habitability::scores(grid, &self.params, self.scale);
        let cell = self.scale.cell_size;
        let pinned = self.pinned(grid);
        let plan = self.plan.as_ref();
        let planned = plan.map(|p| p.places.as_slice());
        let mut sites = places::place(
            grid,
            &self.params,
            &scores,
            self.seed,
            cell,
            &pinned,
            planned,
        );
        let site_cells = flatten::sites(grid, &sites, cell);
        let mut towns = towns::grow(grid, &sites, &self.params, self.scale, self.seed);
        let lots = towns::level_lots(grid, &mut towns);
        let streets = towns::street_cells(grid, &towns);
        let mut ground = roads::RoadGround::of(
            grid,
            self.params.max_road_grade,
            self.params.road_bed_width,
            self.scale.cell_size,
            self.scale.height_scale,
        );
        ground.lot = lots.clone();
        let drawn = self.drawn_roads(&ground);
        let extra = self.params.extra_roads as usize;
        let hexes = hexgrid::HexGrid {
            size: places::hex_radius(&self.params, cell) / cell,
        };
        let (mut network, links) = match plan {
            Some(plan) => roads::follow::build(
                &ground,
                &sites,
                hexes,
                &streets,
                &drawn,
                &plan.links,
                cell,
                plan.cell_size,
            ),
            None => roads::build(&ground, &sites, hexes, &streets, extra, &drawn),
        };
        let width = self.params.road_bed_width / cell;
        let bed = flatten::roads(grid, &network, &ground.height, width);
        for road in &mut network {
            flatten::road_heights(&ground, road);
            road.width = width;
        }
        for s in &mut sites {
            s.height = grid.height[s.cell as usize];
        }
        *grid.land_use_mut() = land_use(grid, &network, &bed, [&streets, &lots, &site_cells]);
        *grid.settlements_mut() = sites;
        *grid.towns_mut() = towns;
        *grid.roads_mut() = network;
        *grid.products.get_or_default::<Vec<roads::Link>>() = links;
    }
}

/// The land use plane: bridges on the roads' river cells, road beds, then town streets, lots and
/// settlement sites (`town` holds those three masks in that order).
fn land_use(grid: &Grid, roads: &[Road], bed: &[bool], town: [&[bool]; 3]) -> Vec<LandUse> {
    let [street, lot, site] = town;
    let mut out: Vec<LandUse> = (0..grid.len())
        .map(|i| {
            if bed[i] {
                LandUse::Road
            } else if street[i] {
                LandUse::Street
            } else if lot[i] {
                LandUse::Lot
            } else if site[i] {
                LandUse::Site
            } else {
                LandUse::Open
            }
        })
        .collect();
    for road in roads {
        for (&c, &b) in road.cells.iter().zip(&road.bridge) {
            if b {
                out[c as usize] = LandUse::Bridge;
            }
        }
    }
    debug_assert_eq!(out.len(), grid.len());
    out
}

impl Layer for Settlements {
    fn name(&self) -> &str {
        "Settlements"
    }

    fn apply(&self, grid: &mut Grid, _ctx: &mut Context) -> Result<(), LayerError> {
        crate::algorithms::threads::ensure_pool();
        self.params.validate()?;
        grid.settlements_mut().clear();
        grid.towns_mut().clear();
        grid.roads_mut().clear();
        grid.land_use_mut().clear();
        grid.products.get_or_default::<Vec<roads::Link>>().clear();
        if !self.params.enabled || grid.is_empty() {
            return Ok(());
        }
        self.build(grid);
        Ok(())
    }
}

/// A 64-bit fingerprint of settlements and roads (little-endian bits, xxh3), to compare runs and
/// platforms.
pub fn hash(settlements: &[Settlement], roads: &[Road]) -> u64 {
    let mut h = xxhash_rust::xxh3::Xxh3::new();
    h.update(&(settlements.len() as u64).to_le_bytes());
    for s in settlements {
        h.update(&s.cell.to_le_bytes());
        h.update(&[s.tier as u8]);
        h.update(&s.population.to_le_bytes());
        h.update(s.name.as_bytes());
        h.update(&s.height.to_bits().to_le_bytes());
    }
    h.update(&(roads.len() as u64).to_le_bytes());
    for r in roads {
        h.update(&(r.cells.len() as u64).to_le_bytes());
        for ((c, y), b) in r.cells.iter().zip(&r.heights).zip(&r.bridge) {
            h.update(&c.to_le_bytes());
            h.update(&y.to_bits().to_le_bytes());
            h.update(&[u8::from(*b)]);
        }
    }
    h.digest()
}

/// The settlements, roads and land use on the grid, which this stage writes.
impl Grid {
    /// The settlements, largest first; empty when settlements are off.
    pub fn settlements(&self) -> &[Settlement] {
        self.products
            .get::<Vec<Settlement>>()
            .map_or(&[], Vec::as_slice)
    }

    /// The settlements, for writing.
    pub fn settlements_mut(&mut self) -> &mut Vec<Settlement> {
        self.products.get_or_default::<Vec<Settlement>>()
    }

    /// The roads between the settlements, as polylines in cell units; empty when settlements are off.
    pub fn roads(&self) -> &[Road] {
        self.products.get::<Vec<Road>>().map_or(&[], Vec::as_slice)
    }

    /// The roads, for writing.
    pub fn roads_mut(&mut self) -> &mut Vec<Road> {
        self.products.get_or_default::<Vec<Road>>()
    }

    /// The links between settlements the roads were built from, in the order they were made
    /// (what a settlement plan reads, [`plan`]); empty when settlements are off.
    pub fn road_links(&self) -> &[roads::Link] {
        self.products
            .get::<Vec<roads::Link>>()
            .map_or(&[], Vec::as_slice)
    }

    /// What each cell is used for (road bed, bridge, settlement site); empty when settlements are off.
    pub fn land_use(&self) -> &[LandUse] {
        self.products
            .get::<Vec<LandUse>>()
            .map_or(&[], Vec::as_slice)
    }

    /// The land use, for writing.
    pub fn land_use_mut(&mut self) -> &mut Vec<LandUse> {
        self.products.get_or_default::<Vec<LandUse>>()
    }
}
