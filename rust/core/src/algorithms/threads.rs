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

/// Cells a task of a parallel loop over a map takes at least in a Web build with threads: a loop
/// over fewer cells runs as one task on one worker. Waking the pool's other Web Worker and
/// joining it costs more there than it saves on a small map (the default 128² map generated in
/// 79.8 ms on two workers, 70.4 ms on one, under Node); natively a loop splits down to single
/// items as rayon sees fit.
pub const WEB_MIN_TASK_CELLS: usize = 1 << 15;

// The default 128² map is one task on the Web; a 256² map is two.
const _: () = assert!(128 * 128 <= WEB_MIN_TASK_CELLS && 256 * 256 > WEB_MIN_TASK_CELLS);

/// The fewest cells one task of a parallel loop over the cells of a map takes: 1 (rayon's own
/// splitting), or [`WEB_MIN_TASK_CELLS`] in a Web build with threads. For `with_min_len`.
#[inline]
pub fn min_cells() -> usize {
    if cfg!(all(target_family = "wasm", target_feature = "atomics")) {
        WEB_MIN_TASK_CELLS
    } else {
        1
    }
}

/// The fewest rows of `width` cells one task of a parallel loop over rows takes: enough rows for
/// [`min_cells`] cells, at least one. For `with_min_len`.
#[inline]
pub fn min_rows(width: usize) -> usize {
    (min_cells() / width.max(1)).max(1)
}

/// Runs `f`, in a Web build with threads as one job on a worker of rayon's pool, elsewhere on the
/// calling thread; the caller waits for it either way.
///
/// A parallel loop started outside the pool hands its work to a worker and waits for it; one
/// started on a worker runs its first task in place. On the Web every hand-off wakes a Web Worker
/// (and a browser's main thread cannot sleep while it waits, it spins), so a generation started
/// outside the pool makes one hand-off in all rather than one per loop.
pub fn on_pool<R: Send>(f: impl FnOnce() -> R + Send) -> R {
    if cfg!(all(target_family = "wasm", target_feature = "atomics")) {
        rayon::scope(|_| f())
    } else {
        f()
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_small_map_is_one_task_on_the_web_and_native_loops_split_freely() {
        if cfg!(all(target_family = "wasm", target_feature = "atomics")) {
            assert_eq!(min_rows(128), WEB_MIN_TASK_CELLS / 128);
        } else {
            assert_eq!(min_cells(), 1);
            assert_eq!(min_rows(128), 1);
        }
        assert!(
            min_rows(1 << 20) >= 1 && min_rows(0) >= 1,
            "at least one row"
        );
    }
}
