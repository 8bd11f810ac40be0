//! How a run names files: every path in the form the paths were typed in (`./games/a.pat`,
//! `games/a.pat` or absolute), the paths it finds itself too (a settings file, a baseline's
//! entries); SARIF names them relative to `%SRCROOT%`, the working folder.

use std::path::{Component, Path, PathBuf};

/// The form of a run's paths: that of the first path typed.
pub(super) struct PathForm {
    /// The working folder, which relative paths start from.
    cwd: Option<PathBuf>,
    form: Form,
}

enum Form {
    Absolute,
    /// `./games/a.pat`
    Dotted,
    /// `games/a.pat`
    Plain,
}

impl PathForm {
    pub fn of(typed: &[PathBuf]) -> PathForm {
        let form = match typed.first().and_then(|p| p.components().next()) {
            Some(Component::CurDir) => Form::Dotted,
            Some(Component::Normal(_) | Component::ParentDir) => Form::Plain,
            _ => Form::Absolute,
        };
        PathForm {
            cwd: std::env::current_dir().ok(),
            form,
        }
    }

    /// A path the run found itself (absolute), in the run's form.
    pub fn show(&self, absolute: &Path) -> PathBuf {
        let relative = match (&self.form, &self.cwd) {
            (Form::Absolute, _) | (_, None) => return absolute.to_path_buf(),
            (_, Some(cwd)) => relative(absolute, cwd),
        };
        match self.form {
            Form::Dotted if !relative.starts_with("..") => Path::new(".").join(relative),
            _ => relative,
        }
    }

    /// The `%SRCROOT%` of SARIF: the working folder, as a `file:` URI ending in `/`.
    pub fn sarif_root(&self) -> Option<String> {
        let cwd = self.cwd.as_ref()?;
        let uri = uri(cwd);
        Some(format!("file://{}/", uri.trim_end_matches('/')))
    }

    /// A file (as the run names it) for SARIF: its URI relative to `%SRCROOT%` when inside
    /// it, else its absolute `file:` URI.
    pub fn sarif_location(&self, path: &Path) -> serde_json::Value {
        let absolute = normal(&crate::disk::absolute(path));
        match &self.cwd {
            Some(cwd) if absolute.starts_with(cwd) => {
                let inside = absolute.strip_prefix(cwd).unwrap_or(&absolute);
                serde_json::json!({"uri": uri(inside), "uriBaseId": "%SRCROOT%"})
            }
            _ => serde_json::json!({"uri": format!("file://{}", uri(&absolute))}),
        }
    }
}

/// `path` relative to the folder `from` (both absolute), `..` for the folders above it.
fn relative(path: &Path, from: &Path) -> PathBuf {
    let path = normal(path);
    let path: Vec<Component> = path.components().collect();
    let from: Vec<Component> = from.components().collect();
    let common = path.iter().zip(&from).take_while(|(a, b)| a == b).count();
    let mut out: PathBuf = std::iter::repeat_n(Component::ParentDir, from.len() - common).collect();
    out.extend(&path[common..]);
    out
}

/// An absolute path without `.` and `..` (read as written: a `..` takes away the name before).
pub(super) fn normal(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

/// A URI reference for a path: forward slashes, and spaces, other reserved characters and
/// bytes that are not UTF-8 percent-encoded (a URI names bytes, so the path is exact).
pub(super) fn uri(path: &Path) -> String {
    let mut uri = String::new();
    for byte in super::check::path_bytes(path) {
        if byte == b'\\' {
            uri.push('/');
        } else if byte.is_ascii_alphanumeric() || b"-._~/".contains(&byte) {
            uri.push(byte as char);
        } else {
            uri.push_str(&format!("%{byte:02X}"));
        }
    }
    uri
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_found_take_the_form_typed() {
        let form = |typed: &str| PathForm {
            cwd: Some(PathBuf::from("/w/mod")),
            form: PathForm::of(&[PathBuf::from(typed)]).form,
        };
        let toml = Path::new("/w/mod/retroboard.toml");
        assert_eq!(form(".").show(toml), Path::new("./retroboard.toml"));
        assert_eq!(form("./games").show(toml), Path::new("./retroboard.toml"));
        assert_eq!(form("games").show(toml), Path::new("retroboard.toml"));
        assert_eq!(form("/w/mod").show(toml), toml);
        let above = Path::new("/w/retroboard.toml");
        assert_eq!(form(".").show(above), Path::new("../retroboard.toml"));
        assert_eq!(
            form("games").show(Path::new("/w/mod/games/../x.pat")),
            Path::new("x.pat")
        );
    }
}
