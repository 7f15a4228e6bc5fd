//! The stream target: the node whose position decides which chunks of a chunked map have
//! collision ([member DonjournoTerrain.stream_target], else the viewport's current camera), and
//! the per-frame work that follows it.

use crate::terrain::{show::ranges, DonjournoTerrain};
use donjourno::outputs::mesh::lod_select::{orthogonal_depth, orthogonal_eye, orthogonal_shift};
use donjourno::params::CollisionParams;
use godot::classes::camera_3d::ProjectionType;
use godot::classes::Node3D;
use godot::prelude::*;

impl DonjournoTerrain {
    /// The node at [member stream_target], if it is a [Node3D] in the tree.
    fn stream_target_node(&self) -> Option<Gd<Node3D>> {
        let base = self.base();
        if !base.is_inside_tree() {
            return None;
        }
        let node = (base.get_node_or_null(&self.stream_target)?)
            .try_cast::<Node3D>()
            .ok()?;
        node.is_inside_tree().then_some(node)
    }

    /// The stream target's position in map coordinates (the node's local x and z); for the
    /// current camera, the eye its view is measured from ([`Self::camera_local`]: for an
    /// orthographic camera, a perspective eye near what it shows rather than where it stands).
    pub(in crate::terrain) fn stream_target_position(&self) -> Option<(f32, f32)> {
        if self.stream_target.is_empty() {
            return self.camera_local().map(|eye| (eye[0], eye[2]));
        }
        let target = self.stream_target_node()?.get_global_position();
        let local = self.base().get_global_transform().affine_inverse() * target;
        Some((local.x, local.z))
    }

    /// The current camera's position in map coordinates (the node's local frame), for the
    /// levels of detail and near trees the terrain chooses itself: for an orthographic camera, the
    /// eye of a perspective view that shows as much ([`orthogonal_eye`]).
    pub(in crate::terrain) fn camera_local(&self) -> Option<[f32; 3]> {
        self.camera_eye().map(|(eye, _, _)| eye)
    }

    /// [`Self::camera_local`], how far the camera itself stands behind it ([`orthogonal_shift`];
    /// 0 for a perspective camera) and how far it stands from the ground it looks at
    /// ([`orthogonal_depth`]; 0 for a perspective camera).
    fn camera_eye(&self) -> Option<([f32; 3], f32, f32)> {
        let base = self.base();
        if !base.is_inside_tree() {
            return None;
        }
        let camera = base.get_viewport()?.get_camera_3d()?;
        let inverse = base.get_global_transform().affine_inverse();
        let eye = inverse * camera.get_global_position();
        if camera.get_projection() != ProjectionType::ORTHOGONAL {
            return Some(([eye.x, eye.y, eye.z], 0.0, 0.0));
        }
        let forward = (inverse.basis * -camera.get_global_transform().basis.col_c()).normalized();
        let (eye, forward) = (eye.to_array(), forward.to_array());
        let size = camera.get_size();
        Some((
            orthogonal_eye(eye, forward, size, 0.0),
            orthogonal_shift(eye, forward, size, 0.0),
            orthogonal_depth(size),
        ))
    }

    /// Moves the visibility ranges of the chunks, water, trees, scatter and tiles out by how far
    /// an orthographic camera stands behind its view ([`ranges`]), in steps of
    /// [`ranges::SHIFT_STEP`] of the view's depth, and back for a perspective one.
    pub(in crate::terrain) fn follow_range_shift(&mut self) {
        let (shift, depth) = self.camera_eye().map_or((0.0, 0.0), |(_, s, d)| (s, d));
        if shift == 0.0 && self.range_shift == 0.0 {
            return;
        }
        self.range_shift = shift;
        let tolerance = ranges::SHIFT_STEP * depth;
        let holders = self.base().get_children_ex().include_internal(true).done();
        for mut holder in holders.iter_shared() {
            ranges::set_shift(&mut holder, shift, tolerance);
        }
    }

    /// Once a rebuild's nodes are made, moves what follows the camera on a map whose chunks hold
    /// one level each: the chunks' levels with their water, and the chunks' full trees.
    pub(in crate::terrain) fn follow_camera(&mut self) {
        if self.is_filling() {
            return;
        }
        if self.chunks.streams_levels() {
            let camera = self.camera_local();
            self.chunks.stream_levels(camera, &mut self.water);
        }
        if self.trees.streams_near() {
            let camera = self.camera_local().map(|eye| (eye[0], eye[2]));
            self.trees.stream_near(camera);
        }
    }

    /// Adds and removes chunk collision shapes around the stream target (a chunked map only).
    pub(in crate::terrain) fn stream_collision(&mut self) {
        if !self.collision.is_streaming() {
            return;
        }
        let target = self.stream_target_position();
        let radius = match self.store.float("collision_radius") {
            r if r > 0.0 => r,
            _ => CollisionParams::default().radius,
        };
        self.collision.stream(target, radius);
    }

    /// Keeps `process` on while there is per-frame work: a background rebuild, a replaced
    /// surface's streams to release, chunk meshes, water or trees still to turn into nodes, chunk
    /// collision following the stream target, a navigation bake, an endless world's tiles, or a
    /// map in chunks, whose levels and ranges follow the camera.
    pub(in crate::terrain) fn update_process(&mut self) {
        let busy = self.rebuilds.job.is_some()
            || self.rebuilds.staging.is_some()
            || self.is_releasing()
            || self.is_filling()
            || self.collision.is_streaming()
            || self.navigation.is_baking()
            || self.endless.is_active()
            || self.chunks.count() > 0;
        self.base_mut().set_process(busy);
    }
}
