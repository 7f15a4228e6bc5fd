// Appended (emcc --post-js) to the smoke host built for the browser: exposes the dynamic linker's
// symbol lookup, with which the page checks that every import of a library resolves against the
// host (Emscripten's EXPORTED_RUNTIME_METHODS does not offer it).
Module['resolveGlobalSymbol'] = resolveGlobalSymbol;
