//! Visibility ranges under an orthographic camera. Godot measures a visibility range from the
//! camera's position, and an orthographic camera usually stands far back (its distance only
//! clips), so chunk levels, water and trees would switch as if the view were far away: a zoomed-in
//! isometric view would show no trees at all. The terrain moves every range out by how far the
//! camera stands behind the eye a perspective view of the same size would have
//! ([`donjourno::outputs::mesh::lod_select::orthogonal_shift`]).
//!
//! Each internal node that holds ranged instances (the chunks, water, trees, scatter and endless
//! tiles) carries the shift applied to what it holds as metadata; [`add_ranged`] gives a new
//! instance its holder's shift, and [`set_shift`] moves a holder's instances when it changes.

use donjourno::outputs::mesh::lod_select::shift_range;
use godot::classes::{GeometryInstance3D, Mesh, MeshInstance3D, Node};
use godot::prelude::*;

/// Metadata of a node holding ranged instances: the distance their ranges are moved out by.
const SHIFT_META: &str = "_donjourno_range_shift";
/// Metadata of a ranged instance once moved: the range it was given (`Vector2`: begin, end).
const BASE_META: &str = "_donjourno_range";

/// Share of the view's depth ([`donjourno::outputs::mesh::lod_select::orthogonal_depth`]) by which the
/// wanted shift must differ from the one applied before the ranges move, so a zooming camera
/// moves them in steps.
pub const SHIFT_STEP: f32 = 0.02;

/// The shift applied to what `holder` holds (0 when none was).
pub fn shift_of(holder: &Gd<impl Inherits<Node>>) -> f32 {
    let node = holder.clone().upcast::<Node>();
    if !node.has_meta(SHIFT_META) {
        return 0.0;
    }
    node.get_meta(SHIFT_META).try_to::<f32>().unwrap_or(0.0)
}

/// Adds `child` (an instance with a visibility range, or a node holding some) under `holder`,
/// its ranges moved out by the holder's shift.
pub fn add_ranged(holder: &mut Gd<impl Inherits<Node>>, child: &Gd<impl Inherits<Node>>) {
    let shift = shift_of(holder);
    let mut child = child.clone().upcast::<Node>();
    if shift != 0.0 {
        move_ranges(&mut child, shift);
    }
    holder.clone().upcast::<Node>().add_child(&child);
}

/// Moves the ranges of every instance under `holder` out by `shift` instead of the shift they
/// have, when the two differ by more than `tolerance` (always when `shift` is 0).
pub fn set_shift(holder: &mut Gd<impl Inherits<Node>>, shift: f32, tolerance: f32) {
    let old = shift_of(holder);
    if old == shift || (shift != 0.0 && (shift - old).abs() <= tolerance) {
        return;
    }
    let mut node = holder.clone().upcast::<Node>();
    for mut child in node.get_children().iter_shared() {
        move_ranges(&mut child, shift);
    }
    node.set_meta(SHIFT_META, &shift.to_variant());
}

/// The range `instance` was given, before any shift.
pub fn base_range(instance: &Gd<impl Inherits<GeometryInstance3D>>) -> (f32, f32) {
    let instance = instance.clone().upcast::<GeometryInstance3D>();
    if instance.has_meta(BASE_META) {
        if let Ok(base) = instance.get_meta(BASE_META).try_to::<Vector2>() {
            return (base.x, base.y);
        }
    }
    (
        instance.get_visibility_range_begin(),
        instance.get_visibility_range_end(),
    )
}

/// What an instance shows, as a bake stores it: its name, its mesh (`None` without one) and the
/// range it was given ([`base_range`]).
pub fn shown_level(instance: &Gd<MeshInstance3D>) -> Option<(String, Gd<Mesh>, (f32, f32))> {
    let mesh = instance.get_mesh()?;
    Some((instance.get_name().to_string(), mesh, base_range(instance)))
}

/// Moves the ranges of `node` (an instance) or of the instances under it to their base range
/// ([`base_range`]) moved out by `shift`; a node holding instances records `shift` as its own.
fn move_ranges(node: &mut Gd<Node>, shift: f32) {
    match node.clone().try_cast::<GeometryInstance3D>() {
        Ok(mut instance) => {
            let base = base_range(&instance);
            instance.set_meta(BASE_META, &Vector2::new(base.0, base.1).to_variant());
            let (begin, end) = shift_range(base, shift);
            instance.set_visibility_range_begin(begin);
            instance.set_visibility_range_end(end);
        }
        Err(_) => {
            for mut child in node.get_children().iter_shared() {
                move_ranges(&mut child, shift);
            }
            node.set_meta(SHIFT_META, &shift.to_variant());
        }
    }
}
