//! Layers and their composition: a static [`Pipeline`] over a tuple of layers (the counterpart
//! of the original design's variadic template). It threads one [`Context`] through the layers, records each
//! layer's time in the context's statistics and stops at the first error, naming the layer that
//! failed.
//!
//! A layer chosen at run time fits in the tuple as a `Box<dyn Layer>` (boxed layers are layers),
//! so a pipeline whose first stage depends on a setting keeps its static shape.

use crate::data::grid::Grid;
use crate::data::stats::LayerTiming;
use crate::stages::context::Context;
use std::time::Instant;
use thiserror::Error;

/// Why a layer could not run.
#[derive(Clone, Debug, Error, PartialEq)]
pub enum LayerError {
    /// A parameter is out of range.
    #[error(transparent)]
    Param(#[from] crate::params::ParamError),
    /// The grid handed to the layer cannot be processed.
    #[error("{0}")]
    Grid(String),
    /// The run was cancelled from outside.
    #[error("cancelled")]
    Cancelled,
}

/// A layer failed; the pipeline stopped there.
#[derive(Clone, Debug, Error, PartialEq)]
#[error("layer {layer} failed: {source}")]
pub struct PipelineError {
    /// Name of the failing layer.
    pub layer: String,
    /// What went wrong.
    pub source: LayerError,
}

/// One transformation of the grid.
pub trait Layer: Send + Sync {
    /// Short identifier for logs and statistics.
    fn name(&self) -> &str;
    /// Transforms the grid in place, reporting progress and figures through `ctx`.
    fn apply(&self, grid: &mut Grid, ctx: &mut Context) -> Result<(), LayerError>;
}

impl<L: Layer + ?Sized> Layer for Box<L> {
    fn name(&self) -> &str {
        (**self).name()
    }
    fn apply(&self, grid: &mut Grid, ctx: &mut Context) -> Result<(), LayerError> {
        (**self).apply(grid, ctx)
    }
}

/// Runs one layer: refuses to start once the run is cancelled, records its time.
fn run_layer<L: Layer + ?Sized>(
    layer: &L,
    grid: &mut Grid,
    ctx: &mut Context,
) -> Result<(), PipelineError> {
    let fail = |source| PipelineError {
        layer: layer.name().to_string(),
        source,
    };
    ctx.check().map_err(fail)?;
    let start = Instant::now();
    layer.apply(grid, ctx).map_err(fail)?;
    ctx.stats_mut().timings.push(LayerTiming {
        layer: layer.name().to_string(),
        elapsed: start.elapsed(),
    });
    Ok(())
}

/// A tuple of layers run in order; implemented for tuples of 1 to 12 layers.
pub trait LayerList {
    /// Number of layers.
    const LEN: usize;
    /// Names of the layers in order.
    fn names(&self) -> Vec<&str>;
    /// Runs every layer in order, stopping at the first error.
    fn run_all(&self, grid: &mut Grid, ctx: &mut Context) -> Result<(), PipelineError>;
}

macro_rules! impl_layer_list {
    ($len:expr; $($name:ident : $idx:tt),+) => {
        impl<$($name: Layer),+> LayerList for ($($name,)+) {
            const LEN: usize = $len;
            fn names(&self) -> Vec<&str> {
                vec![$(self.$idx.name()),+]
            }
            fn run_all(&self, grid: &mut Grid, ctx: &mut Context) -> Result<(), PipelineError> {
                $(run_layer(&self.$idx, grid, ctx)?;)+
                Ok(())
            }
        }
    };
}

impl_layer_list!(1; A:0);
impl_layer_list!(2; A:0, B:1);
impl_layer_list!(3; A:0, B:1, C:2);
impl_layer_list!(4; A:0, B:1, C:2, D:3);
impl_layer_list!(5; A:0, B:1, C:2, D:3, E:4);
impl_layer_list!(6; A:0, B:1, C:2, D:3, E:4, F:5);
impl_layer_list!(7; A:0, B:1, C:2, D:3, E:4, F:5, G:6);
impl_layer_list!(8; A:0, B:1, C:2, D:3, E:4, F:5, G:6, H:7);
impl_layer_list!(9; A:0, B:1, C:2, D:3, E:4, F:5, G:6, H:7, I:8);
impl_layer_list!(10; A:0, B:1, C:2, D:3, E:4, F:5, G:6, H:7, I:8, J:9);
impl_layer_list!(11; A:0, B:1, C:2, D:3, E:4, F:5, G:6, H:7, I:8, J:9, K:10);
impl_layer_list!(12; A:0, B:1, C:2, D:3, E:4, F:5, G:6, H:7, I:8, J:9, K:10, L:11);

/// A statically composed pipeline: the layer types are known at compile time and every call is
/// direct.
#[derive(Clone, Debug)]
pub struct Pipeline<L>(pub L);

impl<L: LayerList> Pipeline<L> {
    /// Wraps a tuple of layers.
    pub fn new(layers: L) -> Self {
        Pipeline(layers)
    }

    /// Names of the layers in order.
    pub fn names(&self) -> Vec<&str> {
        self.0.names()
    }

    /// Runs every layer in order with `ctx`, which collects the timings and figures.
    pub fn execute(&self, grid: &mut Grid, ctx: &mut Context) -> Result<(), PipelineError> {
        self.0.run_all(grid, ctx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stages::progress::Progress;

    struct Add(&'static str, f32);
    impl Layer for Add {
        fn name(&self) -> &str {
            self.0
        }
        fn apply(&self, grid: &mut Grid, ctx: &mut Context) -> Result<(), LayerError> {
            grid.height.iter_mut().for_each(|h| *h += self.1);
            ctx.stats_mut().erosion_steps += 1;
            Ok(())
        }
    }

    struct Fail;
    impl Layer for Fail {
        fn name(&self) -> &str {
            "fail"
        }
        fn apply(&self, _: &mut Grid, _: &mut Context) -> Result<(), LayerError> {
            Err(LayerError::Grid("broken".into()))
        }
    }

    /// Reports progress once; the sink may cancel there.
    struct Report;
    impl Layer for Report {
        fn name(&self) -> &str {
            "report"
        }
        fn apply(&self, _: &mut Grid, ctx: &mut Context) -> Result<(), LayerError> {
            ctx.report(1.0);
            Ok(())
        }
    }

    #[test]
    fn static_pipeline_runs_in_order_and_stops_at_first_error() {
        let p = Pipeline::new((Add("a", 1.0), Add("b", 2.0), Fail, Add("c", 100.0)));
        assert_eq!(p.names(), ["a", "b", "fail", "c"]);
        let mut g = Grid::new(2, 2);
        let mut ctx = Context::default();
        let err = p.execute(&mut g, &mut ctx).unwrap_err();
        assert_eq!(err.layer, "fail");
        assert_eq!(err.to_string(), "layer fail failed: broken");
        assert_eq!(g.height, vec![3.0; 4]);
        let timed: Vec<&str> = ctx
            .stats()
            .timings
            .iter()
            .map(|t| t.layer.as_str())
            .collect();
        assert_eq!(timed, ["a", "b"]);
    }

    #[test]
    fn twelve_layers_and_boxed_layers_share_one_context() {
        let p = Pipeline::new((
            Add("1", 1.0),
            Add("2", 1.0),
            Add("3", 1.0),
            Add("4", 1.0),
            Add("5", 1.0),
            Add("6", 1.0),
            Add("7", 1.0),
            Add("8", 1.0),
            Add("9", 1.0),
            Add("10", 1.0),
            Add("11", 1.0),
            Box::new(Add("12", 1.0)) as Box<dyn Layer>,
        ));
        let mut g = Grid::new(3, 1);
        let mut ctx = Context::default();
        p.execute(&mut g, &mut ctx).unwrap();
        assert_eq!(ctx.stats().timings.len(), 12);
        assert_eq!(ctx.stats().erosion_steps, 12);
        assert_eq!(g.height[0], 12.0);
        assert_eq!(p.names()[11], "12");
    }

    #[test]
    fn a_cancelled_run_starts_no_further_layer() {
        let p = Pipeline::new((Add("a", 1.0), Report, Add("b", 1.0)));
        let mut g = Grid::new(1, 1);
        let mut ctx = Context::new(Progress::new(|_| false));
        let err = p.execute(&mut g, &mut ctx).unwrap_err();
        assert_eq!(
            (err.layer.as_str(), err.source),
            ("b", LayerError::Cancelled)
        );
        assert_eq!(g.height[0], 1.0);
        assert!(ctx.is_cancelled());
    }
}
