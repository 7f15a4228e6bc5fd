//! Progress reporting and cancellation for long layers.

use std::fmt;
use std::sync::Arc;

/// A shared progress sink: receives fractions in `0..=1` and returns `false` to cancel.
///
/// The default sink ignores progress and never cancels.
#[derive(Clone, Default)]
pub struct Progress(Option<Arc<dyn Fn(f32) -> bool + Send + Sync>>);

impl Progress {
    /// A sink calling `f` with each fraction.
    pub fn new(f: impl Fn(f32) -> bool + Send + Sync + 'static) -> Self {
        Progress(Some(Arc::new(f)))
    }

    /// Reports a fraction; `false` means the caller should stop.
    pub fn report(&self, fraction: f32) -> bool {
        self.0.as_ref().is_none_or(|f| f(fraction))
    }
}

impl fmt::Debug for Progress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.0.is_some() {
            "Progress(sink)"
        } else {
            "Progress(none)"
        })
    }
}
