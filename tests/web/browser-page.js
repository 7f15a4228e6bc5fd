// The page of the browser test (tests/web/browser-test.mjs): runs one Emscripten program per page
// load and reports what happened. The test calls one of the two functions below with
// page.evaluate and reads the object it resolves to.
//
//   donjourno.smoke({ host, library, entry })  loads the smoke host (tests/web/smoke_host.c built
//       for the browser) from HOST.js/.wasm, loads LIBRARY (a file next to it) into it the way
//       Godot's Web export loads a GDExtension (loadDynamicLibrary, asynchronously, before main),
//       checks that every function and global the library imports resolves against the host,
//       then runs main, which dlopens the library and calls ENTRY.
//   donjourno.program({ script, args })  runs the Emscripten program SCRIPT.js/.wasm (the CLI)
//       with the arguments ARGS, after downloading and compiling its .wasm itself so that it can
//       time both.
//
// Both resolve to { ok, exit, out, err, error, ... }: `error` holds the first uncaught error,
// such as the message of tests/web/require-isolation.js when a threaded build is opened in a page
// that is not cross-origin isolated.
'use strict';

(() => {
  const errors = [];
  window.addEventListener('error', (event) => errors.push(String(event.error?.message ?? event.message)));
  window.addEventListener('unhandledrejection', (event) => errors.push(String(event.reason?.message ?? event.reason)));

  // Imports a side module gets from the dynamic linker itself rather than from the host's symbols.
  const LINKER_PROVIDED = new Set(['memory', '__indirect_function_table', '__memory_base', '__table_base']);

  async function download(url) {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    return response.arrayBuffer();
  }

  function loadScript(src) {
    return new Promise((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.onload = resolve;
      script.onerror = () => reject(new Error(`cannot load ${src}`));
      document.head.appendChild(script);
    });
  }

  // Sets up window.Module for an Emscripten program and returns the promises of its start and
  // its end. `instantiate`, if given, replaces Emscripten's own download and compilation.
  function prepareModule(extra) {
    const out = [];
    const err = [];
    let finish;
    const ended = new Promise((resolve) => {
      finish = resolve;
    });
    let started;
    const ready = new Promise((resolve) => {
      started = resolve;
    });
    window.Module = {
      print: (text) => out.push(text),
      printErr: (text) => err.push(text),
      onExit: (code) => finish({ exit: code }),
      onAbort: (what) => finish({ abort: String(what) }),
      onRuntimeInitialized: () => started(),
      ...extra,
    };
    return { out, err, ready, ended };
  }

  // Resolves with the first of: the promise, an uncaught error, the time limit.
  function settle(promise, ms) {
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve({ timeout: ms }), ms);
      const poll = setInterval(() => {
        if (errors.length > 0) {
          clearTimeout(timer);
          clearInterval(poll);
          resolve({ error: errors[0] });
        }
      }, 20);
      promise.then(
        (value) => {
          clearTimeout(timer);
          clearInterval(poll);
          resolve(value);
        },
        (reason) => {
          clearTimeout(timer);
          clearInterval(poll);
          resolve({ error: reason instanceof Error ? `${reason.name}: ${reason.message}` : String(reason) });
        },
      );
    });
  }

  async function smoke({ host, library, entry, timeoutMs = 60000 }) {
    const run = prepareModule({ noInitialRun: true });
    const loaded = await settle(loadScript(`${host}.js`).then(() => run.ready), timeoutMs);
    if (loaded?.error || loaded?.timeout) return { ok: false, stage: 'start', ...loaded, out: run.out, err: run.err };

    // What the library needs from the host, checked before the library adds its own symbols.
    const bytes = await download(`${host.slice(0, host.lastIndexOf('/'))}/${library}`);
    const module = await WebAssembly.compile(bytes);
    const own = new Set(WebAssembly.Module.exports(module).map((e) => e.name));
    const imports = WebAssembly.Module.imports(module);
    const unresolved = imports
      .filter((i) => !LINKER_PROVIDED.has(i.name))
      .filter((i) => !(i.module.startsWith('GOT.') && own.has(i.name)))
      .filter((i) => Module.resolveGlobalSymbol(i.name, true).sym === undefined)
      .map((i) => `${i.module}.${i.name}`);

    const linked = await settle(
      Module.loadDynamicLibrary(library, { loadAsync: true, global: true, nodelete: true }),
      timeoutMs,
    );
    if (linked?.error || linked?.timeout) {
      return { ok: false, stage: 'load', ...linked, imports: imports.length, unresolved, out: run.out, err: run.err };
    }
    const ran = await settle(
      new Promise((resolve) => {
        try {
          Module.callMain([library, entry]);
        } catch (e) {
          if (e?.name !== 'ExitStatus') errors.push(String(e?.message ?? e));
        }
        run.ended.then(resolve);
      }),
      timeoutMs,
    );
    return {
      ok: ran.exit === 0 && unresolved.length === 0,
      stage: 'main',
      ...ran,
      imports: imports.length,
      unresolved,
      out: run.out,
      err: run.err,
    };
  }

  async function program({ script, args, timeoutMs = 300000 }) {
    const t0 = performance.now();
    const bytes = await download(`${script}.wasm`);
    const t1 = performance.now();
    const module = await WebAssembly.compile(bytes);
    const t2 = performance.now();
    const run = prepareModule({
      arguments: args,
      instantiateWasm: (imports, receive) => {
        WebAssembly.instantiate(module, imports).then((instance) => receive(instance, module));
        return {};
      },
    });
    const ended = await settle(loadScript(`${script}.js`).then(() => run.ended), timeoutMs);
    return {
      ok: ended.exit === 0,
      ...ended,
      isolated: globalThis.crossOriginIsolated === true,
      cores: navigator.hardwareConcurrency,
      wasm_bytes: bytes.byteLength,
      download_ms: t1 - t0,
      compile_ms: t2 - t1,
      run_ms: performance.now() - t2,
      out: run.out,
      err: run.err,
    };
  }

  window.donjourno = { smoke, program };
})();
