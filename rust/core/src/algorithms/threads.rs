//! The thread pool behind the parallel loops, on every platform.
//!
//! The parallel loops use rayon's global pool, which rayon creates on first use with one worker
//! thread per core. Where no thread can be started — WebAssembly without the `atomics` feature:
//! Emscripten's no-threads Web build and WASI preview 1 — creating it fails, and rayon only falls
//! back to the calling thread for some of the errors a platform may report (Emscripten reports
//! `EAGAIN`, which it does not). [`ensure_pool`] makes the calling thread the pool's only worker
//! there, before the first parallel loop; on other platforms it does nothing.
//!
//! On the Web with threads (Emscripten with `atomics`), every rayon worker is a Web Worker taken
//! from the pool the page started with, which Godot's own worker threads share; a worker the pool
//! lacks cannot start while the main thread waits for it. [`ensure_pool`] caps rayon's pool there
//! at [`WEB_MAX_THREADS`] workers, whatever `navigator.hardwareConcurrency` says.
//!
//! Results do not depend on the number of threads, so the single-threaded pool gives the same
//! bits as any other.

/// The most worker threads rayon's pool has in a Web build with threads.
///
/// Godot's Web export starts its page with a fixed pool of Web Workers (8 by default) for all
/// the engine's threads; two of them for the terrain leave the rest to Godot's own worker pool,
/// audio and loading threads.
pub const WEB_MAX_THREADS: usize = 2;

/// Makes sure rayon's global pool can be used; every public function with a parallel loop calls
/// it first.
///
/// On WebAssembly without atomics it installs a global pool of one worker, the calling thread
/// (the only thread such a module has). On WebAssembly with atomics it installs a global pool of
/// at most [`WEB_MAX_THREADS`] workers. Elsewhere it does nothing and rayon creates its default
/// pool on first use.
#[inline]
pub fn ensure_pool() {
    #[cfg(all(target_family = "wasm", not(target_feature = "atomics")))]
    {
        static ONCE: std::sync::Once = std::sync::Once::new();
        ONCE.call_once(|| {
            // An error means a global pool exists already, which is all that is needed.
            let _ = rayon::ThreadPoolBuilder::new()
                .num_threads(1)
                .use_current_thread()
                .build_global();
        });
    }
    #[cfg(all(target_family = "wasm", target_feature = "atomics"))]
    {
        static ONCE: std::sync::Once = std::sync::Once::new();
        ONCE.call_once(|| {
            let cores = std::thread::available_parallelism().map_or(1, usize::from);
            // An error means a global pool exists already, which is all that is needed.
            let _ = rayon::ThreadPoolBuilder::new()
                .num_threads(cores.clamp(1, WEB_MAX_THREADS))
                .build_global();
        });
    }
}
