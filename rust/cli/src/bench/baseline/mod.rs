//! Baselines: plain, obviously correct implementations of the models the core's kernels speed
//! up, run beside them on the same map in the same run. A kernel's ratio to its baseline
//! compares across days and machines, where its own figure does not.

pub mod droplet;
pub mod flood;

/// A kernel's figure beside its baseline's, both in the same unit, and the kernel's speed over
/// the baseline's.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Beside {
    /// The kernel's figure.
    pub kernel: f64,
    /// The baseline's figure.
    pub baseline: f64,
    /// The kernel's speed over the baseline's (above 1: the kernel is faster).
    pub ratio: f64,
}

impl Beside {
    /// Figures that are times per unit of work (ns a step): the faster takes less.
    pub fn times(kernel: f64, baseline: f64) -> Self {
        Beside {
            kernel,
            baseline,
            ratio: baseline / kernel,
        }
    }

    /// Figures that are rates (cells a second): the faster does more.
    pub fn rates(kernel: f64, baseline: f64) -> Self {
        Beside {
            kernel,
            baseline,
            ratio: kernel / baseline,
        }
    }
}
