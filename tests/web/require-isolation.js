// Prepended (emcc --pre-js) to the Web programs built with threads. Their memory is a
// SharedArrayBuffer, which a browser only provides to a cross-origin isolated page; without it
// Emscripten fails later with an obscure error. This check fails first, naming what is missing.
if (typeof window === 'object' && typeof importScripts !== 'function' && !globalThis.crossOriginIsolated) {
  throw new Error(
    'this page is not cross-origin isolated, so SharedArrayBuffer and with it this build with threads ' +
      'is unavailable: serve it with the headers "Cross-Origin-Opener-Policy: same-origin" and ' +
      '"Cross-Origin-Embedder-Policy: require-corp" (tests/tools/serve.py does), or use the build ' +
      'without threads',
  );
}
