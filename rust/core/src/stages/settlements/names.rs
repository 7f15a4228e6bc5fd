//! Settlement names from a seeded syllable generator: two or three syllables, sometimes a
//! suffix, every name on a map different.

use rand::Rng;

/// Consonants that open a syllable.
const ONSETS: [&str; 22] = [
    "b", "br", "c", "d", "dr", "f", "g", "gr", "h", "k", "l", "m", "n", "p", "r", "s", "st", "t",
    "th", "v", "w", "",
];
/// Vowels.
const VOWELS: [&str; 9] = ["a", "e", "i", "o", "u", "ae", "ia", "ou", "ei"];
/// Consonants that close a syllable.
const CODAS: [&str; 9] = ["", "", "n", "r", "l", "s", "m", "nd", "rk"];
/// Endings of a place name.
const SUFFIXES: [&str; 10] = [
    "ton", "ford", "ham", "by", "wick", "stead", "burg", "mere", "dale", "field",
];
/// Share of names that take a suffix.
const SUFFIX_SHARE: f64 = 0.4;

/// One name: two or three syllables (or one and a suffix, or two and a suffix), capitalised.
pub fn name(rng: &mut impl Rng) -> String {
    let suffix = rng.random_bool(SUFFIX_SHARE);
    let syllables = if suffix {
        rng.random_range(1..=2)
    } else {
        rng.random_range(2..=3)
    };
    let mut s = String::new();
    for _ in 0..syllables {
        s.push_str(ONSETS[rng.random_range(0..ONSETS.len())]);
        s.push_str(VOWELS[rng.random_range(0..VOWELS.len())]);
        s.push_str(CODAS[rng.random_range(0..CODAS.len())]);
    }
    if suffix {
        s.push_str(SUFFIXES[rng.random_range(0..SUFFIXES.len())]);
    }
    let mut chars = s.chars();
    chars
        .next()
        .map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}

/// `count` different names from the `settlement-names` stream of `seed`.
pub fn names(seed: u64, count: usize) -> Vec<String> {
    let mut rng = crate::algorithms::seed::rng(seed, "settlement-names");
    let mut out: Vec<String> = Vec::with_capacity(count);
    while out.len() < count {
        let n = name(&mut rng);
        if n.len() >= 3 && !out.contains(&n) {
            out.push(n);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn names_are_seeded_distinct_and_capitalised() {
        let a = super::names(7, 40);
        assert_eq!(a, super::names(7, 40));
        assert_ne!(a, super::names(8, 40));
        let mut sorted = a.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), 40);
        assert!(a.iter().all(|n| n.chars().next().unwrap().is_uppercase()));
    }
}
