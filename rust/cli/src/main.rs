//! `donjourno`: generate, preview, export and benchmark Donjourno terrains from the command line.

mod bench;
mod hash;
mod output;
mod render;

use clap::{Args, Parser, Subcommand};
use donjourno::mesh::{build_mesh, MeshParams};
use donjourno::water_mesh::build_water_mesh;
use donjourno::{generate_with_progress, GenerationStats, GeneratorParams, Grid, Progress};
use indicatif::{ProgressBar, ProgressStyle};
use std::path::PathBuf;
use std::process::ExitCode;

/// Procedural terrain: coverage-controlled mountains, droplet erosion, forests.
#[derive(Parser)]
#[command(name = "donjourno", version, about, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Generate a terrain and write its colour map, 16-bit heightmap and statistics.
    Generate {
        #[command(flatten)]
        params: ParamArgs,
        /// Top-down colour map PNG, one pixel per cell.
        #[arg(long)]
        png: Option<PathBuf>,
        /// 16-bit greyscale heightmap PNG (0 = sea level, 65535 = peak height).
        #[arg(long)]
        heightmap: Option<PathBuf>,
        /// Statistics as JSON (pool fraction, max height, class counts, timings, grid hash).
        #[arg(long)]
        json: Option<PathBuf>,
    },
    /// Render an isometric preview PNG with the seed's projection and lighting.
    Preview {
        #[command(flatten)]
        params: ParamArgs,
        /// Output PNG.
        #[arg(long, default_value = "preview.png")]
        out: PathBuf,
        /// Hour of the sun, 6 (sunrise) to 18 (sunset).
        #[arg(long, default_value_t = 10.0, value_parser = hour)]
        time_of_day: f32,
        /// Micro-quads per cell side, 1–64.
        #[arg(long, default_value_t = 2)]
        subdiv: u32,
        /// Roughness jitter multiplier.
        #[arg(long, default_value_t = MeshParams::default().roughness_strength)]
        roughness_strength: f32,
        /// World height of one height unit (vertical exaggeration).
        #[arg(long, default_value_t = MeshParams::default().height_scale)]
        height_scale: f32,
        /// Pixels per projection unit (default: fit the map into about 1400 pixels).
        #[arg(long)]
        scale: Option<f32>,
    },
    /// Export the terrain mesh as a Wavefront OBJ with vertex colours.
    Export {
        #[command(flatten)]
        params: ParamArgs,
        /// Output OBJ file.
        #[arg(long)]
        obj: PathBuf,
        /// Mesh settings as JSON (subdivisions, roughness_strength, cell_size, height_scale).
        #[arg(long)]
        mesh: Option<PathBuf>,
    },
    /// Print performance figures: erosion, fBm, tessellation and end-to-end generation.
    Bench {
        /// Fewer repetitions and sizes, for a quick look.
        #[arg(long)]
        quick: bool,
    },
    /// Print the grid and mesh hashes as JSON (to compare platforms; `--suite` for the fixed set).
    Hash(hash::HashArgs),
}

fn hour(s: &str) -> Result<f32, String> {
    let v: f32 = s.parse().map_err(|e| format!("{e}"))?;
    if (6.0..=18.0).contains(&v) {
        Ok(v)
    } else {
        Err("must be between 6 and 18".into())
    }
}

/// Generation parameters: a preset (built-in name or JSON file) overridden by single flags.
#[derive(Args, Clone, Default)]
struct ParamArgs {
    /// Built-in preset name (default, island, highlands, tabletop_plains) or a JSON file.
    #[arg(long)]
    preset: Option<String>,
    /// Master seed.
    #[arg(long)]
    seed: Option<u64>,
    /// Cells along x.
    #[arg(long)]
    width: Option<u32>,
    /// Cells along z.
    #[arg(long)]
    depth: Option<u32>,
    /// Fraction of cells in the mountain pool, 0–1.
    #[arg(long)]
    coverage: Option<f32>,
    /// Highest possible summit, in height units.
    #[arg(long)]
    peak_height: Option<f32>,
    /// Number of erosion droplets.
    #[arg(long)]
    droplets: Option<u32>,
    /// Forest fertility height limit.
    #[arg(long)]
    forest_height_limit: Option<f32>,
    /// Forest fall-off exponent.
    #[arg(long)]
    forest_steepness: Option<f32>,
    /// Tree probability on fully fertile ground.
    #[arg(long)]
    forest_density: Option<f32>,
    /// Sea level in height units: cells below it that are open to the border are sea (0: none).
    #[arg(long)]
    sea_level: Option<f32>,
    /// Mountain cells that must drain through a cell for it to be a river.
    #[arg(long)]
    river_threshold: Option<u32>,
    /// Smallest lake, in cells.
    #[arg(long)]
    min_lake_cells: Option<u32>,
    /// Shallowest lake, in height units.
    #[arg(long)]
    min_lake_depth: Option<f32>,
    /// No lakes (and no lake-aware erosion).
    #[arg(long)]
    no_lakes: bool,
    /// No rivers.
    #[arg(long)]
    no_rivers: bool,
    /// Erosion droplets stop in lakes instead of continuing from their outflow.
    #[arg(long)]
    no_lake_erosion: bool,
}

impl ParamArgs {
    fn resolve(&self) -> Result<GeneratorParams, String> {
        let mut p = match &self.preset {
            None => GeneratorParams::default(),
            Some(name) => match GeneratorParams::preset(name) {
                Some(p) => p,
                None => {
                    let text = std::fs::read_to_string(name).map_err(|e| {
                        format!("preset {name}: not a built-in preset and not readable: {e}")
                    })?;
                    GeneratorParams::from_json(&text).map_err(|e| format!("preset {name}: {e}"))?
                }
            },
        };
        macro_rules! set {
            ($($flag:ident => $($field:ident).+),+ $(,)?) => { $(if let Some(v) = self.$flag { p.$($field).+ = v; })+ };
        }
        set!(seed => seed, width => width, depth => depth, coverage => terrain.coverage,
            peak_height => terrain.peak_height, droplets => terrain.droplets,
            forest_height_limit => forest.height_limit, forest_steepness => forest.steepness,
            forest_density => forest.density, sea_level => water.sea_level,
            river_threshold => water.river_threshold, min_lake_cells => water.min_lake_cells,
            min_lake_depth => water.min_lake_depth);
        p.water.lakes_enabled &= !self.no_lakes;
        p.water.rivers_enabled &= !self.no_rivers;
        p.water.lake_erosion &= !self.no_lake_erosion;
        p.validate()
            .map_err(|e| format!("invalid parameters: {e}"))?;
        Ok(p)
    }
}

/// Runs the default pipeline with a progress bar on a terminal.
fn run_pipeline(params: &GeneratorParams) -> Result<(Grid, GenerationStats), String> {
    let bar = ProgressBar::new(1000);
    bar.set_style(
        ProgressStyle::with_template("{msg:>10} [{bar:40}] {percent:>3}% {elapsed}")
            .expect("static template")
            .progress_chars("=> "),
    );
    bar.set_message("eroding");
    let sink = bar.clone();
    let result = generate_with_progress(
        params,
        Progress::new(move |f| {
            sink.set_position((f * 1000.0) as u64);
            true
        }),
    );
    bar.finish_and_clear();
    result.map_err(|e| e.to_string())
}

fn run(cli: Cli) -> Result<(), String> {
    match cli.command {
        Command::Generate {
            params,
            png,
            heightmap,
            json,
        } => {
            let params = params.resolve()?;
            let (grid, stats) = run_pipeline(&params)?;
            if let Some(path) = png {
                output::write_colour_png(&grid, &path)?;
            }
            if let Some(path) = heightmap {
                output::write_heightmap_png(&grid, params.terrain.peak_height, &path)?;
            }
            let report = output::stats_json(&params, &stats);
            match json {
                Some(path) => {
                    std::fs::write(&path, report).map_err(|e| format!("{}: {e}", path.display()))?
                }
                None => println!("{report}"),
            }
            Ok(())
        }
        Command::Preview {
            params,
            out,
            time_of_day,
            subdiv,
            roughness_strength,
            height_scale,
            scale,
        } => {
            let params = params.resolve()?;
            let mesh_params = MeshParams {
                subdivisions: subdiv,
                roughness_strength,
                cell_size: 1.0,
                height_scale,
            };
            mesh_params
                .validate()
                .map_err(|e| format!("invalid mesh settings: {e}"))?;
            let (grid, stats) = run_pipeline(&params)?;
            let mesh = build_mesh(&grid, &mesh_params).map_err(|e| e.to_string())?;
            let water = build_water_mesh(&grid, &mesh_params).map_err(|e| e.to_string())?;
            let (w, d) = (grid.width(), grid.depth());
            let scale = scale.unwrap_or(1400.0 / ((w + d) as f32 * render::CELL_X));
            let image = render::render(&[&mesh, &water], w, d, scale, time_of_day);
            output::write_rgb_png(&image, &out)?;
            eprintln!(
                "{}: {}×{} px, {} triangles, generated in {:.1} ms",
                out.display(),
                image.width,
                image.height,
                mesh.triangle_count(),
                stats.total_time().as_secs_f64() * 1e3
            );
            Ok(())
        }
        Command::Export { params, obj, mesh } => {
            let params = params.resolve()?;
            let mesh_params = match mesh {
                None => MeshParams::default(),
                Some(path) => {
                    let text = std::fs::read_to_string(&path)
                        .map_err(|e| format!("{}: {e}", path.display()))?;
                    serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?
                }
            };
            let (grid, _) = run_pipeline(&params)?;
            let mesh = build_mesh(&grid, &mesh_params).map_err(|e| e.to_string())?;
            output::write_obj(&mesh, &obj)
        }
        Command::Hash(args) => hash::run(args),
        Command::Bench { quick } => {
            bench::run(quick);
            Ok(())
        }
    }
}

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("donjourno: error: {message}");
            ExitCode::FAILURE
        }
    }
}
