//! Requests about texts far larger than any game's file (a 10 MB "Patience game") run on one
//! thread of their own at the lowest CPU priority Linux has (`SCHED_IDLE`): on a machine with
//! few cores, a keystroke's check in another file then gets a CPU the moment it wakes, instead
//! of waiting for the bulk work's time slice to end. Requests about ordinary files never come
//! here, so a busy machine cannot starve a hover.

use std::sync::Mutex;
use std::sync::mpsc::{Sender, channel};

/// Texts larger than this are bulk: the largest real game file is a few KB, and every format
/// reads at most a few hundred KB of any text (its bound).
pub const BULK_BYTES: usize = 1 << 20;

type Job = Box<dyn FnOnce() + Send>;

/// The bulk thread's queue, the thread started on first use; `None` when it cannot be started
/// (the caller then runs the work as any other request).
pub fn queue() -> Option<Sender<Job>> {
    static QUEUE: Mutex<Option<Sender<Job>>> = Mutex::new(None);
    let mut queue = QUEUE.lock().unwrap_or_else(|p| p.into_inner());
    if queue.is_none() {
        let (sender, jobs) = channel::<Job>();
        std::thread::Builder::new()
            .name("retroboard-bulk".into())
            .spawn(move || {
                lowest_priority();
                for job in jobs {
                    job();
                }
            })
            .ok()?;
        *queue = Some(sender);
    }
    queue.clone()
}

/// Runs `work` on the bulk thread of `queue` and waits for its answer; `None` when the thread
/// is gone (it never is: request work catches its own panics).
pub async fn run<T: Send + 'static>(
    queue: &Sender<Job>,
    work: impl FnOnce() -> T + Send + 'static,
) -> Option<T> {
    let (answer, answered) = tokio::sync::oneshot::channel();
    queue
        .send(Box::new(move || {
            let _ = answer.send(work());
        }))
        .ok()?;
    answered.await.ok()
}

/// Puts the calling thread at the lowest CPU priority, where the system has one.
fn lowest_priority() {
    #[cfg(target_os = "linux")]
    // SAFETY: sched_setscheduler with pid 0 changes only the calling thread; the parameter is
    // a valid, initialised sched_param (priority 0, the only one SCHED_IDLE takes).
    unsafe {
        let param = libc::sched_param { sched_priority: 0 };
        libc::sched_setscheduler(0, libc::SCHED_IDLE, &param);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn bulk_work_runs_on_its_own_thread_and_answers() {
        let here = std::thread::current().id();
        let queue = queue().expect("the bulk thread starts");
        let (thread, value) = run(&queue, move || (std::thread::current().id(), 6 * 7))
            .await
            .unwrap();
        assert_eq!(value, 42);
        assert_ne!(thread, here);
        // The same thread takes the next job.
        let again = run(&queue, || std::thread::current().id()).await.unwrap();
        assert_eq!(again, thread);
    }

    #[cfg(target_os = "linux")]
    #[tokio::test]
    async fn the_bulk_thread_runs_at_idle_priority() {
        let queue = queue().expect("the bulk thread starts");
        // SAFETY: sched_getscheduler(0) only reads the calling thread's policy.
        let policy = run(&queue, || unsafe { libc::sched_getscheduler(0) })
            .await
            .unwrap();
        assert_eq!(policy, libc::SCHED_IDLE);
    }
}
