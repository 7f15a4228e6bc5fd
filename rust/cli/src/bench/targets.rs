//! The performance targets beside the figures measured: one table at the end of
//! `donjourno bench`, so a reader sees in one place which targets are met and which are not.
//! Speed is reported here, never asserted.

/// One row of the table: what was measured, the figure, the target, and whether it is met.
struct Row {
    what: String,
    figure: String,
    target: &'static str,
    met: bool,
}

/// The rows collected while the figures run.
#[derive(Default)]
pub(super) struct Targets {
    rows: Vec<Row>,
}

impl Targets {
    /// A figure that meets its target at `limit` or below.
    pub(super) fn at_most(
        &mut self,
        what: String,
        value: f64,
        unit: &str,
        limit: f64,
        target: &'static str,
    ) {
        self.push(what, value, unit, value <= limit, target);
    }

    /// A figure that meets its target at `limit` or above.
    pub(super) fn at_least(
        &mut self,
        what: String,
        value: f64,
        unit: &str,
        limit: f64,
        target: &'static str,
    ) {
        self.push(what, value, unit, value >= limit, target);
    }

    fn push(&mut self, what: String, value: f64, unit: &str, met: bool, target: &'static str) {
        self.rows.push(Row {
            what,
            figure: format!("{value:.2} {unit}"),
            target,
            met,
        });
    }

    /// Prints the table. A quick run measures smaller maps than the targets name, so its rows
    /// are marked as not comparable.
    pub(super) fn print(&self, quick: bool) {
        if self.rows.is_empty() {
            return;
        }
        println!();
        println!("targets (the Godot and browser figures are printed by their own benches):");
        let width = self.rows.iter().map(|r| r.what.len()).max().unwrap_or(0);
        for r in &self.rows {
            let verdict = match (quick, r.met) {
                (true, _) => "quick run: not comparable",
                (false, true) => "met",
                (false, false) => "not met",
            };
            println!(
                "  {:<width$}  {:>16}  target {:<18} {verdict}",
                r.what, r.figure, r.target
            );
        }
    }
}

/// The process's peak resident memory so far, in megabytes (10⁶ bytes), where the system reports
/// it (Linux's `VmHWM`); `None` elsewhere.
pub(super) fn peak_memory_mb() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024.0 / 1e6)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_are_met_on_the_right_side_of_their_limit() {
        let mut t = Targets::default();
        t.at_most("a".into(), 8.0, "ns", 8.0, "≤ 8 ns");
        t.at_most("b".into(), 8.5, "ns", 8.0, "≤ 8 ns");
        t.at_least("c".into(), 30.0, "M/s", 30.0, "≥ 30 M/s");
        t.at_least("d".into(), 29.0, "M/s", 30.0, "≥ 30 M/s");
        let met: Vec<bool> = t.rows.iter().map(|r| r.met).collect();
        assert_eq!(met, [true, false, true, false]);
        assert_eq!(t.rows[0].figure, "8.00 ns");
    }
}
