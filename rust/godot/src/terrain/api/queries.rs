//! Queries about the terrain shown, in global coordinates: heights, terrain classes, water, and
//! cells. They answer from the generated mesh shown (a baked mesh counts as off the terrain).
//!
//! What the terrain shows at a point (its ground, class, water and road) is decided once, in the
//! core ([`donjourno::outputs::point::Probe`]), for every query here and for the navigation mesh,
//! so they give one answer per point.

use crate::map::DonjournoMap;
use crate::terrain::DonjournoTerrain;
use donjourno::outputs::mesh;
use donjourno::outputs::point::{Point, Probe};
use donjourno::stages::climate::Climate;
use godot::prelude::*;

include!("../../generated/biome_constants.rs");

#[godot_api(secondary)]
impl DonjournoTerrain {
    /// Off the terrain. The classes are [DonjournoMap]'s.
    #[constant]
    pub const TERRAIN_NONE: i32 = DonjournoMap::TERRAIN_NONE;
    /// [constant DonjournoMap.TERRAIN_GRASS].
    #[constant]
    pub const TERRAIN_GRASS: i32 = DonjournoMap::TERRAIN_GRASS;
    /// [constant DonjournoMap.TERRAIN_MOUNTAIN].
    #[constant]
    pub const TERRAIN_MOUNTAIN: i32 = DonjournoMap::TERRAIN_MOUNTAIN;
    /// [constant DonjournoMap.TERRAIN_TREE].
    #[constant]
    pub const TERRAIN_TREE: i32 = DonjournoMap::TERRAIN_TREE;
    /// [constant DonjournoMap.TERRAIN_WATER].
    #[constant]
    pub const TERRAIN_WATER: i32 = DonjournoMap::TERRAIN_WATER;

    /// The grid the mesh shows, or `null` before the first successful rebuild.
    #[func]
    pub fn get_map(&self) -> Option<Gd<DonjournoMap>> {
        let shown = self.shown.as_ref()?;
        Some(DonjournoMap::create(
            shown.grid.clone(),
            &shown.stats,
            Climate::new(&shown.inputs.params),
            shown.inputs.mesh_params.cell_size,
            shown.time,
        ))
    }

    /// Whether the vertical line through the global point `(x, z)` meets the terrain: the
    /// terrain's rectangle, its edges included. Off it (and for a NaN or infinite coordinate) the
    /// other queries give their off-terrain answers.
    #[func]
    pub fn has_point(&self, x: f32, z: f32) -> bool {
        let (lx, lz) = self.local_xz(x, z);
        self.surface_local(lx, lz).is_some()
    }

    /// Global y of the terrain surface above the global point `(x, z)`: exactly on the mesh's
    /// triangles, the ground [method get_water_level_at] lies above wherever [method is_water_at]
    /// is `true`. Off the terrain (or before the first rebuild), the y of the node's own
    /// ground plane (local y = 0). A NaN or infinite coordinate is off the terrain too, as
    /// [method get_terrain_at] answers: the y of the ground plane at the node's origin, the same
    /// as anywhere off the terrain unless the node is tilted; never `NAN`.
    #[func]
    pub fn get_height_at(&self, x: f32, z: f32) -> f32 {
        let (lx, lz) = self.local_xz(x, z);
        let [gx, gy, gz] = mesh::ground_point(lx, lz, |x, z| self.surface_local(x, z));
        (self.node_transform() * Vector3::new(gx, gy, gz)).y
    }

    /// Terrain class shown at the global point `(x, z)`: one of the `TERRAIN_*` constants.
    /// [constant TERRAIN_WATER] exactly where [method is_water_at] is `true`; where the ground of
    /// a water cell rises out of the water (along a shore) the class of its bank, the one most of
    /// its dry neighbours have ([constant TERRAIN_GRASS] on an islet); elsewhere the class of the
    /// cell under the point ([method DonjournoMap.get_terrain] answers for whole cells).
    /// [constant TERRAIN_NONE] off the terrain, for a NaN or infinite coordinate, before the first
    /// rebuild and on a baked terrain.
    #[func]
    pub fn get_terrain_at(&self, x: f32, z: f32) -> i32 {
        self.point_at(x, z)
            .terrain
            .map_or(Self::TERRAIN_NONE, |t| t as i32)
    }

    /// Global y of the water surface above the global point `(x, z)` where [method is_water_at]
    /// is `true`: exactly on the water surface's triangles, a finite number above
    /// [method get_height_at]. Everywhere else `NAN` (test with `is_nan()`): dry ground, ground
    /// rising above the water along a shore (on a water cell too) and water thinner than a
    /// millimetre at the shoreline, off the terrain, for a NaN or infinite coordinate, before the
    /// first rebuild and on a baked terrain.
    #[func]
    pub fn get_water_level_at(&self, x: f32, z: f32) -> f32 {
        let (lx, lz) = self.local_xz(x, z);
        self.point_at(x, z).water.map_or(f32::NAN, |ly| {
            (self.node_transform() * Vector3::new(lx, ly, lz)).y
        })
    }

    /// Air temperature in °C at the ground of the cell under the global point `(x, z)`: the
    /// climate's temperature field, 6.5 °C colder per 1000 m above the sea. Off the terrain, as
    /// [method get_height_at] answers with the flat ground plane, the temperature of flat ground
    /// at sea level there; `NAN` before the first rebuild and on a baked terrain.
    #[func]
    pub fn get_temperature_at(&self, x: f32, z: f32) -> f32 {
        self.climate_at(x, z).0
    }

    /// Moisture in 0–1 of the cell under the global point `(x, z)`: the climate's moisture field,
    /// drier in the rain shadow behind high ground. Off the terrain, the moisture of flat ground
    /// there; `NAN` before the first rebuild and on a baked terrain.
    #[func]
    pub fn get_moisture_at(&self, x: f32, z: f32) -> f32 {
        self.climate_at(x, z).1
    }

    /// The heaviest biome of the cell under the global point `(x, z)`: one of the `BIOME_*`
    /// constants (in the order of the biome table), −1 off the terrain or when the generator's
    /// [member DonjournoGenerator.biomes_enabled] is off.
    #[func]
    pub fn get_biome_at(&self, x: f32, z: f32) -> i32 {
        self.biome_weights_at(x, z)
            .map_or(-1, |w| i32::from(w.dominant()))
    }

    /// The biomes of the cell under the global point `(x, z)` and their weights, summing to 1
    /// (`{BIOME_BOREAL_FOREST: 0.7, BIOME_TUNDRA: 0.3}`); empty off the terrain or without biomes.
    #[func]
    pub fn get_biome_weights_at(&self, x: f32, z: f32) -> VarDictionary {
        let mut out = VarDictionary::new();
        if let Some(w) = self.biome_weights_at(x, z) {
            for (id, weight) in w.iter() {
                out.set(i64::from(id), weight);
            }
        }
        out
    }

    /// The name of biome `id` (`"boreal forest"`), or an empty string for an unknown id.
    #[func]
    pub fn get_biome_name(id: i32) -> GString {
        u8::try_from(id)
            .ok()
            .and_then(donjourno::stages::biomes::Biome::from_id)
            .map_or(GString::new(), |b| GString::from(b.name()))
    }

    /// The colour of biome `id` in the biome map ([method DonjournoMap.get_biome_image]), for
    /// legends; black for an unknown id.
    #[func]
    pub fn get_biome_color(id: i32) -> Color {
        let [r, g, b] = u8::try_from(id)
            .ok()
            .and_then(donjourno::stages::biomes::Biome::from_id)
            .map_or([0, 0, 0], donjourno::stages::biomes::Biome::map_colour);
        Color::from_rgba8(r, g, b, 255)
    }

    /// Whether water shows at the global point `(x, z)`: the water surface (sea, lake, river or
    /// wetland pool, as the `Water` mesh draws it) lies more than a millimetre above the ground
    /// there, so the shoreline is where the terrain meets the water, inside the cells: a water
    /// cell's dry shore is not water, and the water reaching over a dry shore cell is. Exactly
    /// where it is `true`, [method get_terrain_at] gives [constant TERRAIN_WATER] and
    /// [method get_water_level_at] a level above [method get_height_at]; under a bridge's deck it
    /// is `true` too ([method is_road_at] says the deck is there). `false` off the terrain, for a
    /// NaN or infinite coordinate, before the first rebuild and on a baked terrain. The navigation
    /// mesh leaves out every point where it is `true`, except on bridge decks.
    #[func]
    pub fn is_water_at(&self, x: f32, z: f32) -> bool {
        self.point_at(x, z).is_water()
    }

    /// The cell `(x, z)` under a global position (its y is ignored). The result may lie off
    /// the grid: check it with [method DonjournoMap.has_cell]. A NaN coordinate gives a cell off
    /// every grid.
    #[func]
    pub fn world_to_cell(&self, position: Vector3) -> Vector2i {
        let (lx, lz) = self.local_xz(position.x, position.z);
        let cell = self.cell_size();
        let index = |v: f32| {
            if v.is_nan() {
                i32::MIN
            } else {
                v.floor().clamp(i32::MIN as f32, i32::MAX as f32) as i32
            }
        };
        Vector2i::new(index(lx / cell), index(lz / cell))
    }

    /// The global position of the centre of cell `(x, z)` on the terrain surface.
    #[func]
    pub fn cell_to_world(&self, cell: Vector2i) -> Vector3 {
        let size = self.cell_size();
        let (lx, lz) = ((cell.x as f32 + 0.5) * size, (cell.y as f32 + 0.5) * size);
        let ly = self.surface_local(lx, lz).unwrap_or(0.0);
        self.node_transform() * Vector3::new(lx, ly, lz)
    }

    /// The biome weights of the cell under a global point, when the grid shown has biomes.
    fn biome_weights_at(&self, x: f32, z: f32) -> Option<donjourno::stages::biomes::BiomeWeights> {
        let (shown, (cx, cz)) = self.shown_cell_at(x, z)?;
        shown
            .grid
            .biome_weights()
            .get(shown.grid.index(cx, cz))
            .copied()
    }

    /// The grid shown and its cell under the global point `(x, z)` (see [`Probe::cell`]): `None`
    /// before the first rebuild, off the terrain and for a NaN or infinite coordinate.
    fn shown_cell_at(&self, x: f32, z: f32) -> Option<(&crate::terrain::ShownMap, (usize, usize))> {
        let shown = self.shown.as_ref()?;
        let (lx, lz) = self.local_xz(x, z);
        let cell = Probe::new(&shown.grid, &shown.inputs.mesh_params).cell(lx, lz)?;
        Some((shown, cell))
    }

    /// What the map shown shows at the global point `(x, z)` (local heights), decided by the
    /// core's [`Probe`] with the map's bridge decks; [`Point::OFF`] before the first rebuild, off
    /// the terrain and for a NaN or infinite coordinate.
    pub(in crate::terrain) fn point_at(&self, x: f32, z: f32) -> Point {
        let Some(shown) = self.shown.as_ref() else {
            return Point::OFF;
        };
        let (lx, lz) = self.local_xz(x, z);
        Probe::new(&shown.grid, &shown.inputs.mesh_params)
            .with_decks(&shown.decks)
            .at(lx, lz)
    }

    /// Temperature and moisture under a global point (see [`Self::get_temperature_at`]).
    fn climate_at(&self, x: f32, z: f32) -> (f32, f32) {
        let Some(shown) = self.shown.as_ref() else {
            return (f32::NAN, f32::NAN);
        };
        if let Some((_, (cx, cz))) = self.shown_cell_at(x, z) {
            return Climate::new(&shown.inputs.params).at(&shown.grid, cx, cz);
        }
        let (lx, lz) = self.local_xz(x, z);
        let (mx, mz) = (f64::from(lx), f64::from(lz));
        donjourno::stages::climate::sea_level_climate(&shown.inputs.params, mx, mz)
    }

    /// World size of a cell in the mesh shown, else in the generator.
    pub(in crate::terrain) fn cell_size(&self) -> f32 {
        self.shown
            .as_ref()
            .map(|s| s.inputs.mesh_params.cell_size)
            .or_else(|| self.generator.as_ref().map(|g| g.bind().cell_size()))
            .filter(|c| *c > 0.0)
            .unwrap_or(1.0)
    }

    /// The node's global transform in a tree, else its local one.
    pub(in crate::terrain) fn node_transform(&self) -> Transform3D {
        if self.base().is_inside_tree() {
            self.base().get_global_transform()
        } else {
            self.base().get_transform()
        }
    }

    /// Local x and z of the global point `(x, ·, z)`.
    pub(in crate::terrain) fn local_xz(&self, x: f32, z: f32) -> (f32, f32) {
        let local = self.node_transform().affine_inverse() * Vector3::new(x, 0.0, z);
        (local.x, local.z)
    }

    /// Local height of the shown surface at local `(x, z)`.
    pub(in crate::terrain) fn surface_local(&self, x: f32, z: f32) -> Option<f32> {
        if self.endless.is_active() {
            return self.endless.surface_height(x, z);
        }
        let shown = self.shown.as_ref()?;
        mesh::surface_height(&shown.grid, &shown.inputs.mesh_params, x, z)
    }
}
