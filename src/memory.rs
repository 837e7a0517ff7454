//! The memory a run may take (`--max-memory`): what the process has allocated so far, as
//! the binary's counting allocator says ([`set_meter`]), checked against a limit before a
//! large table is built and while a search runs; and sizes as people write them (`512M`,
//! `4G`) and read them (`1.3 GiB`).

use std::sync::OnceLock;

/// The limit a command runs under unless told otherwise: 4 GiB. A fixed figure, the same on
/// every machine, so that a run stopped on one machine is stopped on another; far above
/// what any shipped game asks at the depths people count (tens of megabytes), and below
/// the memory of the machines ply is built on, so a board of a million squares on many
/// threads stops with a message instead of being killed.
pub const DEFAULT_LIMIT: u64 = 4 << 30;

/// How the process learns what it has allocated: set once by the binary, whose global
/// allocator counts.
static METER: OnceLock<fn() -> usize> = OnceLock::new();

/// Reads the bytes in use through `meter` from now on (the binary's counting allocator).
/// Only the first call counts.
pub fn set_meter(meter: fn() -> usize) {
    let _ = METER.set(meter);
}

/// The bytes the process has allocated and not freed; 0 where nothing counts them (the
/// library used without the binary, in tests and the Python package: there only the
/// estimates of what is about to be built are checked).
pub fn in_use() -> u64 {
    METER.get().map_or(0, |meter| meter() as u64)
}

/// Something about to be built would take the process past its memory limit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TooMuch {
    /// What was about to be built (`compiling the rules for a 1000 x 1000 board`).
    pub what: String,
    /// The bytes it needs, by estimate.
    pub needed: u64,
    /// The bytes in use before it.
    pub in_use: u64,
    pub limit: u64,
}

impl std::fmt::Display for TooMuch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} needs about {}", self.what, show(self.needed))?;
        if self.in_use > 0 {
            write!(f, " on top of the {} in use", show(self.in_use))?;
        }
        write!(
            f,
            ", past the memory limit of {}: nothing was built",
            show(self.limit)
        )
    }
}

/// Whether `needed` more bytes fit under `limit` (none: no limit) with what is in use;
/// `what` names what needs them, for the message.
pub fn check(
    limit: Option<u64>,
    needed: u64,
    what: impl FnOnce() -> String,
) -> Result<(), TooMuch> {
    let Some(limit) = limit else { return Ok(()) };
    let in_use = in_use();
    if in_use.saturating_add(needed) <= limit {
        return Ok(());
    }
    Err(TooMuch {
        what: what(),
        needed,
        in_use,
        limit,
    })
}

/// What a search says when what is in use has passed `limit` (none: no limit).
pub fn past(limit: Option<u64>) -> Option<String> {
    let limit = limit?;
    let used = in_use();
    (used > limit).then(|| {
        format!(
            "the search went past its memory limit of {}: {} in use",
            show(limit),
            show(used)
        )
    })
}

/// A size as written on the command line: bytes (`1000000`), or a number with a unit of
/// 1024s (`K`, `M`, `G`, `T`, with or without `B` or `iB`: `512M`, `1.5G`, `4GiB`); `none`
/// or `0` for no limit (`None`).
pub fn parse(text: &str) -> Result<Option<u64>, String> {
    let t = text.trim();
    if t.eq_ignore_ascii_case("none") {
        return Ok(None);
    }
    let digits = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(t.len());
    let (number, unit) = t.split_at(digits);
    let not_size = || {
        format!(
            "`{text}` is not a size: write bytes, or a number with K, M, G or T (512M, 4G), or none"
        )
    };
    if number.is_empty() {
        return Err(not_size());
    }
    let shift = match unit.trim().to_ascii_uppercase().as_str() {
        "" | "B" => 0,
        "K" | "KB" | "KIB" => 10,
        "M" | "MB" | "MIB" => 20,
        "G" | "GB" | "GIB" => 30,
        "T" | "TB" | "TIB" => 40,
        _ => {
            return Err(format!(
                "unknown unit `{}`: write bytes, or a number with K, M, G or T (512M, 4G), or none",
                unit.trim()
            ));
        }
    };
    let value: f64 = number.parse().map_err(|_| not_size())?;
    let bytes = value * (1u64 << shift) as f64;
    if !bytes.is_finite() || bytes >= u64::MAX as f64 {
        return Err(format!("`{text}` is larger than any memory"));
    }
    Ok(Some(bytes as u64).filter(|&b| b > 0))
}

/// A number of bytes as people read it: `512 bytes`, `12.0 KiB`, `278 MiB`, `1.3 GiB`.
pub fn show(bytes: u64) -> String {
    const UNITS: [&str; 4] = ["KiB", "MiB", "GiB", "TiB"];
    if bytes < 1024 {
        return format!("{bytes} bytes");
    }
    let mut value = bytes as f64 / 1024.0;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    match value < 100.0 {
        true => format!("{value:.1} {}", UNITS[unit]),
        false => format!("{value:.0} {}", UNITS[unit]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_as_written() {
        assert_eq!(parse("1000"), Ok(Some(1000)));
        assert_eq!(parse("512M"), Ok(Some(512 << 20)));
        assert_eq!(parse("4G"), Ok(Some(4 << 30)));
        assert_eq!(parse("4GiB"), Ok(Some(4 << 30)));
        assert_eq!(parse("1.5g"), Ok(Some(3 << 29)));
        assert_eq!(parse("64 KB"), Ok(Some(64 << 10)));
        assert_eq!(parse("none"), Ok(None));
        assert_eq!(parse("0"), Ok(None));
        assert!(parse("4X").unwrap_err().contains("unknown unit `X`"));
        assert!(parse("4q").unwrap_err().contains("unknown unit `q`"));
        assert_eq!(parse("4 gb"), Ok(Some(4 << 30)));
        assert!(parse("lots").is_err());
        assert!(parse("-1G").unwrap_err().contains("is not a size"));
        assert!(parse("1.2.3G").unwrap_err().contains("is not a size"));
        assert!(parse("1e30T").is_err());
    }

    #[test]
    fn sizes_shown_as_read() {
        assert_eq!(show(512), "512 bytes");
        assert_eq!(show(12 << 10), "12.0 KiB");
        assert_eq!(show(278 << 20), "278 MiB");
        assert_eq!(show(4 << 30), "4.0 GiB");
    }

    #[test]
    fn a_limit_stops_what_would_pass_it() {
        assert_eq!(check(None, u64::MAX, || "all".into()), Ok(()));
        assert_eq!(check(Some(100), 100, || "all".into()), Ok(()));
        let e = check(Some(100), 101, || "a table".into()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "a table needs about 101 bytes, past the memory limit of 100 bytes: nothing was built"
        );
    }
}
