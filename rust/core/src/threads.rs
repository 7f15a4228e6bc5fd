//! The thread pool behind the parallel loops, on every platform.
//!
//! The parallel loops use rayon's global pool, which rayon creates on first use with one worker
//! thread per core. Where no thread can be started — WebAssembly without the `atomics` feature:
//! Emscripten's no-threads Web build and WASI preview 1 — creating it fails, and rayon only falls
//! back to the calling thread for some of the errors a platform may report (Emscripten reports
//! `EAGAIN`, which it does not). [`ensure_pool`] makes the calling thread the pool's only worker
//! there, before the first parallel loop; on other platforms it does nothing.
//!
//! Results do not depend on the number of threads, so the single-threaded pool gives the same
//! bits as any other.

/// Makes sure rayon's global pool can be used; every public function with a parallel loop calls
/// it first.
///
/// On WebAssembly without atomics it installs a global pool of one worker, the calling thread
/// (the only thread such a module has). Elsewhere it does nothing and rayon creates its default
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
}
