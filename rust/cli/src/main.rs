//! `donjourno`: generate, preview, export and benchmark Donjourno terrains from the command line
//! (the program is the `donjourno_cli` library's [`main`](donjourno_cli::main)).

fn main() -> std::process::ExitCode {
    donjourno_cli::main()
}
