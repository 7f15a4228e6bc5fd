//! What a bake keeps of the settlements and the navigation: the roads' and buildings' meshes, and
//! the navigation regions' meshes with their travel costs, as metadata of the baked mesh; shown
//! again with it, so a baked town keeps its streets, houses and walkable ground (see
//! [method DonjournoTerrain.bake_mesh]).

use crate::terrain::api::bake::meta;
use crate::terrain::components::navigation::bake::Kind;
use crate::terrain::DonjournoTerrain;
use godot::classes::{ArrayMesh, Mesh, MeshInstance3D, NavigationMesh};
use godot::prelude::*;

/// Metadata of a baked mesh: the roads' mesh (ribbons and bridges).
const META_ROADS: &str = "donjourno_roads";
/// Metadata of a baked mesh: the buildings' mesh (surfaces `walls` and `roofs`).
const META_BUILDINGS: &str = "donjourno_buildings";
/// Metadata of a baked mesh: the navigation regions, an `Array` of `Dictionary`
/// `{ "mesh": NavigationMesh, "road": bool, "cost": float }` (ground regions first).
const META_NAVIGATION: &str = "donjourno_navigation";

/// The navigation meshes baked into a mesh: `(kind, mesh, travel cost)`, empty when none were.
pub fn baked_navigation(mesh: &Gd<Mesh>) -> Vec<(Kind, Gd<NavigationMesh>, f32)> {
    let entries = meta(mesh, META_NAVIGATION).try_to::<VarArray>();
    (entries.unwrap_or_default().iter_shared())
        .filter_map(|e| {
            let d = e.try_to::<VarDictionary>().ok()?;
            let mesh = d.get("mesh")?.try_to::<Gd<NavigationMesh>>().ok()?;
            let road = d.get("road")?.try_to::<bool>().ok()?;
            let cost = d.get("cost")?.try_to::<f32>().ok()?;
            Some((if road { Kind::Road } else { Kind::Ground }, mesh, cost))
        })
        .collect()
}

/// A mesh entry of a baked mesh's metadata, if it holds one.
fn baked_part(mesh: &Gd<Mesh>, name: &str) -> Option<Gd<Mesh>> {
    meta(mesh, name).try_to::<Gd<Mesh>>().ok()
}

impl DonjournoTerrain {
    /// Writes the roads' and buildings' meshes and the navigation regions shown into the
    /// metadata of `copy`.
    pub(in crate::terrain) fn put_towns(&self, copy: &mut Gd<ArrayMesh>) {
        let mesh_of = |n: Option<Gd<MeshInstance3D>>| n.and_then(|n| n.get_mesh());
        if let Some(roads) = mesh_of(self.settlements.roads_node()) {
            copy.set_meta(META_ROADS, &roads.to_variant());
        }
        if let Some(buildings) = mesh_of(self.settlements.buildings_node()) {
            copy.set_meta(META_BUILDINGS, &buildings.to_variant());
        }
        let regions: VarArray = (self.navigation.meshes().into_iter())
            .map(|(kind, mesh, cost)| {
                let mut d = VarDictionary::new();
                d.set("mesh", &mesh.to_variant());
                d.set("road", kind == Kind::Road);
                d.set("cost", cost);
                d.to_variant()
            })
            .collect();
        if !regions.is_empty() {
            copy.set_meta(META_NAVIGATION, &regions.to_variant());
        }
    }

    /// Shows the roads and buildings baked into `baked` (the navigation follows the settings:
    /// [method update_navigation]).
    pub(in crate::terrain) fn show_baked_towns(&mut self, baked: &Gd<Mesh>) {
        let roads = baked_part(baked, META_ROADS);
        let buildings = baked_part(baked, META_BUILDINGS);
        let storey = self.storey_height();
        self.with_parent(
            |t| &mut t.settlements,
            |v, parent| v.show_meshes(parent, roads, buildings, storey),
        );
    }
}
