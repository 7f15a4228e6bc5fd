// Same terrain everywhere: `donjourno hash --suite` must print the grid and mesh hashes of the
// committed golden file (tests/golden/hashes.txt), case by case, natively and built for
// WebAssembly. Without --golden the WebAssembly builds are compared with the native CLI instead;
// without --native only the WebAssembly builds run, against the golden file.
//
// Usage:
//   node tests/web/compare-hashes.mjs [--native PATH/donjourno]
//        [--golden tests/golden/hashes.txt]           the reference (default: the native run)
//        [--wasi PATH/donjourno.wasm]                 the wasm32-wasip1 build, run with node:wasi
//        [--emscripten LABEL=PATH/donjourno.js ...]   wasm32-unknown-emscripten builds, run by node
//        [--suite-output LABEL=PATH ...]              what another build printed for
//                                                     `donjourno hash --suite --golden` (the golden
//                                                     file's format), e.g. the Windows CLI under Wine
//        [--timing N]
//
// --timing N also times the default 128×128 terrain N times on each side (and, with --native,
// natively with one rayon thread) and prints the medians and minima.
//
// Prints one line per side and case, then "N passed, N failed"; exits non-zero on any mismatch.

import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WASI } from 'node:wasi';

function parseArgs(argv) {
  const opts = { native: null, golden: null, wasi: null, emscripten: [], outputs: [], timing: 0 };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) throw new Error(`${arg} needs a value`);
      return argv[++i];
    };
    if (arg === '--native') opts.native = value();
    else if (arg === '--golden') opts.golden = value();
    else if (arg === '--wasi') opts.wasi = value();
    else if (arg === '--emscripten') {
      const v = value();
      const eq = v.indexOf('=');
      if (eq <= 0) throw new Error(`--emscripten needs LABEL=PATH, got ${v}`);
      opts.emscripten.push({ label: v.slice(0, eq), path: v.slice(eq + 1) });
    } else if (arg === '--suite-output') {
      const v = value();
      const eq = v.indexOf('=');
      if (eq <= 0) throw new Error(`--suite-output needs LABEL=PATH, got ${v}`);
      opts.outputs.push({ label: v.slice(0, eq), path: v.slice(eq + 1) });
    } else if (arg === '--timing') opts.timing = Number.parseInt(value(), 10);
    else throw new Error(`unknown argument ${arg}`);
  }
  if (!opts.native && !opts.golden) throw new Error('give --native, --golden or both');
  if (!opts.wasi && opts.emscripten.length === 0 && opts.outputs.length === 0) {
    throw new Error('give --wasi, --emscripten and/or --suite-output');
  }
  if (!(opts.timing >= 0)) throw new Error('--timing needs a whole number');
  return opts;
}

function parseLines(text, side) {
  return text
    .split('\n')
    .filter((line) => line.trim().startsWith('{'))
    .map((line) => {
      try {
        return JSON.parse(line);
      } catch {
        throw new Error(`${side}: not a JSON line: ${line}`);
      }
    });
}

// The golden file: one case a line, "case grid_hash mesh_hash vertices climate_hash"; '#' starts a
// comment.
function parseGolden(text, source) {
  const cases = [];
  const seen = new Set();
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const fields = line.split(' ');
    const hex = /^[0-9a-f]{16}$/;
    const wellFormed =
      fields.length === 5 && hex.test(fields[1]) && hex.test(fields[2]) && /^[0-9]+$/.test(fields[3]) && hex.test(fields[4]);
    if (!wellFormed) {
      throw new Error(`${source}: malformed line: ${line}`);
    }
    if (seen.has(fields[0])) throw new Error(`${source}: case ${fields[0]} is listed twice`);
    seen.add(fields[0]);
    cases.push({
      case: fields[0],
      grid_hash: fields[1],
      mesh_hash: fields[2],
      vertices: Number(fields[3]),
      climate_hash: fields[4],
    });
  }
  if (cases.length === 0) throw new Error(`${source}: no case`);
  return cases;
}

// Compares one side's results with the reference cases; returns [passed, failed] and prints one
// line per case.
function compareSide(label, reference, referenceLabel, results) {
  let passed = 0;
  let failed = 0;
  const byCase = new Map(results.map((r) => [r.case, r]));
  for (const n of reference) {
    const w = byCase.get(n.case);
    byCase.delete(n.case);
    const size = n.width ? ` (${n.width}×${n.depth}, seed ${n.seed}, subdiv ${n.subdivisions})` : '';
    const name = `${label}: ${n.case}${size}`;
    if (!w) {
      failed++;
      console.log(`FAIL ${name}: missing`);
    } else if (
      w.grid_hash !== n.grid_hash ||
      w.mesh_hash !== n.mesh_hash ||
      w.vertices !== n.vertices ||
      w.climate_hash !== n.climate_hash
    ) {
      failed++;
      console.log(
        `FAIL ${name}: ${referenceLabel} grid ${n.grid_hash} mesh ${n.mesh_hash} climate ${n.climate_hash} ` +
          `(${n.vertices} vertices), ${label} grid ${w.grid_hash} mesh ${w.mesh_hash} climate ${w.climate_hash} ` +
          `(${w.vertices} vertices)`,
      );
    } else {
      passed++;
      console.log(`ok   ${name}: grid ${n.grid_hash} mesh ${n.mesh_hash}`);
    }
  }
  for (const extra of byCase.keys()) {
    failed++;
    console.log(`FAIL ${label}: ${extra}: not in the ${referenceLabel} suite`);
  }
  return [passed, failed];
}

function runProcess(file, args, env = {}) {
  return execFileSync(file, args, {
    encoding: 'utf8',
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 << 20,
    timeout: 10 * 60 * 1000,
  });
}

// Runs a WASI module with the given arguments and returns what it wrote to stdout.
async function runWasi(module, args) {
  const dir = mkdtempSync(join(tmpdir(), 'donjourno-wasi-'));
  const outPath = join(dir, 'stdout');
  const fd = openSync(outPath, 'w');
  let closed = false;
  try {
    const wasi = new WASI({
      version: 'preview1',
      args: ['donjourno', ...args],
      env: {},
      stdout: fd,
      returnOnExit: true,
    });
    const instance = await WebAssembly.instantiate(module, wasi.getImportObject());
    const code = wasi.start(instance);
    closeSync(fd);
    closed = true;
    if (code !== 0) throw new Error(`WASI run of "donjourno ${args.join(' ')}" exited with ${code}`);
    return readFileSync(outPath, 'utf8');
  } finally {
    if (!closed) closeSync(fd);
    rmSync(dir, { recursive: true, force: true });
  }
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const sides = [];
  if (opts.wasi) {
    const module = await WebAssembly.compile(readFileSync(opts.wasi));
    sides.push({ label: 'wasi', run: (args) => runWasi(module, args) });
  }
  for (const { label, path } of opts.emscripten) {
    sides.push({ label, run: async (args) => runProcess(process.execPath, [path, ...args]) });
  }

  // Saved suite output in the golden file's format: compared like a side, but never run or timed.
  for (const { label, path } of opts.outputs) {
    sides.push({
      label,
      run: async () => null,
      load: () => parseGolden(readFileSync(path, 'utf8'), `${label} (${path})`),
    });
  }

  const native = opts.native ? parseLines(runProcess(opts.native, ['hash', '--suite']), 'native') : [];
  let reference = native;
  let referenceLabel = 'native';
  let passed = 0;
  let failed = 0;
  if (opts.golden) {
    reference = parseGolden(readFileSync(opts.golden, 'utf8'), opts.golden);
    referenceLabel = 'golden';
    if (opts.native) sides.unshift({ label: 'native', run: async () => null, results: native });
  } else if (native.length === 0) {
    failed++;
    console.log('FAIL the native suite printed no case');
  }
  for (const side of sides) {
    let results = side.results;
    if (!results) {
      try {
        results = side.load ? side.load() : parseLines(await side.run(['hash', '--suite']), side.label);
      } catch (err) {
        failed++;
        console.log(`FAIL ${side.label}: ${err.message}`);
        continue;
      }
    }
    const [p, f] = compareSide(side.label, reference, referenceLabel, results);
    passed += p;
    failed += f;
  }

  if (opts.timing > 0) {
    const time = async (run) => {
      const ms = [];
      for (let i = 0; i < opts.timing; i++) ms.push(parseLines(await run(['hash']), 'timing')[0].generate_ms);
      return `${median(ms).toFixed(1)} ms (min ${Math.min(...ms).toFixed(1)})`;
    };
    const figures = opts.native
      ? [
          `native ${await time(async (a) => runProcess(opts.native, a))} (all threads)`,
          `native ${await time(async (a) => runProcess(opts.native, a, { RAYON_NUM_THREADS: '1' }))} (1 thread)`,
        ]
      : [];
    for (const side of sides.filter((s) => !s.results && !s.load)) figures.push(`${side.label} ${await time(side.run)}`);
    console.log(`timing: default 128×128 terrain, median of ${opts.timing} runs: ${figures.join(', ')}`);
  }

  console.log(`${passed} passed, ${failed} failed`);
  process.exitCode = failed === 0 ? 0 : 1;
}

main().catch((err) => {
  console.error(`compare-hashes: error: ${err.message}`);
  process.exitCode = 2;
});
