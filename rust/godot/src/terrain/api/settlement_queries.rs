//! Queries about the settlements shown, in global coordinates: the settlements, the road
//! polylines, whether a point is on a road, the way along the roads between two points, and the
//! nodes that draw them.

use crate::convert::put;
use crate::terrain::DonjournoTerrain;
use donjourno::outputs::point::Probe;
use donjourno::stages::settlements;
use godot::classes::MeshInstance3D;
use godot::prelude::*;

#[godot_api(secondary)]
impl DonjournoTerrain {
    /// The settlements of the terrain shown, largest first: per settlement a Dictionary with
    /// `id` (its rank, 0 the largest), `name`, `tier` (0 village, 1 town, 2 city), `tier_name`,
    /// `population`, `position` (its centre on the levelled ground, in the terrain's local
    /// space), `global_position` and `radius` (of its levelled site, world units). Empty when
    /// [member DonjournoGenerator.settlements_enabled] is off or nothing is shown.
    #[func]
    pub fn get_settlements(&self) -> Array<VarDictionary> {
        let Some(shown) = self.shown.as_ref() else {
            return Array::new();
        };
        let cell = shown.inputs.mesh_params.cell_size;
        let transform = self.node_transform();
        shown
            .grid
            .settlements()
            .iter()
            .map(|s| {
                let (lx, lz) = (s.position[0] * cell, s.position[1] * cell);
                let ly = self.surface_local(lx, lz).unwrap_or(0.0);
                let local = Vector3::new(lx, ly, lz);
                let mut d = VarDictionary::new();
                put(&mut d, "id", s.id as i64);
                put(&mut d, "name", GString::from(s.name.as_str()));
                put(&mut d, "tier", s.tier as i64);
                put(&mut d, "tier_name", GString::from(s.tier.name()));
                put(&mut d, "population", i64::from(s.population));
                put(&mut d, "position", local);
                put(&mut d, "global_position", transform * local);
                put(&mut d, "radius", s.radius * cell);
                d
            })
            .collect()
    }

    /// The roads between the settlements shown, as polylines on the surface in the terrain's
    /// local space. On a bridge, and where water shows under a point of the road (a bridge's
    /// approach over the river's margin, a causeway), a point lies on the deck as it is drawn and
    /// walked: the height of the road ribbon's deck there. Empty when there are none.
    #[func]
    pub fn get_roads(&self) -> Array<PackedVector3Array> {
        let Some(shown) = self.shown.as_ref() else {
            return Array::new();
        };
        let (cell, scale) = (
            shown.inputs.mesh_params.cell_size,
            shown.inputs.mesh_params.height_scale,
        );
        let probe = Probe::new(&shown.grid, &shown.inputs.mesh_params).with_decks(&shown.decks);
        shown
            .grid
            .roads()
            .iter()
            .map(|road| {
                road.points
                    .iter()
                    .zip(&road.heights)
                    .zip(&road.bridge)
                    .map(|((p, h), bridge)| {
                        let (lx, lz) = (p[0] * cell, p[1] * cell);
                        let ground = self.surface_local(lx, lz).unwrap_or(h * scale);
                        let at = probe.at(lx, lz);
                        let ly = match (at.deck, *bridge || at.is_water()) {
                            (Some(deck), true) => deck,
                            (None, true) if *bridge => (h * scale).max(ground),
                            _ => ground,
                        };
                        Vector3::new(lx, ly, lz)
                    })
                    .collect()
            })
            .collect()
    }

    /// Whether a road covers the global point `(x, z)`: its bed or bridge cell lies under the
    /// point, or a bridge's deck, as it is drawn, over it (there [method is_water_at] may be
    /// `true`: the deck stands above the water, and agents cross it). `false` off the terrain, for
    /// a NaN or infinite coordinate, before the first rebuild, on a baked terrain and when the
    /// map has no roads.
    #[func]
    pub fn is_road_at(&self, x: f32, z: f32) -> bool {
        self.point_at(x, z).road
    }

    /// The way along the road network between the road points nearest the global positions
    /// `from` and `to`, as global points on the surface; empty when no road joins them (or there
    /// are no roads).
    #[func]
    pub fn get_road_path(&self, from: Vector3, to: Vector3) -> PackedVector3Array {
        let Some(shown) = self.shown.as_ref() else {
            return PackedVector3Array::new();
        };
        let cell = shown.inputs.mesh_params.cell_size;
        let to_cells = |p: Vector3| {
            let (lx, lz) = self.local_xz(p.x, p.z);
            [lx / cell, lz / cell]
        };
        let transform = self.node_transform();
        settlements::road_path(&shown.grid, to_cells(from), to_cells(to))
            .iter()
            .map(|[x, z]| {
                let (lx, lz) = (x * cell, z * cell);
                let ly = self.surface_local(lx, lz).unwrap_or(0.0);
                transform * Vector3::new(lx, ly, lz)
            })
            .collect()
    }

    /// The roads' [MeshInstance3D] (an internal child: roads, streets and bridges), or `null`
    /// when the terrain shown has none.
    #[func]
    pub fn get_roads_instance(&self) -> Option<Gd<MeshInstance3D>> {
        self.settlements.roads_node()
    }

    /// The buildings' [MeshInstance3D] (an internal child: surface 0 the walls, surface 1 the
    /// roofs), or `null` when the terrain shown has none.
    #[func]
    pub fn get_buildings_instance(&self) -> Option<Gd<MeshInstance3D>> {
        self.settlements.buildings_node()
    }
}
