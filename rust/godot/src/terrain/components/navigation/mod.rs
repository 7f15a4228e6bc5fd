//! The terrain's navigation mesh: its settings (`navigation_*`, declared in the core's table) and
//! its internal children, a `Navigation` node holding one [NavigationRegion3D] per region of
//! [`donjourno::outputs::navigation::regions`] (one for a map in one chunk, else one per chunk), and one per
//! region with roads for its road cells at the road travel cost (see
//! [`crate::terrain::components::navigation::bake`]).
//!
//! A bake has two stages: a worker thread builds the vertices and polygons of every region in the
//! core (no voxel bake), then the terrain's `process` fills `NavigationMesh` resources from them a
//! few milliseconds per frame ([`crate::terrain::components::navigation::bake::MeshFill`]). When
//! every mesh is filled, the regions take their new navigation meshes at once and [signal
//! DonjournoTerrain.navigation_baked] is emitted. Until then the previous navigation mesh stays in
//! place, so agents keep their paths while the terrain rebakes.

pub mod bake;

use crate::terrain::components::navigation::bake::{meshes, Kind, MeshData, MeshFill};
use crate::terrain::show::children;
use crate::terrain::DonjournoTerrain;
use donjourno::params::{MeshParams, NavigationParams};
use donjourno::Grid;
use godot::classes::{NavigationMesh, NavigationRegion3D, Node, Node3D};
use godot::prelude::*;
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What a bake is made from: the grid shown, the mesh settings it is shown with and the
/// navigation settings.
#[derive(Clone)]
pub struct NavKey {
    /// The grid shown.
    pub grid: Arc<Grid>,
    /// The mesh settings it is shown with.
    pub mesh: MeshParams,
    /// The navigation settings.
    pub navigation: NavigationParams,
}

impl PartialEq for NavKey {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.grid, &other.grid)
            && self.mesh == other.mesh
            && self.navigation == other.navigation
    }
}

/// A bake under way.
enum Stage {
    /// The worker builds the regions' polygons.
    Geometry(Receiver<Result<Vec<MeshData>, String>>),
    /// The main thread fills the navigation meshes, frame by frame.
    MeshFill(MeshFill),
}

/// The navigation component: the baked key, the regions' nodes and the bake under way.
#[derive(Default)]
pub struct Navigation {
    baked: Option<NavKey>,
    wanted: Option<NavKey>,
    stage: Option<Stage>,
    started: Option<Instant>,
    root: Option<Gd<Node3D>>,
    regions: Vec<Gd<NavigationRegion3D>>,
    roads: Vec<Gd<NavigationRegion3D>>,
    /// Wall time of the last finished bake, both stages.
    pub last_bake: Duration,
}

impl Navigation {
    /// Whether a bake is under way.
    pub fn is_baking(&self) -> bool {
        self.stage.is_some()
    }

    /// The regions shown: the ground's, then the roads'.
    pub fn regions(&self) -> impl Iterator<Item = &Gd<NavigationRegion3D>> {
        self.regions.iter().chain(&self.roads)
    }

    /// Follows `wanted` (`None`: navigation off or nothing shown): removes the regions, keeps
    /// them, or starts a bake.
    pub fn update(&mut self, wanted: Option<NavKey>) {
        let Some(key) = wanted else {
            self.remove();
            return;
        };
        let current = self.wanted.as_ref().or(self.baked.as_ref());
        if current == Some(&key) {
            return;
        }
        self.stage = Some(Stage::Geometry(start_geometry(&key)));
        self.started = Some(Instant::now());
        self.wanted = Some(key);
    }

    /// The navigation meshes shown with their kind and travel cost: the ground's, then the
    /// roads'.
    pub fn meshes(&self) -> Vec<(Kind, Gd<NavigationMesh>, f32)> {
        let of = |kind: Kind, regions: &[Gd<NavigationRegion3D>]| {
            (regions.iter())
                .filter_map(|r| Some((kind, r.get_navigation_mesh()?, r.get_travel_cost())))
                .collect::<Vec<_>>()
        };
        let mut out = of(Kind::Ground, &self.regions);
        out.extend(of(Kind::Road, &self.roads));
        out
    }

    /// Shows the navigation meshes of a bake (kind, mesh, travel cost) instead of baking; none
    /// removes the regions.
    pub fn show_baked(
        &mut self,
        parent: &mut Gd<Node>,
        meshes: Vec<(Kind, Gd<NavigationMesh>, f32)>,
    ) {
        if meshes.is_empty() {
            self.remove();
            return;
        }
        (self.stage, self.wanted, self.baked) = (None, None, None);
        let road_cost = (meshes.iter())
            .find(|(kind, _, _)| *kind == Kind::Road)
            .map_or(1.0, |(_, _, cost)| *cost);
        let meshes = (meshes.into_iter()).map(|(kind, mesh, _)| (kind, mesh));
        self.show(parent, meshes.collect(), road_cost);
    }

    /// Removes the regions and forgets any bake under way.
    pub fn remove(&mut self) {
        self.stage = None;
        self.wanted = None;
        self.baked = None;
        self.regions.clear();
        self.roads.clear();
        children::remove(&mut self.root);
    }

    /// Moves the bake under way on; returns `Ok(true)` when it finished and the regions show it.
    pub fn poll(&mut self, parent: &mut Gd<Node>) -> Result<bool, String> {
        match self.stage.take() {
            None => Ok(false),
            Some(Stage::Geometry(receiver)) => match receiver.try_recv() {
                Err(TryRecvError::Empty) => {
                    self.stage = Some(Stage::Geometry(receiver));
                    Ok(false)
                }
                Err(TryRecvError::Disconnected) => {
                    self.wanted = None;
                    Err("the navigation worker stopped without a result".to_owned())
                }
                Ok(Err(e)) => {
                    self.wanted = None;
                    Err(e)
                }
                Ok(Ok(data)) => {
                    self.stage = Some(Stage::MeshFill(MeshFill::new(data)));
                    self.poll(parent)
                }
            },
            Some(Stage::MeshFill(mut handover)) => {
                let nav = (self.wanted.as_ref())
                    .map(|k| k.navigation)
                    .unwrap_or_default();
                let Some(meshes) = handover.step(&nav) else {
                    self.stage = Some(Stage::MeshFill(handover));
                    return Ok(false);
                };
                self.show(parent, meshes, nav.road_cost);
                self.baked = self.wanted.take();
                self.last_bake = self.started.map(|s| s.elapsed()).unwrap_or_default();
                Ok(true)
            }
        }
    }

    /// Gives the regions their new navigation meshes (one region per mesh, created under a
    /// `Navigation` node on first use; regions left over are freed): the ground's at travel cost
    /// 1, the roads' at `road_cost`.
    fn show(
        &mut self,
        parent: &mut Gd<Node>,
        meshes: Vec<(Kind, Gd<NavigationMesh>)>,
        road_cost: f32,
    ) {
        let root = self.root.get_or_insert_with(|| {
            let mut n = Node3D::new_alloc();
            n.set_name("Navigation");
            children::add_internal(parent, &n);
            n
        });
        let of = |kind: Kind| {
            meshes
                .iter()
                .filter(move |(k, _)| *k == kind)
                .map(|(_, m)| m)
        };
        fill(root, &mut self.regions, of(Kind::Ground), "Region", 1.0);
        fill(root, &mut self.roads, of(Kind::Road), "Road", road_cost);
    }
}

/// Gives `regions` the navigation meshes `meshes` at travel cost `cost`, one each: regions are
/// created under `root` as `{name}{i}` when missing, and those left over are freed.
fn fill<'a>(
    root: &mut Gd<Node3D>,
    regions: &mut Vec<Gd<NavigationRegion3D>>,
    meshes: impl Iterator<Item = &'a Gd<NavigationMesh>>,
    name: &str,
    cost: f32,
) {
    let mut count = 0;
    for (i, mesh) in meshes.enumerate() {
        if i == regions.len() {
            let mut region = NavigationRegion3D::new_alloc();
            region.set_name(format!("{name}{i}").as_str());
            // The regions share their vertices along the chunk lines: Godot's edge connections,
            // which compare every free edge of the map with every other, are not needed.
            region.set_use_edge_connections(false);
            root.add_child(&region);
            regions.push(region);
        }
        // Setting the same mesh again would have the navigation map rebuild the region.
        if regions[i].get_navigation_mesh().as_ref() != Some(mesh) {
            regions[i].set_navigation_mesh(mesh);
        }
        regions[i].set_travel_cost(cost);
        count = i + 1;
    }
    while regions.len() > count {
        let mut region = regions.pop().map(|r| r.upcast::<Node>());
        children::remove(&mut region);
    }
}

/// Starts the worker that builds the regions' polygons (on the calling thread where no thread
/// can start).
fn start_geometry(key: &NavKey) -> Receiver<Result<Vec<MeshData>, String>> {
    let (sender, receiver) = mpsc::channel();
    let (grid, mesh, nav) = (key.grid.clone(), key.mesh, key.navigation);
    let work = move || {
        // The receiver is gone when the bake was superseded: nothing to do.
        let _ = sender.send(meshes(&grid, &mesh, &nav));
    };
    let spawned = std::thread::Builder::new()
        .name("donjourno-navigation".into())
        .spawn({
            let work = work.clone();
            move || {
                crate::background::lower_this_thread();
                work()
            }
        });
    if spawned.is_err() {
        work();
    }
    receiver
}

impl DonjournoTerrain {
    /// Starts, keeps or removes the navigation mesh for what is shown and the current settings
    /// (settings that do not validate keep what there is: the rebuild reports them).
    pub(in crate::terrain) fn update_navigation(&mut self) {
        let names: Vec<&str> = donjourno::params::terrain_entries()
            .iter()
            .map(|p| p.name())
            .collect();
        let Ok(settings) = self.store.checked_mesh(&names) else {
            return;
        };
        if let Some(baked) = self.baked_mesh.clone() {
            // A baked terrain shows the navigation meshes baked with it.
            let meshes = match settings.navigation.enabled {
                true => crate::terrain::api::bake::towns::baked_navigation(&baked),
                false => Vec::new(),
            };
            self.with_parent(|t| &mut t.navigation, |n, p| n.show_baked(p, meshes));
            self.update_process();
            return;
        }
        let wanted = (self.shown.as_ref())
            .filter(|_| settings.navigation.enabled)
            .map(|shown| NavKey {
                grid: shown.grid.clone(),
                mesh: shown.inputs.mesh_params,
                navigation: settings.navigation,
            });
        self.navigation.update(wanted);
        self.update_process();
    }

    /// Moves a navigation bake on (from `process`); emits [signal navigation_baked] at its end.
    pub(in crate::terrain) fn poll_navigation(&mut self) {
        let result = self.with_parent(|t| &mut t.navigation, |n, parent| n.poll(parent));
        match result {
            Ok(true) => self.signals().navigation_baked().emit(),
            Ok(false) => {}
            Err(e) => godot_error!("DonjournoTerrain: navigation not baked: {e}"),
        }
        self.update_process();
    }
}
