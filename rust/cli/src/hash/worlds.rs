//! The worlds of the hash suite, each generated once: several cases fingerprint one world (its
//! terrain and then its water, its biomes and then its scatter), and under QEMU, Wine and
//! WebAssembly every generation counts.

use super::Case;
use donjourno::{GenerationStats, Grid};
use std::cell::RefCell;
use std::collections::HashMap;

/// What makes a case's world: its parameters and its inputs, as their debug text (floats print
/// their shortest exact form, so two texts are equal only for equal values). `None` for a case
/// with a heightmap, whose world is never shared.
fn key(case: &Case) -> Option<String> {
    case.inputs
        .heightmap
        .is_none()
        .then(|| format!("{:?} {:?}", case.params, case.inputs))
}

/// A world and how many of the suite's cases have yet to read it.
struct Shared {
    readers: usize,
    world: Option<(Grid, GenerationStats)>,
}

/// The worlds that more than one case reads, kept from the first reader to the last.
pub(super) struct Worlds {
    shared: RefCell<HashMap<String, Shared>>,
}

impl Worlds {
    /// Counts the readers of each world among `cases`: the ones every case of the run will ask
    /// for, in any order.
    pub(super) fn new<'a>(cases: impl IntoIterator<Item = &'a Case>) -> Self {
        let mut shared: HashMap<String, Shared> = HashMap::new();
        for key in cases.into_iter().filter_map(key) {
            shared
                .entry(key)
                .or_insert(Shared {
                    readers: 0,
                    world: None,
                })
                .readers += 1;
        }
        shared.retain(|_, s| s.readers > 1);
        Worlds {
            shared: RefCell::new(shared),
        }
    }

    /// The world of `case`: generated on its first reading, kept while other cases will read it,
    /// and handed over to its last reader.
    pub(super) fn generate(&self, case: &Case) -> Result<(Grid, GenerationStats), String> {
        let Some(key) = key(case) else {
            return case.generate();
        };
        let mut shared = self.shared.borrow_mut();
        let Some(entry) = shared.get_mut(&key) else {
            return case.generate();
        };
        let world = match entry.world.take() {
            Some(world) => world,
            None => case.generate()?,
        };
        entry.readers -= 1;
        if entry.readers == 0 {
            shared.remove(&key);
            Ok(world)
        } else {
            entry.world = Some(world.clone());
            Ok(world)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use donjourno::params::MeshParams;
    use donjourno::{ExternalInputs, GeneratorParams};

    fn case(name: &str, seed: u64) -> Case {
        Case {
            name: name.into(),
            params: GeneratorParams {
                width: 24,
                depth: 24,
                seed,
                ..Default::default()
            },
            mesh: MeshParams::default(),
            inputs: ExternalInputs::default(),
            water: false,
        }
    }

    #[test]
    fn a_shared_world_is_the_generated_world_and_is_dropped_after_its_last_reader() {
        let (a, b, c) = (case("a", 1), case("water:a", 1), case("other", 2));
        let worlds = Worlds::new([&a, &b, &c]);
        assert_eq!(
            worlds.shared.borrow().len(),
            1,
            "only the world read twice is kept"
        );
        let first = worlds.generate(&a).unwrap().0;
        assert_eq!(first.hash(), a.generate().unwrap().0.hash());
        assert!(worlds.shared.borrow().values().all(|s| s.world.is_some()));
        assert_eq!(worlds.generate(&b).unwrap().0.hash(), first.hash());
        assert!(
            worlds.shared.borrow().is_empty(),
            "handed to its last reader"
        );
        assert_eq!(
            worlds.generate(&c).unwrap().0.hash(),
            c.generate().unwrap().0.hash()
        );
    }
}
