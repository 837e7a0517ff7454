//! An answer to a request: a status, a content type and a body. Errors are JSON objects
//! `{"error": MESSAGE}` (with more fields where they help, such as a rules file's
//! diagnostics).

use serde::Serialize;

use super::folder::Refusal;

#[derive(Debug)]
pub struct Reply {
    pub status: u16,
    pub content_type: &'static str,
    pub body: Vec<u8>,
    /// For 405: the methods the route answers.
    pub allow: Option<&'static str>,
}

pub const JSON: &str = "application/json; charset=utf-8";

impl Reply {
    pub fn new(status: u16, content_type: &'static str, body: impl Into<Vec<u8>>) -> Reply {
        Reply {
            status,
            content_type,
            body: body.into(),
            allow: None,
        }
    }

    /// A value as JSON with status 200.
    pub fn json(value: &impl Serialize) -> Reply {
        Reply::json_status(200, value)
    }

    pub fn json_status(status: u16, value: &impl Serialize) -> Reply {
        match serde_json::to_vec(value) {
            Ok(body) => Reply::new(status, JSON, body),
            Err(e) => Reply::error(500, format!("cannot write the answer as JSON: {e}")),
        }
    }

    /// An error: `{"error": message}`.
    pub fn error(status: u16, message: impl Into<String>) -> Reply {
        let body = serde_json::json!({ "error": message.into() });
        Reply::new(status, JSON, body.to_string())
    }

    /// 405, naming the methods the route answers.
    pub fn method_not_allowed(allow: &'static str) -> Reply {
        Reply {
            allow: Some(allow),
            ..Reply::error(405, format!("this route answers {allow} only"))
        }
    }
}

impl From<Refusal> for Reply {
    fn from(r: Refusal) -> Reply {
        match r {
            Refusal::Forbidden(m) => Reply::error(403, m),
            Refusal::NotFound(m) => Reply::error(404, m),
        }
    }
}
