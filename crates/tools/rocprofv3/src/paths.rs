//! rocprofv3's placeholders in `-d` and `-o`: `%pid%` (the traced process), `%ppid%` (its
//! parent, rocprofv3 or the process that forked it), `%hostname%`.

use std::path::PathBuf;

/// The values placeholders stand for.
#[derive(Debug, Clone)]
pub struct Placeholders {
    pub pid: u32,
    pub ppid: u32,
    pub hostname: String,
}

impl Placeholders {
    /// `text` with every placeholder replaced.
    pub fn expand(&self, text: &str) -> String {
        text.replace("%pid%", &self.pid.to_string())
            .replace("%ppid%", &self.ppid.to_string())
            .replace("%hostname%", &self.hostname)
    }

    /// `<dir>/<name>_<kind>.<extension>`, placeholders replaced.
    pub fn output_path(&self, dir: &str, name: &str, kind: &str, extension: &str) -> PathBuf {
        PathBuf::from(self.expand(dir)).join(format!("{}_{kind}.{extension}", self.expand(name)))
    }
}

/// This machine's host name (`localhost` if the kernel does not say).
pub fn hostname() -> String {
    let mut buf = [0u8; 256];
    // SAFETY: `buf` is writable for its length; gethostname NUL-terminates within it on success.
    let rc = unsafe { libc::gethostname(buf.as_mut_ptr().cast(), buf.len()) };
    let end = buf.iter().position(|&b| b == 0).unwrap_or(buf.len());
    match (rc, std::str::from_utf8(&buf[..end])) {
        (0, Ok(name)) if !name.is_empty() => name.to_string(),
        _ => "localhost".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_are_replaced_everywhere() {
        let p = Placeholders {
            pid: 12,
            ppid: 3,
            hostname: "box".into(),
        };
        assert_eq!(p.expand("%hostname%/%pid%-%ppid%/%pid%"), "box/12-3/12");
        assert_eq!(
            p.output_path("%hostname%/%pid%", "%pid%", "hip_api_trace", "csv"),
            PathBuf::from("box/12/12_hip_api_trace.csv")
        );
        assert!(!hostname().is_empty());
    }
}
