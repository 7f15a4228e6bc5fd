//! The look of an endless world's tiles after a setting changed: their water shown or hidden
//! and drawn with the water material.

use godot::classes::MeshInstance3D;

impl crate::terrain::DonjournoTerrain {
    /// Applies [member water_visible] and the water material to the tiles' water.
    pub(in crate::terrain) fn restyle_tile_water(&mut self) {
        let material = self.water.active_material();
        let visible = self.water.visible;
        for shown in self.endless.tiles.values() {
            for child in shown.node.get_children().iter_shared() {
                if let Ok(mut water) = child.try_cast::<MeshInstance3D>() {
                    if water.get_name().to_string().starts_with("Water") {
                        water.set_visible(visible);
                        if let Some(mut mesh) = water.get_mesh() {
                            mesh.surface_set_material(0, &material);
                        }
                    }
                }
            }
        }
    }
}
