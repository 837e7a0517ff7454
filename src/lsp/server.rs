//! The server loop: one message at a time, in order, on the calling thread (no async
//! runtime: every answer is quick, and a change is analysed before the next message is
//! read). The lifecycle is the protocol's: `initialize` first, `shutdown` then `exit`.

use std::collections::HashMap;
use std::io::{BufReader, Read, Write};

use lsp_server::{ErrorCode, Message, Notification, Request, RequestId, Response};
use lsp_types::{
    CompletionOptions, CompletionParams, DidChangeTextDocumentParams, DidCloseTextDocumentParams,
    DidOpenTextDocumentParams, DocumentSymbolParams, GotoDefinitionParams, HoverParams,
    HoverProviderCapability, InitializeResult, OneOf, Position, PublishDiagnosticsParams,
    ReferenceParams, RenameOptions, RenameParams, ServerCapabilities, ServerInfo,
    TextDocumentIdentifier, TextDocumentPositionParams, TextDocumentSyncCapability,
    TextDocumentSyncKind,
};
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::document::Document;
use super::transport::{Failure, read, write};
use super::{completion, hover, navigation};

/// How a session ended.
#[derive(Debug, PartialEq, Eq)]
pub enum End {
    /// `exit` after `shutdown` (exit code 0).
    Clean,
    /// `exit` without `shutdown`, or the input ended without `exit` (exit code 1).
    Abrupt(&'static str),
}

#[derive(PartialEq, Eq)]
enum State {
    Starting,
    Running,
    ShuttingDown,
}

struct Server<W: Write> {
    out: W,
    state: State,
    docs: HashMap<String, Document>,
}

/// Serves one client until it says `exit` or its input ends. Changes are analysed (and
/// their diagnostics sent) when no more input is waiting, or before a request is
/// answered: a burst of keystrokes is checked once.
pub fn serve<R: Read>(input: &mut BufReader<R>, output: impl Write) -> Result<End, Failure> {
    let mut s = Server {
        out: output,
        state: State::Starting,
        docs: HashMap::new(),
    };
    while let Some(msg) = read(input)? {
        match msg {
            Message::Request(r) => s.request(r)?,
            Message::Notification(n) if n.method == "exit" => {
                return Ok(if s.state == State::ShuttingDown {
                    End::Clean
                } else {
                    End::Abrupt("`exit` came before `shutdown`")
                });
            }
            Message::Notification(n) => s.notification(n)?,
            // The server sends no requests, so a response answers nothing.
            Message::Response(_) => {}
        }
        if input.buffer().is_empty() {
            s.catch_up()?;
        }
    }
    Ok(if s.state == State::ShuttingDown {
        End::Clean
    } else {
        End::Abrupt("the input ended without `shutdown` and `exit`")
    })
}

/// An error answer: its code and message.
type Refusal = (i32, String);

fn params<P: DeserializeOwned>(value: Value) -> Result<P, Refusal> {
    serde_json::from_value(value).map_err(|e| {
        (
            ErrorCode::InvalidParams as i32,
            format!("invalid parameters: {e}"),
        )
    })
}

/// The request could not be carried out (a rename to a reserved word, say).
const REQUEST_FAILED: i32 = -32803;

fn failed(message: String) -> Refusal {
    (REQUEST_FAILED, message)
}

fn capabilities() -> ServerCapabilities {
    ServerCapabilities {
        text_document_sync: Some(TextDocumentSyncCapability::Kind(
            TextDocumentSyncKind::INCREMENTAL,
        )),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        definition_provider: Some(OneOf::Left(true)),
        references_provider: Some(OneOf::Left(true)),
        completion_provider: Some(CompletionOptions::default()),
        rename_provider: Some(OneOf::Right(RenameOptions {
            prepare_provider: Some(true),
            work_done_progress_options: Default::default(),
        })),
        document_symbol_provider: Some(OneOf::Left(true)),
        ..ServerCapabilities::default()
    }
}

impl<W: Write> Server<W> {
    fn send(&mut self, m: impl Into<Message>) -> Result<(), Failure> {
        write(&mut self.out, m)
    }

    /// Analyses every changed file and sends its diagnostics.
    fn catch_up(&mut self) -> Result<(), Failure> {
        let mut changed = Vec::new();
        for (key, doc) in &mut self.docs {
            if doc.analyse() {
                changed.push(key.clone());
            }
        }
        for key in changed {
            self.publish(&key)?;
        }
        Ok(())
    }

    fn request(&mut self, r: Request) -> Result<(), Failure> {
        // Answers are about the text as it is now.
        self.catch_up()?;
        let id = r.id.clone();
        let answer = match (&self.state, r.method.as_str()) {
            (State::Starting, "initialize") => {
                self.state = State::Running;
                Ok(serde_json::to_value(InitializeResult {
                    capabilities: capabilities(),
                    server_info: Some(ServerInfo {
                        name: "ply".to_string(),
                        version: Some(env!("CARGO_PKG_VERSION").to_string()),
                    }),
                })
                .unwrap_or(Value::Null))
            }
            (State::Starting, _) => Err((
                ErrorCode::ServerNotInitialized as i32,
                "the server is not initialized".to_string(),
            )),
            (State::ShuttingDown, _) => Err((
                ErrorCode::InvalidRequest as i32,
                "the server is shutting down".to_string(),
            )),
            (State::Running, "initialize") => Err((
                ErrorCode::InvalidRequest as i32,
                "the server is initialized already".to_string(),
            )),
            (State::Running, "shutdown") => {
                self.state = State::ShuttingDown;
                Ok(Value::Null)
            }
            (State::Running, method) => self.answer(method, r.params),
        };
        self.respond(id, answer)
    }

    fn respond(&mut self, id: RequestId, answer: Result<Value, Refusal>) -> Result<(), Failure> {
        let response = match answer {
            Ok(v) => Response::new_ok(id, v),
            Err((code, message)) => Response::new_err(id, code, message),
        };
        self.send(response)
    }

    /// The document a request is about, and the byte its position points at.
    fn at(&self, p: &TextDocumentPositionParams) -> Option<(&Document, usize)> {
        self.doc(&p.text_document)
            .map(|d| (d, offset(d, p.position)))
    }

    fn doc(&self, id: &TextDocumentIdentifier) -> Option<&Document> {
        self.docs.get(id.uri.as_str())
    }

    /// The answer to a request about a document; `null` for a document not open.
    fn answer(&mut self, method: &str, p: Value) -> Result<Value, Refusal> {
        let json = |v: Result<Value, serde_json::Error>| {
            v.map_err(|e| (ErrorCode::InternalError as i32, e.to_string()))
        };
        match method {
            "textDocument/hover" => {
                let p: HoverParams = params(p)?;
                let h = self
                    .at(&p.text_document_position_params)
                    .and_then(|(d, at)| hover::hover(d, at));
                json(serde_json::to_value(h))
            }
            "textDocument/definition" => {
                let p: GotoDefinitionParams = params(p)?;
                let l = self
                    .at(&p.text_document_position_params)
                    .and_then(|(d, at)| navigation::definition(d, at));
                json(serde_json::to_value(l))
            }
            "textDocument/references" => {
                let p: ReferenceParams = params(p)?;
                let with = p.context.include_declaration;
                let l = self
                    .at(&p.text_document_position)
                    .map(|(d, at)| navigation::references(d, at, with));
                json(serde_json::to_value(l))
            }
            "textDocument/completion" => {
                let p: CompletionParams = params(p)?;
                let c = self
                    .at(&p.text_document_position)
                    .map(|(d, at)| completion::complete(d, at));
                json(serde_json::to_value(c))
            }
            "textDocument/prepareRename" => {
                let p: TextDocumentPositionParams = params(p)?;
                match self.at(&p) {
                    None => Ok(Value::Null),
                    Some((d, at)) => json(serde_json::to_value(
                        navigation::prepare_rename(d, at).map_err(failed)?,
                    )),
                }
            }
            "textDocument/rename" => {
                let p: RenameParams = params(p)?;
                match self.at(&p.text_document_position) {
                    None => Ok(Value::Null),
                    Some((d, at)) => json(serde_json::to_value(
                        navigation::rename(d, at, &p.new_name).map_err(failed)?,
                    )),
                }
            }
            "textDocument/documentSymbol" => {
                let p: DocumentSymbolParams = params(p)?;
                let s = self.doc(&p.text_document).map(navigation::outline);
                json(serde_json::to_value(s))
            }
            other => Err((
                ErrorCode::MethodNotFound as i32,
                format!("unknown method `{other}`"),
            )),
        }
    }

    fn notification(&mut self, n: Notification) -> Result<(), Failure> {
        if self.state != State::Running {
            return Ok(());
        }
        // A notification cannot be answered: one with bad parameters is dropped.
        let uri = match n.method.as_str() {
            "textDocument/didOpen" => {
                let Ok(p) = params::<DidOpenTextDocumentParams>(n.params) else {
                    return Ok(());
                };
                let d = p.text_document;
                let key = d.uri.as_str().to_string();
                self.docs
                    .insert(key.clone(), Document::new(d.uri, d.version, d.text));
                key
            }
            "textDocument/didChange" => {
                let Ok(p) = params::<DidChangeTextDocumentParams>(n.params) else {
                    return Ok(());
                };
                let key = p.text_document.uri.as_str().to_string();
                let Some(doc) = self.docs.get_mut(&key) else {
                    return Ok(());
                };
                doc.change(p.text_document.version, p.content_changes);
                // Analysed and published once no more input waits.
                return Ok(());
            }
            "textDocument/didClose" => {
                let Ok(p) = params::<DidCloseTextDocumentParams>(n.params) else {
                    return Ok(());
                };
                self.docs.remove(p.text_document.uri.as_str());
                let clear = PublishDiagnosticsParams::new(p.text_document.uri, Vec::new(), None);
                return self.send(Notification::new(
                    "textDocument/publishDiagnostics".to_string(),
                    clear,
                ));
            }
            _ => return Ok(()),
        };
        self.publish(&uri)
    }

    fn publish(&mut self, key: &str) -> Result<(), Failure> {
        let Some(doc) = self.docs.get(key) else {
            return Ok(());
        };
        let p =
            PublishDiagnosticsParams::new(doc.uri.clone(), doc.diagnostics(), Some(doc.version));
        self.send(Notification::new(
            "textDocument/publishDiagnostics".to_string(),
            p,
        ))
    }
}

fn offset(doc: &Document, p: Position) -> usize {
    doc.lines.offset(&doc.text, p)
}
