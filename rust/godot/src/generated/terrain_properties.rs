// Generated from the core's parameter and biome tables by rust/godot/codegen.rs: do not edit.
// Refresh: DONJOURNO_REFRESH=1 cargo test -p donjourno-godot generated_files

/// Declares the struct with the parameter properties between its two field lists.
macro_rules! terrain_mesh_properties {
    ($(#[$($meta:tt)*])* pub struct $class:ident { $($before:tt)* } { $($after:tt)* }) => {
        $(#[$($meta)*])*
        pub struct $class {
            $($before)*
            #[doc = "Micro-quads per cell side: each cell becomes subdivisions² × 2 triangles. Accepted: [1, 64]; default 1."]
            #[export_group(name = "Mesh")]
            #[export(range = (1.0, 64.0, 1.0))]
            #[var(get = get_subdivisions, set = set_subdivisions)]
            subdivisions: PhantomVar<i64>,
            #[doc = "Strength of the erosion-driven surface jitter (0 gives smooth slopes). Accepted: [0, 4]; default 0.15."]
            #[export(range = (0.0, 4.0, 0.01))]
            #[var(get = get_roughness_strength, set = set_roughness_strength)]
            roughness_strength: PhantomVar<f32>,
            #[doc = "Close the map as a tabletop diorama: side walls in soil and rock strata from the surface edge down to a base level, and a bottom face. Accepted: true/false; default false."]
            #[export]
            #[var(get = get_diorama_base, set = set_diorama_base)]
            diorama_base: PhantomVar<bool>,
            #[doc = "Depth of the diorama base: its bottom lies this far below the lowest point of the surface. Accepted: (0, 1000] height units; default 0.5."]
            #[export(range = (0.01, 10.0, 0.01, or_greater, exp))]
            #[var(get = get_diorama_depth, set = set_diorama_depth)]
            diorama_depth: PhantomVar<f32>,
            #[doc = "Draw the terrain of a water cell that rises above the water surface in the colour of the dry ground around it, so the shoreline the water surface traces shows no blue teeth. For terrains shown with their water surface. Accepted: true/false; default false."]
            #[export]
            #[var(get = get_shore_colors, set = set_shore_colors)]
            shore_colors: PhantomVar<bool>,
            #[doc = "Side of a chunk: a map wider or deeper than this is drawn as chunks with levels of detail; a smaller map is one mesh. Accepted: [8, 4096] cells; default 256."]
            #[export(range = (8.0, 4096.0, 1.0, suffix = "cells"))]
            #[var(get = get_chunk_size, set = set_chunk_size)]
            chunk_size: PhantomVar<i64>,
            #[doc = "Levels of detail of each chunk: level L keeps every 2^L-th vertex of the full mesh. Accepted: [1, 6]; default 4."]
            #[export(range = (1.0, 6.0, 1.0))]
            #[var(get = get_lod_levels, set = set_lod_levels)]
            lod_levels: PhantomVar<i64>,
            #[doc = "Camera distance at which a chunk switches to its second level of detail; each further level starts at twice the previous distance. Accepted: (0, 1000000] m (world units); default 150."]
            #[export(range = (1.0, 10000.0, 1.0, or_greater, exp, suffix = "m"))]
            #[var(get = get_lod_distance, set = set_lod_distance)]
            lod_distance: PhantomVar<f32>,
            #[doc = "On a map drawn in chunks, the chunks within this distance of the stream target have collision shapes; farther chunks have none (a map in one chunk always has its whole collision). Accepted: (0, 1000000] m (world units); default 192."]
            #[export(range = (1.0, 10000.0, 1.0, or_greater, exp, suffix = "m"))]
            #[var(get = get_collision_radius, set = set_collision_radius)]
            collision_radius: PhantomVar<f32>,
            #[doc = "Give the terrain a navigation mesh (NavigationRegion3D children, one per chunk), built off the main thread from the walkable ground: dry land without buildings no steeper than navigation_agent_max_slope. Accepted: true/false; default false."]
            #[export_group(name = "Navigation", prefix = "navigation_")]
            #[export]
            #[var(get = get_navigation_enabled, set = set_navigation_enabled)]
            navigation_enabled: PhantomVar<bool>,
            #[doc = "Radius of the agents: the navigation mesh keeps this far from water, steep ground and the map's edge. Accepted: [0, 100] m (world units); default 0.5."]
            #[export(range = (0.0, 10.0, 0.05, or_greater, suffix = "m"))]
            #[var(get = get_navigation_agent_radius, set = set_navigation_agent_radius)]
            navigation_agent_radius: PhantomVar<f32>,
            #[doc = "Height of the agents. Accepted: [0.009999999776482582, 100] m (world units); default 1.5."]
            #[export(range = (0.1, 20.0, 0.05, or_greater, suffix = "m"))]
            #[var(get = get_navigation_agent_height, set = set_navigation_agent_height)]
            navigation_agent_height: PhantomVar<f32>,
            #[doc = "Steepest slope the agents walk on. Accepted: [0, 90] degrees; default 35."]
            #[export(range = (0.0, 90.0, 0.5, suffix = "°"))]
            #[var(get = get_navigation_agent_max_slope, set = set_navigation_agent_max_slope)]
            navigation_agent_max_slope: PhantomVar<f32>,
            #[doc = "Cell size and cell height of the navigation meshes; keep it equal to the navigation map's cell size (Godot's default is 0.25). The walkable outline is traced on a lattice of cells split into squares at least this wide, and polygons follow the rendered surface within this height. Larger builds faster and follows water edges and slopes more coarsely. Accepted: [0.009999999776482582, 100] m (world units); default 0.25."]
            #[export(range = (0.05, 10.0, 0.01, or_greater, exp, suffix = "m"))]
            #[var(get = get_navigation_cell_size, set = set_navigation_cell_size)]
            navigation_cell_size: PhantomVar<f32>,
            #[doc = "Travel cost of the road cells (where is_road_at is true) as a share of open ground's: each chunk's road cells get a NavigationRegion3D of their own with this travel_cost, so agents keep to the roads where that is cheaper. 1 leaves the roads in the ground's regions. Accepted: (0, 1] × open ground; default 0.5."]
            #[export(range = (0.05, 1.0, 0.05, suffix = "×"))]
            #[var(get = get_navigation_road_cost, set = set_navigation_road_cost)]
            navigation_road_cost: PhantomVar<f32>,
            $($after)*
        }
    };
}

/// Adds the getters and setters of the parameter properties to an impl block.
macro_rules! terrain_mesh_accessors {
    ($(#[$($meta:tt)*])* impl $class:ident { $($body:tt)* }) => {
        $(#[$($meta)*])*
        impl $class {
            #[doc = "Returns [member subdivisions]."]
            #[func]
            pub fn get_subdivisions(&self) -> i64 {
                self.store.int("subdivisions")
            }

            #[doc = "Sets [member subdivisions]; a different value is reported as a change."]
            #[func]
            pub fn set_subdivisions(&mut self, value: i64) {
                if self.store.set_int("subdivisions", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member roughness_strength]."]
            #[func]
            pub fn get_roughness_strength(&self) -> f32 {
                self.store.float("roughness_strength")
            }

            #[doc = "Sets [member roughness_strength]; a different value is reported as a change."]
            #[func]
            pub fn set_roughness_strength(&mut self, value: f32) {
                if self.store.set_float("roughness_strength", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member diorama_base]."]
            #[func]
            pub fn get_diorama_base(&self) -> bool {
                self.store.flag("diorama_base")
            }

            #[doc = "Sets [member diorama_base]; a different value is reported as a change."]
            #[func]
            pub fn set_diorama_base(&mut self, value: bool) {
                if self.store.set_flag("diorama_base", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member diorama_depth]."]
            #[func]
            pub fn get_diorama_depth(&self) -> f32 {
                self.store.float("diorama_depth")
            }

            #[doc = "Sets [member diorama_depth]; a different value is reported as a change."]
            #[func]
            pub fn set_diorama_depth(&mut self, value: f32) {
                if self.store.set_float("diorama_depth", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member shore_colors]."]
            #[func]
            pub fn get_shore_colors(&self) -> bool {
                self.store.flag("shore_colors")
            }

            #[doc = "Sets [member shore_colors]; a different value is reported as a change."]
            #[func]
            pub fn set_shore_colors(&mut self, value: bool) {
                if self.store.set_flag("shore_colors", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member chunk_size]."]
            #[func]
            pub fn get_chunk_size(&self) -> i64 {
                self.store.int("chunk_size")
            }

            #[doc = "Sets [member chunk_size]; a different value is reported as a change."]
            #[func]
            pub fn set_chunk_size(&mut self, value: i64) {
                if self.store.set_int("chunk_size", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member lod_levels]."]
            #[func]
            pub fn get_lod_levels(&self) -> i64 {
                self.store.int("lod_levels")
            }

            #[doc = "Sets [member lod_levels]; a different value is reported as a change."]
            #[func]
            pub fn set_lod_levels(&mut self, value: i64) {
                if self.store.set_int("lod_levels", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member lod_distance]."]
            #[func]
            pub fn get_lod_distance(&self) -> f32 {
                self.store.float("lod_distance")
            }

            #[doc = "Sets [member lod_distance]; a different value is reported as a change."]
            #[func]
            pub fn set_lod_distance(&mut self, value: f32) {
                if self.store.set_float("lod_distance", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member collision_radius]."]
            #[func]
            pub fn get_collision_radius(&self) -> f32 {
                self.store.float("collision_radius")
            }

            #[doc = "Sets [member collision_radius]; a different value is reported as a change."]
            #[func]
            pub fn set_collision_radius(&mut self, value: f32) {
                if self.store.set_float("collision_radius", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member navigation_enabled]."]
            #[func]
            pub fn get_navigation_enabled(&self) -> bool {
                self.store.flag("navigation_enabled")
            }

            #[doc = "Sets [member navigation_enabled]; a different value is reported as a change."]
            #[func]
            pub fn set_navigation_enabled(&mut self, value: bool) {
                if self.store.set_flag("navigation_enabled", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member navigation_agent_radius]."]
            #[func]
            pub fn get_navigation_agent_radius(&self) -> f32 {
                self.store.float("navigation_agent_radius")
            }

            #[doc = "Sets [member navigation_agent_radius]; a different value is reported as a change."]
            #[func]
            pub fn set_navigation_agent_radius(&mut self, value: f32) {
                if self.store.set_float("navigation_agent_radius", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member navigation_agent_height]."]
            #[func]
            pub fn get_navigation_agent_height(&self) -> f32 {
                self.store.float("navigation_agent_height")
            }

            #[doc = "Sets [member navigation_agent_height]; a different value is reported as a change."]
            #[func]
            pub fn set_navigation_agent_height(&mut self, value: f32) {
                if self.store.set_float("navigation_agent_height", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member navigation_agent_max_slope]."]
            #[func]
            pub fn get_navigation_agent_max_slope(&self) -> f32 {
                self.store.float("navigation_agent_max_slope")
            }

            #[doc = "Sets [member navigation_agent_max_slope]; a different value is reported as a change."]
            #[func]
            pub fn set_navigation_agent_max_slope(&mut self, value: f32) {
                if self.store.set_float("navigation_agent_max_slope", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member navigation_cell_size]."]
            #[func]
            pub fn get_navigation_cell_size(&self) -> f32 {
                self.store.float("navigation_cell_size")
            }

            #[doc = "Sets [member navigation_cell_size]; a different value is reported as a change."]
            #[func]
            pub fn set_navigation_cell_size(&mut self, value: f32) {
                if self.store.set_float("navigation_cell_size", value) {
                    self.on_param_changed();
                }
            }

            #[doc = "Returns [member navigation_road_cost]."]
            #[func]
            pub fn get_navigation_road_cost(&self) -> f32 {
                self.store.float("navigation_road_cost")
            }

            #[doc = "Sets [member navigation_road_cost]; a different value is reported as a change."]
            #[func]
            pub fn set_navigation_road_cost(&mut self, value: f32) {
                if self.store.set_float("navigation_road_cost", value) {
                    self.on_param_changed();
                }
            }

            $($body)*
        }
    };
}
