//! The parameters of each layer and height model, as the layers take them;
//! [`GeneratorParams`](super::GeneratorParams) gathers them, and the declarations in [`declare`](super::declare) describe every field.

use super::ParamError;

/// Droplet erosion constants (seed defaults, tuned from SimpleErosion).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ErosionParams {
    /// Integration time step.
    pub dt: f32,
    /// Fraction of speed lost per unit time.
    pub friction: f32,
    /// Droplet density (mass = volume × density).
    pub density: f32,
    /// Rate at which carried sediment approaches its capacity.
    pub deposition_rate: f32,
    /// Fraction of volume lost per unit time.
    pub evaporation_rate: f32,
    /// Volume below which a droplet dies.
    pub min_volume: f32,
}

/// Parameters of the [`HybridTerrain`](crate::stages::landform::pool::HybridTerrain) layer.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TerrainParams {
    /// Fraction of cells that form the mountain pool, `0..=1`.
    pub coverage: f32,
    /// Pool model: the period of the coverage-mask noise, metres (the size of a mountain patch
    /// and its gap).
    pub patch_size: f32,
    /// Pool model: the period of the height noise's first octave inside the pool, metres (the
    /// size of one mountain).
    pub feature_size: f32,
    /// Pool model: the distance over which a patch's edge may rise from the flat ground to the
    /// peak height, metres (its ramp is no steeper than `peak_height / edge_width`).
    pub edge_width: f32,
    /// Height of the highest possible summit, in height units.
    pub peak_height: f32,
    /// Erosion droplets per square metre of the map (see [`TerrainParams::droplet_count`]).
    pub droplet_density: f32,
    /// Most cells droplets run on: bigger maps are eroded on a coarser lattice (see
    /// [`TerrainParams::erosion_factor`]); 0: no limit.
    pub erosion_max_cells: u32,
    /// Droplet physics.
    pub erosion: ErosionParams,
}

impl TerrainParams {
    /// The droplets erosion runs on a map of `cells` cells: `droplet_density` a cell (rounded, at
    /// most [`MAX_DROPLETS`](crate::params::MAX_DROPLETS)). On cells of `c` metres each droplet
    /// stands for the `c²` droplets of a square metre each that fall on its cell (the droplet
    /// model weighs its erosion so, see [`crate::algorithms::erosion::Steps`]): a square metre is
    /// eroded alike at every cell size, and the work grows with the number of cells.
    pub fn droplet_count(&self, cells: usize) -> u32 {
        let n = f64::from(self.droplet_density) * cells as f64;
        n.round().clamp(0.0, f64::from(crate::params::MAX_DROPLETS)) as u32
    }

    /// How many of a map's cells, along each axis, one cell of the erosion lattice spans: the
    /// smallest whole factor that brings `cells` within `erosion_max_cells` (1 when it is 0 or
    /// the map is within it).
    pub fn erosion_factor(&self, cells: usize) -> usize {
        if self.erosion_max_cells == 0 || cells <= self.erosion_max_cells as usize {
            return 1;
        }
        let ratio = cells as f64 / f64::from(self.erosion_max_cells);
        (ratio.sqrt().ceil() as usize).max(1)
    }
}

/// Parameters of the landscape evolution (see [`crate::algorithms::landscape`]): the height
/// model's heights become the envelope an uplift builds the land to, against river incision,
/// hillslope diffusion and a repose angle, until it drains; droplet erosion runs on the carved
/// land after it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LandscapeParams {
    /// Erodibility, `0..=1`: how far below the slope of repose the rivers run at steady state
    /// (0 leaves the land as the uplift made it).
    pub strength: f32,
    /// Width of the narrowest valleys, metres: the spacing of ridges and valleys.
    pub valley_width: f32,
    /// Angle of repose, degrees: the steepest slope that stands.
    pub repose_angle: f32,
    /// How far towards steady state the land has evolved, `0..=1`, as a fraction of the
    /// network's response time; 0: the stage does not run.
    pub age: f32,
}

impl LandscapeParams {
    /// Whether the stage runs: an age above 0.
    pub fn is_on(&self) -> bool {
        self.age > 0.0
    }
}

/// The cells of `cell_size` metres that cover `area` square metres, rounded up.
pub fn cells_of_area(area: f32, cell_size: f32) -> u32 {
    let cells = f64::from(area) / (f64::from(cell_size) * f64::from(cell_size));
    // A hair below a whole number (an area given in cells and converted) stays that number.
    (cells - 1e-6).ceil().clamp(0.0, f64::from(u32::MAX)) as u32
}

/// Parameters of the [`ForestMask`](crate::stages::forest::ForestMask) layer.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ForestMaskParams {
    /// Height at which fertility reaches zero, in height units.
    pub height_limit: f32,
    /// Exponent of the fall-off with height.
    pub steepness: f32,
}

/// Parameters of the [`ForestPlacement`](crate::stages::forest::ForestPlacement) layer.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ForestPlacementParams {
    /// Share of fully fertile ground covered by forest, `0..=1`: the chance that a fully fertile
    /// cell is forest, the same share of the ground at every cell size.
    pub cover: f32,
}

/// Forest parameters as presented to users: the mask and the placement together.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ForestParams {
    /// Height at which fertility reaches zero, in height units.
    pub height_limit: f32,
    /// Exponent of the fall-off with height.
    pub steepness: f32,
    /// Share of fully fertile ground covered by forest.
    pub cover: f32,
}

impl ForestParams {
    /// The mask layer's share.
    pub fn mask(&self) -> ForestMaskParams {
        ForestMaskParams {
            height_limit: self.height_limit,
            steepness: self.steepness,
        }
    }

    /// The placement layer's share.
    pub fn placement(&self) -> ForestPlacementParams {
        ForestPlacementParams { cover: self.cover }
    }
}

/// Parameters of the [`Hydrology`](crate::stages::hydrology::Hydrology) layer and of the lake-aware erosion.
///
/// Heights are in height units (the flat ground outside the mountains lies at 0). Accumulation
/// counts the mountain cells (above the mountain threshold) upstream of a cell, itself included:
/// rain on low ground soaks in, so rivers rise in the mountains and cross the flat ground to the
/// map border, a lake or the sea.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WaterParams {
    /// Fill depressions with lakes.
    pub lakes_enabled: bool,
    /// Smallest area a lake may cover, square metres; smaller depressions stay dry.
    pub min_lake_area: f32,
    /// Smallest depth (level minus the deepest bed) a lake may have, in height units.
    pub min_lake_depth: f32,
    /// Erosion droplets that reach a lake continue from its outflow (the lake-erosion article); needs lakes.
    pub lake_erosion: bool,
    /// Mark and carve rivers.
    pub rivers_enabled: bool,
    /// A cell that drains more than this area of mountain ground, square metres, is a river.
    pub river_catchment: f32,
    /// Carving depth of a river at the threshold, in height units; it grows with the square root
    /// of the accumulation, up to four times this.
    pub river_depth: f32,
    /// Cells whose filled level lies strictly below this are sea (0: no sea).
    pub sea_level: f32,
}

impl WaterParams {
    /// The lakes to mark on cells of `cell_size` metres: covering at least `min_lake_area`
    /// (that many cells, rounded up), `min_lake_depth` deep, not below the sea.
    pub fn lake_filter(&self, cell_size: f32) -> LakeFilter {
        LakeFilter {
            min_cells: cells_of_area(self.min_lake_area, cell_size),
            min_depth: self.min_lake_depth,
            sea_level: self.sea_level,
        }
    }

    /// The lake filter for erosion when droplets continue through lakes, else `None`.
    pub fn erosion_lakes(&self, cell_size: f32) -> Option<LakeFilter> {
        (self.lakes_enabled && self.lake_erosion).then(|| self.lake_filter(cell_size))
    }

    /// The river threshold in cells of `cell_size` metres: a cell draining more than this many
    /// runoff cells is a river (`river_catchment` in cells, rounded, at least 1).
    pub fn river_threshold(&self, cell_size: f32) -> u32 {
        let cells = f64::from(self.river_catchment) / (f64::from(cell_size) * f64::from(cell_size));
        cells.round().clamp(1.0, f64::from(u32::MAX)) as u32
    }

    /// Whether the layer has anything to do.
    pub fn any_water(&self) -> bool {
        self.lakes_enabled || self.rivers_enabled || self.sea_level > 0.0
    }
}

/// Parameters of the subdivision model (the subdivision article).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SubdivisionParams {
    /// `p1`: the first iteration's random offsets lie in `[−p1, p1]`.
    pub amplitude: f32,
    /// `p2`: the amplitude is divided by `2^p2` at each iteration.
    pub decay: f32,
    /// Sea level above the mean height, as a fraction of the peak height.
    pub sea_offset: f32,
    /// The span of one square of the start lattice, metres: a map wider than it starts from a
    /// lattice of squares.
    pub square_size: f32,
}

/// Parameters of the image model: how an imported heightmap becomes heights.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ImageParams {
    /// Sea level as a fraction of the peak height (0: no sea).
    pub sea_level: f32,
    /// Stretch the image's own lowest..highest sample to 0..peak height.
    pub stretch: bool,
}

/// Parameters of the continents model (the world design's climate fields and height).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ContinentsParams {
    /// Added to the continentalness before its spline.
    pub land_bias: f32,
    /// Height of the mountain ranges relative to the peak height.
    pub mountains: f32,
    /// Band of the river noise around 0 that carves valleys (0: none).
    pub river_width: f32,
}

/// Parameters of the climate fields (temperature and moisture), for every model.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ClimateParams {
    /// Multiplier of every field's scale.
    pub feature_scale: f32,
    /// Mean temperature at sea level, °C.
    pub sea_temperature: f32,
    /// Largest departure of the temperature field from the mean, °C.
    pub temperature_range: f32,
    /// Direction the wind blows towards, degrees clockwise from +z seen from above.
    pub wind_direction: f32,
    /// Moisture lost in the lee of high ground, `0..=1`.
    pub rain_shadow: f32,
}

/// Parameters of the biomes (the world design's biomes and ground).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BiomeParams {
    /// Classify biomes, grow their trees and colour their ground.
    pub enabled: bool,
    /// Width of the transitions between climate biomes, in climate-space units.
    pub blend: f32,
    /// Temperature (°C) below which snow lies.
    pub snowline: f32,
}

/// Parameters of the settlements and their roads (the world design's settlements).
///
/// Distances are in cells and grades in metres of rise per metre of run (heights times
/// `height_scale`, runs times `cell_size`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SettlementParams {
    /// Place settlements and roads.
    pub enabled: bool,
    /// Most settlements.
    pub count: u32,
    /// Most cities.
    pub cities: u32,
    /// Most towns.
    pub towns: u32,
    /// Population of the first-ranked settlement.
    pub largest_population: u32,
    /// Hexagon radius (centre to corner), metres.
    pub hex_radius: f32,
    /// Steepest ground a settlement stands on, m/m.
    pub max_slope: f32,
    /// Distance within which water makes land habitable, metres.
    pub water_reach: f32,
    /// Steepest road step, m/m.
    pub max_road_grade: f32,
    /// Width of the flattened road bed, metres.
    pub road_bed_width: f32,
    /// Extra links beyond the minimum spanning tree.
    pub extra_roads: u32,
}

impl Default for ForestMaskParams {
    fn default() -> Self {
        ForestParams::default().mask()
    }
}

impl ForestMaskParams {
    /// Checks the height limit and the exponent.
    pub fn validate(&self) -> Result<(), ParamError> {
        let forest = ForestParams {
            height_limit: self.height_limit,
            steepness: self.steepness,
            ..ForestParams::default()
        };
        forest.validate()
    }
}

impl Default for ForestPlacementParams {
    fn default() -> Self {
        ForestParams::default().placement()
    }
}

impl ForestPlacementParams {
    /// Checks the cover.
    pub fn validate(&self) -> Result<(), ParamError> {
        let forest = ForestParams {
            cover: self.cover,
            ..ForestParams::default()
        };
        forest.validate()
    }
}

/// Which depressions count as lakes.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct LakeFilter {
    /// Fewest cells a lake may have.
    pub min_cells: u32,
    /// Smallest depth (level minus the lowest bed) a lake may have, in height units.
    pub min_depth: f32,
    /// Lakes whose level lies below this are part of the sea and left out (`−∞`: no sea).
    pub sea_level: f32,
}

impl Default for LakeFilter {
    fn default() -> Self {
        LakeFilter {
            min_cells: 1,
            min_depth: 0.0,
            sea_level: f32::NEG_INFINITY,
        }
    }
}
