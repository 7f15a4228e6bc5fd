// Same terrain everywhere: the CLI built for wasm32-wasip1 and run under Node's WASI must print
// the same grid and mesh hashes as the native CLI, case by case (`donjourno hash --suite`).
//
// Usage:
//   node tests/web/wasi-hash.mjs --native PATH/donjourno --wasm PATH/donjourno.wasm [--timing N]
//
// --timing N also times the default 128×128 terrain N times on each side (native with every
// rayon thread, native with one thread, WASI) and prints the medians.
//
// Prints one line per case and closes with "N passed, N failed"; exits non-zero on any mismatch.

import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WASI } from 'node:wasi';

function parseArgs(argv) {
  const opts = { native: null, wasm: null, timing: 0 };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) throw new Error(`${arg} needs a value`);
      return argv[++i];
    };
    if (arg === '--native') opts.native = value();
    else if (arg === '--wasm') opts.wasm = value();
    else if (arg === '--timing') opts.timing = Number.parseInt(value(), 10);
    else throw new Error(`unknown argument ${arg}`);
  }
  if (!opts.native || !opts.wasm) throw new Error('both --native and --wasm are required');
  if (!(opts.timing >= 0)) throw new Error('--timing needs a whole number');
  return opts;
}

function parseLines(text, side) {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      try {
        return JSON.parse(line);
      } catch {
        throw new Error(`${side}: not a JSON line: ${line}`);
      }
    });
}

function runNative(exe, args, env = {}) {
  return execFileSync(exe, args, {
    encoding: 'utf8',
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 << 20,
  });
}

// Runs the WASI module with the given arguments and returns what it wrote to stdout.
async function runWasi(module, args) {
  const dir = mkdtempSync(join(tmpdir(), 'donjourno-wasi-'));
  const outPath = join(dir, 'stdout');
  const fd = openSync(outPath, 'w');
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
    const out = readFileSync(outPath, 'utf8');
    if (code !== 0) throw new Error(`WASI run of "donjourno ${args.join(' ')}" exited with ${code}`);
    return out;
  } finally {
    try {
      closeSync(fd);
    } catch {
      // already closed
    }
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
  const module = await WebAssembly.compile(readFileSync(opts.wasm));

  const native = parseLines(runNative(opts.native, ['hash', '--suite']), 'native');
  const wasm = parseLines(await runWasi(module, ['hash', '--suite']), 'wasi');
  let passed = 0;
  let failed = 0;
  const byCase = new Map(wasm.map((r) => [r.case, r]));
  for (const n of native) {
    const w = byCase.get(n.case);
    byCase.delete(n.case);
    const label = `${n.case} (${n.width}×${n.depth}, seed ${n.seed}, subdiv ${n.subdivisions})`;
    if (!w) {
      failed++;
      console.log(`FAIL ${label}: missing from the WASI run`);
    } else if (w.grid_hash !== n.grid_hash || w.mesh_hash !== n.mesh_hash || w.vertices !== n.vertices) {
      failed++;
      console.log(
        `FAIL ${label}: native grid ${n.grid_hash} mesh ${n.mesh_hash} (${n.vertices} vertices), ` +
          `wasi grid ${w.grid_hash} mesh ${w.mesh_hash} (${w.vertices} vertices)`,
      );
    } else {
      passed++;
      console.log(`ok   ${label}: grid ${n.grid_hash} mesh ${n.mesh_hash}`);
    }
  }
  for (const extra of byCase.keys()) {
    failed++;
    console.log(`FAIL ${extra}: only in the WASI run`);
  }
  if (native.length === 0) {
    failed++;
    console.log('FAIL the native suite printed no case');
  }

  if (opts.timing > 0) {
    const time = async (fn) => {
      const ms = [];
      for (let i = 0; i < opts.timing; i++) ms.push(parseLines(await fn(), 'timing')[0].generate_ms);
      return median(ms);
    };
    const nativeAll = await time(async () => runNative(opts.native, ['hash']));
    const nativeOne = await time(async () => runNative(opts.native, ['hash'], { RAYON_NUM_THREADS: '1' }));
    const wasi = await time(() => runWasi(module, ['hash']));
    const fmt = (v) => `${v.toFixed(1)} ms`;
    console.log(
      `timing: default 128×128 terrain, median of ${opts.timing}: native ${fmt(nativeAll)} ` +
        `(all threads), native ${fmt(nativeOne)} (1 thread), node WASI ${fmt(wasi)} (1 thread)`,
    );
  }

  console.log(`${passed} passed, ${failed} failed`);
  process.exitCode = failed === 0 ? 0 : 1;
}

main().catch((err) => {
  console.error(`wasi-hash: error: ${err.message}`);
  process.exitCode = 2;
});
