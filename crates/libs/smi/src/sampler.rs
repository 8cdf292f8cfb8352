//! Rates from cumulative counters (CPU time, energy): the value of a rate is the change since
//! the previous reading. The first reading, or one that comes too soon after the previous,
//! waits for a short window so that a single call still returns a measured rate.

use std::time::{Duration, Instant};

use parking_lot::Mutex;

/// The shortest window a rate is measured over.
pub const SAMPLE_WINDOW: Duration = Duration::from_millis(100);

/// The last reading of a counter of type `T`.
#[derive(Debug)]
pub struct Sampler<T> {
    last: Mutex<Option<(Instant, T)>>,
    window: Duration,
}

impl<T: Copy> Sampler<T> {
    pub fn new(window: Duration) -> Sampler<T> {
        Sampler {
            last: Mutex::new(None),
            window,
        }
    }

    /// (earlier reading, now, elapsed) over at least the window; `None` when `read` fails.
    pub fn pair(&self, read: impl Fn() -> Option<T>) -> Option<(T, T, Duration)> {
        let mut last = self.last.lock();
        let (t0, v0) = match *last {
            Some((t, v)) if t.elapsed() >= self.window => (t, v),
            Some((t, v)) => {
                std::thread::sleep(self.window - t.elapsed());
                (t, v)
            }
            None => {
                let v = read()?;
                let t = Instant::now();
                std::thread::sleep(self.window);
                (t, v)
            }
        };
        let v1 = read()?;
        let t1 = Instant::now();
        *last = Some((t1, v1));
        Some((v0, v1, t1 - t0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    #[test]
    fn rates_span_at_least_the_window() {
        let s = Sampler::new(Duration::from_millis(5));
        let n = Cell::new(0u64);
        let read = || {
            n.set(n.get() + 10);
            Some(n.get())
        };
        let (a, b, dt) = s.pair(read).unwrap();
        assert_eq!((a, b), (10, 20));
        assert!(dt >= Duration::from_millis(5));
        let (a, b, dt) = s.pair(read).unwrap();
        assert_eq!((a, b), (20, 30), "continues from the previous reading");
        assert!(dt >= Duration::from_millis(5));
        assert!(Sampler::<u64>::new(Duration::ZERO).pair(|| None).is_none());
    }
}
