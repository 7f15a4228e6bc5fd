//! Layers and their composition: a static [`Pipeline`] over a tuple of layers and a runtime
//! [`DynPipeline`] of boxed layers. Both stop at the first error and name the layer that failed.

use crate::grid::Grid;
use std::time::{Duration, Instant};
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
    /// Transforms the grid in place.
    fn apply(&self, grid: &mut Grid) -> Result<(), LayerError>;
}

impl<L: Layer + ?Sized> Layer for Box<L> {
    fn name(&self) -> &str {
        (**self).name()
    }
    fn apply(&self, grid: &mut Grid) -> Result<(), LayerError> {
        (**self).apply(grid)
    }
}

/// Time spent in one layer.
#[derive(Clone, Debug, PartialEq)]
pub struct LayerTiming {
    /// The layer's name.
    pub layer: String,
    /// Wall time of its `apply`.
    pub elapsed: Duration,
}

/// Receives progress while a pipeline runs.
pub trait Observer {
    /// Called before layer `index` of `count` starts; returning `false` cancels the run.
    fn layer_started(&mut self, _name: &str, _index: usize, _count: usize) -> bool {
        true
    }
    /// Called after a layer finished.
    fn layer_finished(&mut self, _name: &str, _elapsed: Duration) {}
}

/// An observer that collects the timing of every layer.
#[derive(Debug, Default)]
pub struct Timings(pub Vec<LayerTiming>);

impl Observer for Timings {
    fn layer_finished(&mut self, name: &str, elapsed: Duration) {
        self.0.push(LayerTiming {
            layer: name.to_string(),
            elapsed,
        });
    }
}

/// Runs one layer under an observer: the step shared by both pipeline kinds.
fn run_layer<L: Layer + ?Sized>(
    layer: &L,
    grid: &mut Grid,
    index: usize,
    count: usize,
    observer: &mut dyn Observer,
) -> Result<(), PipelineError> {
    let fail = |source| PipelineError {
        layer: layer.name().to_string(),
        source,
    };
    if !observer.layer_started(layer.name(), index, count) {
        return Err(fail(LayerError::Cancelled));
    }
    let start = Instant::now();
    layer.apply(grid).map_err(fail)?;
    observer.layer_finished(layer.name(), start.elapsed());
    Ok(())
}

/// A tuple of layers run in order; implemented for tuples of 1 to 12 layers.
pub trait LayerList {
    /// Number of layers.
    const LEN: usize;
    /// Names of the layers in order.
    fn names(&self) -> Vec<&str>;
    /// Runs every layer in order, stopping at the first error.
    fn run_all(&self, grid: &mut Grid, observer: &mut dyn Observer) -> Result<(), PipelineError>;
}

macro_rules! impl_layer_list {
    ($len:expr; $($name:ident : $idx:tt),+) => {
        impl<$($name: Layer),+> LayerList for ($($name,)+) {
            const LEN: usize = $len;
            fn names(&self) -> Vec<&str> {
                vec![$(self.$idx.name()),+]
            }
            fn run_all(&self, grid: &mut Grid, observer: &mut dyn Observer) -> Result<(), PipelineError> {
                $(run_layer(&self.$idx, grid, $idx, $len, observer)?;)+
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

    /// Runs every layer in order.
    pub fn execute(&self, grid: &mut Grid) -> Result<(), PipelineError> {
        self.0.run_all(grid, &mut Timings::default())
    }

    /// Runs every layer in order, reporting to `observer`.
    pub fn execute_with(
        &self,
        grid: &mut Grid,
        observer: &mut dyn Observer,
    ) -> Result<(), PipelineError> {
        self.0.run_all(grid, observer)
    }
}

/// A pipeline assembled at run time from boxed layers (for editors and the CLI).
#[derive(Default)]
pub struct DynPipeline {
    layers: Vec<Box<dyn Layer>>,
}

impl DynPipeline {
    /// An empty pipeline.
    pub fn new() -> Self {
        Self::default()
    }

    /// Appends a layer.
    pub fn push(&mut self, layer: impl Layer + 'static) -> &mut Self {
        self.layers.push(Box::new(layer));
        self
    }

    /// Appends a layer, builder style.
    pub fn with(mut self, layer: impl Layer + 'static) -> Self {
        self.push(layer);
        self
    }

    /// Number of layers.
    pub fn len(&self) -> usize {
        self.layers.len()
    }

    /// Whether there are no layers.
    pub fn is_empty(&self) -> bool {
        self.layers.is_empty()
    }

    /// Names of the layers in order.
    pub fn names(&self) -> Vec<&str> {
        self.layers.iter().map(|l| l.name()).collect()
    }

    /// Runs every layer in order.
    pub fn execute(&self, grid: &mut Grid) -> Result<(), PipelineError> {
        self.execute_with(grid, &mut Timings::default())
    }

    /// Runs every layer in order, reporting to `observer`.
    pub fn execute_with(
        &self,
        grid: &mut Grid,
        observer: &mut dyn Observer,
    ) -> Result<(), PipelineError> {
        let count = self.layers.len();
        for (index, layer) in self.layers.iter().enumerate() {
            run_layer(layer.as_ref(), grid, index, count, observer)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Add(&'static str, f32);
    impl Layer for Add {
        fn name(&self) -> &str {
            self.0
        }
        fn apply(&self, grid: &mut Grid) -> Result<(), LayerError> {
            grid.height.iter_mut().for_each(|h| *h += self.1);
            Ok(())
        }
    }

    struct Fail;
    impl Layer for Fail {
        fn name(&self) -> &str {
            "fail"
        }
        fn apply(&self, _: &mut Grid) -> Result<(), LayerError> {
            Err(LayerError::Grid("broken".into()))
        }
    }

    #[test]
    fn static_pipeline_runs_in_order_and_stops_at_first_error() {
        let p = Pipeline::new((Add("a", 1.0), Add("b", 2.0), Fail, Add("c", 100.0)));
        assert_eq!(p.names(), ["a", "b", "fail", "c"]);
        let mut g = Grid::new(2, 2);
        let err = p.execute(&mut g).unwrap_err();
        assert_eq!(err.layer, "fail");
        assert_eq!(err.to_string(), "layer fail failed: broken");
        assert_eq!(g.height, vec![3.0; 4]);
    }

    #[test]
    fn twelve_layer_tuple_and_dynamic_pipeline_agree() {
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
            Add("12", 1.0),
        ));
        let mut a = Grid::new(3, 1);
        let mut t = Timings::default();
        p.execute_with(&mut a, &mut t).unwrap();
        assert_eq!(t.0.len(), 12);
        let mut d = DynPipeline::new();
        for _ in 0..12 {
            d.push(Add("x", 1.0));
        }
        let mut b = Grid::new(3, 1);
        d.execute(&mut b).unwrap();
        assert_eq!(a, b);
        assert_eq!(a.height[0], 12.0);
        assert!(d.with(Fail).execute(&mut b).is_err());
    }

    #[test]
    fn observer_can_cancel() {
        struct Stop;
        impl Observer for Stop {
            fn layer_started(&mut self, _: &str, index: usize, _: usize) -> bool {
                index < 1
            }
        }
        let p = Pipeline::new((Add("a", 1.0), Add("b", 1.0)));
        let mut g = Grid::new(1, 1);
        let err = p.execute_with(&mut g, &mut Stop).unwrap_err();
        assert_eq!(
            (err.layer.as_str(), err.source),
            ("b", LayerError::Cancelled)
        );
        assert_eq!(g.height[0], 1.0);
    }
}
