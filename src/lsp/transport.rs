//! Messages over a byte stream, as the protocol frames them: `Content-Length: N` headers,
//! a blank line, then N bytes of JSON-RPC. Anything else is malformed input, reported with
//! what was wrong; sizes are bounded, so no input can make the server allocate without end.

use std::io::{BufRead, Read, Write};

use lsp_server::Message;

/// Why the server stopped reading.
#[derive(Debug)]
pub enum Failure {
    /// The input is not the protocol (exit code 4).
    Malformed(String),
    /// Reading or writing failed (exit code 1).
    Io(String),
}

/// The longest header line, and the largest message, accepted.
const MAX_HEADER: u64 = 8 * 1024;
const MAX_MESSAGE: usize = 256 << 20;

fn shown(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    let mut s: String = text.trim_end().chars().take(60).collect();
    if text.trim_end().chars().count() > 60 {
        s.push_str("...");
    }
    format!("{s:?}")
}

/// The next message; `None` at the end of the input between messages.
pub fn read(input: &mut impl BufRead) -> Result<Option<Message>, Failure> {
    let mut length = None;
    let mut first = true;
    loop {
        let mut line = Vec::new();
        input
            .by_ref()
            .take(MAX_HEADER)
            .read_until(b'\n', &mut line)
            .map_err(|e| Failure::Io(format!("reading standard input failed: {e}")))?;
        if line.is_empty() && first {
            return Ok(None);
        }
        first = false;
        if line.is_empty() {
            return Err(Failure::Malformed(
                "the input ended inside a message's headers".to_string(),
            ));
        }
        if !line.ends_with(b"\n") {
            return Err(Failure::Malformed(format!(
                "a header line is longer than {MAX_HEADER} bytes or does not end: {}",
                shown(&line)
            )));
        }
        let text = String::from_utf8_lossy(&line);
        let text = text.trim_end_matches('\n').trim_end_matches('\r');
        if text.is_empty() {
            break;
        }
        let Some((name, value)) = text.split_once(':') else {
            return Err(Failure::Malformed(format!(
                "expected a header such as `Content-Length: 52`, found {}",
                shown(&line)
            )));
        };
        if name.trim().eq_ignore_ascii_case("content-length") {
            let n = value.trim().parse::<usize>().map_err(|_| {
                Failure::Malformed(format!("Content-Length is not a number: {}", shown(&line)))
            })?;
            if n > MAX_MESSAGE {
                return Err(Failure::Malformed(format!(
                    "a message of {n} bytes is larger than the {MAX_MESSAGE} accepted"
                )));
            }
            length = Some(n);
        }
    }
    let Some(length) = length else {
        return Err(Failure::Malformed(
            "a message has no Content-Length header".to_string(),
        ));
    };
    // Read, not allocated ahead: a false length costs only the bytes really sent.
    let mut body = Vec::new();
    input
        .by_ref()
        .take(length as u64)
        .read_to_end(&mut body)
        .map_err(|e| Failure::Io(format!("reading standard input failed: {e}")))?;
    if body.len() < length {
        return Err(Failure::Malformed(format!(
            "the input ended inside a message (Content-Length {length}, {} bytes sent)",
            body.len()
        )));
    }
    serde_json::from_slice(&body).map(Some).map_err(|e| {
        Failure::Malformed(format!(
            "a message is not a JSON-RPC request, notification or response ({e}): {}",
            shown(&body)
        ))
    })
}

pub fn write(output: &mut impl Write, message: impl Into<Message>) -> Result<(), Failure> {
    message
        .into()
        .write(output)
        .map_err(|e| Failure::Io(format!("writing to standard output failed: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_all(bytes: &[u8]) -> Result<Option<Message>, Failure> {
        read(&mut std::io::BufReader::new(bytes))
    }

    #[test]
    fn framing() {
        let body = r#"{"jsonrpc":"2.0","method":"exit"}"#;
        let msg = format!("Content-Length: {}\r\n\r\n{body}", body.len());
        assert!(matches!(
            read_all(msg.as_bytes()),
            Ok(Some(Message::Notification(_)))
        ));
        assert!(matches!(read_all(b""), Ok(None)));
        for bad in [
            &b"hello world\n"[..],
            b"Content-Length: 99999999999999\r\n\r\n",
            b"Content-Length: 10\r\n\r\n{}",
            b"Content-Length: 2\r\n\r\n{}",
            b"Content-Type: x\r\n\r\n",
            b"Content-Length: 5\r\n",
        ] {
            assert!(
                matches!(read_all(bad), Err(Failure::Malformed(_))),
                "{bad:?}"
            );
        }
    }
}
