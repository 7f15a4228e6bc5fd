//! The stream target: the node whose position decides which chunks of a chunked map have
//! collision ([member DonjournoTerrain.stream_target], else the viewport's current camera), and
//! the per-frame work that follows it.

use super::DonjournoTerrain;
use donjourno::mesh::lod_select::orthogonal_eye;
use donjourno::mesh::MeshParams;
use godot::classes::camera_3d::ProjectionType;
use godot::classes::Node3D;
use godot::prelude::*;

#[godot_api(secondary)]
impl DonjournoTerrain {
    /// The collision shapes of chunks under the collision body: 0 for a map in one chunk (its
    /// one shape is the body's `Shape` child), else the chunks near the stream target.
    #[func]
    pub fn get_collision_chunk_count(&self) -> i64 {
        self.collision.chunk_count() as i64
    }
}

impl DonjournoTerrain {
    /// The stream target: the node at [member stream_target] if it is a [Node3D] in the tree,
    /// else (an empty path) the viewport's current camera.
    fn stream_target_node(&self) -> Option<Gd<Node3D>> {
        let base = self.base();
        if !base.is_inside_tree() {
            return None;
        }
        let node = if self.stream_target.is_empty() {
            base.get_viewport()?.get_camera_3d()?.upcast()
        } else {
            base.get_node_or_null(&self.stream_target)?
                .try_cast::<Node3D>()
                .ok()?
        };
        node.is_inside_tree().then_some(node)
    }

    /// The stream target's position in map coordinates (the node's local x and z).
    pub(super) fn stream_target_position(&self) -> Option<(f32, f32)> {
        let target = self.stream_target_node()?.get_global_position();
        let local = self.base().get_global_transform().affine_inverse() * target;
        Some((local.x, local.z))
    }

    /// The current camera's position in map coordinates (the node's local x and z), where
    /// Godot measures visibility ranges from.
    pub(super) fn camera_position(&self) -> Option<(f32, f32)> {
        let base = self.base();
        if !base.is_inside_tree() {
            return None;
        }
        let camera = base.get_viewport()?.get_camera_3d()?;
        let eye = base.get_global_transform().affine_inverse() * camera.get_global_position();
        Some((eye.x, eye.z))
    }

    /// The current camera's position in map coordinates (the node's local frame), for the
    /// levels of detail the terrain chooses itself.
    pub(super) fn camera_local(&self) -> Option<[f32; 3]> {
        let base = self.base();
        if !base.is_inside_tree() {
            return None;
        }
        let camera = base.get_viewport()?.get_camera_3d()?;
        let inverse = base.get_global_transform().affine_inverse();
        let eye = inverse * camera.get_global_position();
        if camera.get_projection() != ProjectionType::ORTHOGONAL {
            return Some([eye.x, eye.y, eye.z]);
        }
        let forward = (inverse.basis * -camera.get_global_transform().basis.col_c()).normalized();
        let size = camera.get_size();
        Some(orthogonal_eye(
            eye.to_array(),
            forward.to_array(),
            size,
            0.0,
        ))
    }

    /// Once a rebuild's nodes are made, moves what follows the camera on a map whose chunks hold
    /// one level each: the chunks' levels with their water, and the chunks' full trees.
    pub(super) fn follow_camera(&mut self) {
        if self.is_filling() {
            return;
        }
        if self.chunks.streams_levels() {
            let camera = self.camera_local();
            self.chunks.stream_levels(camera, &mut self.water);
        }
        if self.trees.streams_near() {
            let camera = self.camera_position();
            self.trees.stream_near(camera);
        }
    }

    /// Adds and removes chunk collision shapes around the stream target (a chunked map only).
    pub(super) fn stream_collision(&mut self) {
        if !self.collision.is_streaming() {
            return;
        }
        let target = self.stream_target_position();
        let radius = match self.store.float("collision_radius") {
            r if r > 0.0 => r,
            _ => MeshParams::default().collision_radius,
        };
        self.collision.stream(target, radius);
    }

    /// Keeps `process` on while there is per-frame work: a background rebuild, a replaced
    /// surface's streams to release, chunk meshes, water or trees still to turn into nodes, chunk collision following the stream target, a navigation
    /// bake, or an endless world's tiles.
    pub(super) fn update_process(&mut self) {
        let busy = self.rebuilds.job.is_some()
            || self.rebuilds.staging.is_some()
            || self.is_releasing()
            || self.is_filling()
            || self.collision.is_streaming()
            || self.navigation.is_baking()
            || self.endless.is_active()
            || self.chunks.streams_levels();
        self.base_mut().set_process(busy);
    }
}
