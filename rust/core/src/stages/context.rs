//! What a layer receives next to the grid: a progress sink that may cancel the run, and the
//! statistics sink the layers write their figures into.

use crate::data::stats::GenerationStats;
use crate::stages::pipeline::LayerError;
use crate::stages::progress::Progress;

/// The run a layer belongs to: progress, cancellation and statistics.
///
/// A pipeline threads one context through all its layers. Layers report the fraction of their own
/// work done with [`Context::report`]; once the sink has answered `false` the run is cancelled,
/// [`Context::is_cancelled`] stays `true` and the pipeline starts no further layer.
#[derive(Debug, Default)]
pub struct Context {
    progress: Progress,
    cancelled: bool,
    stats: GenerationStats,
}

impl Context {
    /// A context reporting to `progress`, with empty statistics.
    pub fn new(progress: Progress) -> Self {
        Context {
            progress,
            ..Default::default()
        }
    }

    /// Reports the fraction (`0..=1`) of the current layer's work done; returns `false`, and
    /// cancels the run, when the sink asks to stop (or the run was already cancelled).
    pub fn report(&mut self, fraction: f32) -> bool {
        if !self.cancelled && !self.progress.report(fraction) {
            self.cancelled = true;
        }
        !self.cancelled
    }

    /// Whether the sink has cancelled the run.
    pub fn is_cancelled(&self) -> bool {
        self.cancelled
    }

    /// `Err(LayerError::Cancelled)` once the run is cancelled: `ctx.check()?` in a layer.
    pub fn check(&self) -> Result<(), LayerError> {
        if self.cancelled {
            Err(LayerError::Cancelled)
        } else {
            Ok(())
        }
    }

    /// The statistics gathered so far.
    pub fn stats(&self) -> &GenerationStats {
        &self.stats
    }

    /// The statistics sink: layers set the figures they measure.
    pub fn stats_mut(&mut self) -> &mut GenerationStats {
        &mut self.stats
    }

    /// The statistics, ending the run.
    pub fn into_stats(self) -> GenerationStats {
        self.stats
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU32, Ordering};
    use std::sync::Arc;

    #[test]
    fn a_sink_saying_stop_cancels_for_good() {
        let calls = Arc::new(AtomicU32::new(0));
        let seen = calls.clone();
        let mut ctx = Context::new(Progress::new(move |f| {
            seen.fetch_add(1, Ordering::Relaxed);
            f < 0.5
        }));
        assert!(ctx.report(0.25) && ctx.check().is_ok());
        assert!(!ctx.report(0.5));
        assert!(ctx.is_cancelled());
        assert_eq!(ctx.check(), Err(LayerError::Cancelled));
        // Once cancelled the sink is not asked again and the answer stays.
        assert!(!ctx.report(0.0));
        assert_eq!(calls.load(Ordering::Relaxed), 2);
    }

    #[test]
    fn layers_write_figures_into_the_sink() {
        let mut ctx = Context::default();
        ctx.stats_mut().erosion_steps = 42;
        assert_eq!(ctx.stats().erosion_steps, 42);
        assert_eq!(ctx.into_stats().erosion_steps, 42);
    }
}
