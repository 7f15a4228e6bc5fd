//! Display a finished rebuild, whichever thread built it: the surface or its chunks, the water,
//! the collision body, the trees and the scatter, and the statistics of
//! [signal DonjournoTerrain.generation_finished].

use crate::convert;
use crate::terrain::build::staging::Delivered;
use crate::terrain::build::{Built, Features, Generated};
use crate::terrain::planner::{Request, Settings};
use crate::terrain::{DonjournoTerrain, ShownMap};
use godot::prelude::*;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The main-thread time of each part of showing a rebuild, in order.
struct Parts {
    started: Instant,
    last: Instant,
    laps: Vec<(&'static str, Duration)>,
}

impl Parts {
    fn start() -> Self {
        let now = Instant::now();
        Parts {
            started: now,
            last: now,
            laps: Vec::new(),
        }
    }

    /// Ends the part `name` now.
    fn lap(&mut self, name: &'static str) {
        let now = Instant::now();
        self.laps.push((name, now - self.last));
        self.last = now;
    }

    fn total(&self) -> Duration {
        self.last - self.started
    }

    /// Part name → milliseconds.
    fn dictionary(&self) -> VarDictionary {
        let mut d = VarDictionary::new();
        for (name, time) in &self.laps {
            convert::put(&mut d, name, convert::ms(*time));
        }
        d
    }
}

impl DonjournoTerrain {
    /// Shows a map built from `inputs` (the rebuild started at `started`) and delivered into
    /// Godot's arrays: the surface, the water, the collision body and the trees; returns its
    /// statistics.
    pub(in crate::terrain) fn present(
        &mut self,
        inputs: Settings,
        started: Instant,
        delivered: Delivered,
    ) -> VarDictionary {
        let Delivered {
            built,
            streams,
            water: staged_water,
            upload,
        } = delivered;
        let Built {
            generated,
            pipeline_ran,
            pipeline_time,
            mesh_time,
            features,
            chunks,
            ..
        } = built;
        let Generated::Map(grid) = generated else {
            // Endless tiles are shown by the streaming, never here: keep the terrain on screen.
            godot_error!(
                "DonjournoTerrain: a rebuild delivered an endless-world tile where a map was \
                 expected; the terrain shown is kept"
            );
            return VarDictionary::new();
        };
        let Features {
            water,
            trees,
            scatter,
            scatter_chunks,
            settlements,
            decks,
            heights,
            time: features_time,
        } = features;
        if pipeline_ran {
            self.rebuilds.pipeline_runs += 1;
        }
        self.rebuilds.mesh_runs += 1;
        let mut parts = Parts::start();
        let upload_start = Instant::now();
        let vertex_count = streams.vertex_count;
        let chunks_built = chunks.meshes.len();
        let chunk_count = chunks.patch.as_ref().map_or(chunks_built, |(_, n)| *n);
        let chunk_heights = chunks.heights;
        let style = inputs.params.ground_style;
        let ground = self.ground.active(style);
        let mut patch_refused = false;
        if let Some((base, _)) = &chunks.patch {
            // The chunks that differ from those shown; the others stay. Should the chunks shown
            // have changed meanwhile, the next rebuild makes them all.
            let same = self
                .shown
                .as_ref()
                .is_some_and(|s| Arc::ptr_eq(&s.grid, base));
            if same && self.chunks.can_patch() {
                self.chunks.set_material(ground);
                self.chunks.patch(chunks.meshes, &inputs.mesh_params);
            } else {
                patch_refused = true;
            }
            self.update_process();
        } else if chunks.meshes.is_empty() {
            self.chunks.remove();
            self.surface.set_material(ground);
            let mesh = self.surface.upload(streams);
            if !self.surface.is_attached(self.base().get_mesh()) {
                self.base_mut().set_mesh(&mesh);
            }
            // The replaced surface's streams go a part per frame from the next frame on.
            self.update_process();
        } else {
            self.surface.clear();
            self.base_mut().set_mesh(Gd::null_arg());
            let params = inputs.mesh_params;
            self.chunks.set_material(ground);
            self.with_parent(
                |t| &mut t.chunks,
                |c, parent| c.show(parent, chunks.meshes, &params, chunks.streamed),
            );
            // The chunks become nodes from the next frame on, a share a frame.
            self.update_process();
        }
        parts.lap("surface");
        self.with_parent(
            |t| &mut t.water,
            |w, parent| w.update(parent, water, staged_water),
        );
        parts.lap("water");
        self.show_settlements(&settlements);
        parts.lap("settlements");
        let upload_time = upload_start.elapsed() + upload.time;
        self.shown = Some(ShownMap {
            inputs,
            grid: grid.grid.clone(),
            stats: grid.stats.clone(),
            time: grid.time,
            chunk_heights,
            trees: std::sync::Arc::new(trees),
            heights,
            decks,
        });
        let stats = grid.stats.clone();
        self.rebuilds.cache = Some(*grid);
        // A refused patch leaves the chunks of an older grid shown: the next rebuild, at the end
        // of this frame, makes every chunk.
        self.rebuilds.outdated = patch_refused;
        if patch_refused {
            self.rebuilds.no_patch = true;
            self.run_deferred_gd(|mut this| {
                if this.is_instance_valid() {
                    this.bind_mut().rebuild(Request::Background);
                }
            });
        }
        self.scatter.set_buffers(scatter, scatter_chunks);
        self.update_collision();
        parts.lap("collision");
        self.update_trees();
        parts.lap("trees");
        self.update_navigation();
        parts.lap("navigation");
        let mut d = VarDictionary::new();
        convert::put(&mut d, "show_ms", convert::ms(parts.total()));
        convert::put(&mut d, "show_parts_ms", parts.dictionary());
        let (params, mesh_params) = (&inputs.params, &inputs.mesh_params);
        convert::put(&mut d, "pipeline_ms", convert::ms(pipeline_time));
        convert::put(&mut d, "mesh_ms", convert::ms(mesh_time));
        convert::put(&mut d, "features_ms", convert::ms(features_time));
        convert::put(&mut d, "upload_ms", convert::ms(upload_time));
        convert::put(&mut d, "total_ms", convert::ms(started.elapsed()));
        convert::put(&mut d, "vertex_count", vertex_count as i64);
        convert::put(&mut d, "chunk_count", chunk_count as i64);
        convert::put(&mut d, "chunks_built", chunks_built as i64);
        convert::put(&mut d, "pipeline_runs", self.rebuilds.pipeline_runs as i64);
        convert::put(&mut d, "mesh_runs", self.rebuilds.mesh_runs as i64);
        convert::put(&mut d, "pipeline_cached", !pipeline_ran);
        convert::put(&mut d, "grid_hash", convert::hash_int(stats.grid_hash));
        convert::put(&mut d, "max_height", stats.max_height);
        convert::put(&mut d, "width", params.width as i64);
        convert::put(&mut d, "depth", params.depth as i64);
        convert::put(&mut d, "subdivisions", mesh_params.subdivisions as i64);
        convert::put(&mut d, "upload_bytes", upload.bytes as i64);
        convert::put(&mut d, "upload_parts", upload.parts as i64);
        convert::put(&mut d, "upload_reused", upload.reused);
        convert::put(
            &mut d,
            "upload_largest_part_bytes",
            upload.largest_part as i64,
        );
        d
    }

    /// Records the outcome of a rebuild: emits [signal generation_finished] after a new mesh,
    /// reports an error (the previous mesh stays). Returns whether it succeeded.
    pub(in crate::terrain) fn finish(
        &mut self,
        result: Result<Option<VarDictionary>, String>,
    ) -> bool {
        let had_error = !self.last_error.is_empty();
        let ok = match result {
            Ok(Some(stats)) => {
                self.last_error.clear();
                self.last_stats = stats.clone();
                self.signals().generation_finished().emit(&stats);
                true
            }
            Ok(None) => {
                self.last_error.clear();
                true
            }
            Err(message) => {
                let name = self.base().get_name();
                godot_error!("DonjournoTerrain \"{name}\": {message}; the previous mesh is kept");
                self.last_error = message;
                false
            }
        };
        let has_error = !self.last_error.is_empty();
        if had_error != has_error {
            self.base_mut().update_configuration_warnings();
        }
        ok
    }

    /// Turns the next share of what waits to become nodes on a map drawn in chunks into nodes,
    /// one kind a frame (the chunk meshes, then the water, then the trees); keeps `process` on
    /// while some wait.
    pub(in crate::terrain) fn pump_chunks(&mut self) {
        if self.chunks.is_filling() {
            self.chunks.pump();
        } else if self.water.is_filling() {
            self.water.pump();
        } else if self.trees.is_filling() {
            self.trees.pump();
        } else {
            self.scatter.pump();
        }
        self.update_process();
    }

    /// Whether chunk meshes, water, trees or scatter of the last rebuild still wait to become
    /// nodes.
    pub(in crate::terrain) fn is_filling(&self) -> bool {
        self.chunks.is_filling()
            || self.water.is_filling()
            || self.trees.is_filling()
            || self.scatter.is_filling()
    }

    /// Removes the terrain's surface (no generator).
    pub(in crate::terrain) fn clear_mesh(&mut self) {
        self.surface.clear();
        self.chunks.remove();
        self.shown = None;
        self.update_collision();
        self.update_trees();
        self.update_navigation();
        self.water.remove();
        self.settlements.remove();
    }
}
