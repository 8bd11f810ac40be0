//! Work that may take long and that no keystroke waits for runs on threads of its own at the
//! lowest CPU priority Linux has (`SCHED_IDLE`): requests about texts far larger than any
//! game's file (a 10 MB "Patience game") and the workspace check on the bulk lane, the search
//! whether a peg board can be won on the search lane. On a machine with few cores a keystroke's
//! check, or a request on the board being searched, then gets a CPU the moment it wakes,
//! instead of waiting for that work's time slice to end; and the work stops where it passes
//! [`crate::give_way::give_way`] while a keystroke is checked. Requests about ordinary files
//! never come here, so a busy machine cannot starve a hover.

use std::sync::Mutex;
use std::sync::mpsc::{Sender, channel};

/// Texts larger than this are bulk: the largest real game file is a few KB, and every format
/// reads at most a few hundred KB of any text (its bound).
pub const BULK_BYTES: usize = 1 << 20;

pub type Job = Box<dyn FnOnce() + Send>;

/// A thread of its own at the lowest priority, for one kind of work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lane {
    /// Requests about huge texts and the workspace check.
    Bulk,
    /// Searches whether a peg board can be won (one at a time already).
    Search,
}

/// The queue of a lane's thread, the thread started on first use; `None` when it cannot be
/// started (the caller then runs the work as any other).
pub fn queue_of(lane: Lane) -> Option<Sender<Job>> {
    static QUEUES: [Mutex<Option<Sender<Job>>>; 2] = [Mutex::new(None), Mutex::new(None)];
    let (slot, name) = match lane {
        Lane::Bulk => (&QUEUES[0], "retroboard-bulk"),
        Lane::Search => (&QUEUES[1], "retroboard-search"),
    };
    let mut queue = slot.lock().unwrap_or_else(|p| p.into_inner());
    if queue.is_none() {
        let (sender, jobs) = channel::<Job>();
        std::thread::Builder::new()
            .name(name.into())
            .spawn(move || {
                lowest_priority();
                crate::give_way::run_in_background();
                for job in jobs {
                    crate::give_way::give_way();
                    job();
                }
            })
            .ok()?;
        *queue = Some(sender);
    }
    queue.clone()
}

/// The bulk lane's queue (see [`queue_of`]).
pub fn queue() -> Option<Sender<Job>> {
    queue_of(Lane::Bulk)
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

/// Runs `work` on the bulk thread when there is one, else on a blocking thread.
pub async fn run_or_block<T: Send + 'static>(
    queue: Option<&Sender<Job>>,
    work: impl FnOnce() -> T + Send + 'static,
) -> Option<T> {
    match queue {
        Some(queue) => run(queue, work).await,
        None => tokio::task::spawn_blocking(work).await.ok(),
    }
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

    #[tokio::test]
    async fn each_lane_has_a_thread_of_its_own() {
        let bulk = queue_of(Lane::Bulk).unwrap();
        let search = queue_of(Lane::Search).unwrap();
        let on_bulk = run(&bulk, || std::thread::current().id()).await.unwrap();
        let on_search = run(&search, || std::thread::current().id()).await.unwrap();
        assert_ne!(on_bulk, on_search);
    }

    #[cfg(target_os = "linux")]
    #[tokio::test]
    async fn the_lanes_run_at_idle_priority() {
        for lane in [Lane::Bulk, Lane::Search] {
            let queue = queue_of(lane).expect("the lane's thread starts");
            // SAFETY: sched_getscheduler(0) only reads the calling thread's policy.
            let policy = run(&queue, || unsafe { libc::sched_getscheduler(0) })
                .await
                .unwrap();
            assert_eq!(policy, libc::SCHED_IDLE, "{lane:?}");
        }
    }
}
