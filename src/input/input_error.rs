//! A malformed input, located: which case, which line and column, what was expected.

use super::reader::Loc;

#[derive(Debug, Clone, thiserror::Error)]
#[error("case {case}, line {}, column {}: {message}", loc.line, loc.col)]
pub struct InputError {
    /// 1-based case number (0 for the input's header, before the first case).
    pub case: usize,
    pub loc: Loc,
    pub message: String,
}

/// How many characters of a piece of input an error message shows.
const SHOWN: usize = 24;

/// A piece of the input as an error message shows it: between backticks, with control
/// characters and bytes that are not UTF-8 text escaped (`\u{1b}`, `\xff`), so that nothing
/// raw reaches the terminal, and shortened past 24 characters (`` `aaaa…` (100,000 bytes) ``).
pub fn quote(bytes: &[u8]) -> String {
    let mut out = String::from("`");
    let mut shown = 0;
    'chunks: for chunk in bytes.utf8_chunks() {
        for ch in chunk.valid().chars() {
            if shown == SHOWN {
                break 'chunks;
            }
            push_char(&mut out, ch);
            shown += 1;
        }
        for b in chunk.invalid() {
            if shown == SHOWN {
                break 'chunks;
            }
            out.push_str(&format!("\\x{b:02x}"));
            shown += 1;
        }
    }
    let whole = bytes
        .utf8_chunks()
        .map(|c| c.valid().chars().count() + c.invalid().len());
    if whole.sum::<usize>() > shown {
        out.push_str(&format!("…` ({} bytes)", thousands(bytes.len())));
    } else {
        out.push('`');
    }
    out
}

/// One character of the input between backticks, escaped as [`quote`] does.
pub fn quote_char(ch: char) -> String {
    let mut out = String::from("`");
    push_char(&mut out, ch);
    out.push('`');
    if ch == char::REPLACEMENT_CHARACTER {
        out.push_str(" (bytes that are not UTF-8 text)");
    }
    out
}

fn push_char(out: &mut String, ch: char) {
    if ch.is_control() {
        out.push_str(&format!("\\u{{{:x}}}", ch as u32));
    } else {
        out.push(ch);
    }
}

/// `100000` as `100,000`.
fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn input_is_shown_escaped_and_short() {
        assert_eq!(quote(b"abc"), "`abc`");
        assert_eq!(quote(b"a\x1b[31m"), "`a\\u{1b}[31m`");
        assert_eq!(quote(b"\x00x"), "`\\u{0}x`");
        assert_eq!(quote(b"a\xffb"), "`a\\xffb`");
        assert_eq!(quote("é\u{7f}".as_bytes()), "`é\\u{7f}`");
        let long = vec![b'a'; 100_000];
        assert_eq!(
            quote(&long),
            format!("`{}…` (100,000 bytes)", "a".repeat(24))
        );
        assert_eq!(quote(&[b'a'; 24]), format!("`{}`", "a".repeat(24)));
        assert_eq!(quote_char('\u{1b}'), "`\\u{1b}`");
        assert_eq!(thousands(1_234_567), "1,234,567");
    }
}
