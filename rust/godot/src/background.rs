//! Background threads run below the main thread's priority. Generation keeps every core busy for
//! seconds (rayon's pool has one worker per core); at equal priority the frame loop waits its turn
//! behind them and a frame can take several times its length. Every thread the terrain starts
//! (rebuilds, chunk levels, endless tiles, navigation, the release of replaced buffers) and every
//! worker of rayon's pool lowers its own priority, so the scheduler hands the main thread a core
//! as soon as it needs one. When the main thread sleeps (a frame paced by the display), the
//! workers still have every core. Results do not depend on it.
//!
//! Linux and Android raise the thread's nice value to [`BACKGROUND_NICE`]; Windows sets
//! `THREAD_PRIORITY_BELOW_NORMAL`; other platforms (the Web, macOS) keep the default priority.

/// The nice value of a background thread on Linux and Android (0 is the default; each step up
/// gives the thread about a quarter less of a contended core).
#[cfg(any(target_os = "linux", target_os = "android"))]
pub const BACKGROUND_NICE: i32 = 5;

/// Lowers the calling thread's priority to a background thread's. Failing to (a sandbox that
/// forbids it) leaves the priority as it was.
pub fn lower_this_thread() {
    #[cfg(any(target_os = "linux", target_os = "android"))]
    {
        // SAFETY: plain system calls on the calling thread; gettid cannot fail, and setpriority
        // only reports an error, which is ignored.
        unsafe {
            let tid = libc::syscall(libc::SYS_gettid) as libc::id_t;
            let current = libc::getpriority(libc::PRIO_PROCESS, tid);
            if current < BACKGROUND_NICE {
                libc::setpriority(libc::PRIO_PROCESS, tid, BACKGROUND_NICE);
            }
        }
    }
    #[cfg(windows)]
    {
        use windows_sys::Win32::System::Threading::{
            GetCurrentThread, SetThreadPriority, THREAD_PRIORITY_BELOW_NORMAL,
        };
        // SAFETY: the pseudo-handle of the calling thread is always valid.
        unsafe {
            SetThreadPriority(GetCurrentThread(), THREAD_PRIORITY_BELOW_NORMAL);
        }
    }
}

/// Builds rayon's global pool with background workers, before anything uses it; a no-op when
/// it exists already, and on the Web, where the core sizes the pool to the page's workers.
pub fn install_pool() {
    #[cfg(not(target_family = "wasm"))]
    {
        // An error means the pool exists already: it keeps its workers' priority.
        let _ = rayon::ThreadPoolBuilder::new()
            .thread_name(|i| format!("donjourno-pool-{i}"))
            .start_handler(|_| lower_this_thread())
            .build_global();
    }
}

#[cfg(all(test, any(target_os = "linux", target_os = "android")))]
mod tests {
    use super::*;

    /// The nice value of the calling thread.
    fn nice() -> i32 {
        // SAFETY: plain system calls on the calling thread.
        unsafe {
            let tid = libc::syscall(libc::SYS_gettid) as libc::id_t;
            libc::getpriority(libc::PRIO_PROCESS, tid)
        }
    }

    #[test]
    fn a_background_thread_lowers_its_own_priority_and_no_other() {
        let before = nice();
        let background = std::thread::spawn(|| {
            lower_this_thread();
            nice()
        })
        .join()
        .unwrap();
        assert!(
            background >= BACKGROUND_NICE,
            "background thread at nice {background}"
        );
        assert_eq!(nice(), before, "the calling thread keeps its priority");
    }
}
