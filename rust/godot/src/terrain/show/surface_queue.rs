//! Core-built surfaces on their way to becoming meshes, copied into Godot's arrays within a
//! budget per frame ([`FrameBudget`]): bytes and time. A surface larger than one frame's budget
//! (a chunk's finest level holds 9 MiB) takes several frames, so no frame maps and clears much
//! more fresh memory than its budget allows, however slowly the system hands memory out. The
//! trees and the scatter, whose chunks are small, take their chunks whole within the same kind of
//! budget ([`FrameBudget::admit`]).

use crate::terrain::build::staging::StreamCopy;
use crate::terrain::show::upload::Streams;
use donjourno::outputs::godot_surface::{SurfaceData, ATTRIBUTE_STREAM_BYTES, VERTEX_STREAM_BYTES};
use godot::prelude::*;
use std::collections::VecDeque;
use std::time::{Duration, Instant};

/// Main-thread time one frame spends copying waiting surfaces, at most (give or take one
/// [`SLICE_BYTES`] slice).
pub const FILL_TIME_PER_FRAME: Duration = Duration::from_millis(4);

/// Bytes of a vertex of the terrain's surface, both streams.
pub const SURFACE_VERTEX_BYTES: usize = VERTEX_STREAM_BYTES + ATTRIBUTE_STREAM_BYTES;

/// Bytes copied between two looks at the clock.
pub const SLICE_BYTES: usize = 256 << 10;

/// What one frame may spend copying: bytes, and time from when the budget was made.
pub struct FrameBudget {
    bytes: usize,
    until: Instant,
    used: bool,
}

impl FrameBudget {
    /// A budget of `bytes` and [`FILL_TIME_PER_FRAME`] from now.
    pub fn new(bytes: usize) -> Self {
        FrameBudget {
            bytes,
            until: Instant::now() + FILL_TIME_PER_FRAME,
            used: false,
        }
    }

    /// Whether an item of `bytes` that cannot be split goes this frame, spending them if so: the
    /// first always goes (so that every frame makes progress), the next ones while bytes and
    /// time are left.
    pub fn admit(&mut self, bytes: usize) -> bool {
        let goes = !self.used || (bytes <= self.bytes && Instant::now() < self.until);
        if goes {
            self.used = true;
            self.spend(bytes);
        }
        goes
    }

    /// Whether nothing is left: no bytes, or no time.
    pub fn is_spent(&self) -> bool {
        self.bytes == 0 || Instant::now() >= self.until
    }

    /// Bytes the next copy may take: a slice, or less when fewer bytes are left.
    pub fn slice(&self) -> usize {
        self.bytes.min(SLICE_BYTES)
    }

    /// Counts `bytes` as spent.
    pub fn spend(&mut self, bytes: usize) {
        self.used = true;
        self.bytes = self.bytes.saturating_sub(bytes);
    }
}

/// A surface being copied into Godot's arrays.
struct SurfaceCopy {
    vertex: StreamCopy,
    attributes: StreamCopy,
    vertex_count: usize,
    aabb: Aabb,
}

impl SurfaceCopy {
    fn new(surface: SurfaceData) -> Self {
        let aabb = crate::terrain::show::upload::bounds(&surface);
        SurfaceCopy {
            vertex: StreamCopy::new(surface.vertex, None),
            attributes: StreamCopy::new(surface.attribute, None),
            vertex_count: surface.vertex_count,
            aabb,
        }
    }

    /// Copies up to `budget` bytes; returns how many it copied.
    fn step(&mut self, budget: usize) -> usize {
        let n = self.vertex.step(budget);
        n + self.attributes.step(budget - n)
    }

    fn is_done(&self) -> bool {
        self.vertex.is_done() && self.attributes.is_done()
    }

    fn finish(self) -> Streams {
        Streams {
            vertex_count: self.vertex_count,
            vertex: self.vertex.into_array(),
            attributes: self.attributes.into_array(),
            aabb: self.aabb,
        }
    }
}

/// Surfaces waiting to become meshes, each with a tag `T` saying where it goes, copied in order.
pub struct SurfaceQueue<T> {
    waiting: VecDeque<(T, SurfaceData)>,
    current: Option<(T, SurfaceCopy)>,
}

impl<T> Default for SurfaceQueue<T> {
    fn default() -> Self {
        SurfaceQueue {
            waiting: VecDeque::new(),
            current: None,
        }
    }
}

impl<T> SurfaceQueue<T> {
    /// Queues `surface`, to go where `tag` says.
    pub fn push(&mut self, tag: T, surface: SurfaceData) {
        self.waiting.push_back((tag, surface));
    }

    /// Whether no surface waits.
    pub fn is_empty(&self) -> bool {
        self.current.is_none() && self.waiting.is_empty()
    }

    /// Drops every waiting surface.
    pub fn clear(&mut self) {
        self.current = None;
        self.waiting.clear();
    }

    /// Drops the waiting surfaces (the one being copied too) whose tag `keep` refuses.
    pub fn retain(&mut self, keep: impl Fn(&T) -> bool) {
        self.waiting.retain(|(tag, _)| keep(tag));
        if self.current.as_ref().is_some_and(|(tag, _)| !keep(tag)) {
            self.current = None;
        }
    }

    /// Copies waiting surfaces within `budget`; returns those completed, in order, with their
    /// streams (`None` for a surface without vertices).
    pub fn step(&mut self, budget: &mut FrameBudget) -> Vec<(T, Option<Streams>)> {
        let mut done = Vec::new();
        loop {
            let current = match self.current.take() {
                Some(current) => current,
                None => {
                    let Some((tag, surface)) = self.waiting.pop_front() else {
                        break;
                    };
                    if surface.vertex_count == 0 {
                        done.push((tag, None));
                        continue;
                    }
                    (tag, SurfaceCopy::new(surface))
                }
            };
            if budget.is_spent() {
                self.current = Some(current);
                break;
            }
            let (tag, mut copy) = current;
            let copied = copy.step(budget.slice());
            budget.spend(copied);
            if copy.is_done() {
                done.push((tag, Some(copy.finish())));
            } else {
                self.current = Some((tag, copy));
            }
        }
        done
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_item_always_goes_and_the_next_while_bytes_are_left() {
        let mut budget = FrameBudget::new(100);
        assert!(
            budget.admit(250),
            "the first item goes even above the budget"
        );
        assert!(budget.is_spent());
        assert!(!budget.admit(1), "nothing more once the bytes are spent");
        let mut budget = FrameBudget::new(100);
        assert!(budget.admit(60));
        assert!(!budget.admit(50), "an item larger than what is left waits");
        assert!(budget.admit(40), "one that fits goes");
        assert!(budget.is_spent());
    }

    #[test]
    fn nothing_but_the_first_item_goes_once_the_time_is_spent() {
        let mut budget = FrameBudget::new(usize::MAX);
        budget.until = Instant::now();
        assert!(budget.is_spent());
        assert!(budget.admit(10), "every frame makes progress");
        assert!(!budget.admit(10), "then the frame's time is up");
    }

    #[test]
    fn copies_take_a_slice_at_most() {
        let budget = FrameBudget::new(10 * SLICE_BYTES);
        assert_eq!(budget.slice(), SLICE_BYTES);
        let budget = FrameBudget::new(100);
        assert_eq!(budget.slice(), 100);
    }
}
