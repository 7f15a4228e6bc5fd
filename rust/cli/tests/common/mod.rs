//! What the command line's integration tests share.

use std::process::{Command, Output};

/// Runs the `donjourno` binary with `args`.
pub fn donjourno(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_donjourno"))
        .args(args)
        .output()
        .expect("the binary runs")
}
