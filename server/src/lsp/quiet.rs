//! Work run once changes stop coming for a while: the changes that arrive meanwhile are
//! gathered into that one run, which starts after the last of them.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::time::Instant;

#[derive(Default)]
pub struct Quiet {
    /// When the changes noted will have been quiet long enough; none when no run is pending.
    until: Mutex<Option<Instant>>,
}

impl Quiet {
    /// Notes a change: `run` runs once no change came for `quiet`, unless a run is pending
    /// already, which then covers this change too (it starts after it).
    pub fn changed(self: &Arc<Self>, quiet: Duration, run: impl FnOnce() + Send + 'static) {
        let pending = self.until().replace(Instant::now() + quiet).is_some();
        if pending {
            return;
        }
        let this = self.clone();
        tokio::spawn(async move {
            loop {
                let deadline = {
                    let mut until = this.until();
                    match *until {
                        Some(deadline) if Instant::now() < deadline => deadline,
                        // Quiet: a change from now on waits for a run of its own.
                        _ => {
                            *until = None;
                            break;
                        }
                    }
                };
                tokio::time::sleep_until(deadline).await;
            }
            run();
        });
    }

    fn until(&self) -> std::sync::MutexGuard<'_, Option<Instant>> {
        self.until.lock().unwrap_or_else(|p| p.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    const QUIET: Duration = Duration::from_millis(200);

    /// A `git checkout`: 500 changes 20 ms apart (on tokio's paused clock), then one more
    /// after a while. What each run saw: the number of the last change made before it.
    #[tokio::test(start_paused = true)]
    async fn changes_coming_quickly_are_run_once_after_the_last() {
        let quiet = Arc::new(Quiet::default());
        let last = Arc::new(AtomicUsize::new(0));
        let runs = Arc::new(Mutex::new(Vec::new()));
        let change = |n: usize| {
            last.store(n, Ordering::SeqCst);
            let (last, runs) = (last.clone(), runs.clone());
            quiet.changed(QUIET, move || {
                runs.lock().unwrap().push(last.load(Ordering::SeqCst));
            });
        };
        for n in 1..=500 {
            change(n);
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        tokio::time::sleep(QUIET * 2).await;
        assert_eq!(*runs.lock().unwrap(), [500]);
        change(501);
        tokio::time::sleep(QUIET * 2).await;
        assert_eq!(*runs.lock().unwrap(), [500, 501]);
    }
}
