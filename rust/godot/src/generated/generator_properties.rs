// Generated from the core's parameter and biome tables by rust/godot/codegen.rs: do not edit.
// Refresh: DONJOURNO_REFRESH=1 cargo test -p donjourno-godot generated_files

/// Declares the struct with the parameter properties between its two field lists.
macro_rules! generator_properties {
    ($(#[$($meta:tt)*])* pub struct $class:ident { $($before:tt)* } { $($after:tt)* }) => {
        $(#[$($meta)*])*
        pub struct $class {
            $($before)*
            #[doc = "Master seed: every random stream (mountain mask, heights, erosion, water, trees) derives from it. Accepted: any; default 1."]
            #[export_group(name = "Map")]
            #[export(range = (0.0, 2147483647.0, 1.0, or_greater))]
            #[var(get = get_seed, set = set_seed)]
            seed: PhantomVar<i64>,
            #[doc = "Cells along the x axis. Accepted: [1, 4096] cells; default 128."]
            #[export(range = (1.0, 4096.0, 1.0, suffix = "cells"))]
            #[var(get = get_width, set = set_width)]
            width: PhantomVar<i64>,
            #[doc = "Cells along the z axis. Accepted: [1, 4096] cells; default 128."]
            #[export(range = (1.0, 4096.0, 1.0, suffix = "cells"))]
            #[var(get = get_depth, set = set_depth)]
            depth: PhantomVar<i64>,
            #[doc = "World size of one cell, metres: how finely the world is sampled. Every length, area and density is in metres, so the same world comes out at every cell size, at more or less detail. Accepted: (0, 1000] m (world units); default 1."]
            #[export(range = (0.01, 100.0, 0.01, or_greater, suffix = "m"))]
            #[var(get = get_cell_size, set = set_cell_size)]
            cell_size: PhantomVar<f32>,
            #[doc = "World units per height unit: the mesh's y is the terrain height times this, and the climate's lapse rate counts these metres. Accepted: (0, 10000] m per height unit; default 10."]
            #[export(range = (0.01, 1000.0, 0.01, or_greater, suffix = "m"))]
            #[var(get = get_height_scale, set = set_height_scale)]
            height_scale: PhantomVar<f32>,
            #[doc = "How the land rises: pool (the original design, mountains inside a coverage mask on flat land), subdivision (the subdivision article, fractal land around a sea at mean height), continents (the world design, climate-driven continents, ranges and river valleys) or image (a heightmap file: image_file in Godot, --heightmap-in on the command line). Accepted: pool, subdivision, continents, image; default pool."]
            #[export(enum = (Pool = 0, Subdivision = 1, Continents = 2, Image = 3))]
            #[var(get = get_height_model, set = set_height_model)]
            height_model: PhantomVar<i64>,
            #[doc = "Height of the highest possible summit (0 is the lowest ground). Accepted: (0, 1000] height units; default 1."]
            #[export(range = (0.01, 1000.0, 0.01, exp))]
            #[var(get = get_peak_height, set = set_peak_height)]
            peak_height: PhantomVar<f32>,
            #[doc = "Width of the border over which land fades to the flat ground (pool) or into the sea (subdivision, continents), so no mountain is cut at the map edge; 0 turns it off. Accepted: [0, 10000000] m (world units); default 0."]
            #[export(range = (1.0, 100000.0, 0.1, or_greater, exp, suffix = "m"))]
            #[var(get = get_edge_falloff_width, set = set_edge_falloff_width)]
            edge_falloff_width: PhantomVar<f32>,
            #[doc = "World x of the map's first cell: the continents and the climate fields are functions of world position, so a map at an origin is that window of a larger map. Accepted: [-100000, 100000] m (world units); default 0."]
            #[export(range = (-10000.0, 10000.0, 1.0, or_greater, suffix = "m"))]
            #[var(get = get_origin_x, set = set_origin_x)]
            origin_x: PhantomVar<f32>,
            #[doc = "World z of the map's first cell (see origin_x). Accepted: [-100000, 100000] m (world units); default 0."]
            #[export(range = (-10000.0, 10000.0, 1.0, or_greater, suffix = "m"))]
            #[var(get = get_origin_z, set = set_origin_z)]
            origin_z: PhantomVar<f32>,
            #[doc = "bounded (one map of width × depth cells) or infinite (an endless world streamed in tiles of tile_size cells; continents model only): infinite turns off droplet erosion, Priority-Flood lakes and rivers and the edge falloff, marks as sea every cell below the sea level, and keeps the model's carved river valleys as its rivers. Accepted: bounded, infinite; default bounded."]
            #[export(enum = (Bounded = 0, Infinite = 1))]
            #[var(get = get_world_mode, set = set_world_mode)]
            world_mode: PhantomVar<i64>,
            #[doc = "Infinite worlds: side of a streamed tile. Each tile is generated with an apron of neighbouring cells (see the README's Infinite worlds), so its edges match its neighbours'. Accepted: [8, 2048] cells; default 256."]
            #[export(range = (8.0, 1024.0, 1.0, or_greater, suffix = "cells"))]
            #[var(get = get_tile_size, set = set_tile_size)]
            tile_size: PhantomVar<i64>,
            #[doc = "Infinite worlds: tiles within this many tiles of the stream target's tile (along x and z) are loaded, nearest first; tiles more than one tile beyond it are evicted, so at most (2·radius + 3)² tiles are held. Accepted: [0, 16] tiles; default 2."]
            #[export(range = (0.0, 16.0, 1.0, suffix = "tiles"))]
            #[var(get = get_stream_radius, set = set_stream_radius)]
            stream_radius: PhantomVar<i64>,
            #[doc = "Pool model: fraction of the map covered by mountains; the mountain pool holds exactly round(width × depth × coverage) cells. Accepted: [0, 1]; default 0.45."]
            #[export_group(name = "Pool")]
            #[export(range = (0.0, 1.0, 0.01))]
            #[var(get = get_coverage, set = set_coverage)]
            coverage: PhantomVar<f32>,
            #[doc = "Pool model: the period of the noise that chooses the mountain patches: a patch and the gap beside it span about this much. Accepted: [1, 100000] m (world units); default 66.7."]
            #[export(range = (4.0, 10000.0, 0.1, or_greater, exp, suffix = "m"))]
            #[var(get = get_pool_patch_size, set = set_pool_patch_size)]
            pool_patch_size: PhantomVar<f32>,
            #[doc = "Pool model: the period of the height noise's broadest octave: the size of one mountain. Accepted: [1, 100000] m (world units); default 32."]
            #[export(range = (2.0, 10000.0, 0.1, or_greater, exp, suffix = "m"))]
            #[var(get = get_pool_feature_size, set = set_pool_feature_size)]
            pool_feature_size: PhantomVar<f32>,
            #[doc = "Pool model: the distance over which a patch's edge may rise from the flat ground to the peak height: its ramp is no steeper than peak_height over this width, and lower mountains meet it sooner. Accepted: [0.01, 100000] m (world units); default 25."]
            #[export(range = (0.1, 1000.0, 0.1, or_greater, exp, suffix = "m"))]
            #[var(get = get_pool_edge_width, set = set_pool_edge_width)]
            pool_edge_width: PhantomVar<f32>,
            #[doc = "The subdivision article's p1: the random offset of the first iteration's new cells lies in [−p1, p1]. Accepted: [0.1, 2]; default 0.5."]
            #[export_group(name = "Subdivision", prefix = "subdivision_")]
            #[export(range = (0.1, 2.0, 0.01))]
            #[var(get = get_subdivision_amplitude, set = set_subdivision_amplitude)]
            subdivision_amplitude: PhantomVar<f32>,
            #[doc = "The subdivision article's p2: the offset's amplitude is divided by 2^p2 at each iteration; higher values give smoother land. Accepted: [0.5, 2]; default 1.1."]
            #[export(range = (0.5, 2.0, 0.01))]
            #[var(get = get_subdivision_decay, set = set_subdivision_decay)]
            subdivision_decay: PhantomVar<f32>,
            #[doc = "Sea level above the mean height, as a fraction of peak_height: 0 raises the sea to the mean height as the subdivision article does, negative values drain it. Accepted: [-1, 1]; default 0."]
            #[export(range = (-1.0, 1.0, 0.01))]
            #[var(get = get_subdivision_sea_offset, set = set_subdivision_sea_offset)]
            subdivision_sea_offset: PhantomVar<f32>,
            #[doc = "The span of the subdivision article's square, metres: its 2×2 start covers this much land, and a map wider than it starts from a lattice of such squares, each corner a draw of its own, so a bigger map is a bigger piece of the same kind of land. The map samples the finest iteration whose points lie at least one cell apart. Accepted: [1, 1000000] m (world units); default 128."]
            #[export(range = (8.0, 100000.0, 1.0, or_greater, exp, suffix = "m"))]
            #[var(get = get_subdivision_square_size, set = set_subdivision_square_size)]
            subdivision_square_size: PhantomVar<f32>,
            #[doc = "Added to the continentalness before its spline: higher values raise more land out of the ocean. Accepted: [-1, 1]; default 0.1."]
            #[export_group(name = "Continents", prefix = "continents_")]
            #[export(range = (-1.0, 1.0, 0.01))]
            #[var(get = get_continents_land_bias, set = set_continents_land_bias)]
            continents_land_bias: PhantomVar<f32>,
            #[doc = "Height of the ridged mountain ranges relative to peak_height (0: no ranges). Accepted: [0, 4]; default 1."]
            #[export(range = (0.0, 4.0, 0.01))]
            #[var(get = get_continents_mountains, set = set_continents_mountains)]
            continents_mountains: PhantomVar<f32>,
            #[doc = "Width of the carved river valleys, as the band of the river noise around 0 (0: no carved rivers). Accepted: [0, 0.25]; default 0.04."]
            #[export(range = (0.0, 0.25, 0.001))]
            #[var(get = get_continents_river_width, set = set_continents_river_width)]
            continents_river_width: PhantomVar<f32>,
            #[doc = "Sea level of the imported heightmap, as a fraction of peak_height: cells below it are sea, the land above it erodes. 0: no sea. Accepted: [0, 1]; default 0."]
            #[export_group(name = "Image", prefix = "image_")]
            #[export(range = (0.0, 1.0, 0.01))]
            #[var(get = get_image_sea_level, set = set_image_sea_level)]
            image_sea_level: PhantomVar<f32>,
            #[doc = "Stretch the heightmap's own lowest and highest samples to 0 and peak_height. Off: 16-bit PNG and R16 samples map 0..65535 to 0..peak_height, and EXR samples are metres (divided by height_scale). Accepted: true/false; default false."]
            #[export]
            #[var(get = get_image_stretch, set = set_image_stretch)]
            image_stretch: PhantomVar<bool>,
            #[doc = "The heightmap the image model raises: a 16-bit greyscale .png, an .exr in metres or a square raw .r16. It is read when set and decoded with the generation; a changed file regenerates."]
            #[export(file = "*.png,*.exr,*.r16,*.raw")]
            #[var(get = get_image_file, set = set_image_file)]
            image_file: PhantomVar<GString>,
            #[doc = "Multiplier of every climate field's scale (continents about 4 km, ranges 1 km, temperature 3 km): below 1 fits whole continents and climate zones in a small map. Accepted: [0.01, 100]; default 1."]
            #[export_group(name = "Climate", prefix = "climate_")]
            #[export(range = (0.01, 100.0, 0.01, exp))]
            #[var(get = get_climate_feature_scale, set = set_climate_feature_scale)]
            climate_feature_scale: PhantomVar<f32>,
            #[doc = "Mean temperature at sea level; the temperature field varies around it and falls 6.5 °C per 1000 m of height. Accepted: [-40, 50] °C; default 14."]
            #[export(range = (-40.0, 50.0, 0.1, suffix = "°C"))]
            #[var(get = get_climate_sea_temperature, set = set_climate_sea_temperature)]
            climate_sea_temperature: PhantomVar<f32>,
            #[doc = "How far the temperature field strays from the mean at sea level, either way. Accepted: [0, 60] °C; default 12."]
            #[export(range = (0.0, 60.0, 0.1, suffix = "°C"))]
            #[var(get = get_climate_temperature_range, set = set_climate_temperature_range)]
            climate_temperature_range: PhantomVar<f32>,
            #[doc = "Direction the prevailing wind blows towards, clockwise from +z seen from above (90: towards +x); the lee side of high ground is drier. Accepted: [0, 360] degrees; default 90."]
            #[export(range = (0.0, 360.0, 1.0, suffix = "°"))]
            #[var(get = get_climate_wind_direction, set = set_climate_wind_direction)]
            climate_wind_direction: PhantomVar<f32>,
            #[doc = "Strength of the rain shadow: the moisture lost behind high ground (0: none). Accepted: [0, 1]; default 0.6."]
            #[export(range = (0.0, 1.0, 0.01))]
            #[var(get = get_climate_rain_shadow, set = set_climate_rain_shadow)]
            climate_rain_shadow: PhantomVar<f32>,
            #[doc = "Classify the world design's 20 biomes from the climate and the terrain: their trees and ground colours replace the original design's forests and colour table. Accepted: true/false; default false."]
            #[export_group(name = "Biomes", prefix = "biomes_")]
            #[export]
            #[var(get = get_biomes_enabled, set = set_biomes_enabled)]
            biomes_enabled: PhantomVar<bool>,
            #[doc = "Width of the transitions between climate biomes (one unit is 10 °C or 0.22 of moisture): larger values blend neighbouring biomes over a wider band. Accepted: [0.1, 3] climate-space units; default 0.6."]
            #[export(range = (0.1, 3.0, 0.01))]
            #[var(get = get_biomes_blend, set = set_biomes_blend)]
            biomes_blend: PhantomVar<f32>,
            #[doc = "Temperature below which snow lies on the ground (fully 3 °C below it), except on the steepest rock. Accepted: [-30, 20] °C; default -1."]
            #[export(range = (-30.0, 20.0, 0.1, suffix = "°C"))]
            #[var(get = get_biomes_snowline, set = set_biomes_snowline)]
            biomes_snowline: PhantomVar<f32>,
            #[doc = "How the ground is coloured: flat (one colour per cell, from the colour table or the biomes' ground, lit by the scene), blended (the same colours blended across cells at every vertex, land with land and water with water) or relief (the subdivision article's look: one warm palette shaded by the slope towards a low western sun, with cast shadows, drawn unlit; water takes flat colours) or textured (blended, drawn by the terrain shader with the ground textures: an albedo, normal and roughness map per ground material, mixed by each vertex's material weights). Accepted: flat, blended, relief, textured; default flat."]
            #[export_group(name = "Ground")]
            #[export(enum = (Flat = 0, Blended = 1, Relief = 2, Textured = 3))]
            #[var(get = get_ground_style, set = set_ground_style)]
            ground_style: PhantomVar<i64>,
            #[doc = "How hard the rivers wear the land: a stream draining one valley width squared runs at (1 − strength) times the slope of repose, and streams grow gentler downstream. 0 leaves the land as the height model made it, 1 wears every valley down to the level of its outlet. Accepted: [0, 1]; default 0.6."]
            #[export_group(name = "Landscape", prefix = "landscape_")]
            #[export(range = (0.0, 1.0, 0.01))]
            #[var(get = get_landscape_strength, set = set_landscape_strength)]
            landscape_strength: PhantomVar<f32>,
            #[doc = "Width of the narrowest valleys: the spacing of the ridges and gullies the rivers carve, where the slopes' creep balances the rivers. The evolution runs on a lattice of a quarter of this (or on the map's cells, when they are coarser), so the same land comes out at every cell size. Accepted: (0, 100000] m (world units); default 4."]
            #[export(range = (1.0, 10000.0, 0.1, or_greater, exp, suffix = "m"))]
            #[var(get = get_landscape_valley_width, set = set_landscape_valley_width)]
            landscape_valley_width: PhantomVar<f32>,
            #[doc = "Angle of repose: no slope of the evolved land stands steeper, and the rivers' heads run below it. Accepted: [1, 89] degrees; default 35."]
            #[export(range = (1.0, 89.0, 0.5, suffix = "°"))]
            #[var(get = get_landscape_repose_angle, set = set_landscape_repose_angle)]
            landscape_repose_angle: PhantomVar<f32>,
            #[doc = "How long the land has evolved, as a share of the time the rivers take to carve their valleys back to the divides: 1 is the steady state where every valley drains, a smaller age leaves younger valleys near the outlets. 0: the stage does not run (the default). Endless worlds skip it. Accepted: [0, 1] response times; default 0."]
            #[export(range = (0.0, 1.0, 0.01))]
            #[var(get = get_landscape_age, set = set_landscape_age)]
            landscape_age: PhantomVar<f32>,
            #[doc = "Erosion droplets per square metre of the map; they spawn on the mountains of the pool model and on the land of the others. One droplet runs per cell for each droplet per square metre, standing for all those of its cell, so a square metre is eroded alike at every map size and cell size while the work grows with the cells. More droplets carve deeper valleys and take longer; 0: no erosion. Accepted: [0, 1000000] droplets per m²; default 0.977."]
            #[export_group(name = "Erosion", prefix = "erosion_")]
            #[export(range = (0.0001, 100.0, 1e-5, or_greater, exp, suffix = "/m²"))]
            #[var(get = get_erosion_droplet_density, set = set_erosion_droplet_density)]
            erosion_droplet_density: PhantomVar<f32>,
            #[doc = "Most cells droplets run on: a map with more cells is eroded on a lattice coarser by a whole factor (2 m cells for a 1024² map of 1 m cells with the default), and the change is interpolated back onto its cells, so erosion costs the same on big maps while keeping its valleys and ridges. 0: every map is eroded on its own cells. Accepted: [0, 16777216] cells; default 262144."]
            #[export(range = (4096.0, 16777216.0, 1.0, exp, suffix = "cells"))]
            #[var(get = get_erosion_max_cells, set = set_erosion_max_cells)]
            erosion_max_cells: PhantomVar<i64>,
            #[doc = "Integration time step of a droplet. Accepted: (0, 10] droplet time units; default 1.2."]
            #[export(range = (0.01, 10.0, 0.01))]
            #[var(get = get_erosion_dt, set = set_erosion_dt)]
            erosion_dt: PhantomVar<f32>,
            #[doc = "Fraction of a droplet's speed lost per unit time. Accepted: [0, 1] per droplet time unit; default 0.05."]
            #[export(range = (0.0, 1.0, 0.001))]
            #[var(get = get_erosion_friction, set = set_erosion_friction)]
            erosion_friction: PhantomVar<f32>,
            #[doc = "Droplet density (mass per unit volume): a droplet's mass is its volume times this. Accepted: (0, 100]; default 1."]
            #[export(range = (0.01, 100.0, 0.01))]
            #[var(get = get_erosion_density, set = set_erosion_density)]
            erosion_density: PhantomVar<f32>,
            #[doc = "Rate at which carried sediment approaches the droplet's capacity. Accepted: [0, 1] per droplet time unit; default 0.1."]
            #[export(range = (0.0, 1.0, 0.001))]
            #[var(get = get_erosion_deposition_rate, set = set_erosion_deposition_rate)]
            erosion_deposition_rate: PhantomVar<f32>,
            #[doc = "Fraction of a droplet's volume lost per unit time. Accepted: (0, 1] per droplet time unit; default 0.01."]
            #[export(range = (0.0001, 1.0, 0.0001))]
            #[var(get = get_erosion_evaporation_rate, set = set_erosion_evaporation_rate)]
            erosion_evaporation_rate: PhantomVar<f32>,
            #[doc = "Volume below which a droplet dies. Accepted: (0, 1] droplet volumes; default 0.01."]
            #[export(range = (0.0001, 1.0, 0.0001))]
            #[var(get = get_erosion_min_volume, set = set_erosion_min_volume)]
            erosion_min_volume: PhantomVar<f32>,
            #[doc = "Fill depressions with lakes. Accepted: true/false; default true."]
            #[export_group(name = "Water", prefix = "water_")]
            #[export]
            #[var(get = get_water_lakes_enabled, set = set_water_lakes_enabled)]
            water_lakes_enabled: PhantomVar<bool>,
            #[doc = "Smallest area a lake may cover: smaller depressions stay dry. A lake covers at least one cell. Accepted: [0, 1000000000000] m²; default 6."]
            #[export(range = (1.0, 1000000.0, 1.0, or_greater, exp, suffix = "m²"))]
            #[var(get = get_water_min_lake_area, set = set_water_min_lake_area)]
            water_min_lake_area: PhantomVar<f32>,
            #[doc = "Smallest depth a lake may have (its level minus its deepest bed). Accepted: [0, 1000] height units; default 0.01."]
            #[export(range = (0.0, 1.0, 0.001, or_greater))]
            #[var(get = get_water_min_lake_depth, set = set_water_min_lake_depth)]
            water_min_lake_depth: PhantomVar<f32>,
            #[doc = "Erosion droplets that reach a lake continue from its outflow (needs lakes). Accepted: true/false; default true."]
            #[export]
            #[var(get = get_water_lake_erosion, set = set_water_lake_erosion)]
            water_lake_erosion: PhantomVar<bool>,
            #[doc = "Mark and carve rivers. Accepted: true/false; default true."]
            #[export]
            #[var(get = get_water_rivers_enabled, set = set_water_rivers_enabled)]
            water_rivers_enabled: PhantomVar<bool>,
            #[doc = "Catchment above which ground carries a river: the area of mountain ground (the runoff) draining through a cell. Accepted: [0, 1000000000000] m²; default 200."]
            #[export(range = (1.0, 10000000.0, 1.0, or_greater, exp, suffix = "m²"))]
            #[var(get = get_water_river_catchment, set = set_water_river_catchment)]
            water_river_catchment: PhantomVar<f32>,
            #[doc = "Carving depth of a river at the threshold; it grows with the square root of the accumulation, up to four times this. Accepted: [0, 1] height units; default 0.01."]
            #[export(range = (0.0, 1.0, 0.001))]
            #[var(get = get_water_river_depth, set = set_water_river_depth)]
            water_river_depth: PhantomVar<f32>,
            #[doc = "Sea level: cells whose filled level lies below it are sea (0: no sea). Accepted: [0, 1000] height units; default 0."]
            #[export(range = (0.0, 1.0, 0.001, or_greater))]
            #[var(get = get_water_sea_level, set = set_water_sea_level)]
            water_sea_level: PhantomVar<f32>,
            #[doc = "Height at which forest fertility falls to zero. Accepted: (0, 1000] height units; default 0.6."]
            #[export_group(name = "Forest", prefix = "forest_")]
            #[export(range = (0.01, 1000.0, 0.01, exp))]
            #[var(get = get_forest_height_limit, set = set_forest_height_limit)]
            forest_height_limit: PhantomVar<f32>,
            #[doc = "Exponent of the fertility fall-off with height: higher values keep forests dense further up. Accepted: (0, 16]; default 2."]
            #[export(range = (0.01, 16.0, 0.01))]
            #[var(get = get_forest_steepness, set = set_forest_steepness)]
            forest_steepness: PhantomVar<f32>,
            #[doc = "Share of fully fertile grass covered by forest (the canopy cover, less where the ground is less fertile): the same share of the ground at every cell size. Each fully fertile cell is forest with this chance; with biomes, the scatter's trees stand at their own density per hectare. Accepted: [0, 1] share of the ground; default 0.4."]
            #[export(range = (0.0, 1.0, 0.01))]
            #[var(get = get_forest_cover, set = set_forest_cover)]
            forest_cover: PhantomVar<f32>,
            #[doc = "Place villages, towns and cities on the most habitable land, join them with roads, and flatten the ground under both. Accepted: true/false; default false."]
            #[export_group(name = "Settlements", prefix = "settlements_")]
            #[export]
            #[var(get = get_settlements_enabled, set = set_settlements_enabled)]
            settlements_enabled: PhantomVar<bool>,
            #[doc = "Most settlements on the map, cities and towns included; fewer when the land has fewer habitable central places. Accepted: [1, 256]; default 12."]
            #[export(range = (1.0, 256.0, 1.0))]
            #[var(get = get_settlements_count, set = set_settlements_count)]
            settlements_count: PhantomVar<i64>,
            #[doc = "Most cities: the best central places four hexes around, taken first. Accepted: [0, 64]; default 1."]
            #[export(range = (0.0, 64.0, 1.0))]
            #[var(get = get_settlements_cities, set = set_settlements_cities)]
            settlements_cities: PhantomVar<i64>,
            #[doc = "Most towns: the best remaining central places two hexes around; villages fill the rest of the count. Accepted: [0, 128]; default 3."]
            #[export(range = (0.0, 128.0, 1.0))]
            #[var(get = get_settlements_towns, set = set_settlements_towns)]
            settlements_towns: PhantomVar<i64>,
            #[doc = "Population of the first-ranked settlement; the settlement of rank r has this over r (Zipf's law). Accepted: [10, 10000000]; default 20000."]
            #[export(range = (10.0, 10000000.0, 1.0, exp))]
            #[var(get = get_settlements_largest_population, set = set_settlements_largest_population)]
            settlements_largest_population: PhantomVar<i64>,
            #[doc = "Radius (centre to corner) of the hexagons the habitability is gathered on: at most one settlement per hexagon, and neighbouring settlements at least two hexagons apart. Never less than three cells of the map. Accepted: [1, 1000000] m (world units); default 12."]
            #[export(range = (3.0, 100000.0, 0.5, or_greater, exp, suffix = "m"))]
            #[var(get = get_settlements_hex_radius, set = set_settlements_hex_radius)]
            settlements_hex_radius: PhantomVar<f32>,
            #[doc = "Steepest ground (metres of rise per metre) a settlement may stand on; gentler ground is more habitable. Accepted: (0, 2] m of rise per m; default 0.25."]
            #[export(range = (0.01, 2.0, 0.01))]
            #[var(get = get_settlements_max_slope, set = set_settlements_max_slope)]
            settlements_max_slope: PhantomVar<f32>,
            #[doc = "Distance within which a lake, a river or the sea makes land habitable: nearer is better, farther counts a fifth. Accepted: (0, 1000000] m (world units); default 10."]
            #[export(range = (0.5, 100000.0, 0.5, or_greater, exp, suffix = "m"))]
            #[var(get = get_settlements_water_reach, set = set_settlements_water_reach)]
            settlements_water_reach: PhantomVar<f32>,
            #[doc = "Steepest grade (metres of rise per metre) of any road step: roads wind across slopes to stay under it and leave out what they cannot reach. Accepted: (0, 2] m of rise per m; default 0.15."]
            #[export(range = (0.01, 2.0, 0.01))]
            #[var(get = get_settlements_max_road_grade, set = set_settlements_max_road_grade)]
            settlements_max_road_grade: PhantomVar<f32>,
            #[doc = "Width of the road bed flattened across each road, centred on its line; the ground blends back over as much again on each side. The cells a road runs through are always part of its bed. Accepted: [0.5, 10000] m (world units); default 2."]
            #[export(range = (0.5, 200.0, 0.5, or_greater, exp, suffix = "m"))]
            #[var(get = get_settlements_road_bed_width, set = set_settlements_road_bed_width)]
            settlements_road_bed_width: PhantomVar<f32>,
            #[doc = "Shortest links added to the minimum spanning tree of roads, each only where the network's way is over half as long again as the straight line. Accepted: [0, 64]; default 3."]
            #[export(range = (0.0, 64.0, 1.0))]
            #[var(get = get_settlements_extra_roads, set = set_settlements_extra_roads)]
            settlements_extra_roads: PhantomVar<i64>,
            $($after)*
        }
    };
}

/// Adds the getters and setters of the parameter properties to an impl block.
macro_rules! generator_accessors {
    ($(#[$($meta:tt)*])* impl $class:ident { $($body:tt)* }) => {
        $(#[$($meta)*])*
        impl $class {
            #[doc = "Returns [member seed]."]
            #[func]
            pub fn get_seed(&self) -> i64 {
                self.store.int("seed")
            }

            #[doc = "Sets [member seed]; a different value is reported as a change."]
            #[func]
            pub fn set_seed(&mut self, value: i64) {
                if self.store.set_int("seed", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member width]."]
            #[func]
            pub fn get_width(&self) -> i64 {
                self.store.int("width")
            }

            #[doc = "Sets [member width]; a different value is reported as a change."]
            #[func]
            pub fn set_width(&mut self, value: i64) {
                if self.store.set_int("width", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member depth]."]
            #[func]
            pub fn get_depth(&self) -> i64 {
                self.store.int("depth")
            }

            #[doc = "Sets [member depth]; a different value is reported as a change."]
            #[func]
            pub fn set_depth(&mut self, value: i64) {
                if self.store.set_int("depth", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member cell_size]."]
            #[func]
            pub fn get_cell_size(&self) -> f32 {
                self.store.float("cell_size")
            }

            #[doc = "Sets [member cell_size]; a different value is reported as a change."]
            #[func]
            pub fn set_cell_size(&mut self, value: f32) {
                if self.store.set_float("cell_size", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member height_scale]."]
            #[func]
            pub fn get_height_scale(&self) -> f32 {
                self.store.float("height_scale")
            }

            #[doc = "Sets [member height_scale]; a different value is reported as a change."]
            #[func]
            pub fn set_height_scale(&mut self, value: f32) {
                if self.store.set_float("height_scale", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "The pool choice of [member height_model]."]
            #[constant]
            pub const HEIGHT_MODEL_POOL: i64 = 0;

            #[doc = "The subdivision choice of [member height_model]."]
            #[constant]
            pub const HEIGHT_MODEL_SUBDIVISION: i64 = 1;

            #[doc = "The continents choice of [member height_model]."]
            #[constant]
            pub const HEIGHT_MODEL_CONTINENTS: i64 = 2;

            #[doc = "The image choice of [member height_model]."]
            #[constant]
            pub const HEIGHT_MODEL_IMAGE: i64 = 3;

            #[doc = "Returns [member height_model]."]
            #[func]
            pub fn get_height_model(&self) -> i64 {
                self.store.int("height_model")
            }

            #[doc = "Sets [member height_model]; a different value is reported as a change."]
            #[func]
            pub fn set_height_model(&mut self, value: i64) {
                if self.store.set_int("height_model", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member peak_height]."]
            #[func]
            pub fn get_peak_height(&self) -> f32 {
                self.store.float("peak_height")
            }

            #[doc = "Sets [member peak_height]; a different value is reported as a change."]
            #[func]
            pub fn set_peak_height(&mut self, value: f32) {
                if self.store.set_float("peak_height", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member edge_falloff_width]."]
            #[func]
            pub fn get_edge_falloff_width(&self) -> f32 {
                self.store.float("edge_falloff_width")
            }

            #[doc = "Sets [member edge_falloff_width]; a different value is reported as a change."]
            #[func]
            pub fn set_edge_falloff_width(&mut self, value: f32) {
                if self.store.set_float("edge_falloff_width", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member origin_x]."]
            #[func]
            pub fn get_origin_x(&self) -> f32 {
                self.store.float("origin_x")
            }

            #[doc = "Sets [member origin_x]; a different value is reported as a change."]
            #[func]
            pub fn set_origin_x(&mut self, value: f32) {
                if self.store.set_float("origin_x", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member origin_z]."]
            #[func]
            pub fn get_origin_z(&self) -> f32 {
                self.store.float("origin_z")
            }

            #[doc = "Sets [member origin_z]; a different value is reported as a change."]
            #[func]
            pub fn set_origin_z(&mut self, value: f32) {
                if self.store.set_float("origin_z", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "The bounded choice of [member world_mode]."]
            #[constant]
            pub const WORLD_MODE_BOUNDED: i64 = 0;

            #[doc = "The infinite choice of [member world_mode]."]
            #[constant]
            pub const WORLD_MODE_INFINITE: i64 = 1;

            #[doc = "Returns [member world_mode]."]
            #[func]
            pub fn get_world_mode(&self) -> i64 {
                self.store.int("world_mode")
            }

            #[doc = "Sets [member world_mode]; a different value is reported as a change."]
            #[func]
            pub fn set_world_mode(&mut self, value: i64) {
                if self.store.set_int("world_mode", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member tile_size]."]
            #[func]
            pub fn get_tile_size(&self) -> i64 {
                self.store.int("tile_size")
            }

            #[doc = "Sets [member tile_size]; a different value is reported as a change."]
            #[func]
            pub fn set_tile_size(&mut self, value: i64) {
                if self.store.set_int("tile_size", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member stream_radius]."]
            #[func]
            pub fn get_stream_radius(&self) -> i64 {
                self.store.int("stream_radius")
            }

            #[doc = "Sets [member stream_radius]; a different value is reported as a change."]
            #[func]
            pub fn set_stream_radius(&mut self, value: i64) {
                if self.store.set_int("stream_radius", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member coverage]."]
            #[func]
            pub fn get_coverage(&self) -> f32 {
                self.store.float("coverage")
            }

            #[doc = "Sets [member coverage]; a different value is reported as a change."]
            #[func]
            pub fn set_coverage(&mut self, value: f32) {
                if self.store.set_float("coverage", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member pool_patch_size]."]
            #[func]
            pub fn get_pool_patch_size(&self) -> f32 {
                self.store.float("pool_patch_size")
            }

            #[doc = "Sets [member pool_patch_size]; a different value is reported as a change."]
            #[func]
            pub fn set_pool_patch_size(&mut self, value: f32) {
                if self.store.set_float("pool_patch_size", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member pool_feature_size]."]
            #[func]
            pub fn get_pool_feature_size(&self) -> f32 {
                self.store.float("pool_feature_size")
            }

            #[doc = "Sets [member pool_feature_size]; a different value is reported as a change."]
            #[func]
            pub fn set_pool_feature_size(&mut self, value: f32) {
                if self.store.set_float("pool_feature_size", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member pool_edge_width]."]
            #[func]
            pub fn get_pool_edge_width(&self) -> f32 {
                self.store.float("pool_edge_width")
            }

            #[doc = "Sets [member pool_edge_width]; a different value is reported as a change."]
            #[func]
            pub fn set_pool_edge_width(&mut self, value: f32) {
                if self.store.set_float("pool_edge_width", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member subdivision_amplitude]."]
            #[func]
            pub fn get_subdivision_amplitude(&self) -> f32 {
                self.store.float("subdivision_amplitude")
            }

            #[doc = "Sets [member subdivision_amplitude]; a different value is reported as a change."]
            #[func]
            pub fn set_subdivision_amplitude(&mut self, value: f32) {
                if self.store.set_float("subdivision_amplitude", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member subdivision_decay]."]
            #[func]
            pub fn get_subdivision_decay(&self) -> f32 {
                self.store.float("subdivision_decay")
            }

            #[doc = "Sets [member subdivision_decay]; a different value is reported as a change."]
            #[func]
            pub fn set_subdivision_decay(&mut self, value: f32) {
                if self.store.set_float("subdivision_decay", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member subdivision_sea_offset]."]
            #[func]
            pub fn get_subdivision_sea_offset(&self) -> f32 {
                self.store.float("subdivision_sea_offset")
            }

            #[doc = "Sets [member subdivision_sea_offset]; a different value is reported as a change."]
            #[func]
            pub fn set_subdivision_sea_offset(&mut self, value: f32) {
                if self.store.set_float("subdivision_sea_offset", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member subdivision_square_size]."]
            #[func]
            pub fn get_subdivision_square_size(&self) -> f32 {
                self.store.float("subdivision_square_size")
            }

            #[doc = "Sets [member subdivision_square_size]; a different value is reported as a change."]
            #[func]
            pub fn set_subdivision_square_size(&mut self, value: f32) {
                if self.store.set_float("subdivision_square_size", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member continents_land_bias]."]
            #[func]
            pub fn get_continents_land_bias(&self) -> f32 {
                self.store.float("continents_land_bias")
            }

            #[doc = "Sets [member continents_land_bias]; a different value is reported as a change."]
            #[func]
            pub fn set_continents_land_bias(&mut self, value: f32) {
                if self.store.set_float("continents_land_bias", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member continents_mountains]."]
            #[func]
            pub fn get_continents_mountains(&self) -> f32 {
                self.store.float("continents_mountains")
            }

            #[doc = "Sets [member continents_mountains]; a different value is reported as a change."]
            #[func]
            pub fn set_continents_mountains(&mut self, value: f32) {
                if self.store.set_float("continents_mountains", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member continents_river_width]."]
            #[func]
            pub fn get_continents_river_width(&self) -> f32 {
                self.store.float("continents_river_width")
            }

            #[doc = "Sets [member continents_river_width]; a different value is reported as a change."]
            #[func]
            pub fn set_continents_river_width(&mut self, value: f32) {
                if self.store.set_float("continents_river_width", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member image_sea_level]."]
            #[func]
            pub fn get_image_sea_level(&self) -> f32 {
                self.store.float("image_sea_level")
            }

            #[doc = "Sets [member image_sea_level]; a different value is reported as a change."]
            #[func]
            pub fn set_image_sea_level(&mut self, value: f32) {
                if self.store.set_float("image_sea_level", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member image_stretch]."]
            #[func]
            pub fn get_image_stretch(&self) -> bool {
                self.store.flag("image_stretch")
            }

            #[doc = "Sets [member image_stretch]; a different value is reported as a change."]
            #[func]
            pub fn set_image_stretch(&mut self, value: bool) {
                if self.store.set_flag("image_stretch", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member climate_feature_scale]."]
            #[func]
            pub fn get_climate_feature_scale(&self) -> f32 {
                self.store.float("climate_feature_scale")
            }

            #[doc = "Sets [member climate_feature_scale]; a different value is reported as a change."]
            #[func]
            pub fn set_climate_feature_scale(&mut self, value: f32) {
                if self.store.set_float("climate_feature_scale", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member climate_sea_temperature]."]
            #[func]
            pub fn get_climate_sea_temperature(&self) -> f32 {
                self.store.float("climate_sea_temperature")
            }

            #[doc = "Sets [member climate_sea_temperature]; a different value is reported as a change."]
            #[func]
            pub fn set_climate_sea_temperature(&mut self, value: f32) {
                if self.store.set_float("climate_sea_temperature", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member climate_temperature_range]."]
            #[func]
            pub fn get_climate_temperature_range(&self) -> f32 {
                self.store.float("climate_temperature_range")
            }

            #[doc = "Sets [member climate_temperature_range]; a different value is reported as a change."]
            #[func]
            pub fn set_climate_temperature_range(&mut self, value: f32) {
                if self.store.set_float("climate_temperature_range", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member climate_wind_direction]."]
            #[func]
            pub fn get_climate_wind_direction(&self) -> f32 {
                self.store.float("climate_wind_direction")
            }

            #[doc = "Sets [member climate_wind_direction]; a different value is reported as a change."]
            #[func]
            pub fn set_climate_wind_direction(&mut self, value: f32) {
                if self.store.set_float("climate_wind_direction", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member climate_rain_shadow]."]
            #[func]
            pub fn get_climate_rain_shadow(&self) -> f32 {
                self.store.float("climate_rain_shadow")
            }

            #[doc = "Sets [member climate_rain_shadow]; a different value is reported as a change."]
            #[func]
            pub fn set_climate_rain_shadow(&mut self, value: f32) {
                if self.store.set_float("climate_rain_shadow", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member biomes_enabled]."]
            #[func]
            pub fn get_biomes_enabled(&self) -> bool {
                self.store.flag("biomes_enabled")
            }

            #[doc = "Sets [member biomes_enabled]; a different value is reported as a change."]
            #[func]
            pub fn set_biomes_enabled(&mut self, value: bool) {
                if self.store.set_flag("biomes_enabled", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member biomes_blend]."]
            #[func]
            pub fn get_biomes_blend(&self) -> f32 {
                self.store.float("biomes_blend")
            }

            #[doc = "Sets [member biomes_blend]; a different value is reported as a change."]
            #[func]
            pub fn set_biomes_blend(&mut self, value: f32) {
                if self.store.set_float("biomes_blend", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member biomes_snowline]."]
            #[func]
            pub fn get_biomes_snowline(&self) -> f32 {
                self.store.float("biomes_snowline")
            }

            #[doc = "Sets [member biomes_snowline]; a different value is reported as a change."]
            #[func]
            pub fn set_biomes_snowline(&mut self, value: f32) {
                if self.store.set_float("biomes_snowline", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "The flat choice of [member ground_style]."]
            #[constant]
            pub const GROUND_STYLE_FLAT: i64 = 0;

            #[doc = "The blended choice of [member ground_style]."]
            #[constant]
            pub const GROUND_STYLE_BLENDED: i64 = 1;

            #[doc = "The relief choice of [member ground_style]."]
            #[constant]
            pub const GROUND_STYLE_RELIEF: i64 = 2;

            #[doc = "The textured choice of [member ground_style]."]
            #[constant]
            pub const GROUND_STYLE_TEXTURED: i64 = 3;

            #[doc = "Returns [member ground_style]."]
            #[func]
            pub fn get_ground_style(&self) -> i64 {
                self.store.int("ground_style")
            }

            #[doc = "Sets [member ground_style]; a different value is reported as a change."]
            #[func]
            pub fn set_ground_style(&mut self, value: i64) {
                if self.store.set_int("ground_style", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member landscape_strength]."]
            #[func]
            pub fn get_landscape_strength(&self) -> f32 {
                self.store.float("landscape_strength")
            }

            #[doc = "Sets [member landscape_strength]; a different value is reported as a change."]
            #[func]
            pub fn set_landscape_strength(&mut self, value: f32) {
                if self.store.set_float("landscape_strength", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member landscape_valley_width]."]
            #[func]
            pub fn get_landscape_valley_width(&self) -> f32 {
                self.store.float("landscape_valley_width")
            }

            #[doc = "Sets [member landscape_valley_width]; a different value is reported as a change."]
            #[func]
            pub fn set_landscape_valley_width(&mut self, value: f32) {
                if self.store.set_float("landscape_valley_width", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member landscape_repose_angle]."]
            #[func]
            pub fn get_landscape_repose_angle(&self) -> f32 {
                self.store.float("landscape_repose_angle")
            }

            #[doc = "Sets [member landscape_repose_angle]; a different value is reported as a change."]
            #[func]
            pub fn set_landscape_repose_angle(&mut self, value: f32) {
                if self.store.set_float("landscape_repose_angle", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member landscape_age]."]
            #[func]
            pub fn get_landscape_age(&self) -> f32 {
                self.store.float("landscape_age")
            }

            #[doc = "Sets [member landscape_age]; a different value is reported as a change."]
            #[func]
            pub fn set_landscape_age(&mut self, value: f32) {
                if self.store.set_float("landscape_age", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member erosion_droplet_density]."]
            #[func]
            pub fn get_erosion_droplet_density(&self) -> f32 {
                self.store.float("erosion_droplet_density")
            }

            #[doc = "Sets [member erosion_droplet_density]; a different value is reported as a change."]
            #[func]
            pub fn set_erosion_droplet_density(&mut self, value: f32) {
                if self.store.set_float("erosion_droplet_density", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member erosion_max_cells]."]
            #[func]
            pub fn get_erosion_max_cells(&self) -> i64 {
                self.store.int("erosion_max_cells")
            }

            #[doc = "Sets [member erosion_max_cells]; a different value is reported as a change."]
            #[func]
            pub fn set_erosion_max_cells(&mut self, value: i64) {
                if self.store.set_int("erosion_max_cells", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member erosion_dt]."]
            #[func]
            pub fn get_erosion_dt(&self) -> f32 {
                self.store.float("erosion_dt")
            }

            #[doc = "Sets [member erosion_dt]; a different value is reported as a change."]
            #[func]
            pub fn set_erosion_dt(&mut self, value: f32) {
                if self.store.set_float("erosion_dt", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member erosion_friction]."]
            #[func]
            pub fn get_erosion_friction(&self) -> f32 {
                self.store.float("erosion_friction")
            }

            #[doc = "Sets [member erosion_friction]; a different value is reported as a change."]
            #[func]
            pub fn set_erosion_friction(&mut self, value: f32) {
                if self.store.set_float("erosion_friction", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member erosion_density]."]
            #[func]
            pub fn get_erosion_density(&self) -> f32 {
                self.store.float("erosion_density")
            }

            #[doc = "Sets [member erosion_density]; a different value is reported as a change."]
            #[func]
            pub fn set_erosion_density(&mut self, value: f32) {
                if self.store.set_float("erosion_density", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member erosion_deposition_rate]."]
            #[func]
            pub fn get_erosion_deposition_rate(&self) -> f32 {
                self.store.float("erosion_deposition_rate")
            }

            #[doc = "Sets [member erosion_deposition_rate]; a different value is reported as a change."]
            #[func]
            pub fn set_erosion_deposition_rate(&mut self, value: f32) {
                if self.store.set_float("erosion_deposition_rate", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member erosion_evaporation_rate]."]
            #[func]
            pub fn get_erosion_evaporation_rate(&self) -> f32 {
                self.store.float("erosion_evaporation_rate")
            }

            #[doc = "Sets [member erosion_evaporation_rate]; a different value is reported as a change."]
            #[func]
            pub fn set_erosion_evaporation_rate(&mut self, value: f32) {
                if self.store.set_float("erosion_evaporation_rate", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member erosion_min_volume]."]
            #[func]
            pub fn get_erosion_min_volume(&self) -> f32 {
                self.store.float("erosion_min_volume")
            }

            #[doc = "Sets [member erosion_min_volume]; a different value is reported as a change."]
            #[func]
            pub fn set_erosion_min_volume(&mut self, value: f32) {
                if self.store.set_float("erosion_min_volume", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member water_lakes_enabled]."]
            #[func]
            pub fn get_water_lakes_enabled(&self) -> bool {
                self.store.flag("water_lakes_enabled")
            }

            #[doc = "Sets [member water_lakes_enabled]; a different value is reported as a change."]
            #[func]
            pub fn set_water_lakes_enabled(&mut self, value: bool) {
                if self.store.set_flag("water_lakes_enabled", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member water_min_lake_area]."]
            #[func]
            pub fn get_water_min_lake_area(&self) -> f32 {
                self.store.float("water_min_lake_area")
            }

            #[doc = "Sets [member water_min_lake_area]; a different value is reported as a change."]
            #[func]
            pub fn set_water_min_lake_area(&mut self, value: f32) {
                if self.store.set_float("water_min_lake_area", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member water_min_lake_depth]."]
            #[func]
            pub fn get_water_min_lake_depth(&self) -> f32 {
                self.store.float("water_min_lake_depth")
            }

            #[doc = "Sets [member water_min_lake_depth]; a different value is reported as a change."]
            #[func]
            pub fn set_water_min_lake_depth(&mut self, value: f32) {
                if self.store.set_float("water_min_lake_depth", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member water_lake_erosion]."]
            #[func]
            pub fn get_water_lake_erosion(&self) -> bool {
                self.store.flag("water_lake_erosion")
            }

            #[doc = "Sets [member water_lake_erosion]; a different value is reported as a change."]
            #[func]
            pub fn set_water_lake_erosion(&mut self, value: bool) {
                if self.store.set_flag("water_lake_erosion", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member water_rivers_enabled]."]
            #[func]
            pub fn get_water_rivers_enabled(&self) -> bool {
                self.store.flag("water_rivers_enabled")
            }

            #[doc = "Sets [member water_rivers_enabled]; a different value is reported as a change."]
            #[func]
            pub fn set_water_rivers_enabled(&mut self, value: bool) {
                if self.store.set_flag("water_rivers_enabled", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member water_river_catchment]."]
            #[func]
            pub fn get_water_river_catchment(&self) -> f32 {
                self.store.float("water_river_catchment")
            }

            #[doc = "Sets [member water_river_catchment]; a different value is reported as a change."]
            #[func]
            pub fn set_water_river_catchment(&mut self, value: f32) {
                if self.store.set_float("water_river_catchment", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member water_river_depth]."]
            #[func]
            pub fn get_water_river_depth(&self) -> f32 {
                self.store.float("water_river_depth")
            }

            #[doc = "Sets [member water_river_depth]; a different value is reported as a change."]
            #[func]
            pub fn set_water_river_depth(&mut self, value: f32) {
                if self.store.set_float("water_river_depth", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member water_sea_level]."]
            #[func]
            pub fn get_water_sea_level(&self) -> f32 {
                self.store.float("water_sea_level")
            }

            #[doc = "Sets [member water_sea_level]; a different value is reported as a change."]
            #[func]
            pub fn set_water_sea_level(&mut self, value: f32) {
                if self.store.set_float("water_sea_level", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member forest_height_limit]."]
            #[func]
            pub fn get_forest_height_limit(&self) -> f32 {
                self.store.float("forest_height_limit")
            }

            #[doc = "Sets [member forest_height_limit]; a different value is reported as a change."]
            #[func]
            pub fn set_forest_height_limit(&mut self, value: f32) {
                if self.store.set_float("forest_height_limit", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member forest_steepness]."]
            #[func]
            pub fn get_forest_steepness(&self) -> f32 {
                self.store.float("forest_steepness")
            }

            #[doc = "Sets [member forest_steepness]; a different value is reported as a change."]
            #[func]
            pub fn set_forest_steepness(&mut self, value: f32) {
                if self.store.set_float("forest_steepness", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member forest_cover]."]
            #[func]
            pub fn get_forest_cover(&self) -> f32 {
                self.store.float("forest_cover")
            }

            #[doc = "Sets [member forest_cover]; a different value is reported as a change."]
            #[func]
            pub fn set_forest_cover(&mut self, value: f32) {
                if self.store.set_float("forest_cover", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member settlements_enabled]."]
            #[func]
            pub fn get_settlements_enabled(&self) -> bool {
                self.store.flag("settlements_enabled")
            }

            #[doc = "Sets [member settlements_enabled]; a different value is reported as a change."]
            #[func]
            pub fn set_settlements_enabled(&mut self, value: bool) {
                if self.store.set_flag("settlements_enabled", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member settlements_count]."]
            #[func]
            pub fn get_settlements_count(&self) -> i64 {
                self.store.int("settlements_count")
            }

            #[doc = "Sets [member settlements_count]; a different value is reported as a change."]
            #[func]
            pub fn set_settlements_count(&mut self, value: i64) {
                if self.store.set_int("settlements_count", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member settlements_cities]."]
            #[func]
            pub fn get_settlements_cities(&self) -> i64 {
                self.store.int("settlements_cities")
            }

            #[doc = "Sets [member settlements_cities]; a different value is reported as a change."]
            #[func]
            pub fn set_settlements_cities(&mut self, value: i64) {
                if self.store.set_int("settlements_cities", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member settlements_towns]."]
            #[func]
            pub fn get_settlements_towns(&self) -> i64 {
                self.store.int("settlements_towns")
            }

            #[doc = "Sets [member settlements_towns]; a different value is reported as a change."]
            #[func]
            pub fn set_settlements_towns(&mut self, value: i64) {
                if self.store.set_int("settlements_towns", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member settlements_largest_population]."]
            #[func]
            pub fn get_settlements_largest_population(&self) -> i64 {
                self.store.int("settlements_largest_population")
            }

            #[doc = "Sets [member settlements_largest_population]; a different value is reported as a change."]
            #[func]
            pub fn set_settlements_largest_population(&mut self, value: i64) {
                if self.store.set_int("settlements_largest_population", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member settlements_hex_radius]."]
            #[func]
            pub fn get_settlements_hex_radius(&self) -> f32 {
                self.store.float("settlements_hex_radius")
            }

            #[doc = "Sets [member settlements_hex_radius]; a different value is reported as a change."]
            #[func]
            pub fn set_settlements_hex_radius(&mut self, value: f32) {
                if self.store.set_float("settlements_hex_radius", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member settlements_max_slope]."]
            #[func]
            pub fn get_settlements_max_slope(&self) -> f32 {
                self.store.float("settlements_max_slope")
            }

            #[doc = "Sets [member settlements_max_slope]; a different value is reported as a change."]
            #[func]
            pub fn set_settlements_max_slope(&mut self, value: f32) {
                if self.store.set_float("settlements_max_slope", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member settlements_water_reach]."]
            #[func]
            pub fn get_settlements_water_reach(&self) -> f32 {
                self.store.float("settlements_water_reach")
            }

            #[doc = "Sets [member settlements_water_reach]; a different value is reported as a change."]
            #[func]
            pub fn set_settlements_water_reach(&mut self, value: f32) {
                if self.store.set_float("settlements_water_reach", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member settlements_max_road_grade]."]
            #[func]
            pub fn get_settlements_max_road_grade(&self) -> f32 {
                self.store.float("settlements_max_road_grade")
            }

            #[doc = "Sets [member settlements_max_road_grade]; a different value is reported as a change."]
            #[func]
            pub fn set_settlements_max_road_grade(&mut self, value: f32) {
                if self.store.set_float("settlements_max_road_grade", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member settlements_road_bed_width]."]
            #[func]
            pub fn get_settlements_road_bed_width(&self) -> f32 {
                self.store.float("settlements_road_bed_width")
            }

            #[doc = "Sets [member settlements_road_bed_width]; a different value is reported as a change."]
            #[func]
            pub fn set_settlements_road_bed_width(&mut self, value: f32) {
                if self.store.set_float("settlements_road_bed_width", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member settlements_extra_roads]."]
            #[func]
            pub fn get_settlements_extra_roads(&self) -> i64 {
                self.store.int("settlements_extra_roads")
            }

            #[doc = "Sets [member settlements_extra_roads]; a different value is reported as a change."]
            #[func]
            pub fn set_settlements_extra_roads(&mut self, value: i64) {
                if self.store.set_int("settlements_extra_roads", value) {
                    self.on_param_changed();
                }
            }

            $($body)*
        }
    };
}
