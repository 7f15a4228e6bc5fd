//! The nodes of an endless world's tiles: each tile a `Tile_x_z` [Node3D] under the terrain's
//! internal `Tiles` node, holding its chunks' levels of detail (switched by visibility ranges
//! like a bounded map's chunks), its water, trees and scatter, turned into nodes a share per
//! frame ([`TILE_BYTES_PER_FRAME`]); and a collision body per tile within
//! [member DonjournoTerrain.collision_radius] of the stream target.

use crate::terrain::build::{Built, Generated};
use crate::terrain::components::chunks::CHUNK_VERTICES_PER_FRAME;
use crate::terrain::components::trees::chunk_tree_nodes;
use crate::terrain::components::water_view::WaterPiece;
use crate::terrain::show::ranges;
use crate::terrain::show::surface_queue::{FrameBudget, SURFACE_VERTEX_BYTES};
use crate::terrain::show::upload::Streams;
use crate::terrain::stream::endless::ShownTile;
use crate::terrain::{show::children, show::upload, DonjournoTerrain};
use donjourno::outputs::godot_surface::SurfaceData;
use donjourno::outputs::mesh::chunks::lod_range;
use donjourno::outputs::mesh::streaming::keep_radius;
use donjourno::params::{CollisionParams, MeshParams};
use donjourno::stages::scatter::Species;
use donjourno::world::TileCoord;
use godot::classes::{ArrayMesh, CollisionShape3D, HeightMapShape3D, Node, Node3D, StaticBody3D};
use godot::prelude::*;
use std::collections::VecDeque;
use std::sync::Arc;

/// Bytes of tile meshes and instance buffers turned into nodes per frame, at most (and at most
/// [`crate::terrain::show::surface_queue::FILL_TIME_PER_FRAME`]), as for a bounded map's chunks: a
/// mesh larger than that is copied over several frames, and a plant piece always goes whole.
pub const TILE_BYTES_PER_FRAME: usize = CHUNK_VERTICES_PER_FRAME * SURFACE_VERTEX_BYTES;

/// Where a tile's chunk level or water piece goes once copied into Godot's arrays.
pub struct TileSurface {
    /// The node's name.
    name: String,
    /// Visibility range (begin, end; 0 = no end).
    range: (f32, f32),
    /// Whether it is water (else ground).
    water: bool,
}

/// A part of a tile still to become a node.
pub enum TilePart {
    /// One level of one chunk, drawn between the camera distances `range`.
    Level {
        /// The node's name.
        name: String,
        /// The mesh.
        surface: SurfaceData,
        /// Visibility range (begin, end; 0 = no end).
        range: (f32, f32),
    },
    /// A piece of the water surface: one level of one chunk's water.
    Water(WaterPiece),
    /// The trees of one chunk.
    Trees(usize, Vec<f32>),
    /// The scatter of one chunk: the tile's scatter, the chunk and its floats.
    Scatter(crate::terrain::components::scatter::Chunking, usize, usize),
}

impl TilePart {
    /// Roughly the bytes handed to Godot.
    fn bytes(&self) -> usize {
        match self {
            TilePart::Level { surface, .. } | TilePart::Water(WaterPiece { surface, .. }) => {
                surface.vertex.len() + surface.attribute.len()
            }
            TilePart::Trees(_, b) => b.len() * 4,
            TilePart::Scatter(_, _, floats) => floats * 4,
        }
    }
}

impl DonjournoTerrain {
    /// Shows a finished tile: its node now, its pieces over the next frames.
    fn show_tile(&mut self, coord: TileCoord, build: Built) {
        let Built {
            generated: Generated::Tile(tile),
            chunks,
            features,
            ..
        } = build
        else {
            godot_error!("DonjournoTerrain: internal error: tile {coord:?} built as a map");
            return;
        };
        let (heights, scatter) = match (features.heights, features.scatter_chunks) {
            (Some(Ok(heights)), Some(scatter)) => (heights, scatter),
            (Some(Err(e)), _) => {
                godot_error!("DonjournoTerrain: tile {coord:?} not shown: {e}");
                return;
            }
            _ => {
                godot_error!("DonjournoTerrain: internal error: tile {coord:?} built without its heights or scatter");
                return;
            }
        };
        let mut parent = self.base().clone().upcast::<Node>();
        let holder = self.endless.holder.get_or_insert_with(|| {
            let mut n = Node3D::new_alloc();
            n.set_name("Tiles");
            children::add_internal(&mut parent, &n);
            n
        });
        let mut node = Node3D::new_alloc();
        node.set_name(&format!("Tile_{}_{}", coord.x, coord.z));
        ranges::add_ranged(holder, &node);
        let at = self.endless.tile_position(coord);
        node.set_position(at);
        let lod = self.endless.params().map_or(0.0, |(_, m)| m.lod_distance);
        let pending = &mut self.endless.pending;
        for (chunk, levels) in chunks.meshes {
            let count = levels.len() as u32;
            for (level, surface) in levels.into_iter().enumerate() {
                let level = level as u32;
                // The camera's distance is to the node, so ranges hold across tiles.
                let name = format!("Chunk_{}_{}_L{level}", chunk.column, chunk.row);
                let range = lod_range(level, count, lod);
                pending.push_back((
                    coord,
                    TilePart::Level {
                        name,
                        surface,
                        range,
                    },
                ));
            }
        }
        pending.extend(
            features
                .water
                .into_iter()
                .map(|w| (coord, TilePart::Water(w))),
        );
        let trees = Arc::new(features.trees);
        queue_plants(pending, coord, &trees, &scatter);
        let shown = ShownTile {
            node,
            tile,
            heights,
            body: None,
            trees,
            scatter,
        };
        self.endless.tiles.insert(coord, shown);
    }

    /// Shows the tiles' trees and scatter again after a change of [member trees_enabled],
    /// [member tree_mesh] or [member scatter_meshes]: their nodes go, and come back over the
    /// next frames.
    pub(in crate::terrain) fn restyle_tile_plants(&mut self) {
        let endless = &mut self.endless;
        endless
            .pending
            .retain(|(_, p)| !matches!(p, TilePart::Trees(..) | TilePart::Scatter(..)));
        for (&coord, shown) in &endless.tiles {
            for mut child in shown.node.get_children().iter_shared() {
                let name = child.get_name().to_string();
                if name.starts_with("Trees_") || name.starts_with("Scatter_") {
                    shown.node.clone().remove_child(&child);
                    child.queue_free();
                }
            }
            queue_plants(&mut endless.pending, coord, &shown.trees, &shown.scatter);
        }
        self.update_process();
    }

    /// Drops a tile: its node, its body and its pieces still waiting.
    fn drop_tile(&mut self, coord: TileCoord) {
        self.endless.pending.retain(|(c, _)| *c != coord);
        self.endless.surfaces.retain(|(c, _)| *c != coord);
        if let Some(shown) = self.endless.tiles.remove(&coord) {
            children::remove(&mut Some(shown.node));
        }
    }

    /// Turns waiting pieces into nodes, in order, within [`TILE_BYTES_PER_FRAME`] bytes and
    /// [`crate::terrain::show::surface_queue::FILL_TIME_PER_FRAME`]: meshes a slice at a time,
    /// plants whole.
    fn pump_tiles(&mut self) {
        let Some((params, mesh)) = self.endless.params().copied() else {
            return;
        };
        let mut budget = FrameBudget::new(TILE_BYTES_PER_FRAME);
        loop {
            for ((coord, tag), streams) in self.endless.surfaces.step(&mut budget) {
                self.place_tile_surface(coord, tag, streams);
            }
            if !self.endless.surfaces.is_empty() || budget.is_spent() {
                break;
            }
            let Some((coord, piece)) = self.endless.pending.pop_front() else {
                break;
            };
            let (tag, surface) = match piece {
                TilePart::Level {
                    name,
                    surface,
                    range,
                } => {
                    let water = false;
                    (TileSurface { name, range, water }, surface)
                }
                TilePart::Water(piece) => {
                    let (name, range, water) = (piece.name, piece.range, true);
                    (TileSurface { name, range, water }, piece.surface)
                }
                plants => {
                    if !budget.admit(plants.bytes()) {
                        self.endless.pending.push_front((coord, plants));
                        break;
                    }
                    self.place_tile_plants(coord, plants, params.cell_size, mesh.lod_distance);
                    continue;
                }
            };
            self.endless.surfaces.push((coord, tag), surface);
        }
    }

    /// Shows a copied chunk level or water piece in its tile's node (gone if the tile was
    /// dropped meanwhile).
    fn place_tile_surface(&mut self, coord: TileCoord, tag: TileSurface, streams: Option<Streams>) {
        let (Some(mut node), Some(streams)) = (self.tile_node(coord), streams) else {
            return;
        };
        let mut mesh = ArrayMesh::new_gd();
        match tag.water {
            true => {
                let format = upload::surface_format(true);
                upload::set_surface(&mut mesh, format, &streams, &self.water.active_material())
            }
            false => {
                let ground = self.ground.active(self.endless.ground_style());
                let format = upload::ground_format(streams.carries_splat());
                upload::set_surface(&mut mesh, format, &streams, &ground)
            }
        }
        let mut instance = children::mesh_instance(&tag.name, &mesh, tag.range);
        if tag.water {
            instance.set_visible(self.water.visible);
        }
        ranges::add_ranged(&mut node, &instance);
    }

    /// Shows the trees or the scatter of one chunk of a tile, while trees are on.
    fn place_tile_plants(&mut self, coord: TileCoord, piece: TilePart, cell: f32, lod: f32) {
        let Some(mut node) = self.tile_node(coord).filter(|_| self.trees.enabled) else {
            return;
        };
        match piece {
            TilePart::Trees(index, buffer) if !buffer.is_empty() => {
                let meshes = self.trees.tree_meshes(cell);
                for n in chunk_tree_nodes(index, &buffer, &meshes, lod) {
                    ranges::add_ranged(&mut node, &n);
                }
            }
            TilePart::Scatter(chunking, index, _) => {
                for species in Species::ALL {
                    for n in self.scatter.chunk_nodes(&chunking, index, species) {
                        ranges::add_ranged(&mut node, &n);
                    }
                }
            }
            _ => {}
        }
    }

    /// The node of a tile shown.
    fn tile_node(&self, coord: TileCoord) -> Option<Gd<Node3D>> {
        self.endless.tiles.get(&coord).map(|t| t.node.clone())
    }

    /// Gives the tiles within the collision radius of `target` (local x, z) a collision body
    /// and takes it from the ones beyond the keep radius; no body without collision.
    fn collide_tiles(&mut self, target: Option<(f32, f32)>, mesh: &MeshParams, tile_side: f32) {
        let radius = match self.store.float("collision_radius") {
            r if r > 0.0 => r,
            _ => CollisionParams::default().radius,
        };
        let keep = keep_radius(radius, mesh.cell_size);
        let (enabled, layer, mask) = (
            self.collision.enabled,
            self.collision.layer,
            self.collision.mask,
        );
        let positions: Vec<(TileCoord, Vector3)> = (self.endless.tiles.keys())
            .map(|&c| (c, self.endless.tile_position(c)))
            .collect();
        for (coord, at) in positions {
            let Some(shown) = self.endless.tiles.get_mut(&coord) else {
                continue;
            };
            let distance = target.map_or(f32::INFINITY, |(x, z)| {
                let gap = |v: f32, lo: f32| (lo - v).max(v - (lo + tile_side)).max(0.0);
                gap(x, at.x).hypot(gap(z, at.z))
            });
            match (&mut shown.body, enabled && distance <= radius) {
                (None, true) => {
                    let body = tile_body(&shown.heights.heights, mesh.cell_size, tile_side);
                    shown.node.add_child(&body);
                    shown.body = Some(body);
                }
                (Some(_), _) if !enabled || distance > keep => children::remove(&mut shown.body),
                _ => {}
            }
            if let Some(body) = &mut shown.body {
                body.set_collision_layer(layer);
                body.set_collision_mask(mask);
            }
        }
    }

    /// Moves the endless world on (from `process`): follows the stream target, shows and drops
    /// tiles, emits [signal tile_loaded] and [signal tile_unloaded], and reports a tile that
    /// could not be built.
    pub(in crate::terrain) fn stream_tiles(&mut self) {
        let Some((params, mesh)) = self.endless.params().copied() else {
            return;
        };
        let target = self.stream_target_position();
        let events = self.endless.step(target);
        for &c in &events.unloaded {
            self.drop_tile(c);
        }
        let mut loaded = Vec::with_capacity(events.loaded.len());
        for (c, b) in events.loaded {
            self.show_tile(c, b);
            loaded.push(c);
        }
        self.pump_tiles();
        let side = params.tile_size as f32 * params.cell_size;
        self.collide_tiles(target.or(Some((0.0, 0.0))), &mesh, side);
        if let Some(e) = events.error {
            self.finish(Err(e));
        }
        for c in events.unloaded {
            self.signals().tile_unloaded().emit(Vector2i::new(c.x, c.z));
        }
        for c in loaded {
            self.signals().tile_loaded().emit(Vector2i::new(c.x, c.z));
        }
    }
}

/// Queues the trees and scatter of tile `coord` to become nodes.
fn queue_plants(
    pending: &mut VecDeque<(TileCoord, TilePart)>,
    coord: TileCoord,
    trees: &[Vec<f32>],
    scatter: &crate::terrain::components::scatter::Chunking,
) {
    for (i, buffer) in trees.iter().enumerate() {
        pending.push_back((coord, TilePart::Trees(i, buffer.clone())));
    }
    for index in 0..scatter.chunk_count() {
        let floats = scatter.floats(index);
        if floats > 0 {
            pending.push_back((coord, TilePart::Scatter(scatter.clone(), index, floats)));
        }
    }
}

/// A collision body for a tile: its corner heights in a [HeightMapShape3D] scaled by the cell
/// size and centred on the tile (a height map is spaced one unit and centred on its origin).
fn tile_body(heights: &[f32], cell: f32, side: f32) -> Gd<StaticBody3D> {
    let n = (heights.len() as f64).sqrt() as i32;
    let mut shape = HeightMapShape3D::new_gd();
    shape.set_map_width(n);
    shape.set_map_depth(n);
    let data: PackedFloat32Array = heights.iter().map(|h| h / cell).collect();
    shape.set_map_data(&data);
    let mut cs = CollisionShape3D::new_alloc();
    cs.set_name("Shape");
    cs.set_shape(&shape);
    cs.set_transform(Transform3D::new(
        Basis::from_scale(Vector3::splat(cell)),
        Vector3::new(side / 2.0, 0.0, side / 2.0),
    ));
    let mut body = StaticBody3D::new_alloc();
    body.set_name("Collision");
    body.add_child(&cs);
    body
}
