//! One tile: generated with its apron, cropped, with the corner heights its mesh needs; and the
//! height anywhere, straight from the height function.

use super::{apron, as_infinite, coast_reach, tile_frame, TileCoord};
use crate::data::frame::MapFrame;
use crate::data::grid::Grid;
use crate::data::stats::GenerationStats;
use crate::outputs::mesh::chunks::ChunkBuilder;
use crate::outputs::mesh::{build_mesh_with, CornerView, Corners, Mesh, MeshError};
use crate::params::MeshParams;
use crate::params::{GeneratorParams, ParamError, MAX_SIDE};
use crate::stages::context::Context;
use crate::stages::generate::{generate, GenerateError, GenerateOptions};
use crate::stages::landform::LandTerrain;
use crate::stages::pipeline::Layer;
use crate::stages::progress::Progress;

/// A generated tile of an endless world.
#[derive(Clone, Debug, PartialEq)]
pub struct Tile {
    /// Which tile.
    pub coord: TileCoord,
    /// World position (metres) of the tile's cell 0: `origin + first cell · cell_size`. The
    /// tile's mesh and its scatter positions are relative to it.
    pub origin: [f64; 2],
    /// The tile's `tile_size × tile_size` cells, every plane as in any larger window of the
    /// world; the scatter holds the instances standing on the tile, in the tile's cell units.
    pub grid: Grid,
    /// The `(tile_size + 1)²` corner heights of the mesh, row by row: each the mean of the four
    /// world cells around the corner, so the border row and column equal the neighbours' bit for
    /// bit.
    pub corner_height: Vec<f32>,
    /// The corner roughness, likewise.
    pub corner_roughness: Vec<f32>,
    /// Timings and figures of the apron-wrapped generation.
    pub stats: GenerationStats,
}

impl Tile {
    /// Cells along each side.
    pub fn size(&self) -> usize {
        self.grid.width()
    }

    /// The tile's mesh (see [`crate::outputs::mesh::build_mesh`]), in the tile's own coordinates: place
    /// it at [`Tile::origin`]. Its border vertices equal the neighbouring tiles' border vertices,
    /// and every triangle equals the same triangle of a bounded map's mesh over the same cells.
    pub fn mesh(&self, params: &MeshParams) -> Result<Mesh, MeshError> {
        build_mesh_with(&self.grid, &self.corners(), params)
    }

    /// The tile's corner planes.
    pub(crate) fn corners(&self) -> Corners {
        Corners::from_planes(
            self.size() + 1,
            self.corner_height.clone(),
            self.corner_roughness.clone(),
        )
    }

    /// World height of the tile's mesh above the point `(x, z)` of the tile's own coordinates
    /// (metres from [`Tile::origin`]), exactly on its triangles (see
    /// [`surface_height`](crate::outputs::mesh::surface_height)); `None` off the tile or for invalid
    /// settings. On a shared edge both tiles give the same value.
    pub fn surface_height(&self, params: &MeshParams, x: f32, z: f32) -> Option<f32> {
        self.surface(params)?(x, z)
    }

    /// [`Tile::surface_height`] for many points: the settings checked once, `None` when they
    /// are invalid, then a height query that reads the tile's corner planes where they lie.
    pub fn surface<'a>(
        &'a self,
        params: &'a MeshParams,
    ) -> Option<impl Fn(f32, f32) -> Option<f32> + 'a> {
        params.validate().ok()?;
        let side = (self.size(), self.size());
        let view = CornerView::new(self.size() + 1, &self.corner_height, &self.corner_roughness);
        Some(move |x: f32, z: f32| view.surface_height(side, params, x, z))
    }

    /// The mesh's heights (world units) at the `(tile_size + 1)²` cell corners, row by row: the
    /// heights a collision shape through the corners needs. Neighbouring tiles agree on their
    /// shared row or column.
    pub fn corner_surface_heights(&self, params: &MeshParams) -> Result<Vec<f32>, MeshError> {
        params.validate()?;
        let (t, cell) = (self.size(), params.cell_size);
        let corners = self.corners();
        Ok((0..=t)
            .flat_map(|z| (0..=t).map(move |x| (x, z)))
            .map(|(x, z)| {
                let (px, pz) = (x as f32 * cell, z as f32 * cell);
                corners
                    .surface_height((t, t), params, px, pz)
                    .unwrap_or(0.0)
            })
            .collect())
    }
}

/// Generates tile `coord` of the endless world of `params` (read in infinite mode whatever
/// their `world_mode`, so the height model must be continents).
pub fn generate_tile(params: &GeneratorParams, coord: TileCoord) -> Result<Tile, GenerateError> {
    generate_tile_with_progress(params, coord, Progress::default())
}

/// [`generate_tile`] with a progress sink that may cancel.
pub fn generate_tile_with_progress(
    params: &GeneratorParams,
    coord: TileCoord,
    progress: Progress,
) -> Result<Tile, GenerateError> {
    let base = as_infinite(params);
    base.validate()?;
    let (a, t) = (apron(&base) as usize, base.tile_size as usize);
    let side = t + 2 * a;
    if side > MAX_SIDE as usize {
        return Err(ParamError {
            field: "tile_size",
            expected: format!(
                "at most {} cells with its apron of {a} cells on each side",
                MAX_SIDE as usize - 2 * a
            ),
            got: t.to_string(),
        }
        .into());
    }
    let run = GeneratorParams {
        width: side as u32,
        depth: side as u32,
        ..base.infinite_rules()
    };
    let options = GenerateOptions {
        progress,
        frame: Some(tile_frame(&base, coord)),
        ..Default::default()
    };
    let (full, stats) = generate(&run, options)?;
    let corners = Corners::window(&full, a, a, t, t);
    let mut grid = super::crop::window(&full, a, a, t, t).expect("the tile lies inside its apron");
    *grid.scatter_mut() = crop_scatter(&full, a, t);
    let (x0, z0) = coord.first_cell(base.tile_size);
    let (ox, oz) = MapFrame::at_cell(&base, x0, z0).world(0.0, 0.0);
    Ok(Tile {
        coord,
        origin: [ox, oz],
        grid,
        corner_height: corners.heights().to_vec(),
        corner_roughness: corners.roughness().to_vec(),
        stats,
    })
}

/// The scatter instances standing on the tile's cells `a..a + t`, moved to the tile's cell
/// units. Scatter is seeded per world tile of its own, so each instance stands on one tile.
fn crop_scatter(full: &Grid, a: usize, t: usize) -> Vec<crate::stages::scatter::ScatterInstance> {
    let (lo, hi) = (a as f32, (a + t) as f32);
    full.scatter()
        .iter()
        .filter(|i| i.position.iter().all(|&p| p >= lo && p < hi))
        .map(|i| {
            let mut i = *i;
            i.position = i.position.map(|p| p - lo);
            i
        })
        .collect()
}

/// The height (height units) at world position `(x, z)` metres, computed from the height
/// function without a tile: for any position, loaded or not. At a cell of the world lattice it
/// equals that cell's height in every tile, bit for bit.
///
/// Without biomes this is the continents height itself. With biomes, the biome shaping reads
/// the coast and the slope around the point, so the land is raised on a small window of
/// `2·r + 1` cells around it (`r` the coast reach of [`super::apron`]). Parameters that do not
/// validate give NaN.
pub fn height_at_world(params: &GeneratorParams, x: f64, z: f64) -> f32 {
    let base = as_infinite(params).infinite_rules();
    if base.validate().is_err() {
        return f32::NAN;
    }
    if !base.biomes.enabled {
        return crate::stages::landform::continents_of(&base).height(x, z);
    }
    let r = i64::from(coast_reach(f64::from(base.cell_size)));
    let side = 2 * r as usize + 1;
    let lattice = MapFrame::of(&base);
    let cell = |v: f64, o: f64| ((v - o) / lattice.cell_size).round() as i64;
    let (cx, cz) = (cell(x, lattice.origin_x), cell(z, lattice.origin_z));
    let on_lattice = MapFrame::at_cell(&base, cx - r, cz - r);
    let frame = if on_lattice.world(r as f64, r as f64) == (x, z) {
        on_lattice
    } else {
        MapFrame {
            origin_x: x,
            origin_z: z,
            offset_x: -r,
            offset_z: -r,
            ..lattice
        }
    };
    let Some(land) = LandTerrain::framed(&base, None, frame) else {
        return f32::NAN;
    };
    let mut grid = Grid::new(side, side);
    match land.apply(&mut grid, &mut Context::default()) {
        Ok(()) => grid.height[grid.index(r as usize, r as usize)],
        Err(_) => f32::NAN,
    }
}

/// Chunks of a tile.
impl<'a> ChunkBuilder<'a> {
    /// The builder of an endless world's tile: its cells, with the corner planes computed with
    /// its neighbours' cells, and skirts under every chunk border, the tile's
    /// edge included.
    pub fn for_tile(tile: &'a Tile, params: &MeshParams) -> Result<Self, MeshError> {
        ChunkBuilder::with_corners(&tile.grid, tile.corners(), params)
    }
}
