//! The rebuild planner: what changed since the mesh shown → what to rebuild → which job runs it.
//!
//! Plain Rust with no Godot types, so that `cargo test -p donjourno-godot` checks every decision
//! without an engine. The terrain node feeds it its validated settings and what it shows, and
//! carries the plan out.

use donjourno::outputs::mesh::MeshError;
use donjourno::params::MeshParams;
use donjourno::GeneratorParams;

/// The settings a rebuild builds from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    /// The generation parameters (they shape the grid).
    pub params: GeneratorParams,
    /// The content key of the image model's heightmap file, if it reads one (it shapes the grid).
    pub heightmap: Option<u64>,
    /// The content key of the terrain's stamps, paths and sites, if it has any (they shape the
    /// grid).
    pub layout_key: Option<u64>,
    /// What shapes the mesh (it shapes only the tessellation). The collision radius and the
    /// navigation settings are not among the settings: they rebuild no mesh (the chunk collision
    /// follows the radius, and the navigation re-bakes, see `crate::terrain::components`).
    pub mesh_params: MeshParams,
}

/// What a grid is generated from: the parameters and the content keys of the heightmap file and
/// the stamps.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GridKey {
    /// The generation parameters.
    pub params: GeneratorParams,
    /// The heightmap file's content key.
    pub heightmap: Option<u64>,
    /// The content key of the stamps, paths and sites.
    pub layout_key: Option<u64>,
}

impl Settings {
    /// What its grid is generated from.
    pub fn grid_key(&self) -> GridKey {
        GridKey {
            params: self.params,
            heightmap: self.heightmap,
            layout_key: self.layout_key,
        }
    }
}

/// What the node has when a rebuild is asked for.
#[derive(Clone, Copy, Debug, Default)]
pub struct Current<'a> {
    /// The inputs of the generated mesh the node displays; `None` when it displays none, and
    /// after the cache was cleared (so that nothing counts as unchanged).
    pub shown: Option<&'a Settings>,
    /// What the cached grid was generated from, if there is one.
    pub cached_grid: Option<GridKey>,
}

/// How a rebuild was asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Request {
    /// Now, blocking the caller (`regenerate()`).
    Now,
    /// In the background (`regenerate_async()`, automatic rebuilds).
    Background,
}

/// What changed between the inputs and the mesh shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// Nothing: the mesh shown is the mesh of the inputs.
    Nothing,
    /// Only mesh settings.
    Mesh,
    /// Generation parameters, or nothing is shown.
    Grid,
}

/// What has to be built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Work {
    /// Nothing.
    Nothing,
    /// The mesh, from the cached grid.
    Mesh,
    /// The grid (the generation pipeline), then the mesh.
    GridAndMesh,
}

/// Which job carries the work out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Runner {
    /// None: there is nothing to do.
    Idle,
    /// The calling thread, at once.
    Here,
    /// A worker thread (the caller falls back to [`Runner::Here`] where none can start).
    Worker,
}

/// A rebuild's plan.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Plan {
    /// The inputs to build from.
    pub inputs: Settings,
    /// What changed.
    pub change: Change,
    /// What to build.
    pub work: Work,
    /// Who builds it.
    pub runner: Runner,
    /// Vertices of the one mesh to build (within
    /// [`MAX_VERTICES`](donjourno::outputs::mesh::MAX_VERTICES)); 0 when the map is drawn in chunks.
    pub vertex_count: usize,
}

/// What changed between `inputs` and what `current` shows.
pub fn change(inputs: &Settings, current: &Current<'_>) -> Change {
    match current.shown {
        Some(shown) if shown == inputs => Change::Nothing,
        Some(shown) if shown.grid_key() == inputs.grid_key() => Change::Mesh,
        _ => Change::Grid,
    }
}

/// What has to be built for `change`: the pipeline runs only when no cached grid has the
/// inputs' generation parameters.
pub fn work(change: Change, inputs: &Settings, current: &Current<'_>) -> Work {
    match change {
        Change::Nothing => Work::Nothing,
        _ if current.cached_grid == Some(inputs.grid_key()) => Work::Mesh,
        _ => Work::GridAndMesh,
    }
}

/// Which job carries `work` out for `request`.
pub fn runner(work: Work, request: Request) -> Runner {
    match (work, request) {
        (Work::Nothing, _) => Runner::Idle,
        (_, Request::Now) => Runner::Here,
        (_, Request::Background) => Runner::Worker,
    }
}

/// Plans a rebuild of validated `inputs`. Refuses a mesh above the vertex budget before anything
/// runs (the pipeline would be wasted).
pub fn plan(inputs: Settings, current: &Current<'_>, request: Request) -> Result<Plan, MeshError> {
    let (width, depth) = (inputs.params.width as usize, inputs.params.depth as usize);
    let vertices = inputs.mesh_params.check_drawn_budget(width, depth)?;
    let change = change(&inputs, current);
    let work = work(change, &inputs, current);
    Ok(Plan {
        inputs,
        change,
        work,
        runner: runner(work, request),
        vertex_count: match inputs.mesh_params.chunk_layout(width, depth).is_chunked() {
            true => 0,
            false => vertices as usize,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn inputs() -> Settings {
        Settings {
            params: GeneratorParams {
                width: 32,
                depth: 16,
                ..Default::default()
            },
            heightmap: None,
            layout_key: None,
            mesh_params: MeshParams::default(),
        }
    }

    #[test]
    fn another_heightmap_file_regenerates_the_grid() {
        let mut shown = inputs();
        shown.heightmap = Some(7);
        let current = Current {
            shown: Some(&shown),
            cached_grid: Some(shown.grid_key()),
        };
        let mut wanted = shown;
        wanted.heightmap = Some(8);
        let plan = plan(wanted, &current, Request::Now).unwrap();
        assert_eq!(plan.change, Change::Grid);
        assert_eq!(plan.work, Work::GridAndMesh);
        let plan = super::plan(shown, &current, Request::Now).unwrap();
        assert_eq!(plan.work, Work::Nothing);
    }

    #[test]
    fn moved_added_or_removed_stamps_regenerate_the_grid() {
        let shown = inputs();
        let current = Current {
            shown: Some(&shown),
            cached_grid: Some(shown.grid_key()),
        };
        for key in [Some(3), Some(4)] {
            let wanted = Settings {
                layout_key: key,
                ..shown
            };
            let plan = plan(wanted, &current, Request::Background).unwrap();
            assert_eq!(plan.work, Work::GridAndMesh);
        }
        let mut stamped = shown;
        stamped.layout_key = Some(3);
        let current = Current {
            shown: Some(&stamped),
            cached_grid: Some(stamped.grid_key()),
        };
        let plan = plan(shown, &current, Request::Background).unwrap();
        assert_eq!(plan.work, Work::GridAndMesh, "the last stamp removed");
        let plan = super::plan(stamped, &current, Request::Background).unwrap();
        assert_eq!(plan.work, Work::Nothing);
    }

    #[test]
    fn nothing_shown_builds_everything() {
        let plan = plan(inputs(), &Current::default(), Request::Background).unwrap();
        assert_eq!(plan.change, Change::Grid);
        assert_eq!(plan.work, Work::GridAndMesh);
        assert_eq!(plan.runner, Runner::Worker);
        assert_eq!(plan.vertex_count, 32 * 16 * 6);
    }

    #[test]
    fn unchanged_inputs_build_nothing_whatever_the_request() {
        let shown = inputs();
        let current = Current {
            shown: Some(&shown),
            cached_grid: Some(shown.grid_key()),
        };
        for request in [Request::Now, Request::Background] {
            let plan = plan(inputs(), &current, request).unwrap();
            assert_eq!(plan.change, Change::Nothing);
            assert_eq!(plan.work, Work::Nothing);
            assert_eq!(plan.runner, Runner::Idle);
        }
    }

    #[test]
    fn a_mesh_setting_only_retessellates() {
        let shown = inputs();
        let current = Current {
            shown: Some(&shown),
            cached_grid: Some(shown.grid_key()),
        };
        let mut wanted = inputs();
        wanted.mesh_params.subdivisions = 3;
        let plan = plan(wanted, &current, Request::Now).unwrap();
        assert_eq!(plan.change, Change::Mesh);
        assert_eq!(plan.work, Work::Mesh);
        assert_eq!(plan.runner, Runner::Here);
        assert_eq!(plan.vertex_count, 32 * 16 * 9 * 6);
        // Without the cached grid, the pipeline has to run again.
        let uncached = Current {
            cached_grid: None,
            ..current
        };
        let plan = super::plan(wanted, &uncached, Request::Now).unwrap();
        assert_eq!(plan.work, Work::GridAndMesh);
    }

    #[test]
    fn the_diorama_base_only_retessellates_and_counts_its_vertices() {
        let shown = inputs();
        let current = Current {
            shown: Some(&shown),
            cached_grid: Some(shown.grid_key()),
        };
        let mut wanted = inputs();
        wanted.mesh_params.diorama_base = true;
        let plan = plan(wanted, &current, Request::Background).unwrap();
        assert_eq!(plan.change, Change::Mesh);
        assert_eq!(plan.work, Work::Mesh);
        assert_eq!(
            plan.vertex_count,
            32 * 16 * 6 + 2 * (32 + 16) * (1 + donjourno::outputs::mesh::base::ROCK_BANDS) * 6 + 6
        );
        wanted.mesh_params.diorama_depth += 1.0;
        let shown = plan.inputs;
        let current = Current {
            shown: Some(&shown),
            cached_grid: Some(shown.grid_key()),
        };
        assert_eq!(
            super::plan(wanted, &current, Request::Now).unwrap().work,
            Work::Mesh
        );
    }

    #[test]
    fn a_generation_parameter_reruns_the_pipeline_unless_the_cache_has_it() {
        let shown = inputs();
        let mut wanted = inputs();
        wanted.params.seed += 1;
        let current = Current {
            shown: Some(&shown),
            cached_grid: Some(shown.grid_key()),
        };
        let plan = plan(wanted, &current, Request::Background).unwrap();
        assert_eq!(plan.change, Change::Grid);
        assert_eq!(plan.work, Work::GridAndMesh);
        assert_eq!(plan.runner, Runner::Worker);
        // A grid cached for the new parameters (the mesh shown is older) is reused.
        let current = Current {
            shown: Some(&shown),
            cached_grid: Some(wanted.grid_key()),
        };
        let plan = super::plan(wanted, &current, Request::Background).unwrap();
        assert_eq!(plan.change, Change::Grid);
        assert_eq!(plan.work, Work::Mesh);
    }

    #[test]
    fn a_cleared_cache_rebuilds_everything() {
        // After clear_cache() the node passes neither shown inputs nor a cached grid.
        let plan = plan(inputs(), &Current::default(), Request::Now).unwrap();
        assert_eq!(plan.change, Change::Grid);
        assert_eq!(plan.work, Work::GridAndMesh);
        assert_eq!(plan.runner, Runner::Here);
    }

    #[test]
    fn a_mesh_above_the_budget_is_refused_before_anything_runs() {
        let mut wanted = inputs();
        wanted.params.width = 1024;
        wanted.params.depth = 1024;
        wanted.mesh_params.subdivisions = 8;
        let err = plan(wanted, &Current::default(), Request::Background).unwrap_err();
        assert_eq!(
            err,
            MeshError::OverBudget {
                vertices: 1024 * 1024 * 64 * 6,
                max: donjourno::outputs::mesh::MAX_STREAMED_VERTICES,
                base: 0,
                width: 1024,
                depth: 1024,
                subdivisions: 8,
            }
        );
        assert!(err.to_string().contains("above the budget"), "{err}");
        // The largest 2048-wide map under the budget is accepted as one mesh, one more row is
        // not; in chunks it is, up to the chunked budget.
        wanted.params.width = 2048;
        wanted.params.depth = (donjourno::outputs::mesh::MAX_VERTICES / 6 / 2048) as u32;
        wanted.mesh_params.subdivisions = 1;
        wanted.mesh_params.chunk_size = 4096;
        let plan = plan(wanted, &Current::default(), Request::Now).unwrap();
        assert_eq!(plan.vertex_count, 2048 * 1365 * 6);
        wanted.params.depth += 1;
        assert!(super::plan(wanted, &Current::default(), Request::Now).is_err());
        wanted.mesh_params.chunk_size = 256;
        assert_eq!(
            super::plan(wanted, &Current::default(), Request::Now).map(|p| p.vertex_count),
            Ok(0),
            "in chunks"
        );
        wanted.params.depth = 2048;
        assert!(super::plan(wanted, &Current::default(), Request::Now).is_ok());
        // 4096² is accepted too (its chunks hold one level each, as 2048²'s do), at two
        // subdivisions not.
        wanted.params.width = 4096;
        wanted.params.depth = 4096;
        assert!(super::plan(wanted, &Current::default(), Request::Now).is_ok());
        assert!(wanted.mesh_params.streams_levels(4096, 4096));
        assert!(wanted.mesh_params.streams_levels(2048, 2048));
        assert!(!wanted.mesh_params.streams_levels(1024, 1024));
        wanted.mesh_params.subdivisions = 2;
        let err = super::plan(wanted, &Current::default(), Request::Now).unwrap_err();
        assert!(
            matches!(err, MeshError::OverBudget { max, .. } if max == donjourno::outputs::mesh::MAX_STREAMED_VERTICES),
            "{err}"
        );
    }

    #[test]
    fn a_map_wider_than_a_chunk_builds_chunks_instead_of_one_surface() {
        let mut wide = inputs();
        wide.mesh_params.chunk_size = 16;
        let plan = plan(wide, &Current::default(), Request::Now).unwrap();
        assert_eq!(plan.vertex_count, 0);
        wide.mesh_params.chunk_size = 32;
        let plan = super::plan(wide, &Current::default(), Request::Now).unwrap();
        assert_eq!(plan.vertex_count, 32 * 16 * 6);
    }
}
